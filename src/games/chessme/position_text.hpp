// ChessMe's position string (notation/chessme.md) and its text diagram.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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
// ranks are joined by a gap that says how many it skips, "~5"), the squares of `marked` drawn
// too, then the key, each side's hand, pile and captured pool and the side to move.
std::string draw_position(const Position& position, std::span<const Square> marked = {});

// For the pictures: the files (`files`) or ranks drawn, in increasing order: those of the
// pieces and of `marked`, with one on each side.
std::vector<std::int64_t> drawn_lines(const Position& position, std::span<const Square> marked,
                                      bool files);
// The name of a file ("dxx") and of a rank ("'1") alone.
std::string file_label(std::int64_t x);
std::string rank_label(std::int64_t y);
// How many files or ranks lie between two drawn ones (`lines` in either order): 0 when they are
// neighbours, else the gap's count.
std::int64_t skipped(const std::vector<std::int64_t>& lines, std::size_t i);
// "~5", the mark of a gap of 5 in the text pictures.
std::string gap_mark(std::int64_t count);
// The key's lines on the gaps of the drawn `files` and `ranks` (either order), each after
// `indent`: "~5: 5 files skipped (d to h)". Empty without gaps.
std::string gap_key_lines(const std::vector<std::int64_t>& files,
                          const std::vector<std::int64_t>& ranks, std::string_view indent);

}  // namespace jv::cme
