// Board geometry shared by the rules: neighbours, lines, and the connected groups of walls
// (units, J10.1) and water (zones, J11.1).
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>

#include "games/jelimvre/position.hpp"
#include "games/jelimvre/types.hpp"

namespace jv::jel {

// The up to 8 squares sharing a side or a corner with a square ("adjacent" in the rulings).
struct Neighbours {
    std::array<Square, 8> squares{};
    int count = 0;

    constexpr const Square* begin() const { return squares.data(); }
    constexpr const Square* end() const { return squares.data() + count; }
};

// A ray of squares from a square to the edge of the board (see ray()).
struct Ray {
    std::array<Square, board_size - 1> squares{};
    int count = 0;

    constexpr const Square* begin() const { return squares.data(); }
    constexpr const Square* end() const { return squares.data() + count; }
};

// The up to 2 squares from which a soldier of one colour attacks a square on the ground
// (diagonally behind it, J7.3) and the up to 2 from which it attacks it standing on a wall of its
// colour (a rank further, J7.7).
struct SoldierAttackers {
    Neighbours ground;
    Neighbours from_wall;
};

// Every set the attack test reads for one square, side by side so that one address reaches
// them all (J12.2); 128 bytes, so that a square's entry is found with a shift.
struct AttackSets {
    SquareSet knight_jumps;
    SquareSet neighbours;
    SquareSet lines;                          // the squares of the 8 rays
    std::array<SquareSet, 2> soldier_ground;  // [soldier's colour]: see SoldierAttackers
    std::array<SquareSet, 2> soldier_wall;
    SquareSet unused;
};
static_assert(sizeof(AttackSets) == 128);

namespace detail {
// Every table of the board's geometry, computed at compile time (so no code runs before main
// and no order of initialisation matters) and read through the inline functions below.
struct GeometryTables {
    std::array<Neighbours, square_count> neighbours{};
    std::array<std::array<Ray, 8>, square_count> rays{};
    std::array<Neighbours, square_count> knight_jumps{};
    std::array<std::array<std::int8_t, square_count>, square_count> direction{};
    std::array<std::array<SoldierAttackers, square_count>, 2> soldier_attackers{};  // [colour]
    // The same squares as sets, for the attack test (J12.2).
    std::array<std::array<SquareSet, 8>, square_count> ray_sets{};
    std::array<AttackSets, square_count> attack_sets{};
};
extern const GeometryTables tables;
}  // namespace detail

inline const Neighbours& neighbours(Square s) {
    return detail::tables.neighbours[s];
}

// The squares from a square outward in one of the 8 directions (the first 4 orthogonal:
// +file, -file, +rank, -rank; then the diagonals +f+r, +f-r, -f+r, -f-r), nearest first.
inline const Ray& ray(Square s, int direction) {
    return detail::tables.rays[s][static_cast<std::size_t>(direction)];
}

// The direction (as for ray) in which `to` lies from `from` on a file, rank or diagonal; -1 when
// it lies on none of them (or is `from` itself).
inline int direction_between(Square from, Square to) {
    return detail::tables.direction[from][to];
}

// The sets of the attack test for a square.
inline const AttackSets& attack_sets(Square s) {
    return detail::tables.attack_sets[s];
}

// The up to 8 squares a knight's jump reaches from a square.
inline const Neighbours& knight_jumps(Square s) {
    return detail::tables.knight_jumps[s];
}

// Where a soldier of colour `soldier` stands when it attacks square `s` (see SoldierAttackers).
inline const SoldierAttackers& soldier_attackers(Square s, Color soldier) {
    return detail::tables.soldier_attackers[static_cast<std::size_t>(index_of(soldier))][s];
}

// neighbours(s) as a set.
inline const SquareSet& neighbour_set(Square s) {
    return detail::tables.attack_sets[s].neighbours;
}

// knight_jumps(s) as a set.
inline const SquareSet& knight_jump_set(Square s) {
    return detail::tables.attack_sets[s].knight_jumps;
}

// The squares strictly between `from` and `to`, which lie in direction `direction` of each other
// (direction_between(from, to)): where the two rays towards each other overlap.
inline SquareSet squares_between(Square from, Square to, int direction) {
    // Directions come in pairs of opposites: 0-1, 2-3, 4-7, 5-6.
    constexpr std::array<int, 8> opposite = {1, 0, 3, 2, 7, 6, 5, 4};
    return detail::tables.ray_sets[from][static_cast<std::size_t>(direction)] &
           detail::tables.ray_sets[to][static_cast<std::size_t>(
               opposite[static_cast<std::size_t>(direction)])];
}

constexpr bool adjacent(Square a, Square b) {
    return a != b && std::abs(file_of(a) - file_of(b)) <= 1 &&
           std::abs(rank_of(a) - rank_of(b)) <= 1;
}

// The squares connected to `start` through adjacent squares of the same terrain as `start`
// (a wall unit of one colour, or a water zone), `start` included. Empty when `start` is ground.
SquareSet connected_terrain(const Position& position, Square start);

// Whether the squares of `within` connected (through adjacent squares of `within`) to one of
// `seeds` that lies in `within` include a square of `goal`. Stops as soon as they do.
bool connects(const SquareSet& seeds, const SquareSet& within, const SquareSet& goal);

// Squares adjacent to at least one square of `set` (not the members themselves, unless they are
// adjacent to another member).
SquareSet adjacent_to(const SquareSet& set);

}  // namespace jv::jel
