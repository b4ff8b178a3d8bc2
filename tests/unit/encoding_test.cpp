// Encodings other than UTF-8 (core/encoding.hpp): what a file looks like, the advice given, and
// the conversion of --encoding, whole and block by block.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include <unistd.h>

#include <fmt/format.h>

#include "core/encoding.hpp"
#include "core/record.hpp"
#include "core/record_stream.hpp"

using jv::Encoding;
using jv::LineColumn;
using jv::Lookalike;

namespace {

// "[W" as UTF-16, little- or big-endian.
std::string utf16(std::string_view ascii, bool little) {
    std::string out;
    for (char c : ascii) {
        if (little) {
            out += c;
            out += '\0';
        } else {
            out += '\0';
            out += c;
        }
    }
    return out;
}

std::string decoded(std::string text, Encoding from) {
    std::string error;
    LineColumn at;
    REQUIRE(jv::decode_to_utf8(text, from, error, at));
    CHECK(error.empty());
    return text;
}

std::string failure(std::string text, Encoding from) {
    std::string error;
    LineColumn at;
    const std::string before = text;
    REQUIRE_FALSE(jv::decode_to_utf8(text, from, error, at));
    CHECK(text == before);  // left as it was
    return fmt::format("{}:{}: {}", at.line, at.column, error);
}

const std::string record = "[White \"Ana\"]\n[Black \"Bruno\"]\n[Result \"*\"]\n*\n";

}  // namespace

TEST_CASE("encoding: names that --encoding takes", "[encoding]") {
    CHECK(jv::encoding_named("utf-8") == Encoding::utf8);
    CHECK(jv::encoding_named("UTF8") == Encoding::utf8);
    CHECK(jv::encoding_named("latin1") == Encoding::latin1);
    CHECK(jv::encoding_named("ISO-8859-1") == Encoding::latin1);
    CHECK(jv::encoding_named("cp1252") == Encoding::cp1252);
    CHECK(jv::encoding_named("Windows-1252") == Encoding::cp1252);
    CHECK(jv::encoding_named("utf-16") == Encoding::utf16);
    CHECK_FALSE(jv::encoding_named("ebcdic"));
    CHECK_FALSE(jv::encoding_named(""));
    CHECK(jv::encoding_name(Encoding::cp1252) == "cp1252");
}

TEST_CASE("encoding: UTF-16 is told by its byte-order mark or its zero bytes", "[encoding]") {
    SECTION("little-endian with a mark") {
        auto seen = jv::detect_utf16("\xFF\xFE" + utf16(record, true));
        REQUIRE(seen);
        CHECK(seen->kind == Lookalike::utf16le);
        CHECK(seen->byte_order_mark);
        CHECK(seen->offset == 0);
    }
    SECTION("big-endian with a mark") {
        auto seen = jv::detect_utf16("\xFE\xFF" + utf16(record, false));
        REQUIRE(seen);
        CHECK(seen->kind == Lookalike::utf16be);
        CHECK(seen->byte_order_mark);
    }
    SECTION("little-endian without a mark: the first zero byte is at fault") {
        auto seen = jv::detect_utf16(utf16(record, true));
        REQUIRE(seen);
        CHECK(seen->kind == Lookalike::utf16le);
        CHECK_FALSE(seen->byte_order_mark);
        CHECK(seen->offset == 1);
    }
    SECTION("big-endian without a mark") {
        auto seen = jv::detect_utf16(utf16(record, false));
        REQUIRE(seen);
        CHECK(seen->kind == Lookalike::utf16be);
        CHECK(seen->offset == 0);
    }
    SECTION("UTF-8, with or without its own mark, and binary data are not UTF-16") {
        CHECK_FALSE(jv::detect_utf16(record));
        CHECK_FALSE(jv::detect_utf16("\xEF\xBB\xBF" + record));
        CHECK_FALSE(jv::detect_utf16("[White \"H\xC3\xA9l\xC3\xA8ne\"]\n"));
        std::string bytes;
        for (int b = 255; b >= 0; --b) bytes += static_cast<char>(b);
        CHECK_FALSE(jv::detect_utf16(bytes));
        CHECK_FALSE(jv::detect_utf16(std::string(1, '\0')));
        CHECK_FALSE(jv::detect_utf16(""));
    }
}

