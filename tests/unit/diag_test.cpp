// Diagnostics (core/diag.hpp) and message quoting (core/text.hpp): the exact bytes printed.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "core/diag.hpp"
#include "core/source.hpp"
#include "core/text.hpp"

using jv::Diagnostic;
using jv::Severity;
using jv::SourceFile;
using jv::SourceRegion;

namespace {

Diagnostic fault(std::uint32_t begin, std::uint32_t end, std::string rule = "J7.1",
                 std::string message = "a soldier moves one square forward") {
    return Diagnostic{Severity::error, {begin, end}, std::move(rule), std::move(message)};
}

std::string tildes(std::size_t n) {
    return std::string(n, '~');
}

std::string spaces(std::size_t n) {
    return std::string(n, ' ');
}

}  // namespace

TEST_CASE("diag: severity names", "[diag]") {
    CHECK(jv::severity_name(Severity::error) == "error");
    CHECK(jv::severity_name(Severity::warning) == "warning");
    CHECK(jv::severity_name(Severity::note) == "note");
}

TEST_CASE("diag: the headline", "[diag]") {
    SourceFile source("games/g.jgn", "[White \"A\"]\n1. Se2-e5 *\n");
    CHECK(jv::render_diagnostic_headline(source, fault(15, 21)) ==
          "games/g.jgn:2:4: error: J7.1: a soldier moves one square forward");
    // A reading fault has no rule id.
    CHECK(jv::render_diagnostic_headline(source, fault(15, 21, "", "not JGN")) ==
          "games/g.jgn:2:4: error: not JGN");
    Diagnostic warning{Severity::warning, {0, 1}, "J14.1", "odd"};
    CHECK(jv::render_diagnostic_headline(source, warning) ==
          "games/g.jgn:1:1: warning: J14.1: odd");
    Diagnostic note{Severity::note, {12, 12}, "", "here"};
    CHECK(jv::render_diagnostic_headline(source, note) == "games/g.jgn:2:1: note: here");
}

TEST_CASE("diag: a simple diagnostic, byte for byte", "[diag]") {
    SourceFile source("g.jgn", "1. Se2-e5 Sd10-d8\n");
    CHECK(jv::render_diagnostic(source, fault(3, 9)) ==
          "g.jgn:1:4: error: J7.1: a soldier moves one square forward\n"
          "    1 | 1. Se2-e5 Sd10-d8\n"
          "      |    ^~~~~~\n");
}

TEST_CASE("diag: a one-character or empty region is a lone caret", "[diag]") {
    SourceFile source("g.jgn", "ab,\ncd\n");
    CHECK(jv::render_diagnostic(source, fault(2, 3, "", "an action must follow this ','")) ==
          "g.jgn:1:3: error: an action must follow this ','\n"
          "    1 | ab,\n"
          "      |   ^\n");
    CHECK(jv::render_diagnostic(source, fault(6, 6, "", "no result")) ==
          "g.jgn:2:3: error: no result\n"
          "    2 | cd\n"
          "      |   ^\n");
    // At the very end of the text, on the empty line after the last line end.
    CHECK(jv::render_diagnostic(source, fault(7, 7, "", "no result")) ==
          "g.jgn:3:1: error: no result\n"
          "    3 | \n"
          "      | ^\n");
}

TEST_CASE("diag: the underline covers the region's characters", "[diag]") {
    SourceFile source("g.jgn", "5. Dg1xg10=Q Kf11xg10\n");
    CHECK(jv::render_diagnostic(source, fault(13, 21, "J9.1", "m")) ==
          "g.jgn:1:14: error: J9.1: m\n"
          "    1 | 5. Dg1xg10=Q Kf11xg10\n"
          "      |              ^~~~~~~~\n");
    // Multi-byte characters inside the region count once each.
    SourceFile utf8("g.jgn", "x \xC3\xA9\xC3\xA9\xE2\x82\xAC y\n");
    CHECK(jv::render_diagnostic(utf8, fault(2, 9, "", "m")) ==
          "g.jgn:1:3: error: m\n"
          "    1 | x \xC3\xA9\xC3\xA9\xE2\x82\xAC y\n"
          "      |   ^~~\n");
}

