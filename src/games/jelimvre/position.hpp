// A Jelimvre position: the board, the side to move, counters, pools and supplies.
//
// The board is 121 one-byte Cells, with a few square sets derived from them. Everything else is
// the small PositionState, which an Undo copies whole; an undo also keeps the (at most four)
// cells an action changed. Applying and undoing an action therefore costs a few dozen bytes of
// copying and never allocates.
#pragma once

#include <array>
#include <cstdint>

#include "games/jelimvre/types.hpp"

namespace jv::jel {

struct PositionState {
    std::array<Square, 2> king{no_square, no_square};
    std::array<Square, 2> regenerator{no_square, no_square};  // no_square: not on the board
    std::array<std::uint8_t, 2> counter{1, 1};                // J5.1, 1..12
    // Army pieces in each side's lost pool (J2.2), indexed by PieceKind.
    std::array<std::array<std::uint8_t, piece_kind_slots>, 2> lost{};
    // Pieces not yet placed in the setup, indexed by Letter up to Letter::regenerator.
    std::array<std::array<std::uint8_t, 9>, 2> unplaced{};
    std::array<std::uint8_t, 2> wall_supply{walls_per_side, walls_per_side};
    std::uint8_t water_supply = water_pieces;
    // Soldiers that have not moved since the setup and so may make the double step (J7.2).
    SquareSet double_step;
};

// Declared before Position, whose defaulted == needs it: clang deletes that operator otherwise.
bool operator==(const PositionState&, const PositionState&);

// What undo() needs to take back one or more actions: the state before the first of them and
// the cells they changed, oldest first. One action changes at most 4 cells, so a record holds a
// turn's handful of actions as well as a single one (apply() starts a record, apply_more()
// adds to it).
struct Undo {
    static constexpr std::size_t capacity = 24;
    static constexpr std::size_t cells_per_action = 4;

    PositionState state;
    std::array<Square, capacity> squares;  // the first `count` are set
    std::array<Cell, capacity> cells;
    std::uint8_t count = 0;

    void save(Square s, Cell c) {
        squares[count] = s;
        cells[count] = c;
        ++count;
    }
};

class Position {
  public:
    // The position before the setup: an empty board, every piece still to be placed, White to
    // play turn 0.
    static Position before_setup();

    Cell cell(Square s) const { return cells_[s]; }
    Piece piece_on(Square s) const { return cells_[s].piece(); }
    const PositionState& state() const { return st_; }
    Color side_to_move() const { return side_; }
    std::uint32_t turn_number() const { return turn_; }

    Square king_square(Color c) const { return st_.king[slot(c)]; }
    Square regenerator_square(Color c) const { return st_.regenerator[slot(c)]; }
    // Placed in the setup and captured since (J9.4).
    bool regenerator_captured(Color c) const {
        return st_.regenerator[slot(c)] == no_square &&
               st_.unplaced[slot(c)][slot(Letter::regenerator)] == 0;
    }
    int counter(Color c) const { return st_.counter[slot(c)]; }
    int lost(Color c, PieceKind k) const { return st_.lost[slot(c)][slot(k)]; }
    int unplaced(Color c, Letter l) const { return st_.unplaced[slot(c)][slot(l)]; }
    int wall_supply(Color c) const { return st_.wall_supply[slot(c)]; }
    int water_supply() const { return st_.water_supply; }
    // The squares of a wall colour or of water (not of ground).
    const SquareSet& squares_of(Terrain t) const {
        return terrain_[static_cast<std::size_t>(t) - 1];
    }
    // Where a side's queen, dragon, towers and guards (the pieces attacking along lines) stand.
    const SquareSet& line_pieces(Color c) const { return piece_sets_[1 + slot(c)]; }
    // Where a side's knights and soldiers stand, and every square that is not empty (an army
    // piece, a regenerator, a wall or water on it): the attack test reads these (J12.2).
    const SquareSet& knights(Color c) const { return piece_sets_[3 + slot(c)]; }
    const SquareSet& soldiers(Color c) const { return piece_sets_[5 + slot(c)]; }
    const SquareSet& occupied() const { return occupied_; }
    bool has_double_step(Square s) const { return st_.double_step.contains(s); }
    // J7.2 option regenerated_soldier_double_step: a regenerated soldier keeps the double step.
    // Call right after the regeneration's apply(); its undo restores the flag.
    void grant_double_step(Square s) { st_.double_step.insert(s); }

