#include "games/imbriquation/game.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

#include <fmt/format.h>

#include "core/explanation.hpp"
#include "core/translate.hpp"
#include "core/turn_listing.hpp"
#include "games/imbriquation/generator.hpp"
#include "games/imbriquation/notation.hpp"
#include "games/imbriquation/pictures.hpp"
#include "games/imbriquation/position_text.hpp"
#include "games/imbriquation/referee.hpp"
#include "games/imbriquation/rules.hpp"

namespace jv::imb {

namespace {

// A position as the neutral code holds it: the board and the game's progress, how the game
// stands, and the turn that led here, for pictures.
struct Snapshot final : jv::GamePosition {
    Position position;
    GameEnd end;
    std::vector<Action> last_turn;

    std::unique_ptr<jv::GamePosition> clone() const override {
        return std::make_unique<Snapshot>(*this);
    }
};

const Snapshot& snapshot(const jv::GamePosition& position) {
    return static_cast<const Snapshot&>(position);
}

// A legal turn: its placement, and in a tile turn the tile and the action (none under BL).
struct LegalTurn {
    Square placed = 0;
    std::optional<Tile> tile;
    std::optional<Action> action;

    std::string text() const {
        std::string out = square_name(placed);
        if (tile) out += fmt::format(",{}", tile_code(*tile));
        if (action) out += "," + format_action(*action);
        return out;
    }
};

// Every legal turn of the side to move, in square order. Calls f(turn, position after it).
template <typename F>
void for_each_legal_turn(const Position& position, const Ruleset& rules, F&& f) {
    const Color me = position.side_to_move();
    const bool opening = position.in_openings();
    for (Squares s = placement_squares(position, me, opening, rules); s != 0; s &= s - 1) {
        const Square placed = first_square(s);
        Position after = position;
        after.place(placed);
        if (opening) {
            after.end_turn();
            f(LegalTurn{placed, std::nullopt, std::nullopt}, after);
            continue;
        }
        const Tile tile = position.tile_to_draw().value_or(Tile::BL);
        bool any = tile == Tile::BL;
        if (tile == Tile::BL) {
            Position next = after;
            next.end_turn();
            f(LegalTurn{placed, tile, std::nullopt}, next);
        }
        for_each_action(after, placed, tile, rules, [&](const Action& action) {
            any = true;
            Position next = after;
            apply_action(next, action, rules);
            next.end_turn();
            f(LegalTurn{placed, tile, action}, next);
        });
        if (!any) {
            Action removal;
            removal.type = Action::Type::removal;
            removal.from = placed;
            Position next = after;
            apply_action(next, removal, rules);
            next.end_turn();
            f(LegalTurn{placed, tile, removal}, next);
        }
    }
}

struct GroupInfo {
    std::string_view key;
    std::string_view title;
};
constexpr std::array<GroupInfo, 5> group_info = {{
    // TRANSLATORS: the titles of the groups of legal turns (jelimvre moves); I3.2 and the
    // like are rules' numbers.
    {"opening-placements", N_("Opening placements (I3.2)")},
    {"blank", N_("Placement, blank tile (I6.9)")},
    {"moves", N_("Placement, then a step or slide (I6.1 to I6.4)")},
    {"jumps", N_("Placement, then a jump or chain (I6.5 to I6.8, I6.10)")},
    {"removals", N_("Placement, then the pawn removed (I5.3)")},
}};

std::size_t group_of(const LegalTurn& turn) {
    if (!turn.tile) return 0;
    if (!turn.action) return 1;
    switch (turn.action->type) {
        case Action::Type::move:
            return 2;
        case Action::Type::chain:
            return 3;
        default:
            return 4;
    }
}

// ---------------------------------------------------------------------------------------------
// validate --explain

int distance(Square a, Square b) {
    return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

std::string explain(const GameRecord& record, const GameVerdict& verdict, const Ruleset& rules) {
    if (verdict.verdict != Verdict::illegal || verdict.faults.empty()) return {};
    const Fault& fault = verdict.faults.front();
    std::optional<Position> before = position_before_fault(record, rules);
    if (!before) return {};
    std::string out;
    // The faulty turn, found by the fault's place: a number, an action, or one jump of a chain.
    const Turn* faulty = nullptr;
    const SourceRegion at = fault.diagnostic.region;
    auto inside = [&](SourceRegion r) { return r.begin <= at.begin && at.end <= r.end; };
    for (const Turn& turn : record.turns) {
        if (turn.number && turn.number->region == at) faulty = &turn;
        for (std::uint32_t i = 0; i < turn.action_count; ++i)
            if (inside(record.action(turn, i).region)) faulty = &turn;
    }
    if (faulty != nullptr) {
        std::string written;
        for (std::uint32_t i = 0; i < faulty->action_count; ++i)
            written += (i > 0 ? "," : "") + std::string(record.action(*faulty, i).text);
        out += "  " +
               // TRANSLATORS: the faulty turn as written: {0}{1} is its number (14. or 14...), {2}
               // its actions (e4,SO,e4-e5).
               trf("the turn: {}{} {}", before->ply() / 2 + 1, before->ply() % 2 == 1 ? "..." : ".",
                   written) +
               "\n";
    }
    const GameEnd end = end_before_turn(*before, rules);
    out += fmt::format("  {}:\n", fault.turn ? tr("the position before that turn")
                                             : tr("the position at the end"));
    out += indented(draw_position(*before, end), "    ");
    if (faulty == nullptr)
        return out + no_suggestion(tr("the fault is in the record as a whole, not in one turn"));
    if (end.over)
        return out +
               no_suggestion(tr("the game was already over, so no turn may be played (I8.3)"));
    // The legal turns nearest the written one: the same placement square first, then the
    // placements nearest it.
    const std::optional<ActionParse> first =
        faulty->action_count > 0 ? std::optional(parse_action(record.action(*faulty, 0).text))
                                 : std::nullopt;
    const std::optional<Square> wanted =
        first && first->action && first->action->type == Action::Type::place
            ? std::optional(first->action->from)
            : std::nullopt;
    struct Suggestion {
        std::string text;
        int distance;
    };
    std::vector<Suggestion> found;
    for_each_legal_turn(*before, rules, [&](const LegalTurn& turn, const Position&) {
        found.push_back({turn.text(), wanted ? distance(turn.placed, *wanted) : 0});
    });
    std::stable_sort(found.begin(), found.end(), [](const Suggestion& a, const Suggestion& b) {
        return a.distance < b.distance;
    });
    // TRANSLATORS: said after "no suggestion: ".
    if (found.empty()) return out + no_suggestion(tr("no legal turn"));
    std::vector<std::string> ranked;
    for (const Suggestion& s : found) ranked.push_back(s.text);
    std::string written;
    for (std::uint32_t i = 0; i < faulty->action_count; ++i) {
        const std::string_view text = record.action(*faulty, i).text;
        const ActionParse parsed = parse_action(text);
        written += (i > 0 ? "," : "") +
                   (parsed.action ? format_action(*parsed.action) : std::string(text));
    }
    return out + suggestion_lines(distinct_suggestions(written, ranked));
}

// ---------------------------------------------------------------------------------------------

class Rules final : public jv::GameRules {
  public:
    Rules(const jv::Game& game, const jv::Ruleset& ruleset)
        : game_(game), ruleset_(ruleset), referee_(ruleset_from(ruleset)) {}

    const jv::Game& game() const override { return game_; }
    const jv::Ruleset& ruleset() const override { return ruleset_; }
    const std::string& fingerprint() const override { return referee_.fingerprint(); }

    void referee(const GameRecord& record, const RefereeRequest& request, GameVerdict& out,
                 const TurnObserver* observer) const override {
        if (observer == nullptr) {
            referee_.referee(record, request, out);
            return;
        }
        Snapshot after;
        const Referee::TurnObserver each = [&](const Turn& turn, const Position& position,
                                               const GameEnd& end,
                                               std::span<const Action> actions) {
            after.position = position;
            after.end = end;
            after.last_turn.assign(actions.begin(), actions.end());
            const auto index = static_cast<std::size_t>(&turn - record.turns.data());
            (*observer)(ObservedTurn{turn, index, game_.turn_id(record, index), after});
        };
        referee_.referee(record, request, out, &each);
    }

    std::unique_ptr<jv::GamePosition> initial_position(const GameRecord& record) const override {
        auto out = std::make_unique<Snapshot>();
        out->position = start_position(record, referee_.rules());
        return out;
    }

    TurnListing count_legal_turns(const jv::GamePosition& at,
                                  const ListingRequest&) const override {
        const Snapshot& s = snapshot(at);
        const Position& position = s.position;
        const Ruleset& rules = referee_.rules();
        const GameEnd end = s.end.over ? s.end : end_before_turn(position, rules);
        TurnListing out;
        for (const GroupInfo& info : group_info)
            out.groups.push_back(TurnGroup{info.key, tr(info.title.data()), 0, {}});
        QuietFaults quiet;
        if (!end.over)
            for_each_legal_turn(position, rules, [&](const LegalTurn& turn, const Position&) {
                ++out.groups[group_of(turn)].count;
                ++out.total;
            });
        if (end.over)
            out.notes.push_back(
                // TRANSLATORS: {0} is a result (1-0, 0-1, 1/2-1/2), {1} why the game ended, a
                // word of the program (rounds-complete, no-placement) kept as it is.
                trf("the game is over ({}, {}): no turn may be played (I8.3)",
                    result_text(end.result), end.reason));
        out.to_play = next_turn_words(position, end);
        out.facts["position_string"] = format_position(position, end);
        out.facts["side"] = color_word(position.side_to_move());
        out.facts["turn"] = position.ply() / 2 + 1;
        out.facts["round"] = position.round();
        const std::optional<Tile> tile = position.tile_to_draw();
        out.facts["tile"] = tile && !end.over ? nlohmann::ordered_json(tile_code(*tile))
                                              : nlohmann::ordered_json(nullptr);
        out.facts["ruleset"] = ruleset_.name;
        out.facts["game_over"] = end.over
                                     ? nlohmann::ordered_json{{"result", result_text(end.result)},
                                                              {"reason", end.reason}}
                                     : nlohmann::ordered_json(nullptr);
        return out;
    }

    void list_group(const jv::GamePosition& at, const ListingRequest&, std::size_t group,
                    TurnSink& sink) const override {
        const Snapshot& s = snapshot(at);
        const Ruleset& rules = referee_.rules();
        const GameEnd end = s.end.over ? s.end : end_before_turn(s.position, rules);
        if (end.over) return;
        QuietFaults quiet;
        for_each_legal_turn(s.position, rules, [&](const LegalTurn& turn, const Position&) {
            if (group_of(turn) == group) sink.turn(turn.text());
        });
    }

    std::uint64_t perft(const jv::GamePosition& at, int depth,
                        const ListingRequest&) const override {
        const Ruleset& rules = referee_.rules();
        QuietFaults quiet;
        auto count = [&](auto& self, const Position& position, int left) -> std::uint64_t {
            if (end_before_turn(position, rules).over) return 0;
            std::uint64_t n = 0;
            for_each_legal_turn(position, rules, [&](const LegalTurn&, const Position& after) {
                n += left == 1 ? 1 : self(self, after, left - 1);
            });
            return n;
        };
        const Snapshot& s = snapshot(at);
        if (depth <= 0) return 1;
        return s.end.over ? 0 : count(count, s.position, depth);
    }

    std::string explain_first_fault(const GameRecord& record,
                                    const GameVerdict& verdict) const override {
        return explain(record, verdict, referee_.rules());
    }

    std::string generate(std::uint64_t seed, std::uint32_t round,
                         const GenerateRequest& request) const override {
        GeneratorOptions options;
        options.max_turns = request.max_turns;
        options.rules = referee_.rules();
        return generate_game(seed, round, options).text;
    }

  private:
    const jv::Game& game_;
    jv::Ruleset ruleset_;
    Referee referee_;
};

class Imbriquation final : public jv::Game {
  public:
    std::string_view name() const override { return "Imbriquation"; }
    std::array<Player, 2> players() const override {
        return {Player{"Light", "light"}, Player{"Dark", "dark"}};
    }
    std::span<const OptionSpec> options() const override { return option_specs(); }
    std::string_view rules_reference() const override { return "notation/imbriquation-rules.md"; }
    std::unique_ptr<jv::GameRules> make_rules(const jv::Ruleset& ruleset) const override {
        return std::make_unique<Rules>(*this, ruleset);
    }

    void reading_faults(const GameRecord& record, std::vector<Diagnostic>& faults) const override {
        record_reading_faults(record, faults);
    }
    std::string canonical_action(std::string_view text) const override {
        const ActionParse parsed = parse_action(text);
        return parsed.action ? format_action(*parsed.action) : std::string(text);
    }
    std::string_view ending_words(std::string_view reason) const override {
        return imb::ending_words(reason);
    }
    // Turn k of a record (0-based) is numbered k / 2 + 1, the player named by First playing the
    // even ones (I3.4).
    TurnId turn_id(const GameRecord& record, std::size_t k) const override {
        const bool second = k % 2 == 1;
        const Color first = first_player(record);
        const Color player = second ? opponent(first) : first;
        return TurnId{static_cast<std::uint32_t>(k / 2 + 1), second,
                      static_cast<std::uint8_t>(slot(player))};
    }
    std::string_view initial_position_name() const override {
        // TRANSLATORS: the name of the position before a record's first turn, as in "game 2,
        // before the first placement".
        return tr("before the first placement");
    }
    std::string position_string(const jv::GamePosition& position) const override {
        const Snapshot& s = snapshot(position);
        return format_position(s.position, s.end);
    }
    std::unique_ptr<jv::GamePosition> parse_position(std::string_view text, std::span<const Tag>,
                                                     std::uint32_t& error_offset,
                                                     std::string& error) const override {
        PositionParseError problem;
        std::optional<ParsedPosition> parsed = imb::parse_position(text, problem);
        if (!parsed) {
            error_offset = problem.offset;
            error = std::move(problem.message);
            return nullptr;
        }
        auto out = std::make_unique<Snapshot>();
        out->position = parsed->position;
        out->end = parsed->end;
        return out;
    }
    std::uint8_t player_to_move(const jv::GamePosition& position) const override {
        return static_cast<std::uint8_t>(slot(snapshot(position).position.side_to_move()));
    }
    std::string picture(const jv::GamePosition& at, PictureFormat format,
                        const PictureOptions& options) const override {
        const Snapshot& s = snapshot(at);
        // With a fault, the position is the one the refused turn started from: its action is
        // drawn (and what is at fault) instead of the last turn's marks.
        switch (format) {
            case PictureFormat::svg:
                return draw_svg(s.position, s.end, s.last_turn, options.title, options.fault);
            case PictureFormat::unicode:
                return draw_unicode(s.position, s.end, s.last_turn, options.color, options.fault);
            case PictureFormat::text:
                break;
        }
        return draw_position(s.position, s.end) + last_turn_lines(s.last_turn) +
               fault_lines(s.position, options.fault);
    }
};

}  // namespace

std::unique_ptr<jv::Game> make_game() {
    return std::make_unique<Imbriquation>();
}

}  // namespace jv::imb
