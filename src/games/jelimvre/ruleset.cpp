#include "games/jelimvre/ruleset.hpp"

#include "core/option_table.hpp"
#include "core/translate.hpp"

namespace jv::jel {

namespace {

// The descriptions are marked with N_: whoever shows one translates it (tr). Names and values are
// machine words, never translated.
constexpr std::array<OptionInfo, 11> table = {{
    enum_option<&Ruleset::counter_on_timeout>(
        "counter_on_timeout", "J5.1",
        // TRANSLATORS: the description of the rules option counter_on_timeout, whose values are
        // hold and advance: the name and the values are not translated
        N_("what a timeout turn does to the player's counter"), {"hold", "advance"}),
    enum_option<&Ruleset::bonus_anchor>(
        "bonus_anchor", "J5.3",
        // TRANSLATORS: the description of the rules option bonus_anchor, whose values are army and
        // any-own: the name and the values are not translated
        N_("which own pieces a bonus wall or water must touch: army pieces, or also own walls and "
           "regenerator"),
        {"army", "any-own"}),
    bool_option<&Ruleset::tower_guards_position_10, true>(
        "tower_guards_position_10", "J5.8",
        // TRANSLATORS: the description of the rules option tower_guards_position_10, whose values
        // are true and false: the name and the values are not translated
        N_("whether a tower's guard also protects a wall from the position-10 removal"),
        {"true", "false"}),
    bool_option<&Ruleset::regenerated_soldier_double_step, false>(
        "regenerated_soldier_double_step", "J7.2",
        // TRANSLATORS: the description of the rules option regenerated_soldier_double_step, whose
        // values are false and true: the name and the values are not translated
        N_("whether a regenerated soldier may make the two-square first step"), {"false", "true"}),
    enum_option<&Ruleset::wall_walk>(
        "wall_walk", "J7.5",
        // TRANSLATORS: the description of the rules option wall_walk, whose values are line and
        // unit: the name and the values are not translated
        N_("how a soldier walks on its own wall: in straight lines, or anywhere in the unit"),
        {"line", "unit"}),
    bool_option<&Ruleset::wall_leap_may_move, false>(
        "wall_leap_may_move", "J7.7",
        // TRANSLATORS: the description of the rules option wall_leap_may_move, whose values are
        // false and true: the name and the values are not translated
        N_("whether the leap from a wall may also land on an empty square without capturing"),
        {"false", "true"}),
    enum_option<&Ruleset::knight_vs_dragon>(
        "knight_vs_dragon", "J8.4",
        // TRANSLATORS: the description of the rules option knight_vs_dragon, whose values are
        // unrestricted and cannot-capture: the name and the values are not translated
        N_("whether a knight may capture the dragon"), {"unrestricted", "cannot-capture"}),
    bool_option<&Ruleset::stand_on_own_regenerator, true>(
        "stand_on_own_regenerator", "J9.2",
        // TRANSLATORS: the description of the rules option stand_on_own_regenerator, whose values
        // are true and false: the name and the values are not translated
        N_("whether an army piece may stop on its own unoccupied regenerator"), {"true", "false"}),
    enum_option<&Ruleset::tower_guard>(
        "tower_guard", "J10.4",
        // TRANSLATORS: the description of the rules option tower_guard, whose values are unit and
        // contiguous: the name and the values are not translated
        N_("what a tower guards: the whole wall unit, or only the wall squares next to it and "
           "their "
           "neighbours"),
        {"unit", "contiguous"}),
    enum_option<&Ruleset::end_condition>(
        "end_condition", "J12.2",
        // TRANSLATORS: the description of the rules option end_condition, whose values are
        // capture-or-encirclement and capture-only: the name and the values are not translated
        N_("whether encirclement ends the game, or only a king capture"),
        {"capture-or-encirclement", "capture-only"}),
    enum_option<&Ruleset::no_legal_turn>(
        "no_legal_turn", "J12.4",
        // TRANSLATORS: the description of the rules option no_legal_turn, whose values are draw
        // and loss: the name and the values are not translated
        N_("the result when a player who is not encircled has no legal turn"), {"draw", "loss"}),
}};

}  // namespace

std::span<const OptionInfo> option_table() {
    return table;
}

namespace {

constexpr std::array<jv::OptionSpec, table.size()> specs = jv::option_specs_of(table);

}  // namespace

std::span<const jv::OptionSpec> option_specs() {
    return specs;
}

Ruleset ruleset_from(const jv::Ruleset& neutral) {
    return jv::typed_ruleset(option_table(), neutral);
}

jv::Ruleset neutral_ruleset(const Ruleset& rules) {
    return jv::neutral_ruleset_of(option_table(), rules);
}

}  // namespace jv::jel
