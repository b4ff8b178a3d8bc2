// Imbriquation's rules (design/imbriquation-rulings.md, notation/imbriquation-rules.md), seen
// through the game interface and the catalog as the commands see them: for every check the
// rulings make, a record that passes it and one that fails it, with the verdict, the I-id cited,
// the place of the fault (line:column), its turn and side, key words of the message, and the
// position the faulty turn started from.
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "core/game.hpp"
#include "core/ruleset.hpp"
#include "core/turn_listing.hpp"
#include "games/imbriquation/position.hpp"
#include "games/imbriquation/referee.hpp"
#include "games/imbriquation/rules.hpp"
#include "imbriquation_support.hpp"
#include "support.hpp"

using Catch::Matchers::Contains;
using Catch::Matchers::EndsWith;
using Catch::Matchers::StartsWith;

namespace {

using jv::test::imbriquation::judge;
using jv::test::imbriquation::Judged;
using jv::test::imbriquation::record;
using jv::test::imbriquation::score_json;
using jv::test::imbriquation::SeenFault;
using jv::test::imbriquation::where;
using jv::test::imbriquation::where_at;
using jv::test::imbriquation::where_last;

const jv::Game& imbriquation() {
    return jv::test::imbriquation::game();
}

// The tile lines of the tests: `standard_tiles` draws SO first; `after_blank(T)` draws the blank
// tile first (the first player's pawn stays) and T second, at turn 3...
constexpr std::string_view standard_tiles = "SO SD RO RD JO JD LO LD BL";
std::string after_blank(std::string_view tile) {
    std::string out = "BL " + std::string(tile);
    for (std::string_view t : {"SO", "SD", "RO", "RD", "JO", "JD", "LO", "LD"})
        if (t != tile) out += " " + std::string(t);
    return out;
}
std::string first_tile(std::string_view tile) {
    std::string out(tile);
    for (std::string_view t : {"SO", "SD", "RO", "RD", "JO", "JD", "LO", "LD", "BL"})
        if (t != tile) out += " " + std::string(t);
    return out;
}

// The offset in `turn` ("3... e4,SO,e4-f4") of its last action written `action`.
std::size_t token_at(const std::string& turn, std::string_view action) {
    std::size_t begin = turn.find(' ');
    begin = begin == std::string::npos ? 0 : begin + 1;
    std::size_t found = std::string::npos;
    while (begin <= turn.size()) {
        std::size_t end = turn.find(',', begin);
        if (end == std::string::npos) end = turn.size();
        if (std::string_view(turn).substr(begin, end - begin) == action) found = begin;
        begin = end + 1;
    }
    REQUIRE(found != std::string::npos);
    return found;
}

void require_legal(const Judged& j) {
    INFO(j.summary());
    REQUIRE(j.verdict == jv::Verdict::legal);
    CHECK(j.faults.empty());
}

// The first fault: its rule, place, turn, side and action.
void require_fault(const Judged& j, std::string_view rule, const std::string& at,
                   std::optional<std::uint32_t> turn, std::string_view side,
                   std::string_view action) {
    INFO(j.summary());
    REQUIRE(j.verdict == jv::Verdict::illegal);
    const SeenFault& f = j.first();
    CHECK(f.rule == rule);
    CHECK(f.at == at);
    CHECK(f.turn == turn);
    CHECK(f.side == side);
    CHECK(f.action == action);
}

// An illegal record whose first fault is at `action` of `faulty_turn` (the last turn): rule,
// place, turn, side and message, and the position is the one the legal prefix reaches. Returns
// that position.
std::string require_turn_fault(std::string_view tiles1, const std::string& prefix,
                               const std::string& faulty_turn, std::string_view action,
                               std::string_view rule, std::uint32_t turn, std::string_view side,
                               std::string_view message_part,
                               std::initializer_list<std::string_view> settings = {},
                               std::string_view tags = "", std::size_t faulty_jump = 0) {
    const std::string text =
        record(tiles1, prefix.empty() ? faulty_turn : prefix + "\n" + faulty_turn, "*", tags);
    const Judged j = judge(text, settings);
    const std::size_t turn_at = text.rfind(faulty_turn);
    REQUIRE(turn_at != std::string::npos);
    // A fault of jump n (1-based) of a chain of several is located at that jump: "xe8" of
    // "e4xe6xe8"; any other fault at the action's first byte.
    const std::size_t action_at =
        token_at(faulty_turn, action) + (faulty_jump > 0 ? 2 + 3 * (faulty_jump - 1) : 0);
    require_fault(j, rule, where_at(text, turn_at + action_at), turn, side, action);
    CHECK_THAT(j.first().message, Contains(std::string(message_part)));
    CHECK(j.faults.size() == 1);
    CHECK(j.result == "*");
    CHECK(j.reason == "unfinished");
    const Judged before = judge(record(tiles1, prefix, "*", tags), settings);
    require_legal(before);
    CHECK(j.position == before.position);
    return j.position;
}

void require_turn_legal(std::string_view tiles1, const std::string& prefix, const std::string& turn,
                        std::initializer_list<std::string_view> settings = {},
                        std::string_view tags = "") {
    require_legal(
        judge(record(tiles1, prefix.empty() ? turn : prefix + "\n" + turn, "*", tags), settings));
}

// The example of the record brief (imbriquation-notation-brief.md), one turn per entry: a
// complete game of 65 turns, legal, 1-0 on pawns with territories 1-1.
constexpr std::string_view example_tags =
    "[First \"Light\"]\n[Tiles4 \"LD BL RO LO RD SO SD JO JD\"]\n";
constexpr std::string_view example_tiles = "SO RO LO RD BL LD JD SD JO";
const std::vector<std::string> example_turns = {
    "1. d3",
    "1... c3",
    "2. d2",
    "2... d4",
    "3. e2,SO,e2-f2",
    "3... h7,RO,h7-h3",
    "4. e4,LO,e4xc4xc1",
    "4... h4,RD,h4-d8",
    "5. c3,BL",
    "5... g3,LD,g3xe1",
    "6. e3,JD,xe3",
    "6... c8,SD,c8-b7",
    "7. c4,JO,xc4",
    "7... d1",
    "8. e3",
    "8... a6",
    "9. c6",
    "9... a8,JO,xa8",
    "10. d6,SD,d6-c7",
    "10... a8,JD,xa8",
    "11. e2,LD,xe2",
    "11... e8,BL",
    "12. c8,RD,c8-g4",
    "12... c8,LO,xc8",
    "13. b2,RO,b2-b1",
    "13... h7,SO,h7-h6",
    "14. a4",
    "14... f2",
    "15. b2",
    "15... f3",
    "16. c5,SO,c5-b5",
    "16... b8,RO,b8-c8",
    "17. d7,LO,xd7",
    "17... g7,RD,g7-f6",
    "18. e2,BL",
    "18... h4,LD,xh4",
    "19. c5,JD,xc5",
    "19... a8,SD,xa8",
    "20. h4,JO,h4xh2",
    "20... e7",
    "21. b8",
    "21... h5",
    "22. d4",
    "22... g6,LD,a6xc4",
    "23. c2,BL",
    "23... g5,RO,b7-b6",
    "24. h1,LO,d4xb4",
    "24... a7,RD,f3-d5",
    "25. b3,SO,g4-f4",
    "25... d4,SD,d4-c5",
    "26. e5,JO,e2xg2",
    "26... f5,JD,c5xa3",
    "27. b7",
    "27... f8",
    "28. c4",
    "28... a2",
    "29. h3,JD,c4xe6xg4",
    "29... f7,JO,g5xg3xg1",
    "30. a6,SD,f4-g5",
    "30... h7,SO,a7-a8",
    "31. g3,RD,g5-h4",
    "31... a7,LO,e7xe4xe2",
    "32. c4,RO,c6-d6",
    "32... g8,BL",
    "33. a5,LD,c3xh8",
};

std::string example(std::size_t turns) {
    std::string out;
    for (std::size_t i = 0; i < turns; ++i) out += (i > 0 ? "\n" : "") + example_turns[i];
    return out;
}

std::string example_record(std::size_t turns, std::string_view result = "*",
                           std::string_view more_tags = "") {
    return record(example_tiles, example(turns), result,
                  std::string(example_tags) + std::string(more_tags));
}

const std::string standard_line = "SO,SD,RO,RD,JO,JD,LO,LD,BL";
const std::string empty_board =
    "......../......../......../......../......../......../......../........";

// A legal round 1 under standard_tiles: four openings, then each tile once (SO SD RO RD JO JD
// LO LD BL).
const std::string round1 =
    "1. d4 a1 2. h1 h8\n3. e2,SO,e2-e3 b7,SD,b7-c6\n4. g2,RO,g2-g3 b2,RD,b2-c3\n"
    "5. f6,JO,xf6 h5,JD,xh5\n6. f8,LO,xf8 e7,LD,xe7\n7. a8,BL";

// The example's final position (the brief's diagram).
constexpr std::string_view example_end =
    "DLDDDDDL/DLL..D.D/LD.L..DD/L......D/L.L....L/DL.L..LL/DLLLD..L/.LLDD.DL|ply=65|next=-|"
    "round=5|phase=end|left=|openings=4|tiles1=SO,RO,LO,RD,BL,LD,JD,SD,JO|tiles4=LD,BL,RO,LO,RD,"
    "SO,SD,JO,JD|over=1-0:rounds-complete";

}  // namespace

