// The canonical JGN writer (core/record_writer.hpp) and the JSON and YAML record documents
// (report/record_formats.hpp): every sample survives JGN -> YAML -> JSON -> JGN byte for byte,
// canonical text is a fixed point, and faulty documents are reported with their location.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/record.hpp"
#include "core/record_writer.hpp"
#include "core/source.hpp"
#include "report/record_formats.hpp"
#include "support.hpp"

using jv::GameRecord;
using jv::RecordReader;
using jv::SourceFile;
using jv::report::RecordDocument;
using jv::report::RecordFormat;

namespace {

using jv::test::jgn_of;
using jv::test::read_all;

// The games the outer layer reads without a fault (a sample may hold unreadable games).
std::vector<GameRecord> readable(const SourceFile& source) {
    std::vector<GameRecord> games = read_all(source);
    games.erase(std::remove_if(games.begin(), games.end(),
                               [](const GameRecord& g) { return !g.read_errors.empty(); }),
                games.end());
    return games;
}

std::string file_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

struct Counts {
    std::size_t games = 0, turns = 0, actions = 0, glyphs = 0, comments = 0, tags = 0;
    friend bool operator==(const Counts&, const Counts&) = default;
};

Counts count(const std::vector<GameRecord>& games) {
    Counts c;
    for (const GameRecord& g : games) {
        ++c.games;
        c.turns += g.turns.size();
        c.actions += g.actions.size();
        c.glyphs += g.glyphs.size();
        c.comments += g.comments.size();
        c.tags += g.tags.size();
    }
    return c;
}

// The rendered errors of a faulty document.
std::string errors_of(const std::string& text, RecordFormat format) {
    SourceFile document("doc", text);
    RecordDocument parsed(document, format);
    REQUIRE_FALSE(parsed.ok());
    std::string out;
    for (const std::string& e : parsed.errors()) out += e;
    return out;
}

// The first line of errors_of, without its line and column: "doc: error: ...\n".
std::string unplaced_errors_of(const std::string& text, RecordFormat format) {
    std::string e = errors_of(text, format);
    e = e.substr(0, e.find('\n') + 1);
    const std::size_t error = e.find(": error: ");
    return "doc" + e.substr(error);
}

}  // namespace

TEST_CASE("every sample survives JGN -> YAML -> JSON -> JGN byte for byte", "[record-formats]") {
    std::vector<std::filesystem::path> samples;
    // Every game's samples: samples/ and its folders (samples/chessme/ …).
    for (const auto& entry : std::filesystem::recursive_directory_iterator(
             std::filesystem::path(JELIMVRE_SOURCE_DIR) / "samples"))
        if (entry.path().extension() == ".jgn") samples.push_back(entry.path());
    std::sort(samples.begin(), samples.end());
    REQUIRE(samples.size() >= 50);
    for (const auto& path : samples) {
        INFO(path.filename().string());
        SourceFile source(path.string(), file_text(path));
        std::vector<GameRecord> original = readable(source);
        REQUIRE_FALSE(original.empty());
        const std::string canonical = jv::write_jgn(original);

        // Canonical text is a fixed point of reading and writing.
        SourceFile again("canonical", canonical);
        std::vector<GameRecord> reread = read_all(again);
        for (const GameRecord& g : reread) REQUIRE(g.read_errors.empty());
        CHECK(jv::write_jgn(reread) == canonical);
        CHECK(count(reread) == count(original));

        // JGN -> YAML -> JSON -> JGN.
        const std::string yaml = jv::report::write_records_yaml(reread);
        SourceFile from_yaml("from-yaml", jgn_of(yaml, RecordFormat::yaml));
        CHECK(from_yaml.text() == canonical);
        std::vector<GameRecord> yaml_games = read_all(from_yaml);
        CHECK(count(yaml_games) == count(original));
        const std::string json = jv::report::write_records_json(yaml_games);
        SourceFile from_json("from-json", jgn_of(json, RecordFormat::json));
        std::vector<GameRecord> json_games = read_all(from_json);
        CHECK(count(json_games) == count(original));
        CHECK(jv::write_jgn(json_games) == canonical);
        // And the documents themselves are stable.
        CHECK(jv::report::write_records_yaml(json_games) == yaml);
        CHECK(jv::report::write_records_json(json_games) == json);
    }
}

