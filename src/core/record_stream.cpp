#include "core/record_stream.hpp"

#include <sys/stat.h>
#include <algorithm>
#include <cerrno>
#include <cstring>

#include "core/text.hpp"

namespace jv {

std::size_t GameStartScanner::scan(std::string_view text) {
    for (;;) {
        std::size_t end = text.find('\n', next_line_);
        if (end == std::string_view::npos) return cut_;
        read_line(text.substr(next_line_, end - next_line_), next_line_);
        next_line_ = end + 1;
    }
}

void GameStartScanner::drop(std::size_t count) {
    next_line_ = count < next_line_ ? next_line_ - count : 0;
    cut_ = count < cut_ ? cut_ - count : 0;
}

// Follows the reader's tokens only as far as cuts need: comments (a '{' inside a tag's quoted
// value or after ';' opens none), tags, and whether a '[' starts its line.
void GameStartScanner::read_line(std::string_view line, std::size_t start) {
    // Most lines are plain movetext: without '[' or '{' only their first character that is not
    // blank matters (a ';' there makes the line a comment, anything else is content).
    if (!in_comment_ && line.find('[') == std::string_view::npos &&
        line.find('{') == std::string_view::npos) {
        const std::size_t first = line.find_first_not_of(" \t\r\f\v");
        if (first != std::string_view::npos && line[first] != ';') {
            last_is_tag_ = false;
            seen_content_ = true;
        }
        return;
    }
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
            if (at_line_start && !last_is_tag_ && seen_content_) cut_ = start;
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
                       std::size_t block_size)
    : display_path_(std::move(display_path)), block_size_(block_size) {
    if (path == "-") {
        file_ = stdin;
        return;
    }
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
        error = std::string("cannot open: ") + std::strerror(errno);
        return;
    }
    if (S_ISDIR(info.st_mode)) {
        error = "is a directory, not a record file";
        return;
    }
    file_ = std::fopen(path.c_str(), "rb");
    if (file_ == nullptr) {
        error = std::string("cannot open: ") + std::strerror(errno);
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
            scanner_.drop(cut);
            auto lines = static_cast<std::uint32_t>(count_newlines(piece));
            auto source = std::make_unique<SourceFile>(display_path_, std::move(piece), next_line_,
                                                       at_input_start_, eof_ && buffer_.empty());
            next_line_ += lines;
            at_input_start_ = false;
            return source;
        }
        if (eof_) return nullptr;
        std::size_t old = buffer_.size();
        buffer_.resize(old + block_size_);
        std::size_t got = std::fread(buffer_.data() + old, 1, block_size_, file_);
        buffer_.resize(old + got);
        if (got < block_size_) {
            if (std::ferror(file_)) {
                error = std::string("cannot read: ") + std::strerror(errno);
                return nullptr;
            }
            eof_ = true;
        }
    }
}

}  // namespace jv
