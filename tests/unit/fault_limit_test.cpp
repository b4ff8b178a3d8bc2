// Records made to overwhelm the report: a verdict keeps the first max_reported_faults faults of
// a game and counts the others, and the JSON tags of a record stay in order, whatever their
// number and repetitions.
#include <string>

#include <catch2/catch.hpp>

#include "core/game.hpp"
#include "core/record.hpp"
#include "core/source.hpp"
#include "games/jelimvre/referee.hpp"
#include "report/verdict_report.hpp"

using namespace jv;

namespace {

GameVerdict referee_first(const SourceFile& source, GameRecord& record) {
    RecordReader reader(source);
    REQUIRE(reader.next(record));
    GameVerdict verdict;
    jel::Referee().referee(record, RefereeRequest{}, verdict);
    return verdict;
}

const std::string tags = "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n";

}  // namespace

TEST_CASE("a verdict keeps the first faults of a game and counts the others", "[faults]") {
    std::string text = tags + "0. K@f1";
    for (int i = 0; i < 150; ++i) text += ",Xx" + std::to_string(i);
    text += " *\n";
    SourceFile source("t.jgn", text);
    GameRecord record;
    GameVerdict verdict = referee_first(source, record);
    CHECK(verdict.verdict == Verdict::invalid_record);
    REQUIRE(verdict.faults.size() == max_reported_faults);
    CHECK(verdict.unreported_faults == 150 - max_reported_faults);
    CHECK(verdict.faults.front().diagnostic.message.starts_with("'Xx0' is not a Jelimvre action"));
    CHECK(verdict.faults.back().diagnostic.message.starts_with("'Xx99' is not a Jelimvre action"));

    report::GameReport game{source, record, verdict};
    const std::string shown = report::format_text(game);
    CHECK(shown.find("  first fault: line 4, column 9 (reading); 150 faults in all, the first 100 "
                     "shown\n") != std::string::npos);
    CHECK(shown.find("'Xx99'") != std::string::npos);
    CHECK(shown.find("'Xx100'") == std::string::npos);
    nlohmann::ordered_json json = report::to_json(game);
    CHECK(json["errors"].size() == max_reported_faults);
    CHECK(json["unreported_errors"] == 50);
}

TEST_CASE("a setup of a thousand placements reports its first faults only", "[faults]") {
    std::string text = tags + "0. K@f1";
    for (int i = 0; i < 1000; ++i) text += ",W@c5";
    text += "\n0... K@f11 *\n";
    SourceFile source("t.jgn", text);
    GameRecord record;
    GameVerdict verdict = referee_first(source, record);
    CHECK(verdict.verdict == Verdict::illegal);
    CHECK(verdict.faults.size() == max_reported_faults);
    CHECK(verdict.faults.size() + verdict.unreported_faults > 1000);
    CHECK(verdict.faults.front().diagnostic.rule == "J3.2");
}

TEST_CASE("a game with few faults has no count of unreported ones", "[faults]") {
    SourceFile source("t.jgn", tags + "0. Xx1,Xx2 *\n");
    GameRecord record;
    GameVerdict verdict = referee_first(source, record);
    CHECK(verdict.faults.size() == 2);
    CHECK(verdict.unreported_faults == 0);
    report::GameReport game{source, record, verdict};
    CHECK_FALSE(report::to_json(game).contains("unreported_errors"));
    CHECK(report::format_text(game).find("; 2 faults in all\n") != std::string::npos);
}

TEST_CASE("JSON tags keep their order, and a name given twice its first place and last value",
          "[faults]") {
    std::string text;
    for (int i = 0; i < 3000; ++i) text += "[T" + std::to_string(i) + " \"v\"]\n";
    text += "[T1 \"again\"]\n[T0 \"last\"]\n*\n";
    SourceFile source("t.jgn", text);
    RecordReader reader(source);
    GameRecord record;
    REQUIRE(reader.next(record));
    nlohmann::ordered_json json = report::tags_to_json(record);
    REQUIRE(json.size() == 3000);
    auto it = json.begin();
    CHECK(it.key() == "T0");
    CHECK(it.value() == "last");
    ++it;
    CHECK(it.key() == "T1");
    CHECK(it.value() == "again");
    std::string last;
    for (const auto& item : json.items()) last = item.key();
    CHECK(last == "T2999");
}
