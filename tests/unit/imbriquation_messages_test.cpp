// Imbriquation's messages, word for word (issue 33): each names the pawn with its colour, the
// squares and what the record did against the rule, so that an arbiter can settle a dispute from
// the message alone. Each case gives a record, the rule id, the place of the fault and the whole
// message.
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include <catch2/catch.hpp>

#include "core/game.hpp"
#include "imbriquation_support.hpp"

namespace {

using jv::test::imbriquation::game;
using jv::test::imbriquation::judge;
using jv::test::imbriquation::Judged;
using jv::test::imbriquation::record;
using jv::test::imbriquation::where_at;

constexpr std::string_view standard_tiles = "SO SD RO RD JO JD LO LD BL";

// A record whose last turn is `turn`, after the turns of `prefix`, under `tiles1`.
struct Case {
    std::string_view tiles1;
    std::string_view prefix;
    std::string_view turn;
    std::string_view word;  // the word of `turn` the fault points at (its last occurrence)
    std::string_view rule;
    std::string_view message;
};

void require_message(const Case& c) {
    const std::string movetext =
        c.prefix.empty() ? std::string(c.turn) : std::string(c.prefix) + "\n" + std::string(c.turn);
    const std::string text = record(c.tiles1, movetext);
    const Judged j = judge(text);
    INFO(text);
    INFO(j.summary());
    REQUIRE_FALSE(j.faults.empty());
    const std::size_t turn_at = text.rfind(c.turn);
    REQUIRE(turn_at != std::string::npos);
    CHECK(j.first().rule == c.rule);
    CHECK(j.first().at == where_at(text, turn_at + c.turn.rfind(c.word)));
    CHECK(j.first().message == c.message);
}

constexpr std::string_view four_pawns = "1. d4 a1 2. h1 h8";

}  // namespace

TEST_CASE("imbriquation messages: an opening placement names the word that has no place in it",
          "[imbriquation][messages][I3.2]") {
    require_message({standard_tiles, "1. d4 e5", "2. a1,SO", "SO", "I3.2",
                     "this turn is opening placement 3 of 4 in round 1: it draws no tile, so the "
                     "tile code SO has no place in it"});
    require_message({standard_tiles, "1. d4", "1... e5,e5-e6", "e5-e6", "I3.2",
                     "this turn is opening placement 2 of 4 in round 1: it places a pawn and "
                     "nothing acts, so the action e5-e6 has no place in it"});
    require_message({standard_tiles, "1. d4", "1... e5,f5", "f5", "I3.2",
                     "this turn is opening placement 2 of 4 in round 1: it places one pawn, on e5, "
                     "so f5 would be a second placement"});
}

TEST_CASE("imbriquation messages: a tile turn of the wrong shape names the words at fault",
          "[imbriquation][messages][I3.3]") {
    require_message({standard_tiles, four_pawns, "3. SO,e2,e2-f2", "SO", "I3.3",
                     "a tile turn starts with the placement of a pawn on a square (such as e4); "
                     "this one starts with SO"});
    require_message({standard_tiles, four_pawns, "3. e2,f2", "f2", "I3.3",
                     "a tile turn places one pawn, on e2 here, so f2 would be a second placement"});
    require_message({standard_tiles, four_pawns, "3. e2,e2-f2,SO", "SO", "I3.3",
                     "the tile code SO is written right after the placement, as e2,SO; here it "
                     "follows e2-f2"});
    require_message({standard_tiles, four_pawns, "3. e2,SO,e2-f2,f2-g2", "f2-g2", "I3.3",
                     "a tile turn has one action after its placement and tile code; e2-f2 is that "
                     "action, so f2-g2 is one too many"});
}

TEST_CASE("imbriquation messages: a placement on a pawn names the player and the pawn",
          "[imbriquation][messages][I4.1]") {
    require_message({standard_tiles, "1. d4", "1... d4", "d4", "I4.1",
                     "Dark cannot place a pawn on d4: the light pawn already stands there, and a "
                     "pawn is placed only on an empty square"});
}

TEST_CASE("imbriquation messages: the wrong pawn acting is named with its colour and square",
          "[imbriquation][messages][I5.1]") {
    const std::string_view prefix = "1. d4 e5 2. a1 h8";
    require_message({standard_tiles, prefix, "3. c3,SO,d4-d3", "d4-d3", "I5.1",
                     "in round 1 only the pawn just placed on c3 performs the SO tile's action, "
                     "not the light pawn on d4"});
    require_message({standard_tiles, prefix, "3. c3,SO,e5-e4", "e5-e4", "I5.1",
                     "in round 1 only the pawn just placed on c3 performs the SO tile's action, "
                     "not the dark pawn on e5"});
    require_message({standard_tiles, prefix, "3. c3,SO,c5-c6", "c5-c6", "I5.1",
                     "in round 1 only the pawn just placed on c3 performs the SO tile's action; "
                     "c5-c6 starts from c5, which is empty"});
}

