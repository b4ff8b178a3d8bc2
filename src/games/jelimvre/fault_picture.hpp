// A refused action as the pictures draw it (PictureOptions::fault): the action read back from the
// record's text, its squares, and the square in the way where its rule is about a path. Shared by
// the text, Unicode and SVG pictures.
#pragma once

#include <optional>
#include <string>

#include "core/game.hpp"
#include "games/jelimvre/position.hpp"
#include "games/jelimvre/types.hpp"

namespace jv::jel {

struct FaultPicture {
    Action action;
    std::string rule;
    // The first square that is not empty on the way of a slide (J6.2), of a dragon to a royal
    // target (J8.5) or of a soldier's double step (J7.2); no_square for the other rules.
    Square in_the_way = no_square;
};

// None when the action is not one of Jelimvre's (a reading fault has no picture of its own).
std::optional<FaultPicture> fault_picture(const Position& position, const FaultMark& fault);

// The refused action in words: "Ta1-a5, from a1 to a5; in the way: White's soldier on a2".
std::string fault_words(const Position& position, const FaultPicture& fault);
// The same after its rule, as one line: "refused (J6.2): Ta1-a5, from a1 to a5; in the way: ...".
std::string fault_line(const Position& position, const FaultPicture& fault);

}  // namespace jv::jel
