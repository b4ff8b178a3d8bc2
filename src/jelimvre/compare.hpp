// Replaying one game under two readings of the rules (two rulesets), to show an arbiter where
// the readings part and which options make them part.
#pragma once

#include <optional>
#include <vector>

#include "core/game.hpp"
#include "core/record.hpp"
#include "jelimvre/ruleset.hpp"

namespace jv::jel {

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
    // The options that, changed alone from the first ruleset to the second, change the verdict;
    // all differing options when no single one does.
    std::vector<const OptionInfo*> responsible;
    bool jointly = false;  // no single option changes the verdict on its own
};

ReadingComparison compare_readings(const GameRecord& record, const Ruleset& first,
                                   const Ruleset& second);

}  // namespace jv::jel