TEST_CASE("imbriquation messages: a removal of another square names the tile and the pawn placed",
          "[imbriquation][messages][I5.3]") {
    require_message({"JO SO SD RO RD JD LO LD BL", "1. d4 1... e5 2. a1 2... h8", "3. f1,JO,xd4",
                     "xd4", "I5.3",
                     "no allowed pawn can perform the JO tile's action, so the pawn just placed on "
                     "f1 leaves the board: write xf1, not xd4"});
}

TEST_CASE("imbriquation messages: a blocked step or slide names the pawn in the way",
          "[imbriquation][messages][I6.1][I6.3]") {
    require_message({standard_tiles, "1. d4 e3 2. a1 h8", "3. e2,SO,e2-e3", "e2-e3", "I6.1",
                     "the step from e2 to e3 is blocked: the dark pawn already stands on e3"});
    const std::string_view ro_first = "RO SO SD RD JO JD LO LD BL";
    const std::string_view prefix = "1. h8 1... c4 2. a8 2... h1";
    require_message({ro_first, prefix, "3. a4,RO,a4-e4", "a4-e4", "I6.3",
                     "the slide from a4 to e4 is blocked: the dark pawn on c4 stands in the way"});
    require_message({ro_first, prefix, "3. a4,RO,a4-c4", "a4-c4", "I6.3",
                     "the slide from a4 to c4 is blocked: the dark pawn already stands on c4"});
}

TEST_CASE("imbriquation messages: a refused jump names the pawns and squares that refuse it",
          "[imbriquation][messages][I6.5][I6.7]") {
    const std::string_view jo_first = "JO SO SD RO RD JD LO LD BL";
    require_message({jo_first, "1. h8 1... e4 2. a8 2... h1", "3. d4,JO,d4xd6", "d4xd6", "I6.5",
                     "the jump from d4 to d6 under the JO tile passes over d5, where no enemy pawn "
                     "stands, and a jump tile moves a pawn only by a jump that captures"});
    require_message({jo_first, "1. h8 1... d5 2. d6 2... h1", "3. d4,JO,d4xd6", "d4xd6", "I6.5",
                     "the jump from d4 to d6 under the JO tile lands on d6, where the light pawn "
                     "stands, and a jump lands only on an empty square"});
    // The second jump of a chain is pointed at.
    require_message({jo_first, "1. h8 1... d5 2. a8 2... h1", "3. d4,JO,d4xd6xd8", "xd8", "I6.5",
                     "jump 2 of the chain from d6 to d8 under the JO tile passes over d7, where no "
                     "enemy pawn stands, and a jump tile moves a pawn only by a jump that "
                     "captures"});
    const std::string_view lo_first = "LO SO SD RO RD JO JD LD BL";
    require_message({lo_first, "1. h8 1... c4 2. a8 2... d4", "3. a4,LO,a4xf4", "a4xf4", "I6.7",
                     "the jump from a4 to f4 under the LO tile passes over the dark pawns on c4 "
                     "and d4, which stand side by side, and no jump passes over two neighbouring "
                     "enemy pawns"});
    require_message({lo_first, "1. h8 1... c4 2. a8 2... e4", "3. a4,LO,a4xf4", "a4xf4", "I6.7",
                     "the jump from a4 to f4 under the LO tile passes over the dark pawns on c4, "
                     "e4: a jump captures exactly one enemy pawn (long_jump = one), and a chain "
                     "takes the others one jump at a time"});
    require_message({lo_first, "1. h8 1... c4 2. a8 2... e4", "3. a5,LO,a5xe5", "a5xe5", "I6.7",
                     "the jump from a5 to e5 under the LO tile passes over b5, c5, d5, where no "
                     "enemy pawn stands, and a jump tile moves a pawn only by a jump that "
                     "captures"});
}

TEST_CASE("imbriquation messages: an action under the blank tile names the pawn that stays",
          "[imbriquation][messages][I6.9]") {
    const std::string_view bl_first = "BL SO SD RO RD JO JD LO LD";
    const std::string_view prefix = "1. h8 1... c4 2. a8 2... e4";
    require_message({bl_first, prefix, "3. a5,BL,a5-a6", "a5-a6", "I6.9",
                     "the blank tile BL has no action: the pawn just placed on a5 stays where it "
                     "is, and a5-a6 may not follow it"});
    require_message({bl_first, prefix, "3. a5,BL,xa5", "xa5", "I6.9",
                     "the blank tile BL has no action: the pawn just placed on a5 stays where it "
                     "is, and xa5 may not follow it"});
}

