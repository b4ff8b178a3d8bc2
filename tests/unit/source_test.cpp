// Source text (core/source.hpp): the byte-order mark, lines and columns, UTF-8 checks, loading.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include <unistd.h>

#include <fmt/format.h>

#include "core/source.hpp"

using jv::SourceFile;
using jv::SourceRegion;

namespace {

std::string lc(const SourceFile& source, std::uint32_t offset) {
    jv::LineColumn at = source.line_column(offset);
    return fmt::format("{}:{}", at.line, at.column);
}

constexpr std::size_t npos = std::string_view::npos;

std::size_t invalid_at(std::string_view text) {
    return jv::find_invalid_utf8(text);
}

// A fresh, empty directory for the tests that touch files.
std::filesystem::path scratch_dir() {
    std::filesystem::path dir =
        std::filesystem::temp_directory_path() / fmt::format("jelimvre_source_test_{}", ::getpid());
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace

TEST_CASE("source: lines and columns of plain text", "[source]") {
    SourceFile source("a.jgn", "ab\ncd\n\nxyz");
    CHECK(source.path() == "a.jgn");
    CHECK(source.size() == 10);
    CHECK_FALSE(source.had_byte_order_mark());
    CHECK(lc(source, 0) == "1:1");
    CHECK(lc(source, 1) == "1:2");
    CHECK(lc(source, 2) == "1:3");  // the line end itself
    CHECK(lc(source, 3) == "2:1");
    CHECK(lc(source, 5) == "2:3");
    CHECK(lc(source, 6) == "3:1");
    CHECK(lc(source, 7) == "4:1");
    CHECK(lc(source, 9) == "4:3");
    CHECK(lc(source, 10) == "4:4");    // the end of the text
    CHECK(lc(source, 1000) == "4:4");  // past the end: clamped
}

TEST_CASE("source: an empty text has one empty line", "[source]") {
    SourceFile source("e.jgn", "");
    CHECK(source.size() == 0);
    CHECK(lc(source, 0) == "1:1");
    CHECK(source.line_text(1).empty());
    CHECK(source.line_start(1) == 0);
    CHECK(source.line_text(2).empty());
}

TEST_CASE("source: CRLF line ends", "[source]") {
    SourceFile source("c.jgn", "ab\r\ncd\r\n\r\nx");
    CHECK(lc(source, 2) == "1:3");  // the '\r'
    CHECK(lc(source, 3) == "1:4");  // the '\n'
    CHECK(lc(source, 4) == "2:1");
    CHECK(lc(source, 5) == "2:2");
    CHECK(lc(source, 8) == "3:1");
    CHECK(lc(source, 10) == "4:1");
    CHECK(source.line_text(1) == "ab");
    CHECK(source.line_text(2) == "cd");
    CHECK(source.line_text(3).empty());
    CHECK(source.line_text(4) == "x");
    CHECK(source.line_start(2) == 4);
    CHECK(source.line_start(4) == 10);
}

TEST_CASE("source: a byte-order mark is dropped", "[source]") {
    SourceFile source("b.jgn", "\xEF\xBB\xBF[White \"A\"]\nx");
    CHECK(source.had_byte_order_mark());
    CHECK(source.text() == "[White \"A\"]\nx");
    CHECK(source.size() == 13);
    CHECK(lc(source, 0) == "1:1");
    CHECK(lc(source, 1) == "1:2");
    CHECK(lc(source, 12) == "2:1");
    CHECK(source.line_text(1) == "[White \"A\"]");

    // Only at the very start, and only whole.
    SourceFile inner("b.jgn", "a\xEF\xBB\xBF");
    CHECK_FALSE(inner.had_byte_order_mark());
    CHECK(inner.size() == 4);
    SourceFile partial("b.jgn", "\xEF\xBB");
    CHECK_FALSE(partial.had_byte_order_mark());
    CHECK(partial.size() == 2);
    SourceFile only("b.jgn", "\xEF\xBB\xBF");
    CHECK(only.had_byte_order_mark());
    CHECK(only.size() == 0);
    CHECK(lc(only, 0) == "1:1");
}

TEST_CASE("source: columns count code points", "[source]") {
    // é is 2 bytes, € 3 bytes, 😀 4 bytes; each is one column. A tab is one column too.
    SourceFile source("u.jgn", "x\n\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\tz\n");
    CHECK(lc(source, 2) == "2:1");   // é
    CHECK(lc(source, 4) == "2:2");   // €
    CHECK(lc(source, 7) == "2:3");   // 😀
    CHECK(lc(source, 11) == "2:4");  // the tab
    CHECK(lc(source, 12) == "2:5");  // z
    CHECK(lc(source, 13) == "2:6");  // the line end
    // An offset inside a character counts the character it is in as started.
    CHECK(lc(source, 3) == "2:2");
    CHECK(lc(source, 5) == "2:3");
    CHECK(source.line_text(2) == "\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\tz");
}

TEST_CASE("source: line_text, line_start and slice", "[source]") {
    SourceFile source("l.jgn", "first\nsecond line\n\nlast");
    CHECK(source.line_text(0).empty());
    CHECK(source.line_text(1) == "first");
    CHECK(source.line_text(2) == "second line");
    CHECK(source.line_text(3).empty());
    CHECK(source.line_text(4) == "last");
    CHECK(source.line_text(5).empty());
    CHECK(source.line_start(0) == source.size());
    CHECK(source.line_start(1) == 0);
    CHECK(source.line_start(2) == 6);
    CHECK(source.line_start(3) == 18);
    CHECK(source.line_start(4) == 19);
    CHECK(source.line_start(5) == source.size());
    CHECK(source.slice({6, 12}) == "second");
    CHECK(source.slice({19, 23}) == "last");
    CHECK(source.slice({3, 3}).empty());
    CHECK(SourceRegion{6, 12}.size() == 6);

    // A final line end makes a last, empty line.
    SourceFile ended("l.jgn", "a\nb\n");
    CHECK(ended.line_text(2) == "b");
    CHECK(ended.line_text(3).empty());
    CHECK(ended.line_start(3) == 4);
    CHECK(lc(ended, 4) == "3:1");
}

TEST_CASE("source: count_code_points", "[source]") {
    CHECK(jv::count_code_points("") == 0);
    CHECK(jv::count_code_points("abc") == 3);
    CHECK(jv::count_code_points("\xC3\xA9t\xC3\xA9") == 3);
    CHECK(jv::count_code_points("\xF0\x9F\x98\x80") == 1);
    CHECK(jv::count_code_points("\t\r\n") == 3);
}

TEST_CASE("source: find_invalid_utf8 accepts UTF-8", "[source][utf8]") {
    CHECK(invalid_at("") == npos);
    CHECK(invalid_at("plain ASCII \x01\x7F") == npos);
    CHECK(invalid_at("\xC2\x80") == npos);          // U+0080, the smallest 2-byte form
    CHECK(invalid_at("\xDF\xBF") == npos);          // U+07FF
    CHECK(invalid_at("\xE0\xA0\x80") == npos);      // U+0800, the smallest 3-byte form
    CHECK(invalid_at("\xED\x9F\xBF") == npos);      // U+D7FF, just below the surrogates
    CHECK(invalid_at("\xEE\x80\x80") == npos);      // U+E000, just above them
    CHECK(invalid_at("\xEF\xBF\xBF") == npos);      // U+FFFF
    CHECK(invalid_at("\xF0\x90\x80\x80") == npos);  // U+10000, the smallest 4-byte form
    CHECK(invalid_at("\xF4\x8F\xBF\xBF") == npos);  // U+10FFFF, the largest code point
    CHECK(invalid_at("Zo\xC3\xAB \xE2\x80\x93 \xF0\x9F\x98\x80") == npos);
    CHECK(invalid_at(std::string_view("a\0b", 3)) == npos);
}

TEST_CASE("source: find_invalid_utf8 rejects overlong forms", "[source][utf8]") {
    CHECK(invalid_at("\xC0\x80") == 0);              // U+0000 in 2 bytes
    CHECK(invalid_at("\xC0\xAF") == 0);              // '/' in 2 bytes
    CHECK(invalid_at("\xC1\xBF") == 0);              // U+007F in 2 bytes
    CHECK(invalid_at("\xE0\x80\x80") == 0);          // U+0000 in 3 bytes
    CHECK(invalid_at("\xE0\x9F\xBF") == 0);          // U+07FF in 3 bytes
    CHECK(invalid_at("\xF0\x80\x80\x80") == 0);      // U+0000 in 4 bytes
    CHECK(invalid_at("\xF0\x8F\xBF\xBF") == 0);      // U+FFFF in 4 bytes
    CHECK(invalid_at("ok \xC3\xA9 \xC0\x80") == 6);  // the offset of the first bad byte
}

TEST_CASE("source: find_invalid_utf8 rejects surrogates and values past U+10FFFF",
          "[source][utf8]") {
    CHECK(invalid_at("\xED\xA0\x80") == 0);                // U+D800
    CHECK(invalid_at("\xED\xAF\xBF") == 0);                // U+DBFF
    CHECK(invalid_at("\xED\xB0\x80") == 0);                // U+DC00
    CHECK(invalid_at("\xED\xBF\xBF") == 0);                // U+DFFF
    CHECK(invalid_at("ab\xED\xA0\x80\xED\xB0\x80") == 2);  // a CESU-8 pair
    CHECK(invalid_at("\xF4\x90\x80\x80") == 0);            // U+110000
    CHECK(invalid_at("\xF5\x80\x80\x80") == 0);
    CHECK(invalid_at("\xF7\xBF\xBF\xBF") == 0);
    CHECK(invalid_at("\xF8\x88\x80\x80\x80") == 0);  // 5-byte forms do not exist
    CHECK(invalid_at("\xFC\x84\x80\x80\x80\x80") == 0);
    CHECK(invalid_at("\xFE") == 0);
    CHECK(invalid_at("\xFF") == 0);
}

TEST_CASE("source: find_invalid_utf8 rejects truncated sequences and lone continuations",
          "[source][utf8]") {
    CHECK(invalid_at("\x80") == 0);
    CHECK(invalid_at("a\xBF") == 1);
    CHECK(invalid_at("\xC3\xA9\xA9") == 2);  // one continuation byte too many
    CHECK(invalid_at("\xC3") == 0);
    CHECK(invalid_at("abc\xE2\x82") == 3);  // cut by the end of the text
    CHECK(invalid_at("\xF0\x9F\x98") == 0);
    CHECK(invalid_at("\xE2\x82"
                     "A") == 0);  // cut by an ASCII byte
    CHECK(invalid_at("\xF0\x9F\x98"
                     "A") == 0);
    CHECK(invalid_at("\xC3 ") == 0);
    CHECK(invalid_at("x\xE2\xC3\xA9") == 1);  // cut by the start of another character
}

TEST_CASE("source: load_source reads a file whole", "[source][files]") {
    std::filesystem::path dir = scratch_dir();
    std::filesystem::path file = dir / "game.jgn";
    std::string content("\xEF\xBB\xBF[White \"A\"]\r\n\0*\r\n", 20);
    content += std::string(200000, 'x');  // more than one read buffer
    {
        std::ofstream out(file, std::ios::binary);
        out << content;
    }
    std::string text = "left over";
    std::string error;
    CHECK(jv::load_source(file.string(), text, error));
    CHECK(text == content);  // bytes as they are, the byte-order mark included
    CHECK(error.empty());

    std::filesystem::path empty = dir / "empty.jgn";
    { std::ofstream out(empty, std::ios::binary); }
    CHECK(jv::load_source(empty.string(), text, error));
    CHECK(text.empty());
    std::filesystem::remove_all(dir);
}

TEST_CASE("source: load_source names why a file cannot be read", "[source][files]") {
    std::filesystem::path dir = scratch_dir();
    std::string text = "left over";
    std::string error;
    CHECK_FALSE(jv::load_source((dir / "missing.jgn").string(), text, error));
    CHECK(error == "cannot open: No such file or directory");
    CHECK(text.empty());

    error.clear();
    CHECK_FALSE(jv::load_source(dir.string(), text, error));
    CHECK(error == "is a directory, not a record file");

    error.clear();
    CHECK_FALSE(jv::load_source((dir / "missing" / "deeper.jgn").string(), text, error));
    CHECK(error == "cannot open: No such file or directory");

    error.clear();
    std::filesystem::path file = dir / "plain";
    { std::ofstream out(file); }
    CHECK_FALSE(jv::load_source((file / "below.jgn").string(), text, error));
    CHECK(error == "cannot open: Not a directory");
    std::filesystem::remove_all(dir);
}

TEST_CASE("source: a piece of a larger input keeps the input's line numbers", "[source][stream]") {
    SourceFile piece("big.jgn", "[White \"a\"]\n1. Se2-e4\n", 1001, false);
    CHECK(piece.line_column(0).line == 1001);
    CHECK(piece.line_column(12).line == 1002);
    CHECK(piece.line_column(15).column == 4);
    CHECK(piece.line_text(1002) == "1. Se2-e4");
    CHECK(piece.line_start(1002) == 12);
    // Only the start of the input may hold a byte-order mark.
    SourceFile middle("big.jgn", "\xEF\xBB\xBFx", 7, false);
    CHECK(middle.size() == 4);
}
