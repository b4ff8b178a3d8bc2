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
#include "game_support.hpp"

namespace jv::test::chessme {

// ChessMe in the command line's catalog.
const Game& game();

using test::Judged;
using test::SeenFault;
using test::where;
using test::where_at;
using test::where_last;

// The standard ruleset changed by `settings` ("option=value"); a bad setting fails the test.
Ruleset ruleset_with(std::initializer_list<std::string_view> settings);

// Referees the one game of `text` (a ChessMe record) under `ruleset`.
Judged judge_under(const std::string& text, const Ruleset& ruleset);
// The same under the standard ruleset changed by `settings`.
Judged judge(const std::string& text, std::initializer_list<std::string_view> settings = {});

// A ChessMe record: the required tags, `tags` (whole lines), then the movetext and the result.
std::string record(std::string_view movetext, std::string_view result = "*",
                   std::string_view tags = "");

}  // namespace jv::test::chessme