// ---------------------------------------------------------------------------------------------
// The record as a whole

TEST_CASE("imbriquation: the example of the record brief is legal and complete",
          "[imbriquation][I8.1][I7.5][I9.1][I9.3]") {
    const Judged j = judge(example_record(65, "1-0", "[Score \"1-1\"]\n"));
    require_legal(j);
    CHECK(j.result == "1-0");
    CHECK(j.reason == "rounds-complete");
    CHECK(j.position == example_end);
    // Territories 1-1 (c3, g7), pawns 21-19: Light wins on pawns (I7.5).
    CHECK(j.score_json == score_json(1, 21, 1, 19));
    CHECK(j.score_text == "Light wins on pawns 21–19, territory 1–1");
}

TEST_CASE("imbriquation: a record without turns starts on the empty board",
          "[imbriquation][I3.1][I3.4]") {
    const Judged open = judge(record(standard_tiles, "", "*"));
    require_legal(open);
    CHECK(open.reason == "unfinished");
    CHECK(open.position == empty_board + std::string("|ply=0|next=L|round=1|phase=opening|left=") +
                               standard_line + "|openings=4|tiles1=" + standard_line +
                               "|tiles4=?|over=-");
    CHECK(open.score_json == score_json(0, 0, 0, 0));
    // First "Dark": Dark places first and its turns are the numbered N. ones.
    const Judged dark = judge(record(standard_tiles, "1. d4 e5 2. a1", "*", "[First \"Dark\"]\n"));
    require_legal(dark);
    CHECK_THAT(dark.position, StartsWith("......../......../......../....L.../...D..../"));
    CHECK_THAT(dark.position, Contains("|ply=3|next=L|"));
    // A declared result on an unfinished game is the record's own.
    for (std::string_view result : {"1-0", "0-1", "1/2-1/2"}) {
        const Judged j = judge(record(standard_tiles, "1. d4 e5", result));
        require_legal(j);
        CHECK(j.result == result);
        CHECK(j.reason == "declared");
    }
}

// ---------------------------------------------------------------------------------------------
// I2.6 The tile tags; I9.4 and I11.2, the tags that make a record invalid

TEST_CASE(
    "imbriquation I2.6: a tile tag that is not the nine tiles once each is a fault at "
    "the tag",
    "[imbriquation][I2.6]") {
    SECTION("Tiles1 with a tile twice") {
        const std::string text = record("SO SO RO RD JO JD LO LD BL", "1. d4 e5");
        const Judged j = judge(text);
        require_fault(j, "I2.6", where(text, "\"SO SO RO"), std::nullopt, "", "");
        CHECK(j.faults.size() == 1);
        CHECK_THAT(j.first().message, Contains("Tiles1 tag lists the nine tiles"));
        CHECK_THAT(j.first().message, Contains("\"SO SO RO RD JO JD LO LD BL\""));
        // Nothing is replayed: the start, the line unknown.
        CHECK(j.position == empty_board + std::string("|ply=0|next=L|round=1|phase=opening|left=?|"
                                                      "openings=4|tiles1=?|tiles4=?|over=-"));
        CHECK(j.reason == "unfinished");
    }
    SECTION("Tiles1 with a tile missing, Tiles4 with ten: the first is reported") {
        const std::string text = record("SO SD RO RD JO JD LO LD", "1. d4 e5", "*",
                                        "[Tiles4 \"SO SD RO RD JO JD LO LD BL BL\"]\n");
        const Judged j = judge(text);
        require_fault(j, "I2.6", where(text, "\"SO SD RO RD JO JD LO LD\""), std::nullopt, "", "");
        // Replay stops at the first fault: Tiles1's; Tiles4's is not reported.
        CHECK(j.faults.size() == 1);
        const std::string only_tiles4 = record("SO SD RO RD JO JD LO LD BL", "1. d4 e5", "*",
                                               "[Tiles4 \"SO SD RO RD JO JD LO LD BL BL\"]\n");
        require_fault(judge(only_tiles4), "I2.6",
                      where(only_tiles4, "\"SO SD RO RD JO JD LO LD BL BL\""), std::nullopt, "",
                      "");
        CHECK_THAT(judge(only_tiles4).first().message, Contains("Tiles4 tag"));
    }
    SECTION("commas and spaces are both separators") {
        require_legal(judge(record("SO,SD,RO,RD, JO JD LO LD BL", "1. d4 e5")));
    }
    SECTION("an unknown code is no Imbriquation record: invalid, no rule") {
        const std::string text = record("SO SD RO RD JO JD LO LD XX", "1. d4 e5");
        const Judged j = judge(text);
        REQUIRE(j.verdict == jv::Verdict::invalid_record);
        CHECK(j.first().rule.empty());
        CHECK_THAT(j.first().message, Contains("'XX' in the Tiles1 tag is not a tile code"));
    }
}

TEST_CASE("imbriquation I9.4: Tiles1 is required, Tiles4 once the record reaches round 4",
          "[imbriquation][I9.4]") {
    SECTION("no Tiles1") {
        const std::string text =
            "[Game \"Imbriquation\"]\n[Light \"A\"]\n[Dark \"B\"]\n[Result \"*\"]\n\n1. d4\n*\n";
        const Judged j = judge(text);
        REQUIRE(j.verdict == jv::Verdict::invalid_record);
        CHECK(j.first().rule.empty());
        CHECK_THAT(j.first().message, Contains("the tag Tiles1 is required"));
        CHECK_FALSE(j.first().turn);
    }
    SECTION("no Tiles4: legal up to round 3, invalid from round 4 on") {
        const std::string three = record(example_tiles, example(39), "*", "[First \"Light\"]\n");
        require_legal(judge(three));
        const std::string four = record(example_tiles, example(40), "*", "[First \"Light\"]\n");
        const Judged j = judge(four);
        REQUIRE(j.verdict == jv::Verdict::invalid_record);
        CHECK(j.first().rule.empty());
        CHECK(j.first().at == where_last(four, "e7"));
        CHECK_THAT(j.first().message, Contains("round 4"));
        CHECK_THAT(j.first().message, Contains("(I9.4)"));
    }
}

TEST_CASE("imbriquation I11.2: a malformed Score tag makes the record invalid",
          "[imbriquation][I11.2][I9.3]") {
    for (std::string_view value : {"1:1", "1-", "-1", "a-b", "1-1-1", "1234-1", ""}) {
        INFO(value);
        const std::string text =
            record(standard_tiles, "1. d4 e5", "*", fmt::format("[Score \"{}\"]\n", value));
        const Judged j = judge(text);
        REQUIRE(j.verdict == jv::Verdict::invalid_record);
        CHECK(j.first().rule.empty());
        CHECK(j.first().at == where(text, fmt::format("\"{}\"", value)));
        CHECK_THAT(j.first().message, Contains("(I11.2)"));
    }
    // A well-formed Score on an unfinished game is not checked (I9.3).
    require_legal(judge(record(standard_tiles, "1. d4 e5", "*", "[Score \"12-9\"]\n")));
}

// ---------------------------------------------------------------------------------------------
// I3.2, I3.3 The shape of a turn

