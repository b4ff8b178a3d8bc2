// J3 setup, J14.2 turn numbers, J4.3 order of actions, and records that are not JGN.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "support.hpp"

using jv::Verdict;
using jv::test::check_game;
using jv::test::game_text;

namespace {

std::string with_setup(std::string_view white, std::string_view black,
                       std::string_view rest = "*") {
    return fmt::format("[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n0. {}\n0... {}\n{}\n", white,
                       black, rest);
}

constexpr std::string_view white_ok =
    "T@a1,N@b1,G@c1,S@d1,Q@e1,K@f1,D@g1,S@h1,G@i1,N@j1,T@k1,"
    "S@a2,S@b2,S@c2,S@d2,S@e2,R@f2,S@g2,S@h2,S@i2,S@j2";
constexpr std::string_view black_ok =
    "T@a11,N@b11,G@c11,S@d11,Q@e11,K@f11,D@g11,S@h11,G@i11,N@j11,T@k11,"
    "S@a10,S@b10,S@c10,S@d10,S@e10,R@f10,S@g10,S@h10,S@i10,S@j10";

}  // namespace

TEST_CASE("J3.1 a complete setup is legal in any arrangement", "[J3.1]") {
    auto c = check_game(with_setup(white_ok, black_ok));
    REQUIRE(c.verdict == Verdict::legal);
    CHECK(c.position.rfind("tngsqkdsgnt/sssssrssss1/11/11/11/11/11/11/11/SSSSSRSSSS1/TNGSQKDSGNT"
                           "|side=w|turn=1|counter=w:1,b:1|",
                           0) == 0);
    // A free arrangement: the king on the second rank, the regenerator in a corner.
    auto other =
        check_game(with_setup("R@a1,N@b1,G@c1,S@d1,Q@e1,S@f1,D@g1,S@h1,G@i1,N@j1,T@k1,"
                              "S@a2,S@b2,S@c2,S@d2,K@e2,T@f2,S@g2,S@h2,S@i2,S@k2",
                              black_ok));
    CHECK(other.verdict == Verdict::legal);
}

TEST_CASE("J3.2 every fault of a setup is reported", "[J3.2]") {
    // e5 is off the home ranks, b1 is used twice, a third knight, and both soldiers short.
    auto c =
        check_game(with_setup("T@a1,N@b1,G@c1,S@d1,Q@e1,K@f1,D@g1,S@h1,G@i1,N@j1,T@k1,"
                              "S@a2,N@b1,S@c2,N@e5,S@e2,R@f2,S@g2,S@h2,S@i2,S@j2",
                              black_ok));
    REQUIRE(c.verdict == Verdict::illegal);
    CHECK(c.rule == "J3.2");
    CHECK(c.turn == 0u);
    CHECK(c.side == "white");
    CHECK(c.action == "N@b1");
    CHECK(c.message == "b1 is used twice in White's setup");
    CHECK(c.fault_count == 3);  // b1 twice, e5 off the ranks, 2 soldiers missing
    // Replay stops after the setup; the position is the one White's setup started from.
    CHECK(c.position.rfind("11/11/11/11/11/11/11/11/11/11/11|side=w|turn=0|", 0) == 0);
}

TEST_CASE("J3.2 messages for each kind of setup fault", "[J3.2]") {
    auto outside =
        check_game(with_setup("T@a1,N@b1,G@c1,S@d1,Q@e1,K@f1,D@g1,S@h1,G@i1,N@j1,T@k1,"
                              "S@a2,S@b2,S@c2,S@d2,S@e2,R@f2,S@g2,S@h2,S@i2,S@j3",
                              black_ok));
    CHECK(outside.rule == "J3.2");
    CHECK(outside.message == "White sets up on ranks 1 and 2; j3 is on rank 3");
    auto extra = check_game(with_setup(std::string(white_ok) + std::string(",K@k2"), black_ok));
    CHECK(extra.message == "White has 1 king; this is one more");
    auto missing = check_game(with_setup(white_ok.substr(0, white_ok.rfind(",S@j2")), black_ok));
    CHECK(missing.message == "White's setup is missing 1 soldier (10 of 11 placed)");
    CHECK(missing.action == "S@i2");  // a missing piece is located at the last setup action
    auto not_placement =
        check_game(with_setup(std::string(white_ok) + std::string(",W@k2"), black_ok));
    CHECK(not_placement.message ==
          "the setup only places army pieces and the regenerator "
          "(X@sq); W@k2 is not such a placement");
    auto black = check_game(with_setup(white_ok, std::string(black_ok) + ",S@k9"));
    CHECK(black.side == "black");
    CHECK(black.message == "Black sets up on ranks 10 and 11; k9 is on rank 9");
    // White's setup stands; Black's faulty setup starts from it.
    CHECK(black.position.rfind("11/11/11/11/11/11/11/11/11/SSSSSRSSSS1/TNGSQKDSGNT|side=b|turn=0|",
                               0) == 0);
}

