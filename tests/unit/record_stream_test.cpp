// Streaming: a long input read in pieces of whole games gives the same games, with the same
// lines, as reading it at once; cuts never fall inside a game or a comment.
#include <algorithm>
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

TEST_CASE("stream: a text scanned as it grows gives the cut of a whole scan", "[stream]") {
    std::string text;
    for (int i = 0; i < 40; ++i)
        text += "[White \"w" + std::to_string(i) +
                "\"]\n[Black \"b\"]\n\n{ a comment\n[that looks like a tag\n} 1. Se2-e4 "
                "; { not opened\n1... Se10-e9 {x} *\n\n";
    // Grown by 1, 7 and 100 bytes at a time, cut after every step as the stream does.
    for (std::size_t step : {1, 7, 100}) {
        GameCutScanner scanner;
        std::string grown;
        std::size_t dropped = 0;
        std::uint32_t dropped_lines = 0;
        for (std::size_t at = 0; at < text.size(); at += step) {
            grown += text.substr(at, step);
            scanner.scan(grown);
            const std::string_view whole(text.data(), dropped + grown.size());
            CHECK(scanner.cut() + dropped == std::max(last_game_start(whole), dropped));
            if (scanner.cut() > 0 && grown.size() > 300) {
                CHECK(scanner.lines_before_cut() ==
                      std::count(grown.begin(), grown.begin() + static_cast<long>(scanner.cut()),
                                 '\n'));
                dropped += scanner.cut();
                dropped_lines += scanner.lines_before_cut();
                grown.erase(0, scanner.cut());
                scanner.drop_before_cut();
            }
        }
        CHECK(dropped_lines + scanner.lines_scanned() ==
              std::count(text.begin(), text.end(), '\n'));
        CHECK(dropped > 0);
    }
    // A '[' right after a comment closes is not at a line start, so no game starts there.
    CHECK(last_game_start("[White \"a\"]\n1. x {\n}[White \"b\"]\n1. y *\n") == 0);
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
