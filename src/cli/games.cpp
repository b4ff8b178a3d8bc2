// The one file outside src/games/ that names a game: adding a game to the tool is one line here
// (and the game's folder under src/games/, with its library in src/games/CMakeLists.txt).
#include "cli/games.hpp"

#include "games/chessme/game.hpp"
#include "games/imbriquation/game.hpp"
#include "games/jelimvre/game.hpp"

namespace jv::cli {

const GameCatalog& game_catalog() {
    static const GameCatalog catalog = [] {
        GameCatalog games;
        games.add(jel::make_game());
        games.add(cme::make_game());
        games.add(imb::make_game());
        // A record without a Game tag is a Jelimvre record (notation-brief.md).
        games.set_default("Jelimvre");
        return games;
    }();
    return catalog;
}

}  // namespace jv::cli
