// ChessMe's rules (design/chessme-rulings.md, notation/chessme-rules.md), seen through the game
// interface and the catalog as the commands see them: for every check the rulings make, a record
// that passes it and one that fails it, with the verdict, the C-id cited, the place of the fault
// (line:column), its turn and side, key words of the message, and the position the faulty turn
// started from.
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "chessme_support.hpp"
#include "core/game.hpp"
#include "core/ruleset.hpp"
#include "core/turn_listing.hpp"
#include "support.hpp"

using Catch::Matchers::Contains;
using Catch::Matchers::EndsWith;
using Catch::Matchers::StartsWith;

namespace {

using jv::test::chessme::game;
using jv::test::chessme::judge;
using jv::test::chessme::Judged;
using jv::test::chessme::record;
using jv::test::chessme::SeenFault;
using jv::test::chessme::where;
using jv::test::chessme::where_at;
using jv::test::chessme::where_last;

const jv::Game& chessme() {
    return game();
}

constexpr std::string_view known_piles =
    "[WhitePile \"NPBQRPNBRPP\"]\n[BlackPile \"BPNRQPBNPRP\"]\n";

void require_legal(const Judged& j) {
    INFO((j.faults.empty() ? std::string("no fault")
                           : j.first().rule + " at " + j.first().at + ": " + j.first().message));
    REQUIRE(j.verdict == jv::Verdict::legal);
    CHECK(j.faults.empty());
}

// The first fault: its rule, place, turn, side and action.
void require_fault(const Judged& j, std::string_view rule, const std::string& at,
                   std::optional<std::uint32_t> turn, std::string_view side,
                   std::string_view action) {
    INFO((j.faults.empty() ? std::string("no fault")
                           : j.first().rule + " at " + j.first().at + ": " + j.first().message));
    REQUIRE(j.verdict == jv::Verdict::illegal);
    const SeenFault& f = j.first();
    CHECK(f.rule == rule);
    CHECK(f.at == at);
    CHECK(f.turn == turn);
    CHECK(f.side == side);
    CHECK(f.action == action);
}

// An illegal record whose first fault is at `action` (written once in the text, in the last
// turn): rule, place, turn and side, and the position is the one the legal prefix reaches.
void require_turn_fault(const std::string& prefix, const std::string& faulty_turn,
                        std::string_view action, std::string_view rule, std::uint32_t turn,
                        std::string_view side, std::string_view message_part,
                        std::initializer_list<std::string_view> settings = {},
                        std::string_view tags = "") {
    const std::string text =
        record(prefix.empty() ? faulty_turn : prefix + "\n" + faulty_turn, "*", tags);
    const Judged j = judge(text, settings);
    const std::string at = where(text, std::string(faulty_turn).substr(faulty_turn.find(action)));
    require_fault(j, rule, at, turn, side, action);
    CHECK_THAT(j.first().message, Contains(std::string(message_part)));
    CHECK(j.faults.size() == 1);
    CHECK(j.result == "*");
    CHECK(j.reason == "unfinished");
    const Judged before = judge(record(prefix, "*", tags), settings);
    require_legal(before);
    CHECK(j.position == before.position);
}

void require_turn_legal(const std::string& prefix, const std::string& turn,
                        std::initializer_list<std::string_view> settings = {},
                        std::string_view tags = "") {
    require_legal(judge(record(prefix.empty() ? turn : prefix + "\n" + turn, "*", tags), settings));
}

constexpr std::string_view start_unknown =
    "e1=wK,c2=wP,d2=wP,e2=wP,f2=wP,c5=bP,d5=bP,e5=bP,f5=bP,e6=bK|side=w|turn=1|hand=w:???,b:???|"
    "pile=w8,b8|next=w:?,b:?|captured=w:,b:|over=-";
constexpr std::string_view start_known =
    "e1=wK,c2=wP,d2=wP,e2=wP,f2=wP,c5=bP,d5=bP,e5=bP,f5=bP,e6=bK|side=w|turn=1|hand=w:BNP,b:BNP|"
    "pile=w8,b8|next=w:QRPNBRPP,b:RQPBNPRP|captured=w:,b:|over=-";

// The example of the record brief (chessme-notation-brief.md, notation/chessme.md 9), one turn
// per entry.
const std::vector<std::string> example_turns = {
    "1. Pd2-d3,N@d2", "1... Pd5-d4,B@d5",  "2. Pc2-c3,B@c2",  "2... Pd4xc3,N@c6",
    "3. Nd2-b1,P@e3", "3... Nc6-b4,R@c6",  "4. Nb1xc3,R@d2",  "4... Nb4xc2,P@b5+",
    "5. Rd2xc2,Q@d2", "5... Bd5-b3,B@f6",  "6. Rc2-b2,N@f1",  "6... Pc5-c4,Q@c5",
    "7. Pd3xc4,P@d4", "7... Qc5xc4,N@b6",  "8. Pd4-d5,R@d4+", "8... Nb6xd5",
    "9. Rd4xc4,P@d3", "9... Bb3xc4",       "10. Pd3xc4",      "10... Nd5xc3,R@b6",
    "11. Qd2xc3",     "11... Pb5xc4",      "12. Rb2xb6",      "12... Rc6xb6",
    "13. Qc3xc4+",    "13... Ke6-d6",      "14. Pe3-e4,B@e3", "14... Pf5xe4",
    "15. Be3xb6",     "15... Pe4-e3,P@d3", "16. Nf1xe3,P@d2", "16... Pd3xe2",
    "17. Bb6-c7#",
};

std::string example(std::size_t turns) {
    std::string out;
    for (std::size_t i = 0; i < turns; ++i) out += (i > 0 ? "\n" : "") + example_turns[i];
    return out;
}

// The example with turn `index` written as `replacement`.
std::string example_with(std::size_t index, std::string_view replacement) {
    std::string out;
    for (std::size_t i = 0; i < example_turns.size(); ++i)
        out += (i > 0 ? "\n" : "") + (i == index ? std::string(replacement) : example_turns[i]);
    return out;
}

constexpr std::string_view example_end =
    "e1=wK,d2=wP,e2=bP,f2=wP,e3=wN,c4=wQ,e5=bP,d6=bK,f6=bB,c7=wB|side=b|turn=17|hand=w:,b:PP|"
    "pile=w0,b0|next=w:,b:|captured=w:RRBNPPPPPP,b:QRRBNNPPPP|over=1-0:checkmate";

}  // namespace

// ---------------------------------------------------------------------------------------------
// The record as a whole

