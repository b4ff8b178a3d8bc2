#include "games/jelimvre/game.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "core/ruleset.hpp"
#include "core/translate.hpp"
#include "core/turn_listing.hpp"
#include "games/jelimvre/board_svg.hpp"
#include "games/jelimvre/board_unicode.hpp"
#include "games/jelimvre/explain.hpp"
#include "games/jelimvre/fault_picture.hpp"
#include "games/jelimvre/generator.hpp"
#include "games/jelimvre/movegen.hpp"
#include "games/jelimvre/notation.hpp"
#include "games/jelimvre/referee.hpp"
#include "games/jelimvre/rules.hpp"
#include "games/jelimvre/turn.hpp"

namespace jv::jel {

namespace {

// A position as the neutral code holds it: the board and counters, how the game stands, what
// the record's tags decided (a timer), and the turn that led here, for pictures.
struct Snapshot final : jv::GamePosition {
    Position position;
    GameEnd end;
    TurnContext context;
    std::vector<Action> last_turn;

    std::unique_ptr<jv::GamePosition> clone() const override {
        return std::make_unique<Snapshot>(*this);
    }
    Color last_side() const { return opponent(position.side_to_move()); }
};

const Snapshot& snapshot(const jv::GamePosition& position) {
    return static_cast<const Snapshot&>(position);
}

std::vector<Action> parsed_actions(const GameRecord& record, const Turn& turn) {
    std::vector<Action> out;
    for (std::uint32_t i = 0; i < turn.action_count; ++i)
        if (auto parsed = parse_action(record.action(turn, i).text); parsed.action)
            out.push_back(*parsed.action);
    return out;
}

// ---------------------------------------------------------------------------------------------
// The groups of `jelimvre moves`.

enum class Group : std::uint8_t {
    army,
    crossing,
    bonus,
    regeneration,
    walls_placed,
    walls_moved,
    walls_removed,
    water,
    regenerator,
    timeout,
    construction,
};
constexpr std::size_t group_count = 11;

// The key is a machine word (JSON "kind"); the title, marked with N_, is translated where the
// listing is made.
struct GroupInfo {
    std::string_view key;
    const char* title;
};
constexpr std::array<GroupInfo, group_count> group_info = {{
    // TRANSLATORS: the title of a group of legal turns in the listing of `jelimvre moves`
    {"army-moves", N_("Army moves (J4.1)")},
    // TRANSLATORS: the title of a group of legal turns in the listing of `jelimvre moves`
    {"crossings", N_("Crossings (J11.3)")},
    // TRANSLATORS: the title of a group of legal turns in the listing of `jelimvre moves`
    {"bonus", N_("Army move with bonus placement (J5.3)")},
    // TRANSLATORS: the title of a group of legal turns in the listing of `jelimvre moves`
    {"regeneration", N_("Regeneration (J5.4, J5.6)")},
    // TRANSLATORS: the title of a group of legal turns in the listing of `jelimvre moves`
    {"walls-placed", N_("Walls placed (J5.5a)")},
    // TRANSLATORS: the title of a group of legal turns in the listing of `jelimvre moves`
    {"walls-moved", N_("Walls moved (J5.5b)")},
    // TRANSLATORS: the title of a group of legal turns in the listing of `jelimvre moves`
    {"walls-removed", N_("Walls removed (J5.5c, J5.8)")},
    // TRANSLATORS: the title of a group of legal turns in the listing of `jelimvre moves`
    {"water", N_("Water added or removed (J5.7)")},
    // TRANSLATORS: the title of a group of legal turns in the listing of `jelimvre moves`
    {"regenerator", N_("Regenerator moved or used (J5.9)")},
    // TRANSLATORS: the title of a group of legal turns in the listing of `jelimvre moves`
    {"timeout", N_("Timeout (J13)")},
    // TRANSLATORS: the title of a group of legal turns in the listing of `jelimvre moves`
    {"first-turn-constructions", N_("First-turn constructions (J4.2)")},
}};

Group classify(TurnKind kind, std::span<const Action> turn) {
    bool places = false;
    bool crosses = false;
    for (Action a : turn) {
        places = places || a.kind() == ActionKind::place;
        crosses = crosses || a.kind() == ActionKind::cross;
    }
    switch (kind) {
        case TurnKind::first:
            return places ? Group::construction : crosses ? Group::crossing : Group::army;
        case TurnKind::ordinary:
            return places ? Group::bonus : crosses ? Group::crossing : Group::army;
        case TurnKind::regenerate:
            return Group::regeneration;
        case TurnKind::place_walls:
            return Group::walls_placed;
        case TurnKind::move_walls:
            return Group::walls_moved;
        case TurnKind::remove_walls:
            return Group::walls_removed;
        case TurnKind::water:
            return Group::water;
        case TurnKind::regenerator:
            return Group::regenerator;
        case TurnKind::timeout:
            return Group::timeout;
    }
    return Group::army;
}

// The legal-turn generator lists first turns with at most this many placements (movegen.hpp).
constexpr int generator_placement_limit = 1;

// ---------------------------------------------------------------------------------------------

class Rules final : public jv::GameRules {
  public:
    Rules(const jv::Game& game, const jv::Ruleset& ruleset)
        : game_(game),
          ruleset_(ruleset),
          referee_(ruleset_from(ruleset)),
          fingerprint_(jv::fingerprint(game.options(), ruleset)) {}

