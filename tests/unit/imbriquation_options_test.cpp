// Imbriquation's ruleset options (imbriquation-rulings.md, notation/imbriquation-rules.md): for
// each, a record whose verdict changes with the option's value, refereed under both values, and
// the ruleset fingerprint, which differs with every value.
#include <initializer_list>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "core/game.hpp"
#include "core/ruleset.hpp"
#include "games/imbriquation/referee.hpp"
#include "games/imbriquation/rules.hpp"
#include "imbriquation_support.hpp"

using Catch::Matchers::Contains;

namespace {

using jv::test::imbriquation::judge;
using jv::test::imbriquation::Judged;
using jv::test::imbriquation::record;
using jv::test::imbriquation::ruleset_with;
using jv::test::imbriquation::where_last;

const jv::Game& imbriquation() {
    return jv::test::imbriquation::game();
}

void require_legal(const Judged& j) {
    INFO(j.summary());
    REQUIRE(j.verdict == jv::Verdict::legal);
}

void require_fault(const Judged& j, std::string_view rule, const std::string& at,
                   std::uint32_t turn, std::string_view side, std::string_view action,
                   std::string_view message_part) {
    INFO(j.summary());
    REQUIRE(j.verdict == jv::Verdict::illegal);
    const jv::test::imbriquation::SeenFault& f = j.first();
    CHECK(f.rule == rule);
    CHECK(f.at == at);
    CHECK(f.turn == turn);
    CHECK(f.side == side);
    CHECK(f.action == action);
    CHECK_THAT(f.message, Contains(std::string(message_part)));
}

constexpr std::string_view standard_tiles = "SO SD RO RD JO JD LO LD BL";

}  // namespace

TEST_CASE("imbriquation: the option table names five options with their I-ids",
          "[imbriquation][options]") {
    const std::span<const jv::OptionSpec> options = imbriquation().options();
    REQUIRE(options.size() == 5);
    const std::vector<std::pair<std::string_view, std::string_view>> expected = {
        {"opening_pawns", "I3.2"},
        {"sandwich", "I4.2"},
        {"sandwich_in_openings", "I4.3"},
        {"long_jump", "I6.7"},
        {"early_end", "I8.2"}};
    const std::vector<std::vector<std::string_view>> values = {{"two-each", "four-each"},
                                                               {"adjacent", "line"},
                                                               {"true", "false"},
                                                               {"one", "several"},
                                                               {"player-to-move", "either-player"}};
    for (std::size_t i = 0; i < options.size(); ++i) {
        CHECK(options[i].name == expected[i].first);
        CHECK(options[i].rule == expected[i].second);
        CHECK(std::vector<std::string_view>(options[i].values.begin(), options[i].values.end()) ==
              values[i]);
    }
}

TEST_CASE("imbriquation: every option value has its own fingerprint", "[imbriquation][options]") {
    const std::string text = record(standard_tiles, "1. d4 e5");
    std::set<std::string> seen;
    const Judged standard = judge(text);
    CHECK_FALSE(standard.fingerprint.empty());
    seen.insert(standard.fingerprint);
    for (std::string_view setting :
         {"opening_pawns=four-each", "sandwich=line", "sandwich_in_openings=false",
          "long_jump=several", "early_end=either-player"}) {
        INFO(setting);
        const Judged j = judge(text, {setting});
        require_legal(j);
        CHECK(j.fingerprint != standard.fingerprint);
        CHECK(seen.insert(j.fingerprint).second);
    }
    // The standard values written out are the standard ruleset.
    CHECK(judge(text, {"opening_pawns=two-each", "sandwich=adjacent", "sandwich_in_openings=true",
                       "long_jump=one", "early_end=player-to-move"})
              .fingerprint == standard.fingerprint);
}

TEST_CASE("imbriquation option opening_pawns (I3.2): four opening placements each",
          "[imbriquation][options][I3.2]") {
    // Turn 3 is round 1's first tile turn under two-each, its fifth opening under four-each.
    const std::string tile_turn = record(standard_tiles, "1. d4 a1 2. h1 h8 3. e2,SO,e2-f2");
    require_legal(judge(tile_turn));
    require_fault(judge(tile_turn, {"opening_pawns=four-each"}), "I3.2",
                  where_last(tile_turn, "SO"), 3, "light", "SO",
                  "this turn is opening placement 5 of 8 in round 1: it draws no tile, so the tile "
                  "code SO has no place in it");
    const std::string opening = record(standard_tiles, "1. d4 a1 2. h1 h8 3. e2 b7");
    require_legal(judge(opening, {"opening_pawns=four-each"}));
    const Judged two = judge(opening);
    require_fault(two, "I5.2", where_last(opening, "e2"), 3, "light", "e2",
                  "the SO tile's action is possible");
    // Under four-each, the position string counts 8 openings.
    CHECK_THAT(judge(opening, {"opening_pawns=four-each"}).position,
               Contains("|ply=6|next=L|round=1|phase=opening|left=SO,SD,RO,RD,JO,JD,LO,LD,BL|"
                        "openings=8|"));
}

