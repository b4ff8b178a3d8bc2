#include "report/record_formats.hpp"

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <mutex>
#include <optional>
#include <utility>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "core/text.hpp"
#include "core/translate.hpp"
#include "report/verdict_report.hpp"

namespace jv::report {

using ojson = nlohmann::ordered_json;

std::optional<RecordFormat> record_format_named(std::string_view name) {
    if (name == "jgn") return RecordFormat::jgn;
    if (name == "yaml" || name == "yml") return RecordFormat::yaml;
    if (name == "json") return RecordFormat::json;
    return std::nullopt;
}

std::optional<RecordFormat> record_format_of_path(std::string_view path) {
    std::size_t dot = path.rfind('.');
    std::size_t slash = path.find_last_of("/\\");
    if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash))
        return std::nullopt;
    std::string extension(path.substr(dot + 1));
    for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return record_format_named(extension);
}

namespace {

bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

std::size_t skip_blanks(std::string_view text, std::size_t at) {
    while (at < text.size() && is_blank(text[at])) ++at;
    return at;
}

// Whether the text at `at` (a '"') is a JSON string followed by ':' (an object's key).
bool json_key_at(std::string_view text, std::size_t at) {
    for (std::size_t i = at + 1; i < text.size(); ++i) {
        if (text[i] == '\\') {
            ++i;
        } else if (text[i] == '"') {
            std::size_t next = skip_blanks(text, i + 1);
            return next < text.size() && text[next] == ':';
        } else if (text[i] == '\n') {
            return false;
        }
    }
    return false;
}

bool yaml_start_line(std::string_view line) {
    if (line.ends_with('\r')) line.remove_suffix(1);
    if (line == "---" || line.starts_with("--- ") || line.starts_with("%YAML")) return true;
    if (!line.starts_with("games")) return false;
    std::size_t colon = skip_blanks(line, 5);
    return colon < line.size() && line[colon] == ':' &&
           (colon + 1 == line.size() || is_blank(line[colon + 1]));
}

}  // namespace

std::optional<RecordFormat> record_format_by_name(std::string_view from, std::string_view path) {
    if (!from.empty()) return record_format_named(from);
    if (path == "-") return std::nullopt;
    return record_format_of_path(path);
}

RecordFormat record_format_of_text(std::string_view head) {
    if (head.starts_with("\xEF\xBB\xBF")) head.remove_prefix(3);
    std::size_t at = skip_blanks(head, 0);
    if (at == head.size()) return RecordFormat::jgn;
    if (head[at] == '{') {
        std::size_t next = skip_blanks(head, at + 1);
        if (next < head.size() && head[next] == '"' && json_key_at(head, next))
            return RecordFormat::json;
        return RecordFormat::jgn;
    }
    if (head[at] == '[') {
        std::size_t next = skip_blanks(head, at + 1);
        if (next < head.size() &&
            (std::string_view("{[\"]-").find(head[next]) != std::string_view::npos ||
             (head[next] >= '0' && head[next] <= '9')))
            return RecordFormat::json;
        return RecordFormat::jgn;
    }
    // YAML: the first line that is not a comment (JGN has no '#' comments).
    for (std::size_t line_start = at; line_start < head.size();) {
        std::size_t end = head.find('\n', line_start);
        std::string_view line = head.substr(
            line_start, end == std::string_view::npos ? std::string_view::npos : end - line_start);
        std::size_t first = skip_blanks(line, 0);
        if (first < line.size() && line[first] != '#')
            return yaml_start_line(line) ? RecordFormat::yaml : RecordFormat::jgn;
        if (end == std::string_view::npos) break;
        line_start = end + 1;
    }
    return RecordFormat::jgn;
}

