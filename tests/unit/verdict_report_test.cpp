// report/verdict_report: the text report's English lines, appended as pieces for speed, are
// the bytes that the catalogue's format strings write in every other language.
#include <filesystem>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/game.hpp"
#include "core/source.hpp"
#include "core/translate.hpp"
#include "report/verdict_report.hpp"
#include "support.hpp"

TEST_CASE("text report: the English pieces write what the format strings write", "[report]") {
    namespace fs = std::filesystem;
    REQUIRE(jv::message_language() == jv::Language::english);
    const jv::Referees referees(jv::test::catalog());
    std::size_t games = 0;
    std::size_t faulty = 0;
    for (const fs::directory_entry& entry :
         fs::recursive_directory_iterator(fs::path(JELIMVRE_SOURCE_DIR) / "samples")) {
        if (entry.path().extension() != ".jgn") continue;
        std::string text;
        std::string error;
        REQUIRE(jv::load_source(entry.path().string(), text, error));
        const jv::SourceFile source(entry.path().filename().string(), std::move(text));
        for (const jv::GameRecord& record : jv::test::read_all(source)) {
            jv::GameVerdict verdict;
            referees.referee(record, {}, verdict);
            const jv::report::GameReport game{source, record, verdict};
            INFO(entry.path().filename().string() << ", game " << record.index);
            CHECK(jv::report::detail::format_text(game, {}, true) ==
                  jv::report::detail::format_text(game, {}, false));
            ++games;
            faulty += verdict.faults.empty() ? 0 : 1;
        }
    }
    // Every line of the report is met: legal and faulty games of the three games.
    CHECK(games >= 40);
    CHECK(faulty >= 20);
}
