// Imbriquation's position string (notation/imbriquation.md) and its text diagram.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "games/imbriquation/position.hpp"
#include "games/imbriquation/referee.hpp"

namespace jv::imb {

// The canonical position string:
//   <rank8>/…/<rank1>|ply=0|next=L|round=1|phase=opening|left=SO,…|openings=4|tiles1=SO,…|
//   tiles4=?|over=-
std::string format_position(const Position& position, const GameEnd& end);

struct ParsedPosition {
    Position position;
    GameEnd end;
};
struct PositionParseError {
    std::uint32_t offset = 0;  // 0-based byte offset into the string
    std::string message;
};
// Reads a position string; refuses anything the writer would not write, and any string whose
// fields disagree (a ply that is not the round and phase given, a `left` that is not the end of
// the round's line, an `over` that the board does not give).
std::optional<ParsedPosition> parse_position(std::string_view text, PositionParseError& error);

// The key line under the board of draw_position, in the message language, without its
// indentation: the Unicode picture replaces that line with its own.
const char* key_words();
// The board, rank 8 at the top, then the tile line of the round, the score and who places next.
std::string draw_position(const Position& position, const GameEnd& end);
// The words for the next turn: "Light to place turn 3 (round 1, tile turn 1 of 9, draws SO)".
std::string next_turn_words(const Position& position, const GameEnd& end);

}  // namespace jv::imb