namespace {

// ---------------------------------------------------------------------------------------------
// Writing: record -> document

ojson comment_list(const std::vector<GameOutline::Comment>& comments) {
    ojson out = ojson::array();
    for (const GameOutline::Comment& c : comments) out.push_back(canonical_comment_text(c.text));
    return out;
}

ojson game_to_json(const GameRecord& record) {
    GameOutline game = outline_of(record);
    // The comments after the very last action stand before the result (as the writer puts them).
    if (!game.turns.empty() && !game.turns.back().actions.empty()) {
        auto& last = game.turns.back().actions.back().comments_after;
        game.comments_before_result.insert(game.comments_before_result.begin(), last.begin(),
                                           last.end());
        last.clear();
    }
    ojson out = ojson::object();
    if (!game.comments_before_tags.empty())
        out["comments_before_tags"] = comment_list(game.comments_before_tags);
    ojson tags = ojson::array();
    for (const GameOutline::Tag& tag : game.tags) {
        ojson t = ojson::object();
        t["name"] = tag.name;
        t["value"] = tag.value;
        if (!tag.comments_after.empty()) t["comments_after"] = comment_list(tag.comments_after);
        tags.push_back(std::move(t));
    }
    out["tags"] = std::move(tags);
    ojson turns = ojson::array();
    for (std::size_t k = 0; k < game.turns.size(); ++k) {
        const GameOutline::Turn& turn = game.turns[k];
        ojson t = ojson::object();
        if (turn.number) {
            t["number"] = turn.number->value;
            // The side is implied by the turn's place; a number written with the other side's
            // mark (a wrong number) keeps its dots.
            if (turn.number->second_player != (k % 2 == 1))
                t["dots"] = turn.number->second_player ? "..." : ".";
        } else {
            t["number"] = nullptr;
        }
        if (!turn.comments_before.empty())
            t["comments_before"] = comment_list(turn.comments_before);
        ojson actions = ojson::array();
        for (const GameOutline::Action& action : turn.actions) {
            ojson a = ojson::object();
            a["text"] = action.text;
            if (!action.glyphs.empty()) {
                ojson glyphs = ojson::array();
                for (const GameOutline::Glyph& g : action.glyphs)
                    glyphs.push_back(canonical_glyph(g.text));
                a["glyphs"] = std::move(glyphs);
            }
            if (!action.comments_after.empty())
                a["comments_after"] = comment_list(action.comments_after);
            actions.push_back(std::move(a));
        }
        t["actions"] = std::move(actions);
        turns.push_back(std::move(t));
    }
    out["turns"] = std::move(turns);
    if (!game.comments_before_result.empty())
        out["comments_before_result"] = comment_list(game.comments_before_result);
    out["result"] = result_text(game.result.value_or(ResultKind::unfinished));
    if (!game.comments_after_result.empty())
        out["comments_after_result"] = comment_list(game.comments_after_result);
    return out;
}

// Tags and actions are written one per line, in flow style; everything else in block style.
// `flow_items`: the elements of this list are written in flow style.
void emit_yaml(YAML::Emitter& out, const ojson& value, bool flow, bool flow_items = false) {
    switch (value.type()) {
        case ojson::value_t::object:
            if (flow) out << YAML::Flow;
            out << YAML::BeginMap;
            for (const auto& [name, child] : value.items()) {
                out << YAML::Key << name << YAML::Value;
                emit_yaml(out, child, flow, name == "tags" || name == "actions");
            }
            out << YAML::EndMap;
            break;
        case ojson::value_t::array:
            if (flow) out << YAML::Flow;
            out << YAML::BeginSeq;
            for (const ojson& child : value) emit_yaml(out, child, flow || flow_items);
            out << YAML::EndSeq;
            break;
        case ojson::value_t::string:
            out << value.get_ref<const std::string&>();
            break;
        case ojson::value_t::number_unsigned:
        case ojson::value_t::number_integer:
            out << value.get<std::int64_t>();
            break;
        case ojson::value_t::null:
            out << YAML::Null;
            break;
        default:
            out << value.dump();
            break;
    }
}

// JSON laid out like the YAML: block layout, each tag and each action on one line. Every value
// is still dumped by nlohmann (escapes included).
void layout_json(std::string& out, const ojson& value, int depth, bool compact_items = false) {
    const std::string indent(static_cast<std::size_t>(depth + 1) * 2, ' ');
    const std::string closing(static_cast<std::size_t>(depth) * 2, ' ');
    if (value.is_object() && !value.empty()) {
        out += "{\n";
        bool first = true;
        for (const auto& [name, child] : value.items()) {
            out += first ? "" : ",\n";
            first = false;
            out += indent + dump_json(ojson(name)) + ": ";
            layout_json(out, child, depth + 1, name == "tags" || name == "actions");
        }
        out += "\n" + closing + "}";
    } else if (value.is_array() && !value.empty()) {
        out += "[\n";
        bool first = true;
        for (const ojson& child : value) {
            out += first ? "" : ",\n";
            first = false;
            out += indent;
            if (compact_items)
                out += dump_json(child);
            else
                layout_json(out, child, depth + 1);
        }
        out += "\n" + closing + "]";
    } else {
        out += dump_json(value);
    }
}

// ---------------------------------------------------------------------------------------------
// Reading: document -> outlines

// A place in a document: keys and list indexes from the top.
struct Step {
    std::string_view key;
    std::size_t index = 0;
    bool is_index = false;
};
using Path = std::vector<Step>;

std::string path_text(const Path& path) {
    // TRANSLATORS: the place of a fault in a record document (JSON or YAML) that has no field
    // to name; other places are paths such as games[0].tags[2].
    if (path.empty()) return tr("the document");
    std::string out;
    for (const Step& step : path) {
        if (step.is_index)
            out += fmt::format("[{}]", step.index);
        else
            out += (out.empty() ? "" : ".") + std::string(step.key);
    }
    return out;
}

struct ShapeError {
    Path path;
    std::string message;
};

// What the writer wrote from where, for telling JGN faults back as document faults.
enum class OriginKind : std::uint8_t {
    game,
    comment_before_tags,
    tag,
    tag_comment,
    turn,
    turn_comment,
    action,
    glyph,
    action_comment,
    comment_before_result,
    result,
    comment_after_result,
};

struct Origin {
    OriginKind kind = OriginKind::game;
    std::uint32_t game = 0, i = 0, j = 0, k = 0;
};

Step key(std::string_view k) {
    return Step{k, 0, false};
}
Step index(std::size_t i) {
    return Step{{}, i, true};
}

Path origin_path(const Origin& o) {
    Path p{key("games"), index(o.game)};
    switch (o.kind) {
        case OriginKind::game:
            break;
        case OriginKind::comment_before_tags:
            p.insert(p.end(), {key("comments_before_tags"), index(o.i)});
            break;
        case OriginKind::tag:
            p.insert(p.end(), {key("tags"), index(o.i)});
            break;
        case OriginKind::tag_comment:
            p.insert(p.end(), {key("tags"), index(o.i), key("comments_after"), index(o.j)});
            break;
        case OriginKind::turn:
            p.insert(p.end(), {key("turns"), index(o.i), key("number")});
            break;
        case OriginKind::turn_comment:
            p.insert(p.end(), {key("turns"), index(o.i), key("comments_before"), index(o.j)});
            break;
        case OriginKind::action:
            p.insert(p.end(), {key("turns"), index(o.i), key("actions"), index(o.j)});
            break;
        case OriginKind::glyph:
            p.insert(p.end(), {key("turns"), index(o.i), key("actions"), index(o.j), key("glyphs"),
                               index(o.k)});
            break;
        case OriginKind::action_comment:
            p.insert(p.end(), {key("turns"), index(o.i), key("actions"), index(o.j),
                               key("comments_after"), index(o.k)});
            break;
        case OriginKind::comment_before_result:
            p.insert(p.end(), {key("comments_before_result"), index(o.i)});
            break;
        case OriginKind::result:
            p.push_back(key("result"));
            break;
        case OriginKind::comment_after_result:
            p.insert(p.end(), {key("comments_after_result"), index(o.i)});
            break;
    }
    return p;
}

// Checks the shape of a record document and builds the outline of each game, with an origin
// for every element the writer will place.
class Walker {
  public:
    explicit Walker(bool yaml) : yaml_(yaml) {}

