// Legal turns: the attack test (J12.2), every legal turn of a position, and the searches the end
// of the game needs (encirclement J12.2, no legal turn J12.4).
//
// Every turn offered here has been played through play_turn() (turn.cpp) on a copy of the
// position, so the generator accepts exactly what the referee accepts.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <span>
#include <type_traits>

#include "games/jelimvre/position.hpp"
#include "games/jelimvre/ruleset.hpp"
#include "games/jelimvre/turn.hpp"

namespace jv::jel {

// J12.2: whether `king`'s king is attacked, i.e. its opponent, were it to move now, would have an
// army move capturing it. False when that king is not on the board.
bool king_attacked(const Position& position, Color king);

// A callable reference (no allocation): bool(std::span<const Action> turn, const Position& after).
// Returning false stops the enumeration.
class TurnVisitor {
  public:
    // Not for TurnVisitor itself: copies must share the callable, not wrap the copy.
    template <typename F>
    requires(!std::is_same_v<std::remove_cvref_t<F>, TurnVisitor>)
        TurnVisitor(F& f)  // NOLINT: implicit on purpose, like std::function_ref
        : object_(&f), call_([](void* o, std::span<const Action> t, const Position& p) {
              return (*static_cast<F*>(o))(t, p);
          }) {}
    bool operator()(std::span<const Action> turn, const Position& after) const {
        return call_(object_, turn, after);
    }

  private:
    void* object_;
    bool (*call_)(void*, std::span<const Action>, const Position&);
};

// A set of kinds of turn.
class TurnKinds {
  public:
    static constexpr TurnKinds all() { return TurnKinds(0xFFFF); }
    constexpr TurnKinds(std::initializer_list<TurnKind> kinds) {
        for (TurnKind kind : kinds) bits_ |= bit(kind);
    }
    constexpr bool has(TurnKind kind) const { return (bits_ & bit(kind)) != 0; }

  private:
    constexpr explicit TurnKinds(std::uint16_t bits) : bits_(bits) {}
    static constexpr std::uint16_t bit(TurnKind kind) {
        return static_cast<std::uint16_t>(1U << static_cast<unsigned>(kind));
    }
    std::uint16_t bits_ = 0;
};

// The turns an enumeration is asked for. It skips its sections that can give none of them
// (`jelimvre moves` lists one group of turns at a time); the visitor may still see other turns,
// from the sections it runs. Everything by default.
struct TurnSections {
    // Army turns (J4.1, J4.2): a lone army move; crossings (J11.3) without a placement; and the
    // turns with placements, a bonus (J5.3) or a first turn's constructions (J4.2).
    bool army_moves = true;
    bool crossings = true;
    bool placements = true;
    // The strategy turns (J5.4 to J5.9) and timeouts (J13) of these kinds.
    TurnKinds others = TurnKinds::all();
    // For tests: tell a set of actions met again in another order by remembering every set
    // listed (the plain way, memory growing with the turns) instead of searching the set's own
    // orders again (the default). Both list the same turns in the same order.
    bool remember_every_set = false;
};

// Every legal turn of the side to move, each set of actions once (the placements of a turn in
// increasing square order, a bonus placement after the army move unless only the other order is
// legal). Returns false if the visitor stopped it.
//
// A first turn (J4.2) allows up to six placements anywhere on the board; there are far too many
// such turns to list (billions), so for a first turn this enumerates only the army moves and the
// turns of at most `first_turn_placements` placements.
bool for_each_legal_turn(const Position& position, const TurnContext& context, const Ruleset& rules,
                         TurnVisitor visit, int first_turn_placements = 1,
                         TurnSections sections = {});

// How the game ends at the start of the side to move's turn, if it does: encirclement (J12.2,
// under end_condition capture-or-encirclement) or no legal turn at all (J12.4).
enum class TurnStartEnd : std::uint8_t { none, encirclement, no_legal_turn };
TurnStartEnd end_at_turn_start(const Position& position, const TurnContext& context,
                               const Ruleset& rules);

// Whether the side to move has any legal turn at all (J12.4).
bool has_legal_turn(const Position& position, const TurnContext& context, const Ruleset& rules);

// J12.2: whether the side to move, whose king is attacked, has a legal turn after which its king
// is no longer attacked (capturing the enemy king counts). Searches only the turns that can
// change the attack (see notation/rules.md, J12.2); the result is that of the full search.
bool can_escape(const Position& position, const TurnContext& context, const Ruleset& rules);

// The same question answered by trying every legal turn (slow; for tests of can_escape).
bool can_escape_by_full_search(const Position& position, const TurnContext& context,
                               const Ruleset& rules);

}  // namespace jv::jel
