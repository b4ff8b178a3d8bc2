// `jelimvre moves` counts and `validate --explain` suggestions: exact counts of legal turns at
// the standard start, and every suggested turn legal.
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/record.hpp"
#include "core/source.hpp"
#include "games/jelimvre/explain.hpp"
#include "games/jelimvre/movegen.hpp"
#include "games/jelimvre/notation.hpp"
#include "games/jelimvre/referee.hpp"
#include "support.hpp"

using namespace jv::jel;

namespace {

struct Counts {
    int total = 0;
    int single_moves = 0;       // one army move (Xsq-sq)
    int single_placements = 0;  // one wall or water placement alone
    int with_placement = 0;     // an army move or crossings with one placement
    int more = 0;               // anything else
};

Counts count_turns(const Position& position, int placements) {
    Counts c;
    auto visit = [&](std::span<const Action> turn, const Position&) {
        ++c.total;
        int places = 0;
        for (Action a : turn) places += a.kind() == ActionKind::place ? 1 : 0;
        if (turn.size() == 1 && turn[0].kind() == ActionKind::move)
            ++c.single_moves;
        else if (turn.size() == 1 && places == 1)
            ++c.single_placements;
        else if (places == 1)
            ++c.with_placement;
        else
            ++c.more;
        return true;
    };
    for_each_legal_turn(position, TurnContext{}, Ruleset{}, visit, placements);
    return c;
}

std::vector<Action> parse_turn(const std::string& text) {
    std::vector<Action> out;
    std::stringstream in(text);
    std::string piece;
    while (std::getline(in, piece, ',')) {
        ActionParse parsed = parse_action(piece);
        REQUIRE(parsed.action);
        out.push_back(*parsed.action);
    }
    return out;
}

}  // namespace

TEST_CASE("moves: the standard start without placements lists exactly the army moves") {
    // White, standard setup, turn 1. Counted by hand:
    //   9 soldiers on rank 2 (a-e, g-j): one step or the double step       18
    //   tower k1: k2..k10, and the black tower on k11 (k2 and k10 empty)   10
    //   tower a1, royal guards c1, i1: blocked                               0
    //   knights b1 (a3, c3) and j1 (i3, k3)                                  4
    //   queen e1 and king f1: onto the own regenerator f2                    2
    //   dragon g1: g3..g9, xg10, xg11; f2, e3, d4, c5, b6, a7; i3, j4, k5   18
    // No water, so no crossings: 52 turns, all single army moves.
    Position start = jv::test::standard_position();
    Counts c = count_turns(start, 0);
    CHECK(c.total == 52);
    CHECK(c.single_moves == 52);
    CHECK(c.more == 0);
}

TEST_CASE("moves: the standard start with one placement") {
    Position start = jv::test::standard_position();
    Counts c = count_turns(start, 1);
    // 121 squares - 42 occupied (20 army pieces and a regenerator each) = 79 empty squares, each
    // taking a wall or a water piece alone.
    CHECK(c.single_moves == 52);
    CHECK(c.single_placements == 2 * 79);
    CHECK(c.with_placement > 0);
    CHECK(c.more == 0);
    CHECK(c.total == 52 + 2 * 79 + c.with_placement);
}

TEST_CASE("explain: suggestions for a blocked tower are legal, the same piece first") {
    Position p = jv::test::standard_position();
    REQUIRE(!jv::test::play(p, "Sa2-a3").fault);
    REQUIRE(!jv::test::play(p, "Sa10-a9").fault);
    // White's counter is 2 (bonus turns); the tower on a1 is blocked by the soldier on a3.
    std::vector<Action> faulty = parse_turn("Ta1-a5");
    std::vector<jv::jel::Suggestion> s =
        jv::jel::suggest_turns(p, TurnContext{}, Ruleset{}, faulty, 0).best;
    REQUIRE(s.size() == 5);
    CHECK(s[0].text == "Ta1-a2");
    CHECK(s[0].tier == 0);
    for (const jv::jel::Suggestion& one : s) {
        Position copy = p;
        CHECK_FALSE(play_turn(copy, one.turn, TurnContext{}, Ruleset{}).fault);
    }
}

TEST_CASE("explain: the turn without a second army move is suggested") {
    Position p = jv::test::standard_position();
    std::vector<Action> faulty = parse_turn("Sd2-d4,Nj1-i3");
    auto s = jv::jel::suggest_turns(p, TurnContext{}, Ruleset{}, faulty, 1).best;
    bool found = false;
    for (const auto& one : s) found = found || one.text == "Sd2-d4";
    CHECK(found);
}

// White to play at counter 7, with a timer: millions of legal turns (its sets of crossings).
// The position of a corrupted generated record whose explanation once ran out of memory.
constexpr std::string_view kManyTurns =
    "3t(rs)2ks1s/3sss3s1/w~~6(ws)1/~1~~n1~2W1/~3W6/1S9/1~4w3W/1S1~N~w2g1/1W~W4ww1/2~SK1S1SSS/"
    "RTS1SGS3S|side=w|turn=24|counter=w:7,b:6|lost=w:QDTGN,b:QDTGNSSS|supply=w:3,b:2,~:2|"
    "double=c1,e1,g1,k1,i2,j2,k2,e10,f10,j10,i11,k11|over=-";

