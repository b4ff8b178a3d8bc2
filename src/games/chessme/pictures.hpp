// Pictures of a ChessMe position: the occupied part of the grid with a margin, far apart groups
// of files or ranks joined by a gap, the last turn marked, and each side's tiles beside it.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "games/chessme/position.hpp"
#include "games/chessme/referee.hpp"

namespace jv::cme {

// Box drawing for a terminal, with ANSI colours when `color`.
std::string draw_unicode(const Position& position, const GameEnd& end,
                         std::span<const Action> last_turn, bool color);

// An SVG 1.1 document with `title` above the board.
std::string draw_svg(const Position& position, const GameEnd& end,
                     std::span<const Action> last_turn, std::string_view title);

// The lines under the text diagram: the last turn (played by the side not to move) and the end.
std::string last_turn_lines(const Position& position, const GameEnd& end,
                            std::span<const Action> last_turn);

}  // namespace jv::cme
