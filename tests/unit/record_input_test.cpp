// Reading records from every format (report/record_input.hpp): the format told by a text's first
// bytes, and the verdicts of a document's games, whose places are moved into the document.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "core/record.hpp"
#include "core/source.hpp"
#include "report/record_formats.hpp"
#include "report/record_input.hpp"
#include "support.hpp"

using jv::GameRecord;
using jv::GameVerdict;
using jv::RecordReader;
using jv::SourceFile;
using jv::report::record_format_of_text;
using jv::report::RecordFormat;
using jv::report::RecordInput;

namespace {

std::string file_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

// What must be the same in every format: verdict, first rule, turn, side, action, outcome.
std::string facts(const GameVerdict& verdict) {
    std::string out = std::string(jv::verdict_name(verdict.verdict));
    if (!verdict.faults.empty()) {
        const jv::Fault& f = verdict.faults.front();
        out += " rule=" + f.diagnostic.rule;
        out += " turn=" + (f.turn ? std::to_string(*f.turn) : std::string("-"));
        out += " side=" + std::string(f.side) + " action=" + std::string(f.action);
    }
    out += " result=" + std::string(jv::result_text(verdict.outcome.result)) +
           " reason=" + std::string(verdict.outcome.reason);
    return out;
}

}  // namespace

TEST_CASE("a text's format is told by its first bytes", "[record-input]") {
    CHECK(record_format_of_text("{\"games\": []}") == RecordFormat::json);
    CHECK(record_format_of_text("\n  \r\n{\n  \"games\" : [") == RecordFormat::json);
    CHECK(record_format_of_text("\xEF\xBB\xBF{\"games\":[]}") == RecordFormat::json);
    CHECK(record_format_of_text("[{\"games\": []}]") == RecordFormat::json);
    CHECK(record_format_of_text("[]") == RecordFormat::json);
    CHECK(record_format_of_text("[ 1, 2 ]") == RecordFormat::json);
    CHECK(record_format_of_text("---\ngames: []\n") == RecordFormat::yaml);
    CHECK(record_format_of_text("games:\n  - tags: []\n") == RecordFormat::yaml);
    CHECK(record_format_of_text("# a club's records\n\ngames: []\n") == RecordFormat::yaml);
    CHECK(record_format_of_text("%YAML 1.2\n---\n") == RecordFormat::yaml);
    // JGN starts with a tag or a comment: '[' or '{' alone do not make JSON.
    CHECK(record_format_of_text("[White \"Ana\"]\n") == RecordFormat::jgn);
    CHECK(record_format_of_text("  [ Event \"x\"]") == RecordFormat::jgn);
    CHECK(record_format_of_text("{ a comment }\n[White \"Ana\"]") == RecordFormat::jgn);
    CHECK(record_format_of_text("{\"quoted\" comment}\n[White \"Ana\"]") == RecordFormat::jgn);
    CHECK(record_format_of_text("; a line comment\n[White \"Ana\"]") == RecordFormat::jgn);
    CHECK(record_format_of_text("gamesx: 1") == RecordFormat::jgn);
    CHECK(record_format_of_text("") == RecordFormat::jgn);
    CHECK(record_format_of_text(" \n\t") == RecordFormat::jgn);
}

