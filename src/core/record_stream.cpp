#include "core/record_stream.hpp"

#include <sys/stat.h>
#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/translate.hpp"

namespace jv {

namespace {

#if defined(__SSE2__)
// The line ends among sixteen bytes, added to the two 64-bit sums of `sums`.
__m128i add_line_ends(__m128i sums, __m128i bytes) {
    const __m128i ends =
        _mm_and_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('\n')), _mm_set1_epi8(1));
    return _mm_add_epi64(sums, _mm_sad_epu8(ends, _mm_setzero_si128()));
}

std::size_t total_of(__m128i sums) {
    alignas(16) std::uint64_t lanes[2];
    _mm_store_si128(reinterpret_cast<__m128i*>(lanes), sums);
    return static_cast<std::size_t>(lanes[0] + lanes[1]);
}
#endif

// The first `a` or `b` in text[from, text.size()), or text.size(); adds the '\n' before it to
// `newlines`. Every byte of a long input passes through here, so sixteen at a time where SSE2
// is at hand (every x86-64 target).
std::size_t find_counting_lines(std::string_view text, std::size_t from, char a, char b,
                                std::size_t& newlines) {
    const char* const data = text.data();
    std::size_t i = from;
#if defined(__SSE2__)
    const __m128i stop_a = _mm_set1_epi8(a);
    const __m128i stop_b = _mm_set1_epi8(b);
    __m128i sums = _mm_setzero_si128();  // the line ends of whole blocks
    for (; i + 16 <= text.size(); i += 16) {
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i));
        const __m128i stops =
            _mm_or_si128(_mm_cmpeq_epi8(bytes, stop_a), _mm_cmpeq_epi8(bytes, stop_b));
        if (_mm_movemask_epi8(stops) != 0) break;  // the loop below finds it in this block
        sums = add_line_ends(sums, bytes);
    }
    newlines += total_of(sums);
#endif
    for (; i < text.size(); ++i) {
        if (data[i] == a || data[i] == b) return i;
        if (data[i] == '\n') ++newlines;
    }
    return text.size();
}

// The number of '\n' in text[from, to), sixteen bytes at a time where SSE2 is at hand.
std::size_t count_newlines(std::string_view text, std::size_t from, std::size_t to) {
    const char* const data = text.data();
    std::size_t i = from;
    std::size_t newlines = 0;
#if defined(__SSE2__)
    __m128i sums = _mm_setzero_si128();
    for (; i + 16 <= to; i += 16)
        sums = add_line_ends(sums, _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i)));
    newlines += total_of(sums);
#endif
    for (; i < to; ++i)
        if (data[i] == '\n') ++newlines;
    return newlines;
}

// Just past the last '\n' in text[from, to), or npos when there is none.
std::size_t after_last_newline(std::string_view text, std::size_t from, std::size_t to) {
    for (std::size_t i = to; i > from; --i)
        if (text[i - 1] == '\n') return i;
    return std::string_view::npos;
}

// Whether any of the lines (each ending with '\n') holds content: a line's first byte that is
// not blank, unless it is a ';' that makes the line a comment.
bool lines_hold_content(std::string_view lines) {
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const char c = lines[i];
        if (c == ';') {
            i = lines.find('\n', i);  // a comment line: on to the next line
            if (i == std::string_view::npos) return false;
        } else if (c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v' && c != '\n') {
            return true;
        }
    }
    return false;
}

}  // namespace

