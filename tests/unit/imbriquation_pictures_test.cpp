// Imbriquation's pictures with a refused turn drawn (FaultMark): the pawns at fault are ringed in
// the SVG at their squares and named under the text and Unicode diagrams; and the score said in
// words (I7.5).
#include <catch2/catch.hpp>

#include <regex>
#include <string>

#include "core/game.hpp"
#include "games/imbriquation/rules.hpp"
#include "imbriquation_support.hpp"

namespace {

using jv::test::imbriquation::game;

std::unique_ptr<jv::GamePosition> position(std::string_view text) {
    std::uint32_t offset = 0;
    std::string error;
    std::unique_ptr<jv::GamePosition> out = game().parse_position(text, {}, offset, error);
    INFO(error);
    REQUIRE(out != nullptr);
    return out;
}

std::string picture(const jv::GamePosition& at, jv::PictureFormat format,
                    std::optional<jv::FaultMark> fault) {
    jv::PictureOptions options;
    options.title = "a title";
    options.fault = fault;
    return game().picture(at, format, options);
}

// The centre of `square` in the SVG, read from the picture's own labels: the file's letter under
// the board is centred on its column, the rank's number 5 pixels below its row's middle.
std::pair<std::string, std::string> centre(const std::string& svg, std::string_view square) {
    std::smatch file;
    std::smatch rank;
    const std::string f(1, square[0]);
    const std::string r(1, square[1]);
    REQUIRE(std::regex_search(
        svg, file,
        std::regex("<text x=\"([0-9]+)\" y=\"[0-9]+\" font-size=\"13\" text-anchor=\"middle\">" +
                   f + "</text>")));
    REQUIRE(std::regex_search(
        svg, rank,
        std::regex("<text x=\"[0-9]+\" y=\"([0-9]+)\" font-size=\"13\" text-anchor=\"end\">" + r +
                   "</text>")));
    return {file[1].str(), std::to_string(std::stoi(rank[1].str()) - 5)};
}

bool ringed(const std::string& svg, std::string_view square) {
    const auto [x, y] = centre(svg, square);
    return svg.find("class=\"fault-culprit\" cx=\"" + x + "\" cy=\"" + y + "\"") !=
           std::string::npos;
}

bool crossed(const std::string& svg, std::string_view square) {
    const auto [x, y] = centre(svg, square);
    // The cross's first stroke starts a fifth of a square (48 pixels) from its corner.
    return svg.find("class=\"fault-target\" d=\"M" + std::to_string(std::stoi(x) - 24 + 9) + " " +
                    std::to_string(std::stoi(y) - 24 + 9) + "L") != std::string::npos;
}

// Light to place turn 3 under RO; Dark pawns on c4 and h1, Light's on a8 and h8 (the sample
// illegal-I6.3-blocked-slide.jgn, before its refused turn 3. a4,RO,a4-e4).
constexpr std::string_view blocked_slide =
    "L......L/......../......../......../..D...../......../......../.......D|ply=4|next=L|"
    "round=1|phase=tiles|left=RO,SO,SD,RD,JO,JD,LO,LD,BL|openings=4|"
    "tiles1=RO,SO,SD,RD,JO,JD,LO,LD,BL|tiles4=?|over=-";

}  // namespace

TEST_CASE("imbriquation pictures: a blocked slide rings the first pawn in the way",
          "[imbriquation][pictures][I6.3]") {
    const auto at = position(blocked_slide);
    const jv::FaultMark fault{"a4-e4", "I6.3"};
    const std::string svg = picture(*at, jv::PictureFormat::svg, fault);
    CHECK(ringed(svg, "c4"));
    CHECK_FALSE(ringed(svg, "h1"));
    CHECK(crossed(svg, "e4"));
    // The pawn the turn placed on a4 before sliding, drawn faint.
    CHECK(svg.find("class=\"fault-placed\"") != std::string::npos);
    CHECK(svg.find("refused action: a4-e4 breaks I6.3") != std::string::npos);
    // Without the fault, nothing is ringed.
    CHECK_FALSE(ringed(picture(*at, jv::PictureFormat::svg, std::nullopt), "c4"));

    const std::string text = picture(*at, jv::PictureFormat::text, fault);
    CHECK(text.find("  refused action: a4-e4 breaks I6.3 (squares a4, b4, c4, d4, e4); the dark "
                    "pawn on c4 stands in the way\n") != std::string::npos);
    const std::string unicode = picture(*at, jv::PictureFormat::unicode, fault);
    CHECK(unicode.find(" 4 │[·][·]>●<[·][·] · ") != std::string::npos);
    CHECK(unicode.find("the dark pawn on c4 stands in the way") != std::string::npos);
}

