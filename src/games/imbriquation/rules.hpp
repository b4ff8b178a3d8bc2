// Imbriquation's rules (imbriquation-rulings.md): where a pawn may be placed (I4), what each tile
// lets a pawn do (I5, I6), the territories and the score (I7), and when no placement is left
// (I8.2). Each check returns the fault it finds, naming the rule that I10 names, or nothing.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "core/game.hpp"
#include "core/rule_fault.hpp"
#include "games/imbriquation/notation.hpp"
#include "games/imbriquation/position.hpp"
#include "games/imbriquation/ruleset.hpp"

namespace jv::imb {

// ---------------------------------------------------------------------------------------------
// Placement (I4)

// The empty squares where `mover` may place (I4.1 to I4.3), for an opening placement or a tile
// turn.
Squares placement_squares(const Position& position, Color mover, bool opening,
                          const Ruleset& rules);
// The placement that starts the side to move's turn: I4.1 (onto a pawn), I4.2 (between two
// enemy pawns, where I4.3 applies it).
std::optional<RuleFault> check_placement(const Position& position, Square square,
                                         const Ruleset& rules);

// ---------------------------------------------------------------------------------------------
// Actions (I5, I6)

// One jump (I6.5 to I6.8) of `mover`'s pawn on `from` to `landing` under a jump tile: the enemy
// pawns it captures, or why it is not a jump of that tile.
struct JumpCheck {
    Squares captured = 0;
    std::string problem;  // empty: the jump is allowed
};
JumpCheck check_jump(const Position& position, Color mover, Square from, Square landing, Tile tile,
                     const Ruleset& rules);

// Whether `mover`'s pawn on `pawn` can perform the tile's action (I5.4).
bool can_act(const Position& position, Color mover, Square pawn, Tile tile, const Ruleset& rules);
// The own pawns that I5.1 lets act after a placement on `placed`: that pawn alone in rounds 1
// to 3, any own pawn in rounds 4 and 5.
Squares allowed_actors(const Position& after_placement, Square placed);
// Whether some allowed pawn can perform the action (I5.2, I5.3); the blank tile always can.
bool action_possible(const Position& after_placement, Square placed, Tile tile,
                     const Ruleset& rules);

// A move or a chain written after a placement on `placed` under `tile` (I5.1, I6.1 to I6.9).
// When a jump of a chain is at fault, `faulty_jump` (if given) receives its index, so that the
// report can point at that jump.
std::optional<RuleFault> check_action(const Position& after_placement, Square placed, Tile tile,
                                      const Action& action, const Ruleset& rules,
                                      std::size_t* faulty_jump = nullptr);
// A removal written after a placement on `placed` (I6.9, I5.2, I5.3).
std::optional<RuleFault> check_removal(const Position& after_placement, Square placed, Tile tile,
                                       const Action& removal, const Ruleset& rules);
// The fault of a tile turn whose action is missing (I5.2 when it was possible, I5.3 when not);
// none under the blank tile.
std::optional<RuleFault> missing_action_fault(const Position& after_placement, Square placed,
                                              Tile tile, const Ruleset& rules);
// Applies a move, a chain (its captures, I6.10) or a removal the rules accept.
void apply_action(Position& position, const Action& action, const Ruleset& rules);

// Every legal action after a placement on `placed` under a tile that is not blank: each move of
// each allowed pawn, each chain (every stopping point, I6.10). Calls f(action) for each.
void for_each_action(const Position& after_placement, Square placed, Tile tile,
                     const Ruleset& rules, const std::function<void(const Action&)>& f);

// ---------------------------------------------------------------------------------------------
// Territory and the end (I7, I8)

struct Score {
    std::array<int, 2> territory{};  // by Color
    std::array<int, 2> pawns{};
};
Score score_of(const Position& position);
// The result the score gives (I7.5).
ResultKind scored_result(const Score& score);
// The score in words, in the order of I7.5: when `scored` (the game ended by I8), who wins and
// on which criterion, the deciding one first ("Dark wins on pawns 22–20, territory 0–0"), or the
// draw; otherwise the score so far, without a winner.
std::string score_words(const Score& score, bool scored);
// The territory squares of each colour (for pictures).
std::array<Squares, 2> territories(const Position& position);

// Whether `player` would have a legal square for the placement of turn `ply` (I8.2).
bool can_place_at_turn(const Position& position, Color player, std::uint32_t ply,
                       const Ruleset& rules);

}  // namespace jv::imb