std::size_t GameStartScanner::scan(std::string_view text) {
    bool searched_backwards = !fast_paths_;  // once a call, so that each byte is searched once
    for (;;) {
        if (marked_) {
            // The line at next_line_ is read closely, once its end is known.
            const std::size_t end = text.find('\n', searched_);
            if (end == std::string_view::npos) {
                searched_ = text.size();
                return cut_;
            }
            read_line(text.substr(next_line_, end - next_line_), next_line_);
            ++lines_;
            next_line_ = searched_ = end + 1;
            marked_ = false;
            continue;
        }
        if (!searched_backwards && !in_comment_) {
            searched_backwards = true;
            skip_lines_without_comments(text);
        }
        // Most lines change nothing but, outside comments, whether content was seen: only a
        // '[' or a '{' makes a line one to read closely, and inside a comment only a '}'. So
        // the scan goes from one such byte to the next, counting the lines on the way.
        std::size_t newlines = 0;
        const std::size_t stop = in_comment_
                                     ? find_counting_lines(text, searched_, '}', '}', newlines)
                                     : find_counting_lines(text, searched_, '[', '{', newlines);
        // The complete lines before the stop's line (or before the unfinished last line).
        const std::size_t after = after_last_newline(text, searched_, stop);
        const std::size_t lines_end = after != std::string_view::npos ? after : next_line_;
        if (!in_comment_ && lines_hold_content(text.substr(next_line_, lines_end - next_line_))) {
            last_is_tag_ = false;
            seen_content_ = true;
        }
        lines_ += newlines;
        next_line_ = lines_end;
        if (stop == text.size()) {
            searched_ = stop;
            return cut_;
        }
        marked_ = true;
        searched_ = stop + 1;
    }
}

// Where no '{' stands, no comment spans lines, and what each line does to the scan depends on
// that line alone and on the last line before it that holds content: a line that starts with
// '[' opens a new game when that line does not end with a tag. So the last cut among the
// complete lines not read yet is found from their end backwards, usually within the last game
// (each line that holds a '[' read by read_line()), and the lines are counted sixteen bytes at
// a time. The scan forward, which reads every line holding a '[' or a '{' closely, took 7 % of
// the instructions of a long ChessMe input (20,000 games in pieces of 4 MiB); this takes 0.7 %,
// nearly all of it the count of the lines. Any '{' among the lines leaves them to the scan
// forward.
void GameStartScanner::skip_lines_without_comments(std::string_view text) {
    // The complete lines not read yet: no '\n' stands in [next_line_, searched_).
    const std::size_t last_newline = text.substr(searched_).rfind('\n');
    if (last_newline == std::string_view::npos) return;
    const std::size_t lines_end = searched_ + last_newline + 1;
    const std::string_view lines = text.substr(next_line_, lines_end - next_line_);
    if (lines.find('{') != std::string_view::npos) return;

    // What a line holds, as read_line() reads it from a state where nothing was seen.
    struct LineReading {
        bool holds_content = false;
        bool ends_with_tag = false;
        bool starts_with_bracket = false;  // its first byte but for ' ', '\t' and '\r' is '['
    };
    auto read_alone = [](std::string_view line) {
        LineReading reading;
        std::size_t first = 0;
        while (first < line.size() &&
               (line[first] == ' ' || line[first] == '\t' || line[first] == '\r'))
            ++first;
        reading.starts_with_bracket = first < line.size() && line[first] == '[';
        if (line.find('[') == std::string_view::npos) {
            // No tag: content unless the line is blank or a ';' comment (lines_hold_content).
            while (first < line.size() &&
                   (line[first] == '\f' || line[first] == '\v' || line[first] == ' ' ||
                    line[first] == '\t' || line[first] == '\r'))
                ++first;
            reading.holds_content = first < line.size() && line[first] != ';';
            return reading;
        }
        GameStartScanner alone(false);
        alone.read_line(line, 0);
        reading.holds_content = alone.seen_content_;
        reading.ends_with_tag = alone.last_is_tag_;
        return reading;
    };

    // From the last line backwards: the last line holding content gives the state after the
    // lines; the last line starting with '[' whose previous content line does not end with a tag
    // (or, without one, the state before the lines) is the cut.
    std::size_t cut = std::string_view::npos;
    bool found_last = false;
    bool final_last_is_tag = last_is_tag_;
    bool any_content = false;
    std::size_t later_start = std::string_view::npos;  // the content line after, not settled yet
    bool later_starts_with_bracket = false;
    std::size_t end = lines.size();  // the end of the current line, before its '\n'
    while (end > 0) {
        const std::size_t newline = end - 1;  // the '\n' that ends the current line
        const std::size_t before =
            newline == 0 ? std::string_view::npos : lines.rfind('\n', newline - 1);
        const std::size_t start = before == std::string_view::npos ? 0 : before + 1;
        const LineReading reading = read_alone(lines.substr(start, newline - start));
        end = start;
        if (!reading.holds_content) continue;
        any_content = true;
        if (!found_last) {
            found_last = true;
            final_last_is_tag = reading.ends_with_tag;
        }
        if (later_start != std::string_view::npos && later_starts_with_bracket &&
            !reading.ends_with_tag) {
            cut = later_start;
            break;
        }
        later_start = start;
        later_starts_with_bracket = reading.starts_with_bracket;
    }
    if (cut == std::string_view::npos && later_start != std::string_view::npos &&
        later_starts_with_bracket && !last_is_tag_ && seen_content_)
        cut = later_start;  // the first content line, after the state before the lines

    if (cut != std::string_view::npos) {
        cut_ = next_line_ + cut;
        cut_lines_ = lines_ + count_newlines(text, next_line_, cut_);
        lines_ = cut_lines_ + count_newlines(text, cut_, lines_end);
    } else {
        lines_ += count_newlines(text, next_line_, lines_end);
    }
    last_is_tag_ = final_last_is_tag;
    seen_content_ = seen_content_ || any_content;
    next_line_ = searched_ = lines_end;
}

