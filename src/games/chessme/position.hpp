// A ChessMe position: the pieces on the grid (at most 32, C2.1), whose turn it is, and each
// side's hand, pile and captured pool (C3, C9.1). Fixed size (about 1.9 KB), copied freely; a
// turn is taken back from its undo record.
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
    // The index of the piece on `s` in pieces(), or -1. One load inside the window; a scan of
    // the pieces outside it (there are rarely any) beyond.
    int find(Square s) const {
        const std::uint64_t column = static_cast<std::uint64_t>(s.x - window_low);
        const std::uint64_t row = static_cast<std::uint64_t>(s.y - window_low);
        if (column < window_size && row < window_size)
            return static_cast<int>(window_[row * window_size + column]) - 1;
        return outside_ == 0 ? -1 : find_by_scan(s);
    }
    const Piece* at(Square s) const {
        const int i = find(s);
        return i < 0 ? nullptr : &pieces_[static_cast<std::size_t>(i)];
    }
    bool occupied(Square s) const { return find(s) >= 0; }
    // The scan find() replaces, kept for pieces outside the window and for tests.
    int find_by_scan(Square s) const {
        for (int i = 0; i < count_; ++i)
            if (pieces_[static_cast<std::size_t>(i)].at == s) return i;
        return -1;
    }
    // Whether a piece other than the one on `except` stands on one of the eight squares around
    // `s` (C5.2 asks it of every quiet move). Away from the window's edge, the three rows
    // around `s` are read at once; elsewhere each square is looked up.
    bool has_neighbour(Square s, Square except) const {
        const std::uint64_t column = static_cast<std::uint64_t>(s.x - window_low) - 1;
        const std::uint64_t row = static_cast<std::uint64_t>(s.y - window_low) - 1;
        if (column >= window_size - 2 || row >= window_size - 2)
            return has_neighbour_by_lookups(s, except);
        const std::uint8_t* centre = &window_[(row + 1) * window_size + column + 1];
        constexpr auto up = static_cast<std::ptrdiff_t>(window_size);
        const int around = (centre[-up - 1] != 0) + (centre[-up] != 0) + (centre[-up + 1] != 0) +
                           (centre[-1] != 0) + (centre[1] != 0) + (centre[up - 1] != 0) +
                           (centre[up] != 0) + (centre[up + 1] != 0);
        return around > (adjacent(s, except) && occupied(except) ? 1 : 0);
    }
    // The same question asked square by square: the plain version.
    bool has_neighbour_by_lookups(Square s, Square except) const {
        for (std::int64_t dx = -1; dx <= 1; ++dx)
            for (std::int64_t dy = -1; dy <= 1; ++dy) {
                const Square n{s.x + dx, s.y + dy};
                if ((dx != 0 || dy != 0) && n != except && occupied(n)) return true;
            }
        return false;
    }

    // The slots in pieces() of the pieces of `c` of `kind`, one bit each: the attack tests look
    // at the few pieces that could attack rather than at all of them.
    std::uint32_t slots_of(Color c, Kind kind) const { return kind_slots_[slot(c)][slot(kind)]; }
    // The slots of all the pieces of `c`.
    std::uint32_t side_slots(Color c) const {
        const auto& of = kind_slots_[slot(c)];
        return of[slot(Kind::king)] | of[slot(Kind::queen)] | of[slot(Kind::rook)] |
               of[slot(Kind::bishop)] | of[slot(Kind::knight)] | of[slot(Kind::pawn)];
    }
    // Whether the window and the slots by kind agree with the piece list (tests).
    bool window_consistent() const;

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
    // The same by the general path alone, slot by slot, without apply_move's shortcuts for
    // quiet moves and captures: the plain version they are tested against.
    void apply_move_by_slots(const Action& move, TurnUndo* undo = nullptr);
    // Applies a placement the rules accept by the side to move, then its draw (C3.3).
    void apply_placement(const Action& placement, TurnUndo* undo = nullptr);
    // Passes the turn.
    void end_turn();
    // Restores the position `undo` was begun on (begin_turn), the changes recorded since.
    void take_back(const TurnUndo& undo);

    // For position strings and tests: put pieces and tiles directly.
    void clear_pieces();
    void add_piece(const Piece& piece);
    void set_side_to_move(Color c) { side_ = c; }
    void set_turn_number(std::uint32_t n) { turn_ = n; }
    SideTiles& mutable_tiles(Color c) { return tiles_[slot(c)]; }

    friend bool operator==(const Position&, const Position&) = default;

  private:
    // The window: the squares within 16 of the start area, where the pieces of nearly every
    // game stay (C5.2 keeps them together). Each entry is the index of the piece on that square
    // plus one, or 0; squares beyond it are found by a scan of the pieces, `outside_` of them.
    // It makes finding a piece by its square one load instead of a scan of up to 32 pieces,
    // which every check of a move asks several times (the speed figures of tests/bench/README.md).
    static constexpr std::int64_t window_low = -12;
    static constexpr std::uint64_t window_size = 32;
    static bool in_window(Square s) {
        return static_cast<std::uint64_t>(s.x - window_low) < window_size &&
               static_cast<std::uint64_t>(s.y - window_low) < window_size;
    }
    static std::size_t window_index(Square s) {
        return static_cast<std::size_t>(static_cast<std::uint64_t>(s.y - window_low) * window_size +
                                        static_cast<std::uint64_t>(s.x - window_low));
    }

    void remove_piece(int index, TurnUndo* undo);
    // Every change to the piece list goes through here, so that the window follows it: the slot's
    // old piece leaves its square unless another slot has claimed it meanwhile (a piece moved
    // into a victim's slot stands in two slots for a moment), and the new one takes its square.
    void set_slot(std::size_t index, const Piece& piece);
    void write_slot(std::size_t index, const Piece& piece, TurnUndo* undo) {
        if (undo != nullptr)
            undo->slots[undo->slots_written++] = {static_cast<std::uint8_t>(index), pieces_[index]};
        set_slot(index, piece);
    }

    std::array<Piece, 2 * 16> pieces_{};
    std::uint8_t count_ = 0;
    std::uint8_t outside_ = 0;  // pieces beyond the window
    std::array<std::array<std::uint32_t, kind_slots>, 2> kind_slots_{};
    std::array<Square, 2> kings_{};
    std::array<bool, 2> has_king_{};
    Color side_ = Color::white;
    std::uint32_t turn_ = 1;
    std::array<SideTiles, 2> tiles_{};
    std::array<std::uint8_t, window_size * window_size> window_{};
};

}  // namespace jv::cme
