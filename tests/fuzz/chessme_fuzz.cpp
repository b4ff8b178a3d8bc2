// Arbitrary bytes as ChessMe text, three ways: as a position string (what the reader accepts is
// written back unchanged and read back to the same position), as action words (what parses is
// written back in its one spelling), and as the movetext of a ChessMe record refereed as
// `jelimvre validate` does (the verdict's position string reads back).
#include <string>
#include <string_view>

#include "fuzz_targets.hpp"
#include "games/chessme/notation.hpp"
#include "games/chessme/position_text.hpp"
#include "games/chessme/rules.hpp"

namespace jv::fuzz {

namespace {

void check_position_string(std::string_view text) {
    cme::PositionParseError error;
    const auto parsed = cme::parse_position(text, error);
    if (!parsed) {
        FUZZ_CHECK(error.offset <= text.size());
        FUZZ_CHECK(!error.message.empty());
        return;
    }
    const std::string written = cme::format_position(parsed->position, parsed->end);
    FUZZ_CHECK(written == text);
    const auto again = cme::parse_position(written, error);
    FUZZ_CHECK(again.has_value());
    FUZZ_CHECK(cme::format_position(again->position, again->end) == written);
    FUZZ_CHECK(!cme::draw_position(parsed->position).empty());
    // The legal moves of any position the reader accepts are finite and can be listed.
    const cme::Ruleset rules;
    (void)cme::legal_moves(parsed->position, rules);
}

void check_action_words(std::string_view text) {
    std::size_t begin = 0;
    while (begin < text.size()) {
        std::size_t end = text.find_first_of(" ,\n", begin);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view word = text.substr(begin, end - begin);
        begin = end + 1;
        if (word.empty()) continue;
        const cme::ActionParse parsed = cme::parse_action(word);
        if (!parsed.word) {
            FUZZ_CHECK(!parsed.problem.empty());
            continue;
        }
        std::string written = cme::format_action(parsed.word->action);
        if (parsed.word->mark == cme::CheckMark::check) written += '+';
        if (parsed.word->mark == cme::CheckMark::mate) written += '#';
        FUZZ_CHECK(written == word);
    }
}

void check_record(std::string_view movetext) {
    const std::string text =
        "[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n[Game \"ChessMe\"]\n\n" +
        std::string(movetext) + "\n*\n";
    check_records_of("ChessMe", text);
}

}  // namespace

int fuzz_chessme(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    check_position_string(text);
    check_action_words(text);
    check_record(text);
    return 0;
}

}  // namespace jv::fuzz
