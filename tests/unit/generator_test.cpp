// jelimvre generate: random games that the referee finds legal, in canonical JGN, the same for
// the same seed, with every kind of turn and both endings of J12.
#include <array>
#include <map>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/game.hpp"
#include "core/record.hpp"
#include "core/record_writer.hpp"
#include "core/source.hpp"
#include "games/jelimvre/generator.hpp"
#include "games/jelimvre/notation.hpp"
#include "games/jelimvre/referee.hpp"
#include "games/jelimvre/turn.hpp"

namespace {

using namespace jv;
using namespace jv::jel;
using jv::jel::Ruleset;

struct Counts {
    std::array<int, 9> kinds{};
    int promotions = 0;
    int crossings = 0;
    int bonus = 0;
    std::map<std::string, int> endings;
};

// Replays a record turn by turn with play_turn and counts what its turns hold.
void count_turns(const GameRecord& record, Counts& counts) {
    Position position = Position::before_setup();
    TurnContext context;
    context.timer = record.find_tag("Timer") != nullptr;
    for (std::size_t k = 0; k < record.turns.size(); ++k) {
        const jv::Turn& turn = record.turns[k];
        std::vector<Action> actions;
        for (std::uint32_t i = 0; i < turn.action_count; ++i) {
            ActionParse parsed = parse_action(record.action(turn, i).text);
            REQUIRE(parsed.action);
            actions.push_back(*parsed.action);
        }
        if (k < 2) {
            for (Action a : actions) {
                Undo undo;
                position.apply(a, position.side_to_move(), undo);
            }
            position.end_turn(1);
            continue;
        }
        TurnResult result = play_turn(position, actions, context, Ruleset{});
        REQUIRE_FALSE(result.fault);
        ++counts.kinds[static_cast<std::size_t>(result.kind)];
        for (Action a : actions) {
            if (a.promotion() != Letter::none) ++counts.promotions;
            if (a.kind() == ActionKind::cross) ++counts.crossings;
            if (result.kind == TurnKind::ordinary && a.kind() == ActionKind::place) ++counts.bonus;
        }
    }
}

}  // namespace

TEST_CASE("generated games are legal, canonical, reproducible and varied", "[generate]") {
    GeneratorOptions options;
    options.max_turns = 60;
    options.timer_share = 0.25;
    Referee referee;
    Counts counts;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        INFO("seed " << seed);
        GeneratedGame game = generate_game(seed, 1, options);
        CHECK(generate_game(seed, 1, options).text == game.text);

        SourceFile source("generated.jgn", game.text);
        RecordReader reader(source);
        GameRecord record;
        REQUIRE(reader.next(record));
        CHECK(write_jgn(record) == game.text);
        CHECK(record.tag_value("Round") == "1");
        CHECK(record.tag_value("Result") == result_text(game.result));

        GameVerdict verdict;
        referee.referee(record, RefereeRequest{}, verdict);
        INFO(game.text);
        REQUIRE(verdict.verdict == Verdict::legal);
        CHECK(verdict.outcome.result == game.result);
        CHECK(verdict.outcome.reason == game.reason);
        ++counts.endings[std::string(game.reason)];
        count_turns(record, counts);
    }
    const std::array<const char*, 9> names = {"first",       "ordinary",    "regenerate",
                                              "place_walls", "move_walls",  "remove_walls",
                                              "water",       "regenerator", "timeout"};
    for (std::size_t k = 0; k < names.size(); ++k) {
        INFO("turn kind " << names[k]);
        CHECK(counts.kinds[k] > 0);
    }
    CHECK(counts.promotions > 0);
    CHECK(counts.crossings > 0);
    CHECK(counts.bonus > 0);
    CHECK(counts.endings["king-captured"] > 0);
    CHECK(counts.endings["encirclement"] > 0);
}

TEST_CASE("several generated games make one canonical file", "[generate]") {
    GeneratorOptions options;
    options.max_turns = 20;
    std::string text;
    for (std::uint32_t round = 1; round <= 3; ++round) {
        if (round > 1) text += "\n";
        text += generate_game(7, round, options).text;
    }
    SourceFile source("generated.jgn", text);
    RecordReader reader(source);
    std::vector<GameRecord> records;
    GameRecord record;
    while (reader.next(record)) records.push_back(record);
    REQUIRE(records.size() == 3);
    CHECK(write_jgn(records) == text);
    // Another seed gives other games.
    CHECK(generate_game(8, 1, options).text != generate_game(7, 1, options).text);
}