TEST_CASE("every sample's games read from YAML and JSON get the verdicts of their JGN",
          "[record-input]") {
    // Unlike convert, which refuses a file with an unreadable record, the documents are written
    // here from every game the outer JGN reader reads, invalid records of a game included.
    const jv::Referees referees(jv::test::catalog());
    std::vector<std::filesystem::path> samples;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(
             std::filesystem::path(JELIMVRE_SOURCE_DIR) / "samples"))
        if (entry.path().extension() == ".jgn") samples.push_back(entry.path());
    std::sort(samples.begin(), samples.end());
    REQUIRE(samples.size() >= 50);
    std::size_t invalid_games = 0;
    for (const auto& path : samples) {
        INFO(path.filename().string());
        SourceFile source(path.string(), file_text(path));
        std::vector<GameRecord> games = jv::test::read_all(source);
        std::erase_if(games, [](const GameRecord& g) { return !g.read_errors.empty(); });
        std::vector<std::string> expected;
        GameVerdict verdict;
        for (const GameRecord& game : games) {
            referees.referee(game, jv::RefereeRequest{}, verdict);
            expected.push_back(facts(verdict));
            if (verdict.verdict == jv::Verdict::invalid_record) ++invalid_games;
        }
        for (RecordFormat format : {RecordFormat::yaml, RecordFormat::json}) {
            const std::string text = format == RecordFormat::yaml
                                         ? jv::report::write_records_yaml(games)
                                         : jv::report::write_records_json(games);
            const RecordInput input("doc", text, format);
            REQUIRE(input.ok());
            REQUIRE(input.is_document());
            RecordReader reader(input.jgn());
            GameRecord record;
            std::size_t index = 0;
            while (reader.next(record)) {
                REQUIRE(index < expected.size());
                referees.referee(record, jv::RefereeRequest{}, verdict);
                input.locate(verdict);
                CHECK(facts(verdict) == expected[index]);
                // Every place is one of the document, on a line of it.
                for (const jv::Fault& f : verdict.faults) {
                    CHECK(f.diagnostic.region.end <= input.shown().size());
                    CHECK(f.diagnostic.message.rfind("games[", 0) == 0);
                }
                ++index;
            }
            CHECK(index == expected.size());
        }
    }
    CHECK(invalid_games >= 3);  // the samples' invalid records of a game, which convert refuses
}

TEST_CASE("a fault of a document's JGN points at the element's own characters", "[record-input]") {
    const std::string yaml =
        "games:\n"
        "  - tags: [{name: White, value: Ana}, {name: Black, value: Bo}, {name: Result, value: "
        "\"*\"}]\n"
        "    turns:\n"
        "      - number: 0\n"
        "        actions: [{text: K@f1}]\n"
        "    result: \"*\"\n";
    const RecordInput input("doc.yaml", yaml, RecordFormat::yaml);
    REQUIRE(input.ok());
    // The action's text in the JGN, and a region inside it ("f1").
    const std::string_view jgn = input.jgn().text();
    const std::size_t found = jgn.find("K@f1");
    REQUIRE(found != std::string_view::npos);
    const auto at = static_cast<std::uint32_t>(found);
    const jv::SourceRegion located = input.locate(jv::SourceRegion{at + 2, at + 4});
    CHECK(input.shown().slice(located) == "f1");
    CHECK(input.shown().line_column(located.begin).line == 5);
    // A tag's value.
    const auto value = static_cast<std::uint32_t>(jgn.find("\"Bo\"") + 1);
    const jv::SourceRegion in_value = input.locate(jv::SourceRegion{value, value + 2});
    CHECK(input.shown().slice(in_value) == "Bo");

    // JSON: the same, the text found after its quote.
    const std::string json =
        "{\"games\": [{\"tags\": [{\"name\": \"White\", \"value\": \"Ana\"}],\n"
        " \"turns\": [{\"number\": 0, \"actions\": [{\"text\": \"K@f1\"}]}],\n"
        " \"result\": \"*\"}]}\n";
    const RecordInput from_json("doc.json", json, RecordFormat::json);
    REQUIRE(from_json.ok());
    const std::string_view jgn2 = from_json.jgn().text();
    const auto at2 = static_cast<std::uint32_t>(jgn2.find("K@f1"));
    const jv::SourceRegion located2 = from_json.locate(jv::SourceRegion{at2, at2 + 4});
    CHECK(from_json.shown().slice(located2) == "K@f1");
    CHECK(from_json.shown().line_column(located2.begin).line == 2);
}

TEST_CASE("a JSON document's shape faults are placed at the faulty value", "[record-input]") {
    const std::string json =
        "{\"games\": [\n  {\"tags\": [{\"name\": \"White\", \"value\": null}],\n"
        "   \"turns\": [], \"result\": \"*\"}]}\n";
    const RecordInput input("doc.json", json, RecordFormat::json);
    REQUIRE_FALSE(input.ok());
    REQUIRE(input.faults().size() == 1);
    const jv::report::DocumentFault& fault = input.faults()[0];
    CHECK(fault.located);
    const jv::LineColumn at = input.shown().line_column(fault.diagnostic.region.begin);
    CHECK(at.line == 2);
    CHECK(at.column == 40);
    CHECK(fault.diagnostic.message == "games[0].tags[0].value: expected a string, found null");
}
