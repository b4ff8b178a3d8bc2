#include "core/encoding.hpp"

#include <iconv.h>
#include <array>
#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "core/text.hpp"
#include "core/translate.hpp"

namespace jv {

std::optional<Encoding> encoding_named(std::string_view name) {
    for (auto [spelling, encoding] : std::initializer_list<std::pair<std::string_view, Encoding>>{
             {"utf-8", Encoding::utf8},
             {"utf8", Encoding::utf8},
             {"latin1", Encoding::latin1},
             {"latin-1", Encoding::latin1},
             {"iso-8859-1", Encoding::latin1},
             {"cp1252", Encoding::cp1252},
             {"windows-1252", Encoding::cp1252},
             {"utf-16", Encoding::utf16},
             {"utf16", Encoding::utf16}})
        if (equal_ignoring_ascii_case(spelling, name)) return encoding;
    return std::nullopt;
}

std::string_view encoding_name(Encoding encoding) {
    switch (encoding) {
        case Encoding::utf8:
            return "utf-8";
        case Encoding::latin1:
            return "latin1";
        case Encoding::cp1252:
            return "cp1252";
        case Encoding::utf16:
            return "utf-16";
    }
    return "utf-8";
}

namespace {

unsigned byte_at(std::string_view text, std::size_t i) {
    return static_cast<unsigned char>(text[i]);
}

// The number of bytes of the valid UTF-8 character at `i`, 0 when none starts there.
std::size_t utf8_length_at(std::string_view text, std::size_t i) {
    const unsigned lead = byte_at(text, i);
    if (lead < 0x80) return 1;
    const std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
    if (lead < 0xC0 || i + length > text.size()) return 0;
    return find_invalid_utf8(text.substr(i, length)) == std::string_view::npos ? length : 0;
}

// The characters Windows-1252 gives the bytes 0x80-0x9F (0: none).
constexpr std::array<char32_t, 32> cp1252_high = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};

std::string utf8_of(char32_t c) {
    std::string out;
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
    return out;
}

// The character a single byte stands for in the encoding guessed, when it is a printable one.
std::string character_of(unsigned byte, Lookalike kind) {
    if (byte >= 0xA0) return utf8_of(byte);
    if (byte >= 0x80 && kind == Lookalike::cp1252 && cp1252_high[byte - 0x80] != 0)
        return utf8_of(cp1252_high[byte - 0x80]);
    return {};
}

// A path as a shell word: kept as it is when it holds only characters no shell treats apart.
std::string shell_word(std::string_view path) {
    const bool plain = !path.empty() && path.find_first_not_of(
                                            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                            "0123456789_./+-,=:@%") == std::string_view::npos;
    if (plain) return std::string(path);
    std::string out = "'";
    for (char c : path) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// The name of the converted copy: games.jgn gives games-utf8.jgn.
std::string converted_name(std::string_view path) {
    const std::size_t slash = path.rfind('/');
    const std::size_t dot = path.rfind('.');
    if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash) ||
        dot == 0 || (slash != std::string_view::npos && dot == slash + 1))
        return std::string(path) + "-utf8";
    return fmt::format("{}-utf8{}", path.substr(0, dot), path.substr(dot));
}

}  // namespace

namespace {

// The zero bytes among the first pairs of bytes of `text`: at the first place of a pair
// (big-endian ASCII), at the second (little-endian ASCII), and the number of pairs looked at.
struct ZeroCount {
    std::size_t first = 0;
    std::size_t second = 0;
    std::size_t pairs = 0;
};
ZeroCount count_zeros(std::string_view text) {
    ZeroCount count;
    count.pairs = std::min<std::size_t>(text.size(), 256) / 2;
    for (std::size_t k = 0; k < count.pairs; ++k) {
        count.first += text[2 * k] == '\0';
        count.second += text[2 * k + 1] == '\0';
    }
    return count;
}

}  // namespace

