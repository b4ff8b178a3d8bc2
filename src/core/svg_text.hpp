// Text in the games' SVG pictures: how wide a line will be drawn, and long texts broken into
// lines that fit a width, so that a picture grows instead of cutting a title or a side panel.
//
// An SVG picture is laid out once, on our side, without a browser to measure its text. The widths
// are DejaVu Sans's (the font every picture asks for first; the test command installs it), read
// from its advance widths and rounded up; characters outside the table count as one em, which
// over-estimates rather than under-estimates. tests/browser/pictures_test.py measures the drawn
// text in Chromium and fails when a text leaves its picture.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace jv::svg {

enum class Font : unsigned char {
    sans,       // DejaVu Sans
    sans_bold,  // DejaVu Sans Bold
    mono,       // DejaVu Sans Mono
};

// The width in pixels that `text` (UTF-8) takes at `font_size` pixels.
double text_width(std::string_view text, double font_size, Font font = Font::sans);

// `text` broken into lines no wider than `max_width` at `font_size`: at spaces first, then after
// a ',', '/', '-' or '|' inside a word too long for a line, and inside the word only when nothing
// else fits. Never empty: an empty text is one empty line.
std::vector<std::string> wrap_text(std::string_view text, double max_width, double font_size,
                                   Font font = Font::sans);

}  // namespace jv::svg
