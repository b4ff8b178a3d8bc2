// The game interface (core/game.hpp) as the commands use it: the catalog, the rules each game is
// refereed under, and Jelimvre seen only through the interface.
#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/game.hpp"
#include "core/ruleset.hpp"
#include "core/turn_listing.hpp"
#include "support.hpp"

using jv::Game;
using jv::GamePosition;
using jv::GameRecord;
using jv::ObservedTurn;
using jv::TurnObserver;

namespace {

GameRecord first_record(const jv::SourceFile& source) {
    std::vector<GameRecord> records = jv::test::read_all(source);
    REQUIRE_FALSE(records.empty());
    return records.front();
}

const Game& jelimvre() {
    return jv::test::catalog().default_game();
}

}  // namespace

TEST_CASE("game interface: the catalog finds games by tag, by name and by default", "[game]") {
    const jv::GameCatalog& catalog = jv::test::catalog();
    CHECK(catalog.find("Jelimvre") == &jelimvre());
    CHECK(catalog.find("jelimvre") == nullptr);  // a Game tag is exact
    CHECK(catalog.find_any_case("JELIMVRE") == &jelimvre());
    CHECK(catalog.find_any_case("chess") == nullptr);
    CHECK(catalog.names() == std::vector<std::string_view>{"Jelimvre", "ChessMe", "Imbriquation"});

    jv::SourceFile untagged("a.jgn", jv::test::game_text("1. Se2-e4"));
    CHECK(catalog.game_of(first_record(untagged)) == &jelimvre());  // the default game
    jv::SourceFile other("b.jgn",
                         "[Game \"Go\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n*\n");
    CHECK(catalog.game_of(first_record(other)) == nullptr);
}

TEST_CASE("game interface: a ruleset applies to its own game's records", "[game]") {
    jv::Ruleset lyon = jelimvre().standard_ruleset();
    REQUIRE_FALSE(jv::apply_setting(jelimvre(), lyon, "knight_vs_dragon=cannot-capture"));
    lyon.name = "lyon";
    const jv::Referees referees(jv::test::catalog(), {{&jelimvre(), lyon}});
    const jv::GameRules& rules = referees.rules_of(jelimvre());
    CHECK(rules.ruleset().name == "lyon");
    CHECK(rules.fingerprint() == jv::fingerprint(jelimvre().options(), lyon));
    CHECK(rules.fingerprint() !=
          jv::fingerprint(jelimvre().options(), jelimvre().standard_ruleset()));
    jv::SourceFile source("a.jgn", jv::test::game_text("1. Se2-e4"));
    jv::GameVerdict verdict;
    referees.referee(first_record(source), {}, verdict);
    CHECK(verdict.ruleset == "lyon");
    CHECK(verdict.game == "Jelimvre");
    CHECK(verdict.player_tags[0] == "White");
}

TEST_CASE("game interface: Jelimvre numbers and names its turns from the setups", "[game]") {
    const GameRecord none;
    CHECK(jelimvre().turn_id(none, 0).label() == "0.");
    CHECK(jelimvre().turn_id(none, 1).label() == "0...");
    CHECK(jelimvre().turn_id(none, 24).label() == "12.");
    CHECK(jelimvre().turn_name(jelimvre().turn_id(none, 1)) == "turn 0 (setup), Black");
    CHECK(jelimvre().turn_name(jelimvre().turn_id(none, 25)) == "turn 12, Black");
    CHECK(jelimvre().canonical_action("Se2-e4") == "Se2-e4");
    CHECK(jelimvre().canonical_action("O-O") == "O-O");  // not an action: kept as written
}

TEST_CASE("game interface: the observer sees the end of the game with the last turn", "[game]") {
    std::string text;
    std::string error;
    REQUIRE(jv::load_source(std::string(JELIMVRE_SOURCE_DIR) + "/samples/strategy-encirclement.jgn",
                            text, error));
    jv::SourceFile source("s.jgn", std::move(text));
    const GameRecord record = first_record(source);
    const jv::Referees referees(jv::test::catalog());
    std::unique_ptr<GamePosition> last;
    std::size_t turns = 0;
    const TurnObserver observer = [&](const ObservedTurn& turn) {
        CHECK(turn.index == turns++);
        last = turn.after.clone();
    };
    jv::GameVerdict verdict;
    referees.referee(record, {}, verdict, &observer);
    CHECK(turns == record.turns.size());
    REQUIRE(last);
    // White's last turn encircles the black king: the game ends at Black's next turn's start,
    // and the position after White's turn already says so.
    CHECK(jelimvre().position_string(*last) == verdict.position);
    CHECK(verdict.position.ends_with("over=1-0:encirclement"));
    const std::string picture =
        jelimvre().picture(*last, jv::PictureFormat::text, jv::PictureOptions{});
    CHECK(picture.find("  last turn (White): ") != std::string::npos);
    CHECK(picture.find("  game over: 1-0 (encirclement)\n") != std::string::npos);
}

