// Jelimvre's action notation (JGN, notation/jgn.md): text <-> Action, and square names.
#pragma once

#include <optional>

#include <fmt/format.h>
#include <string>
#include <string_view>

#include "jelimvre/types.hpp"

namespace jv::jel {

// "a1" .. "k11"; no_square for anything else (leading zeros, off-board files or ranks).
Square parse_square(std::string_view text);
std::string square_name(Square s);

// A square formatted by its name ("e4") only when fmt formats it: cheap to pass to messages
// that may never be written.
struct SquareName {
    Square square;
};

std::optional<Letter> parse_letter(char c);

struct ActionParse {
    std::optional<Action> action;
    std::string problem;  // why the text is not an action, when it is not
};

// Parses one action of a turn. `timeout` is an action of its own (the whole turn, J13).
ActionParse parse_action(std::string_view text);
// The same for the forms nearly every action has (X@sq, Xsq-sq, Xsqxsq, Xsq~sq, with =X): what
// parse_action gives for them, and nothing for any other text. Writes no message, so a replay
// reads most actions without touching a string.
std::optional<Action> parse_common_action(std::string_view text);

// The canonical spelling of an action ("Se2-e4", "W@c5", "xNc4", "timeout").
std::string format_action(Action action);

}  // namespace jv::jel

template <>
struct fmt::formatter<jv::jel::SquareName> : fmt::formatter<std::string_view> {
    template <typename Context>
    auto format(jv::jel::SquareName name, Context& context) const {
        char text[4] = {};
        std::size_t length = 0;
        if (name.square < jv::jel::square_count) {
            text[length++] = static_cast<char>('a' + jv::jel::file_of(name.square));
            int rank = jv::jel::rank_of(name.square) + 1;
            if (rank >= 10) text[length++] = '1';
            text[length++] = static_cast<char>('0' + rank % 10);
        } else {
            text[length++] = '-';
        }
        return fmt::formatter<std::string_view>::format(std::string_view(text, length), context);
    }
};