TEST_CASE("imbriquation I3.2: an opening turn is one placement", "[imbriquation][I3.2]") {
    require_turn_legal(standard_tiles, "1. d4 e5", "2. a1");
    require_turn_fault(standard_tiles, "1. d4 e5", "2. a1,SO", "SO", "I3.2", 2, "light",
                       "this turn is opening placement 3 of 4 in round 1: it draws no tile, so the "
                       "tile code SO has no place in it");
    require_turn_fault(standard_tiles, "1. d4", "1... e5,e5-e6", "e5-e6", "I3.2", 1, "dark",
                       "this turn is opening placement 2 of 4 in round 1: it places a pawn and "
                       "nothing acts, so the action e5-e6 has no place in it");
    require_turn_fault(standard_tiles, "", "1. xd4", "xd4", "I3.2", 1, "light",
                       "this turn is opening placement 1 of 4 in round 1: it places a pawn and "
                       "nothing acts, so the action xd4 has no place in it");
    // Round 2's openings (Dark starts it: turn 7...).
    require_turn_legal(standard_tiles, round1, "7... g7");
    require_turn_fault(standard_tiles, round1, "7... g7,JO", "JO", "I3.2", 7, "dark",
                       "this turn is opening placement 1 of 4 in round 2: it draws no tile, so the "
                       "tile code JO has no place in it");
}

TEST_CASE("imbriquation I3.3: a tile turn is a placement, the tile code, at most one action",
          "[imbriquation][I3.3]") {
    const std::string prefix = "1. d4 a1 2. h1 h8";
    require_turn_legal(standard_tiles, prefix, "3. e2,SO,e2-f2");
    require_turn_legal(standard_tiles, prefix, "3. e2,e2-f2");
    require_turn_fault(standard_tiles, prefix, "3. SO,e2,e2-f2", "SO", "I3.3", 3, "light",
                       "starts with the placement of a pawn");
    require_turn_fault(standard_tiles, prefix, "3. e2-f2", "e2-f2", "I3.3", 3, "light",
                       "starts with the placement of a pawn");
    require_turn_fault(
        standard_tiles, prefix, "3. e2,f2", "f2", "I3.3", 3, "light",
        "a tile turn places one pawn, on e2 here, so f2 would be a second placement");
    require_turn_fault(standard_tiles, prefix, "3. e2,e2-f2,SO", "SO", "I3.3", 3, "light",
                       "is written right after the placement, as");
    require_turn_fault(standard_tiles, prefix, "3. e2,SO,e2-f2,f2-g2", "f2-g2", "I3.3", 3, "light",
                       "is one too many");
    require_turn_fault(standard_tiles, prefix, "3. e2,SO,xe2,e2-f2", "e2-f2", "I3.3", 3, "light",
                       "is one too many");
}

// ---------------------------------------------------------------------------------------------
// I4 Placement

TEST_CASE("imbriquation I4.1: a pawn is placed on an empty square", "[imbriquation][I4.1]") {
    require_turn_fault(standard_tiles, "1. d4", "1... d4", "d4", "I4.1", 1, "dark",
                       "place a pawn on d4: the light pawn already stands there");
    require_turn_fault(standard_tiles, "1. d4 a1 2. h1 h8", "3. a1,SO,a1-a2", "a1", "I4.1", 3,
                       "light",
                       "Light cannot place a pawn on a1: the dark pawn already stands there, and a "
                       "pawn is placed only on an empty square");
    require_turn_fault(standard_tiles, "1. d4 a1 2. h1 h8", "3. d4,SO,d4-d5", "d4", "I4.1", 3,
                       "light", "place a pawn on d4: the light pawn already stands there");
}

TEST_CASE("imbriquation I4.2: no placement between two adjacent enemy pawns on a line",
          "[imbriquation][I4.2]") {
    // Along a rank, along a file, along the edge.
    const std::string position = require_turn_fault(
        standard_tiles, "1. c4 a1 2. e4", "2... d4", "d4", "I4.2", 2, "dark",
        "d4 lies between the light pawns on c4 and e4: no pawn may be placed between two enemy "
        "pawns");
    CHECK(position ==
          "......../......../......../......../..L.L.../......../......../D.......|"
          "ply=3|next=D|round=1|phase=opening|left=" +
              std::string(standard_line) + "|openings=4|tiles1=" + standard_line +
              "|tiles4=?|over=-");
    require_turn_fault(standard_tiles, "1. d3 a1 2. d5", "2... d4", "d4", "I4.2", 2, "dark",
                       "between the light pawns on d3 and d5");
    require_turn_fault(standard_tiles, "1. a3 h8 2. a5", "2... a4", "a4", "I4.2", 2, "dark",
                       "between the light pawns on a3 and a5");
    // In a tile turn.
    require_turn_fault(standard_tiles, "1. a1 c4 2. h1 e4", "3. d4,SO,d4-d5", "d4", "I4.2", 3,
                       "light", "between the dark pawns on c4 and e4");
    // Allowed: an own and an enemy pawn, two own pawns, enemy pawns farther away, diagonal
    // neighbours, one enemy pawn and the edge.
    require_turn_legal(standard_tiles, "1. c4 e4 2. a1", "2... d4");
    require_turn_legal(standard_tiles, "1. a1 c4 2. h1 e4 3. h8,SO,h8-g8", "3... d4,SD,d4-c3");
    require_turn_legal(standard_tiles, "1. c4 a1 2. f4", "2... d4");
    require_turn_legal(standard_tiles, "1. c3 a1 2. e5", "2... d4");
    require_turn_legal(standard_tiles, "1. c5 a1 2. e3", "2... d4");
    require_turn_legal(standard_tiles, "1. a2 h8 2. b1", "2... a1");
}

TEST_CASE("imbriquation I4.2: under sandwich = line the nearest pawns along the line count",
          "[imbriquation][I4.2][options]") {
    require_turn_fault(standard_tiles, "1. b4 a1 2. g4", "2... d4", "d4", "I4.2", 2, "dark",
                       "d4 lies between the light pawns on b4 and g4 (sandwich = line: empty "
                       "squares between)",
                       {"sandwich=line"});
    require_turn_fault(standard_tiles, "1. d1 a1 2. d7", "2... d4", "d4", "I4.2", 2, "dark",
                       "between the light pawns on d1 and d7", {"sandwich=line"});
    // The same placement under adjacent is allowed.
    require_turn_legal(standard_tiles, "1. b4 a1 2. g4", "2... d4");
    // An own pawn nearer on one side, or no pawn at all on one side, allows it.
    require_turn_legal(standard_tiles, "1. b4 c4 2. g4", "2... d4", {"sandwich=line"});
    require_turn_legal(standard_tiles, "1. b4 a1 2. h8", "2... d4", {"sandwich=line"});
}

TEST_CASE(
    "imbriquation I4.3: the placement rule applies to opening placements unless "
    "sandwich_in_openings is false",
    "[imbriquation][I4.3][I4.2][options]") {
    require_turn_fault(standard_tiles, "1. c4 a1 2. e4", "2... d4", "d4", "I4.2", 2, "dark",
                       "between the light pawns on c4 and e4");
    require_turn_legal(standard_tiles, "1. c4 a1 2. e4", "2... d4", {"sandwich_in_openings=false"});
    // Tile turns keep it.
    require_turn_fault(standard_tiles, "1. a1 c4 2. h1 e4", "3. d4,SO,d4-d5", "d4", "I4.2", 3,
                       "light", "between the dark pawns on c4 and e4",
                       {"sandwich_in_openings=false"});
}

// ---------------------------------------------------------------------------------------------
// I5 Which pawn acts, and whether it must

TEST_CASE("imbriquation I5.1: in rounds 1 to 3 the pawn just placed acts", "[imbriquation][I5.1]") {
    const std::string prefix = "1. d4 a1 2. h1 h8";
    require_turn_legal(standard_tiles, prefix, "3. e2,SO,e2-f2");
    require_turn_fault(standard_tiles, prefix, "3. e2,SO,d4-d5", "d4-d5", "I5.1", 3, "light",
                       "in round 1 only the pawn just placed on e2 performs the SO tile's action, "
                       "not the light pawn on d4");
    require_turn_fault(first_tile("JO"), "1. d4 a1 2. h1 e3", "3. e2,JO,d4xd2", "d4xd2", "I5.1", 3,
                       "light",
                       "in round 1 only the pawn just placed on e2 performs the JO tile's action, "
                       "not the light pawn on d4");
    // Round 3 still (the example's 16. c5,SO,c5-b5).
    require_turn_fault(example_tiles, example(30), "16. c5,SO,d3-d4", "d3-d4", "I5.1", 16, "light",
                       "in round 3 only the pawn just placed on c5 performs the SO tile's action, "
                       "not the light pawn on d3");
}

