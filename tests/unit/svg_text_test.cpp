// core/svg_text: the widths the pictures lay their text out with, and the breaking of long texts.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/svg_text.hpp"

using namespace jv::svg;

TEST_CASE("text widths follow DejaVu Sans's advance widths", "[svg]") {
    // 'i' is 569/2048 em and 'W' 2025/2048 em: at 2048 px they are that many pixels wide.
    CHECK(text_width("i", 2048) == Approx(569));
    CHECK(text_width("W", 2048) == Approx(2025));
    CHECK(text_width("iW", 2048) == Approx(569 + 2025));
    CHECK(text_width("", 13) == 0);
    // Bold is wider, monospace is one width for all, a character outside the table is one em.
    CHECK(text_width("a", 100, Font::sans_bold) > text_width("a", 100));
    CHECK(text_width("i", 100, Font::mono) == Approx(text_width("W", 100, Font::mono)));
    CHECK(text_width("\u2654", 20) == Approx(20));       // a chess king: one em
    CHECK(text_width("é", 100) > text_width("e", 100));  // two bytes, one wider character
}

TEST_CASE("wrap_text breaks at spaces and keeps every word", "[svg]") {
    const std::string text = "Ana – Bruno, Lyon Open 2026, round 3: after 14... (Black)";
    const std::vector<std::string> lines = wrap_text(text, 200, 16, Font::sans_bold);
    REQUIRE(lines.size() > 1);
    std::string joined;
    for (const std::string& line : lines) {
        CHECK(text_width(line, 16, Font::sans_bold) <= 200);
        CHECK_FALSE(line.empty());
        CHECK(line.front() != ' ');
        CHECK(line.back() != ' ');
        joined += (joined.empty() ? "" : " ") + line;
    }
    CHECK(joined == text);
}

TEST_CASE("wrap_text leaves a short text on one line", "[svg]") {
    CHECK(wrap_text("Key", 300, 13) == std::vector<std::string>{"Key"});
    CHECK(wrap_text("", 300, 13) == std::vector<std::string>{""});
    CHECK(wrap_text("  two   spaces ", 300, 13) == std::vector<std::string>{"two spaces"});
}

TEST_CASE("a word longer than a line breaks after a comma or a slash, else anywhere", "[svg]") {
    // A file name without spaces: broken after its slashes.
    const std::vector<std::string> path =
        wrap_text("samples/imbriquation/legal-first-dark-rounds-complete.jgn", 150, 13);
    REQUIRE(path.size() > 1);
    CHECK(path.front().back() == '/');
    std::string joined;
    for (const std::string& line : path) {
        CHECK(text_width(line, 13) <= 150);
        joined += line;
    }
    CHECK(joined == "samples/imbriquation/legal-first-dark-rounds-complete.jgn");
    // No break character at all: cut where the line is full.
    const std::vector<std::string> letters = wrap_text("QQQQQQQQQQQQQQQQQQQQQQQQ", 60, 13);
    REQUIRE(letters.size() > 1);
    for (const std::string& line : letters) CHECK(text_width(line, 13) <= 60);
    // A line narrower than one character still advances.
    CHECK(wrap_text("WW", 1, 13) == std::vector<std::string>{"W", "W"});
}
