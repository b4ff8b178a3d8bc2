// The games this build referees, in one catalog shared by every command.
#pragma once

#include "core/game.hpp"

namespace jv::cli {

// The catalog of every game, built once; its default game is Jelimvre.
const GameCatalog& game_catalog();

}  // namespace jv::cli