TEST_CASE("chessme: the example of the record brief is legal and ends in checkmate",
          "[chessme][C10.1][C3.3][C3.5]") {
    const Judged j = judge(record(example(33), "1-0", known_piles));
    require_legal(j);
    CHECK(j.result == "1-0");
    CHECK(j.reason == "checkmate");
    CHECK(j.position == example_end);

    // Without pile tags: the hands are counted, not known (C3.4).
    const Judged unknown = judge(record(example(33), "1-0"));
    require_legal(unknown);
    CHECK(unknown.reason == "checkmate");
    CHECK(unknown.position ==
          "e1=wK,d2=wP,e2=bP,f2=wP,e3=wN,c4=wQ,e5=bP,d6=bK,f6=bB,c7=wB|side=b|turn=17|hand=w:,"
          "b:??|pile=w0,b0|next=w:?,b:?|captured=w:RRBNPPPPPP,b:QRRBNNPPPP|over=1-0:checkmate");

    // Positions along the way (notation/chessme.md 9).
    const Judged after8 = judge(record(example(8), "*", known_piles));
    require_legal(after8);
    CHECK(after8.position ==
          "e1=wK,c2=bN,d2=wR,e2=wP,f2=wP,c3=wN,d3=wP,e3=wP,b5=bP,c5=bP,d5=bB,e5=bP,f5=bP,c6=bR,"
          "e6=bK|side=w|turn=5|hand=w:QNP,b:QBP|pile=w4,b4|next=w:BRPP,b:NPRP|captured=w:BP,b:P|"
          "over=-");
    const Judged after15 = judge(record(example(15), "*", known_piles));
    require_legal(after15);
    CHECK(after15.position ==
          "e1=wK,f1=wN,b2=wR,d2=wQ,e2=wP,f2=wP,b3=bB,c3=wN,e3=wP,c4=bQ,d4=wR,b5=bP,d5=wP,e5=bP,"
          "f5=bP,b6=bN,c6=bR,e6=bK,f6=bB|side=b|turn=8|hand=w:BPP,b:RPP|pile=w0,b1|next=w:,b:P|"
          "captured=w:BPP,b:NPP|over=-");
}

TEST_CASE("chessme: a record without turns starts from C2.2 with the piles as tagged",
          "[chessme][C2.2][C13.12]") {
    const Judged unknown = judge(record("", "*"));
    require_legal(unknown);
    CHECK(unknown.reason == "unfinished");
    CHECK(unknown.position == start_unknown);
    const Judged known = judge(record("", "1/2-1/2", known_piles));
    require_legal(known);
    CHECK(known.result == "1/2-1/2");
    CHECK(known.reason == "declared");
    CHECK(known.position == start_known);
}

TEST_CASE("chessme: the outcome's reason is declared or unfinished unless the game ended",
          "[chessme][C10.3]") {
    for (std::string_view result : {"1-0", "0-1", "1/2-1/2"}) {
        const Judged j = judge(record("1. Pd2-d3 Pd5-d4", result));
        require_legal(j);
        CHECK(j.result == result);
        CHECK(j.reason == "declared");
        CHECK_THAT(j.position, EndsWith("|over=-"));
    }
    const Judged open = judge(record("1. Pd2-d3 Pd5-d4", "*"));
    require_legal(open);
    CHECK(open.result == "*");
    CHECK(open.reason == "unfinished");
    // An illegal record's outcome is that of its legal part: unfinished.
    const Judged bad = judge(record("1. Pd2-d3 Pd5-d4 2. Pd3-d5", "1-0"));
    REQUIRE(bad.verdict == jv::Verdict::illegal);
    CHECK(bad.result == "*");
    CHECK(bad.reason == "unfinished");
}

// ---------------------------------------------------------------------------------------------
// C3.2 The pile tags

TEST_CASE("chessme C3.2: a pile tag that is not the eleven pile tiles is a fault of turn 0",
          "[chessme][C3.2]") {
    SECTION("a tile too few, the other tag known") {
        const std::string text =
            record("1. Pd2-d3", "*", "[WhitePile \"NPBQRPNBRP\"]\n[BlackPile \"BPNRQPBNPRP\"]\n");
        const Judged j = judge(text);
        require_fault(j, "C3.2", where(text, "\"NPBQRPNBRP\""), 0, "white", "");
        CHECK(j.faults.size() == 1);
        CHECK_THAT(j.first().message, Contains("Q R R B B N N P P P P"));
        CHECK_THAT(j.first().message, EndsWith("\"NPBQRPNBRP\" is not: 1 P is missing"));
        // The start, the faulty pile read as unknown, the other as tagged.
        CHECK(j.position ==
              "e1=wK,c2=wP,d2=wP,e2=wP,f2=wP,c5=bP,d5=bP,e5=bP,f5=bP,e6=bK|side=w|turn=1|hand=w:"
              "???,b:BNP|pile=w8,b8|next=w:?,b:RQPBNPRP|captured=w:,b:|over=-");
        CHECK(j.reason == "unfinished");
    }
    SECTION("both tags wrong: both reported, White's first, and nothing more is judged") {
        const std::string text =
            record("1. Pd2-d5", "*", "[WhitePile \"KPBQRPNBRPP\"]\n[BlackPile \"bpnrqpbnprp\"]\n");
        const Judged j = judge(text);
        require_fault(j, "C3.2", where(text, "\"KPBQRPNBRPP\""), 0, "white", "");
        REQUIRE(j.faults.size() == 2);
        CHECK(j.faults[1].rule == "C3.2");
        CHECK(j.faults[1].at == where(text, "\"bpnrqpbnprp\""));
        CHECK(j.faults[1].turn == 0u);
        CHECK(j.faults[1].side == "black");
        CHECK(j.position == start_unknown);
        // What differs is said: a king is no tile; lower case letters are no tile letters.
        CHECK_THAT(j.first().message, EndsWith(": 1 K is one too many, 1 N is missing"));
        CHECK_THAT(j.faults[1].message,
                   EndsWith(": 1 Q is missing, 2 R are missing, 2 B are missing, 2 N are missing, "
                            "4 P are missing, 'b' is no tile letter, 'p' is no tile letter, 'n' "
                            "is no tile letter, 'r' is no tile letter, 'q' is no tile letter"));
    }
    SECTION("other characters") {
        for (std::string_view value : {"??", "NPB-QRPNBRPP", "NPBQRPNBRPPP", "QRRBBNNPPPK"}) {
            const std::string tags = fmt::format("[BlackPile \"{}\"]\n", value);
            const std::string text = record("1. Pd2-d3", "*", tags);
            const Judged j = judge(text);
            INFO(value);
            require_fault(j, "C3.2", where(text, fmt::format("\"{}\"", value)), 0, "black", "");
        }
    }
    SECTION("white space is ignored; empty and ? mean unknown") {
        const Judged spaced = judge(
            record("", "*", "[WhitePile \"NPB QRP NBRPP\"]\n[BlackPile \"\tBPNRQPBNPRP \"]\n"));
        require_legal(spaced);
        CHECK(spaced.position == start_known);
        const Judged unknown = judge(record("", "*", "[WhitePile \"?\"]\n[BlackPile \"\"]\n"));
        require_legal(unknown);
        CHECK(unknown.position == start_unknown);
    }
}

