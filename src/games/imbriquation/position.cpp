#include "games/imbriquation/position.hpp"

#include <algorithm>

namespace jv::imb {

Position Position::start(int openings, const std::optional<TileLine>& tiles1,
                         const std::optional<TileLine>& tiles4, Color first) {
    Position p;
    p.openings_ = static_cast<std::uint8_t>(openings);
    p.tiles1_ = tiles1;
    p.tiles4_ = tiles4;
    p.side_ = first;
    return p;
}

std::optional<TileLine> Position::line_of_round(int r) const {
    const std::optional<TileLine>& given = r <= 3 ? tiles1_ : tiles4_;
    if (!given) return std::nullopt;
    TileLine line = *given;
    if (r == 2 || r == 5) std::reverse(line.begin(), line.end());
    return line;
}

std::optional<Tile> Position::tile_to_draw() const {
    if (rounds_complete() || in_openings()) return std::nullopt;
    // line_of_round()'s tile without building the line: rounds 2 and 5 read theirs backwards.
    const int r = round();
    const std::optional<TileLine>& given = r <= 3 ? tiles1_ : tiles4_;
    if (!given) return std::nullopt;
    const int t = turn_in_round() - openings_;
    return (*given)[static_cast<std::size_t>(r == 2 || r == 5 ? tile_count - 1 - t : t)];
}

}  // namespace jv::imb
