// distinct_suggestions (core/explanation.hpp): the few legal turns `validate --explain` offers.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/explanation.hpp"

namespace {

std::vector<std::string> texts(const std::vector<jv::SuggestedTurn>& turns) {
    std::vector<std::string> out;
    for (const jv::SuggestedTurn& turn : turns) out.push_back(turn.text + " | " + turn.why);
    return out;
}

}  // namespace

TEST_CASE("explain: a turn that only adds unwritten actions to one offered is left out",
          "[explain]") {
    // The same move with each wall beside it, ranked by the game as it found them.
    const std::vector<std::string> ranked = {"Se2-e4",      "Se2-e4,W@a3", "Se2-e4,W@b3", "Se2-e3",
                                             "Se2-e3,W@a3", "~@d3,Se2~e5", "Se2-e4,W@c3", "Sd2-d4"};
    const auto offered = jv::distinct_suggestions("Se2-e5", ranked);
    CHECK(texts(offered) == std::vector<std::string>{
                                "Se2-e4 | Se2-e4 instead of Se2-e5",
                                "Se2-e3 | Se2-e3 instead of Se2-e5",
                                "Sd2-d4 | Sd2-d4 instead of Se2-e5",
                                "~@d3,Se2~e5 | Se2~e5 instead of Se2-e5; with ~@d3 added",
                            });
}

TEST_CASE("explain: an added action that was written keeps the turn apart", "[explain]") {
    // "Se2-e4,W@e5" adds the written wall to "Se2-e4": it is a suggestion of its own.
    const auto offered =
        jv::distinct_suggestions("Se2-e5,W@e5", std::vector<std::string>{"Se2-e4", "Se2-e4,W@e5"});
    CHECK(texts(offered) == std::vector<std::string>{
                                "Se2-e4,W@e5 | Se2-e4 instead of Se2-e5",
                                "Se2-e4 | Se2-e4 instead of Se2-e5; without W@e5",
                            });
}

TEST_CASE("explain: each replaced action is paired with the one most like it", "[explain]") {
    const auto offered = jv::distinct_suggestions(
        "Sd2-d4,Nj1-i3", std::vector<std::string>{"Nj1-k3", "~@k2,Nj1~j3", "Nj1-i3,Sd2-d4"});
    CHECK(texts(offered) == std::vector<std::string>{
                                "Nj1-i3,Sd2-d4 | the same actions in another order",
                                "Nj1-k3 | Nj1-k3 instead of Nj1-i3; without Sd2-d4",
                                "~@k2,Nj1~j3 | ~@k2 instead of Sd2-d4; Nj1~j3 instead of Nj1-i3",
                            });
    // The written turn itself is never offered, and at most `limit` are.
    CHECK(jv::distinct_suggestions("a4,RO,a4-e4", std::vector<std::string>{"a4,RO,a4-e4"}).empty());
    const std::vector<std::string> many = {"a1", "a2", "a3", "a4", "a5", "a6", "a7"};
    CHECK(jv::distinct_suggestions("b1", many).size() == 5);
    CHECK(jv::distinct_suggestions("b1", many, 2).size() == 2);
}
