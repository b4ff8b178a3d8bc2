// Pictures of a ChessMe position: the occupied part of the grid with a margin, far apart groups
// of files or ranks joined by a gap that says how many it skips, the last turn or a refused
// action marked, a king in check marked, each side's tiles and a key beside it.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "games/chessme/position.hpp"
#include "games/chessme/referee.hpp"

namespace jv::cme {

// A refused action as the pictures draw it, read on the position its turn started from: its
// squares, and the pieces the rule blames where it has some.
struct FaultDrawing {
    // What the culprits did: block a slide's way (C6.1), attack the king once the move is made
    // (C7.2), give the check that only a king's move may answer (C7.4).
    enum class Blame : std::uint8_t { none, blocks, attacks_after, checks };

    std::string text;              // the action as the record writes it
    std::string rule;              // the rule it breaks, as "C6.1"
    std::optional<Action> action;  // none when the text is not one of ChessMe's actions
    Blame blame = Blame::none;
    std::vector<Square> culprits;  // the pieces blamed, on `position` (the blocker, attackers)
    std::optional<Square> king;    // the king attacked, for attacks_after and checks
};

// Reads the refused `action` (as the record writes it) on `position`, the position its turn
// started from, with the side to move the one that played it, and finds the culprits of `rule`.
FaultDrawing read_fault(const Position& position, std::string_view action, std::string_view rule);

// The squares a fault marks (the action's, the culprits'), for the pictures to draw them.
std::vector<Square> fault_squares(const FaultDrawing& fault);

// Box drawing for a terminal, with ANSI colours when `color`. With `fault`, its marks are drawn
// instead of the last turn's.
std::string draw_unicode(const Position& position, const GameEnd& end,
                         std::span<const Action> last_turn, bool color,
                         const FaultDrawing* fault = nullptr);

// An SVG 1.1 document with `title` above the board, wrapped to the picture's width, and each
// side's tiles and a key beside it.
std::string draw_svg(const Position& position, const GameEnd& end,
                     std::span<const Action> last_turn, std::string_view title,
                     const FaultDrawing* fault = nullptr);

// The lines under the text diagram: the last turn (played by the side not to move), a king in
// check, the refused action and its culprits, and the end.
std::string last_turn_lines(const Position& position, const GameEnd& end,
                            std::span<const Action> last_turn, const FaultDrawing* fault = nullptr);

}  // namespace jv::cme
