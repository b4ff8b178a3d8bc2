// page_game(): what the replay page shows of one record, asked of its game through the game
// interface (replay_page.hpp).
#include <algorithm>

#include <fmt/format.h>

#include "core/record_writer.hpp"
#include "core/text.hpp"
#include "core/translate.hpp"
#include "report/record_input.hpp"
#include "report/replay_page.hpp"
#include "report/verdict_report.hpp"

namespace jv::report {

namespace {

// The turn's actions as JGN writes them: joined by commas, each with its glyphs.
std::string turn_text(const GameRecord& record, const Turn& turn,
                      const std::vector<std::vector<std::string_view>>& glyphs) {
    std::string out;
    for (std::uint32_t i = 0; i < turn.action_count; ++i) {
        if (i > 0) out += ',';
        // At most 40 characters an action, as every echo of a record's text: a hostile
        // record's megabyte token would otherwise fill the page.
        out += quote_for_message(record.action(turn, i).text);
        for (std::string_view glyph : glyphs[turn.first_action + i]) out += glyph;
    }
    return out;
}

// The turn of a record the game does not know: as its number says.
TurnId plain_turn_id(const GameRecord& record, std::size_t k) {
    TurnId id;
    if (const auto& number = record.turns[k].number) {
        id.number = number->value;
        id.second_player = number->second_player;
    }
    id.player = id.second_player ? 1 : 0;
    return id;
}

}  // namespace

std::string unknown_words() {
    // TRANSLATORS: the value of a tag the record leaves unknown ("?"), such as a player's name.
    return tr_in("tag value", "unknown");
}

std::optional<std::string> shown_tag_value(std::string_view value) {
    if (value == "-") return std::nullopt;
    if (value == "?" || value.empty()) return unknown_words();
    // A date with unknown parts ("2024.03.??"): the parts that are known.
    if (value.size() == 10 && value[4] == '.' && value[7] == '.') {
        std::string_view known = value;
        while (known.ends_with(".??")) known.remove_suffix(3);
        if (known == "????") return unknown_words();
        return std::string(known);
    }
    return std::string(value);
}

std::string turn_key(TurnId id) {
    return fmt::format("{}{}", id.number, id.second_player ? "b" : "");
}

std::optional<std::uint32_t> frame_of_key(const PageGame& game, std::string_view key) {
    for (std::uint32_t f = 0; f < game.frames.size(); ++f)
        if (game.frames[f].key == key) return f;
    return std::nullopt;
}

PageGame page_game(const Referees& referees, const GameRecord& record, const SourceFile& source,
                   const RecordInput* input) {
    PageGame page;
    const Game* game = referees.catalog().game_of(record);
    page.players = game != nullptr
                       ? game->players()
                       : std::array<Player, 2>{Player{"White", "white"}, Player{"Black", "black"}};

    // The turns in JGN, and the comments where they stand.
    std::vector<std::vector<std::string_view>> glyphs(record.actions.size());
    for (const Glyph& glyph : record.glyphs)
        if (glyph.action < glyphs.size()) glyphs[glyph.action].push_back(glyph.text);
    std::vector<std::size_t> turn_of_action(record.actions.size(), 0);
    for (std::size_t k = 0; k < record.turns.size(); ++k) {
        const Turn& turn = record.turns[k];
        for (std::uint32_t i = 0; i < turn.action_count; ++i)
            if (turn.first_action + i < turn_of_action.size())
                turn_of_action[turn.first_action + i] = k;
        PageTurn shown;
        shown.id = game != nullptr ? game->turn_id(record, k) : plain_turn_id(record, k);
        shown.text = turn_text(record, turn, glyphs);
        page.turns.push_back(std::move(shown));
    }
    for (const Comment& comment : record.comments) {
        std::string text = canonical_comment_text(comment.text);
        if (text.empty()) continue;
        switch (comment.place) {
            case CommentPlace::before_tags:
            case CommentPlace::after_tag:
                page.notes.push_back(std::move(text));
                break;
            case CommentPlace::before_turn:
                if (comment.index < page.turns.size())
                    page.turns[comment.index].comments.push_back(std::move(text));
                else
                    page.closing.push_back(std::move(text));
                break;
            case CommentPlace::after_action:
                if (comment.index < turn_of_action.size() && !page.turns.empty())
                    page.turns[turn_of_action[comment.index]].comments.push_back(std::move(text));
                else
                    page.closing.push_back(std::move(text));
                break;
            case CommentPlace::before_result:
            case CommentPlace::after_result:
                page.closing.push_back(std::move(text));
                break;
        }
    }

    // The frames: the position before the first turn, then the one after each legal turn.
    GameVerdict verdict;
    auto add_frame = [&](const GamePosition& position, std::string key, std::string picture_title,
                         std::string description, std::optional<FaultMark> fault = std::nullopt) {
        PictureOptions options;
        options.title = picture_title;
        options.fault = fault;
        PageFrame frame;
        frame.key = std::move(key);
        frame.svg = inline_picture(game->picture(position, PictureFormat::svg, options));
        frame.position = game->position_string(position);
        frame.description = std::move(description);
        page.frames.push_back(std::move(frame));
    };
    // Who plays next, added to each frame's words once the verdict tells where the game ended.
    std::vector<std::uint8_t> to_move;
    std::unique_ptr<GamePosition> last_legal;  // where a faulty turn starts from
    const TurnObserver observer = [&](const ObservedTurn& observed) {
        const std::string label = observed.id.label();
        const std::string player = player_name(page.players[observed.id.player]);
        PageTurn& turn = page.turns[observed.index];
        turn.frame = static_cast<std::uint32_t>(page.frames.size() + 1);  // after the start
        // TRANSLATORS: a picture's title on a replay page: {0} is a turn number ("12." or
        // "12..."), {1} the player who played it.
        add_frame(observed.after, turn_key(observed.id), trf("After {} ({})", label, player),
                  // TRANSLATORS: the words under a replay page's board: {0} is a turn number
                  // ("12." or "12..."), {1} the player, {2} the turn in the notation.
                  trf("After {} ({}): {}.", label, player, turn.text));
        to_move.push_back(game->player_to_move(observed.after));
        last_legal = observed.after.clone();
    };
    referees.referee(record, RefereeRequest{}, verdict, &observer);
    const bool replayed = verdict.verdict != Verdict::invalid_record && game != nullptr;
    if (!replayed) {
        // Nothing of an unreadable record is drawn (validate says "not replayed" too).
        page.frames.clear();
        for (PageTurn& turn : page.turns) turn.frame.reset();
    } else {
        const GameRules& game_rules = referees.rules_of(*game);
        std::unique_ptr<GamePosition> start = game_rules.initial_position(record);
        const std::string name = capitalised(game->initial_position_name());
        add_frame(*start, "start", name, name + ".");
        to_move.push_back(game->player_to_move(*start));
        // The position before the first turn was drawn last: it goes first.
        std::rotate(page.frames.begin(), page.frames.end() - 1, page.frames.end());
        std::rotate(to_move.begin(), to_move.end() - 1, to_move.end());
        for (std::size_t f = 0; f < page.frames.size(); ++f) {
            std::string& words = page.frames[f].description;
            words += ' ';
            if (f + 1 == page.frames.size() && verdict.outcome.result != ResultKind::unfinished)
                // TRANSLATORS: after the last position's words on a replay page: {0} is the
                // result (1-0), {1} how the game ended in words (king captured).
                words += trf("Game over: {} ({}).", result_text(verdict.outcome.result),
                             outcome_words(verdict.outcome));
            else
                // TRANSLATORS: {} is a player (White, Dark): who plays the next turn.
                words += trf("{} to play.", player_name(page.players[to_move[f]]));
        }
    }

    // The faults.
    page.verdict = verdict.verdict;
    if (!verdict.faults.empty()) {
        const Fault& first = verdict.faults.front();
        PageFault fault;
        fault.rule = first.diagnostic.rule;
        fault.message = first.diagnostic.message;
        const LineColumn at =
            input != nullptr
                ? input->shown().line_column(input->locate(first.diagnostic.region).begin)
                : source.line_column(first.diagnostic.region.begin);
        fault.where = fmt::format("{}:{}:{}", source.path(), at.line, at.column);
        for (const DiagnosticNote& note : first.diagnostic.notes) {
            const LineColumn place = source.line_column(note.region.begin);
            fault.notes.push_back(PageFault::Note{
                note.message, fmt::format("{}:{}:{}", source.path(), place.line, place.column)});
        }
        // The referee stops showing positions at the faulty turn: it is the first turn with none.
        if (first.turn && replayed) {
            std::size_t faulty = 0;
            while (faulty < page.turns.size() && page.turns[faulty].frame) ++faulty;
            if (faulty < page.turns.size()) fault.turn = faulty;
        }
        // The faulty turn has a frame of its own, the last: the position it started from, with
        // the refused action (and what blocks or attacks it) drawn.
        if (fault.turn) {
            PageTurn& turn = page.turns[*fault.turn];
            const std::string label = turn.id.label();
            const std::string player = player_name(page.players[turn.id.player]);
            if (!last_legal) last_legal = referees.rules_of(*game).initial_position(record);
            const GamePosition& before = *last_legal;
            turn.frame = static_cast<std::uint32_t>(page.frames.size());
            add_frame(before, turn_key(turn.id),
                      // TRANSLATORS: the title of the picture of a faulty turn: {0} is its
                      // number ("12."), {1} the player, {2} the rule it breaks (J7.1).
                      trf("{} ({}) refused: {}", label, player, fault.rule),
                      // TRANSLATORS: the words under the picture of a faulty turn: {0} its number,
                      // {1} the player, {2} the turn in the notation, {3} the rule (J7.1).
                      trf("{} ({}): {} breaks {}; the board shows the position before it.", label,
                          player, turn.text, fault.rule),
                      FaultMark{first.action, first.diagnostic.rule});
        }
        page.fault = std::move(fault);
        page.other_faults = verdict.faults.size() - 1 + verdict.unreported_faults;
        if (verdict.verdict == Verdict::invalid_record)
            for (const Fault& each : verdict.faults) page.reading_faults.push_back(each.diagnostic);
    }

    page.opening_frame =
        page.frames.empty() ? 0 : static_cast<std::uint32_t>(page.frames.size() - 1);

    // The header.
    const std::array<std::string, 2> names = {
        shown_tag_value(record.tag_value(verdict.player_tags[0], "?")).value_or(unknown_words()),
        shown_tag_value(record.tag_value(verdict.player_tags[1], "?")).value_or(unknown_words())};
    page.title = fmt::format("{} – {}", names[0], names[1]);
    auto field = [&](std::string name, std::string label, std::string value) {
        page.fields.push_back(PageField{std::move(name), std::move(label), std::move(value)});
    };
    // TRANSLATORS: the labels of a replay page's header, before the values of the record's
    // tags (Event, Site, Date, Round) and the verdict.
    field("game", tr_in("page header", "Game"),
          std::string(game != nullptr ? game->name() : record.tag_value("Game", "?")));
    const std::array<std::pair<std::string_view, const char*>, 4> tag_labels = {{
        {"Event", tr_in("page header", "Event")},
        {"Site", tr_in("page header", "Site")},
        {"Date", tr_in("page header", "Date")},
        {"Round", tr_in("page header", "Round")},
    }};
    for (const auto& [tag, label] : tag_labels)
        if (const Tag* found = record.find_tag(tag))
            if (std::optional<std::string> value = shown_tag_value(found->value))
                field(ascii_lowercase(tag), label, std::move(*value));
    for (std::size_t i = 0; i < 2; ++i)
        field(std::string(page.players[i].word), player_name(page.players[i]),
              std::string(names[i]));
    if (replayed) {
        field("result", tr_in("page header", "Result"),
              std::string(result_text(verdict.outcome.result)));
        field("ending", tr_in("page header", "How it ended"), outcome_words(verdict.outcome));
        for (const VerdictDetail& detail : verdict.details)
            field(detail.key, capitalised(detail.label.empty() ? detail.key : detail.label),
                  detail.text);
    } else {
        field("result", tr_in("page header", "Result"),
              tr("not replayed: the record cannot be read"));
    }
    if (!verdict.ruleset.empty())
        field("ruleset", tr_in("page header", "Ruleset"),
              // TRANSLATORS: a ruleset's name ({0}) and its fingerprint ({1}, 8 hex digits).
              trf("{} (fingerprint {})", verdict.ruleset, verdict.ruleset_fingerprint));
    field("verdict", tr_in("page header", "Verdict"), verdict_words(verdict.verdict));
    page.summary =
        replayed
            // TRANSLATORS: a game in the list of a replay page of several games: {0} its players
            // ("Ana – Bruno"), {1} the result, {2} how it ended in words, {3} its verdict.
            ? trf("{}: {} ({}), {}", page.title, result_text(verdict.outcome.result),
                  outcome_words(verdict.outcome), verdict_words(verdict.verdict))
            : label_before(page.title) + verdict_words(verdict.verdict);
    return page;
}

}  // namespace jv::report
