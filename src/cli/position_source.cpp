#include "cli/position_source.hpp"

#include <cctype>
#include <cstdio>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli/encoding_option.hpp"
#include "cli/exit_status.hpp"
#include "cli/games.hpp"
#include "cli/input_format.hpp"
#include "cli/terminal.hpp"
#include "core/record.hpp"
#include "core/translate.hpp"

namespace jv::cli {

void add_position_options(CLI::App& app, PositionOptions& options, bool with_timer) {
    app.add_option("file", options.file,
                   tr("a record file: JGN, or a YAML or JSON record document (- reads standard "
                      "input)"))
        ->type_name("FILE");
    app.add_option("--at", options.at,
                   // TRANSLATORS: 14, 14..., 0 and 0... are values of --at as written: keep them.
                   tr("the position after this turn: 14 after White's turn 14, 14... after "
                      "Black's (0 and 0... are the setups); default: after the last legal turn"))
        ->type_name("TURN");
    app.add_option("--position", options.position,
                   // TRANSLATORS: notation/jfen.md is a file's name: keep it.
                   tr("a position string (notation/jfen.md)"))
        ->type_name("STRING");
    app.add_option("--game", options.game,
                   // TRANSLATORS: FILE is the record file's name in the help, --position an
                   // option and jelimvre a game's name: keep them.
                   tr("with FILE, which game of the file, counting from 1 (default 1); with "
                      "--position, which game the string is of (default jelimvre)"))
        ->type_name("N|NAME");
    if (with_timer)
        app.add_flag("--timer", options.timer,
                     // TRANSLATORS: J13 is a rule's id, --position an option, Timer and Mode
                     // "2v2" tags as a record writes them: keep them.
                     tr("the game has a timer (J13), so timeouts are legal; for --position (with "
                        "a record, a Timer tag or Mode \"2v2\" says so)"));
    add_ruleset_options(app, options.ruleset);
    add_encoding_option(app, options.encoding);
    add_from_option(app, options.from);
}

std::optional<TurnId> parse_turn(const std::string& text) {
    std::string digits = text;
    TurnId id;
    if (digits.size() > 3 && digits.compare(digits.size() - 3, 3, "...") == 0) {
        id.second_player = true;
        digits.resize(digits.size() - 3);
    } else if (!digits.empty() && digits.back() == '.') {
        digits.pop_back();
    }
    if (digits.empty() || digits.size() > 6 ||
        digits.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    id.number = static_cast<std::uint32_t>(std::stoul(digits));
    return id;
}

namespace {

bool is_number(const std::string& text) {
    return !text.empty() && text.size() <= 9 &&
           text.find_first_not_of("0123456789") == std::string::npos;
}

std::optional<PositionChoice> from_string(const PositionOptions& options,
                                          const RulesetChoice& rules) {
    if (!options.at.empty()) {
        print_command_error(
            // TRANSLATORS: --at and --position are options, FILE the record
            // file's name in the help.
            tr("--at goes with a record FILE, not with --position"));
        return std::nullopt;
    }
    if (is_number(options.game)) {
        print_command_error(
            // TRANSLATORS: {0} is the value given to --game, {1} the name of the
            // game in force;
            // --game and --position are options.
            trf("--game {}: with --position, --game names the game of the string ({})",
                options.game, rules.game->name()));
        return std::nullopt;
    }
    // --timer stands for a record's Timer tag: the game decides what it means.
    std::vector<Tag> tags;
    if (options.timer) tags.push_back(Tag{"Timer", "30", {}, {}});
    std::uint32_t offset = 0;
    std::string error;
    PositionChoice out;
    out.position = rules.game->parse_position(options.position, tags, offset, error);
    if (!out.position) {
        SourceFile source("--position", options.position);
        std::fputs(
            render_diagnostic(source, Diagnostic{Severity::error, {offset, offset + 1}, "", error},
                              stderr_style())
                .c_str(),
            stderr);
        return std::nullopt;
    }
    out.rules = rules.game->make_rules(rules.ruleset);
    // TRANSLATORS: where the position comes from, shown after "position: ".
    out.label = tr("the position string");
    return out;
}

}  // namespace

std::optional<PositionChoice> choose_position(const PositionOptions& options, int& exit_status) {
    exit_status = exit_unreadable;
    if (!options.position.empty() == !options.file.empty()) {
        print_command_error(
            // TRANSLATORS: --at and --position are options, FILE and STRING their
            // values as the help shows them: keep them.
            tr("give either a record FILE (with --at) or --position STRING"));
        return std::nullopt;
    }
    if (options.timer && !options.file.empty()) {
        print_command_error(
            // TRANSLATORS: --timer and --position are options, Timer and Mode
            // "2v2" tags as a record writes them: keep them.
            tr("--timer goes with --position; a record's own tags say whether it has a "
               "timer (a Timer tag, or Mode \"2v2\")"));
        return std::nullopt;
    }
    // With a FILE, the record names its game; --game is then the number of the game.
    const Game* named = nullptr;
    if (!options.position.empty() && !is_number(options.game)) {
        std::optional<const Game*> game = choose_game(options.game);
        if (!game) return std::nullopt;
        named = *game;
    }
    std::optional<RulesetChoice> rules =
        build_ruleset(options.ruleset.file, options.ruleset.settings, named);
    if (!rules) return std::nullopt;
    if (!options.position.empty()) {
        std::optional<PositionChoice> out = from_string(options, *rules);
        if (out) exit_status = exit_ok;
        return out;
    }

    if (!options.game.empty() && (!is_number(options.game) || std::stoul(options.game) == 0)) {
        print_command_error(
            // TRANSLATORS: {} is the value given to --game; FILE is the record
            // file's name in the help, Game a tag's name: keep them.
            trf("--game {}: with a record FILE, --game is the number of a game of the "
                "file, counting from 1 (the record's Game tag names its game)",
                options.game));
        return std::nullopt;
    }
    const std::size_t wanted = options.game.empty() ? 1 : std::stoul(options.game);
    std::optional<TurnId> at;
    if (!options.at.empty()) {
        at = parse_turn(options.at);
        if (!at) {
            print_command_error(
                // TRANSLATORS: {} is the value given to --at; 14 and 14... are
                // values as written: keep them.
                trf("--at {}: write a turn as 14 (after White's turn 14) or 14... (after "
                    "Black's)",
                    options.at));
            return std::nullopt;
        }
    }
    std::string shown = options.file == "-" ? "<stdin>" : options.file;
    const std::unique_ptr<report::RecordInput> input = load_record_input(
        options.file, options.from, chosen_encoding(options.encoding), options.command);
    if (!input) return std::nullopt;
    const SourceFile& source = input->jgn();
    RecordReader reader(source);
    GameRecord record;
    std::size_t index = 0;
    while (reader.next(record))
        if (++index == wanted) break;
    if (index != wanted) {
        // TRANSLATORS: {0} is how many games the file holds, {1} the game asked for.
        print_error(shown, trn("the file holds {} game, not {}", "the file holds {} games, not {}",
                               index, index, wanted));
        return std::nullopt;
    }
    const Referees referees = referees_for(*rules);
    const Game* game = referees.catalog().game_of(record);

    PositionChoice out;
    bool found = false;
    std::size_t observed = 0;  // the legal turns: the faulty one is the next
    auto observe = [&](const ObservedTurn& turn) {
        ++observed;
        if (found) return;
        out.position = turn.after.clone();
        const Player player = game->players()[turn.id.player];
        // TRANSLATORS: where a position comes from: {0} is the file, {1} the game's number in
        // it, {2} the turn as a record writes it ("14." or "14..."), {3} the player ("White").
        out.label =
            trf("{}, game {}, after {} ({})", shown, wanted, turn.id.label(), player_name(player));
        if (at && at->number == turn.id.number && at->second_player == turn.id.second_player)
            found = true;
    };
    const TurnObserver observer = observe;
    GameVerdict verdict;
    referees.referee(record, RefereeRequest{}, verdict, &observer);
    if (verdict.verdict == Verdict::invalid_record) {
        for (const Fault& f : verdict.faults)
            std::fputs(input->render(f.diagnostic, stderr_style()).c_str(), stderr);
        if (!input->is_document())
            if (auto not_utf8 = not_utf8_file(source, verdict.faults, options.command))
                std::fputs(not_utf8_file_line(source, *not_utf8).c_str(), stderr);
        return std::nullopt;
    }
    // --at the faulty turn: the position it started from, with the refused action drawn.
    const Fault* first_fault = verdict.faults.empty() ? nullptr : &verdict.faults.front();
    const std::optional<TurnId> faulty_turn_asked = [&]() -> std::optional<TurnId> {
        if (!at || found || !options.faulty_turn_drawn || first_fault == nullptr ||
            !first_fault->turn || observed >= record.turns.size())
            return std::nullopt;
        const TurnId faulty = game->turn_id(record, observed);
        if (faulty.number != at->number || faulty.second_player != at->second_player)
            return std::nullopt;
        return faulty;
    }();
    if (faulty_turn_asked) {
        const TurnId faulty = *faulty_turn_asked;
        std::fputs(input->render(first_fault->diagnostic, stderr_style()).c_str(), stderr);
        out.rules =
            game->make_rules(game == rules->game ? rules->ruleset : game->standard_ruleset());
        if (observed == 0) out.position = out.rules->initial_position(record);
        out.label =
            // TRANSLATORS: where a position comes from: {0} is the file, {1} the game's number in
            // it, {2} the turn as a record writes it ("14." or "14..."), {3} the player ("White"),
            // {4} the rule id the turn breaks ("J7.1").
            trf("{}, game {}, before {} ({}), refused by {}", shown, wanted, faulty.label(),
                player_name(game->players()[faulty.player]), first_fault->diagnostic.rule);
        out.fault_action = std::string(first_fault->action);
        out.fault_rule = first_fault->diagnostic.rule;
        exit_status = exit_illegal;
        return out;
    }
    if (at && !found) {
        if (!verdict.faults.empty()) {
            exit_status = exit_illegal;
            std::fputs(input->render(verdict.faults.front().diagnostic, stderr_style()).c_str(),
                       stderr);
            print_command_error(
                // TRANSLATORS: {} is a turn as --at takes it ("14" or "14...").
                trf("turn {} is not reached by the legal part of the record", options.at));
        } else {
            print_command_error(
                // TRANSLATORS: {} is a turn as --at takes it ("14" or "14...").
                trf("the record has no turn {}", options.at));
        }
        return std::nullopt;
    }
    if (!at && verdict.verdict == Verdict::illegal && !verdict.faults.empty()) {
        // The position is drawn all the same: the one the faulty turn started from, the last
        // that the rules reached. Said on standard error, so that it is not taken for the end.
        const Fault& first = verdict.faults.front();
        std::fputs(input->render(first.diagnostic, stderr_style()).c_str(), stderr);
        std::string message;
        if (!first.turn) {
            message =
                tr("the record goes on illegally; the position shown is the last legal one, before "
                   "that turn");
        } else if (first.side.empty()) {
            message =
                // TRANSLATORS: {} is the number of the turn that breaks a rule.
                trf("the record goes on illegally from turn {}; the position shown is the last "
                    "legal one, before that turn",
                    *first.turn);
        } else {
            std::string side(first.side);
            side[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(side[0])));
            message =
                // TRANSLATORS: {0} is the number of the turn that breaks a rule, {1} the side that
                // played it ("White").
                trf("the record goes on illegally from turn {} ({}); the position shown is the "
                    "last legal one, before that turn",
                    *first.turn, side);
        }
        print_command_error(message);
        if (first.turn) {
            out.fault_action = std::string(first.action);
            out.fault_rule = first.diagnostic.rule;
        }
    }
    out.rules = game->make_rules(game == rules->game ? rules->ruleset : game->standard_ruleset());
    if (!out.position) {
        out.position = out.rules->initial_position(record);
        // TRANSLATORS: where a position comes from: {0} is the file, {1} the game's number in
        // it, {2} the game's name for its first position ("the initial position").
        out.label = trf("{}, game {}, {}", shown, wanted, game->initial_position_name());
    }
    exit_status = exit_ok;
    return out;
}

}  // namespace jv::cli
