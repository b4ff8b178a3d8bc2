#include "games/chessme/ruleset.hpp"

#include "core/option_table.hpp"
#include "core/translate.hpp"

namespace jv::cme {

namespace {

// The descriptions are marked for translation, for the neutral code that shows them to call
// tr(description.data()); the names, rule ids and values are machine words.
constexpr std::array<OptionRow<Ruleset>, 5> table = {{
    enum_option<&Ruleset::start_kings>("start_kings", "C2.2",
                                       N_("the squares of White's and Black's kings at the start"),
                                       {"e1-e6", "d1-d6", "e1-d6", "d1-e6"}),
    enum_option<&Ruleset::adjacency_origin>("adjacency_origin", "C5.2",
                                            N_("whether the square a piece leaves still counts as "
                                               "occupied for the adjacency of its move"),
                                            {"empty", "occupied"}),
    enum_option<&Ruleset::check_escape>(
        "check_escape", "C7.4",
        N_("how a side in check escapes: any legal move, or a move of its king"),
        {"any-move", "king-move"}),
    enum_option<&Ruleset::pawn_drop_on_king_rank>(
        "pawn_drop_on_king_rank", "C8.5",
        N_("whether a pawn may be placed on the rank where the enemy king stands"),
        {"allowed", "forbidden"}),
    enum_option<&Ruleset::promotion>("promotion", "C9.3",
                                     N_("whether a pawn reaching the enemy king's rank may stay a "
                                        "pawn when it could be exchanged"),
                                     {"optional", "mandatory"}),
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

}  // namespace jv::cme
