// Army moves against walls, water and regenerators, on positions built square by square
// (records cannot place walls or water until the strategy turns are implemented).
#include <catch2/catch.hpp>

#include "games/jelimvre/notation.hpp"
#include "games/jelimvre/position.hpp"
#include "games/jelimvre/rules.hpp"

using namespace jv::jel;

namespace {

Square sq(const char* name) {
    return parse_square(name);
}

Cell piece_cell(Color c, PieceKind k, Terrain t = Terrain::ground) {
    Cell cell;
    cell.set_piece(make_piece(c, k));
    cell.set_terrain(t);
    return cell;
}

Cell terrain_cell(Terrain t) {
    Cell cell;
    cell.set_terrain(t);
    return cell;
}

Action move(const char* text) {
    ActionParse parsed = parse_action(text);
    REQUIRE(parsed.action);
    return *parsed.action;
}

// White to move; both kings far away in the corners.
Position board() {
    Position p;
    p.set_turn_number(5);
    p.set_cell(sq("a1"), piece_cell(Color::white, PieceKind::king));
    p.set_cell(sq("k11"), piece_cell(Color::black, PieceKind::king));
    return p;
}

std::string rule_of(const Position& p, const char* text, const Ruleset& rules = {}) {
    auto fault = check_army_move(p, move(text), rules);
    return fault ? fault->rule : "legal";
}

}  // namespace

TEST_CASE("J6.2 walls and water block sliding pieces", "[J6.2]") {
    Position p = board();
    p.set_cell(sq("c3"), piece_cell(Color::white, PieceKind::tower));
    p.set_cell(sq("c5"), terrain_cell(Terrain::white_wall));
    p.set_cell(sq("e3"), terrain_cell(Terrain::water));
    CHECK(rule_of(p, "Tc3-c4") == "legal");
    CHECK(rule_of(p, "Tc3-c7") == "J6.2");
    CHECK(rule_of(p, "Tc3-g3") == "J6.2");
    auto fault = check_army_move(p, move("Tc3-g3"), {});
    REQUIRE(fault);
    CHECK(fault->message ==
          "the white tower on c3 cannot reach g3: it passes only over empty squares, and e3 is "
          "water");
}

TEST_CASE("J6.3 no piece stops on water, and only soldiers and dragons on walls", "[J6.3]") {
    Position p = board();
    p.set_cell(sq("c3"), piece_cell(Color::white, PieceKind::queen));
    p.set_cell(sq("d4"), terrain_cell(Terrain::water));
    p.set_cell(sq("c4"), terrain_cell(Terrain::white_wall));
    p.set_cell(sq("f6"), piece_cell(Color::white, PieceKind::knight));
    p.set_cell(sq("g8"), terrain_cell(Terrain::water));
    p.set_cell(sq("h7"), terrain_cell(Terrain::black_wall));
    CHECK(rule_of(p, "Qc3-d4") == "J6.3");
    CHECK(rule_of(p, "Qc3-c4") == "J6.3");
    CHECK(rule_of(p, "Nf6-g8") == "J6.3");
    CHECK(rule_of(p, "Nf6-h7") == "J6.3");
    CHECK(rule_of(p, "Nf6-h5") == "legal");
    auto fault = check_army_move(p, move("Qc3-c4"), {});
    REQUIRE(fault);
    CHECK(fault->message ==
          "the white queen on c3 cannot stop on c4: c4 holds a white wall, and only soldiers and "
          "dragons stand on walls");
}

