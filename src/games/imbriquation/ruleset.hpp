// Imbriquation's readings of its disputed rules (imbriquation-rulings.md), as one typed struct
// built once from a neutral ruleset, with one table of the options (name, I-id, meaning, values).
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "core/game.hpp"

namespace jv::imb {

enum class OpeningPawns : std::uint8_t { two_each, four_each };
enum class Sandwich : std::uint8_t { adjacent, line };
enum class LongJump : std::uint8_t { one, several };
enum class EarlyEnd : std::uint8_t { player_to_move, either_player };

struct Ruleset {
    std::string name = "standard";
    OpeningPawns opening_pawns = OpeningPawns::two_each;  // I3.2
    Sandwich sandwich = Sandwich::adjacent;               // I4.2
    bool sandwich_in_openings = true;                     // I4.3
    LongJump long_jump = LongJump::one;                   // I6.7
    EarlyEnd early_end = EarlyEnd::player_to_move;        // I8.2

    // The opening placements of each round, both players together (I3.2).
    int openings_per_round() const { return opening_pawns == OpeningPawns::two_each ? 4 : 8; }
};

// The table, in the order the neutral code sees it (Game::options).
std::span<const jv::OptionSpec> option_specs();

// The typed struct of a neutral ruleset (one value index per option, in table order), and back.
Ruleset ruleset_from(const jv::Ruleset& neutral);
jv::Ruleset neutral_of(const Ruleset& rules);

}  // namespace jv::imb
