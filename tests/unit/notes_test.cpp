// The notes of a fault (DiagnosticNote): each kind, in each game, points at the place where the
// fault's cause lies, and says it. Each test fails when its note is removed.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include "core/game.hpp"
#include "core/source.hpp"
#include "game_support.hpp"
#include "report/verdict_report.hpp"
#include "support.hpp"

namespace {

using jv::test::judge_record;
using jv::test::Judged;
using jv::test::where;
using jv::test::where_at;
using jv::test::where_last;

std::string sample_text(const std::string& name) {
    std::ifstream in(std::string(JELIMVRE_SOURCE_DIR) + "/samples/" + name, std::ios::binary);
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

const jv::Game& game_named(std::string_view name) {
    const jv::Game* game = jv::test::catalog().find(name);
    REQUIRE(game != nullptr);
    return *game;
}

Judged judge_sample(std::string_view game, const std::string& text) {
    const jv::Game& g = game_named(game);
    return judge_record(g, text, g.standard_ruleset());
}

// The text with its first `from` replaced by `to`.
std::string replaced(std::string text, std::string_view from, std::string_view to) {
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("notes J7.2: a second double step points at the soldier's first move", "[notes][J7.2]") {
    const std::string text = sample_text("illegal-J7.2-second-double-step.jgn");
    const Judged j = judge_sample("Jelimvre", text);
    REQUIRE(j.first().rule == "J7.2");
    REQUIRE(j.first().notes.size() == 1);
    CHECK(j.first().notes[0] ==
          where(text, "Se2-e3") + ": the white soldier came to e3 with this action");
}

TEST_CASE("notes J6.2, J8.5: a blocked path points at where the blocker came from",
          "[notes][J6.2][J8.5]") {
    const std::string tower = sample_text("illegal-J6.2-tower-path-blocked.jgn");
    const Judged t = judge_sample("Jelimvre", tower);
    REQUIRE(t.first().rule == "J6.2");
    REQUIRE(t.first().notes.size() == 1);
    CHECK(t.first().notes[0] ==
          where(tower, "S@a2") + ": the white soldier came to a2 with this action");

    const std::string queen = sample_text("illegal-J6.2-queen-over-regenerator.jgn");
    const Judged q = judge_sample("Jelimvre", queen);
    REQUIRE(q.first().rule == "J6.2");
    REQUIRE(q.first().notes.size() == 1);
    CHECK(q.first().notes[0] ==
          where(queen, "R@f10") + ": the black regenerator was placed on f10 with this action");

    const std::string dragon = sample_text("illegal-J8.5-dragon-king-no-clear-line.jgn");
    const Judged d = judge_sample("Jelimvre", dragon);
    REQUIRE(d.first().rule == "J8.5");
    REQUIRE(d.first().notes.size() == 1);
    CHECK(d.first().notes[0] ==
          where(dragon, "S@g10") + ": the black soldier came to g10 with this action");
}

TEST_CASE("notes J3.2: a square used twice in a setup points at its first placement",
          "[notes][J3.2]") {
    const std::string text = sample_text("illegal-J3.2-faulty-setup.jgn");
    const Judged j = judge_sample("Jelimvre", text);
    bool found = false;
    for (const jv::test::SeenFault& fault : j.faults) {
        if (fault.message.find("is used twice") == std::string::npos) {
            CHECK(fault.notes.empty());  // only the square used twice has a cause elsewhere
            continue;
        }
        found = true;
        REQUIRE(fault.notes.size() == 1);
        CHECK(fault.notes[0] ==
              where(text, "S@b2") + ": the white soldier came to b2 with this action");
        CHECK(fault.at == where_last(text, "S@b2"));
    }
    CHECK(found);
}

TEST_CASE("notes J12.5: an action after the end points at the turn that ended the game",
          "[notes][J12.5]") {
    const std::string text = sample_text("illegal-J12.5-move-after-king-capture.jgn");
    const Judged j = judge_sample("Jelimvre", text);
    REQUIRE(j.first().rule == "J12.5");
    REQUIRE(j.first().notes.size() == 1);
    CHECK(j.first().notes[0] == where(text, "Dk6xf11") +
                                    ": the game ended with this turn, when the black king was "
                                    "captured");

    // Within the capturing turn, the note is at the capture itself.
    const std::string within = replaced(text, "Dk6xf11 {", "Dk6xf11,W@e5 {");
    const Judged w = judge_sample("Jelimvre", within);
    REQUIRE(w.first().rule == "J12.5");
    CHECK(w.first().at == where(within, "W@e5"));
    REQUIRE(w.first().notes.size() == 1);
    CHECK(w.first().notes[0] == where(within, "Dk6xf11") +
                                    ": the game ended with this action, when the black king was "
                                    "captured");
}

TEST_CASE("notes J14.1: a Result tag is faulted at the tag, with a note at the result token",
          "[notes][J14.1]") {
    const std::string text = sample_text("illegal-J14.1-result-tag-disagrees.jgn");
    const Judged j = judge_sample("Jelimvre", text);
    REQUIRE(j.first().rule == "J14.1");
    CHECK(j.first().at == where_at(text, text.find("[Result \"") + 8));
    REQUIRE(j.first().notes.size() == 1);
    CHECK(j.first().notes[0] == where_last(text, "*") + ": the movetext ends with * here");

    // A result token the game contradicts: at the token, a note at the turn that ended it.
    const std::string after = sample_text("illegal-J14.1-wrong-result-after-king-capture.jgn");
    const Judged a = judge_sample("Jelimvre", after);
    REQUIRE(a.first().rule == "J14.1");
    REQUIRE(a.first().notes.size() == 1);
    CHECK(a.first().notes[0] == where(after, "Dk6xf11") +
                                    ": the game ended with this turn, when the black king was "
                                    "captured");
}

TEST_CASE("notes C7.2: a king left in check names its attacker and where it came from",
          "[notes][C7.2]") {
    const std::string text = sample_text("chessme/illegal-C7.2-king-steps-into-check.jgn");
    const Judged j = judge_sample("ChessMe", text);
    REQUIRE(j.first().rule == "C7.2");
    CHECK(j.first().message ==
          "this move leaves the white king on e3 in check: the black pawn on f4 attacks it");
    REQUIRE(j.first().notes.size() == 1);
    CHECK(j.first().notes[0] ==
          where(text, "Pf5-f4") + ": the black pawn came to f4 with this action");
}

TEST_CASE("notes C10.4, C11.1: after a checkmate, the note is at the mating turn",
          "[notes][C10.4][C11.1]") {
    const std::string text = sample_text("chessme/illegal-C10.4-move-after-checkmate.jgn");
    const Judged j = judge_sample("ChessMe", text);
    REQUIRE(j.first().rule == "C10.4");
    REQUIRE(j.first().notes.size() == 1);
    CHECK(j.first().notes[0] == where_last(text, "Kd5-d4,P@b3#") +
                                    ": the game ended with this turn, when White was checkmated");

    const std::string result =
        sample_text("chessme/illegal-C11.1-wrong-result-after-checkmate.jgn");
    const Judged r = judge_sample("ChessMe", result);
    REQUIRE(r.first().rule == "C11.1");
    REQUIRE(r.first().notes.size() == 1);
    CHECK(r.first().notes[0].find(": the game ended with this turn, when ") != std::string::npos);

    // A Result tag that disagrees: at the tag, a note at the result token.
    const std::string mate = sample_text("chessme/legal-checkmate-by-drop.jgn");
    const std::string tag = replaced(mate, "[Result \"0-1\"]", "[Result \"*\"]");
    const Judged t = judge_sample("ChessMe", tag);
    REQUIRE(t.first().rule == "C11.1");
    CHECK(t.first().at == where_at(tag, tag.find("[Result \"") + 8));
    REQUIRE(t.first().notes.size() == 1);
    CHECK(t.first().notes[0] == where_last(tag, "0-1") + ": the movetext ends with 0-1 here");
}

TEST_CASE("notes I8.3, I9.1, I9.3: the end of the game and the tags that contradict the token",
          "[notes][I8.3][I9.1][I9.3]") {
    const std::string after =
        sample_text("imbriquation/illegal-I8.3-turn-after-rounds-complete.jgn");
    const Judged a = judge_sample("Imbriquation", after);
    REQUIRE(a.first().rule == "I8.3");
    REQUIRE(a.first().notes.size() == 1);
    CHECK(a.first().notes[0] == where(after, "e4,JD,g5xe7") +
                                    ": the game ended with this turn, when the fifth round was "
                                    "complete");

    const std::string score =
        sample_text("imbriquation/illegal-I9.3-score-tag-written-dark-first.jgn");
    const Judged s = judge_sample("Imbriquation", score);
    REQUIRE(s.first().rule == "I9.3");
    CHECK(s.first().at == where_at(score, score.find("[Score \"") + 7));
    REQUIRE(s.first().notes.size() == 1);
    CHECK(s.first().notes[0] == where_last(score, "1-0") + ": the movetext ends with 1-0 here");

    const std::string tag = replaced(score, "[Result \"1-0\"]", "[Result \"*\"]");
    const Judged t = judge_sample("Imbriquation", tag);
    REQUIRE(t.first().rule == "I9.1");
    CHECK(t.first().at == where_at(tag, tag.find("[Result \"") + 8));
    REQUIRE(t.first().notes.size() == 1);
    CHECK(t.first().notes[0] == where_last(tag, "1-0") + ": the movetext ends with 1-0 here");
}

TEST_CASE("notes: text, JSON and --explain show every note with its place", "[notes][report]") {
    const std::string text = sample_text("illegal-J12.5-move-after-king-capture.jgn");
    jv::SourceFile source("g.jgn", text);
    std::vector<jv::GameRecord> records = jv::test::read_all(source);
    REQUIRE(records.size() == 1);
    const jv::Game& game = game_named("Jelimvre");
    jv::GameVerdict verdict;
    game.make_rules(game.standard_ruleset())->referee(records[0], jv::RefereeRequest{}, verdict);
    const std::string note_place = where(text, "Dk6xf11");
    const std::string report = jv::report::format_text({source, records[0], verdict});
    CHECK(
        report.find("g.jgn:" + note_place +
                    ": note: the game ended with this turn, when the black king was captured\n") !=
        std::string::npos);
    const auto json = jv::report::to_json({source, records[0], verdict});
    REQUIRE(json["error"]["notes"].size() == 1);
    CHECK(json["error"]["notes"][0]["message"] ==
          "the game ended with this turn, when the black king was captured");
    CHECK(std::to_string(json["error"]["notes"][0]["line"].get<int>()) + ":" +
              std::to_string(json["error"]["notes"][0]["column"].get<int>()) ==
          note_place);
    const std::string heading = jv::report::explanation_heading(source, verdict.faults.front());
    CHECK(heading.find("  note: line " + replaced(note_place, ":", ", column ") +
                       ": the game ended with this turn") != std::string::npos);
}

TEST_CASE("notes J10.2: a wall placed on a piece points at where the piece came from",
          "[notes][J10.2]") {
    const std::string text = replaced(sample_text("illegal-J7.2-second-double-step.jgn"),
                                      "2. Se3-e5 Sd10-d8", "2. Se3-e4 Sd10-d8 3. Sd2-d3,W@e4");
    const Judged j = judge_sample("Jelimvre", text);
    INFO(j.summary());
    REQUIRE(j.first().rule == "J10.2");
    REQUIRE(j.first().notes.size() == 1);
    CHECK(j.first().notes[0] ==
          where(text, "Se3-e4") + ": the white soldier came to e4 with this action");
}

TEST_CASE("notes: a record without a Game tag written as another game's is one fault with a note",
          "[notes][game-tag]") {
    std::string text = sample_text("chessme/illegal-C7.2-king-steps-into-check.jgn");
    text = replaced(text, "[Game \"ChessMe\"]\n", "");
    jv::SourceFile source("record.jgn", text);
    const std::vector<jv::GameRecord> records = jv::test::read_all(source);
    REQUIRE(records.size() == 1);
    const jv::Referees referees(jv::test::catalog());
    jv::GameVerdict verdict;
    referees.referee(records[0], jv::RefereeRequest{}, verdict);
    REQUIRE(verdict.verdict == jv::Verdict::invalid_record);
    REQUIRE(verdict.faults.size() == 1);  // not one per turn
    const jv::Diagnostic& fault = verdict.faults[0].diagnostic;
    CHECK(where_at(text, fault.region.begin) == where(text, "Pd2-d3"));
    CHECK(fault.message ==
          "this record has no Game tag, so it is read as a record of Jelimvre, and it is not "
          "one; it reads as a record of ChessMe");
    REQUIRE(fault.notes.size() == 1);
    CHECK(where_at(text, fault.notes[0].region.begin) == where(text, "[Event"));
    CHECK(fault.notes[0].message ==
          "add the tag [Game \"ChessMe\"] to the record's tags to have it refereed as ChessMe");

    // A Jelimvre record that breaks Jelimvre's grammar reads as no other game: no suggestion.
    const std::string own = sample_text("invalid-record.jgn");
    jv::SourceFile own_source("own.jgn", own);
    const std::vector<jv::GameRecord> own_records = jv::test::read_all(own_source);
    bool suggested = false;
    for (const jv::GameRecord& record : own_records) {
        jv::GameVerdict v;
        referees.referee(record, jv::RefereeRequest{}, v);
        for (const jv::Fault& f : v.faults)
            suggested |= f.diagnostic.message.find("no Game tag") != std::string::npos;
    }
    CHECK_FALSE(suggested);

    // A misspelt Game tag names the nearest game.
    const std::string typo = replaced(sample_text("chessme/illegal-C7.2-king-steps-into-check.jgn"),
                                      "[Game \"ChessMe\"]", "[Game \"Chessme\"]");
    jv::SourceFile typo_source("typo.jgn", typo);
    const std::vector<jv::GameRecord> typo_records = jv::test::read_all(typo_source);
    jv::GameVerdict typo_verdict;
    referees.referee(typo_records[0], jv::RefereeRequest{}, typo_verdict);
    REQUIRE(typo_verdict.faults.size() == 1);
    CHECK_THAT(typo_verdict.faults[0].diagnostic.message,
               Catch::Matchers::EndsWith("; did you mean \"ChessMe\"?"));
}

TEST_CASE("notes I6.3, I4.2: the pawns at fault point at where they came from",
          "[notes][I6.3][I4.2][I6.7]") {
    const std::string slide = sample_text("imbriquation/illegal-I6.3-blocked-slide.jgn");
    const Judged s = judge_sample("Imbriquation", slide);
    REQUIRE(s.first().rule == "I6.3");
    REQUIRE(s.first().notes.size() == 1);
    CHECK(s.first().notes[0] ==
          where(slide, "c4 2.") + ": the dark pawn came to c4 with this action");

    const std::string between =
        sample_text("imbriquation/illegal-I4.2-placement-between-enemy-pawns.jgn");
    const Judged b = judge_sample("Imbriquation", between);
    REQUIRE(b.first().rule == "I4.2");
    REQUIRE(b.first().notes.size() == 2);
    CHECK(b.first().notes[0] ==
          where_last(between, "e4\n") + ": the dark pawn came to e4 with this action");
    CHECK(b.first().notes[1] ==
          where(between, "f7-e6") + ": the dark pawn came to e6 with this action");
}
