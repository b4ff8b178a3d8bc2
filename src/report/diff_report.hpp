// Two score sheets of one game (jelimvre diff): the first turn where they differ, whether each
// sheet's reading of that turn is legal, and the differences of tags and result. Pure functions of
// the two records: no I/O.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/diag.hpp"
#include "core/game.hpp"
#include "core/record.hpp"
#include "core/source.hpp"

namespace jv::report {

class RecordInput;

struct Sheet {
    const SourceFile& source;  // what the record was read from (JGN)
    const GameRecord& record;
    // The input the sheet came from, when places are to be told in it (a YAML or JSON record
    // document); none: they are told in `source`.
    const RecordInput* input = nullptr;
};

// What keeps a sheet from being compared at all: the reader's faults, a game this build does not
// know, a missing turn number, a missing required tag. Empty when the sheet can be compared.
std::vector<Diagnostic> sheet_reading_faults(const GameCatalog& catalog, const GameRecord& record);

// One sheet's reading of the turn where the sheets part.
struct DiffReading {
    bool present = false;    // false: the sheet stops before this turn
    std::string text;        // the actions as written, joined with ','
    std::string canonical;   // each action in canonical form (as written when unparseable)
    SourceRegion region;     // the turn's first action; the result token when not present
    bool at_result = false;  // region is the result token (or the end of the game)
    std::string verdict;     // "legal", "illegal", "unreadable" or "not-judged"
    std::string rule;        // for "illegal"
    std::string message;     // for "illegal" and "unreadable"
};

struct TagDifference {
    std::string name;
    std::optional<std::string> a;  // none: the tag is not in sheet A
    std::optional<std::string> b;
};

struct SheetDiff {
    std::size_t agreed_turns = 0;        // turns (setups included) the sheets read the same
    std::optional<std::size_t> diverge;  // 0-based ply of the first difference
    std::string stops;                   // "B stops after 11..." when one sheet is shorter
    // The replay of the agreed part (sheet A's text of it).
    Verdict common_verdict = Verdict::legal;
    std::optional<Fault> common_fault;  // its first fault, located in sheet A
    std::string position;               // the position the differing turn starts from
    DiffReading a;
    DiffReading b;
    std::vector<TagDifference> tags;
    bool result_differs = false;

    bool identical() const { return !diverge && tags.empty() && !result_differs; }
};

// Compares sheet A with sheet B, two records of the game `rules` is for. Both must be free of
// sheet_reading_faults.
SheetDiff diff_sheets(const Sheet& a, const Sheet& b, const GameRules& rules);

struct DiffReport {
    const Sheet& a;
    const Sheet& b;
    const SheetDiff& diff;
    const Game& game;
};

std::string format_diff_text(const DiffReport& report);
nlohmann::ordered_json diff_to_json(const DiffReport& report);

}  // namespace jv::report
