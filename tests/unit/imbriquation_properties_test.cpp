// Properties every generated Imbriquation game must have, over a few hundred games of several
// seeds and rulesets (every option's other value): the referee finds it legal with the outcome
// the generator reports; the position string of every position reads back through the game's
// parse_position and writes the same string; the legal turns listed at every position contain
// the turn the record plays there; the file survives JGN -> YAML -> JGN and JGN -> JSON -> JGN
// byte for byte. Then perft counts from fixed positions, the smallest checked by hand.
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/game.hpp"
#include "core/record.hpp"
#include "core/ruleset.hpp"
#include "core/source.hpp"
#include "core/turn_listing.hpp"
#include "games/imbriquation/generator.hpp"
#include "games/imbriquation/ruleset.hpp"
#include "imbriquation_support.hpp"
#include "report/record_formats.hpp"
#include "support.hpp"

namespace {

using jv::test::jgn_of;
using jv::test::read_all;
using jv::test::imbriquation::game;
using jv::test::imbriquation::ruleset_with;

struct Series {
    std::uint64_t seed;
    std::uint32_t games;
    std::uint32_t max_turns;
    std::vector<std::string_view> settings;
};

std::vector<Series> all_series() {
    return {{3, 80, 200, {}},
            {7, 40, 12, {}},
            {11, 40, 200, {"opening_pawns=four-each"}},
            {13, 40, 200, {"sandwich=line"}},
            {17, 40, 200, {"sandwich_in_openings=false"}},
            {19, 40, 200, {"long_jump=several"}},
            {23, 40, 200, {"early_end=either-player"}}};
}

jv::imb::Ruleset typed(const std::vector<std::string_view>& settings) {
    jv::imb::Ruleset rules;
    for (std::string_view s : settings) {
        if (s == "opening_pawns=four-each") rules.opening_pawns = jv::imb::OpeningPawns::four_each;
        if (s == "sandwich=line") rules.sandwich = jv::imb::Sandwich::line;
        if (s == "sandwich_in_openings=false") rules.sandwich_in_openings = false;
        if (s == "long_jump=several") rules.long_jump = jv::imb::LongJump::several;
        if (s == "early_end=either-player") rules.early_end = jv::imb::EarlyEnd::either_player;
    }
    return rules;
}

jv::Ruleset neutral(const std::vector<std::string_view>& settings) {
    jv::Ruleset out = ruleset_with({});
    for (std::string_view s : settings)
        out = [&] {
            jv::Ruleset r = out;
            const std::optional<std::string> problem = jv::apply_setting(game(), r, s);
            REQUIRE_FALSE(problem);
            return r;
        }();
    return out;
}

// The turn as the listing writes it: its actions joined by commas.
std::string turn_text(const jv::GameRecord& record, const jv::Turn& turn) {
    std::string out;
    for (std::uint32_t i = 0; i < turn.action_count; ++i)
        out += (i > 0 ? "," : "") + std::string(record.action(turn, i).text);
    return out;
}

struct Counts {
    std::size_t positions = 0;
    std::size_t listed = 0;
};

void check_game(const jv::GameRecord& record, const jv::imb::GeneratedGame& generated,
                const jv::GameRules& rules, Counts& counts) {
    std::unique_ptr<jv::GamePosition> before = rules.initial_position(record);
    const jv::TurnObserver observe = [&](const jv::ObservedTurn& seen) {
        // The turn played is among the legal turns of the position before it.
        const jv::TurnListing listing = rules.legal_turns(*before, jv::ListingRequest{});
        const std::string played = turn_text(record, seen.turn);
        bool found = false;
        std::size_t total = 0;
        for (const jv::TurnGroup& group : listing.groups) {
            total += group.turns.size();
            found = found ||
                    std::find(group.turns.begin(), group.turns.end(), played) != group.turns.end();
        }
        INFO("turn " << seen.index << ": " << played);
        CHECK(found);
        CHECK(total == listing.total);
        counts.listed += total;
        // The position string reads back.
        const std::string written = game().position_string(seen.after);
        std::uint32_t offset = 0;
        std::string error;
        const std::unique_ptr<jv::GamePosition> parsed =
            game().parse_position(written, {}, offset, error);
        INFO(written << "\n" << error << " at offset " << offset);
        REQUIRE(parsed);
        CHECK(game().position_string(*parsed) == written);
        CHECK(listing.facts["position_string"] == game().position_string(*before));
        before = seen.after.clone();
        ++counts.positions;
    };
    jv::GameVerdict verdict;
    rules.referee(record, jv::RefereeRequest{}, verdict, &observe);
    INFO((verdict.faults.empty() ? std::string()
                                 : verdict.faults.front().diagnostic.rule + ": " +
                                       verdict.faults.front().diagnostic.message));
    REQUIRE(verdict.verdict == jv::Verdict::legal);
    CHECK(verdict.outcome.result == generated.result);
    CHECK(verdict.outcome.reason == generated.reason);
    // After the last turn: nothing more when the game is over.
    const jv::TurnListing last = rules.legal_turns(*before, jv::ListingRequest{});
    if (generated.reason != "unfinished")
        CHECK(last.total == 0);
    else
        CHECK(last.total > 0);
}

}  // namespace

