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

struct LineTables {
    std::array<std::array<std::int8_t, square_count>, square_count> direction;
    std::array<SquareSet, square_count> lines;
};

LineTables make_line_tables() {
    LineTables t{};
    for (int s = 0; s < square_count; ++s) {
        auto from = static_cast<std::size_t>(s);
        t.direction[from].fill(-1);
        for (int d = 0; d < 8; ++d)
            for (Square to : ray_table[from][static_cast<std::size_t>(d)]) {
                t.direction[from][to] = static_cast<std::int8_t>(d);
                t.lines[from].insert(to);
            }
    }
    return t;
}

const LineTables line_tables = make_line_tables();

}  // namespace

const Neighbours& neighbours(Square s) {
    return neighbour_table[s];
}

const Ray& ray(Square s, int direction) {
    return ray_table[s][static_cast<std::size_t>(direction)];
}

int direction_between(Square from, Square to) {
    return line_tables.direction[from][to];
}

const SquareSet& lines_from(Square s) {
    return line_tables.lines[s];
}

const Neighbours& knight_jumps(Square s) {
    return knight_table[s];
}

namespace {

// The board as one 128-bit number (bit s = square s), so that "every square next to a set" is a
// few shifts: one file is one bit, one rank is 11 bits.
__extension__ using Wide = unsigned __int128;

constexpr Wide wide(const SquareSet& set) {
    return (static_cast<Wide>(set.word(1)) << 64) | set.word(0);
}
constexpr SquareSet narrow(Wide w) {
    return SquareSet::from_words(static_cast<std::uint64_t>(w),
                                 static_cast<std::uint64_t>(w >> 64));
}

constexpr Wide squares_where(bool (*keep)(int file)) {
    Wide w = 0;
    for (int s = 0; s < square_count; ++s)
        if (keep(s % board_size)) w |= static_cast<Wide>(1) << s;
    return w;
}
constexpr Wide whole_board = squares_where([](int) { return true; });
constexpr Wide off_file_a = squares_where([](int file) { return file != 0; });
constexpr Wide off_file_k = squares_where([](int file) { return file != board_size - 1; });

constexpr Wide next_to(Wide w) {
    const Wide east = (w << 1) & off_file_a;  // a step to file + 1 never lands on file a
    const Wide west = (w >> 1) & off_file_k;
    const Wide row = w | east | west;
    return (east | west | (row << board_size) | (row >> board_size)) & whole_board;
}

}  // namespace

SquareSet connected_terrain(const Position& position, Square start) {
    const Terrain terrain = position.cell(start).terrain();
    if (terrain == Terrain::ground) return SquareSet{};
    // Grown one ring of neighbours at a time inside the squares of that terrain.
    const Wide allowed = wide(position.squares_of(terrain));
    Wide group = static_cast<Wide>(1) << start;
    for (;;) {
        const Wide grown = (group | next_to(group)) & allowed;
        if (grown == group) return narrow(group);
        group = grown;
    }
}

SquareSet adjacent_to(const SquareSet& set) {
    return narrow(next_to(wide(set)));
}

}  // namespace jv::jel
