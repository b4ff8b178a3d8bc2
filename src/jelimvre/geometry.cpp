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

constexpr int ray_file[8] = {1, -1, 0, 0, 1, 1, -1, -1};
constexpr int ray_rank[8] = {0, 0, 1, -1, 1, -1, 1, -1};

std::array<std::array<Ray, 8>, square_count> make_rays() {
    std::array<std::array<Ray, 8>, square_count> table{};
    for (int s = 0; s < square_count; ++s) {
        for (int d = 0; d < 8; ++d) {
            Ray& r = table[static_cast<std::size_t>(s)][static_cast<std::size_t>(d)];
            int f = s % board_size + ray_file[d];
            int k = s / board_size + ray_rank[d];
            while (on_board(f, k)) {
                r.squares[static_cast<std::size_t>(r.count++)] = make_square(f, k);
                f += ray_file[d];
                k += ray_rank[d];
            }
        }
    }
    return table;
}

std::array<Neighbours, square_count> make_knight_jumps() {
    constexpr int jump_file[8] = {1, 2, 2, 1, -1, -2, -2, -1};
    constexpr int jump_rank[8] = {2, 1, -1, -2, -2, -1, 1, 2};
    std::array<Neighbours, square_count> table{};
    for (int s = 0; s < square_count; ++s) {
        Neighbours& n = table[static_cast<std::size_t>(s)];
        for (int i = 0; i < 8; ++i) {
            int f = s % board_size + jump_file[i];
            int k = s / board_size + jump_rank[i];
            if (on_board(f, k)) n.squares[static_cast<std::size_t>(n.count++)] = make_square(f, k);
        }
    }
    return table;
}

const std::array<std::array<Ray, 8>, square_count> ray_table = make_rays();
const std::array<Neighbours, square_count> knight_table = make_knight_jumps();

}  // namespace

const Neighbours& neighbours(Square s) {
    return neighbour_table[s];
}

const Ray& ray(Square s, int direction) {
    return ray_table[s][static_cast<std::size_t>(direction)];
}

const Neighbours& knight_jumps(Square s) {
    return knight_table[s];
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
