#include "core/translate.hpp"

#include <libintl.h>
#include <unistd.h>

#include <array>
#include <clocale>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

#ifndef JELIMVRE_INSTALL_LOCALEDIR
#define JELIMVRE_INSTALL_LOCALEDIR "/usr/local/share/locale"
#endif

namespace jv {
namespace {

constexpr const char* text_domain = "jelimvre";

struct LanguageName {
    Language language;
    std::string_view code;
};
constexpr std::array<LanguageName, 4> language_names{{{Language::english, "en"},
                                                      {Language::french, "fr"},
                                                      {Language::german, "de"},
                                                      {Language::spanish, "es"}}};

// Written once by speak(), before any thread starts; read by every message after.
Language current_language = Language::english;

std::string_view environment(const char* name) {
    const char* value = std::getenv(name);
    return value == nullptr ? std::string_view{} : std::string_view{value};
}

std::filesystem::path executable_folder() {
    std::error_code error;
    std::filesystem::path path = std::filesystem::read_symlink("/proc/self/exe", error);
    return error ? std::filesystem::path{} : path.parent_path();
}

bool holds_catalogue(const std::filesystem::path& folder, std::string_view code) {
    std::error_code error;
    return !folder.empty() &&
           std::filesystem::is_regular_file(
               folder / std::string(code) / "LC_MESSAGES" / (std::string(text_domain) + ".mo"),
               error);
}

}  // namespace

std::string_view language_code(Language language) {
    for (const LanguageName& name : language_names)
        if (name.language == language) return name.code;
    return "en";
}

std::optional<Language> language_from_code(std::string_view code) {
    // "fr", "fr_FR", "fr_FR.UTF-8", "fr-CA": the language is the part before '_', '-', '.', '@'.
    code = code.substr(0, code.find_first_of("_-.@"));
    for (const LanguageName& name : language_names)
        if (code.size() == 2 && (code[0] | 0x20) == name.code[0] &&
            (code[1] | 0x20) == name.code[1])
            return name.language;
    return std::nullopt;
}

Language language_from_environment() {
    std::string_view locale = environment("LC_ALL");
    if (locale.empty()) locale = environment("LC_MESSAGES");
    if (locale.empty()) locale = environment("LANG");
    // As gettext does: the C locale speaks English whatever LANGUAGE says.
    if (locale.empty() || locale == "C" || locale == "POSIX") return Language::english;
    std::string_view languages = environment("LANGUAGE");
    while (!languages.empty()) {
        const std::size_t colon = languages.find(':');
        if (std::optional<Language> language = language_from_code(languages.substr(0, colon)))
            return *language;
        if (colon == std::string_view::npos) break;
        languages.remove_prefix(colon + 1);
    }
    return language_from_code(locale).value_or(Language::english);
}

bool speak(Language language, std::string_view locale_folder) {
    current_language = Language::english;
    if (language == Language::english) return true;
    const std::string_view code = language_code(language);
    const std::filesystem::path beside = executable_folder();
    const std::array<std::filesystem::path, 4> folders{
        std::filesystem::path(locale_folder), beside.empty() ? beside : beside / "locale",
        beside.empty() ? beside : beside / ".." / "share" / "locale",
        std::filesystem::path(JELIMVRE_INSTALL_LOCALEDIR)};
    for (const std::filesystem::path& folder : folders) {
        if (!holds_catalogue(folder, code)) continue;
        // gettext reads the language from LANGUAGE, whose list outranks the locale, but ignores
        // it under the C locale: a machine without a French locale installed still speaks French
        // when asked, through the C.UTF-8 locale that glibc always has.
        ::setenv("LANGUAGE", std::string(code).c_str(), 1);
        const char* messages = std::setlocale(LC_MESSAGES, "");
        if (messages == nullptr || std::string_view(messages) == "C" ||
            std::string_view(messages) == "POSIX")
            std::setlocale(LC_MESSAGES, "C.UTF-8");
        ::bindtextdomain(text_domain, folder.c_str());
        ::bind_textdomain_codeset(text_domain, "UTF-8");
        current_language = language;
        return true;
    }
    return false;
}

Language message_language() {
    return current_language;
}

namespace {

// The catalogue's text for `key`, none when it has none (dgettext then returns the key itself).
const char* catalogue_text(const std::string& key) {
    const char* translated = ::dgettext(text_domain, key.c_str());
    return translated == key.c_str() ? nullptr : translated;
}

// gettext's key of a text with a context (msgctxt): the context, the byte 4, then the text.
std::string context_key(std::string_view context, std::string_view english) {
    std::string key;
    key.reserve(context.size() + 1 + english.size());
    key.append(context).append(1, '\004').append(english);
    return key;
}

// `translated` formatted with `args`; `english` when there is no translation, or when its
// placeholders do not fit the arguments (the English text says it right).
std::string format_or_english(const char* translated, fmt::string_view english,
                              fmt::format_args args) {
    if (translated != nullptr) {
        try {
            return fmt::vformat(translated, args);
        } catch (const fmt::format_error&) {
        }
    }
    return fmt::vformat(english, args);
}

}  // namespace

const char* tr(const char* english) {
    if (current_language == Language::english) return english;
    return ::dgettext(text_domain, english);
}

const char* tr_in(const char* context, const char* english) {
    if (current_language == Language::english) return english;
    const char* translated = catalogue_text(context_key(context, english));
    return translated != nullptr ? translated : english;
}

std::string tr_text(std::string_view context, std::string_view english) {
    if (current_language == Language::english) return std::string(english);
    const char* translated = catalogue_text(context_key(context, english));
    return translated != nullptr ? std::string(translated) : std::string(english);
}

namespace detail {

bool speaks_english() {
    return current_language == Language::english;
}

std::string format_translated(fmt::string_view english, fmt::format_args args) {
    return format_or_english(catalogue_text(std::string(english.data(), english.size())), english,
                             args);
}

std::string format_translated_plural(fmt::string_view singular, fmt::string_view plural,
                                     unsigned long count, fmt::format_args args) {
    const std::string singular_key(singular.data(), singular.size());
    const std::string plural_key(plural.data(), plural.size());
    const char* translated =
        ::dngettext(text_domain, singular_key.c_str(), plural_key.c_str(), count);
    // Without a translation dngettext returns one of its keys.
    if (translated == singular_key.c_str() || translated == plural_key.c_str())
        translated = nullptr;
    return format_or_english(translated, count == 1 ? singular : plural, args);
}

}  // namespace detail
std::string label_before(std::string_view label) {
    if (label.empty()) return {};
    if (detail::speaks_english()) return std::string(label) + ": ";
    // TRANSLATORS: a label before a text, as in "error: " or "J7.1: ": French writes "{} : "
    // with a no-break space.
    return trf("{}: ", label);
}

}  // namespace jv
