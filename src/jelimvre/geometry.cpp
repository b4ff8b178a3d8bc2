#include "jelimvre/geometry.hpp"

namespace jv::jel {

namespace {

std::array<Neighbours, square_count> make_neighbours() {
    std::array<Neighbours, square_count> table{};
    for (int s = 0; s < square_count; ++s) {
        Neighbours& n = table[static_cast<std::size_t>(s)];
        for (int df = -1; df <= 1; ++df) {
            for (int dr = -1; dr <= 1; ++dr) {
                int f = s % board_size + df;
                int r = s / board_size + dr;
                if ((df != 0 || dr != 0) && on_board(f, r))
                    n.squares[static_cast<std::size_t>(n.count++)] = make_square(f, r);
            }
        }
    }
    return table;
}

const std::array<Neighbours, square_count> neighbour_table = make_neighbours();

}  // namespace

const Neighbours& neighbours(Square s) {
    return neighbour_table[s];
}

SquareSet connected_terrain(const Position& position, Square start) {
    SquareSet group;
    Terrain terrain = position.cell(start).terrain();
    if (terrain == Terrain::ground) return group;
    std::array<Square, square_count> stack{};
    int top = 0;
    stack[static_cast<std::size_t>(top++)] = start;
    group.insert(start);
    while (top > 0) {
        Square s = stack[static_cast<std::size_t>(--top)];
        for (Square n : neighbours(s)) {
            if (group.contains(n) || position.cell(n).terrain() != terrain) continue;
            group.insert(n);
            stack[static_cast<std::size_t>(top++)] = n;
        }
    }
    return group;
}

SquareSet adjacent_to(const SquareSet& set) {
    SquareSet out;
    set.for_each([&](Square s) {
        for (Square n : neighbours(s)) out.insert(n);
    });
    return out;
}

}  // namespace jv::jel
