#include "core/text.hpp"

#include <cstdint>
#include <cstring>

#include <fmt/format.h>

#include "core/source.hpp"

namespace jv {

std::string quote_for_message(std::string_view token) {
    constexpr std::size_t kMaxCodePoints = 40;
    std::string out;
    std::size_t code_points = 0;
    for (std::size_t i = 0; i < token.size();) {
        auto byte = static_cast<unsigned char>(token[i]);
        if (code_points++ == kMaxCodePoints) {
            out += "...";
            break;
        }
        // A byte that does not start a valid UTF-8 sequence is escaped like a control
        // character, so a message is always valid UTF-8 text.
        std::size_t length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2;
        bool valid =
            byte < 0x80 || (i + length <= token.size() &&
                            find_invalid_utf8(token.substr(i, length)) == std::string_view::npos);
        if (!valid || byte < 0x20 || byte == 0x7F) {
            out += fmt::format("\\x{:02x}", byte);
            ++i;
            continue;
        }
        out += token.substr(i, length);
        i += length;
    }
    return out;
}

std::size_t count_newlines(std::string_view text) {
    constexpr std::uint64_t newlines = 0x0A0A0A0A0A0A0A0AULL;
    constexpr std::uint64_t low7 = 0x7F7F7F7F7F7F7F7FULL;
    constexpr std::uint64_t high = 0x8080808080808080ULL;
    std::size_t count = 0;
    std::size_t i = 0;
    for (; i + 8 <= text.size(); i += 8) {
        std::uint64_t word;
        std::memcpy(&word, text.data() + i, 8);
        const std::uint64_t x = word ^ newlines;  // a zero byte where there was a '\n'
        // The high bit of each byte is set exactly when the byte is not zero.
        const std::uint64_t nonzero = (((x & low7) + low7) | x) & high;
        // One in the low bit of each byte that was a '\n'; the multiplication adds the bytes up
        // into the top byte (no popcount: the generic x86-64 target has no such instruction).
        const std::uint64_t ones = (~nonzero & high) >> 7;
        count += static_cast<std::size_t>((ones * 0x0101010101010101ULL) >> 56);
    }
    for (; i < text.size(); ++i) count += text[i] == '\n' ? 1 : 0;
    return count;
}

}  // namespace jv