TEST_CASE("encoding: a byte that is not UTF-8 is judged by the bytes after it", "[encoding]") {
    const std::string latin1 = "[White \"H\xE9l\xE8ne\"]\n";
    CHECK(jv::guess_single_byte(latin1, 9) == Lookalike::latin1);
    // 0x93 and 0x94 are Windows-1252's curly quotes; Latin-1 has only control characters there.
    const std::string cp1252 = "[White \"H\xE9l\xE8ne\"]\n{ \x93quoted\x94 }\n";
    CHECK(jv::guess_single_byte(cp1252, 9) == Lookalike::cp1252);
    // Bytes of valid UTF-8 after the first bad one do not count: 0x80 there is a continuation.
    const std::string mixed = std::string("\xE9 ok \xE2\x82\xAC");
    CHECK(jv::guess_single_byte(mixed, 0) == Lookalike::latin1);
    CHECK(jv::guess_single_byte(std::string("\xFF\x00\x01", 3), 0) == Lookalike::binary);

    CHECK(jv::starts_invalid_utf8(latin1, 9));
    CHECK_FALSE(jv::starts_invalid_utf8(latin1, 8));
    CHECK_FALSE(jv::starts_invalid_utf8("\xC3\xA9", 0));
    CHECK_FALSE(jv::starts_invalid_utf8(latin1, 1000));

    CHECK(jv::not_utf8_note(latin1, 9) ==
          "byte 0xE9 looks like Latin-1 or Windows-1252 text (--encoding latin1 reads it)");
    CHECK(jv::not_utf8_note(cp1252, 9) ==
          "byte 0xE9 looks like Windows-1252 text (--encoding cp1252 reads it)");
}

TEST_CASE("encoding: the file-level message names the look and the exact commands", "[encoding]") {
    const std::string latin1 = "[White \"H\xE9l\xE8ne\"]\n";
    CHECK(jv::not_utf8_message({Lookalike::latin1, false, 9}, latin1, "validate", "club.jgn") ==
          "this file is not UTF-8 text: it looks like Latin-1 or Windows-1252 (the first, 0xE9, "
          "is '\xC3\xA9' in Latin-1); read it with 'jelimvre validate --encoding latin1 club.jgn', "
          "or re-save it as UTF-8: 'iconv -f latin1 -t utf-8 club.jgn > club-utf8.jgn'");
    // A path with a space is quoted for the shell; standard input is '-'.
    CHECK(jv::not_utf8_message({Lookalike::cp1252, false, 0}, "\x93", "show", "my club.jgn") ==
          "this file is not UTF-8 text: it looks like Windows-1252 (the first, 0x93, is "
          "'\xE2\x80\x9C' in Windows-1252); read it with 'jelimvre show --encoding cp1252 'my "
          "club.jgn'', or re-save it as UTF-8: 'iconv -f cp1252 -t utf-8 'my club.jgn' > 'my "
          "club-utf8.jgn''");
    CHECK(jv::not_utf8_message({Lookalike::utf16le, true, 0}, "\xFF\xFE", "validate", "<stdin>") ==
          "this file is UTF-16 text (little-endian, with a byte-order mark), not UTF-8; read it "
          "with 'jelimvre validate --encoding utf-16 -', or re-save it as UTF-8: 'iconv -f "
          "utf-16 -t utf-8'");
    CHECK(
        jv::not_utf8_message({Lookalike::utf16be, false, 0}, std::string("\0[", 2), "diff", "a") ==
        "this file is UTF-16 text (big-endian, zero bytes in every other place), not UTF-8; "
        "read it with 'jelimvre diff --encoding utf-16 a', or re-save it as UTF-8: 'iconv -f "
        "utf-16be -t utf-8 a > a-utf8'");
}

TEST_CASE("encoding: conversion to UTF-8", "[encoding]") {
    SECTION("Latin-1: every byte is a character") {
        CHECK(decoded("H\xE9l\xE8ne \x80", Encoding::latin1) == "H\xC3\xA9l\xC3\xA8ne \xC2\x80");
    }
    SECTION("Windows-1252: 0x80-0x9F are letters and signs") {
        CHECK(decoded("\x80 \x93x\x94 \x9F", Encoding::cp1252) ==
              "\xE2\x82\xAC \xE2\x80\x9Cx\xE2\x80\x9D \xC5\xB8");
        // 0x81 is no character of Windows-1252: its place is given in the converted text.
        CHECK(failure("ab\nc\xE9\x81", Encoding::cp1252) ==
              "2:3: byte 0x81 is no character of Windows-1252 (cp1252): the file is in another "
              "encoding (try --encoding latin1)");
    }
    SECTION("UTF-16, either byte order, with or without a mark") {
        CHECK(decoded("\xFF\xFE" + utf16(record, true), Encoding::utf16) == record);
        CHECK(decoded("\xFE\xFF" + utf16(record, false), Encoding::utf16) == record);
        CHECK(decoded(utf16(record, true), Encoding::utf16) == record);
        CHECK(decoded(utf16(record, false), Encoding::utf16) == record);
        // A mark is taken even before text without ASCII (CJK: no zero bytes to tell by).
        CHECK(decoded(std::string("\xFE\xFF\x4E\x2D", 4), Encoding::utf16) == "\xE4\xB8\xAD");
        // A character past U+FFFF (a surrogate pair) and an accented letter.
        CHECK(decoded(std::string("\x3D\xD8\x00\xDE\xE9\x00", 6), Encoding::utf16) ==
              "\xF0\x9F\x98\x80\xC3\xA9");
        CHECK(failure(utf16("ab", true) + "c", Encoding::utf16) ==
              "1:3: the file ends in the middle of a UTF-16 character");
        CHECK(failure(utf16("ab\n", true) + std::string("\x00\xDC", 2), Encoding::utf16) ==
              "2:1: these bytes are not UTF-16 text (a lone surrogate): the file is in another "
              "encoding");
    }
    SECTION("UTF-8 is taken as it is") {
        CHECK(decoded("H\xC3\xA9l\xC3\xA8ne", Encoding::utf8) == "H\xC3\xA9l\xC3\xA8ne");
    }
}