    std::vector<GameOutline> games;
    std::vector<Origin> origins;

    void document(const ojson& root) {
        object(root, {"games"}, {});
        const ojson& list = field(root, "games");
        Scope at(path_, key("games"));
        array(list);
        games.resize(list.size());
        for (std::size_t g = 0; g < list.size(); ++g) {
            Scope item(path_, index(g));
            game(list[g], static_cast<std::uint32_t>(g), games[g]);
        }
    }

  private:
    struct Scope {
        Scope(Path& path, Step step) : path_(path) { path_.push_back(step); }
        ~Scope() { path_.pop_back(); }
        Scope(const Scope&) = delete;
        Scope& operator=(const Scope&) = delete;
        Path& path_;
    };

    [[noreturn]] void fail(std::string message) const {
        throw ShapeError{path_, std::move(message)};
    }

    std::string found(const ojson& v) const {
        switch (v.type()) {
            case ojson::value_t::null:
                return "null";
            case ojson::value_t::boolean:
                return v.get<bool>() ? "true" : "false";
            case ojson::value_t::string:
                // TRANSLATORS: the kinds of value of a record document in YAML (scalar,
                // sequence, mapping) and in JSON (string, array, object), as in "expected a
                // mapping, found a scalar".
                return yaml_ ? tr("a scalar") : tr("a string");
            case ojson::value_t::array:
                return yaml_ ? tr("a sequence") : tr("an array");
            case ojson::value_t::object:
                return yaml_ ? tr("a mapping") : tr("an object");
            default:
                return tr("a number");
        }
    }
    std::string object_word() const { return yaml_ ? tr("a mapping") : tr("an object"); }
    std::string array_word() const { return yaml_ ? tr("a sequence") : tr("an array"); }

    static const ojson& field(const ojson& object, std::string_view name) {
        return object.find(std::string(name)).value();
    }
    static const ojson* optional(const ojson& object, std::string_view name) {
        auto it = object.find(std::string(name));
        return it == object.end() ? nullptr : &it.value();
    }

    void object(const ojson& v, std::initializer_list<std::string_view> required,
                std::initializer_list<std::string_view> allowed) {
        // TRANSLATORS: {0} is the kind of value expected ("an object", "a mapping"), {1} the kind
        // found ("a string", "null").
        if (!v.is_object()) fail(trf("expected {}, found {}", object_word(), found(v)));
        for (std::string_view name : required)
            if (v.find(std::string(name)) == v.end())
                // TRANSLATORS: {} is a field's name in the document (tags, turns): keep it.
                fail(trf("the field '{}' is missing", name));
        for (const auto& [name, child] : v.items()) {
            bool known = std::find(required.begin(), required.end(), name) != required.end() ||
                         std::find(allowed.begin(), allowed.end(), name) != allowed.end();
            if (!known) {
                Scope at(path_, key(name));
                std::string fields;
                for (std::string_view f : required)
                    fields += (fields.empty() ? "" : ", ") + std::string(f);
                for (std::string_view f : allowed)
                    fields += (fields.empty() ? "" : ", ") + std::string(f);
                // TRANSLATORS: {0} is the field given, {1} the list of the fields allowed.
                fail(trf("unknown field '{}' (the fields here are: {})", name, fields));
            }
        }
    }
    void array(const ojson& v) {
        // TRANSLATORS: {0} is the kind of value expected ("an array", "a sequence"), {1} the kind
        // found ("a string", "null").
        if (!v.is_array()) fail(trf("expected {}, found {}", array_word(), found(v)));
    }
    std::string_view string(const ojson& v) {
        // TRANSLATORS: {} is the kind of value found ("an array", "null").
        if (!v.is_string()) fail(trf("expected a string, found {}", found(v)));
        return v.get_ref<const std::string&>();
    }

