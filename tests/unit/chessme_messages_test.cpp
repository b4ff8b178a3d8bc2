// ChessMe's fault messages word for word (issue 33, item 2): each names the piece with its side
// and square, the squares of the action, and why the rule refuses it, as an arbiter writes it.
// One record per message, with the rule id and the place of the fault; the rules tests
// (chessme_rules_test.cpp) look at the verdicts and positions.
#include <optional>
#include <string>
#include <string_view>

#include <catch2/catch.hpp>

#include "chessme_support.hpp"
#include "games/chessme/notation.hpp"
#include "games/chessme/position_text.hpp"
#include "games/chessme/rules.hpp"

namespace {

using jv::test::chessme::judge;
using jv::test::chessme::Judged;
using jv::test::chessme::record;
using jv::test::chessme::where;

constexpr std::string_view known_piles =
    "[WhitePile \"NPBQRPNBRPP\"]\n[BlackPile \"BPNRQPBNPRP\"]\n";

// The first eight turns of the record brief's example: after 4... Nb4xc2,P@b5+ the white king
// on e1 is in check from the knight on c2 (piles known).
constexpr std::string_view example_check =
    "1. Pd2-d3,N@d2 Pd5-d4,B@d5 2. Pc2-c3,B@c2 Pd4xc3,N@c6 3. Nd2-b1,P@e3 Nc6-b4,R@c6 "
    "4. Nb1xc3,R@d2 Nb4xc2,P@b5+";
// The first 16 turns of the example.
constexpr std::string_view example_16 =
    "1. Pd2-d3,N@d2 Pd5-d4,B@d5 2. Pc2-c3,B@c2 Pd4xc3,N@c6 3. Nd2-b1,P@e3 Nc6-b4,R@c6 "
    "4. Nb1xc3,R@d2 Nb4xc2,P@b5+ 5. Rd2xc2,Q@d2 Bd5-b3,B@f6 6. Rc2-b2,N@f1 Pc5-c4,Q@c5 "
    "7. Pd3xc4,P@d4 Qc5xc4,N@b6 8. Pd4-d5,R@d4+ Nb6xd5";
// The first 24 turns of the example: 13. Qc3xc4 then checks the black king on e6.
constexpr std::string_view example_24 =
    "1. Pd2-d3,N@d2 Pd5-d4,B@d5 2. Pc2-c3,B@c2 Pd4xc3,N@c6 3. Nd2-b1,P@e3 Nc6-b4,R@c6 "
    "4. Nb1xc3,R@d2 Nb4xc2,P@b5+ 5. Rd2xc2,Q@d2 Bd5-b3,B@f6 6. Rc2-b2,N@f1 Pc5-c4,Q@c5 "
    "7. Pd3xc4,P@d4 Qc5xc4,N@b6 8. Pd4-d5,R@d4+ Nb6xd5 9. Rd4xc4,P@d3 Bb3xc4 10. Pd3xc4 "
    "Nd5xc3,R@b6 11. Qd2xc3 Pb5xc4 12. Rb2xb6 Rc6xb6";
// The example's first 32 turns: White has placed its 11 tiles.
constexpr std::string_view example_32 =
    "1. Pd2-d3,N@d2 Pd5-d4,B@d5 2. Pc2-c3,B@c2 Pd4xc3,N@c6 3. Nd2-b1,P@e3 Nc6-b4,R@c6 "
    "4. Nb1xc3,R@d2 Nb4xc2,P@b5+ 5. Rd2xc2,Q@d2 Bd5-b3,B@f6 6. Rc2-b2,N@f1 Pc5-c4,Q@c5 "
    "7. Pd3xc4,P@d4 Qc5xc4,N@b6 8. Pd4-d5,R@d4+ Nb6xd5 9. Rd4xc4,P@d3 Bb3xc4 10. Pd3xc4 "
    "Nd5xc3,R@b6 11. Qd2xc3 Pb5xc4 12. Rb2xb6 Rc6xb6 13. Qc3xc4+ Ke6-d6 14. Pe3-e4,B@e3 "
    "Pf5xe4 15. Be3xb6 Pe4-e3,P@d3 16. Nf1xe3,P@d2 Pd3xe2";
// White's pool holds the knight Black took; the black king stands on g5 (rank 5) when a white
// pawn on d4 can reach that rank.
constexpr std::string_view promotion_line =
    "1. Pd2-d3,N@d2 Ke6-f6 2. Nd2-c4 Pd5xc4 3. Pd3-d4 Kf6-g5";

struct Expected {
    std::string_view prefix;  // the legal turns before the faulty one
    std::string_view turn;    // the faulty turn, last in the record
    std::string_view action;  // the action at fault, as written in `turn`
    std::string_view rule;
    std::string_view message;
    std::string_view tags = {};     // known_piles or none
    std::string_view setting = {};  // one option=value, or none
};

// The fault of `e.turn` after `e.prefix`: the rule, the place of the action, the exact message.
void check_message(const Expected& e) {
    const std::string movetext =
        e.prefix.empty() ? std::string(e.turn) : std::string(e.prefix) + "\n" + std::string(e.turn);
    const std::string text = record(movetext, "*", e.tags);
    const Judged j = e.setting.empty() ? judge(text) : judge(text, {e.setting});
    INFO(text);
    REQUIRE(j.verdict == jv::Verdict::illegal);
    const std::string faulty(e.turn);
    CHECK(j.first().rule == e.rule);
    CHECK(j.first().at == where(text, faulty.substr(faulty.find(e.action))));
    CHECK(j.first().action == e.action);
    CHECK(j.first().message == e.message);
}

}  // namespace

