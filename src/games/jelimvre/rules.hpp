// The rules of single actions: given a position and an action, is it legal, and if not, which
// rule (J-id) does it break and why. Each rule's check lives in one function here; the referee
// (referee.cpp) decides which checks a turn needs.
#pragma once

#include <optional>
#include <source_location>
#include <string>
#include <string_view>
#include <type_traits>

#include "games/jelimvre/position.hpp"
#include "games/jelimvre/ruleset.hpp"
#include "games/jelimvre/types.hpp"

namespace jv::jel {

// While a QuietFaults lives on this thread, rule checks still name the rule of a fault but leave
// its message empty: the legal-turn generator and the end-of-game searches try many actions that
// fail and only need to know that they do. Formatting those messages was most of their cost.
extern thread_local bool quiet_faults;

class QuietFaults {
  public:
    QuietFaults() : previous_(quiet_faults) { quiet_faults = true; }
    ~QuietFaults() { quiet_faults = previous_; }
    QuietFaults(const QuietFaults&) = delete;
    QuietFaults& operator=(const QuietFaults&) = delete;

  private:
    bool previous_;
};

// A broken rule: its J-id and a sentence in plain words with the numbers and squares involved.
struct RuleFault {
    std::string rule;
    std::string message;
};

// Every fault of the referee is made by fault(), the one place where a build with the CMake
// option JELIMVRE_RULE_SWITCHES can switch a rule off (tests/bite/run.sh proves that the tests
// notice each rule's absence). A switched-off rule makes no fault, and its check passes: the
// switch lives where the optional is formed because every caller already reads an empty one as
// "legal", so no call site needs to know about switches. Without the option the test is a
// constant and the compiler removes it.
//
// The variable names a rule ("J7.1": all its faults) or one place in the sources that makes a
// fault ("rules.cpp:352"), to find the faults that no test makes.
#ifdef JELIMVRE_RULE_SWITCHES
using FaultSite = std::source_location;
// Whether JELIMVRE_DISABLE_RULE names `rule` or `site`.
bool rule_switched_off(std::string_view rule, FaultSite site = FaultSite::current());
#else
struct FaultSite {
    static constexpr FaultSite current() { return {}; }
};
constexpr bool rule_switched_off(std::string_view, FaultSite = FaultSite::current()) {
    return false;
}
#endif

inline std::optional<RuleFault> fault(std::string_view rule, std::string message,
                                      FaultSite site = FaultSite::current()) {
    if (rule_switched_off(rule, site)) return std::nullopt;
    return RuleFault{std::string(rule), std::move(message)};
}

// A fault whose message is written only when someone will read it (see QuietFaults).
template <typename MakeMessage>
requires std::is_invocable_r_v<std::string, MakeMessage> std::optional<RuleFault> fault(
    std::string_view rule, MakeMessage&& make_message, FaultSite site = FaultSite::current()) {
    if (rule_switched_off(rule, site)) return std::nullopt;
    if (quiet_faults) return RuleFault{std::string(rule), {}};
    return RuleFault{std::string(rule), make_message()};
}

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
std::string describe_square(const Position& position, Square s);

// Whether the army move captures something (an enemy piece or the enemy regenerator).
bool move_captures(const Position& position, Action action);

// Name of a piece for messages: "White's knight".
std::string piece_name(Piece piece);
std::string_view kind_name(PieceKind kind);
std::string_view color_name(Color color);  // "White" / "Black"

}  // namespace jv::jel
