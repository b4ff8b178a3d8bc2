// J7.4-J7.10: the soldier on walls (climb, walk, climb down, leap, enemy walls, captures on
// walls) and promotion, as whole turns on positions built square by square (play()) and in
// records (check_game()).
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
using jv::test::game_text;
using jv::test::play;
using jv::test::put;
using jv::test::put_terrain;
using jv::test::sq;

namespace {

constexpr Color white = Color::white;
constexpr Color black = Color::black;
constexpr PieceKind soldier = PieceKind::soldier;

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

// `side` to play turn 5 (an ordinary turn, counter 1). the white king on a1, Black's on k11,
// White's regenerator on i1 and Black's on h11, out of the way of the soldiers below.
Position board(Color side = white) {
    Position p;
    p.set_turn_number(5);
    put(p, "a1", white, PieceKind::king);
    put(p, "k11", black, PieceKind::king);
    put_regenerator(p, "i1", white);
    put_regenerator(p, "h11", black);
    p.set_side_to_move(side);
    return p;
}

// A piece standing on a terrain square.
void put_on(Position& p, std::string_view square, Terrain terrain, Color c, PieceKind k) {
    put_terrain(p, square, terrain);
    put(p, square, c, k);
}

void walls(Position& p, std::initializer_list<const char*> squares, Terrain terrain) {
    for (const char* s : squares) put_terrain(p, s, terrain);
}

// the white soldier on its own wall e5, alone on an otherwise bare board.
Position on_own_wall() {
    Position p = board();
    put_on(p, "e5", Terrain::white_wall, white, soldier);
    return p;
}

// the white soldier, on a black wall e6.
Position on_enemy_wall() {
    Position p = board();
    put_on(p, "e6", Terrain::black_wall, white, soldier);
    return p;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// J7.4 climb

TEST_CASE("J7.4 a soldier climbs from the ground onto an adjacent square of its own wall",
          "[J7.4]") {
    for (const char* target : {"e5", "d5", "f5", "d4", "f3", "e3"}) {
        CAPTURE(target);
        Position p = board();
        put(p, "e4", white, soldier);
        put_terrain(p, target, Terrain::white_wall);
        auto r = play(p, fmt::format("Se4-{}", target));
        require_legal(r);
        CHECK(holds(p, target, white, soldier));
        CHECK(terrain_at(p, target) == Terrain::white_wall);
        CHECK(p.cell(sq("e4")).empty());
        CHECK(p.counter(white) == 2);
    }
    // Black climbs too; forward is towards rank 1, but a climb goes any way.
    Position b = board(black);
    put(b, "e8", black, soldier);
    walls(b, {"e7", "f9"}, Terrain::black_wall);
    Position b2 = b;
    require_legal(play(b, "Se8-e7"));
    CHECK(holds(b, "e7", black, soldier));
    require_legal(play(b2, "Se8-f9"));
}

TEST_CASE("J7.4 the climb needs an own wall square holding no piece", "[J7.4]") {
    Position p = board();
    put(p, "e4", white, soldier);
    put_on(p, "e5", Terrain::white_wall, black, soldier);
    put_on(p, "f5", Terrain::white_wall, black, PieceKind::dragon);
    Position q = p;
    auto r = play(q, "Se4-e5");
    require_fault(r, "J7.4");
    CHECK(message_of(r) ==
          "the white soldier on e4 cannot climb onto e5: a soldier climbs only onto a square of "
          "its own wall holding no piece, and e5 holds the black soldier, on a white wall");
    Position x = p;
    require_fault(play(x, "Se4xe5"), "J7.4");
    Position d = p;
    require_fault(play(d, "Se4xf5"), "J7.4");  // no capture by climbing
    CHECK(d.lost(black, PieceKind::dragon) == 0);
    // An enemy wall is not climbed from the ground (J7.8 starts from an own wall).
    Position e = board();
    put(e, "e4", white, soldier);
    put_terrain(e, "e5", Terrain::black_wall);
    require_fault(play(e, "Se4-e5"), "J7.1");
}

// ---------------------------------------------------------------------------------------------
// J7.5 walk

TEST_CASE("J7.5 a soldier walks on its wall along lines in the 8 directions", "[J7.5]") {
    Position p = on_own_wall();
    walls(p, {"f5", "g5", "h5"}, Terrain::white_wall);
    require_legal(play(p, "Se5-h5"));
    CHECK(holds(p, "h5", white, soldier));
    CHECK(p.cell(sq("e5")).piece() == 0);
    CHECK(terrain_at(p, "e5") == Terrain::white_wall);

    Position back = board();
    walls(back, {"e5", "e6"}, Terrain::white_wall);
    put_on(back, "e7", Terrain::white_wall, white, soldier);
    require_legal(play(back, "Se7-e5"));  // backwards along the file
    CHECK(holds(back, "e5", white, soldier));

    Position diagonal = on_own_wall();
    walls(diagonal, {"f6", "g7", "d4"}, Terrain::white_wall);
    Position diagonal_back = diagonal;
    require_legal(play(diagonal, "Se5-g7"));
    require_legal(play(diagonal_back, "Se5-d4"));
}

TEST_CASE("J7.5 the walk passes over and stops on own wall squares holding no piece", "[J7.5]") {
    struct Case {
        const char* name;
        const char* move;
        const char* message;
    };
    // e5 soldier; f5..g5 set per case.
    auto make = [](const char* name) {
        Position p = on_own_wall();
        std::string_view n = name;
        if (n == "gap") {
            put_terrain(p, "g5", Terrain::white_wall);
        } else if (n == "enemy wall") {
            put_terrain(p, "f5", Terrain::black_wall);
            put_terrain(p, "g5", Terrain::white_wall);
        } else if (n == "piece between") {
            put_on(p, "f5", Terrain::white_wall, white, soldier);
            put_terrain(p, "g5", Terrain::white_wall);
        } else {  // "piece on target"
            put_on(p, "f5", Terrain::white_wall, black, soldier);
        }
        return p;
    };
    const Case cases[] = {
        {"gap", "Se5-g5",
         "the white soldier on e5 cannot reach g5: a soldier walks on its wall only over own wall "
         "squares holding no piece, and f5 is empty"},
        {"enemy wall", "Se5-g5",
         "the white soldier on e5 cannot reach g5: a soldier walks on its wall only over own wall "
         "squares holding no piece, and f5 holds a black wall"},
        {"piece between", "Se5-g5",
         "the white soldier on e5 cannot reach g5: a soldier walks on its wall only over own wall "
         "squares holding no piece, and f5 holds the white soldier, on a white wall"},
        {"piece on target", "Se5-f5",
         "the white soldier on e5 cannot go to f5: a soldier walks on its wall only onto squares "
         "holding no piece, and f5 holds the black soldier, on a white wall"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.name);
        Position p = make(c.name);
        auto r = play(p, c.move);
        require_fault(r, "J7.5");
        CHECK(message_of(r) == c.message);
        CHECK(holds(p, "e5", white, soldier));
    }
    Position capture = make("piece on target");
    require_fault(play(capture, "Se5xf5"), "J7.5");  // no sideways capture on the wall
}

TEST_CASE("J7.5 wall_walk: line (default) or unit", "[J7.5][option]") {
    Ruleset unit;
    unit.wall_walk = WallWalk::unit;

    // e5-f5-g5-g6: g6 is reachable through the unit but not on a line from e5.
    Position bend = on_own_wall();
    walls(bend, {"f5", "g5", "g6"}, Terrain::white_wall);
    Position line_bend = bend;
    auto r = play(line_bend, "Se5-g6");
    require_fault(r, "J7.5");
    CHECK(message_of(r) ==
          "the white soldier on e5 cannot go to g6: a soldier walks on its wall along a rank, a "
          "file or a diagonal, and g6 shares none of them with e5");
    Position unit_bend = bend;
    require_legal(play(unit_bend, "Se5-g6", unit));
    CHECK(holds(unit_bend, "g6", white, soldier));

    // e5-f6-g5: the line e5-g5 crosses bare ground on f5; the unit goes round through f6.
    Position detour = on_own_wall();
    walls(detour, {"f6", "g5"}, Terrain::white_wall);
    Position line_detour = detour;
    require_fault(play(line_detour, "Se5-g5"), "J7.5");
    Position unit_detour = detour;
    require_legal(play(unit_detour, "Se5-g5", unit));

    // Under unit the way must hold no piece...
    Position blocked = on_own_wall();
    walls(blocked, {"g5", "g6"}, Terrain::white_wall);
    put_on(blocked, "f5", Terrain::white_wall, black, soldier);
    auto b = play(blocked, "Se5-g6", unit);
    require_fault(b, "J7.5");
    CHECK(message_of(b) ==
          "the white soldier on e5 cannot reach g6: a soldier walks on its wall only through own "
          "wall squares holding no piece, and no such way leads from e5 to g6");
    // ...and stay in the unit.
    Position apart = on_own_wall();
    walls(apart, {"f5", "h5"}, Terrain::white_wall);
    Position line_apart = apart;
    require_fault(play(apart, "Se5-h5", unit), "J7.5");
    require_fault(play(line_apart, "Se5-h5"), "J7.5");

    // A straight walk is legal under both.
    Position straight = on_own_wall();
    walls(straight, {"f5", "g5", "h5"}, Terrain::white_wall);
    Position straight_unit = straight;
    require_legal(play(straight, "Se5-h5"));
    require_legal(play(straight_unit, "Se5-h5", unit));
}

TEST_CASE("J7.5 a knight-shaped walk: illegal by line, legal through the unit", "[J7.5]") {
    // e5-e6-f7 is one unit; f7 is two ranks forward and one file aside, like the leap.
    Position p = on_own_wall();
    walls(p, {"e6", "f7"}, Terrain::white_wall);
    auto r = play(p, "Se5-f7");
    INFO(describe(r));
    REQUIRE(r.fault.has_value());
    CHECK((r.fault->rule == "J7.5" || r.fault->rule == "J7.7"));
}

TEST_CASE("J7.5 wall_walk unit reaches every square of the unit, knight-shaped ones too",
          "[J7.5][option]") {
    // rulings J7.5 (unit): "to any square of the same unit reachable through own-wall squares
    // holding no piece". The referee takes e5 to f7 for a leap (J7.7: "lands on a ground
    // square") before it looks at the walk.
    Ruleset unit;
    unit.wall_walk = WallWalk::unit;
    Position p = on_own_wall();
    walls(p, {"e6", "f7"}, Terrain::white_wall);
    require_legal(play(p, "Se5-f7", unit));
    CHECK(holds(p, "f7", white, soldier));
}

// ---------------------------------------------------------------------------------------------
// J7.6 climb down

TEST_CASE("J7.6 a soldier climbs down sideways or diagonally backward onto empty ground",
          "[J7.6]") {
    for (const char* target : {"d5", "f5", "d4", "f4"}) {
        CAPTURE(target);
        Position p = on_own_wall();
        require_legal(play(p, fmt::format("Se5-{}", target)));
        CHECK(holds(p, target, white, soldier));
        CHECK(terrain_at(p, target) == Terrain::ground);
        CHECK(p.cell(sq("e5")).piece() == 0);
        CHECK(terrain_at(p, "e5") == Terrain::white_wall);
    }
    // Black's backward is towards rank 11.
    Position b = board(black);
    put_on(b, "e7", Terrain::black_wall, black, soldier);
    require_legal(play(b, "Se7-d8"));
    CHECK(holds(b, "d8", black, soldier));

    // Back on the ground the soldier steps forward again (J7.1).
    Position g = on_own_wall();
    require_legal(play(g, "Se5-d5"));
    require_legal(play(g, "Kk11-k10"));
    require_legal(play(g, "Sd5-d6"));
    CHECK(holds(g, "d6", white, soldier));
}

TEST_CASE("J7.6 the square below must be empty ground", "[J7.6]") {
    struct Case {
        const char* move;
        const char* message;
    };
    const Case cases[] = {
        {"Se5-d5",
         "the white soldier on e5 cannot climb down to d5: a soldier climbs down only onto an "
         "empty ground square, and d5 holds the black knight"},
        {"Se5xd5",
         "the white soldier on e5 cannot climb down to d5: a soldier climbs down only onto an "
         "empty ground square, and d5 holds the black knight"},
        {"Se5-f5",
         "the white soldier on e5 cannot climb down to f5: a soldier climbs down only onto an "
         "empty ground square, and f5 is water"},
        {"Se5-f4",
         "the white soldier on e5 cannot climb down to f4: a soldier climbs down only onto an "
         "empty ground square, and f4 holds the white regenerator"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.move);
        Position p = on_own_wall();
        put(p, "d5", black, PieceKind::knight);
        put_terrain(p, "f5", Terrain::water);
        jv::test::clear(p, "i1");
        put_regenerator(p, "f4", white);
        auto r = play(p, c.move);
        require_fault(r, "J7.6");
        CHECK(message_of(r) == c.message);
        CHECK(p.lost(black, PieceKind::knight) == 0);
    }
    // Forward onto bare ground, straight or diagonally, is no climb down.
    for (const char* move : {"Se5-f6", "Se5-e6"}) {
        CAPTURE(move);
        Position forward = on_own_wall();
        auto f = play(forward, move);
        INFO(describe(f));
        CHECK(f.fault.has_value());
        CHECK(holds(forward, "e5", white, soldier));
    }
}

TEST_CASE("J7.6 climbing down straight backward is a J7.6 fault", "[J7.6][J15]") {
    // rulings J15: the most specific rule the move fails. From its own wall to the adjacent
    // empty ground square straight behind it, the soldier fails J7.6 (sideways or diagonally
    // backward); the referee names J7.5 (its catch-all for moves from a wall).
    Position p = on_own_wall();
    require_fault(play(p, "Se5-e4"), "J7.6");
}

// ---------------------------------------------------------------------------------------------
// J7.7 leap

TEST_CASE("J7.7 from its own wall a soldier leaps two ranks forward and one file aside to capture",
          "[J7.7]") {
    Position p = on_own_wall();
    put(p, "f7", black, PieceKind::knight);
    require_legal(play(p, "Se5xf7"));
    CHECK(holds(p, "f7", white, soldier));
    CHECK(terrain_at(p, "f7") == Terrain::ground);
    CHECK(p.lost(black, PieceKind::knight) == 1);
    CHECK(p.cell(sq("e5")).piece() == 0);

    // The enemy regenerator, with the piece standing on it.
    Position r = on_own_wall();
    jv::test::clear(r, "h11");
    put_regenerator(r, "d7", black);
    put(r, "d7", black, PieceKind::guard);
    require_legal(play(r, "Se5xd7"));
    CHECK(r.regenerator_captured(black));
    CHECK(r.lost(black, PieceKind::guard) == 1);
    CHECK(holds(r, "d7", white, soldier));

    // Black leaps towards rank 1.
    Position b = board(black);
    put_on(b, "e7", Terrain::black_wall, black, soldier);
    put(b, "d5", white, PieceKind::queen);
    require_legal(play(b, "Se7xd5"));
    CHECK(b.lost(white, PieceKind::queen) == 1);
}

TEST_CASE("J7.7 the leap lands on a ground square", "[J7.7]") {
    for (bool may_move : {false, true}) {
        CAPTURE(may_move);
        Ruleset rules;
        rules.wall_leap_may_move = may_move;
        Position p = on_own_wall();
        put_on(p, "f7", Terrain::black_wall, black, soldier);
        auto r = play(p, "Se5xf7", rules);
        require_fault(r, "J7.7");
        CHECK(message_of(r) ==
              "the white soldier on e5 cannot leap to f7: the leap from a wall lands on a ground "
              "square, and f7 holds the black soldier, on a black wall");
        Position w = on_own_wall();
        put_terrain(w, "f7", Terrain::water);
        auto water = play(w, "Se5-f7", rules);
        require_fault(water, "J7.7");
        CHECK(message_of(water) ==
              "the white soldier on e5 cannot leap to f7: the leap from a wall lands on a ground "
              "square, and f7 is water");
    }
}

TEST_CASE("J7.7 wall_leap_may_move: false (default) or true", "[J7.7][option]") {
    Position p = on_own_wall();
    auto r = play(p, "Se5-f7");
    require_fault(r, "J7.7");
    CHECK(message_of(r) ==
          "the white soldier on e5 cannot leap to f7: the leap from a wall is a capture only, and "
          "f7 is empty");
    CHECK(holds(p, "e5", white, soldier));

    Ruleset may_move;
    may_move.wall_leap_may_move = true;
    Position q = on_own_wall();
    require_legal(play(q, "Se5-f7", may_move));
    CHECK(holds(q, "f7", white, soldier));
    CHECK(q.cell(sq("e5")).piece() == 0);

    // "An empty ground square": not the own regenerator.
    Position reg = on_own_wall();
    jv::test::clear(reg, "i1");
    put_regenerator(reg, "f7", white);
    require_fault(play(reg, "Se5-f7", may_move), "J7.7");
}

// ---------------------------------------------------------------------------------------------
// J7.8 enemy walls

TEST_CASE("J7.8 from its own wall a soldier steps forward onto an enemy wall", "[J7.8]") {
    Position p = on_own_wall();
    put_terrain(p, "e6", Terrain::black_wall);
    require_legal(play(p, "Se5-e6"));
    CHECK(holds(p, "e6", white, soldier));
    CHECK(terrain_at(p, "e6") == Terrain::black_wall);

    Position b = board(black);
    put_on(b, "e7", Terrain::black_wall, black, soldier);
    put_terrain(b, "e6", Terrain::white_wall);
    require_legal(play(b, "Se7-e6"));
    CHECK(holds(b, "e6", black, soldier));
}

TEST_CASE("J7.8 the enemy wall square must hold no piece", "[J7.8]") {
    Position p = on_own_wall();
    put_on(p, "e6", Terrain::black_wall, black, soldier);
    Position q = p;
    auto r = play(p, "Se5-e6");
    require_fault(r, "J7.8");
    CHECK(message_of(r) ==
          "the white soldier on e5 cannot step onto e6: a soldier steps onto an enemy wall only "
          "where it holds no piece, and e6 holds the black soldier, on a black wall");
    require_fault(play(q, "Se5xe6"), "J7.8");
    CHECK(q.lost(black, soldier) == 0);
}

TEST_CASE("J7.8 on an enemy wall a soldier steps one square forward as on the ground", "[J7.8]") {
    for (Terrain t : {Terrain::ground, Terrain::black_wall, Terrain::white_wall}) {
        CAPTURE(static_cast<int>(t));
        Position p = on_enemy_wall();
        put_terrain(p, "e7", t);
        require_legal(play(p, "Se6-e7"));
        CHECK(holds(p, "e7", white, soldier));
        CHECK(terrain_at(p, "e6") == Terrain::black_wall);
        CHECK(p.cell(sq("e6")).piece() == 0);
    }
    // Own wall, enemy wall, then the ground, turn after turn.
    Position walk = on_own_wall();
    put_terrain(walk, "e6", Terrain::black_wall);
    require_legal(play(walk, "Se5-e6"));
    require_legal(play(walk, "Kk11-k10"));
    require_legal(play(walk, "Se6-e7"));
    CHECK(holds(walk, "e7", white, soldier));
}

TEST_CASE("J7.8 faults on an enemy wall", "[J7.8]") {
    const std::string blocked =
        "the white soldier on e6 cannot step to e7: on an enemy wall a soldier steps forward only "
        "onto a square holding no piece, no regenerator and no water, and ";
    struct Blocker {
        const char* name;
        const char* holds;
    };
    for (auto [name, what] : {Blocker{"water", "e7 is water"},
                              Blocker{"black regenerator", "e7 holds the black regenerator"},
                              Blocker{"white regenerator", "e7 holds the white regenerator"},
                              Blocker{"black knight", "e7 holds the black knight"}}) {
        CAPTURE(name);
        Position p = on_enemy_wall();
        std::string_view n = name;
        if (n == "water") {
            put_terrain(p, "e7", Terrain::water);
        } else if (n == "black regenerator") {
            jv::test::clear(p, "h11");
            put_regenerator(p, "e7", black);
        } else if (n == "white regenerator") {
            jv::test::clear(p, "i1");
            put_regenerator(p, "e7", white);
        } else {
            put(p, "e7", black, PieceKind::knight);
        }
        auto r = play(p, "Se6-e7");
        require_fault(r, "J7.8");
        CHECK(message_of(r) == blocked + what);
    }
    for (auto [move, to] : {std::pair{"Se6-e8", "e8"}, std::pair{"Se6-f6", "f6"},
                            std::pair{"Se6-f7", "f7"}, std::pair{"Se6-e5", "e5"}}) {
        CAPTURE(move);
        Position p = on_enemy_wall();
        auto r = play(p, move);
        require_fault(r, "J7.8");
        CHECK(message_of(r) ==
              fmt::format("the white soldier on e6 cannot go to {}: on an enemy wall a soldier "
                          "moves one square straight forward, or captures diagonally forward on "
                          "the walls, and this move is neither",
                          to));
    }
}

// ---------------------------------------------------------------------------------------------
// J7.9 captures on walls

TEST_CASE("J7.9 on a wall a soldier captures diagonally forward a soldier or dragon on a wall",
          "[J7.9]") {
    Position p = on_own_wall();
    put_on(p, "f6", Terrain::black_wall, black, soldier);
    require_legal(play(p, "Se5xf6"));
    CHECK(holds(p, "f6", white, soldier));
    CHECK(terrain_at(p, "f6") == Terrain::black_wall);
    CHECK(p.lost(black, soldier) == 1);

    Position d = on_own_wall();
    put_on(d, "d6", Terrain::white_wall, black, PieceKind::dragon);
    require_legal(play(d, "Se5xd6"));
    CHECK(d.lost(black, PieceKind::dragon) == 1);

    // From an enemy wall too.
    Position e = on_enemy_wall();
    put_on(e, "f7", Terrain::white_wall, black, soldier);
    require_legal(play(e, "Se6xf7"));
    CHECK(holds(e, "f7", white, soldier));

    Position b = board(black);
    put_on(b, "e7", Terrain::black_wall, black, soldier);
    put_on(b, "d6", Terrain::white_wall, white, soldier);
    require_legal(play(b, "Se7xd6"));
    CHECK(b.lost(white, soldier) == 1);
}

TEST_CASE("J7.9 from a wall only soldiers and dragons standing on walls are captured", "[J7.9]") {
    struct Case {
        const char* target;
        PieceKind kind;
        const char* holds;
    };
    const Case cases[] = {{"f6", soldier, "the black soldier"},
                          {"d6", PieceKind::knight, "the black knight"},
                          {"f6", PieceKind::dragon, "the black dragon"}};
    for (const Case& c : cases) {
        CAPTURE(c.target, c.holds);
        Position p = on_own_wall();
        put(p, c.target, black, c.kind);
        auto r = play(p, fmt::format("Se5x{}", c.target));
        require_fault(r, "J7.9");
        CHECK(message_of(r) ==
              fmt::format("the white soldier on e5 cannot capture on {0}: from a wall a soldier "
                          "captures diagonally forward only a soldier or a dragon standing on a "
                          "wall, and {0} holds {1}",
                          c.target, c.holds));
        CHECK(p.lost(black, c.kind) == 0);
    }
    Position e = on_enemy_wall();
    put(e, "f7", black, PieceKind::knight);
    require_fault(play(e, "Se6xf7"), "J7.9");
    // From the ground a soldier does not capture on a wall (J7.3).
    Position g = board();
    put(g, "e5", white, soldier);
    put_on(g, "f6", Terrain::black_wall, black, soldier);
    require_fault(play(g, "Se5xf6"), "J7.3");
}

// ---------------------------------------------------------------------------------------------
// J7.10 promotion

TEST_CASE("J7.10 a soldier on its last rank may be exchanged for a lost piece", "[J7.10]") {
    for (auto [letter, kind] :
         {std::pair{'Q', PieceKind::queen}, std::pair{'T', PieceKind::tower},
          std::pair{'G', PieceKind::guard}, std::pair{'N', PieceKind::knight}}) {
        CAPTURE(letter);
        Position p = board();
        put(p, "c10", white, soldier);
        set_lost(p, white, kind, 1);
        require_legal(play(p, fmt::format("Sc10-c11={}", letter)));
        CHECK(holds(p, "c11", white, kind));
        CHECK(p.lost(white, kind) == 0);
        CHECK(p.lost(white, soldier) == 1);  // the soldier goes to the lost pool
        CHECK(p.cell(sq("c10")).empty());
    }
    // With a capture.
    Position c = board();
    put(c, "c10", white, soldier);
    put(c, "d11", black, PieceKind::knight);
    set_lost(c, white, PieceKind::tower, 1);
    require_legal(play(c, "Sc10xd11=T"));
    CHECK(holds(c, "d11", white, PieceKind::tower));
    CHECK(c.lost(black, PieceKind::knight) == 1);
    // Black's last rank is rank 1.
    Position b = board(black);
    put(b, "d2", black, soldier);
    set_lost(b, black, PieceKind::queen, 1);
    require_legal(play(b, "Sd2-d1=Q"));
    CHECK(holds(b, "d1", black, PieceKind::queen));
    CHECK(b.lost(black, soldier) == 1);
}

TEST_CASE("J7.10 without a written promotion the soldier stays a soldier", "[J7.10]") {
    Position p = board();
    put(p, "c10", white, soldier);
    set_lost(p, white, PieceKind::queen, 1);
    require_legal(play(p, "Sc10-c11"));
    CHECK(holds(p, "c11", white, soldier));
    CHECK(p.lost(white, PieceKind::queen) == 1);
    CHECK(p.lost(white, soldier) == 0);
}

TEST_CASE("J7.10 promotion by a water crossing and by the leap from a wall",
          "[J7.10][J11.3][J7.7]") {
    auto crossing = [] {
        Position p = board();
        put(p, "e9", white, soldier);
        put(p, "d9", white, soldier);
        put_terrain(p, "e10", Terrain::water);
        set_lost(p, white, PieceKind::guard, 1);
        return p;
    };
    Position p = crossing();
    require_legal(play(p, "Se9~e11=G"));
    CHECK(holds(p, "e11", white, PieceKind::guard));
    CHECK(p.lost(white, PieceKind::guard) == 0);
    CHECK(p.lost(white, soldier) == 1);
    // One of several crossings.
    Position two = crossing();
    require_legal(play(two, "Sd9~d11,Se9~f11=G"));
    CHECK(holds(two, "d11", white, soldier));
    CHECK(holds(two, "f11", white, PieceKind::guard));
    // A crossing that does not end on the last rank promotes nothing.
    Position rank = crossing();
    require_fault(play(rank, "Se9~f9=G"), "J7.10");
    Position none = crossing();
    require_fault(play(none, "Se9~e11=Q"), "J7.10");

    Position leap = board();
    put_on(leap, "c9", Terrain::white_wall, white, soldier);
    put(leap, "d11", black, PieceKind::knight);
    set_lost(leap, white, PieceKind::queen, 1);
    require_legal(play(leap, "Sc9xd11=Q"));
    CHECK(holds(leap, "d11", white, PieceKind::queen));
    CHECK(leap.lost(white, soldier) == 1);
}

TEST_CASE("J7.10 promotion faults", "[J7.10]") {
    auto make = [] {
        Position p = board();
        put(p, "c10", white, soldier);
        put(p, "g8", white, soldier);
        put(p, "e10", white, PieceKind::queen);
        for (PieceKind k : {PieceKind::queen, PieceKind::tower, PieceKind::dragon, soldier})
            set_lost(p, white, k, 1);
        return p;
    };
    struct Case {
        const char* move;
        const char* message;
    };
    const Case cases[] = {
        {"Sg8-g9=Q", "a soldier is promoted only on its last rank (11), and g9 is on rank 9"},
        {"Sc10-c11=D",
         "a soldier becomes a queen, a tower, a royal guard or a knight, never a dragon"},
        {"Sc10-c11=S",
         "a soldier becomes a queen, a tower, a royal guard or a knight, never a soldier"},
        {"Sc10-c11=K",
         "a soldier becomes a queen, a tower, a royal guard or a knight, never a king"},
        {"Sc10-c11=G",
         "a soldier is exchanged only for a lost piece, and White has no royal guard in its "
         "lost pool"},
        {"Sc10-c11=R",
         "a soldier becomes a queen, a tower, a royal guard or a knight, never a regenerator"},
        {"Sc10-c11=W",
         "a soldier becomes a queen, a tower, a royal guard or a knight, never a wall"},
        {"Sc10-c11=~",
         "a soldier becomes a queen, a tower, a royal guard or a knight, never a water piece"},
        {"Qe10-e11=T", "only a soldier is promoted, never a queen"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.move);
        Position p = make();
        auto r = play(p, c.move);
        require_fault(r, "J7.10");
        CHECK(message_of(r) == c.message);
        CHECK(p.lost(white, PieceKind::queen) == 1);
    }
    // Only on a ground square: here the soldier climbs its wall on the last rank.
    Position wall = make();
    put_terrain(wall, "c11", Terrain::white_wall);
    auto r = play(wall, "Sc10-c11=Q");
    require_fault(r, "J7.10");
    CHECK(message_of(r) == "a soldier is promoted only on a ground square; c11 holds a white wall");
}

// ---------------------------------------------------------------------------------------------
// Whole records

TEST_CASE("Record: climb, walk, leap from the wall, then promotion",
          "[record][J7.4][J7.5][J7.7][J7.10]") {
    const std::string movetext =
        "1. W@e3,W@e4,W@e5,W@e6,W@e7,W@e8,Se2-e3 Dg11-k7\n"
        "2. Se3-e8 Dk7xk1\n"
        "3. Se8xd10 Sa10-a9\n"
        "4. Sd10xe11=T\n";
    auto c = check_game(game_text(movetext));
    INFO(c.rule << " at " << c.action << ": " << c.message);
    REQUIRE(c.verdict == Verdict::legal);
    CHECK(c.position.rfind("tngsTk1sgnt/", 0) == 0);
    CHECK(c.position.find("|lost=w:S,b:QS|supply=w:2,b:8,~:14|") != std::string::npos);

    // The leap must capture: d10 empty is an illegal leap (J7.7), legal with the option.
    const std::string empty_leap =
        "1. W@e3,W@e4,W@e5,W@e6,W@e7,W@e8,Se2-e3 Sd10-d9\n"
        "2. Se3-e8 Sa10-a9\n"
        "3. Se8-d10\n";
    auto e = check_game(game_text(empty_leap));
    REQUIRE(e.verdict == Verdict::illegal);
    CHECK(e.rule == "J7.7");
    CHECK(e.action == "Se8-d10");
    CHECK(e.turn == 3u);
    CHECK(e.side == "white");
    CHECK(e.message ==
          "the white soldier on e8 cannot leap to d10: the leap from a wall is a capture only, and "
          "d10 is empty");
    Ruleset may_move;
    may_move.wall_leap_may_move = true;
    CHECK(check_game(game_text(empty_leap), may_move).verdict == Verdict::legal);
}

TEST_CASE("Record: an own wall, an enemy wall and a capture on the walls",
          "[record][J7.4][J7.8][J7.9]") {
    const std::string movetext =
        "1. W@e5,Se2-e4 W@e6,W@d7,Sd10-d8\n"
        "2. Se4-e5 Sd8-d7\n"
        "3. Se5-e6 Sa10-a9\n"
        "4. Se6xd7 Sa9-a8\n";
    auto c = check_game(game_text(movetext));
    INFO(c.rule << " at " << c.action << ": " << c.message);
    REQUIRE(c.verdict == Verdict::legal);
    CHECK(c.position.find("|lost=w:-,b:S|") != std::string::npos);
    CHECK(c.position.find("|supply=w:7,b:6,~:14|") != std::string::npos);

    // From the ground the soldier cannot step onto Black's wall.
    auto ground = check_game(game_text("1. Se2-e4 W@e5,Sa10-a9 2. Se4-e5"));
    CHECK(ground.rule == "J7.1");
    CHECK(ground.action == "Se4-e5");
}

TEST_CASE("Record: wall_walk line and unit", "[record][J7.5][option]") {
    const std::string movetext =
        "1. W@e3,W@f3,W@g3,W@g4,Se2-e3 Sa10-a9\n"
        "2. Se3-g4\n";
    auto line = check_game(game_text(movetext));
    REQUIRE(line.verdict == Verdict::illegal);
    CHECK(line.rule == "J7.5");
    CHECK(line.action == "Se3-g4");
    Ruleset unit;
    unit.wall_walk = WallWalk::unit;
    CHECK(check_game(game_text(movetext), unit).verdict == Verdict::legal);
    // Climbing down sideways is the same under both readings.
    const std::string down = "1. W@e3,Se2-e3 Sa10-a9\n2. Se3-f3\n";
    CHECK(check_game(game_text(down)).verdict == Verdict::legal);
    CHECK(check_game(game_text(down), unit).verdict == Verdict::legal);
}
