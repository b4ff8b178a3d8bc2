// A game's ruleset options as one table: one row per option holds its name (as in ruleset files
// and --set), the rule id it reads, its meaning, its values (the first is the default) and the
// typed field of the game's Ruleset struct that it sets. Everything that lists, parses, prints or
// fingerprints options reads that row, so a name, a value and the field behind them cannot drift
// apart. A game writes its table once, as a constexpr array of rows:
//
//   constexpr std::array<OptionRow<Ruleset>, 2> table = {{
//       enum_option<&Ruleset::check_escape>("check_escape", "C7.4", N_("how a side in check ..."),
//                                           {"any-move", "king-move"}),
//       bool_option<&Ruleset::sandwich_in_openings, true>("sandwich_in_openings", "I4.3", ...,
//                                                        {"true", "false"}),
//   }};
//   constexpr std::array<OptionSpec, table.size()> specs = option_specs_of(table);
//
// Descriptions are marked with N_ and translated where they are shown; names and values are
// machine words.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "core/game.hpp"

namespace jv {

// The most values an option has (ChessMe's start_kings has four).
inline constexpr std::size_t most_option_values = 4;

template <typename Rules>
struct OptionRow {
    std::string_view name;
    std::string_view rule;
    std::string_view description;
    std::array<std::string_view, most_option_values> values;  // the unused ones empty
    int (*get)(const Rules&);        // the index into values of the struct's field
    void (*set)(Rules&, int value);  // value: an index into values

    constexpr std::size_t value_count() const {
        std::size_t count = 0;
        while (count < values.size() && !values[count].empty()) ++count;
        return count;
    }
};

namespace detail {

template <typename Member>
struct MemberOf;
template <typename Class, typename Type>
struct MemberOf<Type Class::*> {
    using Owner = Class;
    using Field = Type;
};

}  // namespace detail

// The row of an enum field whose enumerators are the values, in order.
template <auto Field>
constexpr OptionRow<typename detail::MemberOf<decltype(Field)>::Owner> enum_option(
    std::string_view name, std::string_view rule, std::string_view description,
    std::array<std::string_view, most_option_values> values) {
    using Rules = typename detail::MemberOf<decltype(Field)>::Owner;
    using Enum = typename detail::MemberOf<decltype(Field)>::Field;
    return {name,
            rule,
            description,
            values,
            [](const Rules& rules) { return static_cast<int>(rules.*Field); },
            [](Rules& rules, int value) { rules.*Field = static_cast<Enum>(value); }};
}

// The row of a bool field whose value 0 (the default, spelled "true" or "false" in `values`) is
// `value_zero`.
template <auto Field, bool value_zero>
constexpr OptionRow<typename detail::MemberOf<decltype(Field)>::Owner> bool_option(
    std::string_view name, std::string_view rule, std::string_view description,
    std::array<std::string_view, most_option_values> values) {
    using Rules = typename detail::MemberOf<decltype(Field)>::Owner;
    return {name,
            rule,
            description,
            values,
            [](const Rules& rules) { return rules.*Field == value_zero ? 0 : 1; },
            [](Rules& rules, int value) { rules.*Field = value == 0 ? value_zero : !value_zero; }};
}

// What the neutral code sees of a table (Game::options), pointing into the table itself: keep the
// table a namespace-scope constexpr.
template <typename Rules, std::size_t count>
constexpr std::array<OptionSpec, count> option_specs_of(
    const std::array<OptionRow<Rules>, count>& rows) {
    std::array<OptionSpec, count> specs{};
    for (std::size_t i = 0; i < count; ++i)
        specs[i] = {
            rows[i].name, rows[i].rule, rows[i].description,
            std::span<const std::string_view>(rows[i].values.data(), rows[i].value_count())};
    return specs;
}

// The typed struct of a neutral ruleset (one value index per row, in table order; a missing one
// is the default), built once per ruleset.
template <typename Rules>
Rules typed_ruleset(std::span<const OptionRow<Rules>> rows, const Ruleset& neutral) {
    Rules rules;
    rules.name = neutral.name;
    for (std::size_t i = 0; i < rows.size(); ++i)
        rows[i].set(rules, i < neutral.values.size() ? neutral.values[i] : 0);
    return rules;
}

// The neutral ruleset of a typed struct.
template <typename Rules>
Ruleset neutral_ruleset_of(std::span<const OptionRow<Rules>> rows, const Rules& rules) {
    Ruleset neutral;
    neutral.name = rules.name;
    for (const OptionRow<Rules>& row : rows)
        neutral.values.push_back(static_cast<std::uint8_t>(row.get(rules)));
    return neutral;
}

}  // namespace jv
