// ChessMe as the tool sees it: the one entry of the game interface (core/game.hpp) for this
// game. src/cli/games.cpp puts make_game() into the catalog; nothing else outside this folder
// includes a header of it.
#pragma once

#include <memory>

#include "core/game.hpp"

namespace jv::cme {

std::unique_ptr<jv::Game> make_game();

}  // namespace jv::cme
