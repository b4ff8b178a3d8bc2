#include "game_support.hpp"

#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "core/ruleset.hpp"
#include "core/source.hpp"
#include "support.hpp"

namespace jv::test {

const SeenFault& Judged::first() const {
    REQUIRE_FALSE(faults.empty());
    return faults.front();
}

std::string Judged::summary() const {
    if (faults.empty()) return "no fault";
    return faults.front().rule + " at " + faults.front().at + ": " + faults.front().message;
}

Ruleset ruleset_of(const Game& game, std::initializer_list<std::string_view> settings) {
    Ruleset ruleset = game.standard_ruleset();
    for (std::string_view setting : settings) {
        const std::optional<std::string> problem = apply_setting(game, ruleset, setting);
        INFO(problem.value_or(""));
        REQUIRE_FALSE(problem);
    }
    return ruleset;
}

Judged judge_record(const Game& game, const std::string& text, const Ruleset& ruleset) {
    SourceFile source("record.jgn", text);
    const std::vector<GameRecord> records = read_all(source);
    REQUIRE(records.size() == 1);
    REQUIRE(catalog().game_of(records.front()) == &game);
    const std::unique_ptr<GameRules> rules = game.make_rules(ruleset);
    GameVerdict verdict;
    rules->referee(records.front(), RefereeRequest{}, verdict);
    CHECK(verdict.game == game.name());
    Judged out;
    out.verdict = verdict.verdict;
    for (const Fault& fault : verdict.faults) {
        const LineColumn lc = source.line_column(fault.diagnostic.region.begin);
        SeenFault seen{fault.diagnostic.rule,
                       fault.diagnostic.message,
                       std::string(fault.action),
                       std::string(fault.side),
                       fmt::format("{}:{}", lc.line, lc.column),
                       fault.turn,
                       {}};
        for (const DiagnosticNote& note : fault.diagnostic.notes) {
            const LineColumn at = source.line_column(note.region.begin);
            seen.notes.push_back(fmt::format("{}:{}: {}", at.line, at.column, note.message));
        }
        out.faults.push_back(std::move(seen));
    }
    out.result = std::string(result_text(verdict.outcome.result));
    out.reason = std::string(verdict.outcome.reason);
    out.position = verdict.position;
    out.fingerprint = verdict.ruleset_fingerprint;
    out.details = verdict.details;
    return out;
}

std::string where_at(const std::string& text, std::size_t at) {
    REQUIRE(at != std::string::npos);
    std::size_t line = 1;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < at; ++i)
        if (text[i] == '\n') {
            ++line;
            line_start = i + 1;
        }
    return fmt::format("{}:{}", line, at - line_start + 1);
}

std::string where(const std::string& text, std::string_view needle) {
    return where_at(text, text.find(needle));
}

std::string where_last(const std::string& text, std::string_view needle) {
    return where_at(text, text.rfind(needle));
}

}  // namespace jv::test
