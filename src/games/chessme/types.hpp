// ChessMe's small value types (notation/chessme.md, notation/chessme-rules.md). The grid has no
// edge (C1.1): a square is a pair of 64-bit coordinates, kept within the bound the referee
// supports (C13.1), so that no sum or difference of two coordinates can overflow.
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>

namespace jv::cme {

// x grows to White's right, y towards Black (C1.1). `a1` is (1, 1).
struct Square {
    std::int64_t x = 0;
    std::int64_t y = 0;

    // `&` rather than `&&`: no branch. The rule checks compare squares on every move, mostly
    // data the processor cannot predict, and a mispredicted branch costs more than both tests.
    friend constexpr bool operator==(Square a, Square b) { return (a.x == b.x) & (a.y == b.y); }
};

// The coordinates a record may name: names up to 1,000,000,000 squares from the origin on
// either side (C13.1). Differences of two such coordinates fit 32 bits with room to spare.
inline constexpr std::int64_t grid_min = -999'999'999;
inline constexpr std::int64_t grid_max = 1'000'000'000;
constexpr bool in_grid(Square s) {
    return s.x >= grid_min && s.x <= grid_max && s.y >= grid_min && s.y <= grid_max;
}

// Chebyshev distance 1: sharing a side or a corner.
constexpr bool adjacent(Square a, Square b) {
    const std::int64_t dx = a.x - b.x;
    const std::int64_t dy = a.y - b.y;
    // Without branches, as operator== above: |dx| <= 1 and |dy| <= 1, not both 0.
    const auto ux = static_cast<std::uint64_t>(dx + 1);
    const auto uy = static_cast<std::uint64_t>(dy + 1);
    return (ux <= 2) & (uy <= 2) & ((dx | dy) != 0);
}

enum class Color : std::uint8_t { white = 0, black = 1 };
constexpr Color opponent(Color c) {
    return c == Color::white ? Color::black : Color::white;
}
constexpr std::size_t slot(Color c) {
    return static_cast<std::size_t>(c);
}
// +1 for White (towards higher ranks), -1 for Black (C1.1).
constexpr int forward(Color c) {
    return c == Color::white ? 1 : -1;
}

// The kinds of tile (C2.1). The values index per-kind arrays.
enum class Kind : std::uint8_t { none = 0, king, queen, rook, bishop, knight, pawn };
inline constexpr std::size_t kind_slots = 7;
constexpr std::size_t slot(Kind k) {
    return static_cast<std::size_t>(k);
}
// The kinds that move and attack along lines (C6.1).
constexpr bool is_slider(Kind k) {
    return k == Kind::rook || k == Kind::bishop || k == Kind::queen;
}
// How many tiles of each kind a side owns (C2.1), indexed by Kind.
inline constexpr std::array<std::uint8_t, kind_slots> tiles_owned = {0, 1, 1, 2, 2, 2, 8};
// How many of each kind stand on the grid at the start (C2.2); the rest form the pile.
inline constexpr std::array<std::uint8_t, kind_slots> tiles_at_start = {0, 1, 0, 0, 0, 0, 4};
inline constexpr int pile_tiles = 11;
inline constexpr int hand_tiles = 3;

// A piece on the grid.
struct Piece {
    Square at;
    Color color = Color::white;
    Kind kind = Kind::none;

    friend constexpr bool operator==(const Piece&, const Piece&) = default;
};

// One action of a turn (C4.1): a move (a piece from `from` to `to`, written with 'x' when
// `capture_mark`, with `promotion` after '=' when written) or a placement (`kind` at `to`).
struct Action {
    enum class Type : std::uint8_t { move, place };
    Type type = Type::move;
    Kind kind = Kind::none;
    Square from;
    Square to;
    bool capture_mark = false;
    Kind promotion = Kind::none;

    friend constexpr bool operator==(const Action&, const Action&) = default;
};

// A check mark written with a turn (C11.2).
enum class CheckMark : std::uint8_t { none, check, mate };

}  // namespace jv::cme
