#include "core/text.hpp"

#include <fmt/format.h>

namespace jv {

std::string quote_for_message(std::string_view token) {
    constexpr std::size_t kMaxCodePoints = 40;
    std::string out;
    std::size_t code_points = 0;
    for (std::size_t i = 0; i < token.size(); ++i) {
        auto byte = static_cast<unsigned char>(token[i]);
        bool continuation = (byte & 0xC0) == 0x80;
        if (!continuation && code_points++ == kMaxCodePoints) {
            out += "...";
            break;
        }
        if (byte < 0x20 || byte == 0x7F)
            out += fmt::format("\\x{:02x}", byte);
        else
            out += static_cast<char>(byte);
    }
    return out;
}

}  // namespace jv
