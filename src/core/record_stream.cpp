#include "core/record_stream.hpp"

#include <sys/stat.h>
#include <algorithm>
#include <cerrno>
#include <cstring>

namespace jv {

std::size_t last_game_start(std::string_view text) {
    std::size_t cut = 0;
    bool in_comment = false;  // inside { ... }, which may span lines
    // The previous line holding more than blanks and comments starts with '[': comments between
    // tags belong to the same tag section (as the reader takes them), so they do not end it.
    bool previous_is_tag = false;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        // A line that starts inside a comment is never a cut, even if a tag follows the comment.
        bool starts_in_comment = false;
        if (in_comment) {
            std::size_t close = line.find('}');
            if (close == std::string_view::npos) {
                pos = end + 1;
                continue;
            }
            in_comment = false;
            starts_in_comment = true;
            line.remove_prefix(close + 1);
        }
        std::size_t first = line.find_first_not_of(" \t\r");
        if (first != std::string_view::npos && line[first] == '[') {
            // Only the whole line up to here matters: a complete piece ends before it. The
            // last line of the text may be incomplete, so it is never a cut.
            if (!previous_is_tag && !starts_in_comment && pos > 0 && end < text.size()) cut = pos;
            previous_is_tag = true;
        } else if (first != std::string_view::npos) {
            // Movetext, or comments only; find comments that stay open at the end of the line.
            bool only_comments = true;
            for (std::size_t i = first; i < line.size(); ++i) {
                if (line[i] == ';') break;
                if (line[i] == '{') {
                    std::size_t close = line.find('}', i + 1);
                    if (close == std::string_view::npos) {
                        in_comment = true;
                        break;
                    }
                    i = close;
                } else if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r') {
                    only_comments = false;
                }
            }
            if (!only_comments) previous_is_tag = false;
        }
        pos = end + 1;
    }
    return cut;
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
        std::size_t cut = eof_ ? buffer_.size() : last_game_start(buffer_);
        if (cut > 0 && (eof_ || buffer_.size() >= block_size_)) {
            std::string piece = buffer_.substr(0, cut);
            buffer_.erase(0, cut);
            auto lines = static_cast<std::uint32_t>(std::count(piece.begin(), piece.end(), '\n'));
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
