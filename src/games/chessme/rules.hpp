// ChessMe's rules of single actions (chessme-rulings.md): is a move or a placement legal, and if
// not, which rule (C-id, chosen as C12 says) does it break and why; check, and the legal moves
// of a position, which are finite on the unbounded grid because a move that captures nothing
// must end next to a piece (C5.2).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rule_fault.hpp"
#include "games/chessme/position.hpp"
#include "games/chessme/ruleset.hpp"
#include "games/chessme/types.hpp"

namespace jv::cme {

using jv::fault;
using jv::QuietFaults;
using jv::rule_switched_off;
using jv::RuleFault;

// Whether a piece of `kind` and `color` on `from` reaches `to` by its pattern (C6), capturing
// or not as `captures` says, its path clear: the quick yes of check_move, which asks for the
// reason (pattern_fault) only when this says no. Answered from tables of each kind's steps.
bool fits_pattern(const Position& position, Color color, Kind kind, Square from, Square to,
                  bool captures);
// The first piece strictly between `from` and `to`, which must lie on one rank, file or diagonal
// (C6.1: a slide passes only over empty squares); none when the way is clear.
const Piece* first_between(const Position& position, Square from, Square to);
// Whether `piece` could capture on `target` by its pattern (C6; C5.3: no adjacency needed):
// what "attacked" means for check (C7.1).
bool attacks(const Position& position, const Piece& piece, Square target);
// Whether the king of `c` is in check (C7.1). False when it has no king.
bool in_check(const Position& position, Color c);

// Whether the side to move's king is safe once its `move` is made (C7.2): the attack test on the
// king's square after the move, the plain answer.
bool leaves_king_safe_by_attack_test(const Position& position, const Action& move);
// The same answer, told whether that king is in check now, which spares the attack test for
// most moves (tests/unit/chessme_fast_paths_test.cpp compares the two).
bool leaves_king_safe(const Position& position, const Action& move, bool in_check_now);

// Whether the turn `by` has just played (`move`, then `placement` when given) put the other
// side's king in check, asked on the position after the turn, for a king that was not in check
// before it (its own turn left it safe, C7.2). Only the piece moved, the piece placed, and a
// line opened through the square the mover left can attack it, so this is cheaper than
// in_check, which it answers as (tests/unit/chessme_fast_paths_test.cpp).
bool turn_gives_check(const Position& after, const Action& move, const Action* placement, Color by);

// A move by the side to move, judged as C12 orders its checks: C5.1, the pattern (C6.x),
// C11.2 for the capture mark, C5.2, C9.2/C9.3, C7.4, and C7.2 on the position it leaves.
// `side_in_check`, when the caller knows it, is whether the side to move is in check: most moves
// are then judged safe for the king without an attack test (C7.2).
std::optional<RuleFault> check_move(const Position& position, const Action& move,
                                    const Ruleset& rules,
                                    std::optional<bool> side_in_check = std::nullopt);
// A placement by the side to move on `position`, the position its move left: C3.4, C8.1,
// C8.4, C8.2, C8.3, C8.5. `move`, when given, is that move: a pawn it took away from the
// placement's anchor square makes the fault C8.4 (C13.9).
std::optional<RuleFault> check_placement(const Position& position, const Action& placement,
                                         const Ruleset& rules, const Action* move = nullptr);

// Every legal move of the side to move (promotions included), in a fixed order.
std::vector<Action> legal_moves(const Position& position, const Ruleset& rules);
// Whether the side to move has a legal move at all. Answered by shortcuts where they are sure
// (an unpinned piece's step, a king step, the ways out of a check), else by the search.
bool has_legal_move(const Position& position, const Ruleset& rules);
// The same question answered by listing moves until one is found: the plain version that the
// shortcuts are tested against.
bool has_legal_move_by_search(const Position& position, const Ruleset& rules);
// Every legal placement of the side to move on `position` (a move already made), one per kind
// and square.
std::vector<Action> legal_placements(const Position& position, const Ruleset& rules);

// How the game stands at the start of the side to move's turn (C10.1, C10.2).
enum class TurnStartEnd : std::uint8_t { none, checkmate, stalemate };
TurnStartEnd end_at_turn_start(const Position& position, const Ruleset& rules);

// Names for messages and pictures, in the language of the messages (core/translate.hpp):
// "knight", "the white knight", "White", "a knight", "no knight" (as in "White has no knight in
// hand"). Never machine words: JSON and notation do not use them.
std::string_view kind_name(Kind kind);
std::string_view kinds_name(Kind kind);  // "knights": a kind of the hand, in the plural
std::string_view color_name(Color color);
std::string piece_name(const Piece& piece);
std::string_view kind_indefinite(Kind kind);  // "a knight"
std::string_view no_kind(Kind kind);

}  // namespace jv::cme