// ---------------------------------------------------------------------------------------------
// C3.4 The hand

TEST_CASE("chessme C3.4: with the piles known, the hand is tracked exactly", "[chessme][C3.4]") {
    // White's hand is B N P; after N@d2 it draws Q.
    require_turn_legal("", "1. Pd2-d3,N@d2", {}, known_piles);
    const Judged after = judge(record("1. Pd2-d3,N@d2", "*", known_piles));
    require_legal(after);
    CHECK(after.position ==
          "e1=wK,c2=wP,d2=wN,e2=wP,f2=wP,d3=wP,c5=bP,d5=bP,e5=bP,f5=bP,e6=bK|side=b|turn=1|hand=w:"
          "QBP,b:BNP|pile=w7,b8|next=w:RPNBRPP,b:RQPBNPRP|captured=w:,b:|over=-");
    require_turn_fault("", "1. Pd2-d3,Q@d2", "Q@d2", "C3.4", 1, "white",
                       "has no queen in hand to place on d2: the hand holds BNP", {}, known_piles);
    // The queen drawn is placed on the next turn; the knight, once placed, is no longer in hand.
    require_turn_legal("1. Pd2-d3,N@d2 Pd5-d4", "2. Pc2-c3,Q@c2", {}, known_piles);
    require_turn_fault("1. Pd2-d3,N@d2 Pd5-d4", "2. Pc2-c3,N@c2", "N@c2", "C3.4", 2, "white",
                       "has no knight in hand to place on c2: the hand holds QBP", {}, known_piles);
    // The same turns with the piles unknown: only the counts are checked, and they allow both.
    require_turn_legal("", "1. Pd2-d3,Q@d2");
    require_turn_legal("1. Pd2-d3,N@d2 Pd5-d4", "2. Pc2-c3,N@c2");
}

TEST_CASE("chessme C3.4: with the piles unknown, the counts of placed tiles are checked",
          "[chessme][C3.4]") {
    require_turn_fault("1. Pd2-d3,Q@d2 Pd5-d4", "2. Pc2-c3,Q@c2", "Q@c2", "C3.4", 2, "white",
                       "the only queen of its pile has already been placed");
    const std::string two_knights = "1. Pd2-d3,N@d2 Pd5-d4 2. Pc2-c3,N@c2 Pe5-e4";
    require_turn_legal(two_knights, "3. Pe2-e3,B@e2");
    require_turn_fault(two_knights, "3. Pe2-e3,N@e2", "N@e2", "C3.4", 3, "white",
                       "the 2 knights of its pile have all been placed");
    // Black's counts are its own.
    require_turn_legal("1. Pd2-d3,Q@d2", "1... Pd5-d4,Q@d5");
}

TEST_CASE("chessme C3.4: a fifth pawn placed with the piles unknown", "[chessme][C3.4]") {
    const std::string four =
        "1. Pc2-c3,P@g2 Ke6-d6 2. Pd2-d3,P@h2 Kd6-e6 3. Pe2-e3,P@i2 Ke6-d6 "
        "4. Pf2-f3,P@j2 Kd6-e6";
    require_turn_legal(four, "5. Pg2-g3,N@g2");
    require_turn_fault(four, "5. Pg2-g3,P@k2", "P@k2", "C3.4", 5, "white",
                       "the 4 pawns of its pile have all been placed");
}

TEST_CASE("chessme C3.4: the king is never placed", "[chessme][C3.4]") {
    require_turn_fault("", "1. Pd2-d3,K@d2", "K@d2", "C3.4", 1, "white",
                       "king is never in the hand");
    require_turn_fault("", "1. Pd2-d3,K@d2", "K@d2", "C3.4", 1, "white",
                       "king is never in the hand", {}, known_piles);
}

TEST_CASE("chessme C3.5: an empty pile still lets the hand be placed, until it is empty",
          "[chessme][C3.5][C3.4]") {
    // White places its 11th and last tile on turn 16 of the example; a 12th is not in the hand.
    const std::string prefix = example(32);
    require_legal(judge(record(prefix + "\n17. Bb6-c7", "1-0", known_piles)));
    require_turn_fault(prefix, "17. Bb6-c7,P@g2", "P@g2", "C3.4", 17, "white", "hand is empty", {},
                       known_piles);
    require_turn_fault(prefix, "17. Bb6-c7,P@g2", "P@g2", "C3.4", 17, "white", "hand is empty");
}

// ---------------------------------------------------------------------------------------------
// C4.1 The shape of a turn

TEST_CASE("chessme C4.1: a move, then at most one placement", "[chessme][C4.1]") {
    require_turn_legal("", "1. Pd2-d3");
    require_turn_legal("", "1. Pd2-d3,N@d2");
    require_turn_fault("", "1. N@d1", "N@d1", "C4.1", 1, "white", "starts with a move");
    require_turn_fault("", "1. N@c1,Pd2-d3", "N@c1", "C4.1", 1, "white", "starts with a move");
    require_turn_fault("", "1. Pd2-d3,Pe2-e3", "Pe2-e3", "C4.1", 1, "white",
                       "one move, then at most one placement");
    require_turn_fault("1. Pd2-d3", "1... Pd5-d4,N@d5,P@b5", "P@b5", "C4.1", 1, "black",
                       "Black plays 3 actions in this turn");
}

// ---------------------------------------------------------------------------------------------
// C5 Moves

