#include "core/text.hpp"

#include <cstdint>

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

}  // namespace jv
