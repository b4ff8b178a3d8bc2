#include "games/imbriquation/referee.hpp"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

#include "core/ruleset.hpp"
#include "core/text.hpp"
#include "core/translate.hpp"
#include "games/imbriquation/pictures.hpp"
#include "games/imbriquation/position_text.hpp"
#include "games/imbriquation/rules.hpp"

namespace jv::imb {

namespace {

// The tags the referee reads, each the first of its name, found in one pass.
struct RefereeTags {
    const Tag* light = nullptr;
    const Tag* dark = nullptr;
    const Tag* result = nullptr;
    const Tag* rules = nullptr;
    const Tag* first = nullptr;
    const Tag* score = nullptr;
    const Tag* tiles1 = nullptr;
    const Tag* tiles4 = nullptr;
};

RefereeTags find_referee_tags(const GameRecord& record) {
    RefereeTags out;
    const std::pair<std::string_view, const Tag**> wanted[] = {
        {"Light", &out.light},   {"Dark", &out.dark},    {"Result", &out.result},
        {"Rules", &out.rules},   {"First", &out.first},  {"Score", &out.score},
        {"Tiles1", &out.tiles1}, {"Tiles4", &out.tiles4}};
    for (const Tag& tag : record.tags)
        for (const auto& [name, found] : wanted)
            if (*found == nullptr && tag.name == name) *found = &tag;
    return out;
}

// The player a First tag names (I3.1): Light when there is none, or when it names neither
// (a reading fault of its own).
Color first_of(const Tag* first) {
    return first != nullptr && first->value == "Dark" ? Color::dark : Color::light;
}

// A Score tag's value (I9.3): "light-dark", two whole numbers; none when malformed (I11.2).
std::optional<std::array<int, 2>> read_score(std::string_view value) {
    const std::size_t dash = value.find('-');
    if (dash == std::string_view::npos || dash == 0 || dash + 1 == value.size())
        return std::nullopt;
    std::array<int, 2> out{};
    for (int i = 0; i < 2; ++i) {
        const std::string_view part = i == 0 ? value.substr(0, dash) : value.substr(dash + 1);
        if (part.size() > 3 || part.find_first_not_of("0123456789") != std::string_view::npos)
            return std::nullopt;
        std::from_chars(part.data(), part.data() + part.size(), out[static_cast<std::size_t>(i)]);
    }
    return out;
}

void reading_faults_of(const GameRecord& record, const RefereeTags& tags,
                       const std::array<TileTag, 2>& lines, std::vector<Diagnostic>& faults) {
    const std::pair<std::string_view, const Tag*> required[] = {{"Light", tags.light},
                                                                {"Dark", tags.dark},
                                                                {"Result", tags.result},
                                                                {"Tiles1", tags.tiles1}};
    for (const auto& [name, tag] : required)
        if (tag == nullptr)
            faults.push_back(Diagnostic{
                Severity::error,
                {record.region.begin, record.region.begin},
                "",
                // TRANSLATORS: {} is a tag's name (Light, Tiles1), kept as it is: the tag is
                // written [Tiles1 "..."].
                trf("the tag {} is required: add [{} \"...\"] to the tag section", name, name)});
    auto at_value = [&](const Tag& tag, std::string message) {
        faults.push_back(Diagnostic{Severity::error, tag.value_region, "", std::move(message)});
    };
    for (const TileTag& line : lines)
        if (!line.unknown_code.empty()) at_value(*line.tag, line.unknown_code);
    if (tags.first != nullptr && tags.first->value != "Light" && tags.first->value != "Dark")
        // TRANSLATORS: First is a tag's name and "Light" and "Dark" are its values, kept as
        // they are; {} is the tag's value as written.
        at_value(*tags.first, trf("the First tag names the player who places first, \"Light\" "
                                  "or \"Dark\"; \"{}\" is neither",
                                  tags.first->value));
    if (tags.score != nullptr && !read_score(tags.score->value))
        at_value(*tags.score,
                 // TRANSLATORS: Score is a tag's name, kept as it is; {} is its value as
                 // written; I11.2 is a rule's number.
                 trf("the Score tag gives the final territories as two numbers, Light first, "
                     "such as \"12-9\"; \"{}\" is not (I11.2)",
                     tags.score->value));
    // The player's name goes into a sentence of the record's reading.
    check_turn_numbers_present(record, side_name(first_of(tags.first)), 1, faults);
}

// A parsed turn of the record: where its actions start, and how many.
struct ParsedTurn {
    std::uint32_t first = 0;
    std::uint32_t count = 0;
};

class Replay {
  public:
    Replay(const Ruleset& rules, const GameRecord& record, std::span<const Action> actions,
           GameVerdict& out)
        : rules_(rules), record_(record), actions_(actions), out_(out) {}