std::optional<NotUtf8> detect_utf16(std::string_view head) {
    // A byte-order mark counts when the text after it has the zeros of ASCII characters in that
    // order, in half its pairs at least (a record's tags and moves are ASCII), or is too short
    // to tell: binary data may start with FF FE too.
    for (const bool little : {true, false}) {
        if (head.size() < 2 || byte_at(head, 0) != (little ? 0xFFu : 0xFEu) ||
            byte_at(head, 1) != (little ? 0xFEu : 0xFFu))
            continue;
        const ZeroCount after = count_zeros(head.substr(2));
        if (after.pairs < 4 || 2 * (little ? after.second : after.first) >= after.pairs)
            return NotUtf8{little ? Lookalike::utf16le : Lookalike::utf16be, true, 0};
    }
    const ZeroCount zeros = count_zeros(head);
    const std::size_t pairs = zeros.pairs;
    if (pairs < 2) return std::nullopt;
    const std::size_t zero_first = zeros.first;
    const std::size_t zero_second = zeros.second;
    // Three pairs in four with a zero on one side, and few on the other: not what any text in
    // UTF-8 (nor binary data) looks like.
    if (4 * zero_second >= 3 * pairs && 4 * zero_first < pairs)
        return NotUtf8{Lookalike::utf16le, false, head.find('\0')};
    if (4 * zero_first >= 3 * pairs && 4 * zero_second < pairs)
        return NotUtf8{Lookalike::utf16be, false, head.find('\0')};
    return std::nullopt;
}

Lookalike guess_single_byte(std::string_view text, std::size_t bad) {
    // A bounded look: a file with a fault in each of its games asks for one guess each.
    const std::size_t end = std::min(text.size(), bad + 4096);
    bool high_control = false;
    for (std::size_t i = bad; i < end;) {
        const unsigned c = byte_at(text, i);
        if (c == 0) return Lookalike::binary;
        const std::size_t length = c < 0x80 ? 1 : utf8_length_at(text, i);
        if (length == 0) {
            high_control = high_control || (c >= 0x80 && c <= 0x9F);
            ++i;
        } else {
            i += length;
        }
    }
    return high_control ? Lookalike::cp1252 : Lookalike::latin1;
}

bool starts_invalid_utf8(std::string_view text, std::size_t offset) {
    return offset < text.size() && byte_at(text, offset) >= 0x80 &&
           utf8_length_at(text, offset) == 0;
}

std::string not_utf8_note(std::string_view text, std::size_t bad) {
    const unsigned c = bad < text.size() ? byte_at(text, bad) : 0;
    switch (guess_single_byte(text, bad)) {
        case Lookalike::binary:
            // TRANSLATORS: {:02X} is the byte's value in hexadecimal (E9).
            return trf("byte 0x{:02X}, among zero bytes: this looks like binary data, not text", c);
        case Lookalike::cp1252:
            // TRANSLATORS: {:02X} is the byte's value in hexadecimal (E9); --encoding cp1252 is
            // an option and its value: keep it.
            return trf("byte 0x{:02X} looks like Windows-1252 text (--encoding cp1252 reads it)",
                       c);
        default:
            return trf(
                // TRANSLATORS: {:02X} is the byte's value in hexadecimal (E9); --encoding latin1
                // is an option and its value: keep it.
                "byte 0x{:02X} looks like Latin-1 or Windows-1252 text (--encoding latin1 reads "
                "it)",
                c);
    }
}

