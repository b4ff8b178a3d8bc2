// The readings of the disputed rules (rulings.md), as one typed struct built once.
//
// Each option has exactly one row in option_table(): its name, the J-id it belongs to, its
// values (the first is the default) and a one-line description. Everything that lists, parses or
// prints options goes through that table, so names, values and documentation cannot drift apart.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/game.hpp"
#include "core/option_table.hpp"

namespace jv::jel {

enum class CounterOnTimeout : std::uint8_t { hold, advance };
enum class BonusAnchor : std::uint8_t { army, any_own };
enum class WallWalk : std::uint8_t { line, unit };
enum class KnightVsDragon : std::uint8_t { unrestricted, cannot_capture };
enum class TowerGuard : std::uint8_t { unit, contiguous };
enum class EndCondition : std::uint8_t { capture_or_encirclement, capture_only };
enum class NoLegalTurn : std::uint8_t { draw, loss };

struct Ruleset {
    std::string name = "standard";
    CounterOnTimeout counter_on_timeout = CounterOnTimeout::hold;        // J5.1
    BonusAnchor bonus_anchor = BonusAnchor::army;                        // J5.3
    bool tower_guards_position_10 = true;                                // J5.8
    bool regenerated_soldier_double_step = false;                        // J7.2
    WallWalk wall_walk = WallWalk::line;                                 // J7.5
    bool wall_leap_may_move = false;                                     // J7.7
    KnightVsDragon knight_vs_dragon = KnightVsDragon::unrestricted;      // J8.4
    bool stand_on_own_regenerator = true;                                // J9.2
    TowerGuard tower_guard = TowerGuard::unit;                           // J10.4
    EndCondition end_condition = EndCondition::capture_or_encirclement;  // J12.2
    NoLegalTurn no_legal_turn = NoLegalTurn::draw;                       // J12.4
};

// One option of the table (core/option_table.hpp): name, J-id, meaning, values as spelled in
// rulings.md (value 0 the default), and the field of Ruleset it sets.
using OptionInfo = jv::OptionRow<Ruleset>;

std::span<const OptionInfo> option_table();
// The same table as the neutral code reads it (Game::options), in the same order.
std::span<const jv::OptionSpec> option_specs();

// The typed struct of a neutral ruleset (one value index per option, in table order), built
// once per ruleset; and back.
Ruleset ruleset_from(const jv::Ruleset& neutral);
jv::Ruleset neutral_ruleset(const Ruleset& rules);

}  // namespace jv::jel
