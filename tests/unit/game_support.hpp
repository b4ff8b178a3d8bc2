// Helpers shared by the unit tests of every game but Jelimvre's own: referee a record of one
// game through the catalog and the game interface, as the commands do, and look at the verdict
// in plain values; find places in a record's text.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"

namespace jv::test {

struct SeenFault {
    std::string rule;
    std::string message;
    std::string action;
    std::string side;
    std::string at;  // "line:column"
    std::optional<std::uint32_t> turn;
    std::vector<std::string> notes;  // "line:column: message", in order
};

struct Judged {
    Verdict verdict = Verdict::legal;
    std::vector<SeenFault> faults;
    std::string result;
    std::string reason;
    std::string position;
    std::string fingerprint;
    std::vector<VerdictDetail> details;  // the game's own facts (Imbriquation's score)

    // The first fault; fails the test when there is none.
    const SeenFault& first() const;
    // "C6.3 at 14:4: ..." or "no fault", for INFO.
    std::string summary() const;
};

// `game`'s standard ruleset changed by `settings` ("option=value"); a bad setting fails the
// test.
Ruleset ruleset_of(const Game& game, std::initializer_list<std::string_view> settings);

// Referees the one game of `text`, a record that the catalog gives to `game`, under `ruleset`.
Judged judge_record(const Game& game, const std::string& text, const Ruleset& ruleset);

// "line:column" (1-based) of byte `at` of `text`, counted here; of the first and of the last
// occurrence of `needle`.
std::string where_at(const std::string& text, std::size_t at);
std::string where(const std::string& text, std::string_view needle);
std::string where_last(const std::string& text, std::string_view needle);

}  // namespace jv::test
