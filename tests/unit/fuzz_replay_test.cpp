// Every seed and every regression input of the fuzz targets, replayed through the targets' own
// bodies (tests/fuzz): an input a fuzzer once crashed on stays a test here. A broken invariant
// traps, which fails this test with the signal; the INFO names the file.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "fuzz_targets.hpp"

namespace {

using Body = int (*)(const std::uint8_t*, std::size_t);

// The files of tests/fuzz/<folder>/<target>, in name order.
std::vector<std::filesystem::path> inputs(const std::string& folder, const std::string& target) {
    const std::filesystem::path dir =
        std::filesystem::path(JELIMVRE_SOURCE_DIR) / "tests" / "fuzz" / folder / target;
    std::vector<std::filesystem::path> out;
    if (!std::filesystem::is_directory(dir)) return out;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        if (entry.is_regular_file() && entry.path().filename() != ".gitkeep")
            out.push_back(entry.path());
    std::sort(out.begin(), out.end());
    return out;
}

std::size_t replay(const std::string& folder, const std::string& target, Body body) {
    const auto files = inputs(folder, target);
    for (const auto& path : files) {
        std::ifstream in(path, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
        INFO(path.string());
        CHECK(body(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()) == 0);
    }
    return files.size();
}

struct Target {
    const char* name;
    Body body;
};

const Target targets[] = {
    {"jgn_reader", jv::fuzz::fuzz_jgn_reader}, {"jfen", jv::fuzz::fuzz_jfen},
    {"ruleset", jv::fuzz::fuzz_ruleset},       {"rules", jv::fuzz::fuzz_rules},
    {"chessme", jv::fuzz::fuzz_chessme},       {"imbriquation", jv::fuzz::fuzz_imbriquation},
};

}  // namespace

TEST_CASE("fuzz seed corpora replay cleanly", "[fuzz]") {
    for (const Target& target : targets) {
        INFO(target.name);
        CHECK(replay("corpus", target.name, target.body) > 0);
    }
}

TEST_CASE("fuzz regression inputs replay cleanly", "[fuzz]") {
    for (const Target& target : targets) replay("regressions", target.name, target.body);
}
