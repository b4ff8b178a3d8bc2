// Arbitrary bytes as a JFEN position string. The reader takes exactly the strings the writer
// writes (notation/jfen.md), so whatever it accepts must be written back unchanged, read back to
// the same position, and be a position the rest of the engine can look at.
#include <string>
#include <string_view>

#include "fuzz_targets.hpp"
#include "games/jelimvre/movegen.hpp"
#include "games/jelimvre/referee.hpp"

namespace jv::fuzz {

int fuzz_jfen(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    jel::PositionParseError error;
    const auto parsed = jel::parse_position(text, error);
    if (!parsed) {
        FUZZ_CHECK(error.offset <= text.size());
        FUZZ_CHECK(!error.message.empty());
        return 0;
    }
    const std::string written = jel::format_position(parsed->position, parsed->end);
    FUZZ_CHECK(written == text);
    const auto again = jel::parse_position(written, error);
    FUZZ_CHECK(again.has_value());
    FUZZ_CHECK(again->position == parsed->position);
    FUZZ_CHECK(jel::format_position(again->position, again->end) == written);
    FUZZ_CHECK(!jel::draw_position(parsed->position).empty());
    // Any position the reader accepts is one the attack test can be asked about.
    for (jel::Color c : {jel::Color::white, jel::Color::black})
        if (jel::king_attacked(parsed->position, c))
            FUZZ_CHECK(parsed->position.king_square(c) != jel::no_square);
    return 0;
}

}  // namespace jv::fuzz
