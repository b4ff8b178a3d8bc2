// The language of the messages people read: English in the sources, French, German and Spanish
// from GNU gettext catalogues (src/po/*.po, compiled by msgfmt into jelimvre.mo files).
//
// Every text a user reads goes through one of three calls, which xgettext finds by name
// (src/po/CMakeLists.txt lists them as its keywords):
//
//     tr("the record has no result")                 a fixed text
//     tr_in("piece", "king")                         a short word whose sense needs a context
//     trf("{} is not on the board", square_name(s))  a text with arguments, written with fmt
//     trn("{} game", "{} games", n, n)                 the same, in the form a count calls for
//
// and N_("...") marks a text kept in a table, translated by tr() where it is shown.
//
// Machine words are never translated: rule ids, verdicts and reasons in JSON, notation tokens,
// option names and values. A placeholder may be numbered in a catalogue ("{1} ... {0}"), so that
// a language can change the order of the arguments.
//
// In English (the default, and whenever no catalogue is found) none of these calls reads a
// catalogue: tr returns its argument and trf is fmt::format.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <fmt/format.h>

#define N_(english) english

namespace jv {

enum class Language { english, french, german, spanish };

// "en", "fr", "de", "es": the values of --lang and of the JSON field `lang`.
std::string_view language_code(Language language);
// The language of a --lang value ("fr", also "fr_FR.UTF-8"), none for one we do not speak.
std::optional<Language> language_from_code(std::string_view code);

// The language the environment asks for, read the way gettext reads it: none when the locale
// (LC_ALL, else LC_MESSAGES, else LANG) is unset, "C" or "POSIX"; else the first language of
// LANGUAGE that we speak, else the locale's own language. English when we speak none of them.
Language language_from_environment();

// Speaks `language` from now on, reading its catalogue from the first of these folders that
// holds one (<folder>/<code>/LC_MESSAGES/jelimvre.mo): `locale_folder` when given, the folder
// `locale` beside the executable (a build tree), `../share/locale` from it (an installation
// anywhere), and the folder the build was configured to install to. Returns false, and speaks
// English, when none holds a catalogue for it. Called once, before any thread starts.
bool speak(Language language, std::string_view locale_folder = {});

// The language messages are written in now.
Language message_language();

// The translation of `english`, or `english` itself when the catalogue has none.
const char* tr(const char* english);
// The same for a word that needs a context to be translated right ("piece", "king").
const char* tr_in(const char* context, const char* english);

// "J7.1: " and "error: " as the message language writes a label before its text: French puts a
// no-break space before the colon ("J7.1 : "). An empty label gives an empty string.
std::string label_before(std::string_view label);

// The translation of a text that is not a literal of the sources, in a context: a block of a
// rules reference page, whose path is the context (src/po/rules_messages.cpp lists them for the
// catalogues). `english` itself when the catalogue has none.
std::string tr_text(std::string_view context, std::string_view english);

namespace detail {
bool speaks_english();
std::string format_translated(fmt::string_view english, fmt::format_args args);
std::string format_translated_plural(fmt::string_view singular, fmt::string_view plural,
                                     unsigned long count, fmt::format_args args);
}  // namespace detail

// `english` formatted with `args` in the message language. A catalogue's text whose placeholders
// do not fit the arguments is not used: the English text is (the catalogue test prevents it).
template <typename... Args>
std::string trf(fmt::format_string<Args...> english, Args&&... args) {
    if (detail::speaks_english()) return fmt::format(english, std::forward<Args>(args)...);
    return detail::format_translated(fmt::string_view(english), fmt::make_format_args(args...));
}

// `singular` or `plural` formatted with `args`, the one `count` calls for in the message
// language: English takes the singular for 1 only, French for 0 and 1, as each catalogue's
// Plural-Forms says.
//
//     trn("{} game", "{} games", games, games)
template <typename... Args>
std::string trn(fmt::format_string<Args...> singular, fmt::format_string<Args...> plural,
                unsigned long count, Args&&... args) {
    if (detail::speaks_english())
        return fmt::format(count == 1 ? singular : plural, std::forward<Args>(args)...);
    return detail::format_translated_plural(fmt::string_view(singular), fmt::string_view(plural),
                                            count, fmt::make_format_args(args...));
}

}  // namespace jv