TEST_CASE("game interface: a Timer tag given with a position string allows timeouts", "[game]") {
    const std::string start =
        "5k5/11/11/11/11/11/11/11/2S8/4K6/11|side=w|turn=10|counter=w:1,b:1|"
        "lost=w:QDTTGGNNSSSSSSSSSS,b:QDTTGGNNSSSSSSSSSSS|supply=w:8,b:8,~:14|double=-|over=-";
    const std::unique_ptr<jv::GameRules> rules =
        jelimvre().make_rules(jelimvre().standard_ruleset());
    auto timeouts = [&](std::span<const jv::Tag> tags) {
        std::uint32_t offset = 0;
        std::string error;
        std::unique_ptr<GamePosition> position =
            jelimvre().parse_position(start, tags, offset, error);
        REQUIRE(position);
        const jv::TurnListing listing = rules->legal_turns(*position, jv::ListingRequest{});
        CHECK(listing.groups.size() == 11);
        for (const jv::TurnGroup& group : listing.groups)
            if (group.key == "timeout") return group.turns.size();
        return std::size_t{0};
    };
    CHECK(timeouts({}) == 0);
    const std::vector<jv::Tag> timer = {jv::Tag{"Timer", "30", {}, {}}};
    CHECK(timeouts(timer) == 3);  // timeout, and timeout naming the king or the soldier

    std::uint32_t offset = 0;
    std::string error;
    CHECK_FALSE(jelimvre().parse_position("11/11|side=w", {}, offset, error));
    CHECK_FALSE(error.empty());
}

TEST_CASE("game interface: a reading fault on an action names its turn, side and action",
          "[game]") {
    const jv::Referees referees(jv::test::catalog());
    jv::GameVerdict verdict;
    SECTION("Jelimvre: an action off the board, Black's turn 1") {
        jv::SourceFile source("a.jgn", jv::test::game_text("1. Se2-e4 Se10-e12"));
        const GameRecord record = first_record(source);
        referees.referee(record, {}, verdict);
        REQUIRE(verdict.verdict == jv::Verdict::invalid_record);
        REQUIRE(verdict.faults.size() == 1);
        CHECK(verdict.faults[0].turn == 1u);
        CHECK(verdict.faults[0].side == "black");
        CHECK(verdict.faults[0].action == "Se10-e12");
        // The caret underlines the square at fault, not the whole action.
        CHECK(source.slice(verdict.faults[0].diagnostic.region) == "e12");
    }
    SECTION("ChessMe: the second action of White's turn 2") {
        jv::SourceFile source("c.jgn",
                              "[Game \"ChessMe\"]\n[White \"a\"]\n[Black \"b\"]\n"
                              "[Result \"*\"]\n1. Pd2-d3 Pd5-d4\n2. Pc2-c3,O-O *\n");
        referees.referee(first_record(source), {}, verdict);
        REQUIRE(verdict.verdict == jv::Verdict::invalid_record);
        CHECK(verdict.faults[0].turn == 2u);
        CHECK(verdict.faults[0].side == "white");
        CHECK(verdict.faults[0].action == "O-O");
    }
    SECTION("a fault of a tag is of no turn") {
        jv::SourceFile source("t.jgn", "[White \"a\"]\n[Result \"*\"]\n0. K@f1 *\n");
        referees.referee(first_record(source), {}, verdict);
        REQUIRE(verdict.verdict == jv::Verdict::invalid_record);
        CHECK_FALSE(verdict.faults[0].turn);
        CHECK(verdict.faults[0].side.empty());
        CHECK(verdict.faults[0].action.empty());
    }
}

TEST_CASE("game interface: ChessMe and Imbriquation point at a misspelt or off-board square",
          "[game]") {
    const jv::Referees referees(jv::test::catalog());
    jv::GameVerdict verdict;
    SECTION("ChessMe: no rank 0") {
        jv::SourceFile source("c.jgn",
                              "[Game \"ChessMe\"]\n[White \"a\"]\n[Black \"b\"]\n"
                              "[Result \"*\"]\n1. Pd2-d0 *\n");
        referees.referee(first_record(source), {}, verdict);
        REQUIRE(verdict.verdict == jv::Verdict::invalid_record);
        CHECK(verdict.faults[0].diagnostic.message ==
              "'d0' is not a square name: there is no rank 0 (the rank just below 1 is '1)");
        CHECK(source.slice(verdict.faults[0].diagnostic.region) == "d0");
    }
    SECTION("Imbriquation: files end at h") {
        jv::SourceFile source("i.jgn",
                              "[Game \"Imbriquation\"]\n[Light \"a\"]\n[Dark \"b\"]\n"
                              "[First \"Light\"]\n[Tiles1 \"SO RO LO RD BL LD JD SD JO\"]\n"
                              "[Result \"*\"]\n1. d3 c3\n2. d2 d4\n3. e2,SO,e2-i2 *\n");
        referees.referee(first_record(source), {}, verdict);
        REQUIRE(verdict.verdict == jv::Verdict::invalid_record);
        CHECK(verdict.faults[0].diagnostic.message ==
              "'i2' is not a square of the board: files go from a to h");
        CHECK(source.slice(verdict.faults[0].diagnostic.region) == "i2");
        CHECK(verdict.faults[0].turn == 3u);
        CHECK(verdict.faults[0].side == "light");
        CHECK(verdict.faults[0].action == "e2-i2");
    }
}
