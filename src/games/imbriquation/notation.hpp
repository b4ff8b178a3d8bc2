// Imbriquation's actions as written in a record (notation/imbriquation.md): a placement `e4`,
// a tile code `LO`, a step or slide `e2-f2`, a jump or chain `e4xc4xc1`, a removal `xe3`.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "games/imbriquation/types.hpp"

namespace jv::imb {

// Every jump of a chain captures an enemy pawn, and the board holds at most 63 of them besides
// the jumper: no legal chain is longer.
inline constexpr std::size_t max_chain_jumps = 63;

struct Action {
    enum class Type : std::uint8_t { place, tile, move, chain, removal };
    Type type = Type::place;
    Square from = 0;  // place and removal: the square; move and chain: the acting pawn's square
    Square to = 0;    // move: the destination
    Tile tile = Tile::BL;
    std::uint8_t jumps = 0;  // chain: how many landing squares
    std::array<Square, max_chain_jumps> landings{};

    // The square the acting pawn ends on (move, chain).
    Square destination() const { return type == Type::chain ? landings[jumps - 1u] : to; }
    friend bool operator==(const Action& a, const Action& b);
};

// An action text read: the action, or why the text is not one.
struct ActionParse {
    std::optional<Action> action;
    std::string problem;
    // The part of the text the problem is about, as offsets into it ([begin, end)): a square off
    // the board; empty when the problem is about the whole text.
    std::uint32_t fault_begin = 0;
    std::uint32_t fault_end = 0;
};
ActionParse parse_action(std::string_view text);
// The same without the message: whether `text` is an action, read into `out`. The referee reads
// every action of a record this way and asks parse_action for the message only when it fails.
bool read_action(std::string_view text, Action& out);

std::string square_name(Square s);
// Reads "e4"; none when the text is not exactly a square of the board.
std::optional<Square> parse_square(std::string_view text);
std::optional<Tile> parse_tile(std::string_view text);
std::string format_action(const Action& action);

}  // namespace jv::imb
