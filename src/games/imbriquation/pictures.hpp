// Imbriquation's pictures of a position: Unicode box drawing and an SVG document, each with the
// last turn marked (or a refused turn and the pawns at fault), the territories shaded, the
// round's tile line, the score and a key.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/game.hpp"
#include "games/imbriquation/notation.hpp"
#include "games/imbriquation/position.hpp"
#include "games/imbriquation/referee.hpp"

namespace jv::imb {

// A refused action read on the position its turn started from (FaultMark): its squares, where
// it goes, the pawns at fault where its rule has some (I4.1, I4.2, I5.1, I5.2, I6.1 to I6.8),
// and the sentence that says so.
struct FaultView {
    Squares squares = 0;           // the action's squares (a slide's path included)
    std::optional<Square> target;  // where it places or goes: crossed
    // The acting pawn's square when it is empty before the turn: the turn's placement, drawn
    // faint.
    std::optional<Square> placed;
    Squares culprits = 0;  // the pawns at fault
    std::string sentence;  // "refused action: a4-e4 breaks I6.3 (squares a4, e4); the ..."
};
FaultView fault_view(const Position& position, const FaultMark& fault);

// The lines under a text diagram that say what the last turn did, if any, and the refused
// action, if any.
std::string last_turn_lines(std::span<const Action> last_turn);
std::string fault_lines(const Position& position, const std::optional<FaultMark>& fault);
std::string draw_unicode(const Position& position, const GameEnd& end,
                         std::span<const Action> last_turn, bool color,
                         const std::optional<FaultMark>& fault = std::nullopt);
std::string draw_svg(const Position& position, const GameEnd& end,
                     std::span<const Action> last_turn, std::string_view title,
                     const std::optional<FaultMark>& fault = std::nullopt);

}  // namespace jv::imb
