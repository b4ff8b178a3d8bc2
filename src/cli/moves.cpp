// jelimvre moves FILE [--at TURN] [--game N] | --position JFEN [--timer]
//                [--count] [--format text|json] [--max-placements N] [--rules FILE] [--set ...]
//
// Every legal turn of the side to move, grouped by kind, one turn per line in canonical JGN.
#include <array>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/exit_status.hpp"
#include "cli/output.hpp"
#include "cli/position_source.hpp"
#include "core/record.hpp"
#include "core/source.hpp"
#include "jelimvre/movegen.hpp"
#include "jelimvre/notation.hpp"
#include "jelimvre/rules.hpp"
#include "jelimvre/turn.hpp"

namespace jv::cli {

namespace {

// The generator lists first turns with at most this many placements (movegen.hpp); a higher
// --max-placements lists no more.
constexpr int generator_placement_limit = 1;

struct MovesOptions {
    PositionOptions source;
    bool count_only = false;
    std::string format = "text";
    int max_placements = 1;
    bool timer = false;
};

enum class Group : std::uint8_t {
    army,
    crossing,
    bonus,
    regeneration,
    walls_placed,
    walls_moved,
    walls_removed,
    water,
    regenerator,
    timeout,
    construction,
};
constexpr std::size_t group_count = 11;

struct GroupInfo {
    const char* key;
    const char* title;
};
constexpr std::array<GroupInfo, group_count> group_info = {{
    {"army-moves", "Army moves (J4.1)"},
    {"crossings", "Crossings (J11.3)"},
    {"bonus", "Army move with bonus placement (J5.3)"},
    {"regeneration", "Regeneration (J5.4, J5.6)"},
    {"walls-placed", "Walls placed (J5.5a)"},
    {"walls-moved", "Walls moved (J5.5b)"},
    {"walls-removed", "Walls removed (J5.5c, J5.8)"},
    {"water", "Water added or removed (J5.7)"},
    {"regenerator", "Regenerator moved or used (J5.9)"},
    {"timeout", "Timeout (J13)"},
    {"first-turn-constructions", "First-turn constructions (J4.2)"},
}};

Group classify(jel::TurnKind kind, std::span<const jel::Action> turn) {
    bool places = false;
    bool crosses = false;
    for (jel::Action a : turn) {
        places = places || a.kind() == jel::ActionKind::place;
        crosses = crosses || a.kind() == jel::ActionKind::cross;
    }
    switch (kind) {
        case jel::TurnKind::first:
            return places ? Group::construction : crosses ? Group::crossing : Group::army;
        case jel::TurnKind::ordinary:
            return places ? Group::bonus : crosses ? Group::crossing : Group::army;
        case jel::TurnKind::regenerate:
            return Group::regeneration;
        case jel::TurnKind::place_walls:
            return Group::walls_placed;
        case jel::TurnKind::move_walls:
            return Group::walls_moved;
        case jel::TurnKind::remove_walls:
            return Group::walls_removed;
        case jel::TurnKind::water:
            return Group::water;
        case jel::TurnKind::regenerator:
            return Group::regenerator;
        case jel::TurnKind::timeout:
            return Group::timeout;
    }
    return Group::army;
}

std::string turn_text(std::span<const jel::Action> turn) {
    std::string out;
    for (jel::Action a : turn) {
        if (!out.empty()) out += ',';
        out += jel::format_action(a);
    }
    return out;
}

// J13.1, J13.2: a Timer tag or Mode "2v2" in game `game` of `text`.
bool record_has_timer(const std::string& text, int game) {
    SourceFile source("record", text);
    RecordReader reader(source);
    GameRecord record;
    int index = 0;
    while (reader.next(record)) {
        if (++index != game) continue;
        return record.find_tag("Timer") != nullptr || record.tag_value("Mode") == "2v2";
    }
    return false;
}

std::string_view side_name(jel::Color c) {
    return c == jel::Color::white ? "White" : "Black";
}

struct Listing {
    std::array<std::vector<std::string>, group_count> turns;
    std::size_t total = 0;
};

Listing list_turns(const jel::Position& position, const jel::TurnContext& context,
                   const jel::Ruleset& rules, int placements) {
    Listing out;
    auto visit = [&](std::span<const jel::Action> turn, const jel::Position&) {
        // The kind of the turn: play it again on a copy (the generator only offers legal turns).
        jel::Position copy = position;
        jel::TurnResult result = jel::play_turn(copy, turn, context, rules);
        out.turns[static_cast<std::size_t>(classify(result.kind, turn))].push_back(turn_text(turn));
        ++out.total;
        return true;
    };
    jel::for_each_legal_turn(position, context, rules, visit, placements);
    return out;
}

std::string plural(std::size_t n, std::string_view word) {
    return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

int run_moves(const MovesOptions& options) {
    // The timer comes from the record's tags; standard input is read here once and handed on.
    bool timer = options.timer;
    std::istringstream saved_input;
    std::streambuf* cin_buffer = nullptr;
    if (!options.source.file.empty()) {
        std::string text;
        std::string error;
        if (load_source(options.source.file, text, error)) {
            timer = timer || record_has_timer(text, options.source.game);
            if (options.source.file == "-") {
                saved_input.str(text);
                cin_buffer = std::cin.rdbuf(saved_input.rdbuf());
            }
        }
    }
    int status = exit_unreadable;
    std::optional<PositionChoice> choice = choose_position(options.source, status);
    if (cin_buffer != nullptr) std::cin.rdbuf(cin_buffer);
    if (!choice) return status;

    const jel::Position& position = choice->position;
    const jel::Ruleset& rules = choice->rules;
    const jel::Color me = position.side_to_move();
    const bool json = options.format == "json";
    jel::TurnContext context;
    context.timer = timer;

    // The end of the game as the referee decides it at the start of this turn (J12.2).
    jel::GameEnd end = choice->end;
    const bool setup = position.turn_number() == 0;
    if (!end.over && !setup && position.king_square(me) != jel::no_square &&
        rules.end_condition == jel::EndCondition::capture_or_encirclement &&
        jel::king_attacked(position, me) && !jel::can_escape(position, context, rules))
        end = jel::GameEnd{true, false, jel::opponent(me), "encirclement"};

    const bool first_turn = position.turn_number() == 1;
    const int listed_placements = std::min(options.max_placements, generator_placement_limit);
    Listing listing;
    if (!setup && !end.over) listing = list_turns(position, context, rules, listed_placements);

    std::vector<std::string> notes;
    if (setup)
        notes.push_back(fmt::format(
            "this is {}'s setup (turn 0, J3): it places its 20 army pieces and its regenerator on "
            "its two home ranks; setups are not listed",
            side_name(me)));
    if (end.over)
        notes.push_back(fmt::format("the game is over ({}, {}): no turn may be played (J12.5)",
                                    result_text(end.result()), end.reason));
    else if (!setup && listing.total == 0)
        notes.push_back(fmt::format(
            "{} has no legal turn: the game ends here (J12.4, a {} under this ruleset)",
            side_name(me), rules.no_legal_turn == jel::NoLegalTurn::draw ? "draw" : "loss"));
    if (first_turn && !setup && !end.over) {
        std::string note = fmt::format(
            "first turn (J4.2): up to 6 placements are allowed; only turns {} are listed, first "
            "turns with more placements exist but are not listed",
            listed_placements == 0
                ? std::string("without placements")
                : "with at most " +
                      plural(static_cast<std::size_t>(listed_placements), "placement"));
        if (options.max_placements > listed_placements)
            note += fmt::format(" (--max-placements {}: the generator lists at most {})",
                                options.max_placements, generator_placement_limit);
        notes.push_back(note);
    }

    if (json) {
        nlohmann::ordered_json out;
        out["position"] = choice->label;
        out["jfen"] = jel::format_position(position, end);
        out["side"] = me == jel::Color::white ? "white" : "black";
        out["turn"] = position.turn_number();
        out["counter"] = position.counter(me);
        out["timer"] = timer;
        out["ruleset"] = rules.name;
        out["game_over"] = end.over ? nlohmann::ordered_json{{"result", result_text(end.result())},
                                                             {"reason", end.reason}}
                                    : nlohmann::ordered_json(nullptr);
        out["first_turn"] = first_turn && !setup
                                ? nlohmann::ordered_json{{"max_placements", options.max_placements},
                                                         {"listed_placements", listed_placements},
                                                         {"complete", false}}
                                : nlohmann::ordered_json(nullptr);
        nlohmann::ordered_json groups = nlohmann::ordered_json::array();
        for (std::size_t g = 0; g < group_count; ++g) {
            nlohmann::ordered_json group;
            group["kind"] = group_info[g].key;
            group["title"] = group_info[g].title;
            group["count"] = listing.turns[g].size();
            if (!options.count_only) group["turns"] = listing.turns[g];
            groups.push_back(std::move(group));
        }
        out["groups"] = std::move(groups);
        out["total"] = listing.total;
        out["notes"] = notes;
        write_out(out.dump(2) + "\n");
        return finish_output() ? exit_ok : exit_unreadable;
    }

    std::string out = fmt::format("position: {}\n", choice->label);
    out += fmt::format("{} to play turn {} (counter {}{}); ruleset {}\n", side_name(me),
                       position.turn_number(), position.counter(me), timer ? ", with a timer" : "",
                       rules.name);
    for (const std::string& note : notes) out += fmt::format("note: {}\n", note);
    for (std::size_t g = 0; g < group_count; ++g) {
        const std::vector<std::string>& turns = listing.turns[g];
        if (turns.empty()) continue;
        if (options.count_only) {
            out += fmt::format("{}: {}\n", group_info[g].title, turns.size());
            continue;
        }
        out += fmt::format("\n{}: {}\n", group_info[g].title, turns.size());
        for (const std::string& t : turns) out += fmt::format("  {}\n", t);
    }
    out += fmt::format("{}total: {}\n", options.count_only ? "" : "\n",
                       plural(listing.total, "legal turn"));
    write_out(out);
    return finish_output() ? exit_ok : exit_unreadable;
}

}  // namespace

Command setup_moves(CLI::App& parent) {
    auto options = std::make_shared<MovesOptions>();
    CLI::App* app = parent.add_subcommand(
        "moves", "List every legal turn of the side to move, grouped by kind, in canonical JGN");
    add_position_options(*app, options->source);
    app->add_flag("--count", options->count_only, "print only the number of turns of each kind");
    app->add_option("--format", options->format, "text (default) or json")
        ->check(CLI::IsMember({"text", "json"}))
        ->type_name("FORMAT");
    app->add_option("--max-placements", options->max_placements,
                    "on a first turn (J4.2), also list the turns with N placements (0 or 1, "
                    "default 1); turns with up to 6 placements exist but are too many to list")
        ->check(CLI::Range(0, 1))
        ->type_name("N");
    app->add_flag("--timer", options->timer,
                  "the game has a timer (J13), so timeouts are legal; for --position (with a "
                  "record, a Timer tag or Mode \"2v2\" says so)");
    app->footer(
        "Exit status: 0 the turns were listed; 1 the record is illegal before that turn; 2 a "
        "record, position or option could not be read.");
    return Command{app, [options] { return run_moves(*options); }};
}

}  // namespace jv::cli
