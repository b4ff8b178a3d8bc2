// ChessMe's pictures (issue 31): a refused action drawn with its culprit (the piece in a slide's
// way, the pieces that attack the king), the gaps between far apart groups with their counts,
// and every text of the SVG picture inside it, whatever the title and the panel's lines.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <string_view>

#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "chessme_support.hpp"
#include "core/game.hpp"
#include "core/svg_text.hpp"

using Catch::Matchers::Contains;

namespace {

using jv::FaultMark;
using jv::GamePosition;
using jv::PictureFormat;
using jv::PictureOptions;
using jv::test::chessme::game;

std::unique_ptr<GamePosition> position(std::string_view text) {
    std::uint32_t offset = 0;
    std::string error;
    std::unique_ptr<GamePosition> out = game().parse_position(text, {}, offset, error);
    INFO(error);
    REQUIRE(out != nullptr);
    return out;
}

std::string picture(const GamePosition& at, PictureFormat format,
                    std::optional<FaultMark> fault = std::nullopt, std::string_view title = {}) {
    PictureOptions options;
    options.fault = fault;
    options.title = title;
    return game().picture(at, format, options);
}

// The centre of a square in an SVG picture: the x of its file's name above the board, and the
// y of its rank's name before it (drawn 5 below the middle of the row).
std::pair<int, int> svg_centre(const std::string& svg, std::string_view file,
                               std::string_view rank) {
    std::smatch m;
    const std::regex file_name(
        "<text x=\"(-?[0-9.]+)\" y=\"[0-9.]+\" font-size=\"13\" "
        "text-anchor=\"middle\">" +
        std::string(file) + "</text>");
    REQUIRE(std::regex_search(svg, m, file_name));
    const int x = std::stoi(m[1]);
    const std::regex rank_name(
        "<text x=\"[0-9.]+\" y=\"([0-9.]+)\" font-size=\"13\" "
        "text-anchor=\"end\">" +
        std::string(rank) + "</text>");
    REQUIRE(std::regex_search(svg, m, rank_name));
    return {x, std::stoi(m[1]) - 5};
}

// Whether the SVG has a culprit's ring centred on (x, y).
bool culprit_at(const std::string& svg, std::pair<int, int> at) {
    return svg.find(fmt::format(R"(class="fault-culprit" cx="{}" cy="{}")", at.first, at.second)) !=
           std::string::npos;
}

// the white rook on c1 behind its own pawn on c2; the black rook on h1 gives check to the white
// king on e1 along rank 1.
constexpr std::string_view checked =
    "c1=wR,e1=wK,h1=bR,c2=wP,d2=wP,e2=wP,f2=wP,c5=bP,d5=bP,e5=bP,f5=bP,e6=bK|side=w|turn=2|"
    "hand=w:???,b:???|pile=w7,b7|next=w:?,b:?|captured=w:,b:|over=-";

}  // namespace

TEST_CASE("a slide refused by C6.1 marks the first piece in its way", "[chessme][pictures]") {
    const std::unique_ptr<GamePosition> at = position(checked);
    const FaultMark fault{"Rc1-c6", "C6.1"};
    const std::string svg = picture(*at, PictureFormat::svg, fault);
    // The pawn on c2 is the first in the way (c5 is behind it): marked, c5 not.
    CHECK(culprit_at(svg, svg_centre(svg, "c", "2")));
    CHECK_FALSE(culprit_at(svg, svg_centre(svg, "c", "5")));
    // The refused move's squares and way.
    CHECK_THAT(svg, Contains(R"(class="fault-square")"));
    CHECK_THAT(svg, Contains(R"(class="fault-way")"));
    CHECK_THAT(svg, Contains("Refused: Rc1-c6 (C6.1)"));
    // Without the fault, nothing of it.
    CHECK_THAT(picture(*at, PictureFormat::svg), !Contains("fault-"));

    const std::string text = picture(*at, PictureFormat::text, fault);
    CHECK_THAT(text, Contains("refused: Rc1-c6 (C6.1): a move from c1 to c6"));
    CHECK_THAT(text, Contains("the way is blocked by the white pawn on c2"));
    const std::string unicode = picture(*at, PictureFormat::unicode, fault);
    CHECK_THAT(unicode, Contains("*♙*"));  // the pawn on c2
    CHECK_THAT(unicode, Contains("!♖!"));  // the rook's square
    CHECK_THAT(unicode, Contains("the way is blocked by the white pawn on c2"));
}

