// The rules of single actions: given a position and an action, is it legal, and if not, which
// rule (J-id) does it break and why. Each rule's check lives in one function here; the referee
// (referee.cpp) decides which checks a turn needs.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/rule_fault.hpp"
#include "games/jelimvre/position.hpp"
#include "games/jelimvre/ruleset.hpp"
#include "games/jelimvre/types.hpp"

namespace jv::jel {

// Faults are made by fault() (core/rule_fault.hpp), where a rule can be switched off for the
// rule-switch check (tests/bite/run.sh).
using jv::fault;
using jv::FaultSite;
using jv::quiet_faults;
using jv::QuietFaults;
using jv::rule_switched_off;
using jv::RuleFault;

// An army move (Xsq-sq or Xsqxsq, J6-J9) by the side to move. Its marks, the capture mark
// (J14.2) and a promotion (J7.10), are checked too (marks.hpp).
std::optional<RuleFault> check_army_move(const Position& position, Action action,
                                         const Ruleset& rules);
// The same without its shortcut for the plain moves of most turns: every move through every
// check. Both must always agree (tested); the referee calls check_army_move.
std::optional<RuleFault> check_army_move_in_full(const Position& position, Action action,
                                                 const Ruleset& rules);

// J11.3: one water crossing by the side to move (and its marks, marks.hpp).
std::optional<RuleFault> check_crossing(const Position& position, Action action,
                                        const Ruleset& rules);

// J10.2 and the wall supply (J2.2; a fault of supply names `turn_rule`).
std::optional<RuleFault> check_wall_placement(const Position& position, Square s,
                                              std::string_view turn_rule);
// J11.2: water on an empty square, at most 14 on the board.
std::optional<RuleFault> check_water_placement(const Position& position, Square s);
// J9.3, J9.4: a regeneration onto the own regenerator (which kinds a turn allows is the
// caller's to check).
std::optional<RuleFault> check_regeneration(const Position& position, Action action);
// J5.9, J9.3, J9.4: moving the own regenerator (and its marks, marks.hpp).
std::optional<RuleFault> check_regenerator_move(const Position& position, Action action);
// J5.5b: moving an own wall one step (and its marks, marks.hpp).
std::optional<RuleFault> check_wall_move(const Position& position, Action action);

enum class WallRemoval { position_6, position_10 };
// J10.3, J10.4 (J5.5c) or J5.8. Units and guards are taken from `turn_start`, the remover's
// pieces from `now`.
std::optional<RuleFault> check_wall_removal(const Position& now, const Position& turn_start,
                                            Square s, WallRemoval kind, const Ruleset& rules);
// J10.4: whether the opponent of the wall's owner is kept from removing it.
bool wall_guarded(const Position& position, Square wall, const Ruleset& rules);
std::optional<RuleFault> check_water_removal(const Position& position, Square s);

bool adjacent_to_own_army(const Position& position, Square s, Color me);
// Sliding pieces pass only over empty squares (J6.2): the first square that is not empty strictly
// between `from` and `to`, which must lie on one rank, file or diagonal; no_square when none.
Square first_blocker(const Position& position, Square from, Square to);
// What is on square `s` (holding `cell`) as a whole clause in the message language, said after a
// rule in a message: "e5 is empty", "f10 holds the black regenerator", "g4 holds the white
// soldier, on a black wall".
std::string square_clause(Square s, Cell cell);

// Whether the army move captures something (an enemy piece or the enemy regenerator).
bool move_captures(const Position& position, Action action);

// The names of pieces and sides for messages, in the message language (core/translate.hpp):
// "the white knight", "a knight", "knight", "knights", "White".
// None of them is a machine word.
std::string piece_name(Piece piece);
std::string_view kind_indefinite(PieceKind kind);  // "a knight"
std::string_view kind_name(PieceKind kind);
std::string_view kind_name_plural(PieceKind kind);  // "knights"
std::string_view color_name(Color color);           // "White" / "Black"

}  // namespace jv::jel
