#include "games/jelimvre/position.hpp"

#include <cassert>

namespace jv::jel {

bool operator==(const PositionState& a, const PositionState& b) {
    return a.king == b.king && a.regenerator == b.regenerator && a.counter == b.counter &&
           a.lost == b.lost && a.unplaced == b.unplaced && a.wall_supply == b.wall_supply &&
           a.water_supply == b.water_supply && a.double_step == b.double_step;
}

Position Position::before_setup() {
    Position p;
    for (std::size_t c = 0; c < 2; ++c) {
        for (PieceKind k : army_kinds) p.st_.unplaced[c][slot(k)] = army_count[slot(k)];
        p.st_.unplaced[c][slot(Letter::regenerator)] = 1;
    }
    return p;
}

void Position::put_piece(Square s, Piece p) {
    piece_sets_[piece_set_slot[cells_[s].piece()]].erase(s);
    cells_[s].set_piece(p);
    piece_sets_[piece_set_slot[p]].insert(s);
    piece_sets_[0] = SquareSet{};
    refresh_occupied(s);
}

void Position::set_regenerator(Square s, Color c) {
    cells_[s].set_regenerator(c);
    occupied_.insert(s);
}

void Position::clear_regenerator(Square s) {
    cells_[s].clear_regenerator();
    refresh_occupied(s);
}

void Position::put_terrain(Square s, Terrain t) {
    Terrain old = cells_[s].terrain();
    if (old != Terrain::ground) terrain_[static_cast<std::size_t>(old) - 1].erase(s);
    cells_[s].set_terrain(t);
    if (t != Terrain::ground) terrain_[static_cast<std::size_t>(t) - 1].insert(s);
    refresh_occupied(s);
}

void Position::refresh_sets(Square s) {
    for (SquareSet& set : piece_sets_) set.erase(s);
    for (SquareSet& set : terrain_) set.erase(s);
    Cell c = cells_[s];
    piece_sets_[piece_set_slot[c.piece()]].insert(s);
    piece_sets_[0] = SquareSet{};
    if (c.terrain() != Terrain::ground)
        terrain_[static_cast<std::size_t>(c.terrain()) - 1].insert(s);
    refresh_occupied(s);
}

void Position::set_cell(Square s, Cell c) {
    cells_[s] = c;
    refresh_sets(s);
    Piece p = c.piece();
    if (p != 0 && kind_of(p) == PieceKind::king) st_.king[slot(color_of(p))] = s;
    if (c.has_regenerator()) st_.regenerator[slot(c.regenerator_color())] = s;
}

void Position::capture_at(Square s) {
    Cell& target = cells_[s];
    if (target.piece() != 0) lose_piece(s);
    if (target.has_regenerator()) {
        // A captured regenerator leaves the game (J2.2, J9.4).
        st_.regenerator[slot(target.regenerator_color())] = no_square;
        clear_regenerator(s);
    }
}

void Position::lose_piece(Square s) {
    Piece victim = cells_[s].piece();
    const std::size_t owner = slot(color_of(victim));
    ++st_.lost[owner][slot(kind_of(victim))];
    if (kind_of(victim) == PieceKind::king) st_.king[owner] = no_square;
    st_.double_step.erase(s);
    put_piece(s, 0);
}

Piece Position::promote(PieceKind promotion, Color who) {
    --st_.lost[slot(who)][slot(promotion)];
    ++st_.lost[slot(who)][slot(PieceKind::soldier)];
    return make_piece(who, promotion);
}

void Position::apply_recording(Action action, Color who, Undo* undo) {
    auto save = [&](Square s) {
        if (undo != nullptr) undo->save(s, cells_[s]);
    };
    const std::size_t me = slot(who);
    const Square to = action.to();
    switch (action.kind()) {
        case ActionKind::timeout:
            return;
        case ActionKind::place: {
            save(to);
            Letter letter = action.letter();
            if (letter == Letter::regenerator) {
                --st_.unplaced[me][slot(letter)];
                set_regenerator(to, who);
                st_.regenerator[me] = to;
            } else if (letter == Letter::wall) {
                --st_.wall_supply[me];
                put_terrain(to, wall_of(who));
            } else if (letter == Letter::water) {
                --st_.water_supply;
                put_terrain(to, Terrain::water);
            } else {
                PieceKind kind = to_kind(letter);
                if (turn_ == 0) {
                    --st_.unplaced[me][slot(letter)];
                    if (kind == PieceKind::soldier) st_.double_step.insert(to);
                } else {
                    --st_.lost[me][slot(kind)];
                }
                put_piece(to, make_piece(who, kind));
                if (kind == PieceKind::king) st_.king[me] = to;
            }
            return;
        }
        case ActionKind::move:
        case ActionKind::cross: {
            const Square from = action.from();
            save(from);
            save(to);
            if (action.letter() == Letter::wall) {  // J5.5b: a wall moves with nothing on it
                put_terrain(to, cells_[from].terrain());
                put_terrain(from, Terrain::ground);
                return;
            }
            if (action.letter() == Letter::regenerator) {  // J5.9: onto an empty square
                clear_regenerator(from);
                set_regenerator(to, who);
                st_.regenerator[me] = to;
                return;
            }
            move_army_piece(action, who);
            return;
        }
        case ActionKind::remove: {
            save(to);
            Cell& target = cells_[to];
            Letter letter = action.letter();
            if (letter == Letter::wall || letter == Letter::water) {
                Terrain terrain = target.terrain();
                if (terrain == Terrain::water)
                    ++st_.water_supply;
                else if (is_wall(terrain))
                    ++st_.wall_supply[terrain == Terrain::white_wall ? 0 : 1];
                put_terrain(to, Terrain::ground);
            }
            // A piece standing on a removed wall, or lost at a timeout, goes to its lost pool;
            // a regenerator under it stays (only an enemy piece captures a regenerator, J9.4).
            if (target.piece() != 0) lose_piece(to);
            return;
        }
    }
}

void Position::undo(const Undo& undo) {
    for (std::size_t i = undo.count; i-- > 0;) {
        cells_[undo.squares[i]] = undo.cells[i];
        refresh_sets(undo.squares[i]);
    }
    st_ = undo.state;
}

}  // namespace jv::jel