    std::uint32_t add_origin(Origin o) {
        origins.push_back(o);
        return static_cast<std::uint32_t>(origins.size() - 1);
    }

    // A list of comments; `origin` gives each one's origin from its index.
    template <typename MakeOrigin>
    void comments(const ojson& owner, std::string_view name, std::vector<GameOutline::Comment>& out,
                  MakeOrigin make_origin) {
        const ojson* list = optional(owner, name);
        if (list == nullptr) return;
        Scope at(path_, key(name));
        array(*list);
        for (std::size_t n = 0; n < list->size(); ++n) {
            Scope item(path_, index(n));
            std::string_view text = string((*list)[n]);
            if (text.find('}') != std::string_view::npos &&
                canonical_comment_text(text).find('\n') != std::string::npos)
                fail(
                    // TRANSLATORS: '}}' is written doubled, as the format asks, and shows as }:
                    // keep it doubled. JGN is the record notation: keep it.
                    trf("a comment that holds '}}' must fit on one line: JGN writes it as a ';' "
                        "comment, which ends at the line end"));
            out.push_back({text, add_origin(make_origin(static_cast<std::uint32_t>(n)))});
        }
    }

    void game(const ojson& v, std::uint32_t g, GameOutline& out) {
        object(v, {"tags", "turns", "result"},
               {"comments_before_tags", "comments_before_result", "comments_after_result"});
        out.origin = add_origin({OriginKind::game, g});
        comments(v, "comments_before_tags", out.comments_before_tags, [&](std::uint32_t n) {
            return Origin{OriginKind::comment_before_tags, g, n};
        });
        if (g > 0 && !out.comments_before_tags.empty()) {
            Scope at(path_, key("comments_before_tags"));
            fail(
                tr("only the first game can have comments before its tags (in JGN, a comment "
                   "before a later game's tags is a comment after the previous game's result)"));
        }
        {
            const ojson& tags = field(v, "tags");
            Scope at(path_, key("tags"));
            array(tags);
            out.tags.resize(tags.size());
            for (std::size_t n = 0; n < tags.size(); ++n) {
                Scope item(path_, index(n));
                tag(tags[n], g, static_cast<std::uint32_t>(n), out.tags[n]);
            }
        }
        {
            const ojson& turns = field(v, "turns");
            Scope at(path_, key("turns"));
            array(turns);
            out.turns.resize(turns.size());
            for (std::size_t n = 0; n < turns.size(); ++n) {
                Scope item(path_, index(n));
                turn(turns[n], g, static_cast<std::uint32_t>(n), out.turns[n]);
            }
        }
        comments(v, "comments_before_result", out.comments_before_result, [&](std::uint32_t n) {
            return Origin{OriginKind::comment_before_result, g, n};
        });
        if (out.turns.empty() && !out.comments_before_result.empty()) {
            Scope at(path_, key("comments_before_result"));
            fail(
                // TRANSLATORS: comments_after is a field of the document: keep it.
                tr("a game without turns has no place for comments before its result (in JGN "
                   "they would follow its last tag): put them in comments_after of a tag"));
        }
        {
            Scope at(path_, key("result"));
            std::string_view result = string(field(v, "result"));
            out.result = parse_result(result);
            if (!out.result)
                // TRANSLATORS: {} is the value given.
                fail(trf("a result is \"1-0\", \"0-1\", \"1/2-1/2\" or \"*\", not \"{}\"",
                         quote_for_message(result)));
            out.result_origin = add_origin({OriginKind::result, g});
        }
        comments(v, "comments_after_result", out.comments_after_result, [&](std::uint32_t n) {
            return Origin{OriginKind::comment_after_result, g, n};
        });
    }

    void tag(const ojson& v, std::uint32_t g, std::uint32_t n, GameOutline::Tag& out) {
        object(v, {"name", "value"}, {"comments_after"});
        {
            Scope at(path_, key("name"));
            out.name = string(field(v, "name"));
            bool ok = !out.name.empty() && std::isalpha(static_cast<unsigned char>(out.name[0]));
            for (char c : out.name)
                ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
            for (char c : out.name) ok = ok && static_cast<unsigned char>(c) < 0x80;
            if (!ok)
                fail(
                    // TRANSLATORS: {} is the value given.
                    trf("\"{}\" is not a tag name: a name starts with a letter and goes on "
                        "with letters, digits and '_'",
                        quote_for_message(out.name)));
        }
        {
            Scope at(path_, key("value"));
            out.value = string(field(v, "value"));
            if (out.value.find_first_of("\r\n") != std::string_view::npos)
                fail(tr("a tag value cannot hold a line end"));
        }
        out.origin = add_origin({OriginKind::tag, g, n});
        comments(v, "comments_after", out.comments_after, [&](std::uint32_t c) {
            return Origin{OriginKind::tag_comment, g, n, c};
        });
    }