    const jv::Game& game() const override { return game_; }
    const jv::Ruleset& ruleset() const override { return ruleset_; }
    const std::string& fingerprint() const override { return fingerprint_; }

    void referee(const GameRecord& record, const RefereeRequest& request, GameVerdict& out,
                 const TurnObserver* observer) const override {
        if (observer == nullptr) {
            referee_.referee(record, request, out);
            return;
        }
        Snapshot after;
        after.context = context_of(record.tags);
        auto each = [&](const Turn& turn, const Position& position, const GameEnd& end) {
            after.position = position;
            after.end = end;
            after.last_turn = parsed_actions(record, turn);
            const auto index = static_cast<std::size_t>(&turn - record.turns.data());
            (*observer)(ObservedTurn{turn, index, game_.turn_id(record, index), after});
        };
        referee_.referee_observed(record, each, out, request);
    }

    std::unique_ptr<jv::GamePosition> initial_position(const GameRecord& record) const override {
        auto out = std::make_unique<Snapshot>();
        out->position = Position::before_setup();
        out->context = context_of(record.tags);
        return out;
    }

    TurnListing count_legal_turns(const jv::GamePosition& at,
                                  const ListingRequest& request) const override;
    void list_group(const jv::GamePosition& at, const ListingRequest& request, std::size_t group,
                    TurnSink& sink) const override;
    std::uint64_t perft(const jv::GamePosition& at, int depth,
                        const ListingRequest& request) const override;

    std::string explain_first_fault(const GameRecord& record,
                                    const GameVerdict& verdict) const override {
        return jel::explain_first_fault(record, verdict, referee_.rules());
    }

    std::string generate(std::uint64_t seed, std::uint32_t round,
                         const GenerateRequest& request) const override {
        GeneratorOptions options;
        options.max_turns = request.max_turns;
        options.timer_share = request.timer_share;
        options.rules = referee_.rules();
        return generate_game(seed, round, options).text;
    }

  private:
    // Where a listing starts: the end of the game as the referee decides it at the start of this
    // turn (a position string may stop just before it), and whether any turn may be played.
    struct ListingStart {
        GameEnd end;
        bool setup = false;
        bool lists_turns = false;
        int listed_placements = 0;
    };
    ListingStart listing_start(const Snapshot& s, const ListingRequest& request) const;
    // Calls f(group, turn) for each legal turn of the generator's `sections`.
    template <typename F>
    void for_each_grouped_turn(const Snapshot& s, int listed_placements, TurnSections sections,
                               F&& f) const;

