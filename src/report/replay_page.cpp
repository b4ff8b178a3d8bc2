// write_replay_page(): the HTML of a replay page (replay_page.hpp). The page's words are written
// here as HTML; its positions go into one JSON document (#page-data) that the script reads.
#include "report/replay_page.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/text.hpp"
#include "core/translate.hpp"
#include "report/page_files.hpp"

namespace jv::report {

namespace {

// The shared pool of picture lines, each distinct line once, numbered in the order first met;
// and each frame's picture as pieces taken from the frame before it or from the pool.
//
// A frame is a list of pairs [from, count]: from >= 0 takes the pool's lines from..from+count-1;
// from < 0 takes the previous frame's lines -from-1.. (count of them). Two successive positions
// differ in a dozen of their 300-odd lines (the caption, the moved pieces, the side panel), so a
// frame is a few pairs: a 400-turn Jelimvre game's frames take 60 KB this way, where runs of
// pool numbers alone took 375 KB, broken up as the pieces moved away from their first lines.
class LinePool {
  public:
    // The pairs of `picture`, whose frame follows `previous` (empty for a game's first frame);
    // `lines` is set to the picture's line numbers, the next frame's `previous`.
    nlohmann::json frame_of(std::string_view picture, const std::vector<std::uint32_t>& previous,
                            std::vector<std::uint32_t>& lines) {
        lines.clear();
        std::size_t at = 0;
        while (at <= picture.size()) {
            std::size_t end = picture.find('\n', at);
            if (end == std::string_view::npos) end = picture.size();
            lines.push_back(number_of(picture.substr(at, end - at)));
            at = end + 1;
        }
        // Where each line stands in the previous frame (its first place: a repeated line is
        // found again by following the copy in progress).
        std::unordered_map<std::uint32_t, std::size_t> place;
        for (std::size_t i = previous.size(); i-- > 0;) place[previous[i]] = i;

        nlohmann::json pairs = nlohmann::json::array();
        std::size_t next_in_previous = 0;  // where the last copy ended
        std::size_t i = 0;
        while (i < lines.size()) {
            std::size_t from = SIZE_MAX;
            if (next_in_previous < previous.size() && previous[next_in_previous] == lines[i])
                from = next_in_previous;
            else if (auto found = place.find(lines[i]); found != place.end())
                from = found->second;
            std::size_t count = 1;
            if (from != SIZE_MAX) {
                while (i + count < lines.size() && from + count < previous.size() &&
                       previous[from + count] == lines[i + count])
                    ++count;
                pairs.push_back(-static_cast<std::int64_t>(from) - 1);
                next_in_previous = from + count;
            } else {
                while (i + count < lines.size() && lines[i + count] == lines[i] + count &&
                       !place.contains(lines[i + count]))
                    ++count;
                pairs.push_back(lines[i]);
            }
            pairs.push_back(count);
            i += count;
        }
        return pairs;
    }
    nlohmann::json take() { return std::move(lines_); }