    std::optional<std::uint32_t> number(const ojson& v) {
        if (v.is_null()) return std::nullopt;
        if (v.is_number_integer() && v.get<std::int64_t>() >= 0 && v.get<std::int64_t>() <= 999999)
            return static_cast<std::uint32_t>(v.get<std::int64_t>());
        if (yaml_ && v.is_string()) {
            const std::string& s = v.get_ref<const std::string&>();
            if (!s.empty() && s.size() <= 6 &&
                std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
                return static_cast<std::uint32_t>(std::stoul(s));
        }
        fail(trf(
            // TRANSLATORS: null is a value of the document: keep it. {} is the value found (a
            // number, a quoted text, or a kind of value: "an array").
            "a turn number is a whole number from 0 to 999999, or null when the record leaves it "
            "out; found {}",
            v.is_string()
                ? fmt::format("\"{}\"", quote_for_message(v.get_ref<const std::string&>()))
            : v.is_number() ? v.dump()
                            : found(v)));
    }

    void turn(const ojson& v, std::uint32_t g, std::uint32_t n, GameOutline::Turn& out) {
        object(v, {"number", "actions"}, {"dots", "comments_before"});
        std::optional<std::uint32_t> value;
        {
            Scope at(path_, key("number"));
            value = number(field(v, "number"));
        }
        bool second = n % 2 == 1;
        if (const ojson* dots = optional(v, "dots")) {
            Scope at(path_, key("dots"));
            std::string_view d = string(*dots);
            if (d != "." && d != "...") fail(tr("dots are \".\" or \"...\""));
            if (!value) fail(tr("dots need a number"));
            second = d == "...";
        }
        if (value) out.number = GameOutline::Number{*value, second};
        out.origin = add_origin({OriginKind::turn, g, n});
        comments(v, "comments_before", out.comments_before, [&](std::uint32_t c) {
            return Origin{OriginKind::turn_comment, g, n, c};
        });
        const ojson& actions = field(v, "actions");
        Scope at(path_, key("actions"));
        array(actions);
        if (actions.empty()) fail(tr("a turn has at least one action"));
        out.actions.resize(actions.size());
        for (std::size_t a = 0; a < actions.size(); ++a) {
            Scope item(path_, index(a));
            action(actions[a], g, n, static_cast<std::uint32_t>(a), out.actions[a]);
        }
    }

    void action(const ojson& v, std::uint32_t g, std::uint32_t n, std::uint32_t a,
                GameOutline::Action& out) {
        object(v, {"text"}, {"glyphs", "comments_after"});
        {
            Scope at(path_, key("text"));
            out.text = string(field(v, "text"));
            if (out.text.empty()) fail(tr("an action is not empty"));
            if (auto bad = std::find_if(out.text.begin(), out.text.end(), ends_action_token);
                bad != out.text.end())
                // TRANSLATORS: {} is a character (a space, ',', '{').
                fail(trf("an action is one word: it cannot hold '{}'",
                         quote_for_message(std::string_view(&*bad, 1))));
            if ((out.text[0] >= '0' && out.text[0] <= '9') || out.text[0] == '*')
                fail(
                    // TRANSLATORS: {} is a character (a digit or '*').
                    trf("an action cannot start with '{}' (a turn number or a result would be "
                        "read)",
                        out.text[0]));
        }
        out.origin = add_origin({OriginKind::action, g, n, a});
        if (const ojson* glyphs = optional(v, "glyphs")) {
            Scope at(path_, key("glyphs"));
            array(*glyphs);
            for (std::size_t k = 0; k < glyphs->size(); ++k) {
                Scope item(path_, index(k));
                std::string_view glyph = string((*glyphs)[k]);
                if (!is_annotation_glyph(glyph))
                    fail(
                        // TRANSLATORS: {} is the value given; ! ? !! ?? !? ?! and $n are the
                        // glyphs as written: keep them.
                        trf("\"{}\" is not an annotation glyph (! ? !! ?? !? ?! or $n, n of 1 to "
                            "3 digits)",
                            quote_for_message(glyph)));
                out.glyphs.push_back({glyph, add_origin({OriginKind::glyph, g, n, a,
                                                         static_cast<std::uint32_t>(k)})});
            }
        }
        comments(v, "comments_after", out.comments_after, [&](std::uint32_t c) {
            return Origin{OriginKind::action_comment, g, n, a, c};
        });
    }

    bool yaml_;
    Path path_;
};

struct YamlError {
    YAML::Mark mark;
    std::string message;
};

// A YAML node as JSON: every scalar a string, null as null. Keys must be scalars.
ojson yaml_to_json(const YAML::Node& node, int depth = 0) {
    if (depth > 64) throw YamlError{node.Mark(), tr("the document is nested too deeply")};
    switch (node.Type()) {
        case YAML::NodeType::Scalar:
            return node.Scalar();
        case YAML::NodeType::Sequence: {
            ojson out = ojson::array();
            for (const YAML::Node& child : node) out.push_back(yaml_to_json(child, depth + 1));
            return out;
        }
        case YAML::NodeType::Map: {
            ojson out = ojson::object();
            for (const auto& item : node) {
                if (!item.first.IsScalar())
                    throw YamlError{item.first.Mark(), tr("a key must be a plain name")};
                out[item.first.Scalar()] = yaml_to_json(item.second, depth + 1);
            }
            return out;
        }
        default:
            return nullptr;
    }
}

// The node at `path`, or the deepest one on the way that exists.
YAML::Mark yaml_mark(const YAML::Node& root, const Path& path) {
    YAML::Node node = root;
    for (const Step& step : path) {
        YAML::Node next;
        if (step.is_index) {
            if (!node.IsSequence() || step.index >= node.size()) break;
            next = static_cast<const YAML::Node&>(node)[step.index];
        } else {
            if (!node.IsMap()) break;
            next = static_cast<const YAML::Node&>(node)[std::string(step.key)];
        }
        if (!next.IsDefined()) break;
        node.reset(next);
    }
    return node.Mark();
}

}  // namespace

nlohmann::ordered_json records_to_json(std::span<const GameRecord> records) {
    ojson games = ojson::array();
    for (const GameRecord& record : records) games.push_back(game_to_json(record));
    ojson out = ojson::object();
    out["games"] = std::move(games);
    return out;
}

std::string write_records_json(std::span<const GameRecord> records) {
    std::string out;
    layout_json(out, records_to_json(records), 0);
    return out + "\n";
}

std::string write_records_yaml(std::span<const GameRecord> records) {
    YAML::Emitter out;
    out.SetIndent(2);
    emit_yaml(out, records_to_json(records), false);
    return std::string(out.c_str()) + "\n";
}

namespace {

// The places of the values of a JSON text, for telling where an element is (nlohmann's reader
// keeps none). The text has been read by nlohmann already, so it is valid JSON: ',' and ':' are
// mere separators here. Built once, on the first question, in one pass without recursion (a
// deeply nested text cannot exhaust the stack).
class JsonPlaces {
  public:
    explicit JsonPlaces(std::string_view text) : text_(text) {}

