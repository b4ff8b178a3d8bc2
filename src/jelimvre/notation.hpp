// Jelimvre's action notation (JGN, notation/jgn.md): text <-> Action, and square names.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "jelimvre/types.hpp"

namespace jv::jel {

// "a1" .. "k11"; no_square for anything else (leading zeros, off-board files or ranks).
Square parse_square(std::string_view text);
std::string square_name(Square s);

std::optional<Letter> parse_letter(char c);

struct ActionParse {
    std::optional<Action> action;
    std::string problem;  // why the text is not an action, when it is not
};

// Parses one action of a turn. `timeout` is an action of its own (the whole turn, J13).
ActionParse parse_action(std::string_view text);

// The canonical spelling of an action ("Se2-e4", "W@c5", "xNc4", "timeout").
std::string format_action(Action action);

}  // namespace jv::jel
