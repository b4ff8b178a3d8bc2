// J4.2 opening construction, J5 turn counter and strategy turns, J9.3-J9.4 regeneration, J10
// walls, J11 water and crossings, J13 timeouts: position-level turns (play() on positions built
// square by square) and whole records (check_game()).
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "support.hpp"

using jv::test::describe;
using jv::test::message_of;
using jv::test::require_fault;
using jv::test::require_legal;

using namespace jv::jel;
using jv::Verdict;
using jv::test::check_game;
using jv::test::Checked;
using jv::test::game_text;
using jv::test::play;
using jv::test::put;
using jv::test::put_terrain;
using jv::test::sq;
using jv::test::standard_position;

namespace {

constexpr Color white = Color::white;
constexpr Color black = Color::black;

void set_counter(Position& p, Color c, int value) {
    p.mutable_state().counter[static_cast<std::size_t>(index_of(c))] =
        static_cast<std::uint8_t>(value);
}

void set_lost(Position& p, Color c, PieceKind k, int count) {
    p.mutable_state().lost[static_cast<std::size_t>(index_of(c))][static_cast<std::size_t>(k)] =
        static_cast<std::uint8_t>(count);
}

void put_regenerator(Position& p, std::string_view square, Color c) {
    Cell cell = p.cell(sq(square));
    cell.set_regenerator(c);
    p.set_cell(sq(square), cell);
}

bool holds(const Position& p, std::string_view square, Color c, PieceKind k) {
    return p.piece_on(sq(square)) == make_piece(c, k);
}

Terrain terrain_at(const Position& p, std::string_view square) {
    return p.cell(sq(square)).terrain();
}

// White to play turn 5 (not a first turn) with its counter at `counter`. The kings stand in the
// corners (White a1, Black k11), the regenerators on i1 (White) and c11 (Black); nothing else.
Position board(int counter = 1) {
    Position p;
    p.set_turn_number(5);
    put(p, "a1", white, PieceKind::king);
    put(p, "k11", black, PieceKind::king);
    put_regenerator(p, "i1", white);
    put_regenerator(p, "c11", black);
    set_counter(p, white, counter);
    return p;
}

// A game record with extra tags (Timer, Mode) after the required ones.
std::string tagged_game(std::string_view tags, std::string_view movetext,
                        std::string_view result = "*") {
    return fmt::format("[White \"W\"]\n[Black \"B\"]\n[Result \"{}\"]\n{}\n\n{}{}\n{}\n", result,
                       tags, jv::test::standard_setup, movetext, result);
}

bool position_has(const Checked& c, std::string_view field) {
    return c.position.find(field) != std::string::npos;
}

void require_legal_game(const Checked& c) {
    INFO(c.rule << " at " << c.action << ": " << c.message);
    REQUIRE(c.verdict == Verdict::legal);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// J4.2 opening construction

TEST_CASE("J4.2 a first turn places up to 6 walls and water pieces and makes one army move",
          "[J4.2][J5.1]") {
    Position p = standard_position();
    auto r = play(p, "W@c5,W@d5,~@f5,~@g5,Se2-e4,W@k6");
    require_legal(r);
    CHECK(r.kind == TurnKind::first);
    CHECK(terrain_at(p, "c5") == Terrain::white_wall);
    CHECK(terrain_at(p, "d5") == Terrain::white_wall);
    CHECK(terrain_at(p, "f5") == Terrain::water);
    CHECK(terrain_at(p, "k6") == Terrain::white_wall);  // anywhere, after the move as recorded
    CHECK(holds(p, "e4", white, PieceKind::soldier));
    CHECK(p.cell(sq("e2")).empty());
    CHECK(p.wall_supply(white) == 5);
    CHECK(p.wall_supply(black) == 8);
    CHECK(p.water_supply() == 12);
    CHECK(p.counter(white) == 2);
    CHECK(p.side_to_move() == black);

    // Black's first turn (also numbered 1): six placements and no army move.
    auto b = play(p, "~@a6,~@b6,W@c7,W@d7,W@e7,W@f7");
    require_legal(b);
    CHECK(b.kind == TurnKind::first);
    CHECK(terrain_at(p, "c7") == Terrain::black_wall);
    CHECK(terrain_at(p, "a6") == Terrain::water);
    CHECK(p.wall_supply(black) == 4);
    CHECK(p.wall_supply(white) == 5);
    CHECK(p.water_supply() == 10);
    CHECK(p.counter(black) == 2);
    CHECK(p.turn_number() == 2);

    // White's turn 2 is an ordinary turn: a lone wall is no longer allowed (counter 2, J5.3).
    auto second = play(p, "W@h6");
    require_fault(second, "J5.3", 0);
    CHECK(second.kind != TurnKind::first);
}

TEST_CASE("J4.2 a first turn places at most 6 walls and water pieces", "[J4.2]") {
    Position p = standard_position();
    auto r = play(p, "W@a5,W@b5,W@c5,W@d5,~@e5,~@f5,~@g5");
    require_fault(r, "J4.2", 6);
    CHECK(message_of(r) ==
          "a first turn places at most 6 walls and water pieces, and this one places 7");
    Position six = standard_position();
    require_legal(play(six, "W@a5,W@b5,W@c5,W@d5,~@e5,~@f5"));
    CHECK(six.counter(white) == 2);
}

TEST_CASE("J4.2 a first turn has at most one army move", "[J4.2][J11.3]") {
    Position p = standard_position();
    auto r = play(p, "Se2-e3,Sd2-d3");
    require_fault(r, "J4.2", 1);
    CHECK(message_of(r) ==
          "Se2-e3 and Sd2-d3 are two army moves; a turn has only one (or one set of crossings)");

    Position q = standard_position();
    auto crossing_then_move = play(q, "~@e3,Se2~e4,Sd2-d4");
    require_fault(crossing_then_move, "J4.2", 2);

    Position m = standard_position();
    auto move_then_crossing = play(m, "~@e4,Sd2-d3,Se2~e5");
    require_fault(move_then_crossing, "J4.2", 2);
    CHECK(message_of(move_then_crossing) ==
          "this turn moves Sd2-d3 and crosses with Se2~e5: the crossings are the turn's army move, "
          "and a turn has only one");
}

TEST_CASE("J4.2 a first turn holds nothing but walls, water and one army move", "[J4.2]") {
    Position p = standard_position();
    auto r = play(p, "W@e5,We5-e6");
    require_fault(r, "J4.2", 1);
    CHECK(message_of(r) ==
          "a first turn holds walls, water and one army move; We5-e6 is none of these");
    Position q = standard_position();
    require_fault(play(q, "~@e5,x~e5"), "J4.2", 1);
}

TEST_CASE("J4.2 first-turn placements go on empty squares", "[J4.2][J10.2][J11.2]") {
    Position p = standard_position();
    auto wall = play(p, "W@e2");
    require_fault(wall, "J10.2", 0);
    CHECK(message_of(wall) ==
          "a wall is placed only on an empty square; e2 holds the white soldier");
    Position q = standard_position();
    auto water = play(q, "~@f2");
    require_fault(water, "J11.2", 0);
    CHECK(message_of(water) ==
          "water is placed only on an empty square; f2 holds the white regenerator");
    Position r = standard_position();
    auto stacked = play(r, "W@c5,~@c5");
    require_fault(stacked, "J11.2", 1);
    CHECK(message_of(stacked) == "water is placed only on an empty square; c5 holds a white wall");
}

TEST_CASE("A faulty turn leaves the position as it was before the turn", "[J4.2][J11.2]") {
    // The turn player takes a faulty turn back from one undo record of the actions it applied,
    // or from a copy of the start when the turn has more actions than that record holds (7
    // here, a first turn's most). Each fault below comes after other actions were applied.
    for (std::string_view turn :
         {"W@c5,W@d5,Se2-e4,~@c5", "W@a5,W@b5,W@c5,~@e5,~@f5,Se2-e4,~@c5", "Se2-e4,~@e4", "W@e2"}) {
        INFO(turn);
        Position p = standard_position();
        const Position before = p;
        auto r = play(p, turn);
        REQUIRE(r.fault);
        CHECK(r.fault->rule == (turn == "W@e2" ? "J10.2" : "J11.2"));
        CHECK(p == before);
    }
}

TEST_CASE("J15 a first turn with too many placements is located at its last action",
          "[J4.2][J15]") {
    // rulings J15: "A fault of a whole turn (too many actions ...) is located at the turn's last
    // action". Eight placements: the fault names J4.2 at the 8th action (index 7).
    Position p = standard_position();
    auto r = play(p, "W@a5,W@b5,W@c5,W@d5,~@e5,~@f5,~@g5,~@h5");
    require_fault(r, "J4.2", 7);
}

// ---------------------------------------------------------------------------------------------
// J5.1 counter

TEST_CASE("J5.1 ordinary and first turns advance the counter by one, up to 12", "[J5.1]") {
    Position p = standard_position();
    require_legal(play(p, "Se2-e3"));
    CHECK(p.counter(white) == 2);
    require_legal(play(p, "Sa10-a9"));
    CHECK(p.counter(black) == 2);

    Position q = board(11);
    require_legal(play(q, "Ka1-a2"));
    CHECK(q.counter(white) == 12);
    CHECK(q.counter(black) == 1);
    require_legal(play(q, "Kk11-k10"));
    CHECK(q.counter(black) == 2);
    auto r = play(q, "Ka2-a3");
    require_legal(r);
    CHECK(r.kind == TurnKind::ordinary);
    CHECK(q.counter(white) == 12);
}

TEST_CASE("J5.1 a strategy turn sets the counter back to 1, a bonus turn does not",
          "[J5.1][J5.3]") {
    Position p = board(12);
    auto r = play(p, "W@e5");
    require_legal(r);
    CHECK(r.kind == TurnKind::place_walls);
    CHECK(p.counter(white) == 1);

    for (int c : {2, 3}) {
        Position q = board(c);
        put(q, "e4", white, PieceKind::queen);
        require_legal(play(q, "Qe4-e5,W@e6"));
        CHECK(q.counter(white) == c + 1);
    }
}

TEST_CASE("J5.1 counter_on_timeout: hold by default, advance as an option", "[J5.1][J13.1]") {
    Position hold = board(5);
    auto r = play(hold, "timeout", {}, true);
    require_legal(r);
    CHECK(r.kind == TurnKind::timeout);
    CHECK(hold.counter(white) == 5);
    CHECK(hold.side_to_move() == black);

    Ruleset advance;
    advance.counter_on_timeout = CounterOnTimeout::advance;
    Position moved = board(5);
    require_legal(play(moved, "timeout", advance, true));
    CHECK(moved.counter(white) == 6);
    Position top = board(12);
    require_legal(play(top, "timeout", advance, true));
    CHECK(top.counter(white) == 12);
    Position top_hold = board(12);
    require_legal(play(top_hold, "timeout", {}, true));
    CHECK(top_hold.counter(white) == 12);
}

// ---------------------------------------------------------------------------------------------
// J5.2 strategy positions

namespace {

// Everything each strategy turn of the table below needs: a queen on e4, an own wall on d5 next
// to it, water on f5, lost soldier, tower and dragon, the regenerator on i1.
Position strategy_board(int counter) {
    Position p = board(counter);
    put(p, "e4", white, PieceKind::queen);
    put_terrain(p, "d5", Terrain::white_wall);
    put_terrain(p, "f5", Terrain::water);
    set_lost(p, white, PieceKind::soldier, 1);
    set_lost(p, white, PieceKind::tower, 1);
    set_lost(p, white, PieceKind::dragon, 1);
    return p;
}

}  // namespace

TEST_CASE("J5.2 each strategy turn needs the counter at its position", "[J5.2]") {
    struct Case {
        const char* turn;
        int position;
        TurnKind kind;
    };
    const Case cases[] = {
        {"S@i1", 4, TurnKind::regenerate},   {"W@h8", 6, TurnKind::place_walls},
        {"Wd5-c5", 6, TurnKind::move_walls}, {"xWd5", 6, TurnKind::remove_walls},
        {"T@i1", 8, TurnKind::regenerate},   {"~@e5", 9, TurnKind::water},
        {"x~f5", 9, TurnKind::water},        {"Ri1-h8", 12, TurnKind::regenerator},
        {"D@i1", 12, TurnKind::regenerator},
    };
    for (const Case& c : cases) {
        CAPTURE(c.turn, c.position);
        Position early = strategy_board(c.position - 1);
        auto r = play(early, c.turn);
        require_fault(r, "J5.2", 0);
        CHECK(early.counter(white) == c.position - 1);
        Position ready = strategy_board(c.position);
        auto ok = play(ready, c.turn);
        require_legal(ok);
        CHECK(ok.kind == c.kind);
        CHECK(ready.counter(white) == 1);
        Position late = strategy_board(12);
        require_legal(play(late, c.turn));
    }
}

TEST_CASE("J5.2 messages name the position and the counter", "[J5.2]") {
    Position p = strategy_board(3);
    CHECK(message_of(play(p, "S@i1")) ==
          "regenerating a soldier, knight or royal guard is the strategy turn of counter position "
          "4; White's counter is at 3");
    Position q = strategy_board(11);
    CHECK(message_of(play(q, "D@i1")) ==
          "regenerating the dragon is the strategy turn of counter position 12; White's counter "
          "is at 11");
    Position t = strategy_board(4);
    auto tower = play(t, "T@i1");
    require_fault(tower, "J5.2", 0);
    CHECK(message_of(tower) ==
          "regenerating a tower or the queen is the strategy turn of counter position 8; White's "
          "counter is at 4");
}

// ---------------------------------------------------------------------------------------------
// J5.3 bonus placement

namespace {

Position bonus_board(int counter) {
    Position p = board(counter);
    put(p, "e4", white, PieceKind::queen);
    return p;
}

}  // namespace

TEST_CASE("J5.3 at counter 2 or 3 one wall or water goes with the army move, before or after",
          "[J5.3]") {
    Position p = bonus_board(2);
    auto after = play(p, "Qe4-e5,W@e6");
    require_legal(after);
    CHECK(after.kind == TurnKind::ordinary);
    CHECK(holds(p, "e5", white, PieceKind::queen));
    CHECK(terrain_at(p, "e6") == Terrain::white_wall);
    CHECK(p.wall_supply(white) == 7);
    CHECK(p.counter(white) == 3);

    // Before the move: d5 is next to the queen on e4 when the water is placed.
    Position q = bonus_board(3);
    require_legal(play(q, "~@d5,Qe4-f4"));
    CHECK(terrain_at(q, "d5") == Terrain::water);
    CHECK(q.water_supply() == 13);
    CHECK(holds(q, "f4", white, PieceKind::queen));
    CHECK(q.counter(white) == 4);
}

TEST_CASE("J5.3 the bonus square is next to an own army piece at that moment", "[J5.3]") {
    Position p = bonus_board(2);
    auto before = play(p, "W@e6,Qe4-e5");
    require_fault(before, "J5.3", 0);
    CHECK(message_of(before) ==
          "the bonus wall or water goes next to a square holding one of White's army pieces; e6 "
          "has none next to it");
    CHECK(terrain_at(p, "e6") == Terrain::ground);

    Position q = bonus_board(2);
    require_fault(play(q, "Qe4-g4,W@d5"), "J5.3", 1);  // the queen has left e4

    Position e = bonus_board(2);
    put(e, "e7", black, PieceKind::knight);
    require_fault(play(e, "Qe4-g4,W@e6"), "J5.3", 1);  // an enemy piece is no anchor
}

TEST_CASE("J5.3 the bonus is one placement", "[J5.3]") {
    Position p = bonus_board(2);
    auto r = play(p, "Qe4-e5,W@e6,~@d6");
    require_fault(r, "J5.3", 2);
    CHECK(message_of(r) ==
          "the bonus of counter positions 2 and 3 is one wall or one water piece, and this turn "
          "places 2");
    Position q = bonus_board(3);
    require_fault(play(q, "W@d5,Qe4-e5,W@e6"), "J5.3", 2);
}

TEST_CASE("J5.3 no bonus placement outside counter positions 2 and 3", "[J5.3]") {
    for (int c : {1, 4, 9, 12}) {
        CAPTURE(c);
        Position p = bonus_board(c);
        auto r = play(p, "Qe4-e5,W@e6");
        require_fault(r, "J5.3", 1);
        CHECK(message_of(r) ==
              fmt::format("a wall or water piece goes with an army move only at counter position "
                          "2 or 3; White's counter is at {}",
                          c));
        CHECK(terrain_at(p, "e6") == Terrain::ground);
    }
}

TEST_CASE("J5.3 a lone placement at counter 2 or 3 needs an army move", "[J5.3][J15]") {
    Position p = bonus_board(2);
    auto r = play(p, "W@e5");
    require_fault(r, "J5.3", 0);
    CHECK(message_of(r) ==
          "at counter position 2 a wall or water may be placed only together with an army move, "
          "and this turn has none");
    Position q = bonus_board(3);
    require_fault(play(q, "~@e5"), "J5.3", 0);
}

TEST_CASE("J5.3 the bonus square must be empty and the supply not exhausted",
          "[J5.3][J10.2][J11.2]") {
    Position p = bonus_board(2);
    put(p, "h2", white, PieceKind::knight);
    auto wall = play(p, "Qe4-e5,W@i1");
    require_fault(wall, "J10.2", 1);
    CHECK(message_of(wall) ==
          "a wall is placed only on an empty square; i1 holds the white regenerator");
    Position q = bonus_board(2);
    put(q, "h2", white, PieceKind::knight);
    require_fault(play(q, "Qe4-e5,~@i1"), "J11.2", 1);

    Position empty_supply = bonus_board(2);
    empty_supply.mutable_state().wall_supply[0] = 0;
    auto supply = play(empty_supply, "Qe4-e5,W@e6");
    require_fault(supply, "J5.3", 1);
    CHECK(message_of(supply) == "White has no wall left in its supply (all 8 are on the board)");
}

TEST_CASE("J5.3 bonus_anchor: army (default) or any-own", "[J5.3][option]") {
    auto make = [] {
        Position p = bonus_board(2);
        put_terrain(p, "h6", Terrain::white_wall);
        put_terrain(p, "c6", Terrain::black_wall);
        return p;
    };
    Ruleset any_own;
    any_own.bonus_anchor = BonusAnchor::any_own;

    // Next to an own wall only.
    Position a = make();
    auto by_wall = play(a, "Qe4-e5,W@h7");
    require_fault(by_wall, "J5.3", 1);
    CHECK(message_of(by_wall) ==
          "the bonus wall or water goes next to a square holding one of White's army pieces; h7 "
          "has none next to it");
    Position b = make();
    require_legal(play(b, "Qe4-e5,W@h7", any_own));
    CHECK(terrain_at(b, "h7") == Terrain::white_wall);

    // Next to the own regenerator only.
    Position c = make();
    require_fault(play(c, "Qe4-e5,~@i2"), "J5.3", 1);
    Position d = make();
    require_legal(play(d, "Qe4-e5,~@i2", any_own));
    CHECK(terrain_at(d, "i2") == Terrain::water);

    // An enemy wall is no anchor, whatever the option.
    Position e = make();
    auto enemy = play(e, "Qe4-e5,W@c7", any_own);
    require_fault(enemy, "J5.3", 1);
    CHECK(message_of(enemy) ==
          "the bonus wall or water goes next to a square holding one of White's army pieces, "
          "walls or regenerator; c7 has none next to it");
}

TEST_CASE("J4.1 an ordinary turn has one army move", "[J4.1]") {
    for (int c : {1, 2}) {
        CAPTURE(c);
        Position p = bonus_board(c);
        auto r = play(p, "Ka1-a2,Qe4-e5");
        require_fault(r, "J4.1", 1);
        CHECK(
            message_of(r) ==
            "Ka1-a2 and Qe4-e5 are two army moves; a turn has only one (or one set of crossings)");
        CHECK(p.counter(white) == c);
    }
}

TEST_CASE("J15 too many army moves in a turn with a bonus placement name J5.3", "[J5.3][J15]") {
    // rulings J15: "more placements or moves than the turn allows: ... J5.3 in a turn with a
    // bonus placement", located at the turn's last action.
    Position p = bonus_board(2);
    put(p, "b4", white, PieceKind::knight);
    auto r = play(p, "W@d5,Qe4-e5,Nb4-c6");
    require_fault(r, "J5.3", 2);
}

// ---------------------------------------------------------------------------------------------
// J5.4 and J5.6 regeneration

TEST_CASE("J5.4 position 4 regenerates a lost soldier, knight or royal guard", "[J5.4][J9.3]") {
    for (auto [turn, kind] :
         {std::pair{"S@i1", PieceKind::soldier}, std::pair{"N@i1", PieceKind::knight},
          std::pair{"G@i1", PieceKind::guard}}) {
        CAPTURE(turn);
        Position p = board(4);
        set_lost(p, white, kind, 1);
        auto r = play(p, turn);
        require_legal(r);
        CHECK(r.kind == TurnKind::regenerate);
        CHECK(holds(p, "i1", white, kind));
        CHECK(p.cell(sq("i1")).has_regenerator());
        CHECK(p.lost(white, kind) == 0);
        CHECK(p.counter(white) == 1);
    }
}

TEST_CASE("J5.4 a regeneration is a turn of its own", "[J5.4][J4.1]") {
    Position p = board(4);
    set_lost(p, white, PieceKind::soldier, 1);
    set_lost(p, white, PieceKind::knight, 1);
    auto r = play(p, "S@i1,N@i1");
    require_fault(r, "J4.1", 1);
    CHECK(message_of(r) ==
          "regenerating a soldier, knight or royal guard is a turn of its own; nothing else may "
          "be done in it");
    // The regenerated piece does not move in the same turn.
    Position q = board(4);
    set_lost(q, white, PieceKind::soldier, 1);
    require_fault(play(q, "S@i1,Si1-i2"), "J4.1", 0);
}

TEST_CASE("J5.6 position 8 regenerates a lost tower or the queen", "[J5.6][J9.3]") {
    for (auto [turn, kind] :
         {std::pair{"T@i1", PieceKind::tower}, std::pair{"Q@i1", PieceKind::queen}}) {
        CAPTURE(turn);
        Position p = board(8);
        set_lost(p, white, kind, 1);
        auto r = play(p, turn);
        require_legal(r);
        CHECK(r.kind == TurnKind::regenerate);
        CHECK(holds(p, "i1", white, kind));
        CHECK(p.lost(white, kind) == 0);
        CHECK(p.counter(white) == 1);

        Position early = board(7);
        set_lost(early, white, kind, 1);
        require_fault(play(early, turn), "J5.2", 0);
    }
    Position none = board(8);
    auto r = play(none, "Q@i1");
    require_fault(r, "J9.3", 0);
    CHECK(message_of(r) ==
          "only a lost piece is regenerated, and White has no queen in its lost pool");
    Position extra = board(8);
    set_lost(extra, white, PieceKind::tower, 2);
    require_fault(play(extra, "T@i1,T@i1"), "J4.1", 1);
}

// ---------------------------------------------------------------------------------------------
// J5.5 position 6: place, move or remove walls

TEST_CASE("J5.5a place 1 to 3 own walls anywhere", "[J5.5]") {
    Position p = board(6);
    auto r = play(p, "W@e6,W@k5,W@b10");
    require_legal(r);
    CHECK(r.kind == TurnKind::place_walls);
    for (const char* s : {"e6", "k5", "b10"}) CHECK(terrain_at(p, s) == Terrain::white_wall);
    CHECK(p.wall_supply(white) == 5);
    CHECK(p.counter(white) == 1);

    Position q = board(6);
    auto four = play(q, "W@e6,W@k5,W@b10,W@f6");
    require_fault(four, "J5.5", 3);
    CHECK(message_of(four) ==
          "a position-6 turn places, moves or removes at most 3 walls, and this one has 4 actions");
}

TEST_CASE("J5.5a walls go on empty squares, from the own supply", "[J5.5][J10.2]") {
    Position p = board(6);
    put_terrain(p, "e5", Terrain::water);
    put_terrain(p, "e6", Terrain::black_wall);
    put(p, "e7", black, PieceKind::knight);
    for (auto [turn, message] :
         {std::pair{"W@e5", "a wall is placed only on an empty square; e5 is water"},
          std::pair{"W@e6", "a wall is placed only on an empty square; e6 holds a black wall"},
          std::pair{"W@e7", "a wall is placed only on an empty square; e7 holds the black knight"},
          std::pair{"W@i1",
                    "a wall is placed only on an empty square; i1 holds the white regenerator"}}) {
        CAPTURE(turn);
        Position q = p;
        auto r = play(q, turn);
        require_fault(r, "J10.2", 0);
        CHECK(message_of(r) == message);
    }
    Position empty_supply = board(6);
    empty_supply.mutable_state().wall_supply[0] = 1;
    auto r = play(empty_supply, "W@e6,W@e7");
    require_fault(r, "J5.5", 1);
    CHECK(message_of(r) == "White has no wall left in its supply (all 8 are on the board)");
}

TEST_CASE("J5.5 a position-6 turn does exactly one of place, move or remove", "[J5.5]") {
    Position p = board(6);
    put_terrain(p, "d5", Terrain::white_wall);
    auto r = play(p, "W@e6,Wd5-d6");
    require_fault(r, "J5.5", 1);
    CHECK(message_of(r) ==
          "a position-6 turn does exactly one of: place, move or remove walls; Wd5-d6 does "
          "something else");
    Position q = board(6);
    put_terrain(q, "d5", Terrain::white_wall);
    put(q, "c4", white, PieceKind::knight);
    require_fault(play(q, "xWd5,W@g7"), "J5.5", 1);
    Position w = board(9);
    put_terrain(w, "d5", Terrain::white_wall);
    require_fault(play(w, "W@e6,~@e7"), "J5.5", 1);
}

TEST_CASE("J5.5b move 1 to 3 own walls one step each", "[J5.5]") {
    auto make = [] {
        Position p = board(6);
        put_terrain(p, "d5", Terrain::white_wall);
        put_terrain(p, "d6", Terrain::white_wall);
        put_terrain(p, "h5", Terrain::white_wall);
        put(p, "h5", white, PieceKind::soldier);
        put_terrain(p, "f5", Terrain::black_wall);
        put_terrain(p, "j5", Terrain::white_wall);
        return p;
    };
    Position p = make();
    auto r = play(p, "Wd5-c5,Wd6-d7,Wj5-k6");
    require_legal(r);
    CHECK(r.kind == TurnKind::move_walls);
    CHECK(terrain_at(p, "c5") == Terrain::white_wall);
    CHECK(terrain_at(p, "d7") == Terrain::white_wall);
    CHECK(terrain_at(p, "k6") == Terrain::white_wall);
    CHECK(terrain_at(p, "d5") == Terrain::ground);
    CHECK(terrain_at(p, "d6") == Terrain::ground);
    CHECK(p.wall_supply(white) == 8);  // moved, not placed
    CHECK(p.counter(white) == 1);

    // A wall may move onto the square another wall has just left.
    Position chain = make();
    require_legal(play(chain, "Wd5-e5,Wd6-d5"));
    CHECK(terrain_at(chain, "e5") == Terrain::white_wall);
    CHECK(terrain_at(chain, "d5") == Terrain::white_wall);
    CHECK(terrain_at(chain, "d6") == Terrain::ground);

    struct Case {
        const char* turn;
        std::uint32_t action;
        const char* message;
    };
    const Case faults[] = {
        {"Wd5-d7", 0,
         "White's wall on d5 may only move to a square next to it; d7 is 2 squares from d5"},
        {"Wd5-d5", 0,
         "White's wall on d5 may only move to a square next to it, not stay where it is"},
        {"Wh5-h6", 0,
         "White's wall on h5 cannot move: the white soldier stands on it, and a wall carrying a "
         "piece does not move"},
        {"Wf5-f4", 0,
         "White cannot move a wall from f5: a player moves only its own walls, and f5 holds a "
         "black wall"},
        {"Wd5-d6", 0,
         "White's wall on d5 cannot move to d6: a wall moves only onto an empty square, and d6 "
         "holds a white wall"},
        {"Wd5-e5,We5-e4", 1,
         "each wall moves one step a turn, and the wall on e5 has moved already"},
        {"Wd5-c5,Wd6-c6,Wj5-k6,Wc5-b5", 3,
         "a position-6 turn places, moves or removes at most 3 walls, and this one has 4 actions"},
    };
    for (const Case& c : faults) {
        CAPTURE(c.turn);
        Position q = make();
        auto f = play(q, c.turn);
        require_fault(f, "J5.5", c.action);
        CHECK(message_of(f) == c.message);
    }
}

TEST_CASE("J5.5c remove 1 to 3 walls, own or enemy", "[J5.5][J10.3]") {
    auto make = [] {
        Position p = board(6);
        put(p, "c4", white, PieceKind::knight);
        for (const char* s : {"d5", "e5", "f5"}) put_terrain(p, s, Terrain::black_wall);
        put_terrain(p, "c3", Terrain::white_wall);
        return p;
    };
    Position p = make();
    const int black_supply = p.wall_supply(black);
    const int white_supply = p.wall_supply(white);
    auto r = play(p, "xWd5,xWe5,xWc3");
    require_legal(r);
    CHECK(r.kind == TurnKind::remove_walls);
    CHECK(terrain_at(p, "d5") == Terrain::ground);
    CHECK(terrain_at(p, "c3") == Terrain::ground);
    CHECK(terrain_at(p, "f5") == Terrain::black_wall);
    CHECK(p.wall_supply(black) == black_supply + 2);  // back to their owners' supplies
    CHECK(p.wall_supply(white) == white_supply + 1);
    CHECK(p.counter(white) == 1);

    Position q = make();
    auto four = play(q, "xWd5,xWe5,xWf5,xWc3");
    require_fault(four, "J5.5", 3);
    Position none = make();
    auto missing = play(none, "xWd4");
    require_fault(missing, "J5.5", 0);
    CHECK(message_of(missing) == "there is no wall on d4 to remove (d4 is empty)");
}

// ---------------------------------------------------------------------------------------------
// J10 walls

TEST_CASE("J10.1 a unit joins same-colour walls through sides and corners", "[J10.1][J10.3]") {
    // d5, e6, f7 touch at corners: one unit, and the knight on c4 is next to it.
    Position p = board(6);
    put(p, "c4", white, PieceKind::knight);
    for (const char* s : {"d5", "e6", "f7"}) put_terrain(p, s, Terrain::black_wall);
    require_legal(play(p, "xWf7"));
    CHECK(terrain_at(p, "f7") == Terrain::ground);

    // A wall of the other colour does not join two units.
    Position q = board(6);
    put(q, "c4", white, PieceKind::knight);
    put_terrain(q, "d5", Terrain::black_wall);
    put_terrain(q, "e5", Terrain::white_wall);
    put_terrain(q, "f5", Terrain::black_wall);
    auto r = play(q, "xWf5");
    require_fault(r, "J10.3", 0);
    CHECK(message_of(r) ==
          "White cannot remove the wall on f5: none of White's army pieces stands next to a square "
          "of that wall's unit");
    put_terrain(q, "e5", Terrain::black_wall);
    require_legal(play(q, "xWf5"));
}

TEST_CASE("J10.3 units are taken as at the start of the turn", "[J10.3]") {
    // After d5 goes, f5's unit would be e5-f5, out of the knight's reach; at the start of the
    // turn it is d5-e5-f5, next to c4.
    Position p = board(6);
    put(p, "c4", white, PieceKind::knight);
    for (const char* s : {"d5", "e5", "f5"}) put_terrain(p, s, Terrain::black_wall);
    require_legal(play(p, "xWd5,xWf5"));
    CHECK(terrain_at(p, "f5") == Terrain::ground);
    CHECK(terrain_at(p, "e5") == Terrain::black_wall);
}

TEST_CASE("J10.3 the remover's pieces count as they stand at each removal", "[J10.3]") {
    // the white soldier stands on its own wall d5 (unit d5-d6) and is White's only piece next to
    // Black's wall e4. Removing d5 captures it, so e4 must go first.
    auto make = [] {
        Position p = board(6);
        put_terrain(p, "d5", Terrain::white_wall);
        put_terrain(p, "d6", Terrain::white_wall);
        put(p, "d5", white, PieceKind::soldier);
        put_terrain(p, "e4", Terrain::black_wall);
        return p;
    };
    Position p = make();
    require_legal(play(p, "xWe4,xWd5"));
    CHECK(p.cell(sq("d5")).empty());
    CHECK(p.lost(white, PieceKind::soldier) == 1);  // even the remover's own piece is captured
    Position q = make();
    auto r = play(q, "xWd5,xWe4");
    require_fault(r, "J10.3", 1);
}

TEST_CASE("J10.3 a piece on a removed wall is captured, whoever it belongs to", "[J10.3][J2.2]") {
    Position p = board(6);
    put(p, "c4", white, PieceKind::knight);
    put_terrain(p, "d5", Terrain::black_wall);
    put(p, "d5", black, PieceKind::soldier);
    put_terrain(p, "g6", Terrain::black_wall);
    put_terrain(p, "g7", Terrain::black_wall);
    put(p, "g7", white, PieceKind::dragon);  // next to g6, so next to its unit
    const int black_supply = p.wall_supply(black);
    require_legal(play(p, "xWd5,xWg7"));
    CHECK(p.cell(sq("d5")).empty());
    CHECK(p.cell(sq("g7")).empty());
    CHECK(p.lost(black, PieceKind::soldier) == 1);
    CHECK(p.lost(white, PieceKind::dragon) == 1);
    CHECK(p.wall_supply(black) == black_supply + 2);
}

TEST_CASE("J10.3 a piece standing on a one-square wall is not next to it", "[J10.3]") {
    Position p = board(6);
    put_terrain(p, "e5", Terrain::black_wall);
    put(p, "e5", white, PieceKind::soldier);
    require_fault(play(p, "xWe5"), "J10.3", 0);
    Position dragon = board(6);
    put_terrain(dragon, "e5", Terrain::black_wall);
    put(dragon, "e5", white, PieceKind::dragon);
    require_fault(play(dragon, "xWe5"), "J10.3", 0);
    // On a two-square unit it is next to the other square.
    Position q = board(6);
    put_terrain(q, "e5", Terrain::black_wall);
    put_terrain(q, "e6", Terrain::black_wall);
    put(q, "e5", white, PieceKind::soldier);
    require_legal(play(q, "xWe5"));
    CHECK(q.lost(white, PieceKind::soldier) == 1);
    CHECK(q.cell(sq("e5")).empty());
}

TEST_CASE("J10.3 own walls need an adjacent piece too", "[J10.3]") {
    Position p = board(6);
    put_terrain(p, "h8", Terrain::white_wall);
    require_fault(play(p, "xWh8"), "J10.3", 0);
    put(p, "g7", white, PieceKind::knight);
    require_legal(play(p, "xWh8"));
}

namespace {

// Black's unit d5-h5 with the black tower on i4 next to h5; the white knight on c4 next to d5.
Position guarded_board(int counter) {
    Position p = board(counter);
    put(p, "c4", white, PieceKind::knight);
    for (const char* s : {"d5", "e5", "f5", "g5", "h5"}) put_terrain(p, s, Terrain::black_wall);
    put(p, "i4", black, PieceKind::tower);
    return p;
}

}  // namespace

TEST_CASE("J10.4 a tower guards its owner's unit against the opponent", "[J10.4]") {
    Position p = guarded_board(6);
    auto r = play(p, "xWd5");
    require_fault(r, "J10.4", 0);
    CHECK(message_of(r) ==
          "White cannot remove the wall on d5: the black tower on i4 stands next to its unit and "
          "guards it");
    CHECK(terrain_at(p, "d5") == Terrain::black_wall);
    // Without the tower the same removal is legal.
    Position q = guarded_board(6);
    jv::test::clear(q, "i4");
    require_legal(play(q, "xWd5"));

    // The owner removes its own guarded walls.
    Position own = guarded_board(1);
    own.set_side_to_move(black);
    set_counter(own, black, 6);
    require_legal(play(own, "xWh5"));
    CHECK(terrain_at(own, "h5") == Terrain::ground);
}

TEST_CASE("J10.4 tower_guard: unit (default) or contiguous", "[J10.4][option]") {
    Ruleset contiguous;
    contiguous.tower_guard = TowerGuard::contiguous;
    struct Case {
        const char* wall;
        bool guarded_unit;
        bool guarded_contiguous;
    };
    // h5 is next to the tower, g5 next to h5; f5, e5 and d5 are farther along the unit.
    const Case cases[] = {
        {"h5", true, true}, {"g5", true, true}, {"f5", true, false}, {"d5", true, false}};
    for (const Case& c : cases) {
        CAPTURE(c.wall);
        const std::string turn = fmt::format("xW{}", c.wall);
        Position u = guarded_board(6);
        auto by_unit = play(u, turn);
        if (c.guarded_unit)
            require_fault(by_unit, "J10.4", 0);
        else
            require_legal(by_unit);
        Position k = guarded_board(6);
        auto by_contiguous = play(k, turn, contiguous);
        if (c.guarded_contiguous)
            require_fault(by_contiguous, "J10.4", 0);
        else
            require_legal(by_contiguous);
    }
}

// ---------------------------------------------------------------------------------------------
// J5.8 position 10

TEST_CASE("J5.8 position 10 removes one wall with no adjacency", "[J5.8]") {
    Position p = board(10);
    put_terrain(p, "f7", Terrain::black_wall);
    put(p, "f7", black, PieceKind::soldier);
    const int supply = p.wall_supply(black);
    auto r = play(p, "xWf7");
    require_legal(r);
    CHECK(r.kind == TurnKind::remove_walls);
    CHECK(p.cell(sq("f7")).empty());
    CHECK(p.lost(black, PieceKind::soldier) == 1);  // captured as in J10.3
    CHECK(p.wall_supply(black) == supply + 1);
    CHECK(p.counter(white) == 1);

    Position own = board(12);
    put_terrain(own, "h8", Terrain::white_wall);
    require_legal(play(own, "xWh8"));
    CHECK(own.counter(white) == 1);

    // Below 10 the only removal is J5.5c, which needs an adjacent piece.
    Position early = board(9);
    put_terrain(early, "f7", Terrain::black_wall);
    require_fault(play(early, "xWf7"), "J10.3", 0);
    // Position 10 is exactly one wall: two far removals are a J5.5c turn.
    Position two = board(10);
    put_terrain(two, "f7", Terrain::black_wall);
    put_terrain(two, "h8", Terrain::white_wall);
    require_fault(play(two, "xWf7,xWh8"), "J10.3", 0);

    Position nothing = board(10);
    auto none = play(nothing, "xWg6");
    require_fault(none, "J5.8", 0);
    CHECK(message_of(none) == "there is no wall on g6 to remove (g6 is empty)");
}

TEST_CASE("J5.8 tower_guards_position_10: true (default) or false", "[J5.8][J10.4][option]") {
    auto make = [](int counter, bool adjacent) {
        Position p = board(counter);
        put_terrain(p, "f7", Terrain::black_wall);
        put(p, "g8", black, PieceKind::tower);
        if (adjacent) put(p, "e6", white, PieceKind::knight);
        return p;
    };
    Ruleset unguarded;
    unguarded.tower_guards_position_10 = false;

    Position p = make(10, false);
    auto r = play(p, "xWf7");
    require_fault(r, "J10.4", 0);
    CHECK(message_of(r) ==
          "White cannot remove the wall on f7: the black tower on g8 stands next to its unit and "
          "guards it");
    Position q = make(10, false);
    require_legal(play(q, "xWf7", unguarded));
    CHECK(terrain_at(q, "f7") == Terrain::ground);

    // With an adjacent piece at counter 10: J5.5c fails on the guard, J5.8 decides.
    Position a = make(10, true);
    require_fault(play(a, "xWf7"), "J10.4", 0);
    Position b = make(10, true);
    require_legal(play(b, "xWf7", unguarded));

    // The option is about position 10 only: a position-6 removal stays guarded.
    Position six = make(6, true);
    require_fault(play(six, "xWf7", unguarded), "J10.4", 0);
}

// ---------------------------------------------------------------------------------------------
// J5.7 position 9: water

namespace {

Position water_board(int counter = 9) {
    Position p = board(counter);
    put(p, "e4", white, PieceKind::queen);
    return p;
}

}  // namespace

TEST_CASE("J5.7 add 1 to 5 water pieces forming one zone next to an own piece", "[J5.7][J11.1]") {
    Position p = water_board();
    auto r = play(p, "~@e5,~@f6,~@g7");  // a diagonal chain is one zone (J11.1)
    require_legal(r);
    CHECK(r.kind == TurnKind::water);
    for (const char* s : {"e5", "f6", "g7"}) CHECK(terrain_at(p, s) == Terrain::water);
    CHECK(p.water_supply() == 11);
    CHECK(p.counter(white) == 1);

    Position five = water_board();
    require_legal(play(five, "~@e5,~@f5,~@g5,~@h5,~@i5"));
    CHECK(five.water_supply() == 9);
    Position six = water_board();
    auto r6 = play(six, "~@e5,~@f5,~@g5,~@h5,~@i5,~@j5");
    require_fault(r6, "J5.7", 5);
    CHECK(message_of(r6) ==
          "a position-9 turn adds or removes at most 5 water pieces, and this one has 6 actions");
}

TEST_CASE("J5.7 the added water ends up in one zone", "[J5.7][J11.1]") {
    Position p = water_board();
    auto r = play(p, "~@e5,~@h8");
    require_fault(r, "J5.7", 1);
    CHECK(message_of(r) ==
          "the water added in one turn ends up in one zone, but h8 is not connected to e5");
    // Located at the turn's last action even when a middle square is the one left apart.
    Position q = water_board();
    require_fault(play(q, "~@e5,~@h8,~@f5"), "J5.7", 2);
    // "End up": g5 joins e5 only once f5 is placed.
    Position order = water_board();
    require_legal(play(order, "~@e5,~@g5,~@f5"));
    // Through water already on the board.
    Position through = water_board();
    put_terrain(through, "f5", Terrain::water);
    require_legal(play(through, "~@e5,~@g5"));
}

TEST_CASE("J5.7 one added or removed square is next to an own army piece", "[J5.7]") {
    Position p = water_board();
    put(p, "h6", black, PieceKind::knight);
    auto r = play(p, "~@g7,~@h7");
    require_fault(r, "J5.7", 1);
    CHECK(message_of(r) ==
          "one of the squares where water is added must be next to one of White's army pieces");
    Position q = water_board();
    put_terrain(q, "g7", Terrain::water);
    put_terrain(q, "h7", Terrain::water);
    auto removed = play(q, "x~g7");
    require_fault(removed, "J5.7", 0);
    CHECK(message_of(removed) ==
          "one of the squares where water is removed must be next to one of White's army pieces");
}

TEST_CASE("J5.7 added water goes on empty squares, 14 at most", "[J5.7][J11.2]") {
    Position p = water_board();
    auto r = play(p, "~@e5,~@e4");
    require_fault(r, "J11.2", 1);
    CHECK(message_of(r) == "water is placed only on an empty square; e4 holds the white queen");
    Position q = water_board();
    q.mutable_state().water_supply = 1;
    auto full = play(q, "~@e5,~@f5");
    require_fault(full, "J11.2", 1);
    CHECK(message_of(full) == "all 14 water pieces are already on the board");
}

TEST_CASE("J5.7 remove 1 to 5 water pieces of one zone as it was at the start", "[J5.7][J11.1]") {
    auto make = [] {
        Position p = water_board();
        for (const char* s : {"e5", "f5", "g5"}) put_terrain(p, s, Terrain::water);
        put_terrain(p, "i5", Terrain::water);
        return p;
    };
    // Once f5 is gone, e5 and g5 are apart; at the start of the turn they are one zone.
    Position p = make();
    const int supply = p.water_supply();
    auto r = play(p, "x~f5,x~e5,x~g5");
    require_legal(r);
    CHECK(r.kind == TurnKind::water);
    for (const char* s : {"e5", "f5", "g5"}) CHECK(terrain_at(p, s) == Terrain::ground);
    CHECK(p.water_supply() == supply + 3);
    CHECK(p.counter(white) == 1);

    Position q = make();
    auto two = play(q, "x~e5,x~i5");
    require_fault(two, "J5.7", 1);
    CHECK(message_of(two) ==
          "the water removed in one turn lies in one zone; i5 is not in the zone of e5");
    Position none = make();
    auto dry = play(none, "x~d4");
    require_fault(dry, "J5.7", 0);
    CHECK(message_of(dry) == "there is no water on d4 to remove (d4 is empty)");
}

TEST_CASE("J5.7 water is added or removed, not both, and never moved", "[J5.7]") {
    Position p = water_board();
    put_terrain(p, "f5", Terrain::water);
    auto both = play(p, "~@e5,x~f5");
    require_fault(both, "J5.7", 1);
    CHECK(message_of(both) ==
          "a position-9 turn either adds or removes water, and nothing else; x~f5 does not fit");
    Position q = water_board();
    put_terrain(q, "f5", Terrain::water);
    require_fault(play(q, "x~f5,~@e5"), "J5.7", 1);
    Position m = water_board();
    put_terrain(m, "f5", Terrain::water);
    auto moved = play(m, "~f5-f6");
    require_fault(moved, "J5.7", 0);
    CHECK(message_of(moved) == "water is added or removed, never moved");
}

TEST_CASE("J15 removed water from two zones is a fault of the whole turn", "[J5.7][J15]") {
    // rulings J15: "A fault of a whole turn (... a water group that is not one zone) is located
    // at the turn's last action."
    Position p = water_board();
    for (const char* s : {"e5", "f5"}) put_terrain(p, s, Terrain::water);
    put_terrain(p, "i5", Terrain::water);
    require_fault(play(p, "x~e5,x~i5,x~f5"), "J5.7", 2);
}

// ---------------------------------------------------------------------------------------------
// J5.9 position 12 and J9.3 regeneration

TEST_CASE("J5.9 position 12 moves the regenerator and/or regenerates any piece onto it",
          "[J5.9][J9.3]") {
    Position p = board(12);
    auto r = play(p, "Ri1-e5");
    require_legal(r);
    CHECK(r.kind == TurnKind::regenerator);
    CHECK(p.regenerator_square(white) == sq("e5"));
    CHECK(p.cell(sq("e5")).has_regenerator());
    CHECK(p.cell(sq("i1")).empty());
    CHECK(p.counter(white) == 1);

    Position both = board(12);
    set_lost(both, white, PieceKind::dragon, 1);
    require_legal(play(both, "Ri1-e5,D@e5"));
    CHECK(holds(both, "e5", white, PieceKind::dragon));
    CHECK(both.lost(white, PieceKind::dragon) == 0);
    CHECK(both.counter(white) == 1);

    // Regenerating the dragon alone; any other lost piece with a move.
    Position dragon = board(12);
    set_lost(dragon, white, PieceKind::dragon, 1);
    auto d = play(dragon, "D@i1");
    require_legal(d);
    CHECK(d.kind == TurnKind::regenerator);
    CHECK(holds(dragon, "i1", white, PieceKind::dragon));
    Position soldier = board(12);
    set_lost(soldier, white, PieceKind::soldier, 1);
    require_legal(play(soldier, "Ri1-e5,S@e5"));
    CHECK(holds(soldier, "e5", white, PieceKind::soldier));
}

TEST_CASE("J5.9 the move comes first, once, and one piece at most", "[J5.9][J9.3][J4.1]") {
    auto make = [] {
        Position p = board(12);
        set_lost(p, white, PieceKind::dragon, 1);
        set_lost(p, white, PieceKind::soldier, 1);
        return p;
    };
    Position q = make();
    auto elsewhere = play(q, "Ri1-e5,D@i1");
    require_fault(elsewhere, "J9.3", 1);
    CHECK(message_of(elsewhere) ==
          "a regenerated piece is placed on its regenerator, which stands on e5, not on i1");
    Position twice = make();
    require_fault(play(twice, "Ri1-e5,Re5-e6"), "J4.1", 1);  // J15: more moves than allowed
    Position two_pieces = make();
    require_fault(play(two_pieces, "Ri1-e5,D@e5,S@e5"), "J4.1", 2);
}

TEST_CASE("J5.9 the position-12 turn holds regenerator actions only", "[J5.9][J4.1]") {
    Position p = board(12);
    auto wall = play(p, "Ri1-e5,W@e6");
    require_fault(wall, "J4.1", 1);
    CHECK(message_of(wall) ==
          "the position-12 turn moves the regenerator and regenerates one piece, nothing else; "
          "W@e6 is neither");
    CHECK(p.regenerator_square(white) == sq("i1"));  // a faulty turn changes nothing
}

TEST_CASE("J5.9 a regeneration before the regenerator's move breaks J5.9", "[J5.9]") {
    // rulings J5.9: "regenerate any lost own piece onto it (after the move when both are
    // done)". Regenerating first and moving after is the order fault J5.9 names; the referee
    // answers J4.1 "the position-12 turn moves the regenerator once and regenerates at most one
    // piece" (its "the move comes first" check is only reached by a second move).
    Position p = board(12);
    set_lost(p, white, PieceKind::dragon, 1);
    auto order = play(p, "D@i1,Ri1-e5");
    require_fault(order, "J5.9", 1);
    CHECK(message_of(order) ==
          "when the regenerator moves and a piece is regenerated in the same turn, the move "
          "comes first");
}

TEST_CASE("J5.9 the regenerator moves unoccupied, from its square, to an empty square",
          "[J5.9][J9.3]") {
    Position occupied = board(12);
    put(occupied, "i1", white, PieceKind::knight);
    auto r = play(occupied, "Ri1-e5");
    require_fault(r, "J9.3", 0);
    CHECK(message_of(r) ==
          "White's regenerator on i1 cannot move: the white knight stands on it, and only an "
          "unoccupied regenerator moves");

    Position p = board(12);
    put_terrain(p, "e5", Terrain::black_wall);
    auto onto_king = play(p, "Ri1-a1");
    require_fault(onto_king, "J5.9", 0);
    CHECK(message_of(onto_king) ==
          "White's regenerator on i1 cannot move to a1: the regenerator moves only to an empty "
          "square, and a1 holds the white king");
    Position wall = p;
    require_fault(play(wall, "Ri1-e5"), "J5.9", 0);
    Position wrong = board(12);
    auto from = play(wrong, "Rh1-e5");
    require_fault(from, "J5.9", 0);
    CHECK(message_of(from) == "White's regenerator stands on i1, not on h1");
}

TEST_CASE("J9.3 a regeneration needs the regenerator free and the piece lost", "[J9.3]") {
    Position occupied = board(4);
    set_lost(occupied, white, PieceKind::soldier, 1);
    put(occupied, "i1", white, PieceKind::knight);
    auto r = play(occupied, "S@i1");
    require_fault(r, "J9.3", 0);
    CHECK(message_of(r) ==
          "White cannot regenerate a piece onto its regenerator on i1: the white knight stands on "
          "it, and a regenerated piece needs it unoccupied");

    Position not_lost = board(4);
    auto none = play(not_lost, "S@i1");
    require_fault(none, "J9.3", 0);
    CHECK(message_of(none) ==
          "only a lost piece is regenerated, and White has no soldier in its lost pool");

    Position elsewhere = board(4);
    set_lost(elsewhere, white, PieceKind::soldier, 1);
    auto off = play(elsewhere, "S@e5");
    require_fault(off, "J9.3", 0);
    CHECK(message_of(off) ==
          "a regenerated piece is placed on its regenerator, which stands on i1, not on e5");
    CHECK(elsewhere.cell(sq("e5")).empty());

    Position king = board(12);
    set_lost(king, white, PieceKind::king, 1);
    auto k = play(king, "K@i1");
    require_fault(k, "J9.3", 0);
    CHECK(message_of(k) == "the king is never regenerated");
}

TEST_CASE("J9.3 a regenerated piece moves from its owner's next turn", "[J9.3][J7.2]") {
    Position p = board(4);
    set_lost(p, white, PieceKind::soldier, 1);
    require_legal(play(p, "S@i1"));
    CHECK_FALSE(p.has_double_step(sq("i1")));  // regenerated_soldier_double_step: false
    require_legal(play(p, "Kk11-k10"));
    require_legal(play(p, "Si1-i2"));
    CHECK(holds(p, "i2", white, PieceKind::soldier));
    CHECK(p.cell(sq("i1")).has_regenerator());

    Ruleset keeps;
    keeps.regenerated_soldier_double_step = true;
    Position q = board(4);
    set_lost(q, white, PieceKind::soldier, 1);
    require_legal(play(q, "S@i1", keeps));
    CHECK(q.has_double_step(sq("i1")));
    require_legal(play(q, "Kk11-k10", keeps));
    require_legal(play(q, "Si1-i3", keeps));
}

// ---------------------------------------------------------------------------------------------
// J9.4 captured regenerator

TEST_CASE("J9.4 a captured regenerator can neither regenerate nor move", "[J9.4]") {
    // the black dragon takes White's regenerator on f2 together with the knight standing on it.
    Position p = board(12);
    jv::test::clear(p, "i1");
    put_regenerator(p, "f2", white);
    put(p, "f2", white, PieceKind::knight);
    put(p, "f8", black, PieceKind::dragon);
    put(p, "j10", white, PieceKind::soldier);
    p.set_side_to_move(black);
    require_legal(play(p, "Df8xf2"));
    CHECK(p.lost(white, PieceKind::knight) == 1);
    CHECK(p.regenerator_captured(white));
    CHECK(p.regenerator_square(white) == no_square);
    CHECK_FALSE(p.cell(sq("f2")).has_regenerator());
    CHECK(holds(p, "f2", black, PieceKind::dragon));

    Position regenerate = p;
    auto r = play(regenerate, "N@f2");
    require_fault(r, "J9.4", 0);
    CHECK(message_of(r) ==
          "White's regenerator was captured, so White can no longer regenerate or move it");
    Position move = p;
    require_fault(play(move, "Rf2-e5"), "J9.4", 0);

    // Promotion still works (J7.10).
    set_lost(p, white, PieceKind::queen, 1);
    require_legal(play(p, "Sj10-j11=Q"));
    CHECK(holds(p, "j11", white, PieceKind::queen));
}

// ---------------------------------------------------------------------------------------------
// J11 water: crossings

namespace {

// Zone A = e5, e6 (the white queen on e4 and knight on d4 next to it); zone B = h5 (White's
// knight on g4 next to it); White's regenerator on f7, next to zone A.
Position crossing_board(int counter = 1) {
    Position p = board(counter);
    put_terrain(p, "e5", Terrain::water);
    put_terrain(p, "e6", Terrain::water);
    put_terrain(p, "h5", Terrain::water);
    put(p, "e4", white, PieceKind::queen);
    put(p, "d4", white, PieceKind::knight);
    put(p, "g4", white, PieceKind::knight);
    jv::test::clear(p, "i1");
    put_regenerator(p, "f7", white);
    return p;
}

}  // namespace

TEST_CASE("J11.3 a crossing goes from next to a zone to an empty square next to it",
          "[J11.3][J11.1]") {
    Position p = crossing_board(4);
    auto r = play(p, "Qe4~e7");
    require_legal(r);
    CHECK(r.kind == TurnKind::ordinary);
    CHECK(holds(p, "e7", white, PieceKind::queen));
    CHECK(p.cell(sq("e4")).empty());
    CHECK(p.counter(white) == 5);

    // A zone joins at corners (J11.1): e5-f6 is one zone, touching d4 and g7.
    Position diag = board(1);
    put_terrain(diag, "e5", Terrain::water);
    put_terrain(diag, "f6", Terrain::water);
    put(diag, "d4", white, PieceKind::queen);
    require_legal(play(diag, "Qd4~g7"));
}

TEST_CASE("J11.3 crossing faults", "[J11.3]") {
    struct Case {
        const char* turn;
        const char* message;
    };
    const Case cases[] = {
        {"Qe4~h6",
         "the white queen on e4 cannot cross to h6: a crossing ends next to the water zone it "
         "started from, and no zone next to e4 touches h6"},
        {"Qe4~f7",
         "the white queen on e4 cannot cross to f7: a crossing ends on an empty ground square and "
         "never captures, and f7 holds the white regenerator"},
        {"Qe4~e7",
         "the white queen on e4 cannot cross to e7: a crossing ends on an empty ground square and "
         "never captures, and e7 holds the black knight"},
        {"Qe4~d6",
         "the white queen on e4 cannot cross to d6: a crossing ends on an empty ground square and "
         "never captures, and d6 holds a black wall"},
        {"Nb2~f4",
         "the white knight on b2 cannot cross to f4: a crossing starts next to water, and no water "
         "touches b2"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.turn);
        Position p = crossing_board();
        put(p, "e7", black, PieceKind::knight);
        put_terrain(p, "d6", Terrain::black_wall);
        put(p, "b2", white, PieceKind::knight);
        auto r = play(p, c.turn);
        require_fault(r, "J11.3", 0);
        CHECK(message_of(r) == c.message);
    }
    Position kind = crossing_board();
    require_fault(play(kind, "Ne4~e7"), "J6.1", 0);
}

TEST_CASE("J11.3 several crossings in one turn, through one or several zones", "[J11.3]") {
    Position p = crossing_board();
    require_legal(play(p, "Qe4~e7,Nd4~d7"));
    CHECK(holds(p, "e7", white, PieceKind::queen));
    CHECK(holds(p, "d7", white, PieceKind::knight));
    CHECK(p.counter(white) == 2);

    Position q = crossing_board();
    require_legal(play(q, "Qe4~f6,Ng4~i6"));
    CHECK(holds(q, "f6", white, PieceKind::queen));
    CHECK(holds(q, "i6", white, PieceKind::knight));

    // A later crossing may use the square an earlier one left.
    Position r = crossing_board();
    require_legal(play(r, "Qe4~e7,Nd4~e4"));
    CHECK(holds(r, "e4", white, PieceKind::knight));
}

TEST_CASE("J11.3 each piece crosses at most once a turn", "[J11.3]") {
    Position p = crossing_board();
    auto r = play(p, "Qe4~e7,Qe7~f4");
    require_fault(r, "J11.3", 1);
    CHECK(message_of(r) ==
          "the white queen on e7 has crossed already in this turn, and each piece crosses at most "
          "once a turn");
}

TEST_CASE("J11.3 crossings are written together and are the turn's only army move",
          "[J11.3][J4.1]") {
    Position p = crossing_board(2);
    auto apart = play(p, "Qe4~e7,W@e8,Nd4~d7");
    require_fault(apart, "J11.3", 2);
    CHECK(message_of(apart) ==
          "the crossings of a turn are written one after another, with no other action between "
          "them");
    Position q = crossing_board();
    auto then_move = play(q, "Qe4~e7,Ka1-a2");
    require_fault(then_move, "J4.1", 1);
    CHECK(message_of(then_move) ==
          "Qe4~e7 and Ka1-a2 are two army moves; a turn has only one (or one set of crossings)");
    Position m = crossing_board();
    auto move_then = play(m, "Ka1-a2,Qe4~e7");
    require_fault(move_then, "J4.1", 1);
    CHECK(message_of(move_then) ==
          "this turn moves Ka1-a2 and crosses with Qe4~e7: the crossings are the turn's army move, "
          "and a turn has only one");
}

TEST_CASE("J11.3 crossings as the army move of a bonus turn", "[J11.3][J5.3]") {
    Position p = crossing_board(2);
    require_legal(play(p, "Qe4~e7,Nd4~d7,W@e8"));
    CHECK(terrain_at(p, "e8") == Terrain::white_wall);
    CHECK(p.counter(white) == 3);
    Position q = crossing_board(3);
    require_legal(play(q, "W@d3,Qe4~e7"));
    CHECK(terrain_at(q, "d3") == Terrain::white_wall);
    CHECK(q.counter(white) == 4);
}

TEST_CASE("J11.3 crossings as the army move of a first turn", "[J11.3][J4.2]") {
    Position p = standard_position();
    require_legal(play(p, "~@e3,Se2~e4,Sd2~d4"));
    CHECK(holds(p, "e4", white, PieceKind::soldier));
    CHECK(holds(p, "d4", white, PieceKind::soldier));
    CHECK(p.counter(white) == 2);
    Position q = standard_position();
    require_fault(play(q, "~@e3,Se2~e4,~@h3,Sh2~h4"), "J11.3", 3);
}

// ---------------------------------------------------------------------------------------------
// J13 timeouts (position level)

TEST_CASE("J13.1 a timeout needs a timer", "[J13.1]") {
    Position p = board(5);
    auto r = play(p, "timeout");
    require_fault(r, "J13.1", 0);
    CHECK(message_of(r) == "a timeout needs a timer: a Timer tag, or Mode \"2v2\"");
}

TEST_CASE("J13.1 a timeout may name one own piece, which is lost", "[J13.1]") {
    Position p = board(5);
    put(p, "b1", white, PieceKind::knight);
    auto r = play(p, "timeout,xNb1", {}, true);
    require_legal(r);
    CHECK(r.kind == TurnKind::timeout);
    CHECK_FALSE(r.game_over);
    CHECK(p.cell(sq("b1")).empty());
    CHECK(p.lost(white, PieceKind::knight) == 1);
    CHECK(p.counter(white) == 5);

    // Naming the king loses the game.
    Position k = board(5);
    auto king = play(k, "timeout,xKa1", {}, true);
    require_legal(king);
    CHECK(king.game_over);
    CHECK(king.winner == black);
    CHECK(k.king_square(white) == no_square);
    CHECK(k.lost(white, PieceKind::king) == 1);

    Position b = board(5);
    b.set_side_to_move(black);
    auto black_king = play(b, "timeout,xKk11", {}, true);
    require_legal(black_king);
    CHECK(black_king.game_over);
    CHECK(black_king.winner == white);
}

TEST_CASE("J13.1 the piece named at a timeout must be one of the player's own, as written",
          "[J13.1]") {
    Position p = board(5);
    put(p, "b1", white, PieceKind::knight);
    auto kind = play(p, "timeout,xGb1", {}, true);
    require_fault(kind, "J13.1", 1);
    CHECK(message_of(kind) ==
          "the timeout names the white royal guard on b1 as the piece lost, but b1 holds the white "
          "knight; the piece lost at a timeout is one of the player's own");
    Position q = board(5);
    auto enemy = play(q, "timeout,xKk11", {}, true);
    require_fault(enemy, "J13.1", 1);
    CHECK(message_of(enemy) ==
          "the timeout names the white king on k11 as the piece lost, but k11 holds the black "
          "king; the piece lost at a timeout is one of the player's own");
    CHECK(q.king_square(black) == sq("k11"));
}

TEST_CASE("J13.1 a timeout is a whole turn", "[J13.1]") {
    Position p = board(5);
    put(p, "b1", white, PieceKind::knight);
    put(p, "c1", white, PieceKind::knight);
    require_fault(play(p, "Ka1-a2,timeout", {}, true), "J13.1", 1);
    Position q = p;
    auto placed = play(q, "timeout,W@e5", {}, true);
    require_fault(placed, "J13.1", 1);
    CHECK(message_of(placed) ==
          "after 'timeout' only the piece lost in the air may be named (xXsq); W@e5 is not such "
          "a removal");
    Position r = p;
    require_fault(play(r, "timeout,xNb1,xNc1", {}, true), "J13.1", 2);
    Position s = p;
    auto lone = play(s, "xNb1", {}, true);
    require_fault(lone, "J13.1", 0);
    CHECK(message_of(lone) ==
          "an army piece is removed only as the piece lost at a timeout (timeout,xNb1)");
}

TEST_CASE("J13.1 a piece lost at a timeout leaves its regenerator in place", "[J13.1][J9.4]") {
    // rulings J13.1: the named piece goes to the lost pool. Nothing captures the regenerator
    // it stands on (J9.4 needs an enemy piece ending its move there).
    Position p = board(5);
    put(p, "i1", white, PieceKind::knight);
    require_legal(play(p, "timeout,xNi1", {}, true));
    CHECK(p.lost(white, PieceKind::knight) == 1);
    CHECK_FALSE(p.regenerator_captured(white));
    CHECK(p.regenerator_square(white) == sq("i1"));
    CHECK(p.cell(sq("i1")).has_regenerator());
}

TEST_CASE("J15 too many pieces named at a timeout: located at the last action", "[J13.1][J15]") {
    Position p = board(5);
    put(p, "b1", white, PieceKind::knight);
    put(p, "c1", white, PieceKind::knight);
    put(p, "d1", white, PieceKind::guard);
    require_fault(play(p, "timeout,xNb1,xNc1,xGd1", {}, true), "J13.1", 3);
}

TEST_CASE("J15 a position-6 turn with two walls too many is located at its last action",
          "[J5.5][J15]") {
    Position p = board(6);
    require_fault(play(p, "W@a5,W@b5,W@c5,W@d5,W@e5"), "J5.5", 4);
}

// ---------------------------------------------------------------------------------------------
// Whole records

TEST_CASE("Record: first turn, bonus, crossing, walls placed, moved and removed, J5.4, J5.9",
          "[record][J4.2][J5.3][J5.4][J5.5][J5.9][J11.3]") {
    const std::string movetext =
        "1. W@c5,W@d5,~@f5,~@g5,Se2-e4 Sd10-d8\n"
        "2. Sd2-d4,W@e5 Se10-e9\n"
        "3. Qe1-e3 Dg11-g7\n"
        "4. Dg1xg7 Nj11-i9\n"
        "5. Dg7xg10 Kf11xg10\n"
        "6. W@h4,W@i4 Nb11-c9\n"
        "7. Qe3-f4 Nc9-b11\n"
        "8. Qf4~h6,~@h5 Nb11-c9\n"
        "9. Nb1-c3 Nc9-b11\n"
        "10. Nc3-b1 Nb11-c9\n"
        "11. Nb1-c3 Nc9-b11\n"
        "12. Wh4-h3,Wi4-i3 Rf10-f9,D@f9\n"
        "13. Nc3-b1 Df9-f7\n"
        "14. Nb1-c3 Nb11-c9\n"
        "15. Nc3-b1 Nc9-b11\n"
        "16. Nb1-c3 S@f9\n"
        "17. Nc3-b1 Sf9-f8\n"
        "18. xWc5,xWe5 Nb11-c9\n";
    auto c = check_game(game_text(movetext));
    require_legal_game(c);
    CHECK(c.result == "*");
    CHECK(position_has(c, "|side=w|turn=19|counter=w:1,b:3|"));
    CHECK(position_has(c, "|lost=w:D,b:-|supply=w:5,b:8,~:11|"));
    CHECK(c.position.rfind("t1gsq2sg1t/sss3ksss1/2n1sr2n2/3s1s5/5d5/7Q3/3W1~~~3/3SS6/7WW2/", 0) ==
          0);

    // The same game with Black's position-12 turn one turn early: J5.2 at the move.
    std::string early = movetext;
    early.replace(early.find("11. Nb1-c3 Nc9-b11"), 18, "11. Nb1-c3 Rf10-f9");
    auto e = check_game(game_text(early));
    REQUIRE(e.verdict == Verdict::illegal);
    CHECK(e.rule == "J5.2");
    CHECK(e.action == "Rf10-f9");
    CHECK(e.turn == 11u);
    CHECK(e.side == "black");
    CHECK(e.message ==
          "moving the regenerator is the strategy turn of counter position 12; Black's counter "
          "is at 11");
}

TEST_CASE("Record: J5.6, water added and removed, J5.8", "[record][J5.6][J5.7][J5.8]") {
    const std::string movetext =
        "1. W@h4,Dg1-e3 Nb11-c9\n"
        "2. De3xe11 Kf11xe11\n"
        "3. Nb1-c3 Nc9-b11\n"
        "4. Nc3-b1 Nb11-c9\n"
        "5. Nb1-c3 Nc9-b11\n"
        "6. Nc3-b1 Nb11-c9\n"
        "7. Nb1-c3 Nc9-b11\n"
        "8. Nc3-b1 Q@f10\n"
        "9. ~@e3,~@e4,~@e5 Sd10-d8\n"
        "10. Nb1-c3 Sd8-d7\n"
        "11. Nc3-b1 Sd7-d6\n"
        "12. Nb1-c3 Nb11-c9\n"
        "13. Nc3-b1 Nc9-b11\n"
        "14. Nb1-c3 Nb11-c9\n"
        "15. Nc3-b1 Nc9-b11\n"
        "16. Nb1-c3 Nb11-c9\n"
        "17. Nc3-b1 Nc9-b11\n"
        "18. x~e3,x~e5 xWh4\n";
    auto c = check_game(game_text(movetext));
    require_legal_game(c);
    CHECK(position_has(c, "|side=w|turn=19|counter=w:1,b:1|lost=w:D,b:-|supply=w:8,b:8,~:13|"));
    CHECK(c.position.rfind("tngsk1dsgnt/sss1s(rq)ssss1/11/11/11/3s7/11/4~6/11/", 0) == 0);

    // the black queen a turn before position 8; White's water from two zones.
    std::string early = movetext;
    early.replace(early.find("7. Nb1-c3 Nc9-b11"), 17, "7. Nb1-c3 Q@f10");
    auto e = check_game(game_text(early));
    CHECK(e.rule == "J5.2");
    CHECK(e.action == "Q@f10");
    CHECK(e.turn == 7u);
    std::string apart = movetext;
    apart.replace(apart.find("~@e3,~@e4,~@e5"), 14, "~@e3,~@e5");
    auto a = check_game(game_text(apart));
    CHECK(a.rule == "J5.7");
    CHECK(a.action == "~@e5");  // the turn's last action
    CHECK(a.turn == 9u);
    CHECK(a.side == "white");
}

TEST_CASE("Record: timeouts with a Timer tag, the last one naming the king", "[record][J13.1]") {
    const std::string movetext =
        "1. Se2-e4 timeout\n"
        "2. timeout,xNb1 Sa10-a9\n"
        "3. Se4-e5 timeout,xKf11";
    auto c = check_game(tagged_game("[Timer \"30\"]", movetext, "1-0"));
    require_legal_game(c);
    CHECK(c.result == "1-0");
    CHECK(c.reason == "king-captured");
    CHECK(position_has(c, "|counter=w:3,b:2|lost=w:N,b:K|"));
    CHECK(position_has(c, "|over=1-0:king-captured"));

    // The result must be the winner's (J14.1); nothing may follow (J12.5).
    auto wrong = check_game(tagged_game("[Timer \"30\"]", movetext, "*"));
    CHECK(wrong.rule == "J14.1");
    auto after = check_game(tagged_game("[Timer \"30\"]", movetext + "\n4. Se5-e6", "1-0"));
    CHECK(after.rule == "J12.5");
    CHECK(after.action == "Se5-e6");

    // The counter is held on timeouts by default and advances under the option.
    auto held = check_game(tagged_game("[Timer \"30\"]", "1. timeout timeout 2. timeout"));
    require_legal_game(held);
    CHECK(position_has(held, "|counter=w:1,b:1|"));
    Ruleset advance;
    advance.counter_on_timeout = CounterOnTimeout::advance;
    auto advanced =
        check_game(tagged_game("[Timer \"30\"]", "1. timeout timeout 2. timeout"), advance);
    require_legal_game(advanced);
    CHECK(position_has(advanced, "|counter=w:3,b:2|"));
}

TEST_CASE("Record: timeouts need a timer, which Mode \"2v2\" gives", "[record][J13.1][J13.2]") {
    auto none = check_game(game_text("1. Se2-e4 timeout"));
    REQUIRE(none.verdict == Verdict::illegal);
    CHECK(none.rule == "J13.1");
    CHECK(none.action == "timeout");
    CHECK(none.turn == 1u);
    CHECK(none.side == "black");
    CHECK(none.message == "a timeout needs a timer: a Timer tag, or Mode \"2v2\"");

    auto one = check_game(tagged_game("[Mode \"1v1\"]", "1. Se2-e4 timeout"));
    CHECK(one.rule == "J13.1");

    auto team = check_game(tagged_game("[Mode \"2v2\"]", "1. Se2-e4 timeout,xNb11 2. timeout"));
    require_legal_game(team);
    CHECK(position_has(team, "|counter=w:2,b:1|lost=w:-,b:N|"));
    auto team_timer =
        check_game(tagged_game("[Mode \"2v2\"]\n[Timer \"45\"]", "1. timeout,xKf1", "0-1"));
    require_legal_game(team_timer);
    CHECK(team_timer.result == "0-1");
    CHECK(team_timer.reason == "king-captured");
}

TEST_CASE("Record: Timer and Mode tag values", "[record][J13.1][J13.2]") {
    for (const char* value : {"abc", "0", "-30", "1.5", "30s", ""}) {
        CAPTURE(value);
        auto c = check_game(tagged_game(fmt::format("[Timer \"{}\"]", value), "1. Se2-e4 timeout"));
        CHECK(c.verdict == Verdict::invalid_record);
        CHECK(c.message == fmt::format("the Timer tag is a whole number of seconds per turn, such "
                                       "as \"30\", not \"{}\"",
                                       value));
    }
    auto mode = check_game(tagged_game("[Mode \"3v3\"]", "1. Se2-e4"));
    CHECK(mode.verdict == Verdict::invalid_record);
    CHECK(mode.message == "the Mode tag is \"1v1\" or \"2v2\", not \"3v3\"");
    require_legal_game(check_game(tagged_game("[Timer \"600\"]", "1. timeout")));
}

TEST_CASE("Record: first turns with crossings, then a piece crossing twice",
          "[record][J4.2][J11.3]") {
    const std::string movetext =
        "1. ~@e3,Se2~e4,Sd2~d4 ~@e9,Se10~e8,Sd10~d8\n"
        "2. Se4-e5 Se8-e7\n";
    auto c = check_game(game_text(movetext));
    require_legal_game(c);
    CHECK(position_has(c, "|counter=w:3,b:3|"));
    CHECK(position_has(c, "|supply=w:8,b:8,~:12|"));
    auto twice = check_game(game_text("1. ~@e3,Se2~e4,Se4~f4"));
    REQUIRE(twice.verdict == Verdict::illegal);
    CHECK(twice.rule == "J11.3");
    CHECK(twice.action == "Se4~f4");
    CHECK(twice.message ==
          "the white soldier on e4 has crossed already in this turn, and each piece crosses at "
          "most once a turn");
}

TEST_CASE("Record: a wall removal captures the remover's own soldier", "[record][J10.3]") {
    // the white soldier climbs its wall (J7.4); at counter 6 White removes that wall.
    const std::string movetext =
        "1. W@e3,W@e4,Se2-e3 Sa10-a9\n"
        "2. Nb1-c3 Sa9-a8\n"
        "3. Nc3-b1 Sa8-a7\n"
        "4. Nb1-c3 Sa7-a6\n"
        "5. Nc3-b1 Sa6-a5\n"
        "6. xWe3 Sa5-a4\n";
    auto c = check_game(game_text(movetext));
    require_legal_game(c);
    CHECK(position_has(c, "|counter=w:1,b:7|lost=w:S,b:-|supply=w:7,b:8,~:14|"));
}