  private:
    std::uint32_t number_of(std::string_view line) {
        auto [it, added] =
            numbers_.try_emplace(std::string(line), static_cast<std::uint32_t>(lines_.size()));
        if (added) lines_.push_back(it->first);
        return it->second;
    }
    std::unordered_map<std::string, std::uint32_t> numbers_;
    nlohmann::json lines_ = nlohmann::json::array();
};

std::string escaped(std::string_view text) {
    return xml_escape(text);
}

// Before the position string in the picture's name for screen readers (the script says it too).
std::string position_words() {
    // TRANSLATORS: before a position string, in the name of a replay page's board read out by
    // screen readers: "After 12. (White): Ke1-e2. Black to play. Position: ..."
    return tr("Position:");
}

// A turn's actions, with a place to break the line after each comma: a Jelimvre setup is
// twenty-odd actions long.
std::string turn_html(std::string_view text) {
    std::string out;
    for (char c : escaped(text)) {
        out += c;
        if (c == ',') out += "<wbr>";
    }
    return out;
}

void write_header(std::string& out, const PageGame& game, std::size_t number, bool several) {
    out += "<header class=\"game-header\">\n";
    // A page of one game is headed by the page's title; in a list, each game has its own.
    if (several)
        fmt::format_to(std::back_inserter(out), "<h2>{}. {}</h2>\n", number, escaped(game.title));
    out += "<dl class=\"tags\">\n";
    for (const PageField& field : game.fields)
        fmt::format_to(
            std::back_inserter(out), "<div data-field=\"{}\"><dt>{}</dt><dd{}>{}</dd></div>\n",
            escaped(field.field), escaped(field.label),
            field.value == unknown_words() ? " class=\"unknown\"" : "", escaped(field.value));
    out += "</dl>\n";
    if (game.fault) {
        const PageFault& fault = *game.fault;
        fmt::format_to(
            std::back_inserter(out),
            "<p class=\"verdict-fault\" id=\"fault-{}\" data-rule=\"{}\"><strong>{}</strong> "
            "{} <span class=\"where\">{}</span>",
            number, escaped(fault.rule),
            // TRANSLATORS: before the message of a fault that is not a broken rule: the record
            // could not be read. {} is "reading fault" or a rule id (J7.1).
            escaped(trf("{}:", fault.rule.empty() ? tr("reading fault") : fault.rule)),
            escaped(fault.message), escaped(fault.where));
        if (game.other_faults > 0)
            fmt::format_to(std::back_inserter(out), " {}",
                           // TRANSLATORS: after the first fault of a game on a replay page.
                           escaped(trn("(and {} more fault; jelimvre validate lists them)",
                                       "(and {} more faults; jelimvre validate lists them)",
                                       game.other_faults, game.other_faults)));
        out += "</p>\n";
        if (!fault.notes.empty()) {
            out += "<ul class=\"fault-notes\">\n";
            for (const PageFault::Note& note : fault.notes)
                fmt::format_to(std::back_inserter(out),
                               "<li class=\"fault-note\"><strong>{}</strong>{} <span "
                               "class=\"where\">{}</span></li>\n",
                               escaped(label_before(tr_in("severity", "note"))),
                               escaped(note.message), escaped(note.where));
            out += "</ul>\n";
        }
    }
    if (!game.notes.empty()) {
        out += "<div class=\"notes\">\n";
        for (const std::string& note : game.notes)
            fmt::format_to(std::back_inserter(out), "<p class=\"comment\">{}</p>\n", escaped(note));
        out += "</div>\n";
    }
    out += "</header>\n";
}

void write_viewer(std::string& out, const PageGame& game, std::size_t number) {
    if (game.frames.empty()) return;
    const PageFrame& opening = game.frames[game.opening_frame];
    // The buttons above the board: a board is taller than most windows, and the reader should
    // not have to scroll to reach them.
    // The keys' names in the buttons' titles are the keys the page's script answers to.
    fmt::format_to(
        std::back_inserter(out),
        "<div class=\"viewer\">\n"
        "<div class=\"controls\" role=\"group\" aria-label=\"{}\">\n"
        "<button type=\"button\" class=\"nav-first\" title=\"{}\">&#xAB; {}</button>\n"
        "<button type=\"button\" class=\"nav-prev\" title=\"{}\" aria-label=\"{}\">&#x2039; "
        "{}</button>\n"
        "<button type=\"button\" class=\"nav-next\" title=\"{}\" aria-label=\"{}\">{} "
        "&#x203A;</button>\n"
        "<button type=\"button\" class=\"nav-last\" title=\"{}\">{} &#xBB;</button>\n"
        "</div>\n",
        // TRANSLATORS: the name, for screen readers, of the row of buttons above a replay
        // page's board.
        escaped(tr("Step through the game")),
        // TRANSLATORS: the Home key of a keyboard, which shows a game's first position.
        escaped(tr_in("key", "Home")),
        // TRANSLATORS: the buttons above a replay page's board: the first position, one turn
        // back, one turn on, the last position.
        escaped(tr_in("replay button", "Start")), escaped(tr_in("key", "Left arrow")),
        escaped(tr("One turn back")), escaped(tr_in("replay button", "Back")),
        escaped(tr_in("key", "Right arrow")), escaped(tr("One turn on")),
        escaped(tr_in("replay button", "Next")),
        // TRANSLATORS: the End key of a keyboard, which shows a game's last position.
        escaped(tr_in("key", "End")), escaped(tr_in("replay button", "End")));
    fmt::format_to(
        std::back_inserter(out),
        "<figure class=\"board\" id=\"board-{}\" data-position=\"{}\" data-turn=\"{}\">\n"
        "<div class=\"board-picture\" role=\"img\" aria-label=\"{}\"></div>\n"
        "<figcaption><span class=\"board-description\" aria-live=\"polite\">{}</span>"
        "<code class=\"board-position\">{}</code></figcaption>\n</figure>\n</div>\n",
        number, escaped(opening.position), escaped(opening.key),
        escaped(opening.description + " " + position_words() + " " + opening.position),
        escaped(opening.description), escaped(opening.position));
}

void write_turn_cell(std::string& out, const PageGame& game, std::size_t number, std::size_t k) {
    const PageTurn& turn = game.turns[k];
    const bool faulty = game.fault && game.fault->turn == k;
    const bool after_fault = !turn.frame && !faulty;
    out += "<td>";
    const std::string label = fmt::format("{} {}", turn.id.label(), turn.text);
    if (faulty) {
        // The faulty turn shows the position it started from: the last the rules reached.
        fmt::format_to(std::back_inserter(out),
                       "<button type=\"button\" class=\"turn fault\" data-turn=\"{}\" "
                       "data-frame=\"{}\" data-rule=\"{}\" aria-describedby=\"fault-{}\" "
                       "aria-label=\"{}\">{}</button>",
                       turn_key(turn.id), game.frames.empty() ? 0 : game.frames.size() - 1,
                       escaped(game.fault->rule), number,
                       // TRANSLATORS: a faulty turn's name for screen readers: {} is its number
                       // and its actions ("12. Ke1-e3").
                       escaped(trf("{} (faulty)", label)), turn_html(turn.text));
    } else if (after_fault) {
        fmt::format_to(std::back_inserter(out),
                       "<button type=\"button\" class=\"turn after-fault\" data-turn=\"{}\" "
                       "disabled aria-label=\"{}\">{}</button>",
                       turn_key(turn.id),
                       // TRANSLATORS: the name, for screen readers, of a turn after a faulty one:
                       // {} is its number and its actions ("13... Kf11-f10").
                       escaped(trf("{} (not replayed)", label)), turn_html(turn.text));
    } else {
        fmt::format_to(std::back_inserter(out),
                       "<button type=\"button\" class=\"turn\" data-turn=\"{}\" data-frame=\"{}\" "
                       "aria-label=\"{}\">{}</button>",
                       turn_key(turn.id), *turn.frame, escaped(label), turn_html(turn.text));
    }
    for (const std::string& comment : turn.comments)
        fmt::format_to(std::back_inserter(out), "<span class=\"comment\">{}</span>",
                       escaped(comment));
    out += "</td>";
}

void write_moves(std::string& out, const PageGame& game, std::size_t number) {
    // The columns are players, in the order they play a turn number: who plays "1." comes from
    // the game (an Imbriquation record may have Dark play first), never from the column's place.
    std::array<std::uint8_t, 2> column_player = {0, 1};
    if (!game.turns.empty()) {
        const TurnId first = game.turns.front().id;
        const std::uint8_t opener = first.second_player ? 1 - first.player : first.player;
        column_player = {opener, static_cast<std::uint8_t>(1 - opener)};
    }
    fmt::format_to(std::back_inserter(out),
                   "<div class=\"moves-panel\">\n<table class=\"moves\">\n<caption>{}</caption>\n"
                   "<thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th>"
                   "<th scope=\"col\">{}</th></tr></thead>\n<tbody>\n",
                   // TRANSLATORS: the caption of a replay page's table of the game's turns, and
                   // the head of its column of turn numbers.
                   escaped(tr_in("replay table", "Turns")), escaped(tr_in("replay table", "Turn")),
                   escaped(player_name(game.players[column_player[0]])),
                   escaped(player_name(game.players[column_player[1]])));
    // One row per turn number, each turn in its player's column; a turn whose cell is taken
    // (two turns of one player under one number) starts a row of its own.
    std::size_t k = 0;
    while (k < game.turns.size()) {
        const std::uint32_t row_number = game.turns[k].id.number;
        std::size_t cells[2] = {SIZE_MAX, SIZE_MAX};
        while (k < game.turns.size() && game.turns[k].id.number == row_number) {
            const std::size_t column = game.turns[k].id.player == column_player[0] ? 0 : 1;
            // A second-player turn never stands left of the first player's turn of its row.
            if (cells[column] != SIZE_MAX || (column == 0 && cells[1] != SIZE_MAX)) break;
            cells[column] = k++;
        }
        const bool greyed = (cells[0] == SIZE_MAX || !game.turns[cells[0]].frame) &&
                            (cells[1] == SIZE_MAX || !game.turns[cells[1]].frame);
        fmt::format_to(std::back_inserter(out), "<tr{}><th scope=\"row\">{}.</th>",
                       greyed ? " class=\"after-fault\"" : "", row_number);
        for (std::size_t cell : cells) {
            if (cell == SIZE_MAX)
                out += "<td></td>";
            else
                write_turn_cell(out, game, number, cell);
        }
        out += "</tr>\n";
        for (std::size_t cell : cells) {
            if (cell == SIZE_MAX || !game.fault || game.fault->turn != cell) continue;
            fmt::format_to(std::back_inserter(out),
                           "<tr class=\"fault-row\"><td colspan=\"3\"><p class=\"fault-message\" "
                           "data-rule=\"{}\"><strong>{}</strong> {}</p></td></tr>\n",
                           escaped(game.fault->rule), escaped(game.fault->rule),
                           escaped(game.fault->message));
        }
    }
    out += "</tbody>\n</table>\n";
    for (const std::string& note : game.closing)
        fmt::format_to(std::back_inserter(out), "<p class=\"comment\">{}</p>\n", escaped(note));
    out += "</div>\n";
}

// The page up to its heading: the style inline, and an empty icon so that the browser asks for
// no favicon.
std::string page_head(std::string_view title, std::string_view generator) {
    return fmt::format(
        "<!DOCTYPE html>\n<html lang=\"{}\" class=\"no-js\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<meta name=\"generator\" content=\"{}\">\n<title>{}</title>\n"
        "<link rel=\"icon\" href=\"data:,\">\n<style>\n{}</style>\n</head>\n<body>\n<main>\n"
        "<h1>{}</h1>\n",
        language_code(message_language()), escaped(generator), escaped(title), replay_page_style(),
        escaped(title));
}

}  // namespace

std::string inline_picture(std::string_view svg) {
    if (svg.starts_with("<?xml")) {
        const std::size_t end = svg.find('\n');
        svg.remove_prefix(end == std::string_view::npos ? svg.size() : end + 1);
    }
    while (!svg.empty() && svg.back() == '\n') svg.remove_suffix(1);
    std::string out(svg);
    constexpr std::string_view namespace_attribute = " xmlns=\"http://www.w3.org/2000/svg\"";
    if (const std::size_t at = out.find(namespace_attribute); at != std::string::npos)
        out.erase(at, namespace_attribute.size());
    return out;
}

std::string_view replay_page_style() {
    return embedded_page_file("src/report/page/replay.css").value_or("");
}

std::string_view replay_page_script() {
    return embedded_page_file("src/report/page/replay.js").value_or("");
}

std::string write_index_page(std::span<const PageLink> links, std::string_view title,
                             std::string_view generator) {
    std::string out = page_head(title, generator);
    // The round's table: what an organiser posts on the club's wall, each row linking its page.
    fmt::format_to(std::back_inserter(out),
                   "<table class=\"game-index\">\n<caption>{}</caption>\n<thead><tr>",
                   // TRANSLATORS: the caption of the table of games on a folder's index page.
                   escaped(tr_in("index table", "Games")));
    // The heads, and each cell's head again (data-label) for a phone, where a row is a card.
    // TRANSLATORS: the heads of the columns of the table of games on a folder's index page.
    const std::array<std::pair<std::string_view, std::string>, 7> columns = {{
        {"round", escaped(tr_in("index table", "Round"))},
        {"game", escaped(tr_in("index table", "Game"))},
        {"players", escaped(tr_in("index table", "Players"))},
        {"result", escaped(tr_in("index table", "Result"))},
        {"ending", escaped(tr_in("index table", "How it ended"))},
        {"verdict", escaped(tr_in("index table", "Verdict"))},
        {"page", escaped(tr_in("index table", "Page"))},
    }};
    for (const auto& [field, head] : columns)
        fmt::format_to(std::back_inserter(out), "<th scope=\"col\">{}</th>", head);
    out += "</tr></thead>\n<tbody>\n";
    for (const PageLink& link : links) {
        const PageGame& game = link.game;
        fmt::format_to(std::back_inserter(out), "<tr data-verdict=\"{}\">",
                       verdict_name(game.verdict));
        for (const auto& [field, head] : columns) {
            std::string value;
            if (field == "players")
                value = escaped(game.title);
            else if (field == "page")
                value =
                    fmt::format("<a href=\"{}\">{}</a>", escaped(link.href), escaped(link.href));
            else
                for (const PageField& each : game.fields)
                    if (each.field == field) value = escaped(each.value);
            fmt::format_to(std::back_inserter(out),
                           "<td data-field=\"{}\" data-label=\"{}\">{}</td>", field, head, value);
        }
        out += "</tr>\n";
    }
    out += "</tbody>\n</table>\n</main>\n</body>\n</html>\n";
    return out;
}

std::string write_replay_page(std::span<const PageGame> games, std::string_view title,
                              std::string_view generator) {
    const bool several = games.size() > 1;
    std::string out = page_head(title, generator);
    if (several) {
        fmt::format_to(std::back_inserter(out),
                       "<nav class=\"game-list\" aria-label=\"{}\">\n<ol>\n",
                       // TRANSLATORS: the name, for screen readers, of a page's list of games.
                       escaped(tr_in("index table", "Games")));
        for (std::size_t i = 0; i < games.size(); ++i)
            fmt::format_to(std::back_inserter(out), "<li><a href=\"#game={}\">{}</a></li>\n", i + 1,
                           escaped(games[i].summary));
        out += "</ol>\n</nav>\n";
    }

    LinePool pool;
    nlohmann::json data_games = nlohmann::json::array();
    for (std::size_t i = 0; i < games.size(); ++i) {
        const PageGame& game = games[i];
        const std::size_t number = i + 1;
        fmt::format_to(std::back_inserter(out),
                       "<section class=\"game\" id=\"game-{}\" data-game=\"{}\" data-verdict=\"{}\""
                       "{}>\n",
                       number, number, verdict_name(game.verdict),
                       several && i > 0 ? " hidden" : "");
        write_header(out, game, number, several);
        out += "<div class=\"layout\">\n";
        write_viewer(out, game, number);
        write_moves(out, game, number);
        out += "</div>\n";
        // Printed instead of the viewer, and shown when scripts are off: the last position.
        if (!game.frames.empty())
            fmt::format_to(std::back_inserter(out),
                           "<figure class=\"print-board\" aria-hidden=\"true\">\n{}\n</figure>\n",
                           game.frames.back().svg);
        out += "</section>\n";

        nlohmann::json frames = nlohmann::json::array();
        std::vector<std::uint32_t> previous;
        std::vector<std::uint32_t> lines;
        for (const PageFrame& frame : game.frames) {
            nlohmann::json pieces = pool.frame_of(frame.svg, previous, lines);
            previous.swap(lines);
            frames.push_back({{"key", frame.key},
                              {"lines", std::move(pieces)},
                              {"position", frame.position},
                              {"text", frame.description}});
        }
        data_games.push_back({{"opening", game.opening_frame}, {"frames", std::move(frames)}});
    }
    // The script's own words: the picture's name for screen readers ends with the position.
    nlohmann::json data = {{"pool", pool.take()},
                           {"games", std::move(data_games)},
                           {"words", {{"position", position_words()}}}};
    // In a script element only "</script" would end it early; with every '<' written as \u003c
    // (which JSON allows in a string, the only place a '<' can be) no sequence can.
    std::string json = data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    std::string safe;
    safe.reserve(json.size() + json.size() / 8);
    for (char c : json) {
        if (c == '<')
            safe += "\\u003c";
        else
            safe += c;
    }
    fmt::format_to(std::back_inserter(out),
                   "</main>\n<script type=\"application/json\" id=\"page-data\">{}</script>\n"
                   "<script>\n{}</script>\n</body>\n</html>\n",
                   safe, replay_page_script());
    return out;
}

}  // namespace jv::report