TEST_CASE("chessme C5.1: the piece named, its owner and the target", "[chessme][C5.1]") {
    require_turn_legal("", "1. Ke1-d1");
    require_turn_fault("", "1. Pa2-a3", "Pa2-a3", "C5.1", 1, "white",
                       "White moves a pawn from a2, but a2 is empty");
    require_turn_fault("", "1. Pd5-d4", "Pd5-d4", "C5.1", 1, "white",
                       "cannot move the black pawn on d5: a side moves only its own pieces");
    require_turn_fault("", "1. Nd2-c4", "Nd2-c4", "C5.1", 1, "white",
                       "is the white pawn, not a knight");
    require_turn_fault("", "1. Ke1-d2", "Ke1-d2", "C5.1", 1, "white", "of its own side");
    require_turn_fault("", "1. Ke1-e1", "Ke1-e1", "C5.1", 1, "white",
                       "must leave its square, and Ke1-e1 ends where it starts");
    require_turn_fault("1. Pd2-d3", "1... Ke6-d5", "Ke6-d5", "C5.1", 1, "black", "of its own side");
}

TEST_CASE("chessme C5.2: a move that captures nothing ends next to a piece",
          "[chessme][C5.2][C5.3]") {
    const std::string prefix = "1. Pd2-d3,R@d2 Pd5-d4";
    require_turn_legal(prefix, "2. Rd2-d'1");  // next to the king on e1
    require_turn_fault(prefix, "2. Rd2-d'2", "Rd2-d'2", "C5.2", 2, "white",
                       "no piece stands next to d'2");
    // A capture needs no neighbour, and leaves pieces isolated (C5.3).
    require_turn_legal("1. Pc2-c3 Pd5-d4", "2. Pc3xd4");
}

TEST_CASE("chessme: far squares are read, refereed and written back", "[chessme][C1.2][C13.1]") {
    // A rook slides 10,000 files left along rank 2 (x = -9997, named 'ntn): nothing there, so
    // the move is C5.2 and the message spells the square back.
    const std::string prefix = "1. Pc2-c3,R@c2 Pd5-d4";
    require_turn_fault(prefix, "2. Rc2-'ntn2", "Rc2-'ntn2", "C5.2", 2, "white",
                       "no piece stands next to 'ntn2");
    require_turn_fault(prefix, "2. Rd2-nts2", "Rd2-nts2", "C5.1", 2, "white",
                       "the piece on d2 is the white pawn");
    // The canonical spelling of far actions is the one read.
    CHECK(chessme().canonical_action("Rc2-'ntn2") == "Rc2-'ntn2");
    CHECK(chessme().canonical_action("Qcfdgsxl1000000000x'cfdgsxl'1000000000+") ==
          "Qcfdgsxl1000000000x'cfdgsxl'1000000000+");
    // Far positions: a black rook 10,000 files right on the white rook's rank (x = 10003, nts).
    const std::string far =
        "e1=wK,c2=wR,d2=wP,nts2=bR,d5=bP,e6=bK|side=w|turn=3|hand=w:???,b:???|pile=w7,b7|next=w:"
        "?,b:?|captured=w:PPP,b:PPP|over=-";
    std::uint32_t offset = 0;
    std::string error;
    const std::unique_ptr<jv::GamePosition> position =
        chessme().parse_position(far, {}, offset, error);
    INFO(error << " at " << offset);
    REQUIRE(position);
    CHECK(chessme().position_string(*position) == far);
    const std::unique_ptr<jv::GameRules> rules = chessme().make_rules(chessme().standard_ruleset());
    const jv::TurnListing listing = rules->legal_turns(*position, jv::ListingRequest{});
    bool found_capture = false;
    bool found_beside = false;
    for (const jv::TurnGroup& group : listing.groups)
        for (const std::string& turn : group.turns) {
            if (turn == "Rc2-'ntn2") FAIL("a far empty square listed: " << turn);
            // d2's pawn blocks the rook on the right: no capture of the far rook.
            if (turn.starts_with("Rc2xnts2")) found_capture = true;
            if (turn.starts_with("Rc2-ntr2")) found_beside = true;
        }
    CHECK_FALSE(found_capture);
    CHECK_FALSE(found_beside);
    // With the pawn gone from d2, the rook captures 10,000 files away, or stops beside it.
    const std::string open =
        "e1=wK,c2=wR,nts2=bR,d3=wP,d5=bP,e6=bK|side=w|turn=3|hand=w:???,b:???|pile=w7,b7|next=w:"
        "?,b:?|captured=w:PPP,b:PPP|over=-";
    const std::unique_ptr<jv::GamePosition> opened =
        chessme().parse_position(open, {}, offset, error);
    INFO(error << " at " << offset);
    REQUIRE(opened);
    CHECK(chessme().position_string(*opened) == open);
    const jv::TurnListing moves = rules->legal_turns(*opened, jv::ListingRequest{});
    std::vector<std::string> far_turns;
    for (const jv::TurnGroup& group : moves.groups)
        for (const std::string& turn : group.turns)
            if (turn.find("nt") != std::string::npos && turn.find(',') == std::string::npos)
                far_turns.push_back(turn);
    CHECK(far_turns == std::vector<std::string>{"Rc2-ntr2", "Rc2xnts2"});
    // Each of the two, alone or with one of six placements (P beside d3, Q R B N behind it).
    std::size_t with_far = 0;
    for (const jv::TurnGroup& group : moves.groups)
        for (const std::string& turn : group.turns)
            if (turn.starts_with("Rc2-ntr2") || turn.starts_with("Rc2xnts2")) ++with_far;
    CHECK(with_far == 14);
}

TEST_CASE("chessme C1.2: x is a file like any other", "[chessme][C1.2]") {
    // `Rx1xx2` is a rook on x1 (x = 24) taking on x2: no piece there, C5.1 names x1.
    require_turn_fault("", "1. Rx1xx2", "Rx1xx2", "C5.1", 1, "white",
                       "White moves a rook from x1, but x1 is empty");
    require_turn_fault("", "1. Pe2-xa3", "Pe2-xa3", "C6.3", 1, "white",
                       "the white pawn on e2 cannot reach xa3");
}

// The rulings (brief: "White space inside the value is ignored"; notation/chessme.md 2.3 and
// C13.2: space, tab, form feed, vertical tab) make these tags the example's piles.
TEST_CASE("chessme C3.2: a form feed or vertical tab inside a pile tag is white space",
          "[chessme][C3.2][C13.2]") {
    const Judged j = judge(record(
        "1. Pd2-d3,N@d2", "*", "[WhitePile \"NPB\fQRPNBRPP\"]\n[BlackPile \"BPN\vRQPBNPRP\"]\n"));
    require_legal(j);
    CHECK(j.position == judge(record("1. Pd2-d3,N@d2", "*", known_piles)).position);
}

