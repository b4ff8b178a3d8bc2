// ChessMe's readings of its disputed rules (chessme-rulings.md), as one typed struct built once
// from a neutral ruleset, with one table of the options (name, C-id, meaning, values).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "core/game.hpp"

namespace jv::cme {

enum class StartKings : std::uint8_t { e1_e6, d1_d6, e1_d6, d1_e6 };
enum class AdjacencyOrigin : std::uint8_t { empty, occupied };
enum class CheckEscape : std::uint8_t { any_move, king_move };
enum class PawnDropOnKingRank : std::uint8_t { allowed, forbidden };
enum class Promotion : std::uint8_t { optional, mandatory };

struct Ruleset {
    std::string name = "standard";
    StartKings start_kings = StartKings::e1_e6;                               // C2.2
    AdjacencyOrigin adjacency_origin = AdjacencyOrigin::empty;                // C5.2
    CheckEscape check_escape = CheckEscape::any_move;                         // C7.4
    PawnDropOnKingRank pawn_drop_on_king_rank = PawnDropOnKingRank::allowed;  // C8.5
    Promotion promotion = Promotion::optional;                                // C9.3
};

// The table, in the order the neutral code sees it (Game::options).
std::span<const jv::OptionSpec> option_specs();

// The typed struct of a neutral ruleset (one value index per option, in table order), and back.
Ruleset ruleset_from(const jv::Ruleset& neutral);
jv::Ruleset neutral_of(const Ruleset& rules);

}  // namespace jv::cme