TEST_CASE("chessme messages: a move names its piece, its squares and what its pattern needs",
          "[chessme][messages][C5.1][C6.1][C6.2][C6.3][C6.4]") {
    const Expected cases[] = {
        {"", "1. Pa2-a3", "Pa2-a3", "C5.1", "White moves a pawn from a2, but a2 is empty"},
        {"", "1. Pd5-d4", "Pd5-d4", "C5.1",
         "White cannot move the black pawn on d5: a side moves only its own pieces"},
        {"", "1. Ke1-d2", "Ke1-d2", "C5.1",
         "the white king on e1 cannot move onto the white pawn on d2: no piece captures a piece "
         "of its own side"},
        {"", "1. Ke1-e1", "Ke1-e1", "C5.1",
         "the white king on e1 must leave its square, and Ke1-e1 ends where it starts"},
        {"", "1. Ke1-e3", "Ke1-e3", "C6.4",
         "the white king on e1 cannot reach e3: a king moves only one square"},
        {"1. Pe2-e3", "1... Ke6-e7", "Ke6-e7", "C6.4",
         "the black king on e6 cannot step back to e7: a king steps back only to capture, and e7 "
         "is empty"},
        {"1. Pd2-d3,N@d2 Pd5-d4", "2. Nd2-b4", "Nd2-b4", "C6.2",
         "the white knight on d2 cannot reach b4: a knight jumps two squares one way and one "
         "square the other"},
        {"1. Pd2-d3 Pd5-d4", "2. Pd3xd4", "Pd3xd4", "C6.3",
         "the white pawn on d3 cannot capture the black pawn on d4: a pawn never captures "
         "straight ahead, only one square diagonally forward"},
        {"", "1. Pd2-c3", "Pd2-c3", "C6.3",
         "the white pawn on d2 cannot move to c3: c3 is empty, and a pawn moves diagonally only "
         "to capture"},
        {"", "1. Pd2-d4", "Pd2-d4", "C6.3",
         "the white pawn on d2 cannot reach d4: a pawn moves one square straight forward, or "
         "captures one square diagonally forward"},
        {"1. Pd2-d3,R@d2 Pd5-d4", "2. Rd2-c1", "Rd2-c1", "C6.1",
         "the white rook on d2 cannot reach c1: a rook moves only along its rank or file"},
        {"1. Pd2-d3,B@d2 Pd5-d4", "2. Bd2-d1", "Bd2-d1", "C6.1",
         "the white bishop on d2 cannot reach d1: a bishop moves only along a diagonal"},
        {"1. Pd2-d3,Q@d2 Pd5-d4", "2. Qd2-b1", "Qd2-b1", "C6.1",
         "the white queen on d2 cannot reach b1: a queen moves only along a rank, a file or a "
         "diagonal"},
        {"1. Pd2-d3,R@d2 Pd5-d4", "2. Rd2xd4", "Rd2xd4", "C6.1",
         "the white rook on d2 cannot reach d4: the white pawn on d3 stands in the way"},
    };
    for (const Expected& e : cases) check_message(e);
}

