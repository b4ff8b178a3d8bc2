#include "core/record_writer.hpp"

#include <array>

#include <fmt/format.h>

namespace jv {

namespace {

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// The tags written first, in this order (12.2); every other tag follows in record order. The
// players' tags of every game stand before the result: White and Black, Light and Dark.
constexpr std::array<std::string_view, 9> roster = {"Event", "Site",  "Date", "Round", "White",
                                                    "Black", "Light", "Dark", "Result"};

bool in_roster(std::string_view name) {
    for (std::string_view r : roster)
        if (r == name) return true;
    return false;
}

bool is_mark_glyph(std::string_view glyph) {
    return !glyph.empty() && (glyph[0] == '!' || glyph[0] == '?');
}

}  // namespace

std::string canonical_comment_text(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    std::size_t line_begin = 0;
    for (;;) {
        std::size_t newline = text.find('\n', line_begin);
        std::string_view line =
            text.substr(line_begin, newline == std::string_view::npos ? std::string_view::npos
                                                                      : newline - line_begin);
        std::size_t end = line.size();
        while (end > 0 && is_space(line[end - 1])) --end;  // also the CR of a CRLF
        out.append(line.substr(0, end));
        if (newline == std::string_view::npos) break;
        out += '\n';
        line_begin = newline + 1;
    }
    std::size_t first = 0;
    while (first < out.size() && is_space(out[first])) ++first;
    std::size_t last = out.size();
    while (last > first && is_space(out[last - 1])) --last;
    return out.substr(first, last - first);
}

std::string canonical_glyph(std::string_view glyph) {
    if (glyph.size() < 2 || glyph[0] != '$') return std::string(glyph);
    std::size_t digits = 1;
    while (digits + 1 < glyph.size() && glyph[digits] == '0') ++digits;
    return "$" + std::string(glyph.substr(digits));
}

GameOutline outline_of(const GameRecord& record) {
    GameOutline game;
    game.tags.reserve(record.tags.size());
    for (const Tag& tag : record.tags) game.tags.push_back({tag.name, tag.value, {}, {}});
    // Every action, and where it sits in the outline's turns.
    std::vector<GameOutline::Action*> actions(record.actions.size(), nullptr);
    game.turns.resize(record.turns.size());
    for (std::size_t k = 0; k < record.turns.size(); ++k) {
        const Turn& turn = record.turns[k];
        GameOutline::Turn& out = game.turns[k];
        if (turn.number)
            out.number = GameOutline::Number{turn.number->value, turn.number->second_player};
        out.actions.resize(turn.action_count);
        for (std::uint32_t i = 0; i < turn.action_count; ++i) {
            out.actions[i].text = record.action(turn, i).text;
            actions[turn.first_action + i] = &out.actions[i];
        }
    }
    for (const Glyph& glyph : record.glyphs)
        if (glyph.action < actions.size() && actions[glyph.action] != nullptr)
            actions[glyph.action]->glyphs.push_back({glyph.text, GameOutline::no_origin});
    for (const Comment& comment : record.comments) {
        GameOutline::Comment c{comment.text, GameOutline::no_origin};
        switch (comment.place) {
            case CommentPlace::before_tags:
                game.comments_before_tags.push_back(c);
                break;
            case CommentPlace::after_tag:
                if (comment.index < game.tags.size())
                    game.tags[comment.index].comments_after.push_back(c);
                else
                    game.comments_before_tags.push_back(c);
                break;
            case CommentPlace::before_turn:
                if (comment.index < game.turns.size())
                    game.turns[comment.index].comments_before.push_back(c);
                else
                    game.comments_before_result.push_back(c);
                break;
            case CommentPlace::after_action:
                if (comment.index < actions.size() && actions[comment.index] != nullptr)
                    actions[comment.index]->comments_after.push_back(c);
                else
                    game.comments_before_result.push_back(c);
                break;
            case CommentPlace::before_result:
                game.comments_before_result.push_back(c);
                break;
            case CommentPlace::after_result:
                game.comments_after_result.push_back(c);
                break;
        }
    }
    if (record.result) game.result = record.result->kind;
    return game;
}

void JgnWriter::mark(std::uint32_t origin, std::size_t begin) {
    if (spans_ == nullptr || origin == GameOutline::no_origin) return;
    spans_->push_back(WrittenSpan{origin, static_cast<std::uint32_t>(begin),
                                  static_cast<std::uint32_t>(out_.size())});
}

// Before anything written on a line: the indentation of a line that a ';' comment broke.
void JgnWriter::begin_item() {
    if (pending_indent_) {
        out_ += "    ";
        pending_indent_ = false;
    }
    line_start_ = false;
}

// One space between two items of a line (none at its start, the indentation after a break).
void JgnWriter::space() {
    if (pending_indent_) {
        begin_item();
        return;
    }
    if (!line_start_) out_ += ' ';
}

void JgnWriter::end_line() {
    if (!pending_indent_) out_ += '\n';  // a ';' comment has already ended the line
    pending_indent_ = false;
    line_start_ = true;
}

// "{ text }", or "; text" and a line end when the text holds a '}' (12.4).
void JgnWriter::comment_inline(const GameOutline::Comment& comment) {
    space();
    begin_item();
    std::size_t begin = out_.size();
    std::string text = canonical_comment_text(comment.text);
    if (text.find('}') != std::string::npos) {
        out_ += "; ";
        out_ += text;
        mark(comment.origin, begin);
        out_ += '\n';
        pending_indent_ = true;
        return;
    }
    out_ += text.empty() ? "{ }" : "{ " + text + " }";
    mark(comment.origin, begin);
}

void JgnWriter::comment_line(const GameOutline::Comment& comment) {
    comment_inline(comment);
    end_line();
}

void JgnWriter::add(const GameOutline& game) {
    if (games_++ > 0) out_ += '\n';
    const std::size_t game_begin = out_.size();
    line_start_ = true;
    pending_indent_ = false;

    for (const GameOutline::Comment& c : game.comments_before_tags) comment_line(c);

    // Tags: the roster in its order, then the others in record order.
    auto write_tag = [&](const GameOutline::Tag& tag) {
        begin_item();
        std::size_t begin = out_.size();
        out_ += '[';
        out_ += tag.name;
        out_ += " \"";
        for (char ch : tag.value) {
            if (ch == '"' || ch == '\\') out_ += '\\';
            out_ += ch;
        }
        out_ += "\"]";
        mark(tag.origin, begin);
        for (const GameOutline::Comment& c : tag.comments_after) comment_inline(c);
        end_line();
    };
    for (std::string_view name : roster)
        for (const GameOutline::Tag& tag : game.tags)
            if (tag.name == name) write_tag(tag);
    for (const GameOutline::Tag& tag : game.tags)
        if (!in_roster(tag.name)) write_tag(tag);
    if (!game.tags.empty()) out_ += '\n';

    // Turns, one per line, every one numbered. A missing number can only be that of a second
    // player's turn: it is the number of the first player's turn just before it.
    std::optional<GameOutline::Number> previous;
    const GameOutline::Action* last_action = nullptr;
    for (std::size_t k = 0; k < game.turns.size(); ++k) {
        const GameOutline::Turn& turn = game.turns[k];
        std::optional<GameOutline::Number> number = turn.number;
        if (!number && k % 2 == 1 && previous) number = GameOutline::Number{previous->value, true};
        previous = number;
        if (number) {
            begin_item();
            std::size_t begin = out_.size();
            out_ += fmt::format("{}{}", number->value, number->second_player ? "..." : ".");
            mark(turn.origin, begin);
        }
        for (const GameOutline::Comment& c : turn.comments_before) comment_inline(c);
        for (std::size_t i = 0; i < turn.actions.size(); ++i) {
            const GameOutline::Action& action = turn.actions[i];
            if (i == 0) {
                space();
            } else {
                begin_item();
                out_ += ',';
            }
            begin_item();
            std::size_t begin = out_.size();
            out_ += action.text;
            mark(action.origin, begin);
            bool after_mark_glyph = false;
            for (const GameOutline::Glyph& glyph : action.glyphs) {
                bool mark_glyph = is_mark_glyph(glyph.text);
                // "!" then "?" must not run together into "!?".
                if (!mark_glyph || after_mark_glyph) space();
                begin_item();
                std::size_t glyph_begin = out_.size();
                out_ += canonical_glyph(glyph.text);
                mark(glyph.origin, glyph_begin);
                after_mark_glyph = mark_glyph;
            }
            // The comments after the game's very last action stand before the result.
            bool very_last = k + 1 == game.turns.size() && i + 1 == turn.actions.size();
            if (very_last)
                last_action = &action;
            else
                for (const GameOutline::Comment& c : action.comments_after) comment_inline(c);
        }
        end_line();
    }

    if (last_action != nullptr)
        for (const GameOutline::Comment& c : last_action->comments_after) comment_line(c);
    for (const GameOutline::Comment& c : game.comments_before_result) comment_line(c);
    begin_item();
    std::size_t result_begin = out_.size();
    out_ += result_text(game.result.value_or(ResultKind::unfinished));
    mark(game.result_origin, result_begin);
    end_line();
    for (const GameOutline::Comment& c : game.comments_after_result) comment_line(c);
    mark(game.origin, game_begin);
}

std::string write_jgn(const GameRecord& record) {
    JgnWriter writer;
    writer.add(outline_of(record));
    return writer.take();
}

std::string write_jgn(std::span<const GameRecord> records) {
    JgnWriter writer;
    for (const GameRecord& record : records) writer.add(outline_of(record));
    return writer.take();
}

}  // namespace jv