std::string not_utf8_message(const NotUtf8& what, std::string_view text, std::string_view command,
                             std::string_view path) {
    const bool from_stdin = path == "<stdin>";
    const std::string in = from_stdin ? std::string("-") : shell_word(path);
    auto fixes = [&](std::string_view option, std::string_view iconv_name) {
        const std::string resave = from_stdin
                                       ? fmt::format("iconv -f {} -t utf-8", iconv_name)
                                       : fmt::format("iconv -f {} -t utf-8 {} > {}", iconv_name, in,
                                                     shell_word(converted_name(path)));
        // TRANSLATORS: the advice after "this file is not UTF-8 text: ...; ". {0} is a
        // subcommand (validate), {1} a value of --encoding, {2} the file, {3} an iconv command.
        return trf("read it with 'jelimvre {} --encoding {} {}', or re-save it as UTF-8: '{}'",
                   command, option, in, resave);
    };
    const unsigned c = what.offset < text.size() ? byte_at(text, what.offset) : 0;
    switch (what.kind) {
        case Lookalike::utf16le:
        case Lookalike::utf16be: {
            const bool le = what.kind == Lookalike::utf16le;
            const char* how = what.byte_order_mark
                                  ? (le ? tr("little-endian, with a byte-order mark")
                                        : tr("big-endian, with a byte-order mark"))
                                  : (le ? tr("little-endian, zero bytes in every other place")
                                        : tr("big-endian, zero bytes in every other place"));
            // With a mark, iconv's "utf-16" finds the byte order itself; without one it would
            // take big-endian, so the order is named.
            // TRANSLATORS: {0} is the byte order and how it shows ("little-endian, with a
            // byte-order mark"), {1} the advice ("read it with ...").
            return trf("this file is UTF-16 text ({}), not UTF-8; {}", how,
                       fixes("utf-16", what.byte_order_mark ? "utf-16"
                                       : le                 ? "utf-16le"
                                                            : "utf-16be"));
        }
        case Lookalike::binary:
            return trf(
                // TRANSLATORS: {:02X} is the value in hexadecimal (E9) of the first byte that is
                // not UTF-8, at the place the message points to.
                "this file is not text: it holds zero bytes and bytes that are not UTF-8 (the "
                "first, 0x{:02X}, here); a record is a UTF-8 text file",
                c);
        case Lookalike::latin1:
        case Lookalike::cp1252: {
            const bool cp1252 = what.kind == Lookalike::cp1252;
            const std::string character = character_of(c, what.kind);
            const std::string shown = character.empty()
                                          // TRANSLATORS: said of the first byte that is not
                                          // UTF-8; {:02X} is its value in hexadecimal (E9), at
                                          // the place the message points to.
                                          ? trf("the first, 0x{:02X}, here", c)
                                          // TRANSLATORS: {0} is the first byte that is not UTF-8,
                                          // in hexadecimal (E9), {1} the character it is in the
                                          // encoding {2} (Latin-1 or Windows-1252).
                                          : trf("the first, 0x{:02X}, is '{}' in {}", c, character,
                                                cp1252 ? "Windows-1252" : "Latin-1");
            // TRANSLATORS: {0} is the encoding the file looks like, {1} its first faulty byte
            // ("the first, 0xE9, is 'é' in Latin-1"), {2} the advice ("read it with ...").
            return trf("this file is not UTF-8 text: it looks like {} ({}); {}",
                       cp1252 ? "Windows-1252" : tr("Latin-1 or Windows-1252"), shown,
                       fixes(cp1252 ? "cp1252" : "latin1", cp1252 ? "cp1252" : "latin1"));
        }
    }
    return tr("this file is not UTF-8 text");
}

Utf8Decoder::Utf8Decoder(Encoding from) : from_(from) {}

Utf8Decoder::~Utf8Decoder() {
    if (handle_ != nullptr) iconv_close(static_cast<iconv_t>(handle_));
}

void Utf8Decoder::count(std::string_view converted) {
    for (char c : converted) {
        if (c == '\n') {
            ++line_;
            column_ = 1;
        } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
            ++column_;
        }
    }
}

