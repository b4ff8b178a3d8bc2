// jelimvre moves FILE [--at TURN] [--game N] | --position STRING [--game NAME] [--timer]
//                [--count] [--format text|json] [--max-placements N] [--rules FILE] [--set ...]
//
// Every legal turn of the side to move, grouped by kind, one turn per line in canonical JGN.
#include <memory>
#include <string>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/exit_status.hpp"
#include "cli/output.hpp"
#include "cli/position_source.hpp"
#include "core/turn_listing.hpp"

namespace jv::cli {

namespace {

struct MovesOptions {
    PositionOptions source;
    bool count_only = false;
    std::string format = "text";
    int max_placements = 1;
};

std::string plural(std::size_t n, std::string_view word) {
    return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

int run_moves(const MovesOptions& options) {
    int status = exit_unreadable;
    std::optional<PositionChoice> choice = choose_position(options.source, status);
    if (!choice) return status;
    ListingRequest request;
    request.max_placements = options.max_placements;
    const TurnListing listing = choice->rules->legal_turns(*choice->position, request);

    if (options.format == "json") {
        nlohmann::ordered_json out;
        out["position"] = choice->label;
        for (const auto& [key, value] : listing.facts.items()) out[key] = value;
        nlohmann::ordered_json groups = nlohmann::ordered_json::array();
        for (const TurnGroup& group : listing.groups) {
            nlohmann::ordered_json entry;
            entry["kind"] = group.key;
            entry["title"] = group.title;
            entry["count"] = group.turns.size();
            if (!options.count_only) entry["turns"] = group.turns;
            groups.push_back(std::move(entry));
        }
        out["groups"] = std::move(groups);
        out["total"] = listing.total;
        out["notes"] = listing.notes;
        write_out(out.dump(2) + "\n");
        return finish_output() ? exit_ok : exit_unreadable;
    }

    std::string out = fmt::format("position: {}\n", choice->label);
    out += fmt::format("{}; ruleset {}\n", listing.to_play, choice->rules->ruleset().name);
    for (const std::string& note : listing.notes) out += fmt::format("note: {}\n", note);
    for (const TurnGroup& group : listing.groups) {
        if (group.turns.empty()) continue;
        if (options.count_only) {
            out += fmt::format("{}: {}\n", group.title, group.turns.size());
            continue;
        }
        out += fmt::format("\n{}: {}\n", group.title, group.turns.size());
        for (const std::string& t : group.turns) out += fmt::format("  {}\n", t);
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
    add_position_options(*app, options->source, true);
    options->source.command = "moves";
    app->add_flag("--count", options->count_only, "print only the number of turns of each kind");
    app->add_option("--format", options->format, "text (default) or json")
        ->check(CLI::IsMember({"text", "json"}))
        ->type_name("FORMAT");
    app->add_option("--max-placements", options->max_placements,
                    "on a first turn (J4.2), also list the turns with N placements (0 or 1, "
                    "default 1); turns with up to 6 placements exist but are too many to list")
        ->check(CLI::Range(0, 1))
        ->type_name("N");
    app->footer(
        "Exit status: 0 the turns were listed; 1 the record is illegal before that turn; 2 a "
        "record, position or option could not be read.");
    return Command{app, [options] { return run_moves(*options); }};
}

}  // namespace jv::cli
