// ChessMe's position string (notation/chessme.md) and its text diagram.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "games/chessme/position.hpp"
#include "games/chessme/referee.hpp"

namespace jv::cme {

// The canonical position string:
//   <squares>|side=w|turn=1|hand=w:BNP,b:???|pile=w8,b8|next=w:QRPNBRPP,b:?|captured=w:,b:|over=-
std::string format_position(const Position& position, const GameEnd& end);
// The same string written into `out` (its memory reused: a verdict's string from game to game).
void write_position(std::string& out, const Position& position, const GameEnd& end);
// The same string written plainly, through std::string's appends: the version format_position
// is tested against.
std::string format_position_plain(const Position& position, const GameEnd& end);

struct ParsedPosition {
    Position position;
    GameEnd end;
};
struct PositionParseError {
    std::uint32_t offset = 0;  // 0-based byte offset into the string
    std::string message;
};
// Reads a position string; refuses anything the writer would not write, and any string whose
// fields disagree (a side without a king, more tiles of a kind than a side owns, counts of the
// hand and the pile that no game reaches).
std::optional<ParsedPosition> parse_position(std::string_view text, PositionParseError& error);

// The occupied part of the grid with a margin of one square (far apart groups of files or
// ranks are joined by a gap), then each side's hand, pile and captured pool and the side to
// move.
std::string draw_position(const Position& position);

}  // namespace jv::cme
