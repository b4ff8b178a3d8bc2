#include "games/chessme/position.hpp"

#include <cassert>

namespace jv::cme {

namespace {

Square king_start(StartKings start_kings, Color c) {
    const bool white = c == Color::white;
    switch (start_kings) {
        case StartKings::e1_e6:
            return white ? Square{5, 1} : Square{5, 6};
        case StartKings::d1_d6:
            return white ? Square{4, 1} : Square{4, 6};
        case StartKings::e1_d6:
            return white ? Square{5, 1} : Square{4, 6};
        case StartKings::d1_e6:
            return white ? Square{4, 1} : Square{5, 6};
    }
    return white ? Square{5, 1} : Square{5, 6};
}

SideTiles start_tiles(const std::optional<std::array<Kind, pile_tiles>>& pile) {
    SideTiles tiles;
    if (!pile) return tiles;
    tiles.known = true;
    tiles.pile = *pile;
    // The top three tiles are the starting hand (C3.1).
    for (int i = 0; i < hand_tiles; ++i)
        ++tiles.hand[slot(tiles.pile[static_cast<std::size_t>(i)])];
    tiles.pile_top = hand_tiles;
    return tiles;
}

}  // namespace

Position Position::start(StartKings start_kings,
                         const std::optional<std::array<Kind, pile_tiles>>& white_pile,
                         const std::optional<std::array<Kind, pile_tiles>>& black_pile) {
    // The pieces of each start are set up once: every game begins with a copy.
    static const std::array<Position, 4> starts = [] {
        std::array<Position, 4> out;
        for (StartKings kings :
             {StartKings::e1_e6, StartKings::d1_d6, StartKings::e1_d6, StartKings::d1_e6}) {
            Position& p = out[static_cast<std::size_t>(kings)];
            for (Color c : {Color::white, Color::black}) {
                p.add_piece(Piece{king_start(kings, c), c, Kind::king});
                const std::int64_t rank = c == Color::white ? 2 : 5;
                for (std::int64_t file = 3; file <= 6; ++file)
                    p.add_piece(Piece{Square{file, rank}, c, Kind::pawn});
            }
        }
        return out;
    }();
    Position p = starts[static_cast<std::size_t>(start_kings)];
    p.tiles_[slot(Color::white)] = start_tiles(white_pile);
    p.tiles_[slot(Color::black)] = start_tiles(black_pile);
    return p;
}

bool Position::in_hand(Color c, Kind kind) const {
    const SideTiles& t = tiles_[slot(c)];
    if (kind == Kind::king || kind == Kind::none || t.hand_size == 0) return false;
    if (t.known) return t.hand[slot(kind)] > 0;
    // C3.4: with the order unknown, any kind of which a tile is still off the grid.
    return t.placed[slot(kind)] < tiles_owned[slot(kind)] - tiles_at_start[slot(kind)];
}

bool Position::window_consistent() const {
    std::array<std::uint8_t, window_size * window_size> expected{};
    std::array<std::array<std::uint32_t, kind_slots>, 2> kinds{};
    int beyond = 0;
    for (std::size_t i = 0; i < count_; ++i) {
        kinds[slot(pieces_[i].color)][slot(pieces_[i].kind)] |= 1u << i;
        if (in_window(pieces_[i].at))
            expected[window_index(pieces_[i].at)] = static_cast<std::uint8_t>(i + 1);
        else
            ++beyond;
    }
    for (std::size_t i = count_; i < pieces_.size(); ++i)
        if (pieces_[i].kind != Kind::none) return false;
    return expected == window_ && beyond == outside_ && kinds == kind_slots_;
}

void Position::set_slot(std::size_t index, const Piece& piece) {
    const Piece& old = pieces_[index];
    if (old.kind != Kind::none) {
        if (!in_window(old.at))
            --outside_;
        else if (window_[window_index(old.at)] == index + 1)
            window_[window_index(old.at)] = 0;
    }
    if (piece.kind != Kind::none) {
        if (!in_window(piece.at))
            ++outside_;
        else
            window_[window_index(piece.at)] = static_cast<std::uint8_t>(index + 1);
    }
    const std::uint32_t bit = 1u << index;
    if (old.kind != Kind::none) kind_slots_[slot(old.color)][slot(old.kind)] &= ~bit;
    if (piece.kind != Kind::none) kind_slots_[slot(piece.color)][slot(piece.kind)] |= bit;
    pieces_[index] = piece;
}

void Position::clear_pieces() {
    for (std::size_t i = 0; i < count_; ++i) set_slot(i, Piece{});
    count_ = 0;
    has_king_ = {};
}

void Position::add_piece(const Piece& piece) {
    assert(count_ < pieces_.size());
    set_slot(count_++, piece);
    if (piece.kind == Kind::king) {
        kings_[slot(piece.color)] = piece.at;
        has_king_[slot(piece.color)] = true;
    }
}

void Position::remove_piece(int index, TurnUndo* undo) {
    const Piece& removed = pieces_[static_cast<std::size_t>(index)];
    if (removed.kind == Kind::king) has_king_[slot(removed.color)] = false;
    --count_;
    write_slot(static_cast<std::size_t>(index), pieces_[count_], undo);
    write_slot(count_, Piece{}, undo);
}

void Position::begin_turn(TurnUndo& undo) const {
    undo.slots_written = 0;
    undo.tiles = tiles_;
    undo.kings = kings_;
    undo.has_king = has_king_;
    undo.count = count_;
    undo.side = side_;
    undo.turn = turn_;
}

void Position::take_back(const TurnUndo& undo) {
    for (std::size_t i = undo.slots_written; i-- > 0;)
        set_slot(undo.slots[i].index, undo.slots[i].before);
    tiles_ = undo.tiles;
    kings_ = undo.kings;
    has_king_ = undo.has_king;
    count_ = undo.count;
    side_ = undo.side;
    turn_ = undo.turn;
}

void Position::apply_move(const Action& move, TurnUndo* undo) {
    const int mover = find(move.from);
    const int target = move.to == move.from ? -1 : find(move.to);
    // Most moves capture nothing and promote nothing, within the window: only the mover's square
    // changes, in its slot and in the window, without the general path's steps (a victim's slot,
    // the kinds' slots). A capture without a promotion, of a piece other than a king, with every
    // piece within the window, is written in place too: the last piece takes the victim's slot
    // and the mover its square, as the general path leaves them, with the same undo entries.
    // Each costs about a third of the general path. The fast-path tests compare both with
    // apply_move_by_slots, the plain version, and check the window after every move.
    if (mover >= 0 && move.promotion == Kind::none) {
        const auto m = static_cast<std::size_t>(mover);
        if (target < 0 && in_window(move.from) && in_window(move.to)) {
            if (undo != nullptr)
                undo->slots[undo->slots_written++] = {static_cast<std::uint8_t>(m), pieces_[m]};
            window_[window_index(move.from)] = 0;
            window_[window_index(move.to)] = static_cast<std::uint8_t>(m + 1);
            pieces_[m].at = move.to;
            if (pieces_[m].kind == Kind::king) kings_[slot(pieces_[m].color)] = move.to;
            return;
        }
        if (target >= 0 && outside_ == 0 &&
            pieces_[static_cast<std::size_t>(target)].kind != Kind::king) {
            const auto v = static_cast<std::size_t>(target);
            const std::size_t last = count_ - 1u;
            const Piece victim = pieces_[v];
            const Piece moved_last = pieces_[last];
            const std::size_t now = m == last ? v : m;  // the mover's slot once the last has moved
            if (undo != nullptr) {
                undo->slots[undo->slots_written++] = {static_cast<std::uint8_t>(v), victim};
                undo->slots[undo->slots_written++] = {static_cast<std::uint8_t>(last), moved_last};
                undo->slots[undo->slots_written++] = {static_cast<std::uint8_t>(now), pieces_[m]};
            }
            ++tiles_[slot(victim.color)].captured[slot(victim.kind)];
            kind_slots_[slot(victim.color)][slot(victim.kind)] &= ~(1u << v);
            if (v != last) {
                pieces_[v] = moved_last;
                window_[window_index(moved_last.at)] = static_cast<std::uint8_t>(v + 1);
                auto& bits = kind_slots_[slot(moved_last.color)][slot(moved_last.kind)];
                bits = (bits & ~(1u << last)) | (1u << v);
            }
            pieces_[last] = Piece{};
            --count_;
            window_[window_index(move.from)] = 0;
            window_[window_index(move.to)] = static_cast<std::uint8_t>(now + 1);
            pieces_[now].at = move.to;
            if (pieces_[now].kind == Kind::king) kings_[slot(pieces_[now].color)] = move.to;
            return;
        }
    }
    apply_move_by_slots(move, undo);
}

void Position::apply_move_by_slots(const Action& move, TurnUndo* undo) {
    int mover = find(move.from);
    const int target = move.to == move.from ? -1 : find(move.to);
    if (target >= 0) {
        const Piece victim = pieces_[static_cast<std::size_t>(target)];
        ++tiles_[slot(victim.color)].captured[slot(victim.kind)];
        remove_piece(target, undo);
        if (mover == count_) mover = target;  // the last piece took the victim's slot
    }
    if (mover < 0) return;
    Piece piece = pieces_[static_cast<std::size_t>(mover)];
    piece.at = move.to;
    if (piece.kind == Kind::king) kings_[slot(piece.color)] = move.to;
    if (move.promotion != Kind::none) {
        // C9.2: the pawn goes to its owner's captured pool, the piece comes out of it.
        SideTiles& own = tiles_[slot(piece.color)];
        ++own.captured[slot(Kind::pawn)];
        if (own.captured[slot(move.promotion)] > 0) --own.captured[slot(move.promotion)];
        piece.kind = move.promotion;
    }
    write_slot(static_cast<std::size_t>(mover), piece, undo);
}

void Position::apply_placement(const Action& placement, TurnUndo* undo) {
    SideTiles& t = tiles_[slot(side_)];
    assert(count_ < pieces_.size());
    write_slot(count_++, Piece{placement.to, side_, placement.kind}, undo);
    ++t.placed[slot(placement.kind)];
    if (t.hand_size > 0) --t.hand_size;
    if (t.known && t.hand[slot(placement.kind)] > 0) --t.hand[slot(placement.kind)];
    // C3.3: the top tile of the pile, if any, joins the hand.
    if (t.pile_left > 0) {
        if (t.known) ++t.hand[slot(t.pile[t.pile_top])];
        ++t.pile_top;
        --t.pile_left;
        ++t.hand_size;
    }
}

void Position::end_turn() {
    if (side_ == Color::black) ++turn_;
    side_ = opponent(side_);
}

}  // namespace jv::cme
