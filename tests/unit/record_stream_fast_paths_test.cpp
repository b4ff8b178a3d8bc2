// The game-start scanner searches lines without comments backwards from their end
// (record_stream.cpp); it must find the same cuts, with the same line counts, as its scan
// forward through every line.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/record_stream.hpp"

using namespace jv;

namespace {

// The cut and its line count after each scan of `text` fed in blocks of `block` bytes.
std::vector<std::size_t> cuts_of(const std::string& text, std::size_t block, bool fast_paths) {
    GameStartScanner scanner(fast_paths);
    std::vector<std::size_t> out;
    for (std::size_t size = block;; size += block) {
        const std::size_t cut = scanner.scan(std::string_view(text).substr(0, size));
        out.push_back(cut);
        out.push_back(scanner.lines_before_cut());
        if (size >= text.size()) break;
    }
    return out;
}

}  // namespace

TEST_CASE("stream: the backward search finds the cuts of the scan forward", "[stream]") {
    const std::vector<std::string> lines = {"[Event \"Random\"]",
                                            "  [White \"Ana\"]  ",
                                            "\t[Black\t\"B\"]\r",
                                            "[Date \"????.??.??\"]",
                                            "[A \"v\"] [B \"w\"]",
                                            "[A \"a\\\"b\"]",
                                            "[A \"{\"]",
                                            "[A \"x\"] {c",
                                            "[A \"x\"];c",
                                            "[A \"x\"",
                                            "[A x\"]",
                                            "[\"v\"]",
                                            "[A{ \"v\"]",
                                            "[A \"v\"]x",
                                            "[A \"v\"] ]",
                                            "\f[A \"v\"]",
                                            "[A \"\r\"]",
                                            "[A \"v\" ]",
                                            "[A; \"v\"]",
                                            "[A \"v\"]\v",
                                            "",
                                            " ",
                                            "1. a *",
                                            "1. Pd2-d3",
                                            "{ comment",
                                            "}",
                                            "{c} [A \"v\"]",
                                            "; [A \"v\"]",
                                            "*",
                                            "[",
                                            "\"",
                                            std::string(1, '\0')};
    std::size_t shown = 0;
    std::size_t state = 5;
    for (int round = 0; round < 4000; ++round) {
        std::string text;
        const std::size_t count = 1 + static_cast<std::size_t>(round) % 24;
        for (std::size_t k = 0; k < count; ++k) {
            state = state * 6364136223846793005u + 1442695040888963407u;
            // Half of the texts without a brace, where the backward search reads them.
            const std::string& line = lines[(state >> 33) % lines.size()];
            if (round % 2 == 0 && line.find('{') != std::string::npos) continue;
            text += line;
            text += '\n';
        }
        for (std::size_t block : {std::size_t{1}, std::size_t{7}, std::size_t{64}, text.size()}) {
            if (block == 0) continue;
            auto fast = cuts_of(text, block, true);
            auto general = cuts_of(text, block, false);
            if (fast != general && shown++ < 5) CHECK(fast == general);
        }
    }
    CHECK(shown == 0);
    // The usual records: each game's first tag line is a cut.
    const std::string games =
        "[Event \"a\"]\n[Site \"b\"]\n\n1. x *\n\n[Event \"c\"]\n[Site \"d\"]\n\n1. y *\n";
    CHECK(cuts_of(games, games.size(), true) == cuts_of(games, games.size(), false));
    CHECK(cuts_of(games, games.size(), true).front() == games.find("[Event \"c\"]"));
}
