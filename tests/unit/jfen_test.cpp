// JFEN: the position string reads back to the same position, for every position of every
// sample game, and a faulty string is refused at the right column.
#include <filesystem>
#include <fstream>

#include <catch2/catch.hpp>

#include "core/record.hpp"
#include "games/jelimvre/referee.hpp"
#include "support.hpp"

using namespace jv::jel;

namespace {

std::size_t round_trip_file(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    jv::SourceFile source(path.string(), std::move(text));
    jv::RecordReader reader(source);
    jv::GameRecord record;
    Referee game;
    std::size_t checked = 0;
    while (reader.next(record)) {
        jv::GameVerdict verdict;
        auto check = [&](const jv::Turn&, const Position& after, const GameEnd& end) {
            std::string written = format_position(after, end);
            PositionParseError error;
            auto parsed = parse_position(written, error);
            INFO(path.filename().string() << ": " << written << "\n"
                                          << error.message << " at " << error.offset);
            REQUIRE(parsed);
            CHECK(parsed->position == after);
            CHECK(format_position(parsed->position, parsed->end) == written);
            ++checked;
        };
        game.referee_observed(record, check, verdict);
    }
    return checked;
}

std::string error_of(std::string_view text) {
    PositionParseError error;
    auto parsed = parse_position(text, error);
    if (parsed) return "parsed";
    return std::to_string(error.offset + 1) + ": " + error.message;
}

const std::string start =
    "tngsqkdsgnt/sssssrssss1/11/11/11/11/11/11/11/SSSSSRSSSS1/TNGSQKDSGNT|side=w|turn=1|"
    "counter=w:1,b:1|lost=w:-,b:-|supply=w:8,b:8,~:14|double=d1,h1,a2,b2,c2,d2,e2,g2,h2,i2,j2,"
    "a10,b10,c10,d10,e10,g10,h10,i10,j10,d11,h11|over=-";

}  // namespace

TEST_CASE("JFEN round-trips every position of every sample game", "[jfen]") {
    std::size_t total = 0;
    for (const auto& entry :
         std::filesystem::directory_iterator(std::string(JELIMVRE_SOURCE_DIR) + "/samples"))
        if (entry.path().extension() == ".jgn") total += round_trip_file(entry.path());
    CHECK(total > 300);
}

TEST_CASE("JFEN: the start position", "[jfen]") {
    PositionParseError error;
    auto parsed = parse_position(start, error);
    REQUIRE(parsed);
    CHECK(parsed->position == jv::test::standard_position());
    CHECK_FALSE(parsed->end.over);
}

TEST_CASE("JFEN: the setup positions", "[jfen]") {
    PositionParseError error;
    auto empty = parse_position(
        "11/11/11/11/11/11/11/11/11/11/11|side=w|turn=0|counter=w:1,b:1|lost=w:-,b:-|"
        "supply=w:8,b:8,~:14|double=-|over=-",
        error);
    REQUIRE(empty);
    CHECK(empty->position == Position::before_setup());
}

TEST_CASE("JFEN: faults are located", "[jfen]") {
    CHECK(error_of("") == "1: rank 11 describes 0 squares, not 11");
    CHECK(error_of("tngsqkdsgnt/sssssrssss1/11/11/11/11/11/11/11/SSSSSRSSSS1/TNGSQKDSGN") ==
          "58: rank 1 describes 10 squares, not 11");
    CHECK(error_of("x" + start.substr(1)) ==
          "1: 'x' is not a square of the board (a piece letter, W, w, R, r, ~, (...) or a number "
          "of empty squares)");
    CHECK(error_of("tngsqkdsgnt/sssssrssss1/12" + start.substr(26)) ==
          "25: a run of empty squares must be from 1 to 11, not 12");
    std::string bad_side = start;
    bad_side.replace(bad_side.find("side=w"), 6, "side=x");
    CHECK(error_of(bad_side) ==
          std::to_string(bad_side.find("side=") + 6) + ": side is 'w' or 'b'");
    std::string bad_counter = start;
    bad_counter.replace(bad_counter.find("w:1,b:1"), 7, "w:13,b:1");
    CHECK(error_of(bad_counter) == std::to_string(bad_counter.find("w:13") + 3) +
                                       ": a counter must be from 1 to 12, not 13");
    std::string lost = start;
    lost.replace(lost.find("lost=w:-"), 8, "lost=w:Q");
    CHECK(error_of(lost) == std::to_string(lost.find("lost=") + 8) +
                                ": White's queens: 1 on the board and 1 lost, but a side has 1");
    std::string supply = start;
    supply.replace(supply.find("~:14"), 4, "~:13");
    CHECK(error_of(supply) == std::to_string(supply.find("~:13") + 3) +
                                  ": water: 0 on the board and 13 in supply, but there are 14");
    std::string over = start;
    over.replace(over.find("over=-"), 6, "over=1-0:king-captured");
    CHECK(error_of(over).find("both kings are on the board") != std::string::npos);
    std::string dbl = start;
    dbl.replace(dbl.find("double=d1"), 9, "double=e1");
    CHECK(error_of(dbl) == std::to_string(dbl.find("double=") + 8) +
                               ": e1 holds no soldier on the ground, so it cannot have its double "
                               "step");
    CHECK(error_of("(~S)" + start.substr(1)) ==
          "2: inside '(...)' comes a wall (W, w) or a regenerator (R, r)");
    CHECK(error_of("(WK)" + start.substr(1)) ==
          "3: only soldiers and dragons stand on walls (J6.3)");
    CHECK(error_of(start + "|extra") ==
          std::to_string(start.size() + 1) + ": unexpected text after the position");
}