TEST_CASE("the writer puts every comment and glyph back in its place", "[record-formats]") {
    const std::string lax =
        "; before the tags\n"
        "[White \"A \\\"B\\\" \\\\ C\"] { after White }\n"
        "[Zed \"z\"]\n"
        "[Event \"E\"] ; after Event }\n"
        "[Result \"*\"] [Black \"B\"]\n"
        "\n"
        "0. { before the setup } K@f1 !? $014 ,   W@c5 ?! { one }  { two\r\n  lines   }\n"
        ",W@d5! ? 0... K@f11 ; a } in it\n"
        "1. { c } Se2-e4 Sd10-d8 {last}  {  } 1-0 { after }\n";
    SourceFile source("lax", lax);
    std::vector<GameRecord> games = read_all(source);
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].read_errors.empty());
    const std::string canonical = jv::write_jgn(games);
    CHECK(canonical ==
          "{ before the tags }\n"
          "[Event \"E\"] ; after Event }\n"
          "[White \"A \\\"B\\\" \\\\ C\"] { after White }\n"
          "[Black \"B\"]\n"
          "[Result \"*\"]\n"
          "[Zed \"z\"]\n"
          "\n"
          "0. { before the setup } K@f1!? $14,W@c5?! { one } { two\n  lines },W@d5! ?\n"
          "0... K@f11 ; a } in it\n"
          "1. { c } Se2-e4\n"
          "1... Sd10-d8\n"
          "{ last }\n"
          "{ }\n"
          "1-0\n"
          "{ after }\n");
    SourceFile again("canonical", canonical);
    std::vector<GameRecord> reread = read_all(again);
    REQUIRE(reread[0].read_errors.empty());
    CHECK(jv::write_jgn(reread) == canonical);
    CHECK(count(reread) == count(games));
    CHECK(jgn_of(jv::report::write_records_json(reread), RecordFormat::json) == canonical);
    CHECK(jgn_of(jv::report::write_records_yaml(reread), RecordFormat::yaml) == canonical);
}

TEST_CASE("a semicolon comment that breaks a turn's line goes on indented", "[record-formats]") {
    SourceFile source("t", "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n0. W@c5 ; x}\n,W@d5 *\n");
    std::vector<GameRecord> games = read_all(source);
    REQUIRE(games[0].read_errors.empty());
    const std::string canonical = jv::write_jgn(games);
    CHECK(canonical ==
          "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n0. W@c5 ; x}\n    ,W@d5\n*\n");
    SourceFile again("again", canonical);
    CHECK(jv::write_jgn(read_all(again)) == canonical);
}

TEST_CASE("a number left out before a second player's turn is written", "[record-formats]") {
    SourceFile source("t",
                      "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n0. K@f1 K@f11 1. Se2-e4 "
                      "Sd10-d8 *\n");
    std::vector<GameRecord> games = read_all(source);
    CHECK(jv::write_jgn(games) ==
          "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n0. K@f1\n0... K@f11\n1. Se2-e4\n1... "
          "Sd10-d8\n*\n");
    // The document keeps the record as written: a left-out number is null.
    const std::string json = jv::report::write_records_json(games);
    CHECK(json.find("\"number\": null") != std::string::npos);
}

TEST_CASE("a number written with the other side's dots survives every format", "[record-formats]") {
    SourceFile source("t", "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n0... K@f1 0. K@f11 *\n");
    std::vector<GameRecord> games = read_all(source);
    const std::string canonical = jv::write_jgn(games);
    CHECK(canonical.find("0... K@f1\n0. K@f11\n") != std::string::npos);
    const std::string yaml = jv::report::write_records_yaml(games);
    CHECK(yaml.find("dots:") != std::string::npos);
    CHECK(jgn_of(yaml, RecordFormat::yaml) == canonical);
    CHECK(jgn_of(jv::report::write_records_json(games), RecordFormat::json) == canonical);
}

