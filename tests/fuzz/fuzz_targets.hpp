// The bodies of the fuzz targets. Each takes arbitrary bytes, runs one reader (or the rules
// engine) on them and traps when an invariant fails. libFuzzer calls them through
// libfuzzer_entry.cpp; the unit tests (tests/unit/fuzz_replay_test.cpp) replay the seed corpora
// and the regression files through the same bodies, so every input a fuzzer once crashed on
// stays a test of the ordinary suite.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace jv::fuzz {

// JGN text: every game read, refereed and reported as `jelimvre validate` does.
int fuzz_jgn_reader(const std::uint8_t* data, std::size_t size);
// A JFEN position string: what parses writes back to the same string.
int fuzz_jfen(const std::uint8_t* data, std::size_t size);
// A ruleset file (YAML), together with the rulesets it may extend.
int fuzz_ruleset(const std::uint8_t* data, std::size_t size);
// Turns of actions played through play_turn from positions after the setup.
int fuzz_rules(const std::uint8_t* data, std::size_t size);
// ChessMe text: as a position string, as action words, and as the movetext of a record.
int fuzz_chessme(const std::uint8_t* data, std::size_t size);
// Imbriquation text: as a position string, as action words, and as the movetext of a record.
int fuzz_imbriquation(const std::uint8_t* data, std::size_t size);

// Shared by the targets of games with a grammar of their own: every record of `text` is read and
// refereed as `jelimvre validate` does, and each verdict of `game_name` has a position string
// that the game reads back and writes out unchanged.
void check_records_of(std::string_view game_name, const std::string& text);

// Prints the broken invariant and traps: libFuzzer keeps the input as a crash, and a replaying
// unit test fails with the signal.
[[noreturn]] void invariant_failed(const char* condition, const char* file, int line);

}  // namespace jv::fuzz

// Unlike assert(), stays on in Release builds, where the fuzzers run.
#define FUZZ_CHECK(condition)           \
    ((condition) ? static_cast<void>(0) \
                 : ::jv::fuzz::invariant_failed(#condition, __FILE__, __LINE__))
