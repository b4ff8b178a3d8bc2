#include "chessme_support.hpp"

#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "core/ruleset.hpp"
#include "core/source.hpp"
#include "support.hpp"

namespace jv::test::chessme {

const Game& game() {
    const Game* found = catalog().find("ChessMe");
    REQUIRE(found != nullptr);
    return *found;
}

Ruleset ruleset_with(std::initializer_list<std::string_view> settings) {
    return ruleset_of(game(), settings);
}

Judged judge_under(const std::string& text, const Ruleset& ruleset) {
    return judge_record(game(), text, ruleset);
}

Judged judge(const std::string& text, std::initializer_list<std::string_view> settings) {
    return judge_under(text, ruleset_with(settings));
}

std::string record(std::string_view movetext, std::string_view result, std::string_view tags) {
    return fmt::format(
        "[White \"Ana\"]\n[Black \"Bruno\"]\n[Result \"{}\"]\n[Game \"ChessMe\"]\n{}\n{}\n{}\n",
        result, tags, movetext, result);
}

}  // namespace jv::test::chessme
