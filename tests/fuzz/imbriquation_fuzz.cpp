// Arbitrary bytes as Imbriquation text, three ways: as a position string (what the reader
// accepts is written back unchanged and read back to the same position), as action words (what
// parses is written back in its one spelling), and as the movetext of an Imbriquation record
// refereed as `jelimvre validate` does (the verdict's position string reads back).
#include <string>
#include <string_view>

#include "fuzz_targets.hpp"
#include "games/imbriquation/notation.hpp"
#include "games/imbriquation/position_text.hpp"
#include "games/imbriquation/referee.hpp"
#include "games/imbriquation/rules.hpp"

namespace jv::fuzz {

namespace {

void check_position_string(std::string_view text) {
    imb::PositionParseError error;
    const auto parsed = imb::parse_position(text, error);
    if (!parsed) {
        FUZZ_CHECK(error.offset <= text.size());
        FUZZ_CHECK(!error.message.empty());
        return;
    }
    const std::string written = imb::format_position(parsed->position, parsed->end);
    FUZZ_CHECK(written == text);
    const auto again = imb::parse_position(written, error);
    FUZZ_CHECK(again.has_value());
    FUZZ_CHECK(imb::format_position(again->position, again->end) == written);
    FUZZ_CHECK(!imb::draw_position(parsed->position, parsed->end).empty());
    // The score of any position the reader accepts can be counted, and the end before its next
    // turn judged.
    const imb::Ruleset rules;
    (void)imb::score_of(parsed->position);
    (void)imb::end_before_turn(parsed->position, rules);
}

void check_action_words(std::string_view text) {
    std::size_t begin = 0;
    while (begin < text.size()) {
        std::size_t end = text.find_first_of(" ,\n", begin);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view word = text.substr(begin, end - begin);
        begin = end + 1;
        if (word.empty()) continue;
        const imb::ActionParse parsed = imb::parse_action(word);
        if (!parsed.action) {
            FUZZ_CHECK(!parsed.problem.empty());
            continue;
        }
        FUZZ_CHECK(imb::format_action(*parsed.action) == word);
    }
}

void check_record(std::string_view movetext) {
    const std::string text =
        "[Game \"Imbriquation\"]\n[Light \"a\"]\n[Dark \"b\"]\n[Result \"*\"]\n"
        "[Tiles1 \"SO RO LO RD BL LD JD SD JO\"]\n[Tiles4 \"LD BL RO LO RD SO SD JO JD\"]\n\n" +
        std::string(movetext) + "\n*\n";
    check_records_of("Imbriquation", text);
}

}  // namespace

int fuzz_imbriquation(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    check_position_string(text);
    check_action_words(text);
    check_record(text);
    return 0;
}

}  // namespace jv::fuzz