TEST_CASE("chessme C13.1: a square beyond the supported grid is a reading fault naming the bound",
          "[chessme][C13.1]") {
    const std::string prefix = "1. Pc2-c3,R@c2 Pd5-d4\n";
    for (std::string_view action :
         {"Rc2-'cfdgsxm2", "Rc2-c1000000001", "Rc2-c'1000000001", "Rc2-aaaaaaaa2"}) {
        const std::string text = record(prefix + "2. " + std::string(action));
        const Judged j = judge(text);
        INFO(action);
        REQUIRE(j.verdict == jv::Verdict::invalid_record);
        REQUIRE(j.faults.size() == 1);
        CHECK(j.first().rule.empty());
        // The fault points at the square beyond the grid, after "Rc2-".
        CHECK(j.first().at == where(text, action.substr(4)));
        CHECK_THAT(j.first().message, Contains("beyond the grid"));
        CHECK_THAT(j.first().message, Contains("'cfdgsxl'1000000000"));
        CHECK_THAT(j.first().message, Contains("cfdgsxl1000000000"));
        CHECK(j.position.empty());  // not replayed
    }
    // Just inside the bound the square is read, and the rules judge the move.
    require_turn_fault(prefix, "2. Rc2-'cfdgsxl2", "Rc2-'cfdgsxl2", "C5.2", 2, "white",
                       "'cfdgsxl2");
    require_turn_fault(prefix, "2. Rc2-c'1000000000", "Rc2-c'1000000000", "C5.2", 2, "white",
                       "c'1000000000");
    // A position string beyond the bound is refused.
    std::uint32_t offset = 0;
    std::string error;
    CHECK_FALSE(chessme().parse_position(
        "e1=wK,c2=wR,d2=wP,cfdgsxm2=bR,d5=bP,e6=bK|side=w|turn=3|hand=w:???,b:???|pile=w7,b7|next="
        "w:?,b:?|captured=w:PPP,b:PPP|over=-",
        {}, offset, error));
    CHECK_FALSE(error.empty());
}

// ---------------------------------------------------------------------------------------------
// C6 Patterns

TEST_CASE("chessme C6.1: sliders along their lines, over empty squares only", "[chessme][C6.1]") {
    const std::string rook = "1. Pd2-d3,R@d2 Pd5-d4";
    require_turn_legal(rook, "2. Rd2-d1");
    require_turn_fault(
        rook, "2. Rd2-c1", "Rd2-c1", "C6.1", 2, "white",
        "the white rook on d2 cannot reach c1: a rook moves only along its rank or file");
    require_turn_fault(rook, "2. Rd2xd4", "Rd2xd4", "C6.1", 2, "white",
                       "the white pawn on d3 stands in the way");
    const std::string queen = "1. Pd2-d3,Q@d2 Pd5-d4";
    require_turn_legal(queen, "2. Qd2-c1");
    require_turn_fault(queen, "2. Qd2-b1", "Qd2-b1", "C6.1", 2, "white",
                       "a queen moves only along a rank, a file or a diagonal");
    const std::string bishop = "1. Pd2-d3,B@d2 Pd5-d4";
    require_turn_legal(bishop, "2. Bd2-c1");
    require_turn_fault(bishop, "2. Bd2-d1", "Bd2-d1", "C6.1", 2, "white",
                       "a bishop moves only along a diagonal");
}

TEST_CASE("chessme C6.2: the knight's jump", "[chessme][C6.2]") {
    const std::string prefix = "1. Pd2-d3,N@d2 Pd5-d4";
    require_turn_legal(prefix, "2. Nd2-b3");
    require_turn_fault(prefix, "2. Nd2-b4", "Nd2-b4", "C6.2", 2, "white",
                       "a knight jumps two squares one way and one square the other");
}

TEST_CASE("chessme C6.3: the pawn steps forward and captures diagonally forward",
          "[chessme][C6.3]") {
    require_turn_legal("", "1. Pd2-d3");
    require_turn_legal("1. Pc2-c3 Pd5-d4", "2. Pc3xd4");
    require_turn_fault("", "1. Pd2-d4", "Pd2-d4", "C6.3", 1, "white", "cannot reach d4");
    require_turn_fault("", "1. Pd2-d1", "Pd2-d1", "C6.3", 1, "white", "cannot reach d1");
    require_turn_fault("", "1. Pd2-c3", "Pd2-c3", "C6.3", 1, "white", "diagonally only to capture");
    // Straight onto a piece is C6.3, with or without the capture mark.
    require_turn_fault("1. Pd2-d3 Pd5-d4", "2. Pd3xd4", "Pd3xd4", "C6.3", 2, "white",
                       "never captures straight ahead");
    require_turn_fault("1. Pd2-d3 Pd5-d4", "2. Pd3-d4", "Pd3-d4", "C6.3", 2, "white",
                       "never captures straight ahead");
    // Black's forward is down the ranks.
    require_turn_legal("1. Pd2-d3", "1... Pe5-e4");
    require_turn_fault("1. Pd2-d3", "1... Pf5-f6", "Pf5-f6", "C6.3", 1, "black",
                       "the black pawn on f5 cannot reach f6");
}

TEST_CASE("chessme C6.4: the king steps left, right or forward, and back only to capture",
          "[chessme][C6.4]") {
    require_turn_legal("", "1. Ke1-f1");
    require_turn_legal("1. Pe2-e3", "1... Ke6-d6");
    require_turn_fault("", "1. Ke1-e3", "Ke1-e3", "C6.4", 1, "white",
                       "the white king on e1 cannot reach e3");
    require_turn_fault("", "1. Ke1-e'1", "Ke1-e'1", "C6.4", 1, "white",
                       "steps back only to capture");
    require_turn_fault("1. Pe2-e3", "1... Ke6-e7", "Ke6-e7", "C6.4", 1, "black",
                       "steps back only to capture");
}

// ---------------------------------------------------------------------------------------------
// C7 Check

namespace {
// Black places a bishop on h4 behind its pawn on h3, checking the white king on e1 along h4-g3-f2.
const std::string placed_check =
    "1. Pf2-f3 Pc5-c4,P@g5 2. Pc2-c3 Pg5-g4,P@h4 3. Pe2-e3 Ph4-h3,B@h4+";
}  // namespace