TEST_CASE("chessme messages: capture marks, adjacency and promotions say what the move does",
          "[chessme][messages][C11.2][C5.2][C9.2][C9.3]") {
    const Expected cases[] = {
        {"", "1. Pd2xd3", "Pd2xd3", "C11.2",
         "the white pawn on d2 captures nothing, since d3 is empty, so the move is written with "
         "'-': Pd2-d3"},
        {"1. Pc2-c3 Pd5-d4", "2. Pc3-d4", "Pc3-d4", "C11.2",
         "the white pawn on c3 captures the black pawn on d4, so the move is written with 'x': "
         "Pc3xd4"},
        {"1. Pd2-d3,R@d2 Pd5-d4", "2. Rd2-d'2", "Rd2-d'2", "C5.2",
         "the white rook on d2 cannot stop on d'2: no piece stands next to d'2, and a move that "
         "captures nothing must end next to a piece"},
        // The rook's only neighbour on d'2 would be the square it leaves (adjacency_origin).
        {"1. Pd2-d3,R@d2 Pd5-d4 2. Rd2-d'1 Pc5-c4", "3. Rd'1-d'2", "Rd'1-d'2", "C5.2",
         "the white rook on d'1 cannot stop on d'2: once it has left d'1, no piece stands next to "
         "d'2, and a move that captures nothing must end next to a piece"},
        {promotion_line, "4. Ke1-f1=N", "Ke1-f1=N", "C9.2",
         "the white king on e1 cannot be promoted: only a pawn is promoted"},
        {"", "1. Pd2-d3=Q", "Pd2-d3=Q", "C9.2",
         "the white pawn cannot be promoted on d3, on rank 3: a pawn is promoted only on the rank "
         "where the enemy king stands, and the black king on e6 is on rank 6"},
        {promotion_line, "4. Pd4xe5=K", "Pd4xe5=K", "C9.2",
         "the white pawn reaching e5 cannot become a king: a pawn is exchanged only for a queen, "
         "a rook, a bishop or a knight"},
        {promotion_line, "4. Pd4xe5=Q", "Pd4xe5=Q", "C9.2",
         "the white pawn reaching e5 cannot become a queen: a pawn is exchanged only for a piece "
         "of its side's captured pool, and White's captured pool holds no queen (it holds N)"},
        {"1. Pd2-d3 Ke6-f6 2. Pd3-d4 Kf6-g5", "3. Pd4xe5=Q", "Pd4xe5=Q", "C9.2",
         "the white pawn reaching e5 cannot become a queen: a pawn is exchanged only for a piece "
         "of its side's captured pool, and White's captured pool is empty"},
        {promotion_line,
         "4. Pd4-d5",
         "Pd4-d5",
         "C9.3",
         "the white pawn reaching d5, on the rank of the black king, must be promoted under this "
         "ruleset: White's captured pool holds a piece to exchange it for (=N)",
         {},
         "promotion=mandatory"},
    };
    for (const Expected& e : cases) check_message(e);
}

