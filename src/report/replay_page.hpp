// The replay page of `jelimvre publish`: one self-contained HTML file (its style, script and
// pictures inline, nothing fetched) in which a reader steps through one or several games.
//
// Two steps, both game-neutral:
//   - page_game() referees a record through the game interface and keeps what the page shows:
//     the header, the turns in JGN with their comments, the first fault, and a frame (the
//     game's SVG picture, its position string and a line of words) for every position the
//     legal part of the record reaches;
//   - write_replay_page() writes the HTML. The frames' pictures share one pool of lines (two
//     positions of a game differ in a few lines of their SVG), which keeps a 100-turn game's
//     page to a few hundred kilobytes; the page's script (page/replay.js) rebuilds a picture
//     from its runs of lines.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/record.hpp"
#include "core/source.hpp"

namespace jv::report {

class RecordInput;

// One position of a game as the page shows it.
struct PageFrame {
    // Its name in the URL fragment (#turn=KEY): "start" before the first turn, "14" after the
    // first player's turn 14, "14b" after the second player's.
    std::string key;
    std::string svg;          // the game's SVG picture (inline_picture), the last turn marked
    std::string position;     // the canonical position string
    std::string description;  // "After 14... (Black): Kd11-c11. White to play."
};

struct PageTurn {
    TurnId id;
    std::string text;                   // its actions in JGN, glyphs included
    std::vector<std::string> comments;  // the record's comments at this turn, in order
    // The frame after it; none for the faulty turn and the turns after it.
    std::optional<std::uint32_t> frame;
};

struct PageFault {
    std::optional<std::size_t> turn;  // the index of the faulty turn in PageGame::turns
    std::string rule;                 // empty for a reading fault
    std::string message;
    std::string where;  // "file:line:col"
    // Where its cause lies (DiagnosticNote), each with its "file:line:col".
    struct Note {
        std::string message;
        std::string where;
    };
    std::vector<Note> notes;
};

// One line of the header: its field name for the tests (data-field), its label, its value.
struct PageField {
    std::string field;
    std::string label;
    std::string value;
};

struct PageGame {
    std::string title;    // "Ana - Bruno"
    std::string summary;  // one line for a list of games: "Ana - Bruno, 1-0 (checkmate), legal"
    std::vector<PageField> fields;
    std::array<Player, 2> players;
    Verdict verdict = Verdict::legal;
    std::optional<PageFault> fault;    // the first fault, if any
    std::size_t other_faults = 0;      // faults after the first
    std::vector<std::string> notes;    // comments before the first turn
    std::vector<std::string> closing;  // comments after the last turn
    std::vector<PageTurn> turns;
    std::vector<PageFrame> frames;    // [0] before the first turn, then after each legal turn
    std::uint32_t opening_frame = 0;  // the frame the page opens on
    // An invalid record's faults, as validate reports them: publish refuses such a record and
    // says why (a page of a record that cannot be read would show no game).
    std::vector<Diagnostic> reading_faults;
};

// Referees `record` (of `source`) with its game and builds its page: it opens on the last legal
// position, the one a faulty turn started from. An invalid record gets its header, its faults
// and no frame. With `input` (the file the record was read from, as a YAML or JSON record
// document), the fault's place is told in that file.
PageGame page_game(const Referees& referees, const GameRecord& record, const SourceFile& source,
                   const RecordInput* input = nullptr);

// The frame of `game` with this key ("14", "14b", "start"), if the page has it.
std::optional<std::uint32_t> frame_of_key(const PageGame& game, std::string_view key);

// A tag's value as a reader is shown it: "?" and "????.??.??" are unknown_words() ("unknown" in the
// message language), the known parts of
// a date ("2024.03.??" is "2024.03"); none for "-" (the tag does not apply: the field is left out).
std::string unknown_words();
std::optional<std::string> shown_tag_value(std::string_view value);

// The key of a turn: "14" or "14b".
std::string turn_key(TurnId id);

// The page: `title` heads it; with several games, a list of them opens it and one game shows at
// a time. `generator` is written in the page's head ("jelimvre 0.1.0").
std::string write_replay_page(std::span<const PageGame> games, std::string_view title,
                              std::string_view generator);

// A folder of pages (publish -o FOLDER/) opens with an index: a table of the games, one row
// each, with a link to the game's page.
struct PageLink {
    std::string href;  // the page's file name, relative to the index
    const PageGame& game;
};
std::string write_index_page(std::span<const PageLink> links, std::string_view title,
                             std::string_view generator);

// A game's SVG document as the page holds it inline: without the XML declaration and the
// namespace attribute (SVG inside HTML needs neither, and the page then names no address at
// all), without the final line break. The page's script rebuilds exactly this text from a
// frame's runs of pool lines; the tests check that it does.
std::string inline_picture(std::string_view svg);

// The text of the style sheet and script the page carries (src/report/page/).
std::string_view replay_page_style();
std::string_view replay_page_script();

}  // namespace jv::report
