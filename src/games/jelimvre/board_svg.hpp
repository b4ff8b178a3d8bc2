// A Jelimvre position as an SVG 1.1 image (jelimvre show --format svg). A pure function of the
// position: no I/O.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "games/jelimvre/fault_picture.hpp"
#include "games/jelimvre/position.hpp"
#include "games/jelimvre/referee.hpp"

namespace jv::jel::board_svg {

// A whole SVG document: `title` above the board (and as its <title>), the 11 x 11 board with
// coordinates, terrain and pieces, the squares of `last_turn` (played by `last_side`; may be
// empty) outlined or marked, the position string below, and beside the board the side to move,
// both counters, lost pools and supplies, the last turn, and the end of the game if it is over;
// a key of the pieces and marks. With `fault`, the position is the one a refused action started
// from: that action is marked instead of the last turn, with what stands in its way.
// The title wraps to the picture's width, which stays fixed; the picture grows in height.
std::string render(const jel::Position& position, const jel::GameEnd& end,
                   std::span<const jel::Action> last_turn, jel::Color last_side,
                   std::string_view title, const std::optional<FaultPicture>& fault = std::nullopt);

}  // namespace jv::jel::board_svg
