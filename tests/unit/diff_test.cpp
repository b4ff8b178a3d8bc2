// jelimvre diff without the command line: two score sheets of one game compared turn by turn
// (report/diff_report.hpp).
#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "core/record.hpp"
#include "core/source.hpp"
#include "report/diff_report.hpp"
#include "support.hpp"

using jv::GameRecord;
using jv::RecordReader;
using jv::SourceFile;
using jv::Verdict;
using jv::report::DiffReport;
using jv::report::Sheet;
using jv::report::SheetDiff;

namespace {

// A sheet read from text: the source and the first game's record, kept together.
struct TestSheet {
    SourceFile source;
    GameRecord record;

    TestSheet(std::string path, std::string text) : source(std::move(path), std::move(text)) {
        RecordReader reader(source);
        REQUIRE(reader.next(record));
        REQUIRE(jv::report::sheet_reading_faults(jv::test::catalog(), record).empty());
    }
    Sheet sheet() const { return Sheet{source, record}; }
};

const jv::Game& jelimvre() {
    return jv::test::catalog().default_game();
}

// The name the diff gives the record's k-th turn.
std::string ply_name(std::size_t k) {
    return jelimvre().turn_name(jelimvre().turn_id(GameRecord{}, k));
}

SheetDiff diff(const TestSheet& a, const TestSheet& b) {
    const jv::Referees referees(jv::test::catalog());
    return jv::report::diff_sheets(a.sheet(), b.sheet(), referees.rules_of(jelimvre()));
}

std::string text_of(const TestSheet& a, const TestSheet& b, const SheetDiff& d) {
    Sheet sa = a.sheet();
    Sheet sb = b.sheet();
    return jv::report::format_diff_text(DiffReport{sa, sb, d, jelimvre()});
}

}  // namespace

TEST_CASE("diff: sheets written differently but reading the same are identical", "[diff]") {
    TestSheet a("a.jgn", jv::test::game_text("1. Se2-e4 Sd10-d8\n2. Sd2-d4 Se10-e9"));
    TestSheet b("b.jgn", jv::test::game_text("1. Se2-e4 { mine } 1... Sd10-d8 2. Sd2-d4 ; note\n"
                                             "2... Se10-e9 !?"));
    SheetDiff d = diff(a, b);
    CHECK(d.identical());
    CHECK_FALSE(d.diverge);
    CHECK(d.agreed_turns == 6);
    CHECK(d.common_verdict == Verdict::legal);
    CHECK(text_of(a, b, d).find("identical sheets: 6 turns, result *") != std::string::npos);
}

TEST_CASE("diff: a White turn read two legal ways", "[diff]") {
    TestSheet a("a.jgn", jv::test::game_text("1. Se2-e4 Sd10-d8\n2. Sd2-d4 Se10-e9"));
    TestSheet b("b.jgn", jv::test::game_text("1. Se2-e4 Sd10-d8\n2. Sd2-d3 Se10-e9"));
    SheetDiff d = diff(a, b);
    REQUIRE(d.diverge);
    CHECK(*d.diverge == 4);
    CHECK(ply_name(*d.diverge) == "turn 2, White");
    CHECK(d.agreed_turns == 4);
    CHECK(d.a.text == "Sd2-d4");
    CHECK(d.b.text == "Sd2-d3");
    CHECK(d.a.verdict == "legal");
    CHECK(d.b.verdict == "legal");
    CHECK(b.source.line_column(d.b.region.begin).line == 10);
    CHECK(b.source.line_column(d.b.region.begin).column == 4);
    CHECK(d.position.find("side=w|turn=2") != std::string::npos);
    CHECK_FALSE(d.identical());
    std::string text = text_of(a, b, d);
    CHECK(
        text.find("first difference: turn 2, White (the sheets agree on the 4 turns before it)") !=
        std::string::npos);
    CHECK(text.find("  B b.jgn:10:4: 2. Sd2-d3: legal\n") != std::string::npos);
}

TEST_CASE("diff: one reading breaks a rule", "[diff]") {
    TestSheet a("a.jgn", jv::test::game_text("1. Se2-e4 Sd10-d8"));
    TestSheet b("b.jgn", jv::test::game_text("1. Se2-e4 Sd10-d6"));
    SheetDiff d = diff(a, b);
    REQUIRE(d.diverge);
    CHECK(ply_name(*d.diverge) == "turn 1, Black");
    CHECK(d.a.verdict == "legal");
    CHECK(d.b.verdict == "illegal");
    CHECK(d.b.rule == "J7.1");
    CHECK(text_of(a, b, d).find("Sd10-d6: illegal: J7.1: ") != std::string::npos);
}

TEST_CASE("diff: text that is not an action is compared as written", "[diff]") {
    TestSheet a("a.jgn", jv::test::game_text("1. Se2-e4 Sd10-d8"));
    TestSheet b("b.jgn", jv::test::game_text("1. Se2-e4 Sd10-dd"));
    SheetDiff d = diff(a, b);
    REQUIRE(d.diverge);
    CHECK(d.b.text == "Sd10-dd");
    CHECK(d.b.canonical == "Sd10-dd");
    CHECK(d.b.verdict == "unreadable");
    CHECK_FALSE(d.b.message.empty());
    CHECK(d.a.verdict == "legal");
}