void GameStartScanner::drop(std::size_t count) {
    next_line_ = count < next_line_ ? next_line_ - count : 0;
    searched_ = count < searched_ ? searched_ - count : 0;
    cut_ = count < cut_ ? cut_ - count : 0;
    lines_ -= cut_lines_;
    cut_lines_ = 0;
}

// Reads a line that a comment spans into or that holds '[' or '{'. Follows the reader's tokens
// only as far as cuts need: comments (a '{' inside a tag's quoted value or after ';' opens none),
// tags, and whether a '[' starts its line.
void GameStartScanner::read_line(std::string_view line, std::size_t start) {
    std::size_t i = 0;
    bool at_line_start = true;  // only blanks so far, as the reader's at_line_start() asks
    if (in_comment_) {
        std::size_t close = line.find('}');
        if (close == std::string_view::npos) return;
        in_comment_ = false;
        i = close + 1;
        at_line_start = false;
    }
    bool in_tag = false;  // between '[' and ']'; a tag never spans lines
    bool in_value = false;
    for (; i < line.size(); ++i) {
        const char c = line[i];
        if (in_value) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                in_value = false;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r') continue;
        if (c == '\f' || c == '\v') {
            at_line_start = false;
            continue;
        }
        if (c == ';') return;
        if (c == '{') {
            std::size_t close = line.find('}', i + 1);
            if (close == std::string_view::npos) {
                in_comment_ = true;
                return;
            }
            i = close;
            at_line_start = false;
            continue;
        }
        if (c == '[') {
            if (at_line_start && !last_is_tag_ && seen_content_) {
                cut_ = start;
                cut_lines_ = lines_;
            }
            in_tag = true;
            last_is_tag_ = true;
        } else if (in_tag) {
            if (c == '"') in_value = true;
            if (c == ']') in_tag = false;
        } else {
            last_is_tag_ = false;
        }
        seen_content_ = true;
        at_line_start = false;
    }
}

std::size_t last_game_start(std::string_view text) {
    GameStartScanner scanner;
    return scanner.scan(text);
}

GameStream::GameStream(std::string path, std::string display_path, std::string& error,
                       std::size_t block_size, std::optional<Encoding> encoding)
    : display_path_(std::move(display_path)), block_size_(block_size) {
    if (encoding && *encoding != Encoding::utf8)
        decoder_ = std::make_unique<Utf8Decoder>(*encoding);
    if (path == "-") {
        file_ = stdin;
        return;
    }
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
        // TRANSLATORS: said of a file; {} is the system's reason (No such file or directory).
        error = trf("cannot open: {}", std::strerror(errno));
        return;
    }
    if (S_ISDIR(info.st_mode)) {
        // TRANSLATORS: said of a file named before it.
        error = tr("is a directory, not a record file");
        return;
    }
    file_ = std::fopen(path.c_str(), "rb");
    if (file_ == nullptr) {
        // TRANSLATORS: said of a file; {} is the system's reason (No such file or directory).
        error = trf("cannot open: {}", std::strerror(errno));
        return;
    }
    owns_file_ = true;
}

