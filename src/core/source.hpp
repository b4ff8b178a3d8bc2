// Source text and positions in it.
//
// Every token the reader produces carries a SourceRegion (byte offsets into one SourceFile), so a
// diagnostic can point at the exact characters from the first byte read to the final message.
// Lines and columns are decoded lazily, only when a message is printed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace jv {

// Half-open byte range [begin, end) in a SourceFile's text.
struct SourceRegion {
    std::uint32_t begin = 0;
    std::uint32_t end = 0;

    constexpr std::uint32_t size() const { return end - begin; }
    friend constexpr bool operator==(SourceRegion, SourceRegion) = default;
};

// A 1-based line and column. Columns count Unicode code points, so a column matches what an
// editor shows for UTF-8 text (a tab counts as one column).
struct LineColumn {
    std::uint32_t line = 0;
    std::uint32_t column = 0;
};

// The text of one input (a file or standard input), with its display path.
// A leading UTF-8 byte-order mark is dropped on construction: offsets, lines and columns are then
// those of the text as a reader sees it.
class SourceFile {
  public:
    SourceFile(std::string path, std::string text);
    // A piece of a larger input that starts at line `first_line` of it (streaming reads a long
    // file in pieces). Only the piece at the start of the input may carry a byte-order mark;
    // a piece before the input's end ends where the next game's tags begin.
    SourceFile(std::string path, std::string text, std::uint32_t first_line, bool input_start,
               bool input_end = true);

    const std::string& path() const { return path_; }
    // The text is followed by a '\0' (it is held in a std::string), which a scanner may use as
    // a sentinel; the text itself may hold NUL bytes too.
    std::string_view text() const { return text_; }
    std::uint32_t size() const { return static_cast<std::uint32_t>(text_.size()); }
    bool had_byte_order_mark() const { return had_bom_; }
    // False for a piece that more of the input follows.
    bool ends_input() const { return ends_input_; }

    LineColumn line_column(std::uint32_t offset) const;
    // The text of a 1-based line, without its line end ("\n" or "\r\n").
    std::string_view line_text(std::uint32_t line) const;
    // Byte offset where a 1-based line starts (lines numbered as in the whole input).
    std::uint32_t line_start(std::uint32_t line) const;
    std::string_view slice(SourceRegion region) const {
        return std::string_view(text_).substr(region.begin, region.size());
    }

  private:
    void index_lines() const;

    std::string path_;
    std::string text_;
    bool had_bom_ = false;
    bool ends_input_ = true;
    std::uint32_t first_line_ = 1;                    // lines are numbered as in the whole input
    mutable std::vector<std::uint32_t> line_starts_;  // built on first use
    // The last offset line_column() counted up to, so that the many faults of one long line
    // (a whole game written on one line) cost one pass over it, not one pass each.
    mutable std::uint32_t counted_offset_ = 0;
    mutable std::uint32_t counted_line_ = 0;  // index into line_starts_
    mutable std::uint32_t counted_column_ = 1;
};

// Reads a whole file into a SourceFile; "-" reads standard input. On failure returns false and
// sets `error` to a sentence naming the cause (missing file, a directory, no permission, ...).
bool load_source(const std::string& path, std::string& text, std::string& error);

// Number of Unicode code points in UTF-8 text (continuation bytes are not counted).
std::uint32_t count_code_points(std::string_view text);

// Offset of the first byte that is not valid UTF-8, or npos when the text is valid.
std::size_t find_invalid_utf8(std::string_view text);

}  // namespace jv