TEST_CASE("imbriquation I5.1: in rounds 4 and 5 any own pawn acts, never an enemy pawn",
          "[imbriquation][I5.1]") {
    // 22... g6,LD,a6xc4: the pawn on a6 acts and takes b5.
    require_turn_legal(example_tiles, example(43), "22... g6,LD,a6xc4", {}, example_tags);
    require_turn_fault(example_tiles, example(43), "22... g6,LD,b5xd3", "b5xd3", "I5.1", 22, "dark",
                       "in round 4 the LD tile's action is performed by one of Dark's own pawns, "
                       "not by the light pawn on b5",
                       {}, example_tags);
    require_turn_fault(example_tiles, example(43), "22... g6,LD,e5xc3", "e5xc3", "I5.1", 22, "dark",
                       "in round 4 the LD tile's action is performed by one of Dark's own pawns; "
                       "e5xc3 starts from e5, which is empty",
                       {}, example_tags);
    // Round 5: 29. h3,JD,c4xe6xg4, the pawn on c4 placed on turn 28.
    require_turn_legal(example_tiles, example(56), "29. h3,JD,c4xe6xg4", {}, example_tags);
    require_turn_fault(example_tiles, example(56), "29. h3,JD,d5xf7", "d5xf7", "I5.1", 29, "light",
                       "in round 5 the JD tile's action is performed by one of Light's own pawns, "
                       "not by the dark pawn on d5",
                       {}, example_tags);
}

TEST_CASE("imbriquation I5.2: a possible action must be made", "[imbriquation][I5.2]") {
    const std::string prefix = "1. d4 a1 2. h1 h8";
    require_turn_fault(standard_tiles, prefix, "3. e2,SO,xe2", "xe2", "I5.2", 3, "light",
                       "the SO tile's action is possible");
    // No action written: the fault is at the turn's last action.
    require_turn_fault(standard_tiles, prefix, "3. e2,SO", "SO", "I5.2", 3, "light",
                       "is possible (for example");
    require_turn_fault(standard_tiles, prefix, "3. e2", "e2", "I5.2", 3, "light",
                       "compulsory, and none is written");
    // A jump tile with a capture available: no removal.
    require_turn_fault(first_tile("JO"), "1. d4 a1 2. h1 e3", "3. e2,JO,xe2", "xe2", "I5.2", 3,
                       "light", "the JO tile's action is possible");
}

TEST_CASE(
    "imbriquation I5.2: in rounds 4 and 5 another own pawn able to act forbids the "
    "removal",
    "[imbriquation][I5.2][I5.1]") {
    // 26... f5,JD,c5xa3: f5 itself has no diagonal capture, the pawn on c5 has.
    require_turn_legal(example_tiles, example(51), "26... f5,JD,c5xa3", {}, example_tags);
    require_turn_fault(example_tiles, example(51), "26... f5,JD,xf5", "xf5", "I5.2", 26, "dark",
                       "the JD tile's action is possible (for example", {}, example_tags);
}

TEST_CASE("imbriquation I5.3: an impossible action removes the pawn just placed",
          "[imbriquation][I5.3]") {
    const std::string prefix = "1. d4 a1 2. h1 h8";
    require_turn_legal(first_tile("JO"), prefix, "3. e2,JO,xe2");
    const Judged removed = judge(record(first_tile("JO"), prefix + "\n3. e2,JO,xe2"));
    require_legal(removed);
    CHECK_THAT(removed.position,
               StartsWith(".......D/......../......../......../...L..../......../......../"
                          "D......L|ply=5|next=D|"));
    require_turn_fault(first_tile("JO"), prefix, "3. e2,JO", "JO", "I5.3", 3, "light",
                       "no allowed pawn can perform the JO tile's action, so the pawn just placed "
                       "on e2 leaves the board: write xe2");
    require_turn_fault(first_tile("JO"), prefix, "3. e2", "e2", "I5.3", 3, "light", "write xe2");
    require_turn_fault(first_tile("JO"), prefix, "3. e2,JO,xd4", "xd4", "I5.3", 3, "light",
                       "write xe2, not xd4");
    // A step tile is impossible when every neighbour of its kind is taken: a1 between a2 and b1.
    require_turn_legal(standard_tiles, "1. a2 h8 2. b1 h7", "3. a1,SO,xa1");
    require_turn_fault(standard_tiles, "1. a2 h8 2. b1 h7", "3. a1,SO", "SO", "I5.3", 3, "light",
                       "write xa1");
}

// ---------------------------------------------------------------------------------------------
// I6 The tiles. Each board: Light's two opening pawns and its pawn of 3. under the blank tile,
// Dark's two opening pawns; Dark places on e4 at 3... and acts with the tile drawn second.

namespace {

// Light e5, f5, h1; Dark a1, a8: the steps and slides.
const std::string step_board = "1. e5 a1 2. f5 a8 3. h1,BL";

void require_tile_fault(std::string_view tile, const std::string& board, const std::string& action,
                        std::string_view message_part, std::string_view rule = "",
                        std::size_t faulty_jump = 0) {
    const std::string tiles = after_blank(tile);
    const std::string turn = fmt::format("3... e4,{},{}", tile, action);
    INFO(turn);
    require_turn_fault(tiles, board, turn, action,
                       rule.empty() ? jv::imb::tile_rule(*jv::imb::parse_tile(tile)) : rule, 3,
                       "dark", message_part, {}, "", faulty_jump);
}
void require_tile_legal(std::string_view tile, const std::string& board,
                        const std::string& action) {
    INFO(action);
    require_turn_legal(after_blank(tile), board, fmt::format("3... e4,{},{}", tile, action));
}

}  // namespace

TEST_CASE("imbriquation I6.1: SO steps one square to an empty orthogonal neighbour",
          "[imbriquation][I6.1]") {
    for (const char* to : {"e4-d4", "e4-f4", "e4-e3"}) require_tile_legal("SO", step_board, to);
    require_tile_fault("SO", step_board, "e4-f3",
                       "a SO tile moves a pawn along a rank or file; e4 "
                       "to f3 is not");
    require_tile_fault("SO", step_board, "e4-e2", "moves a pawn one square; e2 is 2 squares");
    require_tile_fault("SO", step_board, "e4-e5",
                       "the step from e4 to e5 is blocked: the light pawn already stands on e5");
    require_tile_fault("SO", step_board, "e4xe6", "never jumps or captures");
    require_tile_fault("SO", step_board, "e4-g5", "is not");
}

TEST_CASE("imbriquation I6.2: SD steps one square to an empty diagonal neighbour",
          "[imbriquation][I6.2]") {
    for (const char* to : {"e4-d3", "e4-f3", "e4-d5"}) require_tile_legal("SD", step_board, to);
    require_tile_fault("SD", step_board, "e4-e3", "a SD tile moves a pawn along a diagonal");
    require_tile_fault("SD", step_board, "e4-c2", "one square; c2 is 2 squares from e4");
    require_tile_fault("SD", step_board, "e4-f5",
                       "the step from e4 to f5 is blocked: the light pawn already stands on f5");
    require_tile_fault("SD", step_board, "e4xg6", "never jumps or captures");
}

TEST_CASE("imbriquation I6.3: RO slides along a rank or file over empty squares",
          "[imbriquation][I6.3]") {
    for (const char* to : {"e4-a4", "e4-h4", "e4-e1", "e4-d4"})
        require_tile_legal("RO", step_board, to);
    require_tile_fault(
        "RO", step_board, "e4-e7",
        "the slide from e4 to e7 is blocked: the light pawn on e5 stands in the way");
    require_tile_fault("RO", step_board, "e4-e5",
                       "the slide from e4 to e5 is blocked: the light pawn already stands on e5");
    require_tile_fault("RO", step_board, "e4-g6", "along a rank or file; e4 to g6 is not");
    require_tile_fault("RO", step_board, "e4xe6", "slides a pawn and never jumps");
}