TEST_CASE("encoding: block by block, a character cut by a block's end is kept for the next",
          "[encoding]") {
    const std::string text = "\xFF\xFE" + utf16("[White \"Ana\"]\n", true) +
                             std::string("\x3D\xD8\x00\xDE", 4) + utf16("\n*\n", true);
    for (std::size_t block = 1; block <= 7; ++block) {
        jv::Utf8Decoder decoder(Encoding::utf16);
        std::string out;
        std::string error;
        LineColumn at;
        for (std::size_t i = 0; i < text.size(); i += block) {
            const bool last = i + block >= text.size();
            REQUIRE(decoder.convert(std::string_view(text).substr(i, block), last, out, error, at));
        }
        CHECK(out == "[White \"Ana\"]\n\xF0\x9F\x98\x80\n*\n");
    }
}

TEST_CASE("encoding: the reader's faults name what a byte that is not UTF-8 looks like",
          "[encoding]") {
    jv::SourceFile source("club.jgn",
                          "[White \"H\xE9l\xE8ne\"]\n[Black \"B\"]\n[Result \"*\"]\n*\n");
    jv::RecordReader reader(source);
    jv::GameRecord game;
    REQUIRE(reader.next(game));
    REQUIRE(game.read_errors.size() == 1);
    CHECK(game.read_errors[0].region.begin == 9);
    CHECK(game.read_errors[0].message ==
          "the value of tag White is not UTF-8 text: byte 0xE9 looks like Latin-1 or "
          "Windows-1252 text (--encoding latin1 reads it)");
}

TEST_CASE("encoding: a stream converts as it reads, and refuses UTF-16 it was not told of",
          "[encoding]") {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                      fmt::format("jelimvre_encoding_test_{}", ::getpid());
    std::filesystem::create_directories(dir);
    const std::string games = record + "\n" + "[White \"H\xE9l\xE8ne\"]\n[Black \"B\"]\n" +
                              "[Result \"*\"]\n0. K@f1x \xE9 *\n";
    const std::filesystem::path latin1 = dir / "latin1.jgn";
    std::ofstream(latin1, std::ios::binary) << games;
    const std::filesystem::path wide = dir / "utf16.jgn";
    std::ofstream(wide, std::ios::binary) << "\xFF\xFE" + utf16(record, true);

    SECTION("Latin-1 read in small blocks: the same lines and columns as the file shows") {
        std::string error;
        jv::GameStream stream(latin1.string(), "latin1.jgn", error, 8, Encoding::latin1);
        std::string text;
        while (auto piece = stream.next(error)) text += std::string(piece->text());
        REQUIRE(error.empty());
        CHECK(text.find("H\xC3\xA9l\xC3\xA8ne") != std::string::npos);
        jv::SourceFile whole("latin1.jgn", text);
        const auto at = whole.line_column(static_cast<std::uint32_t>(text.find("x \xC3\xA9")));
        CHECK(at.line == 9);
        CHECK(at.column == 8);  // "0. K@f1" is 7 characters before it
    }
    SECTION("UTF-16 without --encoding: refused at its first byte, with the advice") {
        std::string error;
        jv::GameStream stream(wide.string(), "utf16.jgn", error);
        CHECK_FALSE(stream.next(error));
        CHECK(error.rfind("this file is UTF-16 text (little-endian, with a byte-order mark)", 0) ==
              0);
        REQUIRE(stream.error_at());
        CHECK(stream.error_at()->line == 1);
        CHECK(stream.error_at()->column == 1);
    }
    SECTION("UTF-16 with --encoding utf-16") {
        std::string error;
        jv::GameStream stream(wide.string(), "utf16.jgn", error, 5, Encoding::utf16);
        std::string text;
        while (auto piece = stream.next(error)) text += std::string(piece->text());
        CHECK(error.empty());
        CHECK(text == record);
    }
    SECTION("load_record_text: the whole message, with its place") {
        std::string text;
        std::string error;
        CHECK_FALSE(
            jv::load_record_text(wide.string(), "utf16.jgn", std::nullopt, "show", text, error));
        CHECK(error.rfind("utf16.jgn:1:1: error: this file is UTF-16 text", 0) == 0);
        CHECK(error.find("'jelimvre show --encoding utf-16 utf16.jgn'") != std::string::npos);
        CHECK(
            jv::load_record_text(wide.string(), "utf16.jgn", Encoding::utf16, "show", text, error));
        CHECK(text == record);
        CHECK(jv::load_record_text(latin1.string(), "latin1.jgn", Encoding::latin1, "show", text,
                                   error));
        CHECK(text.find("H\xC3\xA9l\xC3\xA8ne") != std::string::npos);
    }
    std::filesystem::remove_all(dir);
}