    // The region of the value at `path` (a string's with its quotes), or of the deepest value on
    // the way that exists.
    SourceRegion region(const Path& path) const {
        std::call_once(built_, [this] { build(); });
        if (nodes_.empty()) return {};
        std::uint32_t node = 0;
        for (const Step& step : path) {
            const Node& n = nodes_[node];
            std::optional<std::uint32_t> next;
            if (step.is_index) {
                if (step.index < n.items.size()) next = n.items[step.index];
            } else {
                // A key given twice: nlohmann keeps the last value.
                for (auto it = n.members.rbegin(); it != n.members.rend(); ++it)
                    if (it->first == step.key) {
                        next = it->second;
                        break;
                    }
            }
            if (!next) break;
            node = *next;
        }
        return {nodes_[node].begin, nodes_[node].end};
    }

  private:
    struct Node {
        std::uint32_t begin = 0;
        std::uint32_t end = 0;
        std::vector<std::pair<std::string_view, std::uint32_t>> members;  // an object's
        std::vector<std::uint32_t> items;                                 // an array's
    };

    std::size_t skip(std::size_t at) const {
        while (at < text_.size() && (is_blank(text_[at]) || text_[at] == ',' || text_[at] == ':'))
            ++at;
        return at;
    }
    // The end of the string that starts at `at` (its '"').
    std::size_t string_end(std::size_t at) const {
        for (std::size_t i = at + 1; i < text_.size(); ++i) {
            if (text_[i] == '\\')
                ++i;
            else if (text_[i] == '"')
                return i + 1;
        }
        return text_.size();
    }
    std::size_t scalar_end(std::size_t at) const {
        if (text_[at] == '"') return string_end(at);
        while (at < text_.size() && !is_blank(text_[at]) &&
               std::string_view(",]}").find(text_[at]) == std::string_view::npos)
            ++at;
        return at;
    }

    // Adds the value at `at` as a node; a container is left open on `open`.
    std::size_t add_value(std::size_t at, std::vector<std::uint32_t>& open) const {
        nodes_.push_back(
            Node{static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(at), {}, {}});
        const auto id = static_cast<std::uint32_t>(nodes_.size() - 1);
        if (text_[at] == '{' || text_[at] == '[') {
            open.push_back(id);
            return at + 1;
        }
        std::size_t end = scalar_end(at);
        nodes_[id].end = static_cast<std::uint32_t>(end);
        return end;
    }