TEST_CASE("a move refused by C7.2 marks the pieces that attack the king after it",
          "[chessme][pictures]") {
    const std::unique_ptr<GamePosition> at = position(checked);
    // The king steps to d1, still on the black rook's rank.
    const FaultMark fault{"Ke1-d1", "C7.2"};
    const std::string svg = picture(*at, PictureFormat::svg, fault);
    CHECK(culprit_at(svg, svg_centre(svg, "h", "1")));
    const std::string text = picture(*at, PictureFormat::text, fault);
    CHECK_THAT(text, Contains("refused: Ke1-d1 (C7.2): a move from e1 to d1"));
    CHECK_THAT(
        text, Contains("after the move, the white king on d1 is attacked by the black rook on h1"));
    // The king in check now is said too.
    CHECK_THAT(text, Contains("the white king on e1 is in check"));
    const std::string unicode = picture(*at, PictureFormat::unicode, fault);
    CHECK_THAT(unicode, Contains("*♜*"));
    // A pawn's step that leaves the check in place: the same rook.
    const std::string step = picture(*at, PictureFormat::text, FaultMark{"Pd2-d3", "C7.2"});
    CHECK_THAT(
        step, Contains("after the move, the white king on e1 is attacked by the black rook on h1"));
}

TEST_CASE("a move refused by C7.4 marks the piece that gives check", "[chessme][pictures]") {
    const std::unique_ptr<GamePosition> at = position(checked);
    const FaultMark fault{"Pd2-d3", "C7.4"};
    const std::string svg = picture(*at, PictureFormat::svg, fault);
    CHECK(culprit_at(svg, svg_centre(svg, "h", "1")));
    CHECK_THAT(picture(*at, PictureFormat::text, fault),
               Contains("the white king on e1 is in check from the black rook on h1"));
}

TEST_CASE("a refused placement marks its square with a cross", "[chessme][pictures]") {
    const std::unique_ptr<GamePosition> at = position(checked);
    const FaultMark fault{"N@a3", "C8.3"};
    const std::string svg = picture(*at, PictureFormat::svg, fault);
    CHECK_THAT(svg, Contains(R"(class="fault-cross")"));
    CHECK_THAT(svg, !Contains("fault-culprit"));
    CHECK_THAT(picture(*at, PictureFormat::text, fault),
               Contains("refused: N@a3 (C8.3): a tile placed on a3"));
    // A text that is no action is named, and nothing is marked.
    const std::string unreadable = picture(*at, PictureFormat::text, FaultMark{"Zz9", "C5.1"});
    CHECK_THAT(unreadable, Contains("refused: Zz9 (C5.1)\n"));
}

TEST_CASE("a gap between far apart groups says how many files it skips", "[chessme][pictures]") {
    const std::unique_ptr<GamePosition> far = position(
        "e1=wK,dxx1=wR,c2=wP,d2=wP,e2=wP,f2=wP,c5=bP,d5=bP,e5=bP,f5=bP,e6=bK|side=w|turn=2|"
        "hand=w:???,b:???|pile=w7,b8|next=w:?,b:?|captured=w:,b:|over=-");
    // Files g (7) and dxw (3351) are drawn: 3343 files between them.
    const std::string text = picture(*far, PictureFormat::text);
    CHECK_THAT(text, Contains("~3343"));
    CHECK_THAT(text, Contains("~3343: 3343 files skipped (h to dxv)"));
    const std::string unicode = picture(*far, PictureFormat::unicode);
    CHECK_THAT(unicode, Contains("~3343: 3343 files skipped (h to dxv)"));
    const std::string svg = picture(*far, PictureFormat::svg);
    CHECK_THAT(svg, Contains(">3343</text>"));
    CHECK_THAT(svg, Contains("a gap: its number says how"));
}

