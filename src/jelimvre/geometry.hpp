// Board geometry shared by the rules: neighbours, lines, and the connected groups of walls
// (units, J10.1) and water (zones, J11.1).
#pragma once

#include <array>
#include <cstdlib>

#include "jelimvre/position.hpp"
#include "jelimvre/types.hpp"

namespace jv::jel {

// The up to 8 squares sharing a side or a corner with a square ("adjacent" in the rulings).
struct Neighbours {
    std::array<Square, 8> squares{};
    int count = 0;

    const Square* begin() const { return squares.data(); }
    const Square* end() const { return squares.data() + count; }
};

const Neighbours& neighbours(Square s);

// The squares from a square outward in one of the 8 directions (the first 4 orthogonal:
// +file, -file, +rank, -rank; then the diagonals +f+r, +f-r, -f+r, -f-r), nearest first.
struct Ray {
    std::array<Square, board_size - 1> squares{};
    int count = 0;

    const Square* begin() const { return squares.data(); }
    const Square* end() const { return squares.data() + count; }
};
const Ray& ray(Square s, int direction);

// The direction (as for ray) in which `to` lies from `from` on a file, rank or diagonal; -1 when
// it lies on none of them (or is `from` itself).
int direction_between(Square from, Square to);

// Every square on the 8 rays from a square.
const SquareSet& lines_from(Square s);

// The up to 8 squares a knight's jump reaches from a square.
const Neighbours& knight_jumps(Square s);

constexpr bool adjacent(Square a, Square b) {
    return a != b && std::abs(file_of(a) - file_of(b)) <= 1 &&
           std::abs(rank_of(a) - rank_of(b)) <= 1;
}

// The squares connected to `start` through adjacent squares of the same terrain as `start`
// (a wall unit of one colour, or a water zone), `start` included. Empty when `start` is ground.
SquareSet connected_terrain(const Position& position, Square start);

// Squares adjacent to at least one square of `set` (not the members themselves, unless they are
// adjacent to another member).
SquareSet adjacent_to(const SquareSet& set);

}  // namespace jv::jel
