// Imbriquation's pictures of a position: Unicode box drawing and an SVG document, each with the
// last turn marked, the territories shaded, the round's tile line and the score.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "games/imbriquation/notation.hpp"
#include "games/imbriquation/position.hpp"
#include "games/imbriquation/referee.hpp"

namespace jv::imb {

// The lines under a text diagram that say what the last turn did, if any.
std::string last_turn_lines(std::span<const Action> last_turn);
std::string draw_unicode(const Position& position, const GameEnd& end,
                         std::span<const Action> last_turn, bool color);
std::string draw_svg(const Position& position, const GameEnd& end,
                     std::span<const Action> last_turn, std::string_view title);

}  // namespace jv::imb