TEST_CASE("diff: one sheet stops early", "[diff]") {
    TestSheet a("a.jgn", jv::test::game_text("1. Se2-e4 Sd10-d8\n2. Sd2-d4"));
    TestSheet b("b.jgn", jv::test::game_text("1. Se2-e4 Sd10-d8"));
    SheetDiff d = diff(a, b);
    REQUIRE(d.diverge);
    CHECK(*d.diverge == 4);
    CHECK(d.stops == "B stops after 1...");
    CHECK(d.a.present);
    CHECK(d.a.verdict == "legal");
    CHECK_FALSE(d.b.present);
    CHECK(d.b.at_result);
    SheetDiff reverse = diff(b, a);
    CHECK(reverse.stops == "A stops after 1...");
    CHECK(reverse.b.verdict == "legal");
}

TEST_CASE("diff: the setups differ", "[diff]") {
    std::string setup(jv::test::standard_setup);
    std::string other = setup;
    other.replace(other.find("Q@e1,K@f1"), 9, "Q@e3,K@f1");
    std::string tags = "[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n\n";
    TestSheet a("a.jgn", tags + setup + "*\n");
    TestSheet b("b.jgn", tags + other + "*\n");
    SheetDiff d = diff(a, b);
    REQUIRE(d.diverge);
    CHECK(*d.diverge == 0);
    CHECK(ply_name(0) == "turn 0 (setup), White");
    CHECK(d.a.verdict == "legal");
    CHECK(d.b.verdict == "illegal");
    CHECK(d.b.rule == "J3.2");
}

TEST_CASE("diff: sheets that agree up to a fault", "[diff]") {
    TestSheet a("a.jgn", jv::test::game_text("1. Se2-e5 Sd10-d8"));
    TestSheet b("b.jgn", jv::test::game_text("1. Se2-e5 Sd10-d9"));
    SheetDiff d = diff(a, b);
    REQUIRE(d.diverge);
    CHECK(d.common_verdict == Verdict::illegal);
    REQUIRE(d.common_fault);
    CHECK(d.common_fault->diagnostic.rule == "J7.1");
    CHECK(d.a.verdict == "not-judged");
    CHECK(d.b.verdict == "not-judged");
    std::string text = text_of(a, b, d);
    CHECK(text.find("the sheets agree up to a fault") != std::string::npos);
    CHECK(text.find("a.jgn:9:4: error: J7.1: ") != std::string::npos);
}

TEST_CASE("diff: tags and result", "[diff]") {
    TestSheet a("a.jgn", "[White \"Ana\"]\n[Black \"Bruno\"]\n[Result \"*\"]\n[Round \"1\"]\n\n" +
                             std::string(jv::test::standard_setup) + "*\n");
    TestSheet b("b.jgn",
                "[White \"Anna\"]\n[Black \"Bruno\"]\n[Result \"1-0\"]\n[Site \"Lyon\"]\n\n" +
                    std::string(jv::test::standard_setup) + "1-0\n");
    SheetDiff d = diff(a, b);
    CHECK_FALSE(d.diverge);
    CHECK(d.result_differs);
    REQUIRE(d.tags.size() == 4);
    CHECK(d.tags[0].name == "White");
    CHECK(*d.tags[0].b == "Anna");
    CHECK(d.tags[1].name == "Result");
    CHECK(d.tags[2].name == "Round");
    CHECK_FALSE(d.tags[2].b);
    CHECK(d.tags[3].name == "Site");
    CHECK_FALSE(d.tags[3].a);
    CHECK_FALSE(d.identical());
    std::string text = text_of(a, b, d);
    CHECK(text.find("note: tag White differs: A \"Ana\", B \"Anna\"") != std::string::npos);
    CHECK(text.find("note: result differs: A * (a.jgn:") != std::string::npos);

    Sheet sa = a.sheet();
    Sheet sb = b.sheet();
    nlohmann::ordered_json json = jv::report::diff_to_json(DiffReport{sa, sb, d, jelimvre()});
    CHECK(json["identical"] == false);
    CHECK(json["difference"].is_null());
    CHECK(json["result"]["differ"] == true);
    CHECK(json["tags"][2]["b"].is_null());
}

TEST_CASE("diff: a sheet without turn numbers or required tags cannot be compared", "[diff]") {
    SourceFile source("x.jgn", "[White \"W\"]\n[Result \"*\"]\n\n0. K@f1 K@f11 Se2-e4 *\n");
    RecordReader reader(source);
    GameRecord record;
    REQUIRE(reader.next(record));
    auto faults = jv::report::sheet_reading_faults(jv::test::catalog(), record);
    REQUIRE_FALSE(faults.empty());
}
