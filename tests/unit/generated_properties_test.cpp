// Properties every generated game must have, checked over a few hundred games of several seeds
// and lengths: the referee finds it legal; Position::apply with an Undo record, undone in
// reverse order, gives back the position before the setup exactly; the position string after
// every turn reads back to the same position and writes the same string; and the game's file
// survives JGN -> YAML -> JSON -> JGN byte for byte.
//
// generator_test.cpp checks the generator itself (reproducible, canonical, varied); this file
// uses its games as test data for the position, the position string and the record formats.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/record.hpp"
#include "core/source.hpp"
#include "games/jelimvre/generator.hpp"
#include "games/jelimvre/notation.hpp"
#include "games/jelimvre/referee.hpp"
#include "games/jelimvre/turn.hpp"
#include "report/record_formats.hpp"
#include "support.hpp"

namespace {

using jv::test::jgn_of;
using jv::test::read_all;

using namespace jv;
using namespace jv::jel;
using jv::jel::Ruleset;

// The series of games, as (seed, games, max_turns): short games end mostly unfinished, long ones
// mostly by king capture or encirclement, so both kinds of final position are covered.
struct Series {
    std::uint64_t seed;
    std::uint32_t games;
    std::uint32_t max_turns;
};
constexpr Series series[] = {
    {101, 80, 15}, {202, 80, 40}, {303, 60, 80}, {404, 50, 150}, {505, 30, 300}};

std::vector<Action> actions_of(const GameRecord& record, const jv::Turn& turn) {
    std::vector<Action> actions;
    for (std::uint32_t i = 0; i < turn.action_count; ++i) {
        ActionParse parsed = parse_action(record.action(turn, i).text);
        REQUIRE(parsed.action);
        actions.push_back(*parsed.action);
    }
    return actions;
}

// One applied action and what undoing it needs. Undo restores the cells and the PositionState;
// the side to move and the turn number belong to end_turn, so the test puts them back itself
// when it undoes a turn's first action.
struct Step {
    Undo undo;
    bool first_of_turn = false;
    Color side = Color::white;
    std::uint32_t turn = 0;
};

// Applies every action of the record with an Undo record, checks after each turn that the
// actions alone (and the counter end_turn sets) lead where play_turn leads, and that undoing
// the turn restores the position before it; finally undoes the whole game.
void check_apply_and_undo(const GameRecord& record) {
    TurnContext context;
    context.timer = record.find_tag("Timer") != nullptr;
    const Ruleset rules;
    Position played = Position::before_setup();   // by play_turn, as the referee plays it
    Position applied = Position::before_setup();  // by apply alone, with undo records
    std::vector<Step> steps;
    for (std::size_t k = 0; k < record.turns.size(); ++k) {
        INFO("turn " << k << " of the record");
        const std::vector<Action> actions = actions_of(record, record.turns[k]);
        const Position before = applied;
        const Color me = applied.side_to_move();
        const std::size_t first = steps.size();
        for (Action a : actions) {
            Step step;
            step.first_of_turn = steps.size() == first;
            step.side = me;
            step.turn = applied.turn_number();
            applied.apply(a, me, step.undo);
            steps.push_back(step);
        }
        Position undone = applied;
        for (std::size_t i = steps.size(); i-- > first;) undone.undo(steps[i].undo);
        CHECK(undone == before);

        if (k < 2) {
            for (Action a : actions) played.apply(a, me);
            played.end_turn(1);
        } else {
            TurnResult result = play_turn(played, actions, context, rules);
            REQUIRE_FALSE(result.fault);
        }
        applied.end_turn(played.counter(me));
        REQUIRE(applied == played);
    }
    for (std::size_t i = steps.size(); i-- > 0;) {
        applied.undo(steps[i].undo);
        if (steps[i].first_of_turn) {
            applied.set_side_to_move(steps[i].side);
            applied.set_turn_number(steps[i].turn);
        }
    }
    CHECK(applied == Position::before_setup());
}

// The referee's verdict, and the position string after every turn read back.
std::size_t check_legal_and_position_strings(const GameRecord& record, const GeneratedGame& game) {
    std::size_t positions = 0;
    auto check = [&](const jv::Turn&, const Position& after, const GameEnd& end) {
        const std::string written = format_position(after, end);
        PositionParseError error;
        std::optional<ParsedPosition> parsed = parse_position(written, error);
        INFO(written << "\n" << error.message << " at offset " << error.offset);
        REQUIRE(parsed);
        CHECK(parsed->position == after);
        CHECK(format_position(parsed->position, parsed->end) == written);
        ++positions;
    };
    GameVerdict verdict;
    Referee().referee_observed(record, check, verdict);
    REQUIRE(verdict.verdict == Verdict::legal);
    CHECK(verdict.outcome.result == game.result);
    CHECK(verdict.outcome.reason == game.reason);
    CHECK(positions == record.turns.size());
    return positions;
}

}  // namespace

TEST_CASE("every generated game is legal, undoes exactly and round-trips its positions and formats",
          "[generate][properties]") {
    std::size_t games = 0;
    std::size_t positions = 0;
    for (const Series& s : series) {
        GeneratorOptions options;
        options.max_turns = s.max_turns;
        options.timer_share = 0.3;
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
            positions += check_legal_and_position_strings(records[g], generated[g]);
            check_apply_and_undo(records[g]);
            ++games;
        }

        // The whole file at once: several games in one document, as convert writes them.
        INFO("seed " << s.seed);
        const std::string yaml = report::write_records_yaml(records);
        const std::string from_yaml = jgn_of(yaml, report::RecordFormat::yaml);
        CHECK(from_yaml == file);
        SourceFile yaml_source("from-yaml.jgn", from_yaml);
        const std::string json = report::write_records_json(read_all(yaml_source));
        CHECK(jgn_of(json, report::RecordFormat::json) == file);
    }
    CHECK(games == 300);
    // Every turn of every game gave a position (a few hundred games of tens of turns).
    CHECK(positions > 10000);
}
