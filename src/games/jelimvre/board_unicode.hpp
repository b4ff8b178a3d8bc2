// A Jelimvre position as a box-drawn diagram for a terminal (jelimvre show --format unicode).
// A pure function of the position: no I/O, no look at the terminal or the environment.
#pragma once

#include <span>
#include <string>

#include "games/jelimvre/position.hpp"
#include "games/jelimvre/referee.hpp"

namespace jv::jel::board_unicode {

struct Options {
    bool color = false;  // ANSI colours (terrain backgrounds, last turn highlighted)
};

// The board in a box-drawing grid with files a-k and ranks 1-11 around it, a legend, then both
// counters, lost pools and supplies, the side to move, the last turn (`last_turn`, played by
// `last_side`; may be empty) and the end of the game if it is over. Without colour the text is
// still complete: every terrain has its own characters, and the squares the last turn left are
// dotted and those it reached are marked.
std::string render(const jel::Position& position, const jel::GameEnd& end,
                   std::span<const jel::Action> last_turn, jel::Color last_side,
                   const Options& options);

}  // namespace jv::jel::board_unicode