GameStream::~GameStream() {
    if (owns_file_ && file_ != nullptr) std::fclose(file_);
}

std::unique_ptr<SourceFile> GameStream::next(std::string& error) {
    if (file_ == nullptr) return nullptr;
    for (;;) {
        std::size_t cut = eof_ ? buffer_.size() : scanner_.scan(buffer_);
        if (cut > 0 && (eof_ || buffer_.size() >= block_size_)) {
            std::string piece;
            if (cut >= buffer_.size() - cut) {
                // The piece may be one enormous game: it keeps the buffer, and only the rest
                // after it is copied out.
                std::string rest = buffer_.substr(cut);
                piece = std::move(buffer_);
                piece.resize(cut);
                buffer_ = std::move(rest);
            } else {
                piece = buffer_.substr(0, cut);
                buffer_.erase(0, cut);
            }
            // The scanner counted the lines before the cut as it read them. At the end of the
            // input the piece is all the rest: no piece follows that would need the count.
            const auto lines = eof_ ? 0 : static_cast<std::uint32_t>(scanner_.lines_before_cut());
            scanner_.drop(cut);
            auto source = std::make_unique<SourceFile>(display_path_, std::move(piece), next_line_,
                                                       at_input_start_, eof_ && buffer_.empty());
            next_line_ += lines;
            at_input_start_ = false;
            return source;
        }
        if (eof_) return nullptr;
        if (!read_block(error)) return nullptr;
    }
}

bool GameStream::read_block(std::string& error) {
    // Read into a block of its own, then append: making room in buffer_ with resize() would
    // first fill the whole block with zeros, which costs more than one copy.
    if (!block_) block_ = std::make_unique_for_overwrite<char[]>(block_size_);
    const std::size_t got = std::fread(block_.get(), 1, block_size_, file_);
    if (got < block_size_ && std::ferror(file_)) {
        // TRANSLATORS: said of a file; {} is the system's reason.
        error = trf("cannot read: {}", std::strerror(errno));
        return false;
    }
    const std::string_view block(block_.get(), got);
    if (decoder_) {
        LineColumn at;
        if (!decoder_->convert(block, got < block_size_, buffer_, error, at)) {
            error_at_ = at;
            return false;
        }
    } else {
        if (!head_checked_) {
            // A constant cost per input: UTF-16 shows in its first bytes.
            head_checked_ = true;
            if (std::optional<NotUtf8> utf16 = detect_utf16(block)) {
                const SourceFile head(display_path_,
                                      std::string(block.substr(0, utf16->offset + 1)));
                error_at_ = head.line_column(static_cast<std::uint32_t>(utf16->offset));
                error = not_utf8_message(*utf16, block, "validate", display_path_);
                return false;
            }
        }
        buffer_.append(block);
    }
    if (got < block_size_) eof_ = true;
    return true;
}

std::string_view GameStream::head(std::string& error) {
    if (file_ == nullptr) return {};
    // Blank lines tell nothing: read on to the first byte that is not blank (one block, but for
    // an input that starts with megabytes of white space).
    while (!eof_ && buffer_.find_first_not_of(" \t\r\n\xEF\xBB\xBF") == std::string::npos)
        if (!read_block(error)) return {};
    return buffer_;
}

bool GameStream::read_rest(std::string& text, std::string& error) {
    if (file_ == nullptr) return false;
    while (!eof_)
        if (!read_block(error)) return false;
    text = std::move(buffer_);
    buffer_.clear();
    return true;
}

}  // namespace jv
