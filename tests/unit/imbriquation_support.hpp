// Helpers shared by the Imbriquation unit tests: referee an Imbriquation record through the
// catalog and the game interface, as the commands do, and look at the verdict; and build the
// legal turns that bring a record to a later round.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "game_support.hpp"
#include "games/imbriquation/position.hpp"
#include "games/imbriquation/ruleset.hpp"

namespace jv::test::imbriquation {

// Imbriquation in the command line's catalog.
const Game& game();

using test::SeenFault;
using test::where;
using test::where_at;
using test::where_last;

// A verdict, with its score detail at hand.
struct Judged : test::Judged {
    std::string score_json;  // the verdict's "score" detail
    std::string score_text;
};

// The standard ruleset changed by `settings` ("option=value"); a bad setting fails the test.
Ruleset ruleset_with(std::initializer_list<std::string_view> settings);

// Referees the one game of `text` (an Imbriquation record) under `ruleset`.
Judged judge_under(const std::string& text, const Ruleset& ruleset);
// The same under the standard ruleset changed by `settings`.
Judged judge(const std::string& text, std::initializer_list<std::string_view> settings = {});

// An Imbriquation record: the required tags with `tiles1` as Tiles1, `tags` (whole lines), then
// the movetext and the result.
std::string record(std::string_view tiles1, std::string_view movetext,
                   std::string_view result = "*", std::string_view tags = "");

// The score detail's JSON for the given counts.
std::string score_json(int light_territory, int light_pawns, int dark_territory, int dark_pawns);

// Legal turns played by a simple rule, to bring a record to a later round: at each turn the
// legal turn that `better` prefers (the first in square order among equals), written with turn
// numbers and tile codes, one turn a line.
struct Filler {
    std::string movetext;
    imb::Position position;  // after the last turn
    bool over = false;       // the game ended before `plies` turns (I8.1, I8.2)
};
// `better(a, b)`: whether the position after a turn, a, is preferred to b. The default keeps the
// fewest pawns on the board. Stops early when the game ends.
Filler fill(const imb::Position& start, std::uint32_t plies, const imb::Ruleset& rules = {},
            const std::function<bool(const imb::Position&, const imb::Position&)>& better = {});
// The start of a record with these tile lines (codes separated by spaces) and first player.
imb::Position start(std::string_view tiles1, std::string_view tiles4 = "",
                    imb::Color first = imb::Color::light, const imb::Ruleset& rules = {});

// A game played by the filler so that each turn leaves the next player the fewest squares to
// place on (then keeps the most pawns): the board fills until a player has none (I8.2). The
// record's result is the scored one; `next_turn` is a turn "N. a1" numbered as the next would be.
struct Blocked {
    std::string text;
    std::string next_turn;
    imb::Position end;  // where the game ended
};
Blocked blocking_game(std::string_view tiles1, std::string_view tiles4, const imb::Ruleset& rules);

}  // namespace jv::test::imbriquation
