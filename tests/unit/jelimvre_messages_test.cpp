// Jelimvre's fault messages name the piece with its side, its square, the square it was to reach
// and why the rule refuses it (issue 33, item 2). The messages that the rules' own tests do not
// already assert word for word, each with its rule and its place.
#include <catch2/catch.hpp>

#include "games/jelimvre/position.hpp"
#include "games/jelimvre/ruleset.hpp"

#include "support.hpp"

using jv::test::check_game;
using jv::test::game_text;
using jv::test::message_of;
using jv::test::play;
using jv::test::put;
using jv::test::put_terrain;
using jv::test::require_fault;

namespace jel = jv::jel;
using jel::Color;
using jel::PieceKind;
using jel::Position;
using jel::Terrain;

namespace {

// The fault of a one-game record: its rule, action, turn, side, line and column, and message.
void check_fault(std::string_view movetext, const char* rule, const char* action,
                 std::uint32_t turn, const char* side, std::uint32_t column,
                 const std::string& message) {
    const auto c = check_game(game_text(movetext));
    require_fault(c, rule, action);
    CHECK(c.turn == turn);
    CHECK(c.side == side);
    CHECK(c.line == 9);  // the movetext's line after the tags and the setup of game_text
    CHECK(c.column == column);
    CHECK(c.message == message);
}

void put_regenerator(Position& p, std::string_view square, Color c) {
    jel::Cell cell = p.cell(jv::test::sq(square));
    cell.set_regenerator(c);
    p.set_cell(jv::test::sq(square), cell);
}

// Both kings and regenerators (White's on i1, Black's on h11), and nothing else: White to play
// turn 5.
Position bare_board() {
    Position p;
    p.set_turn_number(5);
    put(p, "a1", Color::white, PieceKind::king);
    put(p, "k11", Color::black, PieceKind::king);
    put_regenerator(p, "i1", Color::white);
    put_regenerator(p, "h11", Color::black);
    p.set_side_to_move(Color::white);
    return p;
}

}  // namespace

TEST_CASE("Messages: a soldier on the ground that goes backward, sideways or too far", "[J7.1]") {
    check_fault("1. Se2-e3 Sd10-d9 2. Se3-e2", "J7.1", "Se3-e2", 2, "white", 22,
                "the white soldier on e3 cannot go to e2: a soldier on the ground never moves "
                "backward, except to climb onto its own wall next to it");
    check_fault("1. Sj2-k2", "J7.1", "Sj2-k2", 1, "white", 4,
                "the white soldier on j2 cannot go to k2: a soldier on the ground never moves "
                "sideways, except to climb onto its own wall next to it");
    check_fault("1. Se2-g3", "J7.1", "Se2-g3", 1, "white", 4,
                "the white soldier on e2 cannot go to g3: a soldier on the ground moves one square "
                "forward (two from its setup square) or captures one square diagonally forward, "
                "and g3 is 1 rank ahead and 2 files aside");
}

TEST_CASE("Messages: the royal guard's and the queen's lines", "[J8.2][J8.3]") {
    check_fault("1. Gc1-c3", "J8.2", "Gc1-c3", 1, "white", 4,
                "the white royal guard on c1 cannot go to c3: a royal guard moves along a "
                "diagonal, and c3 is on no diagonal of c1");
    check_fault("1. Qe1-f3", "J8.3", "Qe1-f3", 1, "white", 4,
                "the white queen on e1 cannot go to f3: a queen moves along a rank, a file or a "
                "diagonal, and f3 shares none of them with e1");
}

TEST_CASE("Messages: a knight's jump along a rank or crooked, a dragon off its lines",
          "[J8.4][J8.5]") {
    check_fault("1. Nb1-c3 Sd10-d9 2. Nc3-f3", "J8.4", "Nc3-f3", 2, "white", 22,
                "the white knight on c3 cannot go to f3: a knight jumps two squares one way and "
                "one the other, and f3 is 3 files straight from it, on its rank");
    check_fault("1. Nb1-d3", "J8.4", "Nb1-d3", 1, "white", 4,
                "the white knight on b1 cannot go to d3: a knight jumps two squares one way and "
                "one the other, and d3 is 2 files and 2 ranks away");
    check_fault("1. Dg1-h3", "J8.5", "Dg1-h3", 1, "white", 4,
                "the white dragon on g1 cannot fly to h3: a dragon flies along a rank, a file or a "
                "diagonal, and h3 shares none of them with g1");
}

TEST_CASE("Messages: a knight may not capture the dragon under knight_vs_dragon",
          "[J8.4][options]") {
    Position p = bare_board();
    put(p, "c3", Color::white, PieceKind::knight);
    put(p, "d5", Color::black, PieceKind::dragon);
    jel::Ruleset rules;
    rules.knight_vs_dragon = jel::KnightVsDragon::cannot_capture;
    const auto r = play(p, "Nc3xd5", rules);
    require_fault(r, "J8.4", 0);
    CHECK(message_of(r) ==
          "the white knight on c3 cannot capture the black dragon on d5: under this ruleset a "
          "knight may not capture the dragon");
}

TEST_CASE("Messages: no army piece stops on water, nor on its regenerator when it may not",
          "[J6.3][J9.2][options]") {
    Position p = bare_board();
    put(p, "e4", Color::white, PieceKind::queen);
    put_terrain(p, "e6", Terrain::water);
    Position soldier = p;
    const auto queen = play(p, "Qe4-e6");
    require_fault(queen, "J6.3", 0);
    CHECK(message_of(queen) ==
          "the white queen on e4 cannot stop on e6: it is water, and no army piece may stop on "
          "water");
    put(soldier, "e5", Color::white, PieceKind::soldier);
    const auto step = play(soldier, "Se5-e6");
    require_fault(step, "J6.3", 0);
    CHECK(message_of(step) ==
          "the white soldier on e5 cannot stop on e6: it is water, and no army piece may stop on "
          "water");

    Position r = bare_board();
    put(r, "h3", Color::white, PieceKind::knight);
    jel::Ruleset rules;
    rules.stand_on_own_regenerator = false;
    const auto onto = play(r, "Nh3-i1", rules);
    require_fault(onto, "J9.2", 0);
    CHECK(message_of(onto) ==
          "the white knight on h3 cannot stop on i1: its own regenerator stands there, and under "
          "this ruleset no piece may stop on its own regenerator");
}

TEST_CASE("Messages: a soldier on its own wall that steps straight back or goes far",
          "[J7.5][J7.6]") {
    Position p = bare_board();
    put_terrain(p, "e5", Terrain::white_wall);
    put(p, "e5", Color::white, PieceKind::soldier);
    Position far = p;
    const auto back = play(p, "Se5-e4");
    require_fault(back, "J7.6", 0);
    CHECK(message_of(back) ==
          "the white soldier on e5 cannot climb down to e4: a soldier climbs down from its wall "
          "only sideways or diagonally backward, and this step is neither");
    const auto leap = play(far, "Se5-e8");
    require_fault(leap, "J7.5", 0);
    CHECK(message_of(leap) ==
          "the white soldier on e5 cannot go to e8: from its own wall a soldier walks along the "
          "wall, climbs down sideways or diagonally backward, steps forward onto an enemy wall, "
          "leaps two ranks forward and one file aside to capture, or captures diagonally forward "
          "on the walls, and this move is none of these");
}