Position many_turns() {
    PositionParseError error;
    const std::optional<ParsedPosition> parsed = parse_position(kManyTurns, error);
    REQUIRE(parsed);
    return parsed->position;
}

TEST_CASE("explain: the nearest turns are kept as they come, as a full ranking would rank them") {
    const Position many = many_turns();
    TurnContext context;
    context.timer = true;  // the record has a Timer tag
    for (const std::string written : {"Sb3-g3", "Ne4-e9", "W@a1", "Tb1~k11"}) {
        INFO(written);
        const std::vector<Action> faulty = parse_turn(written);
        constexpr std::size_t kBudget = 20'000;
        const SuggestionSearch all =
            suggest_turns(many, context, Ruleset{}, faulty, 0, kBudget, kBudget);
        const SuggestionSearch best =
            suggest_turns(many, context, Ruleset{}, faulty, 0, 5, kBudget);
        REQUIRE(best.best.size() == std::min<std::size_t>(5, all.best.size()));
        for (std::size_t i = 0; i < best.best.size(); ++i)
            CHECK(best.best[i].text == all.best[i].text);
    }
}

TEST_CASE("explain: the search for suggestions stops at its budget of turns") {
    const Position many = many_turns();
    TurnContext context;
    context.timer = true;  // the record has a Timer tag
    const std::vector<Action> faulty = parse_turn("Sb3-g3");
    const SuggestionSearch cut = suggest_turns(many, context, Ruleset{}, faulty, 0, 5, 1'000);
    CHECK_FALSE(cut.complete);
    CHECK(cut.turns_searched == 1'000);
    CHECK(cut.best.size() == 5);
    // A turn with few legal turns is searched whole.
    Position start = jv::test::standard_position();
    const SuggestionSearch whole =
        suggest_turns(start, TurnContext{}, Ruleset{}, parse_turn("Sd2-d5"), 0);
    CHECK(whole.complete);
    CHECK(whole.turns_searched > 0);
    CHECK(whole.turns_searched < kSuggestionTurnBudget);
}

TEST_CASE("explain: every turn suggested for the illegal samples is legal") {
    namespace fs = std::filesystem;
    int files = 0;
    int suggested = 0;
    for (const fs::directory_entry& entry :
         fs::directory_iterator(fs::path(JELIMVRE_SOURCE_DIR) / "samples")) {
        std::string name = entry.path().filename().string();
        if (name.rfind("illegal-", 0) != 0) continue;
        ++files;
        std::string text;
        std::string error;
        REQUIRE(jv::load_source(entry.path().string(), text, error));
        jv::SourceFile source(name, std::move(text));
        jv::RecordReader reader(source);
        jv::GameRecord record;
        REQUIRE(reader.next(record));
        Referee game;
        jv::GameVerdict verdict;
        game.referee(record, jv::RefereeRequest{}, verdict);
        REQUIRE(verdict.verdict == jv::Verdict::illegal);
        std::optional<Position> before = position_before_fault(record, Ruleset{});
        REQUIRE(before);
        std::string explanation = jv::jel::explain_first_fault(record, verdict, Ruleset{});
        INFO(name << "\n" << explanation);
        REQUIRE(explanation.find("the board") != std::string::npos);
        // The suggestions follow "did you mean:", one per line: the turn, then why.
        std::size_t at = explanation.find("did you mean:\n");
        if (at == std::string::npos) continue;
        std::stringstream lines(explanation.substr(at + 14));
        std::string line;
        while (std::getline(lines, line) && line.rfind("    ", 0) == 0) {
            std::string turn = line.substr(4, line.find(' ', 4) - 4);
            Position copy = *before;
            TurnContext context;
            context.timer = record.find_tag("Timer") != nullptr;
            INFO(turn);
            CHECK_FALSE(play_turn(copy, parse_turn(turn), context, Ruleset{}).fault);
            ++suggested;
        }
    }
    CHECK(files >= 10);
    CHECK(suggested >= 30);
}

TEST_CASE("explain: the position before the fault") {
    jv::SourceFile source("t.jgn", jv::test::game_text("1. Sa2-a3 Sa10-a9\n2. Sb2-b5"));
    jv::RecordReader reader(source);
    jv::GameRecord record;
    REQUIRE(reader.next(record));
    std::optional<Position> before = position_before_fault(record, Ruleset{});
    REQUIRE(before);
    CHECK(before->turn_number() == 2);
    CHECK(before->side_to_move() == Color::white);
    CHECK(before->piece_on(jv::test::sq("a3")) != 0);

    jv::SourceFile legal("l.jgn", jv::test::game_text("1. Sa2-a3 Sa10-a9"));
    jv::RecordReader legal_reader(legal);
    REQUIRE(legal_reader.next(record));
    CHECK_FALSE(position_before_fault(record, Ruleset{}));
}