namespace {

// Every <text> of an SVG picture, measured with the widths the pictures are laid out with,
// lies inside the picture's width × height.
void check_texts_inside(const std::string& svg) {
    std::smatch m;
    REQUIRE(std::regex_search(svg, m,
                              std::regex(R"re(<svg [^>]*width="([0-9.]+)" height="([0-9.]+)")re")));
    const double width = std::stod(m[1]);
    const double height = std::stod(m[2]);
    const std::regex text(R"(<text ([^>]*)>([^<]*)</text>)");
    const std::regex number(R"re(([a-z-]+)="([^"]*)")re");
    int texts = 0;
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), text); it != std::sregex_iterator();
         ++it) {
        const std::string attributes = (*it)[1];
        std::string content = (*it)[2];
        for (auto [entity, character] : {std::pair{"&amp;", "&"},
                                         {"&lt;", "<"},
                                         {"&gt;", ">"},
                                         {"&quot;", "\""},
                                         {"&apos;", "'"}}) {
            for (std::size_t at; (at = content.find(entity)) != std::string::npos;)
                content.replace(at, std::string_view(entity).size(), character);
        }
        double x = 0, y = 0, size = 16;
        std::string anchor = "start";
        bool bold = false;
        for (auto a = std::sregex_iterator(attributes.begin(), attributes.end(), number);
             a != std::sregex_iterator(); ++a) {
            const std::string name = (*a)[1];
            const std::string value = (*a)[2];
            if (name == "x") x = std::stod(value);
            if (name == "y") y = std::stod(value);
            if (name == "font-size") size = std::stod(value);
            if (name == "text-anchor") anchor = value;
            if (name == "font-weight") bold = value == "bold";
        }
        const double w = jv::svg::text_width(content, size,
                                             bold ? jv::svg::Font::sans_bold : jv::svg::Font::sans);
        const double left = anchor == "middle" ? x - w / 2 : anchor == "end" ? x - w : x;
        INFO(content << " at " << x << "," << y << " width " << w << " in " << width << "×"
                     << height);
        CHECK(left >= 0);
        CHECK(left + w <= width);
        CHECK(y - size >= 0);
        CHECK(y + size * 0.25 <= height);
        ++texts;
    }
    CHECK(texts > 10);
}

}  // namespace

TEST_CASE("every text of the SVG picture lies inside it", "[chessme][pictures][svg]") {
    const std::unique_ptr<GamePosition> at = position(checked);
    SECTION("a long title without spaces, and one with") {
        check_texts_inside(picture(
            *at, PictureFormat::svg, std::nullopt,
            "samples/chessme/illegal-C7.2-king-steps-into-check-and-a-much-longer-name.jgn, "
            "game 1, after 3... (Black)"));
        check_texts_inside(
            picture(*at, PictureFormat::svg, std::nullopt,
                    "Ana Bruno Carla Dieter Emma Florian Gustave Henriette Isidore Jacqueline Karl "
                    "Ludovic Mathilde Norbert Odile Prosper Quentin Rosalie Sebastien Therese"));
    }
    SECTION("a fault, its culprits and the key") {
        check_texts_inside(picture(*at, PictureFormat::svg, FaultMark{"Ke1-d1", "C7.2"}, "x"));
        check_texts_inside(picture(*at, PictureFormat::svg, FaultMark{"Rc1-c6", "C6.1"}));
    }
    SECTION("many captured pieces and far coordinates") {
        check_texts_inside(
            picture(*position("'aaaaaaa'999999999=wK,e1=wR,c2=wP,d2=wP,aaaaaaa1000000000=bK|side=w|"
                              "turn=40|hand=w:,b:|pile=w0,b0|next=w:,b:|"
                              "captured=w:QRBBNNPPPPPP,b:QRRBBNNPPPPPPPP|over=-"),
                    PictureFormat::svg));
    }
    // The title is wrapped, and the board moves down by its extra lines.
    const std::string one = picture(*at, PictureFormat::svg, std::nullopt, "short");
    const std::string two = picture(
        *at, PictureFormat::svg, std::nullopt,
        "a title long enough to need a second line in the picture, and more words again and "
        "again, then more words");
    CHECK(svg_centre(two, "e", "1").second == svg_centre(one, "e", "1").second + 20);
}