TEST_CASE("chessme messages: check names the king, its square and the piece that attacks it",
          "[chessme][messages][C7.4][C11.2]") {
    const Expected cases[] = {
        {example_check, "5. Rd2xc2,Q@d2", "Rd2xc2", "C7.4",
         "the white rook on d2 may not move: the white king on e1 is in check from the black "
         "knight on c2, and under this ruleset only a move of the king escapes check",
         known_piles, "check_escape=king-move"},
        {"", "1. Pd2-d3,N@d2+", "N@d2+", "C11.2",
         "'+' says that the black king on e6 is in check after this turn, but no piece of "
         "White's attacks e6",
         known_piles},
        {example_24, "13. Qc3xc4#", "Qc3xc4#", "C11.2",
         "'#' says that Black is checkmated after this turn, but the black king on e6, in check, "
         "can escape: Ke6-d6 is a legal move",
         known_piles},
        {"", "1. Pd2-d3#", "Pd2-d3#", "C11.2",
         "'#' says that Black is checkmated after this turn, but the black king on e6 is not even "
         "in check"},
    };
    for (const Expected& e : cases) check_message(e);
}

TEST_CASE("chessme messages: a placement names the side, the tile, the square and its anchor",
          "[chessme][messages][C3.4][C8.1][C8.2][C8.3][C8.4][C8.5]") {
    const Expected cases[] = {
        {"", "1. Pd2-d3,K@d2", "K@d2", "C3.4",
         "White cannot place a king on d2: a king is never in the hand, and is never placed"},
        {"", "1. Pd2-d3,Q@d2", "Q@d2", "C3.4",
         "White has no queen in hand to place on d2: the hand holds BNP, and a queen is still in "
         "the pile",
         known_piles},
        // After turn 8 of the example White has placed both rooks of its pile.
        {example_16, "9. Rd4xc4,R@d3", "R@d3", "C3.4",
         "White has no rook in hand to place on d3: the hand holds BPP, and White has placed "
         "every rook it owns",
         known_piles},
        {"1. Pd2-d3,Q@d2 Pd5-d4", "2. Pc2-c3,Q@c2", "Q@c2", "C3.4",
         "White has no queen left to place on c2: the only queen of its pile has already been "
         "placed"},
        {"1. Pd2-d3,N@d2 Pd5-d4 2. Pc2-c3,N@c2 Pe5-e4", "3. Pe2-e3,N@e2", "N@e2", "C3.4",
         "White has no knight left to place on e2: the 2 knights of its pile have all been "
         "placed"},
        {example_32, "17. Bb6-c7,P@g2", "P@g2", "C3.4",
         "White cannot place a pawn on g2: White's hand is empty, every tile has been placed",
         known_piles},
        {"", "1. Pd2-d3,P@c2", "P@c2", "C8.1",
         "White cannot place a pawn on c2: c2 holds the white pawn, and a tile is placed only on "
         "an empty square"},
        {"", "1. Pd2-d3,P@a2", "P@a2", "C8.2",
         "White cannot place a pawn on a2: a pawn is placed directly left or right of one of its "
         "own pawns, and neither 'a2 nor b2 holds one"},
        {"", "1. Pd2-d3,N@c3", "N@c3", "C8.3",
         "White cannot place a knight on c3: it must stand directly behind one of White's pawns, "
         "and c4, in front of c3, is empty"},
        {"", "1. Pd2-d3,N@e'1", "N@e'1", "C8.3",
         "White cannot place a knight on e'1: it must stand directly behind one of White's pawns, "
         "and e1, in front of e'1, holds the white king"},
        {"", "1. Pd2-d3,N@d1", "N@d1", "C8.4",
         "White cannot place a knight on d1: the white pawn it would stand behind has just moved "
         "from d2 to d3, and the placement is judged on the position after the move"},
        {"", "1. Pc2-c3,P@b2", "P@b2", "C8.4",
         "White cannot place a pawn on b2: the white pawn it would stand beside has just moved "
         "from c2 to c3, and the placement is judged on the position after the move"},
        {"1. Pc2-c3 Ke6-f6 2. Pc3-c4 Kf6-g5 3. Pe2-e3 Kg5-g4",
         "4. Pd2-d3,P@d4",
         "P@d4",
         "C8.5",
         "White cannot place a pawn on d4: the black king on g4 stands on the same rank, and "
         "under this ruleset no pawn is placed on the rank of the enemy king",
         {},
         "pawn_drop_on_king_rank=forbidden"},
    };
    for (const Expected& e : cases) check_message(e);
}

