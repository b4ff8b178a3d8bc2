// The boundary between the game-neutral tool and each game.
//
// The reader, the reports and the command line know only these types. A game (Jelimvre, and
// later ChessMe and Imbriquation) lives in one folder under src/games/ and gives the tool two
// objects:
//   - a Game: what the game is, whatever the ruleset: its name in the Game tag, its players, its
//     option table, its record grammar and turn numbering, its position string and pictures;
//   - GameRules, made by the Game for one ruleset: the referee (with a turn observer), the legal
//     turns of a position, the explanation of a fault, random games.
// src/cli/games.cpp puts every Game into the GameCatalog; commands find a game there, by a
// record's Game tag or by --game, and never name one.
//
// A game's positions are opaque here: a GamePosition is a handle that the game makes and reads.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag.hpp"
#include "core/record.hpp"

namespace jv {

class Game;
class GameRules;
struct TurnListing;  // core/turn_listing.hpp
class TurnSink;      // core/turn_listing.hpp

// ---------------------------------------------------------------------------------------------
// Verdicts

enum class Verdict : std::uint8_t {
    legal,           // every action follows the rules and the result agrees with the game
    illegal,         // a rule is broken (the record's result included)
    invalid_record,  // the text cannot be read as a record of the game
};

std::string_view verdict_name(Verdict verdict);  // "legal", "illegal", "invalid-record"

// One fault, located in the source. Rule faults name a rule id; reading faults do not.
struct Fault {
    Diagnostic diagnostic;
    std::optional<std::uint32_t> turn;  // turn number; none for a fault of the whole record
    std::string_view side;              // the player's word ("white", "light"); empty: none
    std::string_view action;            // the action's text; empty when the fault is not one action
};

// How the game ended, or why it has not. `reason` is one of the game's own words
// ("king-captured", "encirclement", "no-legal-turn", "declared", "unfinished" for Jelimvre).
struct Outcome {
    ResultKind result = ResultKind::unfinished;
    std::string_view reason = "unfinished";
    // The reason in English words for people ("king captured"), N_-marked: text reports and pages
    // show tr(words), JSON the reason. Set from Game::ending_words by Referees::referee.
    std::string_view words = "unfinished";
};

// How the game ended in the message language ("roi pris").
std::string outcome_words(const Outcome& outcome);
// The English words of the endings every game has ("declared", "unfinished"), else `reason`:
// what Game::ending_words answers for a reason the game does not name itself.
std::string_view shared_ending_words(std::string_view reason);
// `english`, N_-marked somewhere, in the message language.
std::string translated(std::string_view english);

// A fact of a game's own about a verdict, reported after the position (Imbriquation's score):
// its JSON member name, its value as a JSON text, one line of plain text, and the label people
// read before that line in text reports and pages (translated; empty: the key).
struct VerdictDetail {
    std::string key;
    std::string json;
    std::string text;
    std::string label;
};

struct GameVerdict {
    std::string_view game;  // the game's name, as in the Game tag; empty for an unknown game
    // The tags that name the two players, first the one a 1-0 result names winner.
    std::array<std::string_view, 2> player_tags = {"White", "Black"};
    Verdict verdict = Verdict::legal;
    std::vector<Fault> faults;  // the first is "the" error; empty when legal
    // Faults found past the first max_reported_faults: counted, not kept, so that a record
    // with a fault on each of a million lines costs neither a million reports nor their memory.
    std::size_t unreported_faults = 0;
    Outcome outcome;
    std::string position;                // the canonical position string after the last legal turn
    std::string diagram;                 // the final position drawn as text (only when asked for)
    std::string ruleset;                 // the name of the ruleset in force
    std::string ruleset_fingerprint;     // a short hash of its option values
    std::vector<Diagnostic> warnings;    // not faults: e.g. a Rules tag naming another ruleset
    std::vector<VerdictDetail> details;  // the game's own facts, in order (usually none)

    void clear();
    // Clears the verdict and starts it the way every game's referee does: the game and the
    // ruleset in force, and a warning when the record's Rules tag names another ruleset.
    void start(std::string_view game_name, const std::string& ruleset_name,
               const std::string& fingerprint, const GameRecord& record);
    // The same, the record's Rules tag (none: nullptr) already found by a referee that reads
    // its tags in one pass.
    void start(std::string_view game_name, const std::string& ruleset_name,
               const std::string& fingerprint, const Tag* rules_tag);
};

// How many faults of one game a verdict keeps and reports.
inline constexpr std::size_t max_reported_faults = 100;

struct RefereeRequest {
    bool want_diagram = false;
};

// ---------------------------------------------------------------------------------------------
// Turns and positions

// One player of a game: its name in messages and tags ("White", "Light") and its word in JSON
// ("white", "light").
struct Player {
    std::string_view name;  // in English, as the catalogues hold it in the context "side"
    std::string_view word;
};

// A player's name in the message language ("Blanc", "Hell").
std::string player_name(const Player& player);

// A turn as its game counts it: the number written before it ("14." or "14...": the second
// player's turn carries the dots) and which player plays it (an index into Game::players()).
struct TurnId {
    std::uint32_t number = 0;
    bool second_player = false;
    std::uint8_t player = 0;

