#include "cli/position_source.hpp"

#include <cstdio>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli/exit_status.hpp"
#include "core/record.hpp"
#include "jelimvre/notation.hpp"

namespace jv::cli {

void add_position_options(CLI::App& app, PositionOptions& options) {
    app.add_option("file", options.file, "a JGN record file (- reads standard input)")
        ->type_name("FILE");
    app.add_option("--at", options.at,
                   "the position after this turn: 14 after White's turn 14, 14... after Black's "
                   "(0 and 0... are the setups); default: after the last legal turn")
        ->type_name("TURN");
    app.add_option("--position", options.position, "a position string (notation/jfen.md)")
        ->type_name("JFEN");
    app.add_option("--game", options.game, "which game of the file, counting from 1 (default 1)")
        ->type_name("N")
        ->check(CLI::PositiveNumber);
    add_ruleset_options(app, options.ruleset);
}

namespace {

struct TurnSpec {
    std::uint32_t number = 0;
    bool black = false;
};

std::optional<TurnSpec> parse_turn(const std::string& text) {
    std::string digits = text;
    TurnSpec spec;
    if (digits.size() > 3 && digits.compare(digits.size() - 3, 3, "...") == 0) {
        spec.black = true;
        digits.resize(digits.size() - 3);
    } else if (!digits.empty() && digits.back() == '.') {
        digits.pop_back();
    }
    if (digits.empty() || digits.size() > 6 ||
        digits.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    spec.number = static_cast<std::uint32_t>(std::stoul(digits));
    return spec;
}

}  // namespace

std::optional<PositionChoice> choose_position(const PositionOptions& options, int& exit_status) {
    exit_status = exit_unreadable;
    std::optional<jel::Ruleset> rules =
        build_ruleset(options.ruleset.file, options.ruleset.settings);
    if (!rules) return std::nullopt;
    PositionChoice out;
    out.rules = *rules;
    if (!options.position.empty() == !options.file.empty()) {
        std::fprintf(stderr,
                     "jelimvre: give either a record FILE (with --at) or --position JFEN\n");
        return std::nullopt;
    }
    if (!options.position.empty()) {
        if (!options.at.empty()) {
            std::fprintf(stderr, "jelimvre: --at goes with a record FILE, not with --position\n");
            return std::nullopt;
        }
        jel::PositionParseError error;
        auto parsed = jel::parse_position(options.position, error);
        if (!parsed) {
            SourceFile source("--position", options.position);
            std::fputs(render_diagnostic(source, Diagnostic{Severity::error,
                                                            {error.offset, error.offset + 1},
                                                            "",
                                                            error.message})
                           .c_str(),
                       stderr);
            return std::nullopt;
        }
        out.position = parsed->position;
        out.end = parsed->end;
        out.label = "the position string";
        exit_status = exit_ok;
        return out;
    }
    std::optional<TurnSpec> spec;
    if (!options.at.empty()) {
        spec = parse_turn(options.at);
        if (!spec) {
            std::fprintf(stderr,
                         "jelimvre: --at %s: write a turn as 14 (after White's turn 14) or 14... "
                         "(after Black's)\n",
                         options.at.c_str());
            return std::nullopt;
        }
    }
    std::string text;
    std::string error;
    std::string shown = options.file == "-" ? "<stdin>" : options.file;
    if (!load_source(options.file, text, error)) {
        std::fprintf(stderr, "%s: error: %s\n", shown.c_str(), error.c_str());
        return std::nullopt;
    }
    SourceFile source(shown, std::move(text));
    RecordReader reader(source);
    GameRecord record;
    int index = 0;
    while (reader.next(record))
        if (++index == options.game) break;
    if (index != options.game) {
        std::fprintf(stderr, "%s: error: the file holds %d game%s, not %d\n", shown.c_str(), index,
                     index == 1 ? "" : "s", options.game);
        return std::nullopt;
    }
    jel::JelimvreGame game(*rules);
    bool found = false;
    bool any = false;
    auto observe = [&](const Turn& turn, const jel::Position& after, const jel::GameEnd& end) {
        if (found) return;
        any = true;
        out.position = after;
        out.end = end;
        out.last_turn.clear();
        for (std::uint32_t i = 0; i < turn.action_count; ++i) {
            auto parsed = jel::parse_action(record.action(turn, i).text);
            if (parsed.action) out.last_turn.push_back(*parsed.action);
        }
        // The side that just played: the one not to move now.
        out.last_side = jel::opponent(after.side_to_move());
        std::uint32_t number = after.side_to_move() == jel::Color::white ? after.turn_number() - 1
                                                                         : after.turn_number();
        bool black = out.last_side == jel::Color::black;
        out.label = fmt::format("{}, game {}, after {}{} ({})", shown, options.game, number,
                                black ? "..." : ".", black ? "Black" : "White");
        if (spec && spec->number == number && spec->black == black) found = true;
    };
    GameVerdict verdict;
    bool chose_last = false;
    auto observe_last = [&](const Turn& turn, const jel::Position& after, const jel::GameEnd& end) {
        bool was_found = found;
        observe(turn, after, end);
        chose_last = !was_found;
    };
    game.referee_observed(record, observe_last, verdict);
    // Encirclement and "no legal turn" are decided at the start of the turn after the last one
    // (J12.2, J12.4), after that turn was observed: take them from the verdict.
    std::string_view reason = verdict.outcome.reason;
    if (chose_last && verdict.faults.empty() &&
        (reason == "encirclement" || reason == "no-legal-turn")) {
        out.end.over = true;
        out.end.draw = verdict.outcome.result == ResultKind::draw;
        out.end.winner = verdict.outcome.result == ResultKind::black_wins ? jel::Color::black
                                                                          : jel::Color::white;
        out.end.reason = reason == "encirclement" ? "encirclement" : "no-legal-turn";
    }
    if (verdict.verdict == Verdict::invalid_record) {
        for (const Fault& f : verdict.faults)
            std::fputs(render_diagnostic(source, f.diagnostic).c_str(), stderr);
        return std::nullopt;
    }
    if (spec && !found) {
        if (!verdict.faults.empty()) {
            exit_status = exit_illegal;
            std::fputs(render_diagnostic(source, verdict.faults.front().diagnostic).c_str(),
                       stderr);
            std::fprintf(stderr,
                         "jelimvre: turn %s is not reached by the legal part of the record\n",
                         options.at.c_str());
        } else {
            std::fprintf(stderr, "jelimvre: the record has no turn %s\n", options.at.c_str());
        }
        return std::nullopt;
    }
    if (!any) {
        out.position = jel::Position::before_setup();
        out.label = fmt::format("{}, game {}, before the setup", shown, options.game);
    }
    exit_status = exit_ok;
    return out;
}

}  // namespace jv::cli
