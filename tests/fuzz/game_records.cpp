#include <memory>
#include <string>

#include "cli/games.hpp"
#include "core/game.hpp"
#include "core/record.hpp"
#include "core/source.hpp"
#include "fuzz_targets.hpp"

namespace jv::fuzz {

void check_records_of(std::string_view game_name, const std::string& text) {
    const SourceFile source("fuzz.jgn", text);
    RecordReader reader(source);
    GameRecord record;
    static const Referees referees(cli::game_catalog());
    GameVerdict verdict;
    while (reader.next(record)) {
        referees.referee(record, RefereeRequest{true}, verdict);
        if (verdict.game != game_name) continue;
        // An invalid record is not replayed: no position is made up for it.
        if (verdict.verdict == Verdict::invalid_record) {
            FUZZ_CHECK(verdict.position.empty() && verdict.diagram.empty());
            continue;
        }
        FUZZ_CHECK(!verdict.position.empty());
        const Game& game = *cli::game_catalog().find(game_name);
        std::uint32_t offset = 0;
        std::string error;
        const std::unique_ptr<GamePosition> position =
            game.parse_position(verdict.position, record.tags, offset, error);
        FUZZ_CHECK(position != nullptr);
        FUZZ_CHECK(game.position_string(*position) == verdict.position);
    }
}

}  // namespace jv::fuzz