TEST_CASE("diag: the underline stops at the end of the line", "[diag]") {
    SourceFile source("g.jgn", "ab cd\nef\n");
    CHECK(jv::render_diagnostic(source, fault(3, 9, "", "m")) ==
          "g.jgn:1:4: error: m\n"
          "    1 | ab cd\n"
          "      |    ^~\n");
    // CRLF: the '\r' is neither shown nor underlined.
    SourceFile crlf("g.jgn", "x\r\nab cd\r\nef\r\n");
    CHECK(jv::render_diagnostic(crlf, fault(6, 12, "", "m")) ==
          "g.jgn:2:4: error: m\n"
          "    2 | ab cd\n"
          "      |    ^~\n");
    // A region that starts on the line end itself.
    CHECK(jv::render_diagnostic(crlf, fault(8, 9, "", "m")) ==
          "g.jgn:2:6: error: m\n"
          "    2 | ab cd\n"
          "      |      ^\n");
}

TEST_CASE("diag: a tab before the caret is kept in the caret line", "[diag]") {
    SourceFile source("g.jgn", "[White \"A\"]\n\t1.\tSe2-e5\n");
    CHECK(jv::render_diagnostic(source, fault(16, 22)) ==
          "g.jgn:2:5: error: J7.1: a soldier moves one square forward\n"
          "    2 | \t1.\tSe2-e5\n"
          "      | \t  \t^~~~~~\n");
}

TEST_CASE("diag: a UTF-8 character before the caret takes one column", "[diag]") {
    SourceFile source("g.jgn", "{Zo\xC3\xAB \xF0\x9F\x98\x80} Se2-e5\n");
    // Bytes: '{' Z o ë(2) ' ' 😀(4) '}' ' ' -> the action starts at byte 12, column 9.
    CHECK(jv::render_diagnostic(source, fault(12, 18)) ==
          "g.jgn:1:9: error: J7.1: a soldier moves one square forward\n"
          "    1 | {Zo\xC3\xAB \xF0\x9F\x98\x80} Se2-e5\n"
          "      |         ^~~~~~\n");
}

TEST_CASE("diag: control characters are shown as '?'", "[diag]") {
    SourceFile source("g.jgn", std::string("a\x01"
                                           "b\x7F\tc\0 Se2\x1B",
                                           12));
    CHECK(jv::render_diagnostic(source, fault(8, 11, "", "m")) ==
          "g.jgn:1:9: error: m\n"
          "    1 | a?b?\tc? Se2?\n"
          "      |     \t   ^~~\n");
}

TEST_CASE("diag: bytes that are not UTF-8 are shown as '?', the caret in its column", "[diag]") {
    // A byte that starts no character is one column and one '?'; a stray continuation byte is
    // no column, and is left out; a valid character is kept.
    SourceFile source("g.jgn", "\xFF\x80\xC3\xA9\xE2\x82 x\xC0\xAF Se2\n");
    // Columns: FF(1) 80(-) é(2) E2(3) 82(-) ' '(4) x(5) C0(6) AF(-) ' '(7) S(8).
    CHECK(jv::render_diagnostic(source, fault(11, 14, "", "m")) ==
          "g.jgn:1:8: error: m\n"
          "    1 | ?\xC3\xA9? x? Se2\n"
          "      |        ^~~\n");
}

TEST_CASE("diag: many faults on one long line are located as one at a time would be", "[diag]") {
    std::string line;
    for (int i = 0; i < 2000; ++i) line += i % 3 == 0 ? "\xC3\xA9 " : "ab ";
    SourceFile many("g.jgn", "x\n" + line + "\n");
    std::vector<std::uint32_t> offsets;
    for (std::uint32_t at = 2; at < many.size(); at += 37) offsets.push_back(at);
    offsets.push_back(5);  // backwards, then to another line, then forwards again
    offsets.push_back(0);
    offsets.push_back(900);
    for (std::uint32_t at : offsets) {
        SourceFile fresh("g.jgn", "x\n" + line + "\n");
        jv::LineColumn cached = many.line_column(at);
        jv::LineColumn once = fresh.line_column(at);
        INFO(at);
        CHECK(cached.line == once.line);
        CHECK(cached.column == once.column);
    }
}

TEST_CASE("diag: the gutter widens for large line numbers", "[diag]") {
    std::string text(11, '\n');
    text += "12. Se2-e5\n";
    SourceFile source("g.jgn", text);
    CHECK(jv::render_diagnostic(source, fault(15, 21, "", "m")) ==
          "g.jgn:12:5: error: m\n"
          "   12 | 12. Se2-e5\n"
          "      |     ^~~~~~\n");

    std::string big(123455, '\n');
    big += "Se2-e5";
    SourceFile far("g.jgn", big);
    CHECK(jv::render_diagnostic(far, fault(123455, 123461, "", "m")) ==
          "g.jgn:123456:1: error: m\n"
          "123456 | Se2-e5\n"
          "       | ^~~~~~\n");
}

