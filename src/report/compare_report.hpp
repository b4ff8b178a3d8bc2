// Two readings of one game (validate --compare) as text and JSON.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "core/record.hpp"
#include "core/source.hpp"
#include "jelimvre/compare.hpp"

namespace jv::report {

struct ComparisonReport {
    const SourceFile& source;
    const GameRecord& record;
    const jel::ReadingComparison& comparison;
    const jel::Ruleset& first;
    const jel::Ruleset& second;
};

std::string format_comparison_text(const ComparisonReport& report);
nlohmann::ordered_json comparison_to_json(const ComparisonReport& report);

}  // namespace jv::report