    const jv::Game& game_;
    jv::Ruleset ruleset_;
    Referee referee_;
    std::string fingerprint_;
};

Rules::ListingStart Rules::listing_start(const Snapshot& s, const ListingRequest& request) const {
    const Position& position = s.position;
    ListingStart out;
    out.setup = position.turn_number() == 0;
    out.listed_placements = std::min(request.max_placements, generator_placement_limit);
    out.end = s.end;
    // No legal turn at all (J12.4) is told by the listing.
    if (!out.end.over && !out.setup &&
        end_at_turn_start(position, s.context, referee_.rules()) == TurnStartEnd::encirclement)
        out.end = GameEnd{true, false, opponent(position.side_to_move()), "encirclement"};
    out.lists_turns = !out.setup && !out.end.over;
    return out;
}

template <typename F>
void Rules::for_each_grouped_turn(const Snapshot& s, int listed_placements, TurnSections sections,
                                  F&& f) const {
    const Ruleset& rules = referee_.rules();
    auto visit = [&](std::span<const Action> turn, const Position&) {
        // The kind of the turn: play it again on a copy (the generator offers legal turns).
        Position copy = s.position;
        const TurnResult result = play_turn(copy, turn, s.context, rules);
        f(classify(result.kind, turn), turn);
        return true;
    };
    for_each_legal_turn(s.position, s.context, rules, visit, listed_placements, sections);
}

// The turns a group holds, for the generator to skip the sections that give none.
TurnSections sections_of(Group group) {
    const auto only = [](TurnKind kind) { return TurnSections{false, false, false, {kind}}; };
    switch (group) {
        case Group::army:
            return TurnSections{true, false, false, {}};
        case Group::crossing:
            return TurnSections{false, true, false, {}};
        case Group::bonus:
        case Group::construction:
            return TurnSections{false, false, true, {}};
        case Group::regeneration:
            return only(TurnKind::regenerate);
        case Group::walls_placed:
            return only(TurnKind::place_walls);
        case Group::walls_moved:
            return only(TurnKind::move_walls);
        case Group::walls_removed:
            return only(TurnKind::remove_walls);
        case Group::water:
            return only(TurnKind::water);
        case Group::regenerator:
            return only(TurnKind::regenerator);
        case Group::timeout:
            return only(TurnKind::timeout);
    }
    return TurnSections{};
}

void Rules::list_group(const jv::GamePosition& at, const ListingRequest& request, std::size_t group,
                       TurnSink& sink) const {
    const Snapshot& s = snapshot(at);
    const ListingStart start = listing_start(s, request);
    if (!start.lists_turns || group >= group_count) return;
    const auto wanted = static_cast<Group>(group);
    std::string text;  // one buffer for every turn
    for_each_grouped_turn(s, start.listed_placements, sections_of(wanted),
                          [&](Group g, std::span<const Action> turn) {
                              if (g != wanted) return;
                              text.clear();
                              append_turn(text, turn);
                              sink.turn(text);
                          });
}

TurnListing Rules::count_legal_turns(const jv::GamePosition& at,
                                     const ListingRequest& request) const {
    const Snapshot& s = snapshot(at);
    const Position& position = s.position;
    const Ruleset& rules = referee_.rules();
    const Color me = position.side_to_move();
    const ListingStart start = listing_start(s, request);
    const bool setup = start.setup;
    const bool first_turn = position.turn_number() == 1;
    const int listed_placements = start.listed_placements;
    const GameEnd& end = start.end;

    TurnListing out;
    for (const GroupInfo& info : group_info)
        out.groups.push_back(TurnGroup{info.key, tr(info.title), 0, {}});
    if (start.lists_turns)
        for_each_grouped_turn(s, listed_placements, TurnSections{},
                              [&](Group g, std::span<const Action>) {
                                  ++out.groups[static_cast<std::size_t>(g)].count;
                                  ++out.total;
                              });
    if (setup)
        out.notes.push_back(trf(
            // TRANSLATORS: {} is a side, White or Black
            "this is {}'s setup (turn 0, J3): it places its 20 army pieces and its regenerator on "
            "its two home ranks; setups are not listed",
            color_name(me)));
    if (end.over)
        out.notes.push_back(
            // TRANSLATORS: {0} is a result in the notation, such as 1-0; {1} the reason the game
            // ended as a program reads it (king-captured, encirclement or no-legal-turn): keep it
            trf("the game is over ({}, {}): no turn may be played (J12.5)",
                result_text(end.result()), end.reason));
    else if (!setup && out.total == 0)
        out.notes.push_back(
            rules.no_legal_turn == NoLegalTurn::draw
                // TRANSLATORS: {} is a side, White or Black
                ? trf("{} has no legal turn: the game ends here (J12.4, a draw under this ruleset)",
                      color_name(me))
                // TRANSLATORS: {} is a side, White or Black
                : trf("{} has no legal turn: the game ends here (J12.4, a loss under this ruleset)",
                      color_name(me)));
    if (first_turn && !setup && !end.over) {
        std::string which;
        if (listed_placements == 0)
            // TRANSLATORS: which first turns are listed, as in "only turns {} are listed"
            which = tr("without placements");
        else if (listed_placements == 1)
            // TRANSLATORS: which first turns are listed, as in "only turns {} are listed"; {} is 1
            which = trf("with at most {} placement", listed_placements);
        else
            // TRANSLATORS: which first turns are listed, as in "only turns {} are listed"; {} is a
            // number
            which = trf("with at most {} placements", listed_placements);
        std::string note = trf(
            // TRANSLATORS: {} says which first turns are listed, such as "without placements" or
            // "with at most 1 placement"
            "first turn (J4.2): up to 6 placements are allowed; only turns {} are listed, first "
            "turns with more placements exist but are not listed",
            which);
        if (request.max_placements > listed_placements)
            note += " " + trf(
                              // TRANSLATORS: --max-placements is an option of the command: keep
                              // it; both {} are numbers
                              "(--max-placements {}: the generator lists at most {})",
                              request.max_placements, generator_placement_limit);
        out.notes.push_back(note);
    }

    out.to_play = s.context.timer
                      // TRANSLATORS: {0} is a side, White or Black; {1} a turn number; {2} a
                      // counter position, 1 to 12
                      ? trf("{} to play turn {} (counter {}, with a timer)", color_name(me),
                            position.turn_number(), position.counter(me))
                      // TRANSLATORS: {0} is a side, White or Black; {1} a turn number; {2} a
                      // counter position, 1 to 12
                      : trf("{} to play turn {} (counter {})", color_name(me),
                            position.turn_number(), position.counter(me));
    nlohmann::ordered_json& facts = out.facts;
    facts["jfen"] = format_position(position, end);
    facts["side"] = me == Color::white ? "white" : "black";
    facts["turn"] = position.turn_number();
    facts["counter"] = position.counter(me);
    facts["timer"] = s.context.timer;
    facts["ruleset"] = ruleset_.name;
    facts["game_over"] = end.over ? nlohmann::ordered_json{{"result", result_text(end.result())},
                                                           {"reason", end.reason}}
                                  : nlohmann::ordered_json(nullptr);
    facts["first_turn"] = first_turn && !setup
                              ? nlohmann::ordered_json{{"max_placements", request.max_placements},
                                                       {"listed_placements", listed_placements},
                                                       {"complete", false}}
                              : nlohmann::ordered_json(nullptr);
    return out;
}

std::uint64_t Rules::perft(const jv::GamePosition& at, int depth,
                           const ListingRequest& request) const {
    const Snapshot& s = snapshot(at);
    auto count = [&](auto& self, const Position& position, int left) -> std::uint64_t {
        std::uint64_t n = 0;
        auto visit = [&](std::span<const Action>, const Position& after) {
            n += left == 1 ? 1 : self(self, after, left - 1);
            return true;
        };
        for_each_legal_turn(position, s.context, referee_.rules(), visit,
                            std::min(request.max_placements, generator_placement_limit));
        return n;
    };
    return depth <= 0 ? 1 : count(count, s.position, depth);
}

// ---------------------------------------------------------------------------------------------

class Jelimvre final : public jv::Game {
  public:
    std::string_view name() const override { return "Jelimvre"; }
    std::array<Player, 2> players() const override {
        return {Player{"White", "white"}, Player{"Black", "black"}};
    }
    std::span<const OptionSpec> options() const override { return option_specs(); }
    std::string_view rules_reference() const override { return "notation/rules.md"; }
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
    // Turn k of a record (0-based) is numbered k / 2: the setups are 0. and 0... (J3).
    TurnId turn_id(const GameRecord&, std::size_t k) const override {
        const bool black = k % 2 == 1;
        return TurnId{static_cast<std::uint32_t>(k / 2), black, static_cast<std::uint8_t>(black)};
    }
    std::string turn_name(TurnId id) const override {
        if (id.number == 0)
            // TRANSLATORS: {} is a side, White or Black
            return trf("turn 0 (setup), {}",
                       color_name(id.player == 0 ? Color::white : Color::black));
        return Game::turn_name(id);
    }