    void run(const Referee::TurnObserver* observer, const Tag* result_tag, const Tag* score_tag);

    Position position;
    GameEnd end;

  private:
    void add_fault(SourceRegion where, std::string_view action, RuleFault fault) {
        Diagnostic diagnostic{Severity::error, where, std::move(fault.rule),
                              std::move(fault.message)};
        if (!diagnostic.message.empty()) add_culprit_notes(diagnostic, action);
        out_.faults.push_back(Fault{std::move(diagnostic), turn_number(),
                                    color_word(position.side_to_move()), action});
    }
    void add_culprit_notes(Diagnostic& diagnostic, std::string_view action) const;
    void add_action_fault(const Turn& turn, std::uint32_t i, RuleFault fault) {
        const ActionText& text = record_.action(turn, i);
        add_fault(text.region, text.text, std::move(fault));
    }
    void add_record_fault(SourceRegion where, RuleFault fault,
                          std::optional<DiagnosticNote> note = std::nullopt) {
        Diagnostic diagnostic{Severity::error, where, std::move(fault.rule),
                              std::move(fault.message)};
        if (note) diagnostic.notes.push_back(std::move(*note));
        out_.faults.push_back(Fault{std::move(diagnostic), std::nullopt, {}, {}});
    }
    // The note at the result token, for a tag that contradicts it.
    DiagnosticNote result_note() const {
        const ResultToken& token = *record_.result;
        // TRANSLATORS: a note at the result token that ends the movetext; {} is that result in
        // the notation, such as 1-0
        return DiagnosticNote{token.region,
                              trf("the movetext ends with {} here", result_text(token.kind))};
    }
    DiagnosticNote end_note() const;
    // The last turn played without a fault: the one that ended the game, once it is over.
    const Turn* last_played = nullptr;
    std::uint32_t turn_number() const { return position.ply() / 2 + 1; }
    bool check_number(const Turn& turn);
    bool play_turn(const Turn& turn);
    bool play_opening(const Turn& turn, const Action* actions);
    bool play_tile_turn(const Turn& turn, const Action* actions);
    void check_result(const Tag* result_tag, const Tag* score_tag);
    std::string describe_end() const;