TEST_CASE("imbriquation I6.4: RD slides along a diagonal over empty squares",
          "[imbriquation][I6.4]") {
    for (const char* to : {"e4-b1", "e4-b7", "e4-d3", "e4-g2"})
        require_tile_legal("RD", step_board, to);
    require_tile_fault("RD", step_board, "e4-a8",
                       "the slide from e4 to a8 is blocked: the dark pawn already stands on a8");
    require_tile_fault("RD", step_board, "e4-h1",
                       "the slide from e4 to h1 is blocked: the light pawn already stands on h1");
    require_tile_fault(
        "RD", step_board, "e4-g6",
        "the slide from e4 to g6 is blocked: the light pawn on f5 stands in the way");
    require_tile_fault("RD", step_board, "e4-e1", "along a diagonal; e4 to e1 is not");
    require_tile_fault("RD", step_board, "e4xg6", "slides a pawn and never jumps");
}

namespace {
// Light e5, f4, g4; Dark d4, a1: the short orthogonal jump.
const std::string jo_board = "1. e5 d4 2. f4 a1 3. g4,BL";
// Light f5, f3, g2; Dark d5, a1: the short diagonal jump.
const std::string jd_board = "1. f5 d5 2. f3 a1 3. g2,BL";
// Light e6, f4, g4; Dark c4, a1: the long orthogonal jump.
const std::string lo_board = "1. e6 c4 2. f4 a1 3. g4,BL";
// Light g6, f3, g2; Dark d3, a8: the long diagonal jump.
const std::string ld_board = "1. g6 d3 2. f3 a8 3. g2,BL";
}  // namespace

TEST_CASE("imbriquation I6.5: JO jumps an orthogonal neighbour onto the square beyond",
          "[imbriquation][I6.5][I6.10]") {
    require_tile_legal("JO", jo_board, "e4xe6");
    const Judged j = judge(record(after_blank("JO"), jo_board + "\n3... e4,JO,e4xe6"));
    require_legal(j);
    // e5 is captured, the pawn stands on e6.
    CHECK_THAT(j.position, StartsWith("......../......../....D.../......../...D.LL./"));
    require_tile_fault("JO", jo_board, "e4xc4",
                       "the jump from e4 to c4 under the JO tile passes over the dark pawn on d4, "
                       "of its own colour");
    require_tile_fault("JO", jo_board, "e4xe2",
                       "the jump from e4 to e2 under the JO tile passes over e3, where no enemy "
                       "pawn stands, and a jump tile moves a pawn only by a jump that captures");
    require_tile_fault("JO", jo_board, "e4xg4",
                       "the jump from e4 to g4 under the JO tile lands on g4, where the light pawn "
                       "stands, and a jump lands only on an empty square");
    require_tile_fault("JO", jo_board, "e4xe7",
                       "goes 3 squares, and a short jump lands two squares away");
    require_tile_fault("JO", jo_board, "e4xg6",
                       "the jump from e4 to g6 under the JO tile is not along a rank or file");
    require_tile_fault("JO", jo_board, "e4-e3", "a JO tile moves a pawn only by jumping");
    require_tile_fault(
        "JO", jo_board, "e4xe6xe8",
        "jump 2 of the chain from e6 to e8 under the JO tile passes over e7, where no "
        "enemy pawn stands, and a jump tile moves a pawn only by a jump that captures",
        "", 2);
}

TEST_CASE("imbriquation I6.10: a chain of short jumps may turn", "[imbriquation][I6.10][I6.5]") {
    // d4 takes d5, then e6 from d6.
    const std::string board = "1. d5 a1 2. e6 a8 3. h1,BL";
    require_turn_legal(after_blank("JO"), board, "3... d4,JO,d4xd6xf6");
    require_turn_legal(after_blank("JO"), board, "3... d4,JO,d4xd6");
    require_turn_fault(after_blank("JO"), board, "3... d4,JO,d4xd6xf6xf8", "d4xd6xf6xf8", "I6.5", 3,
                       "dark", "jump 3 of the chain from f6 to f8", {}, "", 3);
}

TEST_CASE("imbriquation I6.6: JD jumps a diagonal neighbour onto the square beyond",
          "[imbriquation][I6.6]") {
    require_tile_legal("JD", jd_board, "e4xg6");
    require_tile_fault("JD", jd_board, "e4xc6", "the dark pawn on d5, of its own colour");
    require_tile_fault("JD", jd_board, "e4xc2",
                       "the jump from e4 to c2 under the JD tile passes over d3, where no enemy "
                       "pawn stands, and a jump tile moves a pawn only by a jump that captures");
    require_tile_fault("JD", jd_board, "e4xg2",
                       "the jump from e4 to g2 under the JD tile lands on g2, where the light pawn "
                       "stands, and a jump lands only on an empty square");
    require_tile_fault("JD", jd_board, "e4xh7", "goes 3 squares");
    require_tile_fault("JD", jd_board, "e4xe6",
                       "the jump from e4 to e6 under the JD tile is not along a diagonal");
    require_tile_fault("JD", jd_board, "e4-d3", "a JD tile moves a pawn only by jumping");
    require_tile_fault("JD", jd_board, "e4xg6xe8", "jump 2 of the chain from g6 to e8", "", 2);
}

TEST_CASE(
    "imbriquation I6.7: LO jumps one enemy pawn along a rank or file, from afar and "
    "landing afar",
    "[imbriquation][I6.7][I6.10]") {
    require_tile_legal("LO", lo_board, "e4xe7");
    require_tile_legal("LO", lo_board, "e4xe8");
    require_tile_fault("LO", lo_board, "e4xb4", "the dark pawn on c4, of its own colour");
    require_tile_fault(
        "LO", lo_board, "e4xh4",
        "the jump from e4 to h4 under the LO tile passes over the light pawns on f4 and g4, which "
        "stand side by side, and no jump passes over two neighbouring enemy pawns");
    require_tile_fault(
        "LO", lo_board, "e4xe1",
        "the jump from e4 to e1 under the LO tile passes over e2, e3, where no enemy pawn stands, "
        "and a jump tile moves a pawn only by a jump that captures");
    require_tile_fault("LO", lo_board, "e4xe6",
                       "the jump from e4 to e6 under the LO tile lands on e6, where the light pawn "
                       "stands, and a jump lands only on an empty square");
    require_tile_fault("LO", lo_board, "e4xg6",
                       "the jump from e4 to g6 under the LO tile is not along a rank or file");
    require_tile_fault("LO", lo_board, "e4-e5", "a LO tile moves a pawn only by jumping");
    require_tile_fault(
        "LO", lo_board, "e4xe8xa8",
        "jump 2 of the chain from e8 to a8 under the LO tile passes over b8, c8, d8, "
        "where no enemy pawn stands, and a jump tile moves a pawn only by a jump "
        "that captures",
        "", 2);
    // A chain that turns back along its line, over its own starting square: d4 takes e4 landing
    // on f4, then b4 landing on a4.
    require_turn_legal(after_blank("LO"), "1. e4 a1 2. b4 a8 3. h1,BL", "3... d4,LO,d4xf4xa4");
    const Judged back =
        judge(record(after_blank("LO"), "1. e4 a1 2. b4 a8 3. h1,BL\n3... d4,LO,d4xf4xa4"));
    require_legal(back);
    CHECK_THAT(back.position, StartsWith("D......./......../......../......../D......./"));
}

TEST_CASE("imbriquation I6.8: LD jumps one enemy pawn along a diagonal", "[imbriquation][I6.8]") {
    require_tile_legal("LD", ld_board, "e4xh7");
    require_tile_fault(
        "LD", ld_board, "e4xh1",
        "the jump from e4 to h1 under the LD tile passes over the light pawns on f3 and g2, which "
        "stand side by side, and no jump passes over two neighbouring enemy pawns");
    require_tile_fault("LD", ld_board, "e4xb1", "the dark pawn on d3, of its own colour");
    require_tile_fault(
        "LD", ld_board, "e4xb7",
        "the jump from e4 to b7 under the LD tile passes over d5, c6, where no enemy pawn stands, "
        "and a jump tile moves a pawn only by a jump that captures");
    require_tile_fault("LD", ld_board, "e4xa8",
                       "the jump from e4 to a8 under the LD tile lands on a8, where the dark pawn "
                       "stands, and a jump lands only on an empty square");
    require_tile_fault("LD", ld_board, "e4xe8", "is not along a diagonal");
    require_tile_fault("LD", ld_board, "e4-f5", "a LD tile moves a pawn only by jumping");
    require_tile_fault("LD", ld_board, "e4xh7xc2",
                       "jump 2 of the chain from h7 to c2 under the LD tile passes over the dark "
                       "pawn on d3",
                       "", 2);
}

