// A ChessMe position: the pieces on the grid (at most 32, C2.1), whose turn it is, and each
// side's hand, pile and captured pool (C3, C9.1). Fixed size, copied freely: a turn is taken
// back by restoring a copy.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "games/chessme/ruleset.hpp"
#include "games/chessme/types.hpp"

namespace jv::cme {

// One side's tiles off the grid.
struct SideTiles {
    // With the pile's order known (C3.2), the tiles still in it, top first, from pile[pile_top]
    // to pile[pile_top + pile_left), and the hand's content by kind. With it unknown, only how
    // many tiles are in the pile and the hand (C3.4: the counts of placed tiles decide).
    bool known = false;
    std::array<Kind, pile_tiles> pile{};
    std::uint8_t pile_top = 0;
    std::uint8_t pile_left = pile_tiles - hand_tiles;
    std::array<std::uint8_t, kind_slots> hand{};  // by kind, when known
    std::uint8_t hand_size = hand_tiles;
    // Tiles of each kind placed so far (C3.4), and the captured pool (C9.1).
    std::array<std::uint8_t, kind_slots> placed{};
    std::array<std::uint8_t, kind_slots> captured{};

    friend bool operator==(const SideTiles&, const SideTiles&) = default;
};

class Position;

// What a turn changes, kept to take it back exactly: a faulty turn leaves the position as the
// turn found it. The slots of the piece list a turn writes (at most four: a capture moves the
// last piece into the victim's slot and clears the last, the mover changes, a placement adds
// one), with what they held, and everything else of the position, which is small.
struct TurnUndo {
    struct Slot {
        std::uint8_t index = 0;
        Piece before;
    };
    std::array<Slot, 4> slots{};
    std::uint8_t slots_written = 0;
    std::array<SideTiles, 2> tiles{};
    std::array<Square, 2> kings{};
    std::array<bool, 2> has_king{};
    std::uint8_t count = 0;
    Color side = Color::white;
    std::uint32_t turn = 1;
};

class Position {
  public:
    // The start (C2.2) under `start_kings`; each side's pile in order when known (C3.1).
    static Position start(StartKings start_kings,
                          const std::optional<std::array<Kind, pile_tiles>>& white_pile,
                          const std::optional<std::array<Kind, pile_tiles>>& black_pile);

    std::span<const Piece> pieces() const { return {pieces_.data(), count_}; }
    // The index of the piece on `s` in pieces(), or -1.
    int find(Square s) const {
        for (int i = 0; i < count_; ++i)
            if (pieces_[static_cast<std::size_t>(i)].at == s) return i;
        return -1;
    }
    const Piece* at(Square s) const {
        const int i = find(s);
        return i < 0 ? nullptr : &pieces_[static_cast<std::size_t>(i)];
    }
    // The king's square; none when a position has no king of that colour (a position string
    // without one is refused). Kept with the pieces, as the attack test asks for it every turn.
    std::optional<Square> king(Color c) const {
        if (!has_king_[slot(c)]) return std::nullopt;
        return kings_[slot(c)];
    }

    Color side_to_move() const { return side_; }
    std::uint32_t turn_number() const { return turn_; }
    const SideTiles& tiles(Color c) const { return tiles_[slot(c)]; }

    // Whether `c` may place a tile of `kind` now as far as its hand goes (C3.4).
    bool in_hand(Color c, Kind kind) const;

    // Starts a turn that may be taken back: `undo` records what the turn's actions change.
    void begin_turn(TurnUndo& undo) const;
    // Applies a move that the rules accept: the capture, the promotion (C9.2).
    void apply_move(const Action& move, TurnUndo* undo = nullptr);
    // Applies a placement the rules accept by the side to move, then its draw (C3.3).
    void apply_placement(const Action& placement, TurnUndo* undo = nullptr);
    // Passes the turn.
    void end_turn();
    // Restores the position `undo` was begun on (begin_turn), the changes recorded since.
    void take_back(const TurnUndo& undo);

    // For position strings and tests: put pieces and tiles directly.
    void clear_pieces() {
        count_ = 0;
        has_king_ = {};
    }
    void add_piece(const Piece& piece);
    void set_side_to_move(Color c) { side_ = c; }
    void set_turn_number(std::uint32_t n) { turn_ = n; }
    SideTiles& mutable_tiles(Color c) { return tiles_[slot(c)]; }

    friend bool operator==(const Position&, const Position&) = default;

  private:
    void remove_piece(int index, TurnUndo* undo);
    void write_slot(std::size_t index, const Piece& piece, TurnUndo* undo) {
        if (undo != nullptr)
            undo->slots[undo->slots_written++] = {static_cast<std::uint8_t>(index), pieces_[index]};
        pieces_[index] = piece;
    }

    std::array<Piece, 2 * 16> pieces_{};
    std::uint8_t count_ = 0;
    std::array<Square, 2> kings_{};
    std::array<bool, 2> has_king_{};
    Color side_ = Color::white;
    std::uint32_t turn_ = 1;
    std::array<SideTiles, 2> tiles_{};
};

}  // namespace jv::cme
