// The square sets a Position keeps beside its cells (line pieces, knights, soldiers, walls, water,
// every square not empty) are derived from the cells; the attack test and the zone searches trust
// them. Checked after every action of generated games, after undo, and for positions put together
// square by square.
#include <array>
#include <vector>

#include <catch2/catch.hpp>

#include "core/record.hpp"
#include "core/source.hpp"
#include "games/jelimvre/generator.hpp"
#include "games/jelimvre/notation.hpp"
#include "games/jelimvre/position.hpp"
#include "games/jelimvre/turn.hpp"

namespace {

using namespace jv;
using namespace jv::jel;
using jv::jel::Ruleset;

bool is_line_piece(PieceKind k) {
    return k == PieceKind::queen || k == PieceKind::dragon || k == PieceKind::tower ||
           k == PieceKind::guard;
}

// Recomputes every derived set from the cells and compares.
void require_sets_match_cells(const Position& p) {
    std::array<SquareSet, 2> lines{};
    std::array<SquareSet, 3> terrain{};
    std::array<SquareSet, 2> knights{};
    std::array<SquareSet, 2> soldiers{};
    SquareSet occupied;
    for (Square s = 0; s < square_count; ++s) {
        Cell c = p.cell(s);
        if (!c.empty()) occupied.insert(s);
        if (c.piece() != 0) {
            const auto side = static_cast<std::size_t>(index_of(color_of(c.piece())));
            if (kind_of(c.piece()) == PieceKind::knight) knights[side].insert(s);
            if (kind_of(c.piece()) == PieceKind::soldier) soldiers[side].insert(s);
        }
        if (c.piece() != 0 && is_line_piece(kind_of(c.piece())))
            lines[static_cast<std::size_t>(index_of(color_of(c.piece())))].insert(s);
        if (c.terrain() != Terrain::ground)
            terrain[static_cast<std::size_t>(c.terrain()) - 1].insert(s);
    }
    REQUIRE(p.line_pieces(Color::white) == lines[0]);
    REQUIRE(p.line_pieces(Color::black) == lines[1]);
    REQUIRE(p.squares_of(Terrain::white_wall) == terrain[0]);
    REQUIRE(p.squares_of(Terrain::black_wall) == terrain[1]);
    REQUIRE(p.squares_of(Terrain::water) == terrain[2]);
    REQUIRE(p.knights(Color::white) == knights[0]);
    REQUIRE(p.knights(Color::black) == knights[1]);
    REQUIRE(p.soldiers(Color::white) == soldiers[0]);
    REQUIRE(p.soldiers(Color::black) == soldiers[1]);
    REQUIRE(p.occupied() == occupied);
}

}  // namespace

TEST_CASE("derived square sets follow every action of generated games and their undo",
          "[position][generator]") {
    int checked_actions = 0;
    for (std::uint32_t round = 1; round <= 40; ++round) {
        GeneratedGame game = generate_game(77, round);
        SourceFile source("generated.jgn", game.text);
        RecordReader reader(source);
        GameRecord read;
        REQUIRE(reader.next(read));
        const GameRecord* record = &read;
        Position position = Position::before_setup();
        std::vector<Undo> undos;
        std::vector<Position> before;
        for (std::size_t k = 0; k < record->turns.size(); ++k) {
            const jv::Turn& turn = record->turns[k];
            const Color me = position.side_to_move();
            for (std::uint32_t i = 0; i < turn.action_count; ++i) {
                ActionParse parsed = parse_action(record->action(turn, i).text);
                REQUIRE(parsed.action);
                before.push_back(position);
                undos.emplace_back();
                position.apply(*parsed.action, me, undos.back());
                require_sets_match_cells(position);
                ++checked_actions;
            }
            position.end_turn(position.counter(me));
        }
        // Undo in reverse; the sets come back with the state.
        for (std::size_t i = undos.size(); i-- > 0;) {
            Color side = position.side_to_move();
            std::uint32_t number = position.turn_number();
            position.undo(undos[i]);
            position.set_side_to_move(side);
            position.set_turn_number(number);
            require_sets_match_cells(position);
            for (Color c : {Color::white, Color::black})
                REQUIRE(position.line_pieces(c) == before[i].line_pieces(c));
            for (Terrain t : {Terrain::white_wall, Terrain::black_wall, Terrain::water})
                REQUIRE(position.squares_of(t) == before[i].squares_of(t));
        }
    }
    CHECK(checked_actions > 5000);
}

TEST_CASE("set_cell keeps the derived sets when a square changes its piece or terrain",
          "[position]") {
    Position p = Position::before_setup();
    Square s = make_square(4, 4);
    Cell tower;
    tower.set_piece(make_piece(Color::white, PieceKind::tower));
    p.set_cell(s, tower);
    require_sets_match_cells(p);
    Cell soldier_on_wall;
    soldier_on_wall.set_piece(make_piece(Color::black, PieceKind::soldier));
    soldier_on_wall.set_terrain(Terrain::black_wall);
    p.set_cell(s, soldier_on_wall);  // the tower is gone, a wall appears
    require_sets_match_cells(p);
    CHECK(p.line_pieces(Color::white).empty());
    Cell water;
    water.set_terrain(Terrain::water);
    p.set_cell(s, water);
    require_sets_match_cells(p);
    CHECK(p.squares_of(Terrain::black_wall).empty());
    CHECK(p.squares_of(Terrain::water).contains(s));
}