TEST_CASE("imbriquation I6.9: the blank tile has no action", "[imbriquation][I6.9]") {
    const std::string prefix = "1. d4 a1 2. h1 h8";
    require_turn_legal(first_tile("BL"), prefix, "3. e2,BL");
    require_turn_legal(first_tile("BL"), prefix, "3. e2");
    require_turn_fault(first_tile("BL"), prefix, "3. e2,BL,e2-e3", "e2-e3", "I6.9", 3, "light",
                       "the blank tile BL has no action");
    require_turn_fault(first_tile("BL"), prefix, "3. e2,BL,xe2", "xe2", "I6.9", 3, "light",
                       "the blank tile BL has no action: the pawn just placed on e2 stays where it "
                       "is, and xe2 may not follow it");
    require_turn_fault(first_tile("BL"), prefix, "3. e2,e2xe4", "e2xe4", "I6.9", 3, "light",
                       "the blank tile BL has no action");
}

// ---------------------------------------------------------------------------------------------
// I8 The end of the game

TEST_CASE("imbriquation I8.1, I8.3: the game ends after round 5 and no turn follows",
          "[imbriquation][I8.1][I8.3]") {
    // One turn short of the end: unfinished, then the 65th turn ends it.
    const Judged short_one = judge(example_record(64));
    require_legal(short_one);
    CHECK(short_one.reason == "unfinished");
    CHECK_THAT(short_one.position, Contains("|ply=64|next=L|round=5|phase=tiles|left=LD|"));
    const Judged full = judge(example_record(65, "1-0"));
    require_legal(full);
    CHECK(full.reason == "rounds-complete");
    CHECK(full.result == "1-0");

    const std::string text = record(example_tiles, example(65) + "\n33... b5", "1-0", example_tags);
    const Judged after = judge(text);
    require_fault(after, "I8.3", where_last(text, "b5"), 33, "dark", "b5");
    CHECK_THAT(after.first().message,
               Contains("the game ended when the fifth round was complete; no turn may follow"));
    // The outcome of the legal part: the scored result.
    CHECK(after.result == "1-0");
    CHECK(after.reason == "rounds-complete");
    CHECK(after.position == example_end);
}

// ---------------------------------------------------------------------------------------------
// I9 The record as a whole

TEST_CASE("imbriquation I9.1: the result tag and token agree with each other and the game",
          "[imbriquation][I9.1]") {
    SECTION("the tag disagrees with the token") {
        const std::string text = record(standard_tiles, "1. d4 e5", "*");
        std::string changed = text;
        changed.replace(changed.find("[Result \"*\"]"), 12, "[Result \"1-0\"]");
        const Judged j = judge(changed);
        REQUIRE(j.verdict == jv::Verdict::illegal);
        CHECK(j.first().rule == "I9.1");
        CHECK_FALSE(j.first().turn);
        CHECK(j.first().side.empty());
        CHECK_THAT(j.first().message, Contains("the Result tag says \"1-0\" but the movetext ends "
                                               "with *"));
    }
    SECTION("the token disagrees with the scored result") {
        for (std::string_view token : {"0-1", "1/2-1/2", "*"}) {
            INFO(token);
            const std::string text = example_record(65, token);
            const Judged j = judge(text);
            require_fault(j, "I9.1", where_last(text, std::string(token)), std::nullopt, "", "");
            CHECK_THAT(j.first().message, Contains("the game ended when the fifth round was "
                                                   "complete; Light wins on pawns 21–19, territory "
                                                   "1–1, so the result is 1-0, not "));
            CHECK(j.result == "1-0");
            CHECK(j.reason == "rounds-complete");
            CHECK(j.position == example_end);
        }
    }
}

TEST_CASE("imbriquation I9.2: written turn numbers must be right", "[imbriquation][I9.2]") {
    require_legal(judge(record(standard_tiles, "1. d4 1... e5 2. a1 h8")));
    SECTION("a second-player turn numbered as the first player's") {
        const std::string text = record(standard_tiles, "1. d4 2. e5");
        const Judged j = judge(text);
        require_fault(j, "I9.2", where(text, "2. e5"), 1, "dark", "e5");
        CHECK_THAT(j.first().message,
                   Contains("this is Dark's turn 1, numbered '1...'; '2.' is written"));
    }
    SECTION("a number too far") {
        const std::string text = record(standard_tiles, "1. d4 e5 3. a1");
        const Judged j = judge(text);
        require_fault(j, "I9.2", where(text, "3. a1"), 2, "light", "a1");
        CHECK_THAT(j.first().message, Contains("numbered '2.'; '3.' is written"));
    }
    SECTION("with Dark first, Light's turns are the N... ones") {
        const std::string text =
            record(standard_tiles, "1. d4 1... e5 2. a1 3... h8", "*", "[First \"Dark\"]\n");
        const Judged j = judge(text);
        require_fault(j, "I9.2", where(text, "3... h8"), 2, "light", "h8");
        CHECK_THAT(j.first().message, Contains("this is Light's turn 2, numbered '2...'"));
    }
}

TEST_CASE("imbriquation I9.2: a written tile code must be the tile the turn draws",
          "[imbriquation][I9.2]") {
    const std::string prefix = "1. d4 a1 2. h1 h8";
    require_turn_legal(standard_tiles, prefix, "3. e2,SO,e2-f2");
    require_turn_fault(standard_tiles, prefix, "3. e2,RO,e2-f2", "RO", "I9.2", 3, "light",
                       "this turn draws SO (tile 1 of round 1), not RO");
    require_turn_fault(standard_tiles, prefix + "\n3. e2,SO,e2-f2", "3... b7,SO,b7-b6", "SO",
                       "I9.2", 3, "dark", "this turn draws SD (tile 2 of round 1), not SO");
    // Round 2 plays round 1's line reversed (I2.4): its first tile turn, 9..., draws JO.
    require_turn_fault(example_tiles, example(17), "9... a8,SO,a8-b8", "SO", "I9.2", 9, "dark",
                       "this turn draws JO (tile 1 of round 2), not SO");
    // Round 4 plays Tiles4, round 5 Tiles4 reversed.
    require_turn_fault(example_tiles, example(43), "22... g6,LO,a6xc4", "LO", "I9.2", 22, "dark",
                       "this turn draws LD (tile 1 of round 4), not LO", {}, example_tags);
    require_turn_fault(example_tiles, example(56), "29. h3,LD,c4xe6xg4", "LD", "I9.2", 29, "light",
                       "this turn draws JD (tile 1 of round 5), not LD", {}, example_tags);
}

TEST_CASE("imbriquation I9.3: a Score tag on a game that ended must give its territories",
          "[imbriquation][I9.3][I11.4]") {
    require_legal(judge(example_record(65, "1-0", "[Score \"1-1\"]\n")));
    const std::string text = example_record(65, "1-0", "[Score \"2-1\"]\n");
    const Judged j = judge(text);
    REQUIRE(j.verdict == jv::Verdict::illegal);
    CHECK(j.faults.size() == 1);
    CHECK(j.first().rule == "I9.3");
    CHECK_FALSE(j.first().turn);
    CHECK(j.first().side.empty());
    CHECK_THAT(j.first().message,
               Contains("the Score tag says \"2-1\", but the final territories are Light 1, "
                        "Dark 1"));
    CHECK(j.result == "1-0");
    CHECK(j.reason == "rounds-complete");
}

TEST_CASE("imbriquation I10: a tag that contradicts the result token is located at the tag",
          "[imbriquation][I9.1][I9.3]") {
    // Issue 33: every game locates a fault of a tag at the tag's value, with a note at the
    // result token (notation/imbriquation-rules.md, I10).
    const std::string score = example_record(65, "1-0", "[Score \"2-1\"]\n");
    const Judged j = judge(score);
    REQUIRE(j.verdict == jv::Verdict::illegal);
    CHECK(j.first().rule == "I9.3");
    CHECK(j.first().at == where_at(score, score.find("[Score \"") + 7));
    REQUIRE(j.first().notes.size() == 1);
    CHECK(j.first().notes[0].rfind(where_last(score, "1-0") + ": ", 0) == 0);
    std::string tag = record(standard_tiles, "1. d4 e5", "*");
    tag.replace(tag.find("[Result \"*\"]"), 12, "[Result \"1-0\"]");
    const Judged t = judge(tag);
    REQUIRE(t.verdict == jv::Verdict::illegal);
    CHECK(t.first().rule == "I9.1");
    CHECK(t.first().at == where_at(tag, tag.find("[Result \"") + 8));
    REQUIRE(t.first().notes.size() == 1);
    CHECK(t.first().notes[0].rfind(where_last(tag, "*") + ": ", 0) == 0);
}