TEST_CASE("faulty JSON documents are reported with a place", "[record-formats]") {
    SECTION("syntax: line and column from nlohmann's byte position") {
        std::string e = errors_of("{\"games\": [\n  {\"tags\": [}\n", RecordFormat::json);
        CHECK(e.rfind("doc:2:13: error: this is not JSON: syntax error", 0) == 0);
        CHECK(e.find("    2 |   {\"tags\": [}\n") != std::string::npos);
    }
    SECTION("shape: a path, at the faulty value") {
        CHECK(errors_of("[]", RecordFormat::json).rfind("doc:1:1: error: the document:", 0) == 0);
        CHECK(errors_of("{\"games\": [{\"tags\": [], \"turns\": []}]}", RecordFormat::json)
                  .rfind("doc:1:12: error: games[0]: the field 'result' is missing\n", 0) == 0);
        CHECK(errors_of("{\"games\": [{\"tags\": [], \"turns\": [], \"result\": \"2-0\"}]}",
                        RecordFormat::json)
                  .rfind("doc:1:48: error: games[0].result:", 0) == 0);
        CHECK(unplaced_errors_of("[]", RecordFormat::json) ==
              "doc: error: the document: expected an object, found an array\n");
        CHECK(unplaced_errors_of("{\"games\": [{\"tags\": [], \"turns\": []}]}",
                                 RecordFormat::json) ==
              "doc: error: games[0]: the field 'result' is missing\n");
        CHECK(unplaced_errors_of(
                  "{\"games\": [{\"tags\": [], \"turns\": [{\"number\": 0, \"actions\": "
                  "[{\"text\": \"K@f1\"}, {\"text\": 7}]}], \"result\": \"*\"}]}",
                  RecordFormat::json) ==
              "doc: error: games[0].turns[0].actions[1].text: expected a string, found a number\n");
        CHECK(unplaced_errors_of(
                  "{\"games\": [{\"tags\": [{\"name\": \"White\", \"value\": \"a\\nb\"}], "
                  "\"turns\": [], \"result\": \"*\"}]}",
                  RecordFormat::json) ==
              "doc: error: games[0].tags[0].value: a tag value cannot hold a line end\n");
        CHECK(unplaced_errors_of(
                  "{\"games\": [{\"tags\": [], \"turns\": [{\"number\": -1, \"actions\": "
                  "[{\"text\": \"K@f1\"}]}], \"result\": \"*\"}]}",
                  RecordFormat::json)
                  .rfind("doc: error: games[0].turns[0].number: a turn number is a whole number",
                         0) == 0);
        CHECK(unplaced_errors_of(
                  "{\"games\": [{\"tags\": [], \"turns\": [{\"number\": 0, \"actions\": "
                  "[{\"text\": \"K@f1 K@f2\"}]}], \"result\": \"*\"}]}",
                  RecordFormat::json) ==
              "doc: error: games[0].turns[0].actions[0].text: an action is one word: it cannot "
              "hold ' '\n");
        CHECK(unplaced_errors_of("{\"games\": [], \"extra\": 1}", RecordFormat::json) ==
              "doc: error: extra: unknown field 'extra' (the fields here are: games)\n");
        CHECK(
            unplaced_errors_of("{\"games\": [{\"tags\": [], \"turns\": [], \"result\": \"2-0\"}]}",
                               RecordFormat::json) ==
            "doc: error: games[0].result: a result is \"1-0\", \"0-1\", \"1/2-1/2\" or \"*\", "
            "not \"2-0\"\n");
    }
}

TEST_CASE("faulty YAML documents are reported at file:line:col", "[record-formats]") {
    SECTION("syntax: yaml-cpp's mark") {
        std::string e = errors_of("games: [ {tags: [}\n", RecordFormat::yaml);
        CHECK(e.rfind("doc:1:18: error: ", 0) == 0);
    }
    SECTION("shape: the mark of the faulty node, and its path") {
        std::string e = errors_of(
            "games:\n  - tags: []\n    turns:\n      - number: x\n"
            "        actions: [{text: K@f1}]\n    result: \"*\"\n",
            RecordFormat::yaml);
        CHECK(e.rfind("doc:4:17: error: games[0].turns[0].number: a turn number", 0) == 0);
        e = errors_of("games:\n  - tags: []\n    turns: []\n", RecordFormat::yaml);
        CHECK(e.rfind("doc:2:5: error: games[0]: the field 'result' is missing", 0) == 0);
        e = errors_of(
            "games:\n  - tags: [{name: White, value: ~}]\n    turns: []\n    result: "
            "\"*\"\n",
            RecordFormat::yaml);
        CHECK(e.rfind("doc:2:33: error: games[0].tags[0].value: expected a string, found null",
                      0) == 0);
    }
    SECTION("faults of the JGN written from it are told at the document's element") {
        SourceFile document("doc",
                            "games:\n  - tags: [{name: White, value: A}, {name: White, "
                            "value: B}]\n    turns: []\n    result: \"*\"\n");
        RecordDocument parsed(document, RecordFormat::yaml);
        REQUIRE(parsed.ok());
        SourceFile jgn("doc", parsed.jgn());
        std::vector<GameRecord> games = read_all(jgn);
        REQUIRE(games.size() == 1);
        REQUIRE(games[0].read_errors.size() == 1);
        // At the second tag's name, the faulty text itself.
        CHECK(parsed.explain(games[0].read_errors[0])
                  .rfind("doc:2:44: error: games[0].tags[1]: tag White is given twice", 0) == 0);
    }
}
