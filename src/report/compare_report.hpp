// Two readings of one game (validate --compare): the game replayed under two rulesets, where the
// readings part and which options make them part, as text and JSON. Game-neutral: the options
// come from the game's table.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game.hpp"
#include "core/record.hpp"
#include "core/source.hpp"

namespace jv::report {

struct ReadingComparison {
    GameVerdict first;   // the verdict under the first ruleset
    GameVerdict second;  // under the second
    bool differ = false;
    // Where the readings part: the first fault that only one reading has (or the earlier of
    // two different faults), else the result token when only the outcomes differ.
    SourceRegion where;
    std::optional<std::uint32_t> turn;
    std::string_view side;
    std::string_view action;
    // The options (indexes into the game's table) that, changed alone from the first ruleset
    // to the second, change the verdict; all differing options when no single one does.
    std::vector<std::size_t> responsible;
    bool jointly = false;  // no single option changes the verdict on its own
};

// Replays `record` under `first` and `second`, two rulesets of the record's game.
ReadingComparison compare_readings(const GameRecord& record, const GameRules& first,
                                   const GameRules& second);

struct ComparisonReport {
    const SourceFile& source;
    const GameRecord& record;
    const ReadingComparison& comparison;
    const Game* game;  // the record's game; none when the catalog does not know it
    const Ruleset& first;
    const Ruleset& second;
};

std::string format_comparison_text(const ComparisonReport& report);
nlohmann::ordered_json comparison_to_json(const ComparisonReport& report);

}  // namespace jv::report
