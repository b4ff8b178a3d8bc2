// Jelimvre's action notation (JGN, notation/jgn.md): text <-> Action, and square names.
#pragma once

#include <optional>
#include <span>

#include <fmt/format.h>
#include <string>
#include <string_view>

#include "games/jelimvre/types.hpp"

namespace jv::jel {

// "a1" .. "k11"; no_square for anything else (leading zeros, off-board files or ranks).
Square parse_square(std::string_view text);
std::string square_name(Square s);
// Appends square_name(s) to `out`, for texts built piece by piece.
void append_square_name(std::string& out, Square s);

// The one writer of square names: "e4", "k11", or "-" for no square, into `out` (room for 3
// characters); returns the length. square_name, append_square_name and SquareName use it.
inline std::size_t write_square_name(char* out, Square s) {
    if (s >= square_count) {
        out[0] = '-';
        return 1;
    }
    std::size_t length = 0;
    out[length++] = static_cast<char>('a' + file_of(s));
    const int rank = rank_of(s) + 1;
    if (rank >= 10) out[length++] = '1';
    out[length++] = static_cast<char>('0' + rank % 10);
    return length;
}

// A square formatted by its name ("e4") only when fmt formats it: cheap to pass to messages
// that may never be written.
struct SquareName {
    Square square;
};

std::optional<Letter> parse_letter(char c);

struct ActionParse {
    std::optional<Action> action;
    std::string problem;  // why the text is not an action, when it is not
    // The part of the text the problem is about, as offsets into it ([begin, end)); empty when it
    // is about the whole text.
    std::uint32_t fault_begin = 0;
    std::uint32_t fault_end = 0;
};

// Parses one action of a turn. `timeout` is an action of its own (the whole turn, J13).
ActionParse parse_action(std::string_view text);
// The same for the forms nearly every action has (X@sq, Xsq-sq, Xsqxsq, Xsq~sq, with =X): what
// parse_action gives for them, and Action{} for any other text (no action of these forms is
// Action{}: its letter is never none). Writes no message, so a replay reads most actions
// without touching a string. A plain Action comes back in a register, where an optional is
// stored in two parts and read back whole, which stalls the processor on every action.
Action read_common_action(std::string_view text);
inline std::optional<Action> parse_common_action(std::string_view text) {
    const Action action = read_common_action(text);
    return action != Action{} ? std::optional<Action>(action) : std::nullopt;
}

// The canonical spelling of an action ("Se2-e4", "W@c5", "xNc4", "timeout").
std::string format_action(Action action);
// The canonical spelling of a turn: its actions joined by ',' ("Sd2-d4,W@e5").
std::string format_turn(std::span<const Action> turn);
// The same, written at the end of `out`: a listing reuses one buffer for all its turns.
void append_turn(std::string& out, std::span<const Action> turn);

}  // namespace jv::jel

template <>
struct fmt::formatter<jv::jel::SquareName> : fmt::formatter<std::string_view> {
    template <typename Context>
    auto format(jv::jel::SquareName name, Context& context) const {
        char text[3];
        const std::size_t length = jv::jel::write_square_name(text, name.square);
        return fmt::formatter<std::string_view>::format(std::string_view(text, length), context);
    }
};
