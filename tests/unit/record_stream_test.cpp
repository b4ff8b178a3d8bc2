// Streaming: a long input read in pieces of whole games gives the same games, with the same
// lines, as reading it at once; cuts never fall inside a game or a comment.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/record.hpp"
#include "core/record_stream.hpp"
#include "core/text.hpp"

using namespace jv;

// The reading faults of every game of a source, as headlines (file:line:col: error: ...).
static std::vector<std::string> reading_faults(const SourceFile& source) {
    std::vector<std::string> out;
    RecordReader reader(source);
    GameRecord record;
    while (reader.next(record))
        for (const Diagnostic& d : record.read_errors)
            out.push_back(render_diagnostic_headline(source, d));
    return out;
}

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
    // Not between tags with comments between them: one tag section (found by fuzz_jgn_reader).
    std::string remark = two.substr(0, two.find("[White \"b\"]")) +
                         "[White \"b\"]\n; a remark\n{ and\nanother }\n[Black \"c\"]\n1. y *\n";
    CHECK(last_game_start(remark) == remark.find("[White \"b\"]"));
    // Not on a line where a comment ends, even before a tag.
    std::string closing = "[White \"a\"]\n1. x {\n}[White \"b\"]\n1. y *\n";
    CHECK(last_game_start(closing) == 0);
    // Not on the last line, which may be cut short.
    CHECK(last_game_start("[White \"a\"]\n1. x *\n[Whi") == 0);
}

TEST_CASE("stream: comments and tags decide where a piece may end", "[stream]") {
    // A comment line between two tags leaves them in one game's tag section.
    CHECK(last_game_start(
              "[White \"a\"]\n1. x *\n[White \"b\"]\n{ c }\n; d\n[Black \"c\"]\n1. y *\n") ==
          std::string_view("[White \"a\"]\n1. x *\n").size());
    // So does a comment that a tag line opens and a later line closes.
    std::string spanning = "[White \"a\"] { a comment\n1. x *\n}\n[Black \"b\"]\n1. y *\n";
    CHECK(last_game_start(spanning) == 0);
    // '{' and ';' inside a tag's value open no comment.
    std::string quoted = "[White \"{ \\\" ;\"]\n1. x *\n[White \"b\"]\n1. y *\n";
    CHECK(last_game_start(quoted) == quoted.find("[White \"b\"]"));
    // A whole game on each line: a tag followed by movetext is not a tag section's last word.
    std::string lines = "[White \"a\"] 1. x *\n[White \"b\"] 1. y *\n[White \"c\"] 1. z *\n";
    CHECK(last_game_start(lines) == lines.find("[White \"c\"]"));
    // A '[' after the end of a comment does not start its line.
    std::string after_comment = "[White \"a\"]\n1. x { c\n} [White \"b\"]\n1. y *\n";
    CHECK(last_game_start(after_comment) == 0);
    // Comments before the first game's tags are that game's.
    CHECK(last_game_start("; intro\n{ more }\n[White \"a\"]\n1. x *\n") == 0);
}

TEST_CASE("stream: a scanner fed in blocks finds what one scan of the whole text finds",
          "[stream]") {
    std::string text;
    for (int i = 0; i < 40; ++i)
        text += "[White \"w" + std::to_string(i) +
                "\"] { c\n[not a tag\n}\n[Black \"b\"]\n1. Se2-e4 { x } Sd10-d8 ; y\n*\n\n";
    for (std::size_t block : {std::size_t{1}, std::size_t{7}, std::size_t{64}, std::size_t{1000}}) {
        INFO("block " << block);
        GameStartScanner scanner;
        std::size_t dropped = 0;
        for (std::size_t end = block; end < text.size() + block; end += block) {
            std::string_view seen = std::string_view(text).substr(0, end);
            std::size_t cut = scanner.scan(seen.substr(dropped));
            CHECK(dropped + cut ==
                  (last_game_start(seen) > dropped ? last_game_start(seen) : dropped));
            // Take the piece off as GameStream does, now and then.
            if (cut > 0 && end % (3 * block) == 0) {
                scanner.drop(cut);
                dropped += cut;
            }
        }
    }
}

// GameStartScanner's rules read line by line, without the scanner's jumps from one '[', '{' or
// '}' to the next: what its faster search must agree with.
static std::size_t reference_game_start(std::string_view text) {
    std::size_t cut = 0;
    bool in_comment = false, last_is_tag = false, seen_content = false;
    for (std::size_t start = 0;;) {
        const std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) return cut;
        const std::string_view line = text.substr(start, end - start);
        bool at_line_start = true, in_tag = false, in_value = false;
        for (std::size_t i = 0; i < line.size(); ++i) {
            const char c = line[i];
            if (in_comment) {
                if (c == '}') in_comment = false, at_line_start = false;
                continue;
            }
            if (in_value) {
                if (c == '\\')
                    ++i;
                else if (c == '"')
                    in_value = false;
                continue;
            }
            if (c == ' ' || c == '\t' || c == '\r') continue;
            if (c == '\f' || c == '\v') {
                at_line_start = false;
                continue;
            }
            if (c == ';') break;
            if (c == '{') {
                in_comment = true;
                continue;
            }
            if (c == '[') {
                if (at_line_start && !last_is_tag && seen_content) cut = start;
                in_tag = true;
                last_is_tag = true;
            } else if (in_tag) {
                if (c == '"') in_value = true;
                if (c == ']') in_tag = false;
            } else {
                last_is_tag = false;
            }
            seen_content = true;
            at_line_start = false;
        }
        start = end + 1;
    }
}

