// The exit statuses of every subcommand (documented in --help, README.md and man/jelimvre.1).
#pragma once

#include "core/translate.hpp"

namespace jv::cli {

enum ExitStatus : int {
    exit_ok = 0,          // every game legal (or the command did what it was asked)
    exit_illegal = 1,     // some game breaks a rule
    exit_unreadable = 2,  // a record or file could not be read, or the command line is wrong
};

// Marked for translation only: the help shows tr(exit_status_help).
inline constexpr const char* exit_status_help =
    // TRANSLATORS: the footer of 'jelimvre --help'. "validate", "diff" and "--compare" are a
    // command's and an option's names, and "--help" too: keep them as they are.
    N_("Exit status: 0 success (validate: every game legal); 1 a rule is broken (validate: some "
       "game illegal; diff, --compare: the records or readings differ); 2 a file, record, position "
       "or ruleset could not be read, or a usage error. Each command's --help gives the details.");

}  // namespace jv::cli
