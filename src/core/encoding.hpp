// Text encodings of record files other than UTF-8: what a file that is not UTF-8 looks like, the
// advice a message gives for it, and the conversion (through iconv) that --encoding asks for.
//
// The reader itself takes UTF-8 only. A file in another encoding is either converted before
// reading (Utf8Decoder) or recognised where the reader already stops: a UTF-16 file by its first
// bytes (a constant cost per file), a Latin-1 or Windows-1252 file at the first byte the reader
// finds not to be UTF-8 (nothing more for a file that is UTF-8).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/diag.hpp"
#include "core/source.hpp"

namespace jv {

// The encodings --encoding accepts.
enum class Encoding : std::uint8_t { utf8, latin1, cp1252, utf16 };

// "utf-8" (or "utf8"), "latin1" ("latin-1", "iso-8859-1"), "cp1252" ("windows-1252"), "utf-16"
// ("utf16"), in any case.
std::optional<Encoding> encoding_named(std::string_view name);
// The name --encoding spells it with: "utf-8", "latin1", "cp1252", "utf-16".
std::string_view encoding_name(Encoding encoding);

// What a text that is not UTF-8 looks like.
enum class Lookalike : std::uint8_t { utf16le, utf16be, latin1, cp1252, binary };

struct NotUtf8 {
    Lookalike kind = Lookalike::latin1;
    bool byte_order_mark = false;  // UTF-16 only: the file starts with one
    std::size_t offset = 0;        // the first byte at fault
};

// A UTF-16 input, told by its first bytes: a byte-order mark (FF FE, FE FF), or zero bytes at
// alternate positions (ASCII text in UTF-16 has one in every pair of bytes). Looks at 256 bytes
// at most.
std::optional<NotUtf8> detect_utf16(std::string_view head);

// The encoding of a text whose byte at `bad` is not UTF-8, judged by the bytes from there on (at
// most a few thousand): binary data when a zero byte stands among them; Windows-1252 when a byte
// that is not UTF-8 is one of 0x80-0x9F (Latin-1 gives these to control characters that no
// editor writes, Windows-1252 to letters and quotes); Latin-1 otherwise.
Lookalike guess_single_byte(std::string_view text, std::size_t bad);

// Whether a byte that is not UTF-8 starts at `offset` (a reading fault about the encoding points
// there).
bool starts_invalid_utf8(std::string_view text, std::size_t offset);

// The short note a reading fault ends with: "byte 0xE9 looks like Latin-1 or Windows-1252 text
// (--encoding latin1 reads it)".
std::string not_utf8_note(std::string_view text, std::size_t bad);

// The file-level message, with the commands that fix it: `command` is the subcommand that read
// the file ("validate"), `path` the file as the user gave it ("<stdin>" for standard input).
std::string not_utf8_message(const NotUtf8& what, std::string_view text, std::string_view command,
                             std::string_view path);

// Converts an input to UTF-8 block by block, keeping a character cut by a block's end for the
// next block. Lines and columns are those of the converted text, which are the same as the
// original's: each character of Latin-1, Windows-1252 or UTF-16 becomes one code point.
class Utf8Decoder {
  public:
    explicit Utf8Decoder(Encoding from);
    ~Utf8Decoder();
    Utf8Decoder(const Utf8Decoder&) = delete;
    Utf8Decoder& operator=(const Utf8Decoder&) = delete;

    // Converts the next bytes of the input and appends them to `out`; `last`: no more follow.
    // On a byte (or a cut character at the end) that the encoding does not allow, returns false
    // and sets `error` (a sentence) and `at` (the place of that byte, counted in the converted
    // text). A UTF-16 input takes its byte order from its byte-order mark, dropped, or from its
    // zero bytes (little-endian when they do not tell).
    bool convert(std::string_view in, bool last, std::string& out, std::string& error,
                 LineColumn& at);

  private:
    void count(std::string_view converted);

    Encoding from_;
    void* handle_ = nullptr;  // iconv_t, opened at the first block
    std::string pending_;     // the bytes of a character cut by the last block's end
    bool started_ = false;
    std::uint32_t line_ = 1;
    std::uint32_t column_ = 1;
};

// The whole of `text`, converted (Utf8Decoder). On failure, `text` is left as it was.
bool decode_to_utf8(std::string& text, Encoding from, std::string& error, LineColumn& at);

// A file's text for a command that reads it whole: loaded (load_source), then converted from
// `encoding` when one other than UTF-8 is given, or refused when it looks like UTF-16. On
// failure, `error` is the whole message to print ("path:line:col: error: ...", or
// "path: error: ...", with its line end).
bool load_record_text(const std::string& path, const std::string& shown_path,
                      std::optional<Encoding> encoding, std::string_view command, std::string& text,
                      std::string& error, DiagnosticStyle style = {});

}  // namespace jv
