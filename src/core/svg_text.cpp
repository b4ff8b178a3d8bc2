#include "core/svg_text.hpp"

#include <array>
#include <cstdint>
#include <iterator>

#include <fmt/format.h>

#include "core/text.hpp"

namespace jv::svg {

namespace {

// DejaVu Sans's advance widths of the printable ASCII characters (' ' to '~'), in 1/2048 em.
constexpr std::array<std::uint16_t, 95> sans_widths = {
    651,  821,  942,  1716, 1303, 1946, 1597, 563,  799,  799,  1024, 1716, 651,  739,  651,  690,
    1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 690,  690,  1716, 1716, 1716, 1087,
    2048, 1401, 1405, 1430, 1577, 1294, 1178, 1587, 1540, 604,  604,  1343, 1141, 1767, 1532, 1612,
    1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251, 1403, 799,  690,  799,  1716, 1024,
    1024, 1255, 1300, 1126, 1300, 1260, 721,  1300, 1298, 569,  569,  1186, 569,  1995, 1298, 1253,
    1300, 1300, 842,  1067, 803,  1298, 1212, 1675, 1212, 1212, 1075, 1303, 690,  1303, 1716};

// Bold DejaVu Sans is wider than the regular face by up to about an eighth.
constexpr double bold_factor = 1.13;
constexpr double mono_em = 1233.0 / 2048.0;

// The next code point of `text` from `at` (advanced past it); a broken sequence counts as one
// byte of one character.
std::uint32_t next_code_point(std::string_view text, std::size_t& at) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char first = byte(at);
    std::size_t length = first < 0x80    ? 1
                         : first >= 0xF0 ? 4
                         : first >= 0xE0 ? 3
                         : first >= 0xC0 ? 2
                                         : 1;
    if (at + length > text.size()) length = 1;
    std::uint32_t code = length == 1 ? first : first & (0x3F >> (length - 1));
    for (std::size_t i = 1; i < length; ++i) code = (code << 6) | (byte(at + i) & 0x3F);
    at += length;
    return code;
}

// One character's width in em.
double em_width(std::uint32_t code, Font font) {
    if (font == Font::mono) return code >= 0x2E80 ? 2 * mono_em : mono_em;
    double em = 1.0;
    if (code >= 0x20 && code <= 0x7E)
        em = sans_widths[code - 0x20] / 2048.0;
    else if (code >= 0xC0 && code <= 0x24F)
        em = 0.78;  // accented Latin letters: as wide as the widest of their base letters
    return font == Font::sans_bold ? em * bold_factor : em;
}

bool is_break_after(char c) {
    return c == ',' || c == '/' || c == '-' || c == '|';
}

}  // namespace

double text_width(std::string_view text, double font_size, Font font) {
    double em = 0;
    for (std::size_t at = 0; at < text.size();) em += em_width(next_code_point(text, at), font);
    return em * font_size;
}

std::vector<std::string> wrap_text(std::string_view text, double max_width, double font_size,
                                   Font font) {
    std::vector<std::string> lines;
    std::string line;
    const auto fits = [&](std::string_view candidate) {
        return text_width(candidate, font_size, font) <= max_width;
    };
    // Adds one word (no spaces) to the lines, broken where it must be.
    const auto add_word = [&](std::string_view word) {
        const std::string joined =
            line.empty() ? std::string(word) : line + ' ' + std::string(word);
        if (fits(joined)) {
            line = joined;
            return;
        }
        if (!line.empty()) {
            lines.push_back(line);
            line.clear();
        }
        while (!word.empty() && !fits(word)) {
            // The longest head that fits, cut after a break character when there is one.
            std::size_t fitting = 0;
            std::size_t at = 0;
            std::size_t last_break = 0;
            while (at < word.size()) {
                std::size_t next = at;
                next_code_point(word, next);
                if (!fits(word.substr(0, next))) break;
                if (is_break_after(word[at])) last_break = next;
                fitting = at = next;
            }
            std::size_t cut = last_break > 0 ? last_break : fitting;
            if (cut == 0) next_code_point(word, cut);  // one character wider than the line
            lines.emplace_back(word.substr(0, cut));
            word.remove_prefix(cut);
        }
        line = std::string(word);
    };
    std::size_t at = 0;
    while (at < text.size()) {
        while (at < text.size() && text[at] == ' ') ++at;
        std::size_t end = text.find(' ', at);
        if (end == std::string_view::npos) end = text.size();
        if (end > at) add_word(text.substr(at, end - at));
        at = end;
    }
    if (!line.empty() || lines.empty()) lines.push_back(line);
    return lines;
}

int append_lines(std::string& out, int x, int y, std::span<const std::string> lines, int size,
                 int line_height, std::string_view attributes) {
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (i > 0) y += line_height;
        if (lines[i].empty()) continue;
        fmt::format_to(std::back_inserter(out),
                       "<text x=\"{}\" y=\"{}\" font-size=\"{}\"{}{}>{}</text>\n", x, y, size,
                       attributes.empty() ? "" : " ", attributes, xml_escape(lines[i]));
    }
    return y;
}

int append_wrapped(std::string& out, int x, int y, std::string_view text, int max_width, int size,
                   int line_height, Font font, std::string_view attributes) {
    return append_lines(out, x, y, wrap_text(text, max_width, size, font), size, line_height,
                        attributes);
}

}  // namespace jv::svg