    std::string label() const;  // "14." or "14..."
};

// A position of one game together with what the game needs to go on from it (whose turn it is,
// what the record's tags decided, such as a timer), how the game stands (over or not), and the
// turn that led to it, for pictures. Only the game that made it reads it.
class GamePosition {
  public:
    virtual ~GamePosition() = default;
    virtual std::unique_ptr<GamePosition> clone() const = 0;
};

// What the referee shows an observer after each legal turn, setups included.
struct ObservedTurn {
    const Turn& turn;           // the record's turn
    std::size_t index = 0;      // its index in GameRecord::turns
    TurnId id;                  // its number and player
    const GamePosition& after;  // the position after it; over if the game ended there
};
using TurnObserver = std::function<void(const ObservedTurn&)>;

enum class PictureFormat : std::uint8_t { text, unicode, svg };

// A turn the referee refused, drawn on the position it started from (the page's faulty turn,
// `show --at` of that turn): the game reads the action with its own grammar, marks its squares,
// and marks the piece that blocks or attacks where the rule has one (a path blocked, a king left
// in check).
struct FaultMark {
    std::string_view action;  // the action at fault, as the record writes it ("Se2-e5")
    std::string_view rule;    // the rule it breaks ("J7.1")
};

struct PictureOptions {
    bool color = false;      // unicode: ANSI colours
    std::string_view title;  // svg: the caption above the board, wrapped to the picture's width
    std::optional<FaultMark> fault;  // every format: the refused action marked, and a line on it
};

// `moves`: which turns to list.
struct ListingRequest {
    // Jelimvre's first turn allows up to six placements (billions of turns): only the turns with
    // at most this many are listed.
    int max_placements = 1;
};

// `generate`: the shape of the random games.
struct GenerateRequest {
    std::uint32_t max_turns = 200;  // turns per side before a game is left unfinished
    double timer_share = 0.1;       // share of games played with a timer, where the game has one
};

// ---------------------------------------------------------------------------------------------
// Options and rulesets

// One option of a game's ruleset: a disputed rule and its readings.
struct OptionSpec {
    std::string_view name;                     // as in ruleset files and --set
    std::string_view rule;                     // the rule id it belongs to: J12.4, C7.4, I8.2
    std::string_view description;              // one line
    std::span<const std::string_view> values;  // spelled as in the rulings; [0] is the default
};

// One reading of a game's disputed rules: a name, and for each option of the game's table (in
// its order) the index of the value chosen. Built once, then only read.
struct Ruleset {
    std::string name = "standard";
    std::vector<std::uint8_t> values;
};

// ---------------------------------------------------------------------------------------------
// The game

class Game {
  public:
    virtual ~Game() = default;

    // The value of the Game tag ("Jelimvre"); --game takes it in any case.
    virtual std::string_view name() const = 0;
    // The two players, the first being the one a 1-0 result names winner.
    virtual std::array<Player, 2> players() const = 0;
    virtual std::span<const OptionSpec> options() const = 0;
    // The page that describes the game's rules and options ("notation/rules.md").
    virtual std::string_view rules_reference() const = 0;

    // The built-in ruleset, every option at its default.
    Ruleset standard_ruleset() const;
    // The game under one reading of its rules.
    virtual std::unique_ptr<GameRules> make_rules(const Ruleset& ruleset) const = 0;

    // --- The record -------------------------------------------------------------------------
    // The reading faults the game finds in a record the outer layer read cleanly: turn numbers
    // missing, required tags, the values of the tags it knows, actions outside its grammar.
    virtual void reading_faults(const GameRecord& record,
                                std::vector<Diagnostic>& faults) const = 0;
    // The action in its canonical spelling, or as written when it is not one of the game's.
    virtual std::string canonical_action(std::string_view text) const = 0;
    // The number and player of the record's k-th turn (0-based), as the game counts them.
    virtual TurnId turn_id(const GameRecord& record, std::size_t k) const = 0;
    // "turn 12, White": a turn in words, for reports.
    virtual std::string turn_name(TurnId id) const;
    // How a game ended in English words for people, N_-marked ("king captured" for the reason
    // "king-captured"). Every game's "declared" and "unfinished" are answered here; a game
    // answers its own reasons and calls this for the others.
    virtual std::string_view ending_words(std::string_view reason) const;

    // --- Positions --------------------------------------------------------------------------
    // The name of the position before a record's first turn ("before the setup").
    virtual std::string_view initial_position_name() const = 0;
    // The canonical position string, and the position read back from one. `tags` stand for a
    // record's tags where a position's meaning depends on them (a Timer tag: timeouts are
    // legal). On failure, `error_offset` is the byte of the string at fault.
    virtual std::string position_string(const GamePosition& position) const = 0;
    virtual std::unique_ptr<GamePosition> parse_position(std::string_view text,
                                                         std::span<const Tag> tags,
                                                         std::uint32_t& error_offset,
                                                         std::string& error) const = 0;
    // The side to move, as an index into players().
    virtual std::uint8_t player_to_move(const GamePosition& position) const = 0;
    // A picture of the position with the turn that led to it marked: the text diagram (with the
    // last turn and the end of the game, if any, below it), Unicode box drawing, or an SVG
    // document.
    virtual std::string picture(const GamePosition& position, PictureFormat format,
                                const PictureOptions& options) const = 0;
};

// A game under one ruleset: everything that depends on the reading of the rules.
class GameRules {
  public:
    virtual ~GameRules() = default;
    virtual const Game& game() const = 0;
    virtual const Ruleset& ruleset() const = 0;
    virtual const std::string& fingerprint() const = 0;