TEST_CASE("diag: a byte-order mark is not part of the line", "[diag]") {
    SourceFile source("g.jgn", "\xEF\xBB\xBFSe2-e5\n");
    CHECK(jv::render_diagnostic(source, fault(0, 6, "", "m")) ==
          "g.jgn:1:1: error: m\n"
          "    1 | Se2-e5\n"
          "      | ^~~~~~\n");
}

TEST_CASE("diag: a very long line is cut around the caret", "[diag]") {
    SECTION("caret far from both ends") {
        std::string line = std::string(100, 'a') + "Se2-e5" + std::string(200, 'b');
        SourceFile source("g.jgn", line + "\n");
        // 80 characters are shown before the caret, 160 in all, '...' where the line is cut.
        CHECK(jv::render_diagnostic(source, fault(100, 106, "", "m")) ==
              "g.jgn:1:101: error: m\n"
              "    1 | ..." +
                  std::string(80, 'a') + "Se2-e5" + std::string(74, 'b') +
                  "...\n"
                  "      |    " +
                  spaces(80) + "^" + tildes(5) + "\n");
    }
    SECTION("caret near the start") {
        std::string line = "Se2-e5" + std::string(300, 'b');
        SourceFile source("g.jgn", line);
        CHECK(jv::render_diagnostic(source, fault(0, 6, "", "m")) ==
              "g.jgn:1:1: error: m\n"
              "    1 | Se2-e5" +
                  std::string(154, 'b') +
                  "...\n"
                  "      | ^~~~~~\n");
    }
    SECTION("caret near the end") {
        std::string line = std::string(300, 'a') + "Se2-e5";
        SourceFile source("g.jgn", line);
        CHECK(jv::render_diagnostic(source, fault(300, 306, "", "m")) ==
              "g.jgn:1:301: error: m\n"
              "    1 | ..." +
                  std::string(80, 'a') +
                  "Se2-e5\n"
                  "      |    " +
                  spaces(80) + "^~~~~~\n");
    }
    SECTION("the underline of a long region stops where the line is cut") {
        std::string line = std::string(300, 'a');
        SourceFile source("g.jgn", line);
        CHECK(jv::render_diagnostic(source, fault(10, 300, "", "m")) ==
              "g.jgn:1:11: error: m\n"
              "    1 | " +
                  std::string(160, 'a') +
                  "...\n"
                  "      | " +
                  spaces(10) + "^" + tildes(149) + "\n");
    }
    SECTION("a line of exactly 160 bytes is not cut") {
        std::string line = std::string(160, 'a');
        SourceFile source("g.jgn", line);
        CHECK(jv::render_diagnostic(source, fault(159, 160, "", "m")) ==
              "g.jgn:1:160: error: m\n"
              "    1 | " +
                  line + "\n      | " + spaces(159) + "^\n");
    }
}

TEST_CASE("diag: a long line is cut between characters, never inside one", "[diag]") {
    const std::string e_acute = "\xC3\xA9";
    SECTION("on the left") {
        // 100 'é' (200 bytes), then "a", then the action: the caret is at byte 201, and the
        // cut 80 bytes before it (byte 121) falls inside an 'é'; it moves to the next one.
        std::string line;
        for (int i = 0; i < 100; ++i) line += e_acute;
        line += "aSe2-e5" + std::string(100, 'b');
        SourceFile source("g.jgn", line);
        std::string shown;
        for (int i = 0; i < 39; ++i) shown += e_acute;
        shown += "aSe2-e5" + std::string(75, 'b');
        std::string out = jv::render_diagnostic(source, fault(201, 207, "", "m"));
        CHECK(out ==
              "g.jgn:1:102: error: m\n"
              "    1 | ..." +
                  shown +
                  "...\n"
                  "      |    " +
                  spaces(40) + "^~~~~~\n");
    }
    SECTION("on the right") {
        // The caret at byte 0; the cut at byte 160 falls inside an 'é' (they start at odd
        // bytes): the shown part stops before it.
        std::string line = "S";
        for (int i = 0; i < 150; ++i) line += e_acute;
        SourceFile source("g.jgn", line);
        std::string shown = "S";
        for (int i = 0; i < 79; ++i) shown += e_acute;
        CHECK(jv::render_diagnostic(source, fault(0, 1, "", "m")) ==
              "g.jgn:1:1: error: m\n"
              "    1 | " +
                  shown +
                  "...\n"
                  "      | ^\n");
    }
}