TEST_CASE("imbriquation I11.4: the Score tag is checked only on a legal record that ended",
          "[imbriquation][I11.4][I9.3]") {
    // Unfinished: not checked.
    require_legal(judge(example_record(64, "*", "[Score \"7-7\"]\n")));
    require_legal(judge(example_record(40, "0-1", "[Score \"7-7\"]\n")));
    // An illegal record: only its turn's fault.
    const std::string bad = record(example_tiles, example(64) + "\n33. a5,LD,a5-b6", "*",
                                   std::string(example_tags) + "[Score \"7-7\"]\n");
    const Judged j = judge(bad);
    REQUIRE(j.verdict == jv::Verdict::illegal);
    CHECK(j.faults.size() == 1);
    CHECK(j.first().rule == "I6.8");
    // A wrong result: I9.1 only.
    const Judged wrong = judge(example_record(65, "0-1", "[Score \"7-7\"]\n"));
    REQUIRE(wrong.verdict == jv::Verdict::illegal);
    CHECK(wrong.faults.size() == 1);
    CHECK(wrong.first().rule == "I9.1");
}

TEST_CASE("imbriquation I11.3: a tile turn is checked shape, placement, tile code, action",
          "[imbriquation][I11.3]") {
    const std::string prefix = "1. d4 a1 2. h1 h8";
    // A placement on a pawn and a misplaced tile code: the shape first.
    require_turn_fault(standard_tiles, prefix, "3. d4,d4-d5,SO", "SO", "I3.3", 3, "light",
                       "is written right after the placement, as");
    // A placement on a pawn and a wrong tile code: the placement first.
    require_turn_fault(standard_tiles, prefix, "3. d4,RO,d4-d5", "d4", "I4.1", 3, "light",
                       "place a pawn on d4: the light pawn already stands there");
    // A wrong tile code and a removal of a pawn that can act: the tile code first.
    require_turn_fault(standard_tiles, prefix, "3. e2,RO,xe2", "RO", "I9.2", 3, "light",
                       "this turn draws SO");
    // A wrong turn number comes before the whole turn.
    const std::string text = record(standard_tiles, prefix + "\n4. d4,RO,d4-d5");
    const Judged j = judge(text);
    require_fault(j, "I9.2", where(text, "4. d4,RO"), 3, "light", "d4");
}

// ---------------------------------------------------------------------------------------------
// I7 Territory and score

namespace {

jv::imb::Squares squares(std::initializer_list<std::string_view> names) {
    jv::imb::Squares out = 0;
    for (std::string_view name : names) out |= jv::imb::bit(*jv::imb::parse_square(name));
    return out;
}

jv::imb::Position board(std::initializer_list<std::string_view> light,
                        std::initializer_list<std::string_view> dark) {
    jv::imb::Position p =
        jv::imb::Position::start(4, std::nullopt, std::nullopt, jv::imb::Color::light);
    p.set_pawns(jv::imb::Color::light, squares(light));
    p.set_pawns(jv::imb::Color::dark, squares(dark));
    return p;
}

std::array<int, 2> territory(const jv::imb::Position& p) {
    return jv::imb::score_of(p).territory;
}

}  // namespace

TEST_CASE(
    "imbriquation I7.2: a territory is an enclosed region off the edge bordered by one "
    "colour",
    "[imbriquation][I7.1][I7.2][I7.3]") {
    using jv::imb::Color;
    SECTION("one square enclosed by four own pawns") {
        const auto p = board({"c2", "b3", "d3", "c4"}, {"h8"});
        CHECK(territory(p) == std::array<int, 2>{1, 0});
        CHECK(jv::imb::territories(p)[0] == squares({"c3"}));
    }
    SECTION("diagonal neighbours do not matter") {
        CHECK(territory(board({"c2", "b3", "d3", "c4"}, {"b2", "d4", "b4", "d2"})) ==
              std::array<int, 2>{1, 0});
    }
    SECTION("a region touching the edge is nobody's") {
        // a1 closed off by a2 and b1; b1..b2 pocket on the edge.
        CHECK(territory(board({"a2", "b1"}, {})) == std::array<int, 2>{0, 0});
        CHECK(territory(board({"a3", "b2", "c1"}, {"h8"})) == std::array<int, 2>{0, 0});
    }
    SECTION("a region bordered by both colours is nobody's") {
        CHECK(territory(board({"c2", "b3", "d3"}, {"c4"})) == std::array<int, 2>{0, 0});
    }
    SECTION("a larger region, own pawns inside and one pawn bordering two territories") {
        // c3, e3 enclosed by Light with a Light pawn on d3 between them: two territories.
        const auto p = board({"b3", "f3", "c2", "d2", "e2", "c4", "d4", "e4", "d3"}, {"a1"});
        CHECK(territory(p) == std::array<int, 2>{2, 0});
        // Without d3, one region c3-d3-e3 of three squares.
        const auto open = board({"b3", "f3", "c2", "d2", "e2", "c4", "d4", "e4"}, {"a1"});
        CHECK(territory(open) == std::array<int, 2>{3, 0});
        // A Dark pawn on d3 borders both squares: no territory.
        const auto enemy = board({"b3", "f3", "c2", "d2", "e2", "c4", "d4", "e4"}, {"d3"});
        CHECK(territory(enemy) == std::array<int, 2>{0, 0});
        // A Dark pawn on e3 borders the rest, c3-d3.
        const auto corner = board({"b3", "f3", "c2", "d2", "e2", "c4", "d4", "e4"}, {"e3"});
        CHECK(territory(corner) == std::array<int, 2>{0, 0});
        // A part closed off from the dark pawn by Light pawns still counts.
        const auto closed = board({"b3", "f3", "c2", "d2", "e2", "c4", "d4", "e4", "d3"}, {"e3"});
        CHECK(territory(closed) == std::array<int, 2>{1, 0});
    }
    SECTION("both players' territories") {
        const auto p = board({"c2", "b3", "d3", "c4"}, {"f6", "e7", "g7", "f8", "g8", "h7"});
        // f7 is Dark's: its four neighbours are Dark pawns (some on edge squares, which is
        // allowed: only the region's own squares may not touch the edge).
        CHECK(territory(p) == std::array<int, 2>{1, 1});
    }
}

TEST_CASE("imbriquation I7.5: territory decides, then pawns, then the game is drawn",
          "[imbriquation][I7.5]") {
    using jv::ResultKind;
    // By territory, whatever the pawns.
    CHECK(jv::imb::scored_result(jv::imb::score_of(
              board({"c2", "b3", "d3", "c4"}, {"a1", "a2", "a3", "a4", "a5", "a6"}))) ==
          ResultKind::white_wins);
    CHECK(jv::imb::scored_result(jv::imb::score_of(
              board({"a1", "a2", "a3", "a4", "a5", "a6"}, {"c2", "b3", "d3", "c4"}))) ==
          ResultKind::black_wins);
    // Equal territory: by pawns.
    CHECK(jv::imb::scored_result(jv::imb::score_of(board({"a1", "a2"}, {"h8"}))) ==
          ResultKind::white_wins);
    CHECK(jv::imb::scored_result(jv::imb::score_of(board({"a1"}, {"h8", "h7"}))) ==
          ResultKind::black_wins);
    // Equal in both: drawn.
    CHECK(jv::imb::scored_result(jv::imb::score_of(board({"a1"}, {"h8"}))) == ResultKind::draw);
    CHECK(jv::imb::scored_result(jv::imb::score_of(board({}, {}))) == ResultKind::draw);

    // Seen through the position string: an end that the board does not score is refused.
    const std::string ranks =
        "DLDDDDDL/DLL..D.D/LD.L..DD/L......D/L.L....L/DL.L..LL/DLLLD..L/"
        ".LLDD.DL";
    const std::string tail =
        "|ply=65|next=-|round=5|phase=end|left=|openings=4|tiles1=SO,RO,LO,"
        "RD,BL,LD,JD,SD,JO|tiles4=LD,BL,RO,LO,RD,SO,SD,JO,JD|over=";
    std::uint32_t offset = 0;
    std::string error;
    CHECK(imbriquation().parse_position(ranks + tail + "1-0:rounds-complete", {}, offset, error));
    for (std::string_view over : {"0-1:rounds-complete", "1/2-1/2:rounds-complete"}) {
        INFO(over);
        CHECK_FALSE(
            imbriquation().parse_position(ranks + tail + std::string(over), {}, offset, error));
        CHECK_THAT(error, Contains("the board scores 1-0"));
    }
    // Light's pawns on b8 and b1 gone, Dark's on a8 moved to b8: territories 1-1, pawns 19-19,
    // drawn.
    const std::string drawn =
        ".DDDDDDL/DLL..D.D/LD.L..DD/L......D/L.L....L/DL.L..LL/DLLLD..L/"
        "..LDD.DL";
    CHECK(
        imbriquation().parse_position(drawn + tail + "1/2-1/2:rounds-complete", {}, offset, error));
    INFO(error);
}

