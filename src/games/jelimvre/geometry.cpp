#include "games/jelimvre/geometry.hpp"

namespace jv::jel {

namespace {

constexpr int ray_file[8] = {1, -1, 0, 0, 1, 1, -1, -1};
constexpr int ray_rank[8] = {0, 0, 1, -1, 1, -1, 1, -1};
constexpr int jump_file[8] = {1, 2, 2, 1, -1, -2, -2, -1};
constexpr int jump_rank[8] = {2, 1, -1, -2, -2, -1, 1, 2};

constexpr void add(Neighbours& n, int file, int rank) {
    if (on_board(file, rank))
        n.squares[static_cast<std::size_t>(n.count++)] = make_square(file, rank);
}

constexpr detail::GeometryTables make_tables() {
    detail::GeometryTables t{};
    for (int s = 0; s < square_count; ++s) {
        const auto at = static_cast<std::size_t>(s);
        const int file = s % board_size;
        const int rank = s / board_size;
        for (int df = -1; df <= 1; ++df)
            for (int dr = -1; dr <= 1; ++dr)
                if (df != 0 || dr != 0) add(t.neighbours[at], file + df, rank + dr);
        for (int i = 0; i < 8; ++i)
            add(t.knight_jumps[at], file + jump_file[i], rank + jump_rank[i]);
        for (Square to : t.knight_jumps[at]) t.attack_sets[at].knight_jumps.insert(to);
        for (Square to : t.neighbours[at]) t.attack_sets[at].neighbours.insert(to);
        t.direction[at].fill(-1);
        for (int d = 0; d < 8; ++d) {
            Ray& r = t.rays[at][static_cast<std::size_t>(d)];
            for (int f = file + ray_file[d], k = rank + ray_rank[d]; on_board(f, k);
                 f += ray_file[d], k += ray_rank[d]) {
                const Square to = make_square(f, k);
                r.squares[static_cast<std::size_t>(r.count++)] = to;
                t.direction[at][to] = static_cast<std::int8_t>(d);
                t.attack_sets[at].lines.insert(to);
                t.ray_sets[at][static_cast<std::size_t>(d)].insert(to);
            }
        }
        for (Color soldier : {Color::white, Color::black}) {
            // The soldier stands behind the square as seen from its own side.
            const int back = -forward(soldier);
            SoldierAttackers& a =
                t.soldier_attackers[static_cast<std::size_t>(index_of(soldier))][at];
            for (int side : {-1, 1}) {
                add(a.ground, file + side, rank + back);
                add(a.from_wall, file + side, rank + 2 * back);
            }
            const auto c = static_cast<std::size_t>(index_of(soldier));
            for (Square from : a.ground) t.attack_sets[at].soldier_ground[c].insert(from);
            for (Square from : a.from_wall) t.attack_sets[at].soldier_wall[c].insert(from);
        }
    }
    return t;
}

}  // namespace

constinit const detail::GeometryTables detail::tables = make_tables();

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

// `group` grown one ring of neighbours at a time inside `allowed`, until it stops growing or
// (when `goal` is not empty) reaches a square of `goal`.
Wide grow(Wide group, Wide allowed, Wide goal) {
    for (;;) {
        if ((group & goal) != 0) return group;
        const Wide grown = (group | next_to(group)) & allowed;
        if (grown == group) return group;
        group = grown;
    }
}

}  // namespace

SquareSet connected_terrain(const Position& position, Square start) {
    const Terrain terrain = position.cell(start).terrain();
    if (terrain == Terrain::ground) return SquareSet{};
    return narrow(grow(static_cast<Wide>(1) << start, wide(position.squares_of(terrain)), 0));
}

bool connects(const SquareSet& seeds, const SquareSet& within, const SquareSet& goal) {
    const Wide allowed = wide(within);
    const Wide target = wide(goal);
    return (grow(wide(seeds) & allowed, allowed, target) & target) != 0;
}

SquareSet adjacent_to(const SquareSet& set) {
    return narrow(next_to(wide(set)));
}

}  // namespace jv::jel
