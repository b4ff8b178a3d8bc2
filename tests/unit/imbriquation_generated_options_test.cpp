// Issue 18 asks that in generated Imbriquation games every option's case occurs: for each
// option of the table, some generated game reaches a position where its other value changes
// what is legal (or whether the game is over), so that random games exercise every reading of
// the disputed rules, not only the standard one. Generated under the standard ruleset, games
// are seen through the game interface, as the commands see them.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/game.hpp"
#include "core/ruleset.hpp"
#include "core/source.hpp"
#include "support.hpp"

namespace {

const jv::Game& imbriquation() {
    const jv::Game* found = jv::test::catalog().find("Imbriquation");
    REQUIRE(found != nullptr);
    return *found;
}

jv::Ruleset with(const std::string& setting) {
    jv::Ruleset ruleset = imbriquation().standard_ruleset();
    const std::optional<std::string> problem = jv::apply_setting(imbriquation(), ruleset, setting);
    INFO(problem.value_or(""));
    REQUIRE_FALSE(problem);
    return ruleset;
}

// The positions after each turn of a generated game, under the standard ruleset.
std::vector<std::unique_ptr<jv::GamePosition>> positions_of(const jv::GameRules& rules,
                                                            const jv::GameRecord& record) {
    std::vector<std::unique_ptr<jv::GamePosition>> out;
    jv::GameVerdict verdict;
    const jv::TurnObserver keep = [&](const jv::ObservedTurn& seen) {
        out.push_back(seen.after.clone());
    };
    rules.referee(record, jv::RefereeRequest{}, verdict, &keep);
    REQUIRE(verdict.verdict == jv::Verdict::legal);
    return out;
}

}  // namespace

TEST_CASE(
    "Imbriquation: in generated games the case of every option occurs (I3.2, I4.2, I4.3, "
    "I6.7, I8.2)",
    "[imbriquation][generate][options]") {
    const jv::Game& game = imbriquation();
    const std::unique_ptr<jv::GameRules> standard = game.make_rules(game.standard_ruleset());
    // Each option's other value, and how many positions (or games) it judges differently.
    const std::vector<std::string> others = {"sandwich=line", "sandwich_in_openings=false",
                                             "long_jump=several", "early_end=either-player"};
    std::map<std::string, std::unique_ptr<jv::GameRules>> other_rules;
    for (const std::string& setting : others) other_rules[setting] = game.make_rules(with(setting));
    const std::unique_ptr<jv::GameRules> four_each =
        game.make_rules(with("opening_pawns=four-each"));
    std::map<std::string, int> differing;

    std::string text;
    for (std::uint32_t round = 1; round <= 300; ++round)
        text += standard->generate(20261126, round, jv::GenerateRequest{}) + "\n";
    const jv::SourceFile source("generated.jgn", text);
    for (const jv::GameRecord& record : jv::test::read_all(source)) {
        // I3.2: the fifth turn of a round is a tile turn with two opening placements each, an
        // opening placement with four: every generated game reads differently.
        jv::GameVerdict verdict;
        four_each->referee(record, jv::RefereeRequest{}, verdict);
        if (verdict.verdict != jv::Verdict::legal) ++differing["opening_pawns=four-each"];
        // The others: the number of legal turns (none once the game is over) at some position.
        for (const auto& position : positions_of(*standard, record)) {
            const std::uint64_t here = standard->perft(*position, 1, jv::ListingRequest{});
            for (const std::string& setting : others)
                if (other_rules[setting]->perft(*position, 1, jv::ListingRequest{}) != here)
                    ++differing[setting];
        }
    }
    for (const std::string& setting :
         {std::string("opening_pawns=four-each"), std::string("sandwich=line"),
          std::string("sandwich_in_openings=false"), std::string("long_jump=several"),
          std::string("early_end=either-player")}) {
        INFO(setting);
        CHECK(differing[setting] > 0);
    }
}
