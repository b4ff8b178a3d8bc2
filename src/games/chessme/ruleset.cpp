#include "games/chessme/ruleset.hpp"

#include "core/translate.hpp"

namespace jv::cme {

namespace {

constexpr std::array<std::string_view, 4> start_kings_values = {"e1-e6", "d1-d6", "e1-d6", "d1-e6"};
constexpr std::array<std::string_view, 2> adjacency_origin_values = {"empty", "occupied"};
constexpr std::array<std::string_view, 2> check_escape_values = {"any-move", "king-move"};
constexpr std::array<std::string_view, 2> pawn_drop_values = {"allowed", "forbidden"};
constexpr std::array<std::string_view, 2> promotion_values = {"optional", "mandatory"};

// The descriptions are marked for translation, for the neutral code that shows them to call
// tr(description.data()); the names, rule ids and values are machine words.
constexpr std::array<jv::OptionSpec, 5> specs = {{
    {"start_kings", "C2.2", N_("the squares of White's and Black's kings at the start"),
     start_kings_values},
    {"adjacency_origin", "C5.2",
     N_("whether the square a piece leaves still counts as occupied for the adjacency of its move"),
     adjacency_origin_values},
    {"check_escape", "C7.4",
     N_("how a side in check escapes: any legal move, or a move of its king"), check_escape_values},
    {"pawn_drop_on_king_rank", "C8.5",
     N_("whether a pawn may be placed on the rank where the enemy king stands"), pawn_drop_values},
    {"promotion", "C9.3",
     N_("whether a pawn reaching the enemy king's rank may stay a pawn when it could be exchanged"),
     promotion_values},
}};

}  // namespace

std::span<const jv::OptionSpec> option_specs() {
    return specs;
}

Ruleset ruleset_from(const jv::Ruleset& neutral) {
    Ruleset rules;
    rules.name = neutral.name;
    auto value = [&](std::size_t i) { return i < neutral.values.size() ? neutral.values[i] : 0; };
    rules.start_kings = static_cast<StartKings>(value(0));
    rules.adjacency_origin = static_cast<AdjacencyOrigin>(value(1));
    rules.check_escape = static_cast<CheckEscape>(value(2));
    rules.pawn_drop_on_king_rank = static_cast<PawnDropOnKingRank>(value(3));
    rules.promotion = static_cast<Promotion>(value(4));
    return rules;
}

}  // namespace jv::cme
