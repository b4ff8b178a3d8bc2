#include "core/source.hpp"

#include <sys/stat.h>
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>

#include "core/translate.hpp"

namespace jv {

SourceFile::SourceFile(std::string path, std::string text)
    : SourceFile(std::move(path), std::move(text), 1, true) {}

SourceFile::SourceFile(std::string path, std::string text, std::uint32_t first_line,
                       bool input_start, bool input_end)
    : path_(std::move(path)),
      text_(std::move(text)),
      ends_input_(input_end),
      first_line_(first_line) {
    if (input_start && text_.size() >= 3 && text_.compare(0, 3, "\xEF\xBB\xBF") == 0) {
        text_.erase(0, 3);
        had_bom_ = true;
    }
}

void SourceFile::index_lines() const {
    if (!line_starts_.empty()) return;
    line_starts_.push_back(0);
    for (std::uint32_t i = 0; i < text_.size(); ++i)
        if (text_[i] == '\n') line_starts_.push_back(i + 1);
}

LineColumn SourceFile::line_column(std::uint32_t offset) const {
    index_lines();
    offset = std::min(offset, size());
    auto after = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    auto line_index = static_cast<std::uint32_t>(after - line_starts_.begin() - 1);
    std::uint32_t from = line_starts_[line_index];
    std::uint32_t column = 1;
    if (line_index == counted_line_ && offset >= counted_offset_ && counted_offset_ >= from) {
        from = counted_offset_;
        column = counted_column_;
    }
    column += count_code_points(std::string_view(text_.data() + from, offset - from));
    counted_line_ = line_index;
    counted_offset_ = offset;
    counted_column_ = column;
    return {first_line_ + line_index, column};
}

std::string_view SourceFile::line_text(std::uint32_t line) const {
    index_lines();
    if (line < first_line_) return {};
    line -= first_line_ - 1;
    if (line == 0 || line > line_starts_.size()) return {};
    std::uint32_t start = line_starts_[line - 1];
    std::uint32_t end = line < line_starts_.size() ? line_starts_[line] - 1 : size();
    if (end > start && text_[end - 1] == '\r') --end;
    return std::string_view(text_).substr(start, end - start);
}

std::uint32_t SourceFile::line_start(std::uint32_t line) const {
    index_lines();
    if (line < first_line_) return size();
    line -= first_line_ - 1;
    if (line == 0 || line > line_starts_.size()) return size();
    return line_starts_[line - 1];
}

std::uint32_t count_code_points(std::string_view text) {
    std::uint32_t count = 0;
    for (char c : text)
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++count;
    return count;
}

std::size_t find_invalid_utf8(std::string_view text) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
    std::size_t i = 0;
    const std::size_t n = text.size();
    while (i < n) {
        unsigned char c = bytes[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t length;
        std::uint32_t min_value;
        std::uint32_t value;
        if ((c & 0xE0) == 0xC0) {
            length = 2, min_value = 0x80, value = c & 0x1Fu;
        } else if ((c & 0xF0) == 0xE0) {
            length = 3, min_value = 0x800, value = c & 0x0Fu;
        } else if ((c & 0xF8) == 0xF0) {
            length = 4, min_value = 0x10000, value = c & 0x07u;
        } else {
            return i;
        }
        if (i + length > n) return i;
        for (std::size_t k = 1; k < length; ++k) {
            if ((bytes[i + k] & 0xC0) != 0x80) return i;
            value = (value << 6) | (bytes[i + k] & 0x3Fu);
        }
        // Overlong forms, UTF-16 surrogates and values past U+10FFFF are not UTF-8.
        if (value < min_value || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) return i;
        i += length;
    }
    return std::string_view::npos;
}

bool load_source(const std::string& path, std::string& text, std::string& error) {
    text.clear();
    if (path == "-") {
        text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
        if (std::cin.bad()) {
            error = tr("cannot read standard input");
            return false;
        }
        return true;
    }
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
        // TRANSLATORS: said of a file; {} is the system's reason (No such file or directory).
        error = trf("cannot open: {}", std::strerror(errno));
        return false;
    }
    if (S_ISDIR(info.st_mode)) {
        // TRANSLATORS: said of a file named before it.
        error = tr("is a directory, not a record file");
        return false;
    }
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (file == nullptr) {
        // TRANSLATORS: said of a file; {} is the system's reason (No such file or directory).
        error = trf("cannot open: {}", std::strerror(errno));
        return false;
    }
    char buffer[1 << 16];
    std::size_t got;
    while ((got = std::fread(buffer, 1, sizeof buffer, file)) > 0) text.append(buffer, got);
    bool failed = std::ferror(file) != 0;
    int saved_errno = errno;
    std::fclose(file);
    if (failed) {
        // TRANSLATORS: said of a file; {} is the system's reason.
        error = trf("cannot read: {}", std::strerror(saved_errno));
        return false;
    }
    return true;
}

}  // namespace jv