// ---------------------------------------------------------------------------------------------
// I8.2, I11.1 No place to play. The games are played by the support's blocking_game.

using jv::test::imbriquation::Blocked;
using jv::test::imbriquation::blocking_game;

TEST_CASE("imbriquation I8.2: the game ends before a tile turn whose player has no square",
          "[imbriquation][I8.2][I8.3]") {
    const jv::imb::Ruleset rules;
    const Blocked game =
        blocking_game("SD SO BL RD RO JD JO LD LO", "JO JD LO LD BL SO SD RO RD", rules);
    // Light or Dark to place a tile turn of round 5, and no square left for it.
    CHECK(game.end.round() == 5);
    CHECK_FALSE(game.end.in_openings());
    CHECK(jv::imb::placement_squares(game.end, game.end.side_to_move(), false, rules) == 0);
    const Judged j = judge(game.text);
    require_legal(j);
    CHECK(j.reason == "no-placement");
    CHECK_THAT(j.position, Contains("|next=-|round=5|phase=end|"));
    CHECK_THAT(j.position, EndsWith(":no-placement"));
    // No turn may follow.
    const std::string more = game.text.substr(0, game.text.rfind('\n', game.text.size() - 2)) +
                             "\n" + game.next_turn + "\n" + j.result + "\n";
    const Judged after = judge(more);
    REQUIRE(after.verdict == jv::Verdict::illegal);
    CHECK(after.first().rule == "I8.3");
    CHECK(after.first().at ==
          where_at(more, more.rfind(game.next_turn) + game.next_turn.size() - 2));
    CHECK(after.first().action == "a1");
    CHECK(after.first().turn == game.end.ply() / 2 + 1);
    CHECK(after.first().side == std::string(jv::imb::color_word(game.end.side_to_move())));
    CHECK_THAT(after.first().message,
               Contains(fmt::format("the game ended when {} had no square to place a pawn on; no "
                                    "turn may follow",
                                    jv::imb::color_name(game.end.side_to_move()))));
    CHECK(after.reason == "no-placement");
}

TEST_CASE(
    "imbriquation I8.2: the game ends before an opening placement whose player has no "
    "square",
    "[imbriquation][I8.2][I8.3]") {
    jv::imb::Ruleset rules;
    rules.opening_pawns = jv::imb::OpeningPawns::four_each;
    const Blocked game =
        blocking_game("LD LO RO RD SO BL JD SD JO", "SD RD BL SO RO JD JO LD LO", rules);
    CHECK(game.end.in_openings());
    CHECK(jv::imb::placement_squares(game.end, game.end.side_to_move(), true, rules) == 0);
    const Judged j = judge(game.text, {"opening_pawns=four-each"});
    require_legal(j);
    CHECK(j.reason == "no-placement");
    CHECK_THAT(j.position, Contains("|phase=end|"));
    const std::string more = game.text.substr(0, game.text.rfind('\n', game.text.size() - 2)) +
                             "\n" + game.next_turn + "\n" + j.result + "\n";
    const Judged after = judge(more, {"opening_pawns=four-each"});
    REQUIRE(after.verdict == jv::Verdict::illegal);
    CHECK(after.first().rule == "I8.3");
    CHECK_THAT(after.first().message, Contains("had no square to place a pawn on"));
}

TEST_CASE(
    "imbriquation I11.1: under early_end = either-player the player who just played is "
    "examined too",
    "[imbriquation][I11.1][I8.2][options]") {
    jv::imb::Ruleset rules;
    rules.early_end = jv::imb::EarlyEnd::either_player;
    const Blocked game =
        blocking_game("RO RD BL SD JO JD LO LD SO", "JO RD LO LD BL JD RO SD SO", rules);
    CHECK(game.end.ply() == 58);
    // The player to move still has a square; the one who just played would have none for its
    // next placement, judged as the kind of turn it would be.
    const jv::imb::Position& end = game.end;
    CHECK(jv::imb::placement_squares(end, end.side_to_move(), end.in_openings(), rules) != 0);
    CHECK(jv::imb::placement_squares(end, jv::imb::opponent(end.side_to_move()),
                                     end.opening_turn_at(end.ply() + 1), rules) == 0);
    const Judged either = judge(game.text, {"early_end=either-player"});
    require_legal(either);
    CHECK(either.reason == "no-placement");
    // Under player-to-move the game goes on: the same result is the record's own.
    const Judged mover = judge(game.text);
    require_legal(mover);
    CHECK(mover.reason == "declared");
    CHECK_THAT(mover.position, EndsWith("|over=-"));
    // A turn that follows: illegal under either-player, legal under player-to-move.
    jv::imb::Ruleset plain;
    const jv::test::imbriquation::Filler one = jv::test::imbriquation::fill(end, 1, plain);
    const std::string token =
        jv::imb::end_before_turn(one.position, jv::imb::Ruleset{}).over
            ? std::string(jv::result_text(jv::imb::scored_result(jv::imb::score_of(one.position))))
            : std::string("*");
    std::string unfinished = game.text.substr(0, game.text.rfind('\n', game.text.size() - 2)) +
                             "\n" + one.movetext + token + "\n";
    unfinished.replace(unfinished.find("[Result \""), 9 + either.result.size() + 1,
                       "[Result \"" + token + "\"");
    require_legal(judge(unfinished));
    const Judged late = judge(unfinished, {"early_end=either-player"});
    REQUIRE(late.verdict == jv::Verdict::illegal);
    CHECK(late.first().rule == "I8.3");
    CHECK(late.first().turn == end.ply() / 2 + 1);
}

TEST_CASE("imbriquation I11.1: the player who just played its last turn is not examined",
          "[imbriquation][I11.1][I8.1]") {
    // Before the 65th turn the player who played the 64th has no next placement at all: the
    // game ends after the 65th turn (I8.1), so I11.1 has nothing to examine and the first player
    // plays its last turn. This blocking game leaves that player no square for a 66th turn (an
    // opening placement of a round 6 that does not exist); a referee that examined it would end
    // the game before the 65th turn.
    jv::imb::Ruleset either;
    either.early_end = jv::imb::EarlyEnd::either_player;
    const Blocked game =
        blocking_game("JO LO RO RD SO BL SD LD JD", "RD BL SO LD LO JO SD JD RO", either);
    INFO(game.text);
    REQUIRE(game.end.ply() == 65);
    const Judged j = judge(game.text, {"early_end=either-player"});
    require_legal(j);
    CHECK(j.reason == "rounds-complete");
}

TEST_CASE("imbriquation I11.1: the end names the player who has no square",
          "[imbriquation][I11.1][I8.3]") {
    // Under either-player the game may end because the player who just played has no square;
    // the referee's I8.3 (and I9.1) messages name the player to move, who has one.
    jv::imb::Ruleset rules;
    rules.early_end = jv::imb::EarlyEnd::either_player;
    const Blocked game =
        blocking_game("RO RD BL SD JO JD LO LD SO", "JO RD LO LD BL JD RO SD SO", rules);
    const std::string stuck(jv::imb::color_name(jv::imb::opponent(game.end.side_to_move())));
    const Judged j = judge(game.text, {"early_end=either-player"});
    require_legal(j);
    const std::string more = game.text.substr(0, game.text.rfind('\n', game.text.size() - 2)) +
                             "\n" + game.next_turn + "\n" + j.result + "\n";
    const Judged after = judge(more, {"early_end=either-player"});
    REQUIRE(after.verdict == jv::Verdict::illegal);
    CHECK(after.first().rule == "I8.3");
    CHECK_THAT(after.first().message,
               Contains(fmt::format("the game ended when {} had no square", stuck)));
}