TEST_CASE("J8.5 the dragon flies over walls and water and stops on walls", "[J8.5]") {
    Position p = board();
    p.set_cell(sq("e2"), piece_cell(Color::white, PieceKind::dragon));
    p.set_cell(sq("e4"), terrain_cell(Terrain::water));
    p.set_cell(sq("e5"), terrain_cell(Terrain::black_wall));
    p.set_cell(sq("e7"), piece_cell(Color::black, PieceKind::soldier, Terrain::black_wall));
    CHECK(rule_of(p, "De2-e6") == "legal");  // over water and a wall
    CHECK(rule_of(p, "De2-e5") == "legal");  // onto an enemy wall holding no piece
    CHECK(rule_of(p, "De2xe7") == "legal");  // a soldier on a wall
    CHECK(rule_of(p, "De2-e4") == "J6.3");   // never onto water
    // Capturing the king or the regenerator needs the squares between to be empty.
    p.set_cell(sq("e9"), piece_cell(Color::black, PieceKind::king));
    CHECK(rule_of(p, "De2xe9") == "J8.5");
    Cell regenerator;
    regenerator.set_regenerator(Color::black);
    p.set_cell(sq("h5"), regenerator);
    p.set_cell(sq("g4"), terrain_cell(Terrain::white_wall));
    CHECK(rule_of(p, "De2xh5") == "J8.5");
    p.set_cell(sq("g4"), Cell{});
    CHECK(rule_of(p, "De2xh5") == "legal");
}

TEST_CASE("J7.3 a soldier on the ground captures only on ground squares", "[J7.3]") {
    Position p = board();
    p.set_cell(sq("d4"), piece_cell(Color::white, PieceKind::soldier));
    p.set_cell(sq("e5"), piece_cell(Color::black, PieceKind::soldier, Terrain::black_wall));
    p.set_cell(sq("c5"), piece_cell(Color::black, PieceKind::guard));
    CHECK(rule_of(p, "Sd4xc5") == "legal");
    CHECK(rule_of(p, "Sd4xe5") == "J7.3");
}

TEST_CASE("J7.3 a soldier captures the enemy regenerator diagonally", "[J7.3][J9.4]") {
    Position p = board();
    p.set_cell(sq("d4"), piece_cell(Color::white, PieceKind::soldier));
    Cell regenerator;
    regenerator.set_regenerator(Color::black);
    regenerator.set_piece(make_piece(Color::black, PieceKind::queen));
    p.set_cell(sq("e5"), regenerator);
    CHECK(rule_of(p, "Sd4xe5") == "legal");
    CHECK(rule_of(p, "Sd4-d5") == "legal");
    p.set_cell(sq("d5"), regenerator);
    CHECK(rule_of(p, "Sd4-d5") == "J7.1");  // straight ahead is no capture
}

TEST_CASE("J7.1 water and enemy walls stop a soldier on the ground", "[J7.1][J6.3]") {
    Position p = board();
    p.set_cell(sq("d4"), piece_cell(Color::white, PieceKind::soldier));
    p.set_cell(sq("d5"), terrain_cell(Terrain::water));
    CHECK(rule_of(p, "Sd4-d5") == "J6.3");
    p.set_cell(sq("d5"), terrain_cell(Terrain::black_wall));
    CHECK(rule_of(p, "Sd4-d5") == "J7.1");
    // Onto its own wall it climbs (J7.4).
    p.set_cell(sq("d5"), terrain_cell(Terrain::white_wall));
    CHECK(rule_of(p, "Sd4-d5") == "legal");
}

TEST_CASE("J8.4 knight_vs_dragon", "[J8.4]") {
    Position p = board();
    p.set_cell(sq("d4"), piece_cell(Color::white, PieceKind::knight));
    p.set_cell(sq("e6"), piece_cell(Color::black, PieceKind::dragon));
    CHECK(rule_of(p, "Nd4xe6") == "legal");
    Ruleset rules;
    rules.knight_vs_dragon = KnightVsDragon::cannot_capture;
    CHECK(rule_of(p, "Nd4xe6", rules) == "J8.4");
}

