// Streaming: a long input read in pieces of whole games gives the same games, with the same
// lines, as reading it at once; cuts never fall inside a game or a comment.
#include <cstdio>
#include <filesystem>
#include <fstream>

#include <catch2/catch.hpp>

#include "core/record.hpp"
#include "core/record_stream.hpp"

using namespace jv;

TEST_CASE("stream: where a piece may end", "[stream]") {
    CHECK(last_game_start("") == 0);
    CHECK(last_game_start("[White \"a\"]\n[Black \"b\"]\n1. x *\n") == 0);
    std::string two = "[White \"a\"]\n1. x *\n\n[White \"b\"]\n1. y *\n";
    CHECK(last_game_start(two) == two.find("[White \"b\"]"));
    // Not before a tag that follows a tag (the same game's tag section).
    std::string tags = "[White \"a\"]\n1. x *\n[White \"b\"]\n[Black \"c\"]\n";
    CHECK(last_game_start(tags) == tags.find("[White \"b\"]"));
    // Not inside a comment that spans lines.
    std::string comment = "[White \"a\"]\n1. x {\n[not a tag\n} *\n[White \"b\"]\n1. y *\n";
    CHECK(last_game_start(comment) == comment.find("[White \"b\"]"));
    std::string open = "[White \"a\"]\n1. x { never closed\n[White \"b\"]\n1. y *\n";
    CHECK(last_game_start(open) == 0);
    // Not on the last line, which may be cut short.
    CHECK(last_game_start("[White \"a\"]\n1. x *\n[Whi") == 0);
}

TEST_CASE("stream: pieces give the same games and lines as a whole read", "[stream]") {
    std::string text;
    for (int i = 0; i < 300; ++i)
        text += "[White \"w" + std::to_string(i) +
                "\"]\n[Black \"b\"]\n[Result \"*\"]\n"
                "{ a comment\n[that looks like a tag\n}\n1. Se2-e4 *\n\n";
    auto path = std::filesystem::temp_directory_path() / "jelimvre-stream-test.jgn";
    std::ofstream(path) << text;

    SourceFile whole("x.jgn", text);
    RecordReader all(whole);
    GameRecord record;
    std::vector<std::pair<std::string, std::uint32_t>> expected;  // White, line of its first action
    while (all.next(record))
        expected.emplace_back(record.tag_value("White"),
                              whole.line_column(record.actions[0].region.begin).line);

    std::string error;
    GameStream stream(path.string(), "x.jgn", error, 1000);  // tiny blocks: many pieces
    REQUIRE(error.empty());
    std::vector<std::pair<std::string, std::uint32_t>> got;
    int pieces = 0;
    while (auto piece = stream.next(error)) {
        ++pieces;
        RecordReader reader(*piece);
        while (reader.next(record)) {
            CHECK(record.read_errors.empty());
            got.emplace_back(record.tag_value("White"),
                             piece->line_column(record.actions[0].region.begin).line);
        }
    }
    CHECK(error.empty());
    CHECK(pieces > 10);
    CHECK(got == expected);
    std::filesystem::remove(path);
}