    const Ruleset& rules_;
    const GameRecord& record_;
    std::span<const Action> actions_;
    GameVerdict& out_;
};

// I9.2: a written turn number must be the right one.
bool Replay::check_number(const Turn& turn) {
    if (!turn.number) return true;
    const std::uint32_t expected = turn_number();
    const bool second = position.ply() % 2 == 1;
    if (turn.number->value == expected && turn.number->second_player == second) return true;
    auto problem = fault("I9.2", [&] {
        // TRANSLATORS: {0} is the name of a player (Light or Dark), {1} a turn number; '{2}{3}'
        // is the number as it should be written (14. or 14...), '{4}{5}' as it is written.
        return trf("this is {}'s turn {}, numbered '{}{}'; '{}{}' is written",
                   side_name(position.side_to_move()), expected, expected, second ? "..." : ".",
                   turn.number->value, turn.number->second_player ? "..." : ".");
    });
    if (!problem) return true;
    add_fault(turn.number->region, record_.actions[turn.first_action].text, std::move(*problem));
    return false;
}

bool Replay::play_turn(const Turn& turn) {
    const Action* actions = actions_.data() + turn.first_action;
    if (end.over)
        if (auto problem = fault("I8.3", [&] {
                // TRANSLATORS: {} is how the game ended: "the fifth round was complete" or
                // "Dark had no square to place a pawn on".
                return trf("the game ended when {}; no turn may follow", describe_end());
            })) {
            const ActionText& text = record_.action(turn, 0);
            add_fault(text.region, text.text, std::move(*problem));
            if (last_played != nullptr && !out_.faults.back().diagnostic.message.empty())
                out_.faults.back().diagnostic.notes.push_back(end_note());
            return false;
        }
    return position.in_openings() ? play_opening(turn, actions) : play_tile_turn(turn, actions);
}

// I3.2, I4: one placement, nothing else.
bool Replay::play_opening(const Turn& turn, const Action* actions) {
    for (std::uint32_t i = 0; i < turn.action_count; ++i) {
        if (i == 0 && actions[0].type == Action::Type::place) continue;
        if (auto problem = fault("I3.2", [&] {
                const int placement = position.turn_in_round() + 1;
                const int openings = position.openings();
                const int round = position.round();
                const std::string written = format_action(actions[i]);
                if (actions[i].type == Action::Type::tile)
                    return trf(
                        // TRANSLATORS: {0} and {1} are numbers (opening placement 2 of 4), {2}
                        // a round (1 to 5), {3} a tile code (SO).
                        "this turn is opening placement {} of {} in round {}: it draws no tile, "
                        "so the tile code {} has no place in it",
                        placement, openings, round, written);
                if (actions[i].type == Action::Type::place)
                    return trf(
                        // TRANSLATORS: {0} and {1} are numbers (opening placement 2 of 4), {2}
                        // a round (1 to 5), {3} and {4} squares (e4).
                        "this turn is opening placement {} of {} in round {}: it places one pawn, "
                        "on {}, so {} would be a second placement",
                        placement, openings, round, format_action(actions[0]), written);
                return trf(
                    // TRANSLATORS: {0} and {1} are numbers (opening placement 2 of 4), {2} a
                    // round (1 to 5), {3} an action as written (e4-e5, e4xc4, xe4).
                    "this turn is opening placement {} of {} in round {}: it places a pawn and "
                    "nothing acts, so the action {} has no place in it",
                    placement, openings, round, written);
            })) {
            add_action_fault(turn, i, std::move(*problem));
            return false;
        }
    }
    if (turn.action_count == 0 || actions[0].type != Action::Type::place) return true;
    if (auto problem = check_placement(position, actions[0].from, rules_)) {
        add_action_fault(turn, 0, std::move(*problem));
        return false;
    }
    position.place(actions[0].from);
    position.end_turn();
    return true;
}

// I3.3, I4, I9.2, I5, I6: a placement, the tile (its code a checksum), at most one action.
bool Replay::play_tile_turn(const Turn& turn, const Action* actions) {
    const std::uint32_t count = turn.action_count;
    std::optional<std::uint32_t> tile_at;
    std::optional<std::uint32_t> action_at;
    for (std::uint32_t i = 0; i < count; ++i) {
        const Action::Type type = actions[i].type;
        // The turn's shape (I3.3): the words are written only once a fault is found.
        enum class Shape { fine, no_placement, second_placement, tile_out_of_place, second_action };
        Shape shape = Shape::fine;
        if (i == 0 && type != Action::Type::place)
            shape = Shape::no_placement;
        else if (i > 0 && type == Action::Type::place)
            shape = Shape::second_placement;
        else if (type == Action::Type::tile && i != 1)
            shape = Shape::tile_out_of_place;
        else if (i > 0 && type != Action::Type::tile && action_at)
            shape = Shape::second_action;
        if (shape != Shape::fine) {
            if (auto problem = fault("I3.3", [&] {
                    const std::string written = format_action(actions[i]);
                    switch (shape) {
                        case Shape::no_placement:
                            return trf(
                                // TRANSLATORS: {} is an action or a tile code as written (SO,
                                // e4-e5).
                                "a tile turn starts with the placement of a pawn on a square "
                                "(such as e4); this one starts with {}",
                                written);
                        case Shape::second_placement:
                            return trf(
                                // TRANSLATORS: {0} and {1} are squares (e4).
                                "a tile turn places one pawn, on {} here, so {} would be a second "
                                "placement",
                                format_action(actions[0]), written);
                        case Shape::tile_out_of_place:
                            return trf(
                                // TRANSLATORS: {0} is a tile code (SO), {1} a square (e4), {2}
                                // what the code follows as written (e4-e5, or SO).
                                "the tile code {0} is written right after the placement, as "
                                "{1},{0}; here it follows {2}",
                                written, format_action(actions[0]), format_action(actions[i - 1]));
                        case Shape::fine:
                        case Shape::second_action:
                            break;
                    }
                    return trf(
                        // TRANSLATORS: {0} and {1} are actions as written (e4-e5, xe4).
                        "a tile turn has one action after its placement and tile code; {} is "
                        "that action, so {} is one too many",
                        format_action(actions[*action_at]), written);
                })) {
                add_action_fault(turn, i, std::move(*problem));
                return false;
            }
            continue;
        }
        if (type == Action::Type::tile) tile_at = i;
        if (i > 0 && type != Action::Type::tile) action_at = i;
    }
    if (count == 0 || actions[0].type != Action::Type::place) return true;
    const Square placed = actions[0].from;
    if (auto problem = check_placement(position, placed, rules_)) {
        add_action_fault(turn, 0, std::move(*problem));
        return false;
    }
    // Tiles1 is required and Tiles4 required once round 4 is reached (I9.4), so the tile is
    // known here.
    const Tile tile = position.tile_to_draw().value_or(Tile::BL);
    if (tile_at && actions[*tile_at].tile != tile)
        if (auto problem = fault("I9.2", [&] {
                // TRANSLATORS: {0} and {3} are tile codes (SO), {1} the tile's place in the
                // round's line (1 to 9), {2} the round.
                return trf("this turn draws {} (tile {} of round {}), not {}", tile_code(tile),
                           position.tiles_drawn() + 1, position.round(),
                           tile_code(actions[*tile_at].tile));
            })) {
            add_action_fault(turn, *tile_at, std::move(*problem));
            return false;
        }
    Position after = position;
    after.place(placed);
    std::optional<RuleFault> problem;
    std::optional<std::size_t> faulty_jump;
    if (!action_at) {
        problem = missing_action_fault(after, placed, tile, rules_);
    } else if (actions[*action_at].type == Action::Type::removal) {
        problem = check_removal(after, placed, tile, actions[*action_at], rules_);
    } else {
        std::size_t jump = 0;
        problem = check_action(after, placed, tile, actions[*action_at], rules_, &jump);
        if (problem && actions[*action_at].type == Action::Type::chain &&
            actions[*action_at].jumps > 1)
            faulty_jump = jump;
    }
    if (problem) {
        const ActionText& text = record_.action(turn, action_at.value_or(count - 1));
        SourceRegion where = text.region;
        // A faulty jump of a chain of several is pointed at: "xc1" of "e4xc4xc1" (each jump is
        // three bytes after the two of the acting pawn's square).
        if (faulty_jump) {
            where.begin += static_cast<std::uint32_t>(2 + 3 * *faulty_jump);
            where.end = where.begin + 3;
        }
        add_fault(where, text.text, std::move(*problem));
        return false;
    }
    if (action_at) apply_action(after, actions[*action_at], rules_);
    after.end_turn();
    position = after;
    return true;
}

std::string Replay::describe_end() const {
    if (end.reason == "rounds-complete")
        // TRANSLATORS: how a game ended, inserted into "the game ended when {}; ...".
        return tr("the fifth round was complete");
    // TRANSLATORS: how a game ended, inserted into "the game ended when {}; ..."; {} is the
    // name of a player (Light or Dark).
    return trf("{} had no square to place a pawn on", side_name(end.stuck));
}

// The notes of a fault whose pawns at fault (the pawn in a slide's way, the pawn a placement
// lands on, the two enemy pawns it lands between) came there earlier in the record: the action
// that put each there, "the dark pawn came to c4 with this action". Runs only once a fault is
// found; the position is the one the faulty turn started from, as the pictures read it.
void Replay::add_culprit_notes(Diagnostic& diagnostic, std::string_view action) const {
    const auto at =
        std::find_if(record_.actions.begin(), record_.actions.end(),
                     [&](const ActionText& a) { return a.text.data() == action.data(); });
    if (at == record_.actions.end()) return;
    const auto before = static_cast<std::size_t>(at - record_.actions.begin());
    const Squares culprits = fault_view(position, FaultMark{action, diagnostic.rule}).culprits;
    for (Square square = 0; square < board_squares; ++square) {
        if ((culprits & bit(square)) == 0) continue;
        const std::optional<Color> owner = position.pawn_at(square);
        if (!owner) continue;
        for (std::size_t i = before; i-- > 0;) {
            const Action& a = actions_[i];
            if (a.type == Action::Type::tile) continue;
            const bool leaves = (a.type == Action::Type::move || a.type == Action::Type::chain ||
                                 a.type == Action::Type::removal) &&
                                a.from == square;
            if (leaves) break;  // what stands there now came later: the record does not show it
            const bool arrives = (a.type == Action::Type::place && a.from == square) ||
                                 ((a.type == Action::Type::move || a.type == Action::Type::chain) &&
                                  a.destination() == square);
            if (!arrives) continue;
            diagnostic.notes.push_back(
                DiagnosticNote{record_.actions[i].region,
                               // TRANSLATORS: a note at an earlier action; {0} is a piece with its
                               // side ("the black rook"), {1} a square
                               trf("{} came to {} with this action", the_pawns(*owner, false),
                                   square_name(square))});
            break;
        }
    }
}

// The note at the last turn played, the one after which the game was over.
DiagnosticNote Replay::end_note() const {
    const Turn& turn = *last_played;
    return DiagnosticNote{record_.turn_region(turn),
                          // TRANSLATORS: a note at the turn that ended the game; {} says how it
                          // ended, such as "the black king was captured"
                          trf("the game ended with this turn, when {}", describe_end())};
}

// I9.1, I9.3: the result tag and token agree with each other and with the game; the Score tag
// with the territories. Both are faults of the record as a whole: a tag that disagrees is
// located at the tag, with a note at the result token; a result token that disagrees with the
// game, at the token, with a note at the turn that ended it.
void Replay::check_result(const Tag* tag, const Tag* score_tag) {
    const ResultToken& token = *record_.result;
    const std::string_view written = result_text(token.kind);
    if (tag != nullptr && tag->value != written)
        if (auto problem = fault("I9.1", [&] {
                // TRANSLATORS: Result is a tag's name; {0} is its value as written, {1} the
                // result token that ends the movetext (1-0, 0-1, 1/2-1/2, *).
                return trf("the Result tag says \"{}\" but the movetext ends with {}", tag->value,
                           written);
            })) {
            add_record_fault(tag->value_region, std::move(*problem), result_note());
            return;
        }
    if (!end.over) return;
    const Score score = score_of(position);
    if (token.kind != end.result)
        if (auto problem = fault("I9.1", [&] {
                return trf(
                    // TRANSLATORS: {0} is how the game ended ("the fifth round was complete" or
                    // "Dark had no square to place a pawn on"), {1} the score in words ("Light
                    // wins on pawns 21–19, territory 1–1", "draw: territory 2–2, pawns 20–20"),
                    // {2} and {3} result tokens (1-0, 0-1, 1/2-1/2).
                    "the game ended when {}; {}, so the result is {}, not {}", describe_end(),
                    score_words(score, true), result_text(end.result), written);
            })) {
            add_record_fault(
                token.region, std::move(*problem),
                last_played != nullptr ? std::optional<DiagnosticNote>(end_note()) : std::nullopt);
            return;
        }
    if (score_tag == nullptr) return;
    const std::optional<std::array<int, 2>> claimed = read_score(score_tag->value);
    if (claimed && ((*claimed)[0] != score.territory[0] || (*claimed)[1] != score.territory[1]))
        if (auto problem = fault("I9.3", [&] {
                return trf(
                    // TRANSLATORS: Score is a tag's name; {0} is its value as written, {1} and {2}
                    // numbers of squares.
                    "the Score tag says \"{}\", but the final territories are Light {}, Dark {}",
                    score_tag->value, score.territory[0], score.territory[1]);
            }))
            add_record_fault(score_tag->value_region, std::move(*problem), result_note());
}

void Replay::run(const Referee::TurnObserver* observer, const Tag* result_tag,
                 const Tag* score_tag) {
    end = end_before_turn(position, rules_);
    for (const Turn& turn : record_.turns) {
        if (!check_number(turn) || !play_turn(turn)) return;
        last_played = &turn;
        end = end_before_turn(position, rules_);
        if (observer != nullptr)
            (*observer)(turn, position, end,
                        actions_.subspan(turn.first_action, turn.action_count));
    }
    check_result(result_tag, score_tag);
}

// What a tile tag that is not the nine tiles once each lacks or repeats: "SO is listed 2
// times, SD is not listed". Out of line: only a faulty tag needs it.
[[gnu::noinline, gnu::cold]] std::string tile_differences(const std::array<int, tile_count>& seen) {
    std::string out;
    for (std::size_t t = 0; t < seen.size(); ++t) {
        const std::string_view code = tile_code(static_cast<Tile>(t));
        std::string part;
        if (seen[t] == 0)
            // TRANSLATORS: {} is a tile code (SO): part of a list of what a tile tag lacks or
            // repeats.
            part = trf("{} is not listed", code);
        else if (seen[t] > 1)
            // TRANSLATORS: {0} is a tile code (SO), {1} a number (2 or more): part of a list of
            // what a tile tag lacks or repeats.
            part = trn("{} is listed {} time", "{} is listed {} times",
                       static_cast<unsigned long>(seen[t]), code, seen[t]);
        if (part.empty()) continue;
        if (!out.empty()) out += ", ";
        out += part;
    }
    return out;
}

}  // namespace

TileTag read_tile_tag(const Tag* tag) {
    TileTag out;
    out.tag = tag;
    if (tag == nullptr) return out;
    const std::string_view value = tag->value;
    TileLine line{};
    std::array<int, tile_count> seen{};
    std::size_t codes = 0;
    auto separator = [](char c) { return c == ' ' || c == ',' || c == '\t'; };
    for (std::size_t at = 0; at < value.size();) {
        if (separator(value[at])) {
            ++at;
            continue;
        }
        std::size_t end = at;
        while (end < value.size() && !separator(value[end])) ++end;
        const std::string_view code = value.substr(at, end - at);
        const std::optional<Tile> tile = parse_tile(code);
        if (!tile) {
            out.unknown_code = trf(
                // TRANSLATORS: {0} is a word of the tag's value, {1} the tag's name (Tiles1,
                // Tiles4); the tile codes are notation.
                "'{}' in the {} tag is not a tile code: the codes are SO SD RO RD JO JD LO LD BL",
                quote_for_message(code), tag->name);
            return out;
        }
        if (codes < line.size()) line[codes] = *tile;
        ++codes;
        ++seen[slot(*tile)];
        at = end;
    }
    bool once_each = codes == tile_count;
    for (int n : seen) once_each = once_each && n == 1;
    if (!once_each) {
        out.fault =
            // TRANSLATORS: {0} is the tag's name (Tiles1, Tiles4), {1} its value as written, {2}
            // what differs ("SO is listed 2 times, SD is not listed"); the tile codes are notation.
            trf("the {} tag lists the nine tiles SO SD RO RD JO JD LO LD BL once each, in some "
                "order; \"{}\" does not: {}",
                tag->name, quote_for_message(tag->value), tile_differences(seen));
        return out;
    }
    out.line = line;
    return out;
}

void record_reading_faults(const GameRecord& record, std::vector<Diagnostic>& faults) {
    const RefereeTags tags = find_referee_tags(record);
    reading_faults_of(record, tags, {read_tile_tag(tags.tiles1), read_tile_tag(tags.tiles4)},
                      faults);
}

Color first_player(const GameRecord& record) {
    return first_of(record.find_tag("First"));
}

Position start_position(const GameRecord& record, const Ruleset& rules) {
    return Position::start(rules.openings_per_round(),
                           read_tile_tag(record.find_tag("Tiles1")).line,
                           read_tile_tag(record.find_tag("Tiles4")).line, first_player(record));
}

GameEnd end_before_turn(const Position& position, const Ruleset& rules) {
    if (position.rounds_complete())
        return GameEnd{true, scored_result(score_of(position)), "rounds-complete"};
    const Color mover = position.side_to_move();
    std::optional<Color> stuck;
    if (!rule_switched_off("I8.2") && !can_place_at_turn(position, mover, position.ply(), rules))
        stuck = mover;
    // I11.1: the player who just played is examined too, for its next placement, if the game
    // has one for it (the 65th turn is the last, I8.1).
    else if (rules.early_end == EarlyEnd::either_player && !rule_switched_off("I11.1") &&
             position.ply() + 1 < static_cast<std::uint32_t>(rounds * position.round_length()) &&
             !can_place_at_turn(position, opponent(mover), position.ply() + 1, rules))
        stuck = opponent(mover);
    if (!stuck) return GameEnd{};
    return GameEnd{true, scored_result(score_of(position)), "no-placement", *stuck};
}

VerdictDetail score_detail(const Position& position, const GameEnd& game_end) {
    const Score s = score_of(position);
    // Built by appends: written for every game, the two format strings cost as much as a
    // tenth of the game's refereeing.
    auto number = [](int n) {
        char digits[12];
        const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
        return std::string(digits, end);
    };
    const std::string light_territory = number(s.territory[0]);
    const std::string light_pawns = number(s.pawns[0]);
    const std::string dark_territory = number(s.territory[1]);
    const std::string dark_pawns = number(s.pawns[1]);
    VerdictDetail out;
    out.key = "score";
    out.json = "{\"light\":{\"territory\":" + light_territory + ",\"pawns\":" + light_pawns +
               "},\"dark\":{\"territory\":" + dark_territory + ",\"pawns\":" + dark_pawns + "}}";
    // TRANSLATORS: the label of the score's line in a report ("score: Dark wins on pawns 22–20,
    // territory 0–0") and on a game's page.
    out.label = tr("score");
    out.text = score_words(s, game_end.over);
    return out;
}

Referee::Referee(Ruleset rules)
    : rules_(std::move(rules)), fingerprint_(jv::fingerprint(option_specs(), neutral_of(rules_))) {}

void Referee::referee(const GameRecord& record, const RefereeRequest& request, GameVerdict& out,
                      const TurnObserver* observer) const {
    const RefereeTags tags = find_referee_tags(record);
    out.start("Imbriquation", rules_.name, fingerprint_, tags.rules);
    out.player_tags = {"Light", "Dark"};

    std::vector<Diagnostic> reading = record.read_errors;
    const std::array<TileTag, 2> lines = {read_tile_tag(tags.tiles1), read_tile_tag(tags.tiles4)};
    if (reading.empty()) reading_faults_of(record, tags, lines, reading);
    // I9.4: without Tiles4 a record that reaches round 4 cannot be replayed.
    const auto turns_before_round_4 =
        static_cast<std::size_t>(3 * (rules_.openings_per_round() + tile_count));
    if (reading.empty() && tags.tiles4 == nullptr && record.turns.size() > turns_before_round_4)
        reading.push_back(Diagnostic{
            Severity::error, record.actions[record.turns[turns_before_round_4].first_action].region,
            "",
            // TRANSLATORS: Tiles4 is a tag's name, kept as it is; I9.4 is a rule's number.
            tr("this turn is in round 4, whose tiles come from the Tiles4 tag: add [Tiles4 "
               "\"...\"] to the tag section (I9.4)")});
    // The parsed actions, by their index in the record: the vector keeps its size from game to
    // game and only grows. Written through a local span: through the thread_local vector, each
    // store cost a reload of its address (about 15 instructions an action).
    thread_local std::vector<Action> actions;
    if (actions.size() < record.actions.size()) actions.resize(record.actions.size());
    const std::span<Action> parsed(actions.data(), record.actions.size());
    const std::span<const ActionText> texts = record.actions;
    if (reading.empty())
        for (std::size_t i = 0; i < texts.size(); ++i) {
            if (read_action(texts[i].text, parsed[i])) continue;
            ActionParse problem = parse_action(texts[i].text);
            // The faulty square when the grammar knows it, else the whole action.
            const SourceRegion where =
                problem.fault_end > problem.fault_begin
                    ? SourceRegion{texts[i].region.begin + problem.fault_begin,
                                   texts[i].region.begin + problem.fault_end}
                    : texts[i].region;
            if (reading.size() < max_reported_faults)
                reading.push_back(
                    Diagnostic{Severity::error, where, "", std::move(problem.problem)});
            else
                ++out.unreported_faults;
        }
    const Color first = first_of(tags.first);
    if (!reading.empty()) {
        out.verdict = Verdict::invalid_record;
        for (Diagnostic& d : reading)
            out.faults.push_back(Fault{std::move(d), std::nullopt, {}, {}});
        // Nothing is replayed: the report gives no outcome, no position and no score (null in
        // JSON, where the member stays).
        out.outcome = Outcome{ResultKind::unfinished, "unfinished"};
        out.details.push_back(VerdictDetail{"score", "null", "", tr("score")});
        return;
    }

    Replay replay(rules_, record, parsed, out);
    replay.position =
        Position::start(rules_.openings_per_round(), lines[0].line, lines[1].line, first);
    // I2.6: a tile tag that is not the nine tiles once each, at the tag, before any turn. Replay
    // stops at the first fault: Tiles1's, when both tags are faulty.
    for (const TileTag& line : lines) {
        if (line.fault.empty()) continue;
        if (auto problem = fault("I2.6", line.fault)) {
            out.faults.push_back(
                Fault{Diagnostic{Severity::error, line.tag->value_region, std::move(problem->rule),
                                 std::move(problem->message)},
                      std::nullopt,
                      {},
                      {}});
            break;
        }
    }
    if (out.faults.empty()) replay.run(observer, tags.result, tags.score);

    const GameEnd& end = replay.end;
    if (end.over)
        out.outcome = Outcome{end.result, end.reason};
    else if (out.faults.empty() && record.result->kind != ResultKind::unfinished)
        out.outcome = Outcome{record.result->kind, "declared"};
    else
        out.outcome = Outcome{ResultKind::unfinished, "unfinished"};
    out.verdict = out.faults.empty() ? Verdict::legal : Verdict::illegal;
    out.position = format_position(replay.position, end);
    out.details.push_back(score_detail(replay.position, end));
    if (request.want_diagram) out.diagram = draw_position(replay.position, end);
}

std::optional<Position> position_before_fault(const GameRecord& record, const Ruleset& rules) {
    std::optional<Position> last;
    GameVerdict verdict;
    const Referee::TurnObserver observe = [&](const Turn&, const Position& after, const GameEnd&,
                                              std::span<const Action>) { last = after; };
    Referee(rules).referee(record, RefereeRequest{}, verdict, &observe);
    if (verdict.verdict != Verdict::illegal) return std::nullopt;
    return last ? last : std::optional<Position>(start_position(record, rules));
}

std::string_view ending_words(std::string_view reason) {
    // TRANSLATORS: how a game of Imbriquation ended, shown after its result: "1-0 (all rounds
    // played)"; "no placement possible": the player to move could place no tile (I8.2).
    if (reason == "rounds-complete") return N_("all rounds played");
    if (reason == "no-placement") return N_("no placement possible");
    return shared_ending_words(reason);
}

}  // namespace jv::imb
