#include "games/imbriquation/ruleset.hpp"

#include <array>

#include "core/option_table.hpp"
#include "core/translate.hpp"

namespace jv::imb {

namespace {

constexpr std::array<OptionRow<Ruleset>, 5> table = {{
    enum_option<&Ruleset::opening_pawns>(
        "opening_pawns", "I3.2",
        // TRANSLATORS: the descriptions of Imbriquation's ruleset options (jelimvre rules): the
        // options' names and values are not translated.
        N_("the opening placements of each round: two by each player, or four by each"),
        {"two-each", "four-each"}),
    enum_option<&Ruleset::sandwich>(
        "sandwich", "I4.2",
        N_("which enemy pawns forbid a placement between them: the two adjacent ones, or the "
           "nearest ones along the rank or file with only empty squares between"),
        {"adjacent", "line"}),
    bool_option<&Ruleset::sandwich_in_openings, true>(
        "sandwich_in_openings", "I4.3",
        N_("whether the rule of no placement between two enemy pawns applies to opening "
           "placements too"),
        {"true", "false"}),
    enum_option<&Ruleset::long_jump>(
        "long_jump", "I6.7",
        N_("whether one long jump passes over one enemy pawn only, or over several, none of them "
           "neighbours"),
        {"one", "several"}),
    enum_option<&Ruleset::early_end>(
        "early_end", "I8.2",
        N_("who is examined for a square to place on before each turn: the player to move, or "
           "both players"),
        {"player-to-move", "either-player"}),
}};

constexpr std::array<jv::OptionSpec, table.size()> specs = option_specs_of(table);

}  // namespace

std::span<const jv::OptionSpec> option_specs() {
    return specs;
}

Ruleset ruleset_from(const jv::Ruleset& neutral) {
    return typed_ruleset<Ruleset>(table, neutral);
}

jv::Ruleset neutral_of(const Ruleset& rules) {
    return neutral_ruleset_of<Ruleset>(table, rules);
}

}  // namespace jv::imb
