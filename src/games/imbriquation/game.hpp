// Imbriquation behind the game interface (core/game.hpp).
#pragma once

#include <memory>

#include "core/game.hpp"

namespace jv::imb {

std::unique_ptr<jv::Game> make_game();

}  // namespace jv::imb