TEST_CASE("J8.6 the king captures next to it, never on a wall", "[J8.6][J6.3]") {
    Position p = board();
    p.set_cell(sq("b2"), piece_cell(Color::black, PieceKind::knight));
    p.set_cell(sq("a2"), piece_cell(Color::black, PieceKind::soldier, Terrain::black_wall));
    CHECK(rule_of(p, "Ka1xb2") == "legal");
    CHECK(rule_of(p, "Ka1xa2") == "J6.3");
    CHECK(rule_of(p, "Ka1-c3") == "J8.6");
}

TEST_CASE("Applying and undoing an action restores the position", "[position]") {
    Position p = board();
    p.set_cell(sq("d4"), piece_cell(Color::white, PieceKind::soldier));
    Cell regenerator;
    regenerator.set_regenerator(Color::black);
    regenerator.set_piece(make_piece(Color::black, PieceKind::queen));
    p.set_cell(sq("e5"), regenerator);
    const Position before = p;
    Undo undo;
    p.apply(move("Sd4xe5"), Color::white, undo);
    CHECK(p.cell(sq("e5")).piece() == make_piece(Color::white, PieceKind::soldier));
    CHECK_FALSE(p.cell(sq("e5")).has_regenerator());
    CHECK(p.regenerator_square(Color::black) == no_square);
    CHECK(p.regenerator_captured(Color::black));
    CHECK(p.lost(Color::black, PieceKind::queen) == 1);
    CHECK(p.cell(sq("d4")).empty());
    p.undo(undo);
    CHECK(p == before);
}

TEST_CASE("J9.3 J9.4 a regeneration check refuses the king and a lost regenerator",
          "[J9.3][J9.4]") {
    // A whole turn refuses both before these checks run (turn.cpp); other callers of the rules
    // rely on the checks themselves.
    Position p = board();  // its regenerators were placed and are gone: captured
    REQUIRE(p.regenerator_captured(Color::white));
    auto king = check_regeneration(p, move("K@e5"));
    REQUIRE(king);
    CHECK(king->rule == "J9.3");
    CHECK(king->message == "the king is never regenerated");
    auto soldier = check_regeneration(p, move("S@e5"));
    REQUIRE(soldier);
    CHECK(soldier->rule == "J9.4");
    CHECK(soldier->message ==
          "White's regenerator was captured, so White can no longer regenerate");
    auto relocation = check_regenerator_move(p, move("Re5-e6"));
    REQUIRE(relocation);
    CHECK(relocation->rule == "J9.4");
    CHECK(relocation->message == "White's regenerator was captured and can no longer move");
}

TEST_CASE("Capturing a king clears its square", "[position][J12.1]") {
    Position p = board();
    p.set_cell(sq("b2"), piece_cell(Color::black, PieceKind::queen));
    Undo undo;
    Position copy = p;
    p.set_side_to_move(Color::black);
    p.apply(move("Qb2xa1"), Color::black, undo);
    CHECK(p.king_square(Color::white) == no_square);
    CHECK(p.lost(Color::white, PieceKind::king) == 1);
    p.undo(undo);
    p.set_side_to_move(Color::white);
    CHECK(p == copy);
}

TEST_CASE("Cell packs piece, terrain and regenerator in one byte", "[types]") {
    Cell cell;
    CHECK(cell.empty());
    cell.set_terrain(Terrain::black_wall);
    cell.set_piece(make_piece(Color::white, PieceKind::soldier));
    CHECK(cell.bits == 0x27);
    CHECK(cell.terrain() == Terrain::black_wall);
    CHECK(kind_of(cell.piece()) == PieceKind::soldier);
    CHECK(color_of(cell.piece()) == Color::white);
    cell.set_regenerator(Color::black);
    CHECK(cell.regenerator_color() == Color::black);
    cell.clear_regenerator();
    CHECK_FALSE(cell.has_regenerator());
    CHECK(make_square(10, 10) == 120);
    CHECK(Action::make(ActionKind::move, Letter::soldier, 15, 26, true, Letter::queen).raw() ==
          (15u | 26u << 7 | 1u << 14 | 7u << 17 | 2u << 21 | 1u << 25));
}