TEST_CASE(
    "imbriquation: every generated game is legal, lists its turns and round-trips its "
    "positions and formats",
    "[imbriquation][generate][properties]") {
    std::size_t games = 0;
    std::size_t complete = 0;
    std::size_t no_placement = 0;
    std::size_t unfinished = 0;
    Counts counts;
    for (const Series& s : all_series()) {
        jv::imb::GeneratorOptions options;
        options.max_turns = s.max_turns;
        options.rules = typed(s.settings);
        const std::unique_ptr<jv::GameRules> rules = game().make_rules(neutral(s.settings));
        std::string file;
        std::vector<jv::imb::GeneratedGame> generated;
        for (std::uint32_t round = 1; round <= s.games; ++round) {
            generated.push_back(jv::imb::generate_game(s.seed, round, options));
            if (round > 1) file += "\n";
            file += generated.back().text;
        }
        jv::SourceFile source("generated.jgn", file);
        const std::vector<jv::GameRecord> records = read_all(source);
        REQUIRE(records.size() == s.games);
        for (std::size_t g = 0; g < records.size(); ++g) {
            INFO("seed " << s.seed << ", game " << g + 1 << "\n" << generated[g].text);
            REQUIRE(records[g].read_errors.empty());
            check_game(records[g], generated[g], *rules, counts);
            complete += generated[g].reason == "rounds-complete";
            no_placement += generated[g].reason == "no-placement";
            unfinished += generated[g].reason == "unfinished";
            ++games;
        }

        // The file in canonical JGN (jgn.md 12), then through YAML and JSON and back.
        INFO("seed " << s.seed);
        const std::string canonical =
            jgn_of(jv::report::write_records_json(records), jv::report::RecordFormat::json);
        jv::SourceFile canonical_source("canonical.jgn", canonical);
        const std::vector<jv::GameRecord> again = read_all(canonical_source);
        REQUIRE(again.size() == s.games);
        const std::string yaml = jv::report::write_records_yaml(again);
        CHECK(jgn_of(yaml, jv::report::RecordFormat::yaml) == canonical);
        const std::string json = jv::report::write_records_json(again);
        CHECK(jgn_of(json, jv::report::RecordFormat::json) == canonical);
    }
    CHECK(games == 320);
    CHECK(counts.positions > 10000);
    CHECK(complete > 100);
    CHECK(unfinished >= 40);
    INFO(no_placement);
}