TEST_CASE("diag: quote_for_message", "[diag][text]") {
    CHECK(jv::quote_for_message("") == "");
    CHECK(jv::quote_for_message("Se2-e4") == "Se2-e4");
    CHECK(jv::quote_for_message("a\x01z\x7F\t\n") == "a\\x01z\\x7f\\x09\\x0a");
    CHECK(jv::quote_for_message("Zo\xC3\xAB \xF0\x9F\x98\x80") == "Zo\xC3\xAB \xF0\x9F\x98\x80");
    // 40 characters are kept; a longer token is cut and ends with "...".
    CHECK(jv::quote_for_message(std::string(40, 'x')) == std::string(40, 'x'));
    CHECK(jv::quote_for_message(std::string(41, 'x')) == std::string(40, 'x') + "...");
    CHECK(jv::quote_for_message(std::string(1000000, 'y')) == std::string(40, 'y') + "...");
    std::string accents;
    for (int i = 0; i < 45; ++i) accents += "\xC3\xA9";
    std::string forty;
    for (int i = 0; i < 40; ++i) forty += "\xC3\xA9";
    CHECK(jv::quote_for_message(accents) == forty + "...");
    // Bytes that are not UTF-8 are escaped too, so a message is always valid UTF-8.
    CHECK(jv::quote_for_message("a\xFF"
                                "b") == "a\\xffb");
    CHECK(jv::quote_for_message("\xC3") == "\\xc3");
    CHECK(jv::quote_for_message("\xC3\xA9\xA9") == "\xC3\xA9\\xa9");
    CHECK(jv::quote_for_message("\xE2\x82"
                                "A") == "\\xe2\\x82A");
    CHECK(jv::quote_for_message("\xC0\xAF") == "\\xc0\\xaf");
    CHECK(jv::quote_for_message("\xED\xA0\x80") == "\\xed\\xa0\\x80");
    CHECK(jv::find_invalid_utf8(jv::quote_for_message("\xF8\xFF\xC3")) == std::string_view::npos);
}

TEST_CASE("diag: colours as compilers draw them, only when asked", "[diag]") {
    SourceFile source("g.jgn", "1. Se2-e5 Se10-e8\n");
    const Diagnostic error = fault(3, 9);
    const std::string plain = jv::render_diagnostic(source, error);
    CHECK(plain.find('\x1b') == std::string::npos);
    CHECK(jv::render_diagnostic(source, error, jv::DiagnosticStyle{false}) == plain);

    const std::string colored = jv::render_diagnostic(source, error, jv::DiagnosticStyle{true});
    // The location bold, `error:` bold red, the message bold, the caret and its tildes green.
    CHECK(colored ==
          "\x1b[1mg.jgn:1:4:\x1b[0m \x1b[1;31merror:\x1b[0m "
          "\x1b[1mJ7.1: a soldier moves one square forward\x1b[0m\n"
          "    1 | 1. Se2-e5 Se10-e8\n"
          "      |    \x1b[1;32m^~~~~~\x1b[0m\n");

    Diagnostic warning = error;
    warning.severity = Severity::warning;
    CHECK(jv::render_diagnostic_headline(source, warning, jv::DiagnosticStyle{true})
              .find("\x1b[1;35mwarning:\x1b[0m") != std::string::npos);
    Diagnostic note = error;
    note.severity = Severity::note;
    CHECK(jv::render_diagnostic_headline(source, note, jv::DiagnosticStyle{true})
              .find("\x1b[1;36mnote:\x1b[0m") != std::string::npos);

    CHECK(jv::render_located_message("a.jgn", Severity::error, "cannot be opened") ==
          "a.jgn: error: cannot be opened\n");
    CHECK(jv::render_located_message("a.jgn", Severity::error, "cannot be opened",
                                     jv::DiagnosticStyle{true}) ==
          "\x1b[1ma.jgn:\x1b[0m \x1b[1;31merror:\x1b[0m \x1b[1mcannot be opened\x1b[0m\n");
}