    // Checks one record and fills `out`. The record's read_errors, if any, make it an invalid
    // record; so do the game's own reading faults. `observer`, when given, sees the position
    // after each legal turn; whether the game has ended there (a king taken, or the next side
    // encircled) is part of that position.
    virtual void referee(const GameRecord& record, const RefereeRequest& request, GameVerdict& out,
                         const TurnObserver* observer = nullptr) const = 0;

    // The position before a record's first turn (the record's tags may shape it: ChessMe's
    // piles; so may the ruleset: ChessMe's start squares).
    virtual std::unique_ptr<GamePosition> initial_position(const GameRecord& record) const = 0;

    // The legal turns of the side to move counted by kind, with the notes a reader needs (the
    // game is over, a first turn's placements are limited ...): every group of the listing with
    // its count, and the total. No turn is held, whatever their number.
    virtual TurnListing count_legal_turns(const GamePosition& position,
                                          const ListingRequest& request) const = 0;
    // Hands each legal turn of group `group` (an index into count_legal_turns' groups) to `sink`
    // as it is found, in the listing's order: exactly that group's count of turns. Memory does
    // not grow with the number of turns.
    virtual void list_group(const GamePosition& position, const ListingRequest& request,
                            std::size_t group, TurnSink& sink) const = 0;
    // The counted listing with every group's turns held in memory, for tests and small
    // positions: count_legal_turns, then list_group for each group.
    TurnListing legal_turns(const GamePosition& position, const ListingRequest& request) const;
    // The number of legal turn sequences `depth` turns deep (perft), each turn counted as
    // legal_turns lists it.
    virtual std::uint64_t perft(const GamePosition& position, int depth,
                                const ListingRequest& request) const = 0;

    // For `validate --explain`: at an illegal record's first fault, the faulty turn, the position
    // it started from and the nearest legal turns, each line indented by two spaces (the report
    // writes the heading, the rule and the notes above them: report::explanation_heading).
    // Empty unless the verdict is illegal.
    virtual std::string explain_first_fault(const GameRecord& record,
                                            const GameVerdict& verdict) const = 0;

    // Random game `round` (1-based) of the series for `seed`, in canonical JGN, ending with LF.
    // The same seed and round give the same game on every platform.
    virtual std::string generate(std::uint64_t seed, std::uint32_t round,
                                 const GenerateRequest& request) const = 0;
};

// ---------------------------------------------------------------------------------------------
// The catalog

// The games this build knows. src/cli/games.cpp fills it and names the default game, the one a
// record without a Game tag belongs to.
class GameCatalog {
  public:
    void add(std::unique_ptr<Game> game);
    void set_default(std::string_view name);

    // By the value of a Game tag (case counts, as in the tag).
    const Game* find(std::string_view name) const;
    // By a name typed on the command line (--game): any case.
    const Game* find_any_case(std::string_view name) const;
    const Game& default_game() const;
    // The game a record belongs to: its Game tag's, or the default. None for an unknown game.
    const Game* game_of(const GameRecord& record) const;
    std::vector<std::string_view> names() const;
    std::span<const std::unique_ptr<Game>> games() const { return games_; }

  private:
    std::vector<std::unique_ptr<Game>> games_;
    const Game* default_ = nullptr;
};

// The rules each game of the catalog is refereed under in one run: the ruleset given for a game
// (--rules, --set), the standard one for the others. Every game's GameRules is made once, up
// front, so that threads may share a Referees.
class Referees {
  public:
    // `chosen`: the rulesets given for some games; every other game gets its standard one.
    // With `warn_other_games`, a record of a game without a chosen ruleset gets a warning that
    // says so: a ruleset given for one game never applies silently to none.
    Referees(const GameCatalog& catalog, std::vector<std::pair<const Game*, Ruleset>> chosen = {},
             bool warn_other_games = false);

    const GameCatalog& catalog() const { return catalog_; }
    const GameRules& rules_of(const Game& game) const;

    // Referees one record with its game, under that game's ruleset. A record of an unknown game
    // is an invalid record.
    void referee(const GameRecord& record, const RefereeRequest& request, GameVerdict& out,
                 const TurnObserver* observer = nullptr) const;

  private:
    const GameCatalog& catalog_;
    std::vector<std::unique_ptr<GameRules>> rules_;  // in catalog order
    std::vector<bool> chosen_;                       // in catalog order
    bool warn_other_games_ = false;
    std::string chosen_text_;  // "the ruleset lyon-open-2026 of Jelimvre", for the warning
};

}  // namespace jv