TEST_CASE("imbriquation messages: a tile tag says which tiles it lacks or repeats",
          "[imbriquation][messages][I2.6]") {
    for (const auto& [tiles, differences] :
         {std::pair<std::string_view, std::string_view>{"SO SO RO RD JO JD LO LD BL",
                                                        "SO is listed 2 times, SD is not listed"},
          {"SO SD RO RD JO JD LO LD BL BL", "BL is listed 2 times"},
          {"SO SD RO RD JO JD LO LD", "BL is not listed"}}) {
        const std::string text = record(tiles, "1. d4");
        const Judged j = judge(text);
        INFO(text);
        REQUIRE_FALSE(j.faults.empty());
        CHECK(j.first().rule == "I2.6");
        CHECK(j.first().at == where_at(text, text.find("\"" + std::string(tiles))));
        CHECK(j.first().message ==
              "the Tiles1 tag lists the nine tiles SO SD RO RD JO JD LO LD BL once each, in some "
              "order; \"" +
                  std::string(tiles) + "\" does not: " + std::string(differences));
    }
}

TEST_CASE("imbriquation messages: a result that the game contradicts gives the score in words",
          "[imbriquation][messages][I9.1]") {
    std::ifstream in(std::string(JELIMVRE_SOURCE_DIR) +
                     "/samples/imbriquation/illegal-I9.1-draw-written-after-rounds-complete.jgn");
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    REQUIRE_FALSE(text.empty());
    const Judged j = judge(text);
    REQUIRE_FALSE(j.faults.empty());
    CHECK(j.first().rule == "I9.1");
    CHECK(j.first().at == where_at(text, text.rfind("1/2-1/2")));
    CHECK(j.first().message ==
          "the game ended when the fifth round was complete; Light wins on pawns 21–19, territory "
          "1–1, so the result is 1-0, not 1/2-1/2");
}

TEST_CASE("imbriquation messages: words the reader cannot read are echoed cut to 40 characters",
          "[imbriquation][messages]") {
    std::string chain = "d4";
    for (int i = 0; i < 70; ++i) chain += "xd6";
    const std::string turn = "3. e2,SO," + chain;
    const std::string text = record(standard_tiles, std::string(four_pawns) + "\n" + turn);
    const Judged j = judge(text);
    REQUIRE_FALSE(j.faults.empty());
    CHECK(j.first().rule.empty());
    CHECK(j.first().at == where_at(text, text.rfind(chain)));
    CHECK(j.first().message ==
          "'d4xd6xd6xd6xd6xd6xd6xd6xd6xd6xd6xd6xd6xd...' is a chain of 70 jumps, and a chain has "
          "at most 63: each jump captures an enemy pawn, and the board holds at most 63 pawns "
          "besides the jumping one");

    const std::string long_code = "SO SD " + std::string(60, 'Q') + " RD JO JD LO LD BL";
    const std::string tag_text = record(long_code, "1. d4");
    const Judged tag = judge(tag_text);
    REQUIRE_FALSE(tag.faults.empty());
    CHECK(tag.first().message == "'" + std::string(40, 'Q') +
                                     "...' in the Tiles1 tag is not a tile code: the codes are SO "
                                     "SD RO RD JO JD LO LD BL");
}

TEST_CASE("imbriquation messages: a position string's round and result say what is written",
          "[imbriquation][messages]") {
    const std::string empty_board =
        "......../......../......../......../......../......../......../........";
    const std::string tail =
        "|next=L|round=2|phase=opening|left=SO,SD,RO,RD,JO,JD,LO,LD,BL|openings=4|tiles1=SO,SD,"
        "RO,RD,JO,JD,LO,LD,BL|tiles4=?|over=-";
    std::uint32_t offset = 0;
    std::string error;
    const std::string wrong_round = empty_board + "|ply=0" + tail;
    CHECK_FALSE(game().parse_position(wrong_round, {}, offset, error));
    CHECK(offset == wrong_round.find("round=") + 6);
    CHECK(error == "ply 0 is in round 1, not round 2");

    const std::string ended =
        "DLDDDDDL/DLL..D.D/LD.L..DD/L......D/L.L....L/DL.L..LL/DLLLD..L/.LLDD.DL|ply=65|next=-|"
        "round=5|phase=end|left=|openings=4|tiles1=SO,RO,LO,RD,BL,LD,JD,SD,JO|tiles4=LD,BL,RO,LO,"
        "RD,SO,SD,JO,JD|over=0-1:rounds-complete";
    CHECK_FALSE(game().parse_position(ended, {}, offset, error));
    CHECK(offset == ended.find("over=") + 5);
    CHECK(error == "the board scores 1-0, not 0-1: Light wins on pawns 21–19, territory 1–1");
}