TEST_CASE("chessme C7.3: a placed piece gives check, and a placement never rescues a move",
          "[chessme][C7.3][C7.2]") {
    const Judged checked = judge(record(placed_check));
    require_legal(checked);
    CHECK(checked.position ==
          "e1=wK,d2=wP,c3=wP,e3=wP,f3=wP,h3=bP,c4=bP,g4=bP,h4=bB,d5=bP,e5=bP,f5=bP,e6=bK|side=w|"
          "turn=4|hand=w:???,b:???|pile=w8,b5|next=w:?,b:?|captured=w:,b:|over=-");
    // The mark may stand after the move of a two-action turn: it speaks of the whole turn.
    require_legal(
        judge(record("1. Pf2-f3 Pc5-c4,P@g5 2. Pc2-c3 Pg5-g4,P@h4 3. Pe2-e3 "
                     "Ph4-h3+,B@h4")));
    // White must answer the check: the king steps aside, or the move is C7.2 even though the
    // knight placed on f2 would block the bishop.
    require_turn_legal(placed_check, "4. Ke1-d1");
    require_turn_fault(placed_check, "4. Pd2-d3,N@f2", "Pd2-d3", "C7.2", 4, "white",
                       "leaves the white king on e1 in check: the black bishop on h4 attacks it");
    // The king never steps onto an attacked square.
    require_turn_fault(placed_check, "4. Ke1-f2", "Ke1-f2", "C7.2", 4, "white",
                       "leaves the white king on f2 in check: the black bishop on h4 attacks it");
}

TEST_CASE("chessme C7.2: a move that leaves the own king in check", "[chessme][C7.2]") {
    // After 4... Nb4xc2,P@b5+ of the example, the white king on e1 is in check from c2.
    const std::string prefix = example(8);
    require_turn_legal(prefix, "5. Rd2xc2,Q@d2", {}, known_piles);
    require_turn_legal(prefix, "5. Ke1-d1", {}, known_piles);
    require_turn_fault(prefix, "5. Pe3-e4", "Pe3-e4", "C7.2", 5, "white",
                       "leaves the white king on e1 in check: the black knight on c2 attacks it",
                       {}, known_piles);
    // C12: a placement that follows does not change the rule named.
    require_turn_fault(prefix, "5. Pe3-e4,Q@e3", "Pe3-e4", "C7.2", 5, "white",
                       "leaves the white king on e1 in check: the black knight on c2 attacks it",
                       {}, known_piles);
}

// ---------------------------------------------------------------------------------------------
// C8 Placement

TEST_CASE("chessme C8.1: a tile is placed on an empty square", "[chessme][C8.1]") {
    require_turn_legal("", "1. Pd2-d3,P@b2", {}, known_piles);
    require_turn_fault("", "1. Pd2-d3,P@c2", "P@c2", "C8.1", 1, "white", "c2 holds the white pawn",
                       {}, known_piles);
    require_turn_fault("", "1. Pd2-d3,N@e1", "N@e1", "C8.1", 1, "white", "e1 holds the white king",
                       {}, known_piles);
}

TEST_CASE("chessme C8.2: a pawn is placed beside an own pawn", "[chessme][C8.2]") {
    require_turn_legal("", "1. Pd2-d3,P@g2", {}, known_piles);
    require_turn_fault("", "1. Pd2-d3,P@a2", "P@a2", "C8.2", 1, "white", "neither 'a2 nor b2", {},
                       known_piles);
    require_turn_fault("", "1. Pd2-d3,P@c4", "P@c4", "C8.2", 1, "white", "neither b4 nor d4", {},
                       known_piles);
    require_turn_legal("", "1. Pd2-d3,P@e3", {}, known_piles);
    // the black pawns on rank 5.
    require_turn_legal("1. Pd2-d3", "1... Pd5-d4,P@b5", {}, known_piles);
    require_turn_fault("1. Pd2-d3", "1... Pd5-d4,P@b4", "P@b4", "C8.2", 1, "black", "neither", {},
                       known_piles);
}

TEST_CASE("chessme C8.3: a piece is placed directly behind an own pawn", "[chessme][C8.3]") {
    require_turn_legal("", "1. Pd2-d3,N@c1", {}, known_piles);
    require_turn_fault("", "1. Pd2-d3,N@c3", "N@c3", "C8.3", 1, "white",
                       "it must stand directly behind one of White's pawns, and c4, in front "
                       "of c3, is empty",
                       {}, known_piles);
    // Black's behind is one rank up.
    require_turn_legal("1. Pd2-d3", "1... Pd5-d4,B@c6", {}, known_piles);
    require_turn_fault("1. Pd2-d3", "1... Pd5-d4,B@c4", "B@c4", "C8.3", 1, "black",
                       "c3, in front of c4, is empty", {}, known_piles);
}

TEST_CASE("chessme C8.4: the anchor is judged after the move", "[chessme][C8.4][C13.9]") {
    require_turn_legal("", "1. Pd2-d3,N@d2", {}, known_piles);
    require_turn_fault("", "1. Pd2-d3,N@d1", "N@d1", "C8.4", 1, "white",
                       "has just moved from d2 to d3", {}, known_piles);
    require_turn_fault("", "1. Pc2-c3,P@b2", "P@b2", "C8.4", 1, "white",
                       "has just moved from c2 to c3", {}, known_piles);
}

TEST_CASE("chessme C8.5: by default a pawn placed on the enemy king's rank stays a pawn",
          "[chessme][C8.5][C9.4]") {
    // the black king walks to g4 (rank 4); White places a pawn on d4 beside its pawn on c4.
    const std::string prefix = "1. Pc2-c3 Ke6-f6 2. Pc3-c4 Kf6-g5 3. Pe2-e3 Kg5-g4";
    const Judged j = judge(record(prefix + "\n4. Pd2-d3,P@d4"));
    require_legal(j);
    CHECK_THAT(j.position, StartsWith("e1=wK,f2=wP,d3=wP,e3=wP,c4=wP,d4=wP,g4=bK,"));
}

// ---------------------------------------------------------------------------------------------
// C9 Promotion

namespace {
// Black takes the white knight (White's captured pool: N), then its king stands on rank 5 when a
// white pawn on d4 can reach that rank.
const std::string promotion_line = "1. Pd2-d3,N@d2 Ke6-f6 2. Nd2-c4 Pd5xc4 3. Pd3-d4 Kf6-g5";
}  // namespace