TEST_CASE("imbriquation pictures: a placement between two enemy pawns rings them",
          "[imbriquation][pictures][I4.2]") {
    const auto at = position(
        "L......L/......../....D.../......../..DLD.../......../......../........|ply=6|next=L|"
        "round=1|phase=tiles|left=RO,RD,JO,JD,LO,LD,BL|openings=4|"
        "tiles1=SO,SD,RO,RD,JO,JD,LO,LD,BL|tiles4=?|over=-");
    const jv::FaultMark fault{"e5", "I4.2"};
    const std::string svg = picture(*at, jv::PictureFormat::svg, fault);
    CHECK(ringed(svg, "e4"));
    CHECK(ringed(svg, "e6"));
    CHECK_FALSE(ringed(svg, "c4"));
    CHECK(crossed(svg, "e5"));
    CHECK(picture(*at, jv::PictureFormat::text, fault)
              .find("refused action: e5 breaks I4.2 (square e5); the dark pawns on e4 and e6 "
                    "stand on either side of it") != std::string::npos);
}

TEST_CASE("imbriquation pictures: a placement on a pawn and a jump over two neighbours",
          "[imbriquation][pictures][I4.1][I6.7]") {
    const auto on_pawn = position(
        ".......D/......../......../....D.../..LL..../......../......../L.......|ply=5|next=D|"
        "round=1|phase=tiles|left=SD,RO,RD,JO,JD,LO,LD,BL|openings=4|"
        "tiles1=SO,SD,RO,RD,JO,JD,LO,LD,BL|tiles4=?|over=-");
    const jv::FaultMark placement{"c4", "I4.1"};
    CHECK(ringed(picture(*on_pawn, jv::PictureFormat::svg, placement), "c4"));
    CHECK(picture(*on_pawn, jv::PictureFormat::text, placement)
              .find("the light pawn on c4 already stands there") != std::string::npos);

    const auto two = position(
        "L......L/......../......../......../..DD..../......../......../........|ply=4|next=L|"
        "round=1|phase=tiles|left=LO,SO,SD,RO,RD,JO,JD,LD,BL|openings=4|"
        "tiles1=LO,SO,SD,RO,RD,JO,JD,LD,BL|tiles4=?|over=-");
    const jv::FaultMark jump{"a4xf4", "I6.7"};
    const std::string svg = picture(*two, jv::PictureFormat::svg, jump);
    CHECK(ringed(svg, "c4"));
    CHECK(ringed(svg, "d4"));
    CHECK(picture(*two, jv::PictureFormat::text, jump)
              .find("it passes over the dark pawns on c4 and d4, two neighbours") !=
          std::string::npos);
}

TEST_CASE("imbriquation pictures: every text lies inside the picture, whatever the title",
          "[imbriquation][pictures]") {
    const auto at = position(blocked_slide);
    jv::PictureOptions options;
    options.title =
        "samples/imbriquation/legal-first-dark-rounds-complete.jgn, game 1, after 33. (Dark), "
        "a title long enough to need three lines at sixteen pixels in bold";
    options.fault = jv::FaultMark{"a4-e4", "I6.3"};
    const std::string svg = game().picture(*at, jv::PictureFormat::svg, options);
    std::smatch size;
    REQUIRE(std::regex_search(svg, size, std::regex("width=\"([0-9]+)\" height=\"([0-9]+)\"")));
    const int height = std::stoi(size[2].str());
    // The title's last words are drawn, on a third line; the board comes down by two lines.
    CHECK(svg.find(">bold</text>") != std::string::npos);
    CHECK(svg.find("<rect x=\"36\" y=\"88\" width=\"48\"") != std::string::npos);
    const std::regex baseline("<text x=\"[0-9]+\" y=\"([0-9]+)\"");
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), baseline);
         it != std::sregex_iterator(); ++it)
        CHECK(std::stoi((*it)[1].str()) < height - 4);
}

TEST_CASE("imbriquation: the score in words says the deciding criterion first (I7.5)",
          "[imbriquation][I7.5]") {
    using jv::imb::Score;
    using jv::imb::score_words;
    CHECK(score_words(Score{{5, 3}, {20, 22}}, true) == "Light wins on territory 5–3");
    CHECK(score_words(Score{{0, 2}, {30, 22}}, true) == "Dark wins on territory 2–0");
    CHECK(score_words(Score{{0, 0}, {20, 22}}, true) == "Dark wins on pawns 22–20, territory 0–0");
    CHECK(score_words(Score{{1, 1}, {21, 21}}, true) == "draw: territory 1–1, pawns 21–21");
    CHECK(score_words(Score{{0, 0}, {3, 2}}, false) ==
          "so far Light territory 0, pawns 3; Dark territory 0, pawns 2");
}
