// Jelimvre's small value types. Everything here is a few bytes, copied freely, with its layout
// written down, so that a position is a handful of fixed-size arrays and replaying an action
// allocates nothing.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string_view>

namespace jv::jel {

// ---------------------------------------------------------------------------------------------
// Squares. The board has 11 files (a..k, left to right from White's side) and 11 ranks (1..11,
// from White's side). Square = rank_index * 11 + file_index, so a1 = 0, k1 = 10, a2 = 11 and
// k11 = 120. no_square (127) marks "nowhere" and fits the 7 bits an Action gives a square.
using Square = std::uint8_t;
inline constexpr int board_size = 11;
inline constexpr int square_count = board_size * board_size;  // 121
inline constexpr Square no_square = 127;

constexpr Square make_square(int file, int rank) {
    return static_cast<Square>(rank * board_size + file);
}
namespace detail {
// s % 11 and s / 11 for every value a Square can hold: read on every move, where a table costs
// one load and the division a multiply and shifts.
struct FileRank {
    std::array<std::uint8_t, 256> file{};
    std::array<std::uint8_t, 256> rank{};
};
constexpr FileRank make_file_rank() {
    FileRank t;
    for (int s = 0; s < 256; ++s) {
        t.file[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(s % board_size);
        t.rank[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(s / board_size);
    }
    return t;
}
inline constexpr FileRank file_rank = make_file_rank();
}  // namespace detail

constexpr int file_of(Square s) {
    return detail::file_rank.file[s];
}
constexpr int rank_of(Square s) {
    return detail::file_rank.rank[s];
}
constexpr bool on_board(int file, int rank) {
    return file >= 0 && file < board_size && rank >= 0 && rank < board_size;
}

// ---------------------------------------------------------------------------------------------
enum class Color : std::uint8_t { white = 0, black = 1 };

constexpr Color opponent(Color c) {
    return c == Color::white ? Color::black : Color::white;
}
constexpr int index_of(Color c) {
    return static_cast<int>(c);
}
// The index of a side's entry in a per-side std::array (whose subscript is unsigned).
constexpr std::size_t slot(Color c) {
    return static_cast<std::size_t>(c);
}
// +1 for White (towards rank 11), -1 for Black (J1.1).
constexpr int forward(Color c) {
    return c == Color::white ? 1 : -1;
}
constexpr int last_rank(Color c) {
    return c == Color::white ? board_size - 1 : 0;
}

// ---------------------------------------------------------------------------------------------
// The seven kinds of army piece (J2.1). The values are used as array indexes (lost pools, hands).
enum class PieceKind : std::uint8_t {
    none = 0,
    king = 1,
    queen = 2,
    dragon = 3,
    tower = 4,
    guard = 5,
    knight = 6,
    soldier = 7,
};
inline constexpr int piece_kind_slots = 8;  // index 0 unused
// The index of a kind's entry in a per-kind std::array.
constexpr std::size_t slot(PieceKind k) {
    return static_cast<std::size_t>(k);
}
inline constexpr std::array<PieceKind, 7> army_kinds = {
    PieceKind::king,  PieceKind::queen,  PieceKind::dragon, PieceKind::tower,
    PieceKind::guard, PieceKind::knight, PieceKind::soldier};
// How many of each kind a side owns (J2.1), indexed by PieceKind.
inline constexpr std::array<std::uint8_t, piece_kind_slots> army_count = {0, 1, 1, 1, 2, 2, 2, 11};
inline constexpr int army_size = 20;
inline constexpr int walls_per_side = 8;
inline constexpr int water_pieces = 14;

// An army piece with its colour, in 4 bits: bit 3 = colour (1 black), bits 0-2 = PieceKind.
// 0 means no piece; white pieces are 1..7, black pieces 9..15.
using Piece = std::uint8_t;
constexpr Piece make_piece(Color c, PieceKind k) {
    return static_cast<Piece>((index_of(c) << 3) | static_cast<int>(k));
}
constexpr PieceKind kind_of(Piece p) {
    return static_cast<PieceKind>(p & 7);
}
constexpr Color color_of(Piece p) {
    return (p & 8) != 0 ? Color::black : Color::white;
}

// ---------------------------------------------------------------------------------------------
// What lies on a square under the army (J2.3): at most one terrain piece.
enum class Terrain : std::uint8_t { ground = 0, white_wall = 1, black_wall = 2, water = 3 };

constexpr Terrain wall_of(Color c) {
    return c == Color::white ? Terrain::white_wall : Terrain::black_wall;
}
constexpr bool is_wall(Terrain t) {
    return t == Terrain::white_wall || t == Terrain::black_wall;
}

// One square of the board in one byte:
//   bits 0-3  army piece (a Piece, 0 = none)
//   bits 4-5  terrain (Terrain)
//   bits 6-7  regenerator: 0 none, 1 White's, 2 Black's
// So an empty square (J: no army piece, regenerator, wall or water) is exactly the byte 0.
struct Cell {
    std::uint8_t bits = 0;

    constexpr Piece piece() const { return static_cast<Piece>(bits & 0x0F); }
    constexpr Terrain terrain() const { return static_cast<Terrain>((bits >> 4) & 3); }
    constexpr bool has_regenerator() const { return (bits & 0xC0) != 0; }
    constexpr Color regenerator_color() const {
        return (bits & 0x80) != 0 ? Color::black : Color::white;
    }

    constexpr bool empty() const { return bits == 0; }
    constexpr bool ground() const { return terrain() == Terrain::ground; }

    constexpr void set_piece(Piece p) { bits = static_cast<std::uint8_t>((bits & 0xF0) | p); }
    constexpr void set_terrain(Terrain t) {
        bits = static_cast<std::uint8_t>((bits & 0xCF) | (static_cast<int>(t) << 4));
    }
    constexpr void set_regenerator(Color c) {
        bits = static_cast<std::uint8_t>((bits & 0x3F) | ((index_of(c) + 1) << 6));
    }
    constexpr void clear_regenerator() { bits = static_cast<std::uint8_t>(bits & 0x3F); }

    friend constexpr bool operator==(Cell, Cell) = default;
};

// ---------------------------------------------------------------------------------------------
// The letters of JGN (notation-brief): the army kinds, then R regenerator, W wall, ~ water.
enum class Letter : std::uint8_t {
    none = 0,
    king = 1,
    queen = 2,
    dragon = 3,
    tower = 4,
    guard = 5,
    knight = 6,
    soldier = 7,
    regenerator = 8,
    wall = 9,
    water = 10,
};
// The index of a letter's entry in a per-letter std::array.
constexpr std::size_t slot(Letter l) {
    return static_cast<std::size_t>(l);
}
constexpr bool is_army(Letter l) {
    return l >= Letter::king && l <= Letter::soldier;
}
constexpr PieceKind to_kind(Letter l) {
    return is_army(l) ? static_cast<PieceKind>(l) : PieceKind::none;
}
constexpr Letter to_letter(PieceKind k) {
    return static_cast<Letter>(k);
}
char letter_char(Letter l);
char kind_char(PieceKind k);

// ---------------------------------------------------------------------------------------------
enum class ActionKind : std::uint8_t {
    place = 0,    // X@sq: setup, wall, water, regeneration
    move = 1,     // Xsq-sq or Xsqxsq (capture mark set)
    cross = 2,    // Xsq~sq: water crossing (J11.3)
    remove = 3,   // xXsq: wall, water, or a piece lost at a timeout
    timeout = 4,  // the whole turn was lost to the clock (J13)
};

// One action of a turn, as a 32-bit value:
//   bits  0-6   from square (no_square for placements, removals and timeouts)
//   bits  7-13  to square (the placed or removed square for X@sq and xXsq)
//   bits 14-16  ActionKind
//   bits 17-20  Letter written before the square(s)
//   bits 21-24  promotion: Letter written after '=' (none when not written); any letter of the
//               table is read (=R, =W, =~ too), and the referee judges it (J7.10)
//   bit  25     capture mark 'x' written (moves only)
class Action {
  public:
    constexpr Action() = default;
    static constexpr Action make(ActionKind kind, Letter letter, Square from, Square to,
                                 bool capture_mark = false, Letter promotion = Letter::none) {
        return Action(
            static_cast<std::uint32_t>(from) | (static_cast<std::uint32_t>(to) << 7) |
            (static_cast<std::uint32_t>(kind) << 14) | (static_cast<std::uint32_t>(letter) << 17) |
            (static_cast<std::uint32_t>(promotion) << 21) | (capture_mark ? 1u << 25 : 0u));
    }

    constexpr Square from() const { return static_cast<Square>(bits_ & 0x7F); }
    constexpr Square to() const { return static_cast<Square>((bits_ >> 7) & 0x7F); }
    constexpr ActionKind kind() const { return static_cast<ActionKind>((bits_ >> 14) & 7); }
    constexpr Letter letter() const { return static_cast<Letter>((bits_ >> 17) & 15); }
    constexpr Letter promotion() const { return static_cast<Letter>((bits_ >> 21) & 15); }
    constexpr bool capture_mark() const { return (bits_ >> 25) & 1; }
    constexpr std::uint32_t raw() const { return bits_; }

    friend constexpr bool operator==(Action, Action) = default;

  private:
    constexpr explicit Action(std::uint32_t bits) : bits_(bits) {}
    std::uint32_t bits_ = 0;
};

// ---------------------------------------------------------------------------------------------
// A set of squares, one bit per square (121 of 128 bits used).
class SquareSet {
  public:
    constexpr SquareSet() = default;
    // Bit i of word 0 is square i; bit i of word 1 is square 64 + i.
    static constexpr SquareSet from_words(std::uint64_t low, std::uint64_t high) {
        SquareSet set;
        set.words_ = {low, high};
        return set;
    }
    constexpr std::uint64_t word(int i) const { return words_[static_cast<std::size_t>(i)]; }
    constexpr bool contains(Square s) const { return (words_[s >> 6] >> (s & 63)) & 1; }
    constexpr void insert(Square s) { words_[s >> 6] |= std::uint64_t{1} << (s & 63); }
    constexpr void erase(Square s) { words_[s >> 6] &= ~(std::uint64_t{1} << (s & 63)); }
    // insert(s) when `in`, else erase(s), without a branch.
    constexpr void assign(Square s, bool in) {
        const std::uint64_t bit = std::uint64_t{1} << (s & 63);
        std::uint64_t& word = words_[s >> 6];
        word = (word & ~bit) | (in ? bit : 0);
    }
    constexpr bool empty() const { return words_[0] == 0 && words_[1] == 0; }
    constexpr int count() const { return std::popcount(words_[0]) + std::popcount(words_[1]); }
    constexpr bool intersects(const SquareSet& other) const {
        return (words_[0] & other.words_[0]) != 0 || (words_[1] & other.words_[1]) != 0;
    }
    constexpr SquareSet& operator|=(const SquareSet& other) {
        words_[0] |= other.words_[0];
        words_[1] |= other.words_[1];
        return *this;
    }
    friend constexpr SquareSet operator&(SquareSet a, const SquareSet& b) {
        a.words_[0] &= b.words_[0];
        a.words_[1] &= b.words_[1];
        return a;
    }
    // Calls f(square) for each square in increasing order.
    template <typename F>
    constexpr void for_each(F&& f) const {
        for (std::size_t w = 0; w < 2; ++w)
            for (std::uint64_t bits = words_[w]; bits != 0; bits &= bits - 1)
                f(static_cast<Square>(w * 64 + static_cast<std::size_t>(std::countr_zero(bits))));
    }
    // Whether f(square) is true for some square, tried in increasing order up to the first.
    template <typename F>
    constexpr bool any_of(F&& f) const {
        for (std::size_t w = 0; w < 2; ++w)
            for (std::uint64_t bits = words_[w]; bits != 0; bits &= bits - 1)
                if (f(static_cast<Square>(w * 64 +
                                          static_cast<std::size_t>(std::countr_zero(bits)))))
                    return true;
        return false;
    }
    friend constexpr bool operator==(const SquareSet&, const SquareSet&) = default;

  private:
    std::array<std::uint64_t, 2> words_{};
};

}  // namespace jv::jel
