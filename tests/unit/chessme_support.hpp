// Helpers shared by the ChessMe unit tests: referee a ChessMe record through the catalog and the
// game interface, as the commands do, and look at the verdict.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"

namespace jv::test::chessme {

// ChessMe in the command line's catalog.
const Game& game();

struct SeenFault {
    std::string rule;
    std::string message;
    std::string action;
    std::string side;
    std::string at;  // "line:column"
    std::optional<std::uint32_t> turn;
};

struct Judged {
    Verdict verdict = Verdict::legal;
    std::vector<SeenFault> faults;
    std::string result;
    std::string reason;
    std::string position;
    std::string fingerprint;

    // The first fault; fails the test when there is none.
    const SeenFault& first() const;
    // "C6.3 at 14:4: ..." or "no fault", for INFO.
    std::string summary() const;
};

// The standard ruleset changed by `settings` ("option=value"); a bad setting fails the test.
Ruleset ruleset_with(std::initializer_list<std::string_view> settings);

// Referees the one game of `text` (a ChessMe record) under `ruleset`.
Judged judge_under(const std::string& text, const Ruleset& ruleset);
// The same under the standard ruleset changed by `settings`.
Judged judge(const std::string& text, std::initializer_list<std::string_view> settings = {});

// "line:column" (1-based) of byte `at` of `text`, counted here; of the first and of the last
// occurrence of `needle`.
std::string where_at(const std::string& text, std::size_t at);
std::string where(const std::string& text, std::string_view needle);
std::string where_last(const std::string& text, std::string_view needle);

// A ChessMe record: the required tags, `tags` (whole lines), then the movetext and the result.
std::string record(std::string_view movetext, std::string_view result = "*",
                   std::string_view tags = "");

}  // namespace jv::test::chessme
