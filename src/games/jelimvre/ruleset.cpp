#include "games/jelimvre/ruleset.hpp"

#include "core/translate.hpp"

namespace jv::jel {

namespace {

// Options stored as bool use values {"true", "false"} or {"false", "true"} depending on which is
// the default; these two helpers keep that mapping in one place.
template <bool Ruleset::*Field, bool Default>
constexpr int get_bool(const Ruleset& r) {
    return (r.*Field == Default) ? 0 : 1;
}
template <bool Ruleset::*Field, bool Default>
constexpr void set_bool(Ruleset& r, int value) {
    r.*Field = value == 0 ? Default : !Default;
}
template <typename Enum, Enum Ruleset::*Field>
constexpr int get_enum(const Ruleset& r) {
    return static_cast<int>(r.*Field);
}
template <typename Enum, Enum Ruleset::*Field>
constexpr void set_enum(Ruleset& r, int value) {
    r.*Field = static_cast<Enum>(value);
}

#define JV_ENUM_OPTION(field, Type) \
    &get_enum<Type, &Ruleset::field>, &set_enum<Type, &Ruleset::field>
#define JV_BOOL_OPTION(field, def) &get_bool<&Ruleset::field, def>, &set_bool<&Ruleset::field, def>

// The descriptions are marked with N_: whoever shows one translates it (tr). Names and values are
// machine words, never translated.
constexpr std::array<OptionInfo, 11> table = {{
    {"counter_on_timeout",
     "J5.1",
     // TRANSLATORS: the description of the rules option counter_on_timeout, whose values are hold
     // and advance: the name and the values are not translated
     N_("what a timeout turn does to the player's counter"),
     {"hold", "advance"},
     JV_ENUM_OPTION(counter_on_timeout, CounterOnTimeout)},
    {"bonus_anchor",
     "J5.3",
     // TRANSLATORS: the description of the rules option bonus_anchor, whose values are army and
     // any-own: the name and the values are not translated
     N_("which own pieces a bonus wall or water must touch: army pieces, or also own walls and "
        "regenerator"),
     {"army", "any-own"},
     JV_ENUM_OPTION(bonus_anchor, BonusAnchor)},
    {"tower_guards_position_10",
     "J5.8",
     // TRANSLATORS: the description of the rules option tower_guards_position_10, whose values are
     // true and false: the name and the values are not translated
     N_("whether a tower's guard also protects a wall from the position-10 removal"),
     {"true", "false"},
     JV_BOOL_OPTION(tower_guards_position_10, true)},
    {"regenerated_soldier_double_step",
     "J7.2",
     // TRANSLATORS: the description of the rules option regenerated_soldier_double_step, whose
     // values are false and true: the name and the values are not translated
     N_("whether a regenerated soldier may make the two-square first step"),
     {"false", "true"},
     JV_BOOL_OPTION(regenerated_soldier_double_step, false)},
    {"wall_walk",
     "J7.5",
     // TRANSLATORS: the description of the rules option wall_walk, whose values are line and
     // unit: the name and the values are not translated
     N_("how a soldier walks on its own wall: in straight lines, or anywhere in the unit"),
     {"line", "unit"},
     JV_ENUM_OPTION(wall_walk, WallWalk)},
    {"wall_leap_may_move",
     "J7.7",
     // TRANSLATORS: the description of the rules option wall_leap_may_move, whose values are false
     // and true: the name and the values are not translated
     N_("whether the leap from a wall may also land on an empty square without capturing"),
     {"false", "true"},
     JV_BOOL_OPTION(wall_leap_may_move, false)},
    {"knight_vs_dragon",
     "J8.4",
     // TRANSLATORS: the description of the rules option knight_vs_dragon, whose values are
     // unrestricted and cannot-capture: the name and the values are not translated
     N_("whether a knight may capture the dragon"),
     {"unrestricted", "cannot-capture"},
     JV_ENUM_OPTION(knight_vs_dragon, KnightVsDragon)},
    {"stand_on_own_regenerator",
     "J9.2",
     // TRANSLATORS: the description of the rules option stand_on_own_regenerator, whose values are
     // true and false: the name and the values are not translated
     N_("whether an army piece may stop on its own unoccupied regenerator"),
     {"true", "false"},
     JV_BOOL_OPTION(stand_on_own_regenerator, true)},
    {"tower_guard",
     "J10.4",
     // TRANSLATORS: the description of the rules option tower_guard, whose values are unit and
     // contiguous: the name and the values are not translated
     N_("what a tower guards: the whole wall unit, or only the wall squares next to it and their "
        "neighbours"),
     {"unit", "contiguous"},
     JV_ENUM_OPTION(tower_guard, TowerGuard)},
    {"end_condition",
     "J12.2",
     // TRANSLATORS: the description of the rules option end_condition, whose values are
     // capture-or-encirclement and capture-only: the name and the values are not translated
     N_("whether encirclement ends the game, or only a king capture"),
     {"capture-or-encirclement", "capture-only"},
     JV_ENUM_OPTION(end_condition, EndCondition)},
    {"no_legal_turn",
     "J12.4",
     // TRANSLATORS: the description of the rules option no_legal_turn, whose values are draw and
     // loss: the name and the values are not translated
     N_("the result when a player who is not encircled has no legal turn"),
     {"draw", "loss"},
     JV_ENUM_OPTION(no_legal_turn, NoLegalTurn)},
}};

#undef JV_ENUM_OPTION
#undef JV_BOOL_OPTION

}  // namespace

std::span<const OptionInfo> option_table() {
    return table;
}

namespace {

constexpr std::array<jv::OptionSpec, table.size()> make_specs() {
    std::array<jv::OptionSpec, table.size()> specs{};
    for (std::size_t i = 0; i < table.size(); ++i)
        specs[i] = {table[i].name, table[i].rule, table[i].description, table[i].values};
    return specs;
}
constexpr std::array<jv::OptionSpec, table.size()> specs = make_specs();

}  // namespace

std::span<const jv::OptionSpec> option_specs() {
    return specs;
}

Ruleset ruleset_from(const jv::Ruleset& neutral) {
    Ruleset rules;
    rules.name = neutral.name;
    for (std::size_t i = 0; i < table.size() && i < neutral.values.size(); ++i)
        table[i].set(rules, neutral.values[i]);
    return rules;
}

jv::Ruleset neutral_ruleset(const Ruleset& rules) {
    jv::Ruleset neutral;
    neutral.name = rules.name;
    for (const OptionInfo& option : table)
        neutral.values.push_back(static_cast<std::uint8_t>(option.get(rules)));
    return neutral;
}

}  // namespace jv::jel