TEST_CASE("chessme C9.2: a pawn on the enemy king's rank may become a piece of its pool",
          "[chessme][C9.2][C9.1]") {
    const Judged promoted = judge(record(promotion_line + "\n4. Pd4xe5=N"));
    require_legal(promoted);
    CHECK(promoted.position ==
          "e1=wK,c2=wP,e2=wP,f2=wP,c4=bP,c5=bP,e5=wN,f5=bP,g5=bK|side=b|turn=4|hand=w:???,b:???|"
          "pile=w7,b8|next=w:?,b:?|captured=w:P,b:P|over=-");
    require_turn_legal(promotion_line, "4. Pd4-d5=N");
    require_turn_legal(promotion_line, "4. Pd4xe5");  // optional (C9.3)
    require_turn_fault(promotion_line, "4. Pd4xe5=Q", "Pd4xe5=Q", "C9.2", 4, "white",
                       "captured pool holds no queen");
    require_turn_fault(promotion_line, "4. Pd4xe5=P", "Pd4xe5=P", "C9.2", 4, "white",
                       "cannot become a pawn");
    require_turn_fault(promotion_line, "4. Pd4xe5=K", "Pd4xe5=K", "C9.2", 4, "white",
                       "cannot become a king");
    require_turn_fault(promotion_line, "4. Ke1-f1=N", "Ke1-f1=N", "C9.2", 4, "white",
                       "only a pawn is promoted");
    require_turn_fault("1. Pd2-d3,N@d2 Ke6-f6 2. Nd2-c4 Pd5xc4", "3. Pd3-d4=N", "Pd3-d4=N", "C9.2",
                       3, "white", "the black king on f6 is on rank 6");
}

// ---------------------------------------------------------------------------------------------
// C10 The end

TEST_CASE("chessme C10.1, C10.4: checkmate ends the game and nothing may follow",
          "[chessme][C10.1][C10.4]") {
    // Checkmate without the mark is still checkmate.
    const Judged unmarked = judge(record(example_with(32, "17. Bb6-c7"), "1-0", known_piles));
    require_legal(unmarked);
    CHECK(unmarked.reason == "checkmate");
    CHECK(unmarked.position == example_end);

    const std::string text = record(example(33) + "\n17... Kd6-d5", "1-0", known_piles);
    const Judged j = judge(text);
    require_fault(j, "C10.4", where(text, "Kd6-d5"), 17, "black", "Kd6-d5");
    CHECK_THAT(j.first().message, Contains("Black was checkmated"));
    CHECK(j.result == "1-0");
    CHECK(j.reason == "checkmate");
    CHECK(j.position == example_end);
    // Any action at all, even one that cannot be played.
    const std::string placement = record(example(33) + "\n17... P@a1", "1-0", known_piles);
    require_fault(judge(placement), "C10.4", where(placement, "P@a1"), 17, "black", "P@a1");
}

namespace {
// The first generated game (standard rules, seeds 1 to 40) that ends in stalemate.
std::string stalemate_game() {
    const std::unique_ptr<jv::GameRules> rules = chessme().make_rules(chessme().standard_ruleset());
    for (std::uint64_t seed = 1; seed <= 40; ++seed)
        for (std::uint32_t round = 1; round <= 5; ++round) {
            std::string text = rules->generate(seed, round, jv::GenerateRequest{});
            if (text.find("[Result \"1/2-1/2\"]") == std::string::npos) continue;
            if (judge(text).reason == "stalemate") return text;
        }
    FAIL("no stalemate among the generated games");
    return {};
}

// `text` with its result token (the last one) and Result tag replaced.
std::string with_result(std::string text, std::string_view from, std::string_view to) {
    const std::size_t token = text.rfind(from);
    REQUIRE(token != std::string::npos);
    text.replace(token, from.size(), to);
    const std::string tag = fmt::format("[Result \"{}\"]", from);
    const std::size_t at = text.find(tag);
    REQUIRE(at != std::string::npos);
    text.replace(at, tag.size(), fmt::format("[Result \"{}\"]", to));
    return text;
}
}  // namespace

TEST_CASE("chessme C10.2, C10.4: stalemate ends the game in a draw and nothing may follow",
          "[chessme][C10.2][C10.4][C11.1]") {
    const std::string text = stalemate_game();
    const Judged j = judge(text);
    require_legal(j);
    CHECK(j.result == "1/2-1/2");
    CHECK(j.reason == "stalemate");
    CHECK_THAT(j.position, EndsWith("|over=1/2-1/2:stalemate"));

    // Any other result contradicts the game (C11.1, at the result token).
    const std::string won = with_result(text, "1/2-1/2", "1-0");
    const Judged wrong = judge(won);
    require_fault(wrong, "C11.1", where_last(won, "1-0"), std::nullopt, "", "");
    CHECK_THAT(wrong.first().message, Contains("stalemate"));
    CHECK(wrong.reason == "stalemate");

    // An action after the stalemate: C10.4, whoever is to move.
    const bool black = j.position.find("|side=b|") != std::string::npos;
    const std::size_t turn_at = j.position.find("|turn=") + 6;
    const std::string number = j.position.substr(turn_at, j.position.find('|', turn_at) - turn_at);
    const std::string extra = fmt::format("{}{} Pa2-a3", number, black ? "..." : ".");
    std::string after = text;
    const std::size_t token = after.rfind("1/2-1/2");
    after.insert(token, extra + "\n");
    const Judged late = judge(after);
    require_fault(late, "C10.4", where(after, extra.substr(extra.find(' ') + 1)),
                  static_cast<std::uint32_t>(std::stoul(number)), black ? "black" : "white",
                  "Pa2-a3");
    CHECK_THAT(late.first().message, Contains("stalemate"));
    CHECK(late.reason == "stalemate");
    CHECK(late.position == j.position);
}

// ---------------------------------------------------------------------------------------------
// C11 The record's own marks and result

TEST_CASE("chessme C11.1: the result agrees with the tag and with the game", "[chessme][C11.1]") {
    SECTION("the tag differs from the token: at the tag's value") {
        const std::string text = fmt::format(
            "[White \"Ana\"]\n[Black \"Bruno\"]\n[Result \"1-0\"]\n[Game \"ChessMe\"]\n\n1. "
            "Pd2-d3 0-1\n");
        const Judged j = judge(text);
        require_fault(j, "C11.1", where(text, "\"1-0\""), std::nullopt, "", "");
        CHECK_THAT(j.first().message, Contains("the Result tag says \"1-0\""));
    }
    SECTION("after checkmate, only the winner's result") {
        for (std::string_view result : {"0-1", "1/2-1/2", "*"}) {
            const std::string text = record(example(33), result, known_piles);
            const Judged j = judge(text);
            INFO(result);
            require_fault(j, "C11.1", where_last(text, result), std::nullopt, "", "");
            CHECK_THAT(j.first().message, Contains("so the result is 1-0"));
            CHECK(j.reason == "checkmate");
            CHECK(j.position == example_end);
        }
    }
}