    std::string_view ending_words(std::string_view reason) const override {
        return jel::ending_words(reason);
    }
    // TRANSLATORS: the position before a record's first turn, as in "game 2, before the setup"
    std::string_view initial_position_name() const override { return tr("before the setup"); }
    std::string position_string(const jv::GamePosition& position) const override {
        const Snapshot& s = snapshot(position);
        return format_position(s.position, s.end);
    }
    std::unique_ptr<jv::GamePosition> parse_position(std::string_view text,
                                                     std::span<const Tag> tags,
                                                     std::uint32_t& error_offset,
                                                     std::string& error) const override {
        PositionParseError problem;
        std::optional<ParsedPosition> parsed = jel::parse_position(text, problem);
        if (!parsed) {
            error_offset = problem.offset;
            error = std::move(problem.message);
            return nullptr;
        }
        auto out = std::make_unique<Snapshot>();
        out->position = parsed->position;
        out->end = parsed->end;
        out->context = context_of(tags);
        return out;
    }
    std::uint8_t player_to_move(const jv::GamePosition& position) const override {
        return static_cast<std::uint8_t>(index_of(snapshot(position).position.side_to_move()));
    }
    std::string picture(const jv::GamePosition& at, PictureFormat format,
                        const PictureOptions& options) const override {
        const Snapshot& s = snapshot(at);
        const std::optional<FaultPicture> fault =
            options.fault ? fault_picture(s.position, *options.fault) : std::nullopt;
        // The refused action in words, under the text and Unicode pictures.
        const std::string fault_words = fault ? "  " + fault_line(s.position, *fault) + "\n" : "";
        switch (format) {
            case PictureFormat::svg:
                return board_svg::render(s.position, s.end, s.last_turn, s.last_side(),
                                         options.title, fault);
            case PictureFormat::unicode: {
                board_unicode::Options style;
                style.color = options.color;
                return board_unicode::render(s.position, s.end, s.last_turn, s.last_side(), style) +
                       fault_words;
            }
            case PictureFormat::text:
                break;
        }
        std::string out = draw_position(s.position);
        if (!s.last_turn.empty()) {
            out += "  ";
            // TRANSLATORS: {0} is a side, White or Black; {1} the turn's actions in the notation,
            // such as "Ke1-e2,W@e5"
            out += trf("last turn ({}): {}", color_name(s.last_side()), format_turn(s.last_turn));
            out += '\n';
        }
        if (s.end.over) {
            out += "  ";
            // TRANSLATORS: {0} is a result in the notation, such as 1-0; {1} the reason the game
            // ended as a program reads it (king-captured, encirclement or no-legal-turn): keep it
            out += trf("game over: {} ({})", result_text(s.end.result()), s.end.reason);
            out += '\n';
        }
        return out + fault_words;
    }
};

}  // namespace

std::unique_ptr<jv::Game> make_game() {
    return std::make_unique<Jelimvre>();
}

}  // namespace jv::jel
