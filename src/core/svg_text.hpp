// Text in the games' SVG pictures: how wide a line will be drawn, and long texts broken into
// lines that fit a width, so that a picture grows instead of cutting a title or a side panel.
//
// An SVG picture is laid out once, on our side, without a browser to measure its text. The widths
// are DejaVu Sans's (the font every picture asks for first; the test command installs it), read
// from its advance widths and rounded up; characters outside the table count as one em, which
// over-estimates rather than under-estimates. tests/browser/pictures_test.py measures the drawn
// text in Chromium and fails when a text leaves its picture.
#pragma once

#include <span>
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

// Appends one <text> element per line of `lines` at `x`, from baseline `y`, each `line_height`
// below the one before; `attributes` (such as `font-weight="bold"`) follow the font size. An
// empty line takes its place and draws nothing. Returns the baseline of the last line.
int append_lines(std::string& out, int x, int y, std::span<const std::string> lines, int size,
                 int line_height, std::string_view attributes = {});

// The same for `text` wrapped to `max_width` in `font` (wrap_text): how every game draws a title
// or a side text that may be long.
int append_wrapped(std::string& out, int x, int y, std::string_view text, int max_width, int size,
                   int line_height, Font font = Font::sans, std::string_view attributes = {});

}  // namespace jv::svg
