// The games of many record files (report/record_files.hpp): every game handed over once, in input
// order and numbered from 1 in its file, whatever the number of threads and the size of the
// pieces; every file that cannot be read said once, in its place among the files.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/record.hpp"
#include "report/record_files.hpp"

namespace {

// A scratch directory of record files, removed at the end.
class ScratchFiles {
  public:
    ScratchFiles()
        : dir_(std::filesystem::temp_directory_path() /
               ("jelimvre-record-files-" + std::to_string(::getpid()))) {
        std::filesystem::create_directories(dir_);
    }
    ~ScratchFiles() {
        std::error_code ignored;
        std::filesystem::remove_all(dir_, ignored);
    }
    std::string write(const std::string& name, const std::string& text) const {
        const std::filesystem::path path = dir_ / name;
        std::ofstream(path, std::ios::binary) << text;
        return path.string();
    }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }

  private:
    std::filesystem::path dir_;
};

// `count` games whose White tag tells the file and the game's number in it.
std::string games_text(const std::string& file, int count) {
    std::string text;
    for (int i = 1; i <= count; ++i)
        text +=
            "[White \"" + file + " " + std::to_string(i) + "\"]\n[Black \"B\"]\n\n1. Sd2-d3 *\n\n";
    return text;
}

std::string white_of(const jv::GameRecord& record) {
    for (const jv::Tag& tag : record.tags)
        if (tag.name == "White") return tag.value;
    return "";
}

struct Run {
    std::vector<std::string> games;   // "<White tag> #<index>"
    std::vector<std::string> errors;  // "<file>: <message>"
    int unreadable = 0;
};

Run judge_all(const std::vector<std::string>& files, unsigned jobs, std::size_t block_size) {
    Run run;
    auto judge = [](const jv::report::RecordPiece&, const jv::GameRecord& record,
                    jv::GameVerdict&) {
        return white_of(record) + " #" + std::to_string(record.index);
    };
    auto emit = [&](const std::string& game) { run.games.push_back(game); };
    auto errors = [&](const jv::report::FileError& error) {
        run.errors.push_back(error.file + ": " + error.message);
        if (error.first_of_file) ++run.unreadable;
    };
    jv::report::judge_games_in_order(files, {}, jobs, judge, emit, errors, nullptr, block_size);
    return run;
}

}  // namespace

TEST_CASE("record files: games in input order, numbered per file, on any number of threads",
          "[record_files]") {
    ScratchFiles scratch;
    const std::vector<std::string> files = {
        scratch.write("a.jgn", games_text("a", 40)), scratch.write("empty.jgn", "; nothing\n"),
        scratch.path("missing.jgn"), scratch.write("b.jgn", games_text("b", 7))};
    std::vector<std::string> expected;
    for (int i = 1; i <= 40; ++i)
        expected.push_back("a " + std::to_string(i) + " #" + std::to_string(i));
    for (int i = 1; i <= 7; ++i)
        expected.push_back("b " + std::to_string(i) + " #" + std::to_string(i));

    // Pieces of 64 bytes hold one game each (a game is larger); 0 is the default size.
    for (unsigned jobs : {1U, 2U, 4U}) {
        for (std::size_t block_size : {std::size_t{64}, std::size_t{0}}) {
            INFO("jobs " << jobs << ", block size " << block_size);
            const Run run = judge_all(files, jobs, block_size);
            CHECK(run.games == expected);
            REQUIRE(run.errors.size() == 2);
            CHECK(run.errors[0].starts_with(files[1] + ": holds no game"));
            CHECK(run.errors[1].starts_with(files[2] + ": "));
            CHECK(run.unreadable == 2);
        }
    }
}

TEST_CASE("record files: a record document is one piece, and its faults count its file once",
          "[record_files]") {
    ScratchFiles scratch;
    auto game = [](const std::string& white) {
        return R"({"tags": [{"name": "White", "value": ")" + white +
               R"("}, {"name": "Black", "value": "B"}, {"name": "Result", "value": "*"}], )"
               R"("turns": [{"number": 1, "actions": [{"text": "Sd2-d3"}]}], "result": "*"})";
    };
    const std::string good =
        scratch.write("good.json", R"({"games": [)" + game("j 1") + ", " + game("j 2") + "]}");
    const std::string bad = scratch.write("bad.yaml", "games:\n  - tags: 3\n  - turns: x\n");
    for (unsigned jobs : {1U, 3U}) {
        const Run run = judge_all({good, bad}, jobs, 0);
        CHECK(run.games == std::vector<std::string>{"j 1 #1", "j 2 #2"});
        CHECK(run.unreadable == 1);
        REQUIRE_FALSE(run.errors.empty());
        for (const std::string& error : run.errors) CHECK(error.starts_with(bad + ": "));
    }
}