    void build() const {
        std::size_t at = skip(0);
        if (at >= text_.size()) return;
        std::vector<std::uint32_t> open;
        at = add_value(at, open);
        while (!open.empty()) {
            at = skip(at);
            if (at >= text_.size()) break;
            const std::uint32_t parent = open.back();
            if (text_[at] == '}' || text_[at] == ']') {
                nodes_[parent].end = static_cast<std::uint32_t>(at + 1);
                open.pop_back();
                ++at;
                continue;
            }
            const auto child = static_cast<std::uint32_t>(nodes_.size());
            if (text_[nodes_[parent].begin] == '{') {
                std::size_t key_end = string_end(at);
                std::string_view name = text_.substr(at + 1, key_end - at - 2);
                at = skip(key_end);
                if (at >= text_.size()) break;
                nodes_[parent].members.emplace_back(name, child);
            } else {
                nodes_[parent].items.push_back(child);
            }
            at = add_value(at, open);
        }
    }

    std::string_view text_;
    mutable std::once_flag built_;
    mutable std::vector<Node> nodes_;
};

// The longest common start of two texts.
std::size_t common_start(std::string_view a, std::string_view b) {
    std::size_t n = 0;
    while (n < a.size() && n < b.size() && a[n] == b[n]) ++n;
    return n;
}

}  // namespace

struct RecordDocument::Impl {
    ojson root;
    YAML::Node yaml_root;
    std::unique_ptr<JsonPlaces> json_places;
    std::vector<WrittenSpan> spans;
    std::vector<Origin> origins;
    // Each game's span, in order, with the range of its elements' spans (the writer adds them
    // game by game, the game's own span last).
    struct GameSpans {
        std::uint32_t begin = 0, end = 0;
        std::size_t first = 0, last = 0;  // spans[first, last)
        std::uint32_t game = 0;
    };
    std::vector<GameSpans> games;

    // The region of the element at `path` (for YAML, its first character only: yaml-cpp marks
    // where a node starts), or of the deepest element on the way that exists.
    SourceRegion element(const Path& path) const {
        if (json_places) return json_places->region(path);
        YAML::Mark mark = yaml_mark(yaml_root, path);
        auto begin = static_cast<std::uint32_t>(mark.is_null() ? 0 : mark.pos);
        return {begin, begin};
    }

    // The span that best holds `region` of the JGN: the narrowest that holds its start (the
    // widest, the game's, for a region of no width such as a missing tag).
    const WrittenSpan* span_of(SourceRegion region) const {
        const std::uint32_t at = region.begin;
        auto after =
            std::upper_bound(games.begin(), games.end(), at,
                             [](std::uint32_t a, const GameSpans& g) { return a < g.begin; });
        if (after == games.begin()) return nullptr;
        const GameSpans& game = *(after - 1);
        const WrittenSpan* best = nullptr;
        for (std::size_t i = game.first; i <= game.last && i < spans.size(); ++i) {
            const WrittenSpan& span = spans[i];
            bool inside =
                span.begin <= at && (at < span.end || (at == span.end && span.begin == span.end));
            if (!inside) continue;
            bool better = best == nullptr ||
                          (region.size() == 0 ? span.end - span.begin > best->end - best->begin
                                              : span.end - span.begin < best->end - best->begin);
            if (better) best = &span;
        }
        return best;
    }

