// The rules of single actions: given a position and an action, is it legal, and if not, which
// rule (J-id) does it break and why. Each rule's check lives in one function here; the referee
// (referee.cpp) decides which checks a turn needs.
#pragma once

#include <optional>
#include <string>

#include "jelimvre/position.hpp"
#include "jelimvre/ruleset.hpp"
#include "jelimvre/types.hpp"

namespace jv::jel {

// A broken rule: its J-id and a sentence in plain words with the numbers and squares involved.
struct RuleFault {
    std::string rule;
    std::string message;
};

// An army move (Xsq-sq or Xsqxsq, J6-J9) by the side to move. The capture mark (J14.2) and
// promotion (J7.10) are checked too.
std::optional<RuleFault> check_army_move(const Position& position, Action action,
                                         const Ruleset& rules);

// Whether the army move captures something (an enemy piece or the enemy regenerator).
bool move_captures(const Position& position, Action action);

// Name of a piece for messages: "White's knight".
std::string piece_name(Piece piece);
std::string_view kind_name(PieceKind kind);
std::string_view color_name(Color color);  // "White" / "Black"

}  // namespace jv::jel
