// Properties every generated ChessMe game must have, over a few hundred games of several seeds,
// lengths and rulesets: the referee finds it legal with the outcome the generator reports; each
// turn played with an undo record and taken back restores the position before it; the position
// string after every turn reads back to the same position and writes the same string; and the
// file survives JGN -> YAML -> JSON -> JGN byte for byte.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/record.hpp"
#include "core/source.hpp"
#include "games/chessme/generator.hpp"
#include "games/chessme/notation.hpp"
#include "games/chessme/position_text.hpp"
#include "games/chessme/referee.hpp"
#include "report/record_formats.hpp"
#include "support.hpp"

namespace {

using jv::test::jgn_of;
using jv::test::read_all;

using namespace jv;
using namespace jv::cme;

struct Series {
    std::uint64_t seed;
    std::uint32_t games;
    std::uint32_t max_turns;
    cme::Ruleset rules;
};

std::vector<Series> all_series() {
    cme::Ruleset occupied;
    occupied.adjacency_origin = AdjacencyOrigin::occupied;
    cme::Ruleset strict;
    strict.check_escape = CheckEscape::king_move;
    strict.promotion = Promotion::mandatory;
    strict.pawn_drop_on_king_rank = PawnDropOnKingRank::forbidden;
    cme::Ruleset d_files;
    d_files.start_kings = StartKings::d1_e6;
    return {{11, 80, 8, {}},
            {22, 80, 200, {}},
            {33, 60, 200, occupied},
            {44, 60, 200, strict},
            {55, 40, 30, d_files}};
}

// The referee's verdict, and after every turn: the position string read back, and the turn
// replayed on the position before it with an undo record, then taken back.
std::size_t check_game(const GameRecord& record, const GeneratedGame& game,
                       const cme::Ruleset& rules) {
    std::size_t positions = 0;
    Position before = start_position(record, rules);
    auto check = [&](const jv::Turn& turn, const Position& after, const GameEnd& end) {
        const std::string written = format_position(after, end);
        PositionParseError error;
        std::optional<ParsedPosition> parsed = parse_position(written, error);
        INFO(written << "\n" << error.message << " at offset " << error.offset);
        REQUIRE(parsed);
        // The string is the position's canonical form: the order of the piece list and the
        // tiles already drawn are not part of it, so the strings are compared, not the structs.
        CHECK(format_position(parsed->position, parsed->end) == written);
        CHECK(format_position(parsed->position, end) == format_position(after, end));

        Position replayed = before;
        TurnUndo undo;
        replayed.begin_turn(undo);
        for (std::uint32_t i = 0; i < turn.action_count; ++i) {
            const ActionParse read = parse_action(record.action(turn, i).text);
            REQUIRE(read.word);
            if (read.word->action.type == Action::Type::move)
                replayed.apply_move(read.word->action, &undo);
            else
                replayed.apply_placement(read.word->action, &undo);
        }
        replayed.end_turn();
        CHECK(replayed == after);
        replayed.take_back(undo);
        CHECK(replayed == before);
        before = after;
        ++positions;
    };
    GameVerdict verdict;
    const cme::Referee::TurnObserver observe = check;
    cme::Referee(rules).referee(record, RefereeRequest{}, verdict, &observe);
    REQUIRE(verdict.verdict == Verdict::legal);
    CHECK(verdict.outcome.result == game.result);
    CHECK(verdict.outcome.reason == game.reason);
    CHECK(positions == record.turns.size());
    return positions;
}

}  // namespace

TEST_CASE(
    "chessme: every generated game is legal, undoes exactly and round-trips its positions "
    "and formats",
    "[chessme][generate][properties]") {
    std::size_t games = 0;
    std::size_t positions = 0;
    std::size_t checkmates = 0;
    std::size_t stalemates = 0;
    std::size_t unfinished = 0;
    for (const Series& s : all_series()) {
        GeneratorOptions options;
        options.max_turns = s.max_turns;
        options.rules = s.rules;
        std::string file;
        std::vector<GeneratedGame> generated;
        for (std::uint32_t round = 1; round <= s.games; ++round) {
            generated.push_back(generate_game(s.seed, round, options));
            if (round > 1) file += "\n";
            file += generated.back().text;
        }
        SourceFile source("generated.jgn", file);
        const std::vector<GameRecord> records = read_all(source);
        REQUIRE(records.size() == s.games);
        for (std::size_t g = 0; g < records.size(); ++g) {
            INFO("seed " << s.seed << ", game " << g + 1 << "\n" << generated[g].text);
            REQUIRE(records[g].read_errors.empty());
            positions += check_game(records[g], generated[g], s.rules);
            checkmates += generated[g].reason == "checkmate";
            stalemates += generated[g].reason == "stalemate";
            unfinished += generated[g].reason == "unfinished";
            ++games;
        }

        INFO("seed " << s.seed);
        const std::string yaml = report::write_records_yaml(records);
        const std::string from_yaml = jgn_of(yaml, report::RecordFormat::yaml);
        CHECK(from_yaml == file);
        SourceFile yaml_source("from-yaml.jgn", from_yaml);
        const std::string json = report::write_records_json(read_all(yaml_source));
        CHECK(jgn_of(json, report::RecordFormat::json) == file);
    }
    CHECK(games == 320);
    CHECK(positions > 5000);
    // The games end every way a generated game can.
    CHECK(checkmates > 100);
    CHECK(stalemates > 0);
    CHECK(unfinished > 50);
}
