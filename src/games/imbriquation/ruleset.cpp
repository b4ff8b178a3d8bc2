#include "games/imbriquation/ruleset.hpp"

#include <array>
#include <string_view>

#include "core/translate.hpp"

namespace jv::imb {

namespace {

constexpr std::array<std::string_view, 2> opening_pawns_values = {"two-each", "four-each"};
constexpr std::array<std::string_view, 2> sandwich_values = {"adjacent", "line"};
constexpr std::array<std::string_view, 2> sandwich_in_openings_values = {"true", "false"};
constexpr std::array<std::string_view, 2> long_jump_values = {"one", "several"};
constexpr std::array<std::string_view, 2> early_end_values = {"player-to-move", "either-player"};

constexpr std::array<jv::OptionSpec, 5> specs = {{
    {"opening_pawns", "I3.2",
     // TRANSLATORS: the descriptions of Imbriquation's ruleset options (jelimvre rules): the
     // options' names and values are not translated.
     N_("the opening placements of each round: two by each player, or four by each"),
     opening_pawns_values},
    {"sandwich", "I4.2",
     N_("which enemy pawns forbid a placement between them: the two adjacent ones, or the "
        "nearest ones along the rank or file with only empty squares between"),
     sandwich_values},
    {"sandwich_in_openings", "I4.3",
     N_("whether the rule of no placement between two enemy pawns applies to opening placements "
        "too"),
     sandwich_in_openings_values},
    {"long_jump", "I6.7",
     N_("whether one long jump passes over one enemy pawn only, or over several, none of them "
        "neighbours"),
     long_jump_values},
    {"early_end", "I8.2",
     N_("who is examined for a square to place on before each turn: the player to move, or "
        "both players"),
     early_end_values},
}};

}  // namespace

std::span<const jv::OptionSpec> option_specs() {
    return specs;
}

Ruleset ruleset_from(const jv::Ruleset& neutral) {
    Ruleset rules;
    rules.name = neutral.name;
    auto value = [&](std::size_t i) { return i < neutral.values.size() ? neutral.values[i] : 0; };
    rules.opening_pawns = static_cast<OpeningPawns>(value(0));
    rules.sandwich = static_cast<Sandwich>(value(1));
    rules.sandwich_in_openings = value(2) == 0;
    rules.long_jump = static_cast<LongJump>(value(3));
    rules.early_end = static_cast<EarlyEnd>(value(4));
    return rules;
}

jv::Ruleset neutral_of(const Ruleset& rules) {
    jv::Ruleset neutral;
    neutral.name = rules.name;
    neutral.values = {
        static_cast<std::uint8_t>(rules.opening_pawns), static_cast<std::uint8_t>(rules.sandwich),
        static_cast<std::uint8_t>(rules.sandwich_in_openings ? 0 : 1),
        static_cast<std::uint8_t>(rules.long_jump), static_cast<std::uint8_t>(rules.early_end)};
    return neutral;
}

}  // namespace jv::imb
