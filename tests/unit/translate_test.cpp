// core/translate: the language chosen from the environment or --lang, and the texts read from a
// catalogue (tests/i18n/test-fr.po, compiled by the build), with English whenever the catalogue
// has no usable text.
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "core/translate.hpp"

using namespace jv;

namespace {

// Sets the variables for one test and puts the old values back after it.
class Environment {
  public:
    Environment(std::initializer_list<std::pair<const char*, const char*>> settings) {
        for (const char* name : {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}) {
            const char* old = std::getenv(name);
            saved_.push_back({name, old ? std::optional<std::string>(old) : std::nullopt});
            ::unsetenv(name);
        }
        for (const auto& [name, value] : settings) ::setenv(name, value, 1);
    }
    ~Environment() {
        for (const auto& [name, value] : saved_) {
            if (value)
                ::setenv(name, value->c_str(), 1);
            else
                ::unsetenv(name);
        }
    }

  private:
    std::vector<std::pair<const char*, std::optional<std::string>>> saved_;
};

// Speaks the test catalogue's French for one test, and English again after it.
struct SpeakTestFrench {
    SpeakTestFrench() { REQUIRE(speak(Language::french, JELIMVRE_TEST_LOCALE_DIR)); }
    ~SpeakTestFrench() { speak(Language::english); }
};

}  // namespace

TEST_CASE("a --lang value names a language by its code, with or without a region") {
    CHECK(language_from_code("fr") == Language::french);
    CHECK(language_from_code("de_DE.UTF-8") == Language::german);
    CHECK(language_from_code("es-MX") == Language::spanish);
    CHECK(language_from_code("EN") == Language::english);
    CHECK_FALSE(language_from_code("it").has_value());
    CHECK_FALSE(language_from_code("fre").has_value());
    CHECK_FALSE(language_from_code("").has_value());
    CHECK(language_code(Language::german) == "de");
}

TEST_CASE("the environment's language is read as gettext reads it") {
    SECTION("LANG alone") {
        Environment environment{{"LANG", "fr_FR.UTF-8"}};
        CHECK(language_from_environment() == Language::french);
    }
    SECTION("LC_ALL outranks LC_MESSAGES, which outranks LANG") {
        Environment environment{
            {"LC_ALL", "es_ES.UTF-8"}, {"LC_MESSAGES", "de_DE.UTF-8"}, {"LANG", "fr_FR.UTF-8"}};
        CHECK(language_from_environment() == Language::spanish);
        ::unsetenv("LC_ALL");
        CHECK(language_from_environment() == Language::german);
    }
    SECTION("LANGUAGE outranks the locale, its first language we speak") {
        Environment environment{{"LANG", "fr_FR.UTF-8"}, {"LANGUAGE", "it:de:fr"}};
        CHECK(language_from_environment() == Language::german);
    }
    SECTION("the C locale speaks English whatever LANGUAGE says") {
        Environment environment{{"LC_ALL", "C"}, {"LANGUAGE", "fr"}};
        CHECK(language_from_environment() == Language::english);
    }
    SECTION("no locale, or one we do not speak, is English") {
        Environment none{};
        CHECK(language_from_environment() == Language::english);
        ::setenv("LANG", "it_IT.UTF-8", 1);
        CHECK(language_from_environment() == Language::english);
    }
}

TEST_CASE("in English the texts are the sources' own") {
    speak(Language::english);
    const char* english = "the record has no result";
    CHECK(tr(english) == english);
    CHECK(std::string(tr_in("piece", "king")) == "king");
    CHECK(trf("{} holds {}", "e5", "a soldier") == "e5 holds a soldier");
    CHECK(message_language() == Language::english);
}

TEST_CASE("a catalogue's texts replace the English ones") {
    SpeakTestFrench french;
    CHECK(message_language() == Language::french);
    CHECK(std::string(tr("the record has no result")) == "la partie n'a pas de résultat");
    SECTION("a context tells two senses of one word apart") {
        CHECK(std::string(tr_in("piece", "king")) == "roi");
        CHECK(std::string(tr_in("side", "king")) == "camp du roi");
        CHECK(std::string(tr_in("tile", "king")) == "king");
    }
    SECTION("numbered placeholders change the order of the arguments") {
        CHECK(trf("{} holds {}", "e5", "un soldat") == "un soldat se trouve en e5");
    }
}

TEST_CASE("without a usable translation the English text is shown, never an empty one") {
    SpeakTestFrench french;
    SECTION("a text the catalogue lacks") {
        const char* english = "a text no catalogue has";
        CHECK(tr(english) == english);
        CHECK(trf("{} moves", "e5") == "e5 moves");
    }
    SECTION("a text the catalogue leaves untranslated") {
        CHECK(std::string(tr("left untranslated")) == "left untranslated");
    }
    SECTION("a translation whose placeholders do not fit the arguments") {
        CHECK(trf("{} squares from {:>3}", 4, "e5") == "4 squares from  e5");
    }
}