TEST_CASE("chessme messages: C8.4 when no pawn is left to anchor a placement",
          "[chessme][messages][C8.4]") {
    // White's four pawns are in its captured pool; its knight on d3 moves, then a knight is
    // placed: no record of a few turns gets there, so the rule is asked on the position.
    jv::cme::PositionParseError error;
    const std::optional<jv::cme::ParsedPosition> read = jv::cme::parse_position(
        "e1=wK,d3=wN,c5=bP,d5=bP,e5=bP,f5=bP,e6=bK|side=w|turn=5|hand=w:???,b:???|pile=w7,b8|"
        "next=w:?,b:?|captured=w:PPPP,b:|over=-",
        error);
    INFO(error.message);
    REQUIRE(read);
    const jv::cme::ActionParse knight = jv::cme::parse_action("N@d2");
    REQUIRE(knight.word);
    const std::optional<jv::RuleFault> problem =
        jv::cme::check_placement(read->position, knight.word->action, jv::cme::Ruleset{});
    REQUIRE(problem);
    CHECK(problem->rule == "C8.4");
    CHECK(problem->message ==
          "White cannot place a knight on d2: after its move White has no pawn on the grid, and a "
          "tile is placed only beside or behind one of its own pawns");
}

TEST_CASE("chessme messages: the shape of a turn names its actions", "[chessme][messages][C4.1]") {
    const Expected cases[] = {
        {"", "1. N@d1", "N@d1", "C4.1",
         "White places a knight on d1 before any move: a turn starts with a move of a piece on "
         "the grid, and a placement comes only after it"},
        {"", "1. Pd2-d3,Pe2-e3", "Pe2-e3", "C4.1",
         "White has already moved in this turn (Pd2-d3): a turn has one move, then at most one "
         "placement"},
        {"1. Pd2-d3", "1... Pd5-d4,N@d5,P@b5", "P@b5", "C4.1",
         "Black plays 3 actions in this turn, and a turn is one move, then at most one placement: "
         "the first action too many is P@b5"},
    };
    for (const Expected& e : cases) check_message(e);
}

TEST_CASE("chessme messages: the position reader counts the pieces it refuses",
          "[chessme][messages]") {
    jv::cme::PositionParseError error;
    CHECK_FALSE(jv::cme::parse_position(
        "e1=wK,c2=wP,d2=wP,e2=wP,c5=bP,d5=bP,e5=bP,f5=bP,e6=bK|side=w|turn=5|hand=w:???,b:???|"
        "pile=w8,b8|next=w:?,b:?|captured=w:,b:|over=-",
        error));
    CHECK(error.offset == 0);
    CHECK(error.message ==
          "White has 3 pawns on the grid and in its captured pool, fewer than the 4 it starts "
          "with");
    CHECK_FALSE(jv::cme::parse_position(
        "e1=wK,c2=wP,d2=wP,e2=wP,f2=wP,d3=wQ,e3=wQ,c5=bP,d5=bP,e5=bP,f5=bP,e6=bK|side=w|turn=5|"
        "hand=w:???,b:???|pile=w8,b8|next=w:?,b:?|captured=w:,b:|over=-",
        error));
    CHECK(error.message ==
          "White has 2 queens on the grid and in its captured pool, more than "
          "the 1 a side owns");
}