TEST_CASE("imbriquation: the generator writes canonical JGN", "[imbriquation][generate]") {
    // generator.hpp promises canonical JGN; jgn.md 12.2 puts Result right after Round when the
    // record has no White and Black tags, and the generator writes it after Light and Dark.
    const jv::imb::GeneratedGame g = jv::imb::generate_game(3, 1);
    jv::SourceFile source("generated.jgn", g.text);
    const std::vector<jv::GameRecord> records = read_all(source);
    REQUIRE(records.size() == 1);
    CHECK(jgn_of(jv::report::write_records_json(records), jv::report::RecordFormat::json) ==
          g.text);
}

// ---------------------------------------------------------------------------------------------
// perft

namespace {

std::uint64_t perft_of(const std::string& position, int depth,
                       std::initializer_list<std::string_view> settings = {}) {
    std::uint32_t offset = 0;
    std::string error;
    const std::unique_ptr<jv::GamePosition> p = game().parse_position(position, {}, offset, error);
    INFO(error << " at " << offset);
    REQUIRE(p);
    return game().make_rules(ruleset_with(settings))->perft(*p, depth, jv::ListingRequest{});
}

constexpr std::string_view tiles_tail =
    "|openings=4|tiles1=SO,SD,RO,RD,JO,JD,LO,LD,BL|tiles4=?|over=-";
const std::string empty_ranks =
    "......../......../......../......../......../......../......../........";

}  // namespace

TEST_CASE("imbriquation: perft from fixed positions", "[imbriquation][perft]") {
    SECTION("the empty board: 64 first placements, then 63 for the second") {
        const std::string start = empty_ranks +
                                  "|ply=0|next=L|round=1|phase=opening|left=SO,SD,"
                                  "RO,RD,JO,JD,LO,LD,BL" +
                                  std::string(tiles_tail);
        CHECK(perft_of(start, 1) == 64);
        // A single pawn never sandwiches anything: 64 · 63.
        CHECK(perft_of(start, 2) == 64 * 63);
        CHECK(perft_of(start, 2, {"sandwich=line"}) == 64 * 63);
        // The third placement, Light's: only two Dark pawns forbid a square to it, and there
        // is one, so 64 · 63 · 62.
        CHECK(perft_of(start, 3) == 64 * 63 * 62);
    }
    SECTION("a tile turn under SO with four pawns on the board") {
        // Light a1 a8, Dark h1 h8; Light to place under SO. Each of the 60 empty squares is a
        // placement; the pawn then steps to an empty orthogonal neighbour. Corner-adjacent
        // squares lose the neighbour the corner pawn holds. Counted by hand below.
        const std::string position =
            "L......D/......../......../......../......../......../"
            "......../L......D|ply=4|next=L|round=1|phase=tiles|left=SO,"
            "SD,RO,RD,JO,JD,LO,LD,BL" +
            std::string(tiles_tail);
        // Empty squares: 60. Orthogonal empty neighbours summed over them: interior squares
        // (36) have 4, edge squares not next to a corner (4 sides · 4 = 16) have 3, the 8
        // squares next to a corner have 3 on the board minus the corner pawn = 2.
        // 36·4 + 16·3 + 8·2 = 144 + 48 + 16 = 208.
        CHECK(perft_of(position, 1) == 208);
        // Then Dark places on one of 59 empty squares and steps diagonally (SD): the number the
        // referee counts, not checked by hand.
        CHECK(perft_of(position, 2) == 37704);
    }
    SECTION("a tile turn under BL: one turn a placement") {
        const std::string position =
            "......../......../......../...L..../....D.../......../"
            "......../........|ply=4|next=L|round=1|phase=tiles|left=BL,"
            "SO,SD,RO,RD,JO,JD,LO,LD|openings=4|tiles1=BL,SO,SD,RO,RD,JO,"
            "JD,LO,LD|tiles4=?|over=-";
        // The position string is read as written (it need not hold the four opening pawns):
        // 62 empty squares, none between two Dark pawns, and the blank tile adds nothing.
        CHECK(perft_of(position, 1) == 62);
    }
}
