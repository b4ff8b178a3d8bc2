#include <catch2/catch.hpp>

#include "support.hpp"

using namespace jv::jel;
using jv::test::play;
using jv::test::standard_position;

TEST_CASE("standard_position is the position after both setups", "[support]") {
    Position p = standard_position();
    CHECK(p.turn_number() == 1);
    CHECK(p.side_to_move() == Color::white);
    CHECK(p.king_square(Color::white) == jv::test::sq("f1"));
    CHECK(p.regenerator_square(Color::black) == jv::test::sq("f10"));
    auto result = play(p, "Se2-e4");
    CHECK_FALSE(result.fault);
    CHECK(p.counter(Color::white) == 2);
}
