// Perft-style regression counts: the number of legal turns from fixed positions, to depth 1 and
// 2. Any change in move generation changes a number here. If a change is intended, check the
// new numbers by reasoning (or against the full search) before updating them.
#include <catch2/catch.hpp>

#include "games/jelimvre/movegen.hpp"
#include "games/jelimvre/referee.hpp"
#include "support.hpp"

using namespace jv::jel;

namespace {

// `placements`: how many placements first turns may have (their count explodes with more).
std::uint64_t perft(const Position& p, int depth, int placements = 1) {
    std::uint64_t count = 0;
    auto visit = [&](std::span<const Action>, const Position& after) {
        count += depth == 1 ? 1 : perft(after, depth - 1, placements);
        return true;
    };
    for_each_legal_turn(p, {}, {}, visit, placements);
    return count;
}

Position from_jfen(std::string_view text) {
    PositionParseError error;
    auto parsed = parse_position(text, error);
    INFO(error.message << " at " << error.offset);
    REQUIRE(parsed);
    return parsed->position;
}

}  // namespace

TEST_CASE("perft from the start of play", "[perft]") {
    Position start = jv::test::standard_position();
    // 52 army moves, 158 lone placements, the rest combined; 18 of them a wall placed first with
    // a soldier climbing onto it diagonally or sideways (J7.4), which no move of the start makes.
    CHECK(perft(start, 1) == 10275u);
    CHECK(perft(start, 1, 0) == 52u);  // army moves only
    CHECK(perft(start, 2, 0) == 2627u);
}

TEST_CASE("perft from positions with walls, water and counters", "[perft]") {
    // The notation brief's example after White's turn 8 (Black at counter 3: bonus turns).
    CHECK(perft(from_jfen("tngs3sg1t/s1s1q(rs)ksss1/4s3n2/1s1s7/11/7Q3/2WWW~~~3/3SS2WW2/11/"
                          "SSS2RSSSS1/TNGS1K1SGNT|side=b|turn=8|counter=w:3,b:3|lost=w:D,b:D|"
                          "supply=w:3,b:8,~:11|double=d1,h1,a2,b2,c2,g2,h2,i2,j2,a10,c10,h10,"
                          "i10,j10,d11,h11|over=-"),
                1) == 18998u);  // 37 of them a wall placed first and a soldier's climb onto it
}
