// J6, J7.1-J7.3, J8: army moves from the standard setup.
#include <catch2/catch.hpp>

#include "support.hpp"

using jv::Verdict;
using jv::test::check_game;
using jv::test::game_text;

TEST_CASE("J7.1 a soldier steps one square forward", "[J7.1]") {
    auto legal = check_game(game_text("1. Se2-e3 Sd10-d9"));
    CHECK(legal.verdict == Verdict::legal);
    auto illegal = check_game(game_text("1. Se2-e5"));
    CHECK(illegal.verdict == Verdict::illegal);
    CHECK(illegal.rule == "J7.1");
    CHECK(illegal.turn == 1u);
    CHECK(illegal.side == "white");
    CHECK(illegal.action == "Se2-e5");
    CHECK(illegal.line == 9);
    CHECK(illegal.column == 4);
}