TEST_CASE("J3.2 both setups are checked before replay stops", "[J3.2]") {
    auto c = check_game(with_setup(std::string(white_ok) + std::string(",S@k2"),
                                   std::string(black_ok) + ",S@k10", "1. Se2-e3 *"));
    REQUIRE(c.verdict == Verdict::illegal);
    CHECK(c.fault_count == 2);
}

TEST_CASE("J4.3 the actions of a turn apply in order", "[J4.3]") {
    // The regenerator goes to f2 first; the soldier placed after it on f2 finds it occupied.
    auto c =
        check_game(with_setup("T@a1,N@b1,G@c1,S@d1,Q@e1,K@f1,D@g1,S@h1,G@i1,N@j1,T@k1,"
                              "S@a2,S@b2,S@c2,S@d2,S@e2,R@f2,S@f2,S@g2,S@h2,S@i2",
                              black_ok));
    CHECK(c.rule == "J3.2");
    CHECK(c.action == "S@f2");
    CHECK(c.message == "f2 is used twice in White's setup");
}

TEST_CASE("J14.2 a written turn number must be right", "[J14.2]") {
    auto c = check_game(game_text("1. Se2-e3 Sa10-a9 3. Sd2-d3"));
    REQUIRE(c.verdict == Verdict::illegal);
    CHECK(c.rule == "J14.2");
    CHECK(c.turn == 2u);
    CHECK(c.message == "this is White's turn 2, numbered '2.'; '3.' is written");
    CHECK(c.line == 9);
    CHECK(c.column == 19);
    auto black = check_game(game_text("1. Se2-e3 2... Sa10-a9"));
    CHECK(black.rule == "J14.2");
    CHECK(black.message == "this is Black's turn 1, numbered '1...'; '2...' is written");
    auto setup = check_game("[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n1. K@f1 *\n");
    CHECK(setup.rule == "J14.2");
    CHECK(setup.message == "this is White's setup, numbered '0.'; '1.' is written");
    // A first turn past the setup that places nothing: the setup is missing, and is named so.
    auto no_setup = check_game(
        "[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n"
        "1. Se2-e4 Se10-e8 *\n");
    CHECK(no_setup.verdict == Verdict::illegal);
    CHECK(no_setup.rule == "J14.2");
    CHECK(no_setup.turn == 0u);
    CHECK(no_setup.message ==
          "the setup is missing: the record's first turn is numbered '1.', and a game starts "
          "with White's setup, '0.', then Black's, '0...', each placing its army (J3.1)");
    // Numbers before Black's turns may be left out, or written.
    CHECK(check_game(game_text("1. Se2-e3 1... Sa10-a9 2. Se3-e4")).verdict == Verdict::legal);
}

TEST_CASE("Records that are not JGN are invalid records", "[reading]") {
    auto missing_number = check_game(game_text("1. Se2-e3 Sa10-a9 Se3-e4"));
    CHECK(missing_number.verdict == Verdict::invalid_record);
    CHECK(missing_number.message == "White's turn must be numbered: write '2.' before it");
    CHECK(missing_number.column == 19);
    auto castling = check_game(game_text("1. O-O"));
    CHECK(castling.verdict == Verdict::invalid_record);
    CHECK(castling.message.rfind("'O-O' is not a Jelimvre action", 0) == 0);
    auto off_board = check_game(game_text("1. Se2-l3"));
    CHECK(off_board.verdict == Verdict::invalid_record);  // J1.1: files a-k, ranks 1-11
    auto no_tags = check_game("0. K@f1 *\n");
    CHECK(no_tags.verdict == Verdict::invalid_record);
    CHECK(no_tags.message == "the tag White is required: add [White \"...\"] to the tag section");
    CHECK(no_tags.result == "*");
    CHECK(no_tags.reason == "unfinished");
}

TEST_CASE("Unknown games are invalid records", "[reading]") {
    const jv::Referees referees(jv::test::catalog());
    jv::SourceFile source("t.jgn",
                          "[Game \"Go\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n*\n");
    jv::RecordReader reader(source);
    jv::GameRecord record;
    REQUIRE(reader.next(record));
    jv::GameVerdict verdict;
    referees.referee(record, {}, verdict);
    CHECK(verdict.verdict == Verdict::invalid_record);
    REQUIRE(verdict.faults.size() == 1);
    CHECK(verdict.faults[0].diagnostic.message ==
          "this tool does not referee the game \"Go\" (it knows: Jelimvre, ChessMe, Imbriquation)");
}