TEST_CASE("imbriquation option sandwich (I4.2): adjacent pawns or the nearest along the line",
          "[imbriquation][options][I4.2]") {
    const std::string text = record(standard_tiles, "1. b4 a1 2. g4 d4");
    require_legal(judge(text));
    require_fault(judge(text, {"sandwich=line"}), "I4.2", where_last(text, "d4"), 2, "dark", "d4",
                  "d4 lies between the light pawns on b4 and g4 (sandwich = line");
}

TEST_CASE("imbriquation option sandwich_in_openings (I4.3): the placement rule in the openings",
          "[imbriquation][options][I4.3]") {
    const std::string text = record(standard_tiles, "1. c4 a1 2. e4 d4");
    require_fault(judge(text), "I4.2", where_last(text, "d4"), 2, "dark", "d4",
                  "d4 lies between the light pawns on c4 and e4");
    require_legal(judge(text, {"sandwich_in_openings=false"}));
}

TEST_CASE("imbriquation option long_jump (I6.7): one enemy pawn a jump, or several apart",
          "[imbriquation][options][I6.7]") {
    // Dark's e4 jumps d4 and b4 (c4 empty between them) to a4.
    const std::string tiles = "BL LO SO SD RO RD JO JD LD";
    const std::string text = record(tiles, "1. d4 h8 2. b4 a8 3. h1,BL e4,LO,e4xa4");
    require_fault(
        judge(text), "I6.7", where_last(text, "e4xa4"), 3, "dark", "e4xa4",
        "the jump from e4 to a4 under the LO tile passes over the light pawns on b4, d4: a "
        "jump captures exactly one enemy pawn (long_jump = one), and a chain takes the "
        "others one jump at a time");
    const Judged several = judge(text, {"long_jump=several"});
    require_legal(several);
    // Both captured: Light keeps h1 only.
    CHECK(several.position.substr(0, 71) ==
          "D......D/......../......../......../D......./......../......../.......L");
    // Two neighbouring enemy pawns are never passed, under either value.
    const std::string neighbours = record(tiles, "1. d4 h8 2. c4 a8 3. h1,BL e4,LO,e4xa4");
    for (std::string_view value : {"long_jump=one", "long_jump=several"}) {
        INFO(value);
        require_fault(
            judge(neighbours, {value}), "I6.7", where_last(neighbours, "e4xa4"), 3, "dark", "e4xa4",
            "the jump from e4 to a4 under the LO tile passes over the light pawns on d4 and c4, "
            "which stand side by side, and no jump passes over two neighbouring enemy pawns");
    }
}

TEST_CASE("imbriquation option early_end (I8.2, I11.1): the player who just played examined too",
          "[imbriquation][options][I8.2][I11.1]") {
    jv::imb::Ruleset rules;
    rules.early_end = jv::imb::EarlyEnd::either_player;
    const jv::test::imbriquation::Blocked game = jv::test::imbriquation::blocking_game(
        "RO RD BL SD JO JD LO LD SO", "JO RD LO LD BL JD RO SD SO", rules);
    // The record ends with the scored result: the end under either-player, a declared result
    // under player-to-move.
    const Judged either = judge(game.text, {"early_end=either-player"});
    require_legal(either);
    CHECK(either.reason == "no-placement");
    const Judged mover = judge(game.text);
    require_legal(mover);
    CHECK(mover.reason == "declared");
    // With a legal turn more (and the result it leads to): legal under player-to-move, a turn
    // after the end under either-player.
    const jv::test::imbriquation::Filler one =
        jv::test::imbriquation::fill(game.end, 1, jv::imb::Ruleset{});
    const std::string token =
        jv::imb::end_before_turn(one.position, jv::imb::Ruleset{}).over
            ? std::string(jv::result_text(jv::imb::scored_result(jv::imb::score_of(one.position))))
            : std::string("*");
    std::string more = game.text.substr(0, game.text.rfind('\n', game.text.size() - 2)) + "\n" +
                       one.movetext + token + "\n";
    more.replace(more.find("[Result \""), 9 + either.result.size() + 1,
                 "[Result \"" + token + "\"");
    require_legal(judge(more));
    const Judged late = judge(more, {"early_end=either-player"});
    REQUIRE(late.verdict == jv::Verdict::illegal);
    CHECK(late.first().rule == "I8.3");
    CHECK_THAT(late.first().message, Contains("had no square to place a pawn on"));
}