bool Utf8Decoder::convert(std::string_view in, bool last, std::string& out, std::string& error,
                          LineColumn& at) {
    std::string joined;
    if (!pending_.empty()) {
        joined = pending_ + std::string(in);
        pending_.clear();
        in = joined;
    }
    if (!started_) {
        // UTF-16 needs its first bytes to tell its byte order: wait for two.
        if (from_ == Encoding::utf16 && in.size() < 2 && !last) {
            pending_ = std::string(in);
            return true;
        }
        started_ = true;
        const char* name = "UTF-8";
        switch (from_) {
            case Encoding::utf8:
                name = "UTF-8";
                break;
            case Encoding::latin1:
                name = "ISO-8859-1";
                break;
            case Encoding::cp1252:
                name = "CP1252";
                break;
            case Encoding::utf16: {
                // Told to read UTF-16, a mark is taken whatever follows it.
                const bool mark_le =
                    in.size() >= 2 && byte_at(in, 0) == 0xFF && byte_at(in, 1) == 0xFE;
                const bool mark_be =
                    in.size() >= 2 && byte_at(in, 0) == 0xFE && byte_at(in, 1) == 0xFF;
                std::optional<NotUtf8> seen = detect_utf16(in);
                const bool big = mark_be || (!mark_le && seen && seen->kind == Lookalike::utf16be);
                name = big ? "UTF-16BE" : "UTF-16LE";
                if (mark_le || mark_be) in.remove_prefix(2);
                break;
            }
        }
        iconv_t handle = iconv_open("UTF-8", name);
        if (handle == reinterpret_cast<iconv_t>(-1)) {
            // TRANSLATORS: {0} is an encoding's name for iconv (CP1252), {1} the system's reason.
            error = trf("cannot convert from {}: {}", name, std::strerror(errno));
            at = {line_, column_};
            return false;
        }
        handle_ = handle;
    }
    auto* handle = static_cast<iconv_t>(handle_);
    // iconv's interface takes a non-const input pointer; it never writes through it.
    char* input = const_cast<char*>(in.data());
    std::size_t input_left = in.size();
    char buffer[1 << 14];
    while (input_left > 0) {
        char* output = buffer;
        std::size_t output_left = sizeof buffer;
        const std::size_t result = iconv(handle, &input, &input_left, &output, &output_left);
        const int failure = errno;
        const std::string_view converted(buffer, sizeof buffer - output_left);
        out.append(converted);
        count(converted);
        if (result != static_cast<std::size_t>(-1)) continue;
        if (failure == E2BIG) continue;
        at = {line_, column_};
        if (failure == EINVAL && !last) {
            pending_.assign(input, input_left);  // a character cut by the block's end
            return true;
        }
        const unsigned c = static_cast<unsigned char>(*input);
        switch (from_) {
            case Encoding::cp1252:
                error =
                    // TRANSLATORS: {:02X} is the byte's value in hexadecimal (81); --encoding
                    // latin1 is an option and its value: keep it.
                    trf("byte 0x{:02X} is no character of Windows-1252 (cp1252): the file is in "
                        "another encoding (try --encoding latin1)",
                        c);
                break;
            case Encoding::utf16:
                error =
                    failure == EINVAL
                        ? std::string(tr("the file ends in the middle of a UTF-16 character"))
                        : std::string(tr("these bytes are not UTF-16 text (a lone surrogate): the "
                                         "file is in another encoding"));
                break;
            default:
                // TRANSLATORS: {0} is the byte's value in hexadecimal (E9), {1} a value of
                // --encoding (latin1).
                error = trf("byte 0x{:02X} cannot be read as {}", c, encoding_name(from_));
                break;
        }
        return false;
    }
    if (last && !pending_.empty()) {
        at = {line_, column_};
        error = tr("the file ends in the middle of a character");
        return false;
    }
    return true;
}

bool decode_to_utf8(std::string& text, Encoding from, std::string& error, LineColumn& at) {
    Utf8Decoder decoder(from);
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    if (!decoder.convert(text, true, out, error, at)) return false;
    text = std::move(out);
    return true;
}

bool load_record_text(const std::string& path, const std::string& shown_path,
                      std::optional<Encoding> encoding, std::string_view command, std::string& text,
                      std::string& error, DiagnosticStyle style) {
    std::string problem;
    if (!load_source(path, text, problem)) {
        error = render_located_message(shown_path, Severity::error, problem, style);
        return false;
    }
    if (encoding && *encoding != Encoding::utf8) {
        LineColumn at;
        if (!decode_to_utf8(text, *encoding, problem, at)) {
            error = render_located_message(fmt::format("{}:{}:{}", shown_path, at.line, at.column),
                                           Severity::error, problem, style);
            return false;
        }
        return true;
    }
    if (std::optional<NotUtf8> utf16 = detect_utf16(text)) {
        const SourceFile head(shown_path, text.substr(0, utf16->offset + 1));
        const LineColumn at = head.line_column(static_cast<std::uint32_t>(utf16->offset));
        error = render_located_message(fmt::format("{}:{}:{}", shown_path, at.line, at.column),
                                       Severity::error,
                                       not_utf8_message(*utf16, text, command, shown_path), style);
        return false;
    }
    return true;
}

}  // namespace jv
