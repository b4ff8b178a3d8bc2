#include "games/chessme/game.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "core/explanation.hpp"
#include "core/ruleset.hpp"
#include "core/translate.hpp"
#include "core/turn_listing.hpp"
#include "games/chessme/generator.hpp"
#include "games/chessme/notation.hpp"
#include "games/chessme/pictures.hpp"
#include "games/chessme/position_text.hpp"
#include "games/chessme/referee.hpp"
#include "games/chessme/rules.hpp"

namespace jv::cme {

namespace {

// A position as the neutral code holds it: the grid and tiles, how the game stands, and the
// turn that led here, for pictures.
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

std::vector<Action> parsed_actions(const GameRecord& record, const Turn& turn) {
    std::vector<Action> out;
    for (std::uint32_t i = 0; i < turn.action_count; ++i)
        if (auto parsed = parse_action(record.action(turn, i).text); parsed.word)
            out.push_back(parsed.word->action);
    return out;
}

// A legal turn: its move, its placement if any, and the check mark that is true after it.
struct LegalTurn {
    Action move;
    std::optional<Action> placement;
    CheckMark mark = CheckMark::none;

    std::string text() const {
        std::string out = format_action(move);
        if (placement) out += ',' + format_action(*placement);
        if (mark == CheckMark::check) out += '+';
        if (mark == CheckMark::mate) out += '#';
        return out;
    }
};

// Every legal turn of the side to move (C4.1): each legal move alone, and followed by each
// legal placement. Calls f(turn, position after it) until f returns false.
template <typename F>
bool for_each_legal_turn(const Position& position, const Ruleset& rules, F&& f) {
    QuietFaults quiet;
    for (const Action& move : legal_moves(position, rules)) {
        Position moved = position;
        moved.apply_move(move);
        auto offer = [&](const std::optional<Action>& placement, Position after) {
            if (placement) after.apply_placement(*placement);
            after.end_turn();
            LegalTurn turn{move, placement, CheckMark::none};
            if (in_check(after, after.side_to_move()))
                turn.mark = has_legal_move(after, rules) ? CheckMark::check : CheckMark::mate;
            return f(turn, after);
        };
        if (!offer(std::nullopt, moved)) return false;
        for (const Action& placement : legal_placements(moved, rules))
            if (!offer(placement, moved)) return false;
    }
    return true;
}

// The keys are machine words; the titles are shown translated (tr(title)).
struct GroupInfo {
    std::string_view key;
    const char* title;
};
constexpr std::array<GroupInfo, 5> group_info = {{
    // TRANSLATORS: the titles of the groups of legal turns; C5, C6, C5.1 ... are rule ids.
    {"moves", N_("Moves (C5, C6)")},
    {"captures", N_("Captures (C5.1)")},
    {"promotions", N_("Promotions (C9.2)")},
    {"moves-with-pawn-placement", N_("Move, then a pawn placed (C8.2)")},
    {"moves-with-piece-placement", N_("Move, then a piece placed (C8.3)")},
}};

std::size_t group_of(const LegalTurn& turn) {
    if (turn.placement) return turn.placement->kind == Kind::pawn ? 3 : 4;
    if (turn.move.promotion != Kind::none) return 2;
    return turn.move.capture_mark ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------
// validate --explain

int distance(Square a, Square b) {
    const std::int64_t d = std::max(std::abs(a.x - b.x), std::abs(a.y - b.y));
    return static_cast<int>(std::min<std::int64_t>(d, 1'000'000));
}

std::string explain(const GameRecord& record, const GameVerdict& verdict, const Ruleset& rules) {
    if (verdict.verdict != Verdict::illegal || verdict.faults.empty()) return {};
    const Fault& fault = verdict.faults.front();
    std::optional<Position> before = position_before_fault(record, rules);
    if (!before) return {};
    std::string out;
    // The faulty turn and action, found by the fault's place.
    const Turn* faulty = nullptr;
    std::optional<std::uint32_t> faulty_action;
    for (const Turn& turn : record.turns) {
        if (turn.number && turn.number->region == fault.diagnostic.region) faulty = &turn;
        for (std::uint32_t i = 0; i < turn.action_count; ++i)
            if (record.action(turn, i).region == fault.diagnostic.region) {
                faulty = &turn;
                faulty_action = i;
            }
    }
    const std::vector<Action> actions =
        faulty != nullptr ? parsed_actions(record, *faulty) : std::vector<Action>{};
    if (faulty != nullptr) {
        std::string written;
        for (std::uint32_t i = 0; i < faulty->action_count; ++i)
            written += (i > 0 ? "," : "") + std::string(record.action(*faulty, i).text);
        out += "  ";
        // TRANSLATORS: the turn as the record writes it: its number ("12"), its dots ("." for
        // White, "..." for Black) and its actions in the notation, as in "12... Pd7-d6".
        out += trf("the turn: {}{} {}", before->turn_number(),
                   before->side_to_move() == Color::black ? "..." : ".", written);
        out += '\n';
    }
    out += "  ";
    if (fault.turn)
        // TRANSLATORS: {} is a side (White, Black); the second {} a turn number.
        out += trf("the position before that turn ({} to play turn {}):",
                   color_name(before->side_to_move()), before->turn_number());
    else
        out +=
            // TRANSLATORS: {} is a side (White, Black); the second {} a turn number.
            trf("the position at the end ({} to play turn {}):", color_name(before->side_to_move()),
                before->turn_number());
    out += '\n';
    out += indented(draw_position(*before), "    ");
    // Why no turn is suggested, when none is; said after "no suggestion: ".
    const char* none = nullptr;
    if (faulty == nullptr)
        none = tr("the fault is in the record as a whole, not in one turn");
    else if (!faulty_action)
        none = tr("the fault is the turn's number, not its actions");
    else if (fault.diagnostic.rule == "C10.4")
        none = tr("the game was already over, so no turn may be played (C10.4)");
    else if (*faulty_action >= actions.size())
        none = tr("the faulty action cannot be read");
    if (none != nullptr) return out + no_suggestion(none);

    // The legal turns nearest the faulty action: the same piece elsewhere, another action onto
    // the same square, the same kind of action elsewhere.
    const Action wrong = actions[*faulty_action];
    struct Suggestion {
        std::string text;
        std::string why;
        int tier;
        int distance;
        Action move;
    };
    std::vector<Suggestion> found;
    for_each_legal_turn(*before, rules, [&](const LegalTurn& turn, const Position&) {
        const Action& candidate =
            *faulty_action == 0 || !turn.placement ? turn.move : *turn.placement;
        if (*faulty_action == 1 && !turn.placement) return true;
        if (*faulty_action == 1 && !(turn.move == actions[0])) return true;
        // A faulty move: each other move once, with the record's placement when that stays
        // legal after it, else alone (a move alone is always a whole turn, C4.1).
        if (*faulty_action == 0 && turn.placement) {
            if (actions.size() < 2 || !(*turn.placement == actions[1])) return true;
            std::erase_if(found, [&](const Suggestion& s) { return s.move == turn.move; });
        } else if (*faulty_action == 0) {
            for (const Suggestion& s : found)
                if (s.move == turn.move) return true;
        }
        if (wrong.type == Action::Type::move && candidate.type == Action::Type::move &&
            candidate.from == wrong.from)
            found.push_back({turn.text(),
                             // TRANSLATORS: why a legal turn is suggested; both {} are squares.
                             trf("the same piece from {}, to {}", square_name(wrong.from),
                                 square_name(candidate.to)),
                             0, distance(candidate.to, wrong.to), turn.move});
        else if (candidate.to == wrong.to)
            found.push_back({turn.text(),
                             // TRANSLATORS: why a legal turn is suggested; {} is a square.
                             trf("another action onto {}", square_name(wrong.to)), 1, 0,
                             turn.move});
        else if (candidate.kind == wrong.kind && candidate.type == wrong.type)
            found.push_back({turn.text(),
                             // TRANSLATORS: why a legal turn is suggested; {} is a square.
                             trf("the same kind of action, on {}", square_name(candidate.to)), 2,
                             distance(candidate.to, wrong.to), turn.move});
        return true;
    });
    std::sort(found.begin(), found.end(), [](const Suggestion& a, const Suggestion& b) {
        if (a.tier != b.tier) return a.tier < b.tier;
        if (a.distance != b.distance) return a.distance < b.distance;
        return a.text < b.text;
    });
    std::vector<std::string> ranked;
    for (const Suggestion& s : found) ranked.push_back(s.text);
    std::string written;
    for (const Action& a : actions) written += (written.empty() ? "" : ",") + format_action(a);
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
                                               const GameEnd& end) {
            after.position = position;
            after.end = end;
            after.last_turn = parsed_actions(record, turn);
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
        const Color me = position.side_to_move();
        const GameEnd end = end_before_listing(s);
        TurnListing out;
        for (const GroupInfo& info : group_info)
            out.groups.push_back(TurnGroup{info.key, tr(info.title), 0, {}});
        if (!end.over)
            for_each_legal_turn(position, referee_.rules(),
                                [&](const LegalTurn& turn, const Position&) {
                                    ++out.groups[group_of(turn)].count;
                                    ++out.total;
                                    return true;
                                });
        if (end.over)
            out.notes.push_back(
                // TRANSLATORS: the first {} is a result, such as 1-0; the second how the game
                // ended, as a machine word of the reports (checkmate, stalemate).
                trf("the game is over ({}, {}): no turn may be played (C10.4)",
                    result_text(end.result()), end.reason));
        if (in_check(position, me))
            out.to_play =
                // TRANSLATORS: {} is a side (White, Black); the second {} a turn number.
                trf("{} to play turn {} (in check)", color_name(me), position.turn_number());
        else
            // TRANSLATORS: {} is a side (White, Black); the second {} a turn number.
            out.to_play = trf("{} to play turn {}", color_name(me), position.turn_number());
        out.facts["position_string"] = format_position(position, end);
        out.facts["side"] = me == Color::white ? "white" : "black";
        out.facts["turn"] = position.turn_number();
        out.facts["in_check"] = in_check(position, me);
        out.facts["ruleset"] = ruleset_.name;
        out.facts["game_over"] = end.over
                                     ? nlohmann::ordered_json{{"result", result_text(end.result())},
                                                              {"reason", end.reason}}
                                     : nlohmann::ordered_json(nullptr);
        return out;
    }

    void list_group(const jv::GamePosition& at, const ListingRequest&, std::size_t group,
                    TurnSink& sink) const override {
        const Snapshot& s = snapshot(at);
        if (end_before_listing(s).over) return;
        for_each_legal_turn(s.position, referee_.rules(),
                            [&](const LegalTurn& turn, const Position&) {
                                if (group_of(turn) == group) sink.turn(turn.text());
                                return true;
                            });
    }

    std::uint64_t perft(const jv::GamePosition& at, int depth,
                        const ListingRequest&) const override {
        const Ruleset& rules = referee_.rules();
        auto count = [&](auto& self, const Position& position, int left) -> std::uint64_t {
            std::uint64_t n = 0;
            for_each_legal_turn(position, rules, [&](const LegalTurn&, const Position& after) {
                n += left == 1 ? 1 : self(self, after, left - 1);
                return true;
            });
            return n;
        };
        return depth <= 0 ? 1 : count(count, snapshot(at).position, depth);
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
    // The end of the game at this position: over already, or by checkmate or stalemate now.
    GameEnd end_before_listing(const Snapshot& s) const {
        const Color me = s.position.side_to_move();
        if (s.end.over) return s.end;
        switch (end_at_turn_start(s.position, referee_.rules())) {
            case TurnStartEnd::checkmate:
                return GameEnd{true, false, opponent(me), "checkmate"};
            case TurnStartEnd::stalemate:
                return GameEnd{true, true, Color::white, "stalemate"};
            case TurnStartEnd::none:
                break;
        }
        return s.end;
    }

    const jv::Game& game_;
    jv::Ruleset ruleset_;
    Referee referee_;
};

class ChessMe final : public jv::Game {
  public:
    std::string_view name() const override { return "ChessMe"; }
    std::array<Player, 2> players() const override {
        return {Player{"White", "white"}, Player{"Black", "black"}};
    }
    std::span<const OptionSpec> options() const override { return option_specs(); }
    std::string_view rules_reference() const override { return "notation/chessme-rules.md"; }
    std::unique_ptr<jv::GameRules> make_rules(const jv::Ruleset& ruleset) const override {
        return std::make_unique<Rules>(*this, ruleset);
    }

    void reading_faults(const GameRecord& record, std::vector<Diagnostic>& faults) const override {
        record_reading_faults(record, faults);
    }
    std::string canonical_action(std::string_view text) const override {
        const ActionParse parsed = parse_action(text);
        if (!parsed.word) return std::string(text);
        std::string out = format_action(parsed.word->action);
        if (parsed.word->mark == CheckMark::check) out += '+';
        if (parsed.word->mark == CheckMark::mate) out += '#';
        return out;
    }
    std::string_view ending_words(std::string_view reason) const override {
        return cme::ending_words(reason);
    }
    // Turn k of a record (0-based) is numbered k / 2 + 1: there is no setup (C2.3).
    TurnId turn_id(const GameRecord&, std::size_t k) const override {
        const bool black = k % 2 == 1;
        return TurnId{static_cast<std::uint32_t>(k / 2 + 1), black,
                      static_cast<std::uint8_t>(black)};
    }
    // Read in reports and labels ("At the start"), never as a machine word.
    std::string_view initial_position_name() const override {
        // TRANSLATORS: the position before the first turn, as in "game 1, at the start".
        return tr("at the start");
    }
    std::string position_string(const jv::GamePosition& position) const override {
        const Snapshot& s = snapshot(position);
        return format_position(s.position, s.end);
    }
    std::unique_ptr<jv::GamePosition> parse_position(std::string_view text, std::span<const Tag>,
                                                     std::uint32_t& error_offset,
                                                     std::string& error) const override {
        PositionParseError problem;
        std::optional<ParsedPosition> parsed = cme::parse_position(text, problem);
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
        // A refused action is read on the position its turn started from, this one.
        std::optional<FaultDrawing> fault;
        if (options.fault)
            fault = read_fault(s.position, options.fault->action, options.fault->rule);
        const FaultDrawing* marked = fault ? &*fault : nullptr;
        switch (format) {
            case PictureFormat::svg:
                return draw_svg(s.position, s.end, s.last_turn, options.title, marked);
            case PictureFormat::unicode:
                return draw_unicode(s.position, s.end, s.last_turn, options.color, marked);
            case PictureFormat::text:
                break;
        }
        const std::vector<Square> squares = fault ? fault_squares(*fault) : std::vector<Square>{};
        return draw_position(s.position, squares) +
               last_turn_lines(s.position, s.end, s.last_turn, marked);
    }
};

}  // namespace

std::unique_ptr<jv::Game> make_game() {
    return std::make_unique<ChessMe>();
}

}  // namespace jv::cme
