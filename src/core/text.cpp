#include "core/text.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

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

std::string ascii_lowercase(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::string capitalised(std::string_view text) {
    std::string out(text);
    if (!out.empty() && out[0] >= 'a' && out[0] <= 'z')
        out[0] = static_cast<char>(out[0] - 'a' + 'A');
    return out;
}

bool equal_ignoring_ascii_case(std::string_view a, std::string_view b) {
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                              [&](char x, char y) { return lower(x) == lower(y); });
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::string xml_escape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&apos;";
                break;
            default:
                // Control characters other than tab and newline are not allowed in XML 1.0.
                if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n')
                    out += '?';
                else
                    out += c;
        }
    }
    return out;
}

}  // namespace jv