TEST_CASE("chessme C11.2: the capture mark is written exactly when the move captures",
          "[chessme][C11.2]") {
    require_turn_fault("", "1. Pd2xd3", "Pd2xd3", "C11.2", 1, "white", "written with '-': Pd2-d3");
    require_turn_fault("1. Pc2-c3 Pd5-d4", "2. Pc3-d4", "Pc3-d4", "C11.2", 2, "white",
                       "written with 'x': Pc3xd4");
    require_turn_legal("1. Pc2-c3 Pd5-d4", "2. Pc3xd4");
}

TEST_CASE("chessme C11.2: a check mark must be true of the position after the whole turn",
          "[chessme][C11.2][C13.3]") {
    // True marks: the example's + and #, a + on a mating turn.
    require_legal(judge(record(example_with(32, "17. Bb6-c7+"), "1-0", known_piles)));
    require_legal(judge(record(example_with(7, "4... Nb4xc2+,P@b5"), "1-0", known_piles)));
    // False marks, at the word that carries them.
    require_turn_fault("", "1. Pd2-d3,N@d2+", "N@d2+", "C11.2", 1, "white",
                       "'+' says that the black king on e6 is in check after this turn, but no "
                       "piece of White's attacks e6",
                       {}, known_piles);
    require_turn_fault("", "1. Pd2-d3+,N@d2", "Pd2-d3+", "C11.2", 1, "white",
                       "no piece of White's attacks e6", {}, known_piles);
    require_turn_fault(example(24), "13. Qc3xc4#", "Qc3xc4#", "C11.2", 13, "white",
                       "in check, can escape: Ke6-d6 is a legal move", {}, known_piles);
    require_turn_fault("", "1. Pd2-d3#", "Pd2-d3#", "C11.2", 1, "white", "is not even in check");
}

TEST_CASE("chessme C11.2: a written turn number must be the right one", "[chessme][C11.2]") {
    require_turn_legal("", "1. Pd2-d3 Pd5-d4");
    require_turn_legal("", "1. Pd2-d3 1... Pd5-d4");
    SECTION("0. for the first turn") {
        const std::string text = record("0. Pd2-d3");
        const Judged j = judge(text);
        require_fault(j, "C11.2", where(text, "0. Pd2"), 1, "white", "Pd2-d3");
        CHECK_THAT(j.first().message, Contains("numbered '1.'; '0.' is written"));
        CHECK(j.position == start_unknown);
    }
    SECTION("a wrong number for Black") {
        const std::string text = record("1. Pd2-d3 2... Pd5-d4");
        const Judged j = judge(text);
        require_fault(j, "C11.2", where(text, "2..."), 1, "black", "Pd5-d4");
        CHECK_THAT(j.first().message, Contains("Black's turn 1, numbered '1...'"));
        CHECK(j.position == judge(record("1. Pd2-d3")).position);
    }
}

TEST_CASE("chessme: reading faults come before the rules", "[chessme]") {
    // An unreadable action anywhere makes the record invalid, even after an illegal turn and a
    // faulty pile tag.
    const std::string text = record("1. Pd2-d5 Pd5-d4 2. O-O", "*", "[WhitePile \"K\"]\n");
    const Judged j = judge(text);
    REQUIRE(j.verdict == jv::Verdict::invalid_record);
    REQUIRE(j.faults.size() == 1);
    CHECK(j.first().rule.empty());
    CHECK(j.first().at == where(text, "O-O"));
    CHECK_THAT(j.first().message, Contains("is not a ChessMe action"));
    CHECK(j.position.empty());  // not replayed
    // A mark out of place (C13.7).
    const std::string marks = record("1. Pd2-d3+,N@d2+");
    const Judged twice = judge(marks);
    REQUIRE(twice.verdict == jv::Verdict::invalid_record);
    CHECK(twice.first().at == where(marks, "N@d2+"));
    CHECK_THAT(twice.first().message, Contains("at most one check mark"));
}

TEST_CASE("chessme C13.3 C13.7: a check mark is read wherever the brief puts one",
          "[chessme][C13.3][C13.7][C4.1]") {
    // White's first turn in each form of the brief; the mark goes on each word in turn. Where a
    // mark may stand (the turn's last word, or the move of a two-word turn), the turn is read and
    // judged as it is without the mark, the mark's own truth aside (C11.2: none of these gives
    // check); elsewhere it is a reading fault (C13.7).
    for (const std::vector<std::string>& form :
         std::vector<std::vector<std::string>>{{"Pd2-d3"},
                                               {"Pd2-d3", "N@d2"},
                                               {"N@d2"},
                                               {"N@d2", "Pd2-d3"},
                                               {"Pd2-d3", "N@d2", "P@c3"},
                                               {"Pd2-d3", "Pe2-e3"}}) {
        std::string plain;
        for (const std::string& word : form) plain += (plain.empty() ? "" : ",") + word;
        const Judged unmarked = judge(record("1. " + plain));
        for (std::size_t marked = 0; marked < form.size(); ++marked) {
            std::string text;
            for (std::size_t i = 0; i < form.size(); ++i)
                text += (i == 0 ? "" : ",") + form[i] + (i == marked ? "+" : "");
            CAPTURE(text, unmarked.summary());
            const bool may_stand =
                marked + 1 == form.size() ||
                (marked == 0 && form.size() == 2 && form[0].find('@') == std::string::npos);
            const Judged j = judge(record("1. " + text));
            if (!may_stand) {
                REQUIRE(j.verdict == jv::Verdict::invalid_record);
                CHECK(j.first().rule.empty());
                continue;
            }
            REQUIRE(j.verdict == jv::Verdict::illegal);
            CHECK(j.first().rule ==
                  (unmarked.verdict == jv::Verdict::legal ? "C11.2" : unmarked.first().rule));
        }
    }
    // A lone placement with its mark is a readable turn that C4.1 refuses, at the placement.
    const std::string lone = record("1. Pd2-d3 Q@f6+");
    const Judged j = judge(lone);
    REQUIRE(j.verdict == jv::Verdict::illegal);
    require_fault(j, "C4.1", where(lone, "Q@f6+"), 1, "black", "Q@f6+");
    CHECK_THAT(j.first().message, Contains("a placement comes only after it"));
}
