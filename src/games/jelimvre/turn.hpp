// One turn after the setup: which kind it is (J4, J5, J13), whether each of its actions is
// legal, and its effect on the position and the counter.
//
// The referee and the legal-turn generator both go through play_turn(), so what the generator
// offers and what the referee accepts cannot disagree.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "games/jelimvre/position.hpp"
#include "games/jelimvre/rules.hpp"
#include "games/jelimvre/ruleset.hpp"

namespace jv::jel {

enum class TurnKind : std::uint8_t {
    first,         // J4.2 opening construction and/or one army move
    ordinary,      // J4.1 one army move, with a bonus placement at counter 2-3 (J5.3)
    regenerate,    // J5.4 or J5.6
    place_walls,   // J5.5a
    move_walls,    // J5.5b
    remove_walls,  // J5.5c, or J5.8 for a single wall
    water,         // J5.7
    regenerator,   // J5.9
    timeout,       // J13
};

struct TurnContext {
    bool timer = false;  // a Timer tag or Mode "2v2" (J13.1, J13.2)
};

struct TurnResult {
    std::optional<RuleFault> fault;
    std::uint32_t fault_action = 0;  // index of the faulty action within the turn
    TurnKind kind = TurnKind::ordinary;
    bool game_over = false;  // a king was captured or lost at a timeout (J12.1, J13.1)
    Color winner = Color::white;
};

// Checks and plays one turn of the side to move. On success the turn is applied and ended
// (counter set, side passed). On a fault the position is left as it was before the turn (the
// game-over flags of the result still tell a king capture made before the fault).
TurnResult play_turn(Position& position, std::span<const Action> actions,
                     const TurnContext& context, const Ruleset& rules);

}  // namespace jv::jel