TEST_CASE("stream: the scanner cuts where a line-by-line reading does, and counts the lines",
          "[stream]") {
    const std::vector<std::string> bits = {"[White \"a\"]",
                                           "[Black \"b\\\"]\"]",
                                           "[",
                                           "]",
                                           "{",
                                           "}",
                                           "{ c }",
                                           ";",
                                           "; x [y {z",
                                           "\"",
                                           "\\",
                                           " ",
                                           "\t",
                                           "\r",
                                           "\f",
                                           "\v",
                                           "\n",
                                           "\n",
                                           "\n",
                                           "1. Se2-e4",
                                           "*",
                                           "\xff",
                                           "x"};
    std::uint32_t seed = 12345;
    auto random = [&](std::uint32_t n) {
        seed = seed * 1103515245u + 12345u;
        return (seed >> 8) % n;
    };
    for (int round = 0; round < 3000; ++round) {
        std::string text;
        const std::uint32_t length = random(80);
        for (std::uint32_t k = 0; k < length; ++k) {
            text += bits[random(static_cast<std::uint32_t>(bits.size()))];
            if (random(3) == 0) text += std::string(random(40), 'a');  // longer than a block
        }
        INFO("text: " << text);
        REQUIRE(last_game_start(text) == reference_game_start(text));
        // Fed in blocks, taking each piece off at its cut as GameStream does.
        GameStartScanner scanner;
        std::size_t dropped = 0;
        const std::size_t block = 1 + random(40);
        for (std::size_t end = block; end < text.size() + block; end += block) {
            const std::string_view seen =
                std::string_view(text).substr(0, std::min(end, text.size()));
            const std::size_t cut = scanner.scan(seen.substr(dropped));
            const std::size_t whole = reference_game_start(seen);
            REQUIRE(dropped + cut == (whole > dropped ? whole : dropped));
            if (cut > 0 && random(2) == 0) {
                const auto lines = static_cast<std::size_t>(
                    std::count(text.begin() + static_cast<std::ptrdiff_t>(dropped),
                               text.begin() + static_cast<std::ptrdiff_t>(dropped + cut), '\n'));
                REQUIRE(scanner.lines_before_cut() == lines);
                scanner.drop(cut);
                dropped += cut;
            }
        }
    }
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

TEST_CASE("stream: a piece that more input follows does not end the file", "[stream]") {
    std::string text;
    for (int i = 0; i < 50; ++i)
        text += "[White \"w" + std::to_string(i) + "\"]\n1. Se2-e4 Sd10-d8\n\n";
    auto path = std::filesystem::temp_directory_path() / "jelimvre-stream-end-test.jgn";
    std::ofstream(path) << text;
    std::string error;
    GameStream stream(path.string(), "x.jgn", error, 100);
    std::vector<std::string> messages;
    GameRecord record;
    while (auto piece = stream.next(error)) {
        RecordReader reader(*piece);
        while (reader.next(record)) {
            REQUIRE(record.read_errors.size() == 1);
            messages.push_back(record.read_errors[0].message);
        }
    }
    REQUIRE(messages.size() == 50);
    const std::string to_next =
        "the movetext reaches the next game's tags without a result: "
        "end it with 1-0, 0-1, 1/2-1/2 or *";
    for (std::size_t i = 0; i + 1 < messages.size(); ++i) CHECK(messages[i] == to_next);
    CHECK(messages.back() ==
          "the movetext reaches the end of the file without a result: end it with 1-0, 0-1, "
          "1/2-1/2 or *");
    std::filesystem::remove(path);
}

// Found by fuzz_jgn_reader (tests/fuzz/regressions/jgn_reader): a comment that is not UTF-8
// before a game is a reading fault, but a text holding nothing else gave no game at all, so the
// fault vanished (as it did when a long input was cut right after such a comment).
TEST_CASE("stream: a faulty comment alone in a piece is still reported", "[stream]") {
    const std::string comment = "; not UTF-8: \xff\n";
    const std::string text =
        comment + "[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n1. Se2-e4 *\n";
    // The stream keeps comments before a file's first tags with its first game, so it does not
    // cut here; the reader must still report such a comment when it is all a text holds.
    REQUIRE(last_game_start(text) == 0);
    const std::vector<std::string> whole = reading_faults(SourceFile("x.jgn", text));
    REQUIRE(whole ==
            std::vector<std::string>{"x.jgn:1:14: error: this comment is not UTF-8 text: byte "
                                     "0xFF looks like Latin-1 or Windows-1252 text (--encoding "
                                     "latin1 reads it)"});
    CHECK(reading_faults(SourceFile("x.jgn", comment, 1, true)) == whole);
    // A comment that is UTF-8 makes no game, alone or not.
    CHECK(reading_faults(SourceFile("x.jgn", "; fine\n{ also fine }\n", 1, true)).empty());
}

// Found by fuzz_jgn_reader: a piece that ends before the next game's tags said a game without
// a result reached "the end of the file", where the whole input says "the next game's tags".
TEST_CASE("stream: a missing result at the end of a piece is faulted as in the whole input",
          "[stream]") {
    const std::string first = "[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n1. Se2-e4\n";
    const std::string text = first + "[White \"c\"]\n[Black \"d\"]\n[Result \"*\"]\n1. Se2-e4 *\n";
    REQUIRE(last_game_start(text) == first.size());
    const std::vector<std::string> whole = reading_faults(SourceFile("x.jgn", text));
    REQUIRE(whole.size() == 1);
    CHECK(whole[0].find("reaches the next game's tags without a result") != std::string::npos);
    CHECK(reading_faults(SourceFile("x.jgn", first, 1, true, false)) == whole);
    CHECK(reading_faults(SourceFile("x.jgn", first, 1, true))[0].find("the end of the file") !=
          std::string::npos);
}