    // The game whose text starts last at or before `at` (none before the first game).
    const GameSpans* game_before(std::uint32_t at) const {
        auto after =
            std::upper_bound(games.begin(), games.end(), at,
                             [](std::uint32_t a, const GameSpans& g) { return a < g.begin; });
        return after == games.begin() ? nullptr : &*(after - 1);
    }
};

RecordDocument::~RecordDocument() = default;

RecordDocument::RecordDocument(const SourceFile& document, RecordFormat format)
    : document_(document), impl_(std::make_unique<Impl>()) {
    auto located = [&](SourceRegion region, std::string message) {
        Diagnostic d{Severity::error, region, "", std::move(message)};
        errors_.push_back(render_diagnostic(document, d));
        faults_.push_back({std::move(d), true});
    };
    auto at_offset = [&](std::size_t offset, std::string message) {
        auto begin = static_cast<std::uint32_t>(std::min<std::size_t>(offset, document.size()));
        std::uint32_t end = std::min(begin + 1, document.size());
        located({begin, end}, std::move(message));
    };
    const bool yaml = format == RecordFormat::yaml;
    try {
        if (yaml) {
            std::vector<YAML::Node> nodes = YAML::LoadAll(std::string(document.text()));
            if (nodes.size() != 1) {
                // TRANSLATORS: {} is the number of YAML documents in the file (0, 2 ...).
                std::string message =
                    trf("a record document is one YAML document, this file holds {}", nodes.size());
                errors_.push_back(
                    render_located_message(document.path(), Severity::error, message));
                faults_.push_back({Diagnostic{Severity::error, {}, "", std::move(message)}, false});
                return;
            }
            impl_->yaml_root = nodes[0];
            impl_->root = yaml_to_json(impl_->yaml_root);
        } else {
            impl_->root = ojson::parse(document.text());
            impl_->json_places = std::make_unique<JsonPlaces>(document.text());
        }
    } catch (const YAML::Exception& e) {
        at_offset(e.mark.is_null() ? 0 : static_cast<std::size_t>(e.mark.pos), e.msg);
        return;
    } catch (const YamlError& e) {
        at_offset(e.mark.is_null() ? 0 : static_cast<std::size_t>(e.mark.pos), e.message);
        return;
    } catch (const ojson::parse_error& e) {
        // "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error ..."
        std::string message = e.what();
        if (std::size_t column = message.find(", column "); column != std::string::npos) {
            std::size_t colon = message.find(": ", column);
            if (colon != std::string::npos) message = message.substr(colon + 2);
        } else if (std::size_t bracket = message.find("] "); bracket != std::string::npos) {
            message = message.substr(bracket + 2);
        }
        // TRANSLATORS: {} is the JSON reader's message.
        at_offset(e.byte == 0 ? 0 : e.byte - 1, trf("this is not JSON: {}", message));
        return;
    }
    Walker walker(yaml);
    try {
        walker.document(impl_->root);
    } catch (const ShapeError& e) {
        std::string message = path_text(e.path) + ": " + e.message;
        SourceRegion region = impl_->element(e.path);
        located({region.begin, std::min(region.begin + 1, document.size())}, std::move(message));
        return;
    }
    JgnWriter writer(&impl_->spans);
    for (const GameOutline& game : walker.games) writer.add(game);
    jgn_ = writer.take();
    impl_->origins = std::move(walker.origins);
    std::size_t first = 0;
    for (std::size_t i = 0; i < impl_->spans.size(); ++i) {
        const WrittenSpan& span = impl_->spans[i];
        if (span.origin >= impl_->origins.size()) continue;
        const Origin& origin = impl_->origins[span.origin];
        if (origin.kind != OriginKind::game) continue;
        impl_->games.push_back({span.begin, span.end, first, i, origin.game});
        first = i + 1;
    }
}

SourceRegion RecordDocument::locate(SourceRegion region) const {
    return locate(region, nullptr);
}

Diagnostic RecordDocument::locate(Diagnostic fault) const {
    std::string path;
    fault.region = locate(fault.region, &path);
    if (!path.empty()) fault.message = path + ": " + fault.message;
    for (DiagnosticNote& note : fault.notes) note.region = locate(note.region, nullptr);
    return fault;
}

SourceRegion RecordDocument::locate(SourceRegion region, std::string* path_text_out) const {
    const WrittenSpan* best = impl_->span_of(region);
    if (best == nullptr || best->origin >= impl_->origins.size()) {
        const Impl::GameSpans* game = impl_->game_before(region.begin);
        if (game == nullptr) return {0, 0};
        SourceRegion element = impl_->element({key("games"), index(game->game)});
        return {element.begin, element.begin};
    }
    const Origin& origin = impl_->origins[best->origin];
    Path path = origin_path(origin);
    if (path_text_out != nullptr) *path_text_out = path_text(path);
    std::string_view written = std::string_view(jgn_).substr(best->begin, best->end - best->begin);
    std::uint32_t inner = std::min(region.begin, best->end) - best->begin;
    bool whole_element = origin.kind == OriginKind::game;
    if (origin.kind == OriginKind::tag) {
        // [Name "value"]: a fault in the value is one of the value, in the name one of the name,
        // and one of the whole tag one of the tag's element.
        const std::size_t name_end = std::min(written.find(' '), written.size());
        const auto value_begin = static_cast<std::uint32_t>(name_end + 2);
        if (inner >= value_begin && written.size() >= value_begin + 2) {
            path.push_back(key("value"));
            written = written.substr(value_begin, written.size() - value_begin - 2);
            inner -= value_begin;
        } else if (inner >= 1 && inner < name_end) {
            path.push_back(key("name"));
            written = written.substr(1, name_end - 1);
            inner -= 1;
        } else {
            whole_element = true;
        }
    } else if (origin.kind == OriginKind::action) {
        path.push_back(key("text"));
    }
    SourceRegion element = impl_->element(path);
    if (whole_element) return {element.begin, std::min(element.begin + 1, document_.size())};
    // The element's characters: a quoted scalar's start after its quote.
    std::uint32_t content = element.begin;
    if (content < document_.size() &&
        (document_.text()[content] == '"' || document_.text()[content] == '\''))
        ++content;
    const std::size_t same = common_start(document_.text().substr(content), written);
    if (inner < same) {
        const auto end =
            static_cast<std::uint32_t>(std::min<std::size_t>(inner + region.size(), same));
        return {content + inner, content + std::max(end, inner)};
    }
    // Spelt otherwise (an escape, "$014" written "$14"): the element as a whole.
    return {element.begin, std::min(element.begin + 1, document_.size())};
}

std::string RecordDocument::explain(const Diagnostic& fault, DiagnosticStyle style) const {
    return render_diagnostic(document_, locate(fault), style);
}

}  // namespace jv::report