    // Applies one action for `who`, which the caller has checked to be legal, and records what
    // undo() needs. Placements of army pieces come from the setup hand on turn 0 and from the
    // lost pool (regeneration) afterwards.
    // Army moves, most actions of a game, are made right here: they change the cells they
    // leave and reach, nothing else.
    void apply(Action action, Color who, Undo& undo) {
        undo.state = st_;
        undo.count = 0;
        apply_more(action, who, undo);
    }
    // The same, adding to a record that apply() started and that has room for
    // Undo::cells_per_action more cells: undo() then takes back every action of the record at
    // once.
    void apply_more(Action action, Color who, Undo& undo) {
        if (is_army_move_or_crossing(action)) {
            undo.save(action.from(), cells_[action.from()]);
            undo.save(action.to(), cells_[action.to()]);
            move_army_piece(action, who);
        } else {
            apply_recording(action, who, &undo);
        }
    }
    // The same, for callers that never undo (searches restore a copy).
    void apply(Action action, Color who) {
        if (is_army_move_or_crossing(action))
            move_army_piece(action, who);
        else
            apply_recording(action, who, nullptr);
    }
    void undo(const Undo& undo);

    // A checked army move or crossing (what apply() does for one), for the turn of a single army
    // move, most turns of a game: put_piece(from, 0) and put_piece(to, piece) in one, the piece's
    // set losing one square and gaining the other. Always inlined: the compiler's own choice
    // flipped with the size of the caller's file, and a call cost 0.6 % of a replay's
    // instructions and some 5 % of its time.
    [[gnu::always_inline]] void move_army_piece(Action action, Color who) {
        const Square from = action.from();
        const Square to = action.to();
        Piece moving = cells_[from].piece();
        piece_sets_[piece_set_slot[moving]].erase(from);
        cells_[from].set_piece(0);
        refresh_occupied(from);
        const Cell target = cells_[to];
        if (target.piece() != 0 || (target.has_regenerator() && target.regenerator_color() != who))
            capture_at(to);
        if (const Letter promotion = action.promotion(); promotion != Letter::none)
            moving = promote(to_kind(promotion), who);
        cells_[to].set_piece(moving);
        piece_sets_[piece_set_slot[moving]].insert(to);
        piece_sets_[0] = SquareSet{};
        refresh_occupied(to);
        if (kind_of(moving) == PieceKind::king) st_.king[slot(who)] = to;
        st_.double_step.erase(from);
    }

    // Ends the current turn: sets the mover's counter and passes the turn (J4.1, J5.1).
    void end_turn(int new_counter) {
        st_.counter[slot(side_)] = static_cast<std::uint8_t>(new_counter);
        if (side_ == Color::black) ++turn_;
        side_ = opponent(side_);
    }

    // For tests and position strings: put pieces and terrain directly.
    void set_cell(Square s, Cell c);
    void set_side_to_move(Color c) { side_ = c; }
    void set_turn_number(std::uint32_t n) { turn_ = n; }
    PositionState& mutable_state() { return st_; }

    friend bool operator==(const Position&, const Position&) = default;

  private:
    static bool is_army_move_or_crossing(Action action) {
        return is_army(action.letter()) &&
               (action.kind() == ActionKind::move || action.kind() == ActionKind::cross);
    }
    void apply_recording(Action action, Color who, Undo* undo);  // undo may be null
    Piece promote(PieceKind promotion, Color who);  // exchanges a soldier for a lost piece
    void capture_at(Square s);                      // whatever enemy piece or regenerator is there
    void lose_piece(Square s);                      // the army piece on `s` goes to its lost pool
    void put_piece(Square s, Piece p);              // sets the army piece of a cell (0: none)
    void put_terrain(Square s, Terrain t);          // sets the terrain of a cell
    void refresh_sets(Square s);                    // brings the derived sets in line with cell s
    void set_regenerator(Square s, Color c);
    void clear_regenerator(Square s);
    void refresh_occupied(Square s) { occupied_.assign(s, !cells_[s].empty()); }

    // The index in piece_sets_ of each Piece (see below).
    static constexpr std::array<std::uint8_t, 16> piece_set_slot = {
        0, 0, 1, 1, 1, 1, 3, 5,  // White: none, king, queen, dragon, tower, guard, knight, soldier
        0, 0, 2, 2, 2, 2, 4, 6,  // Black
    };

    std::array<Cell, square_count> cells_{};
    // Derived from the cells and kept in step with them by every change of a cell (undo
    // included), so that the attack test looks at a handful of line pieces instead of walking
    // eight lines (J12.2), and units and zones grow by shifts (J10.1, J11.1). Outside the
    // PositionState so that an Undo stays small.
    //
    // piece_sets_: [0] scratch (always empty between changes, so that a king or "no piece" needs
    // no branch), [1 + colour] line pieces (queen, dragon, towers, guards), [3 + colour]
    // knights, [5 + colour] soldiers. piece_set_slot maps a Piece to its index.
    std::array<SquareSet, 7> piece_sets_{};
    std::array<SquareSet, 3> terrain_{};  // indexed by Terrain - 1: white walls, black walls, water
    SquareSet occupied_;
    PositionState st_;
    Color side_ = Color::white;
    std::uint32_t turn_ = 0;
};

}  // namespace jv::jel
