#!/usr/bin/env bash
# The whole test suite (unit, golden and hostile-input tests) under AddressSanitizer and
# UndefinedBehaviorSanitizer: configures build-asan with -DJELIMVRE_SANITIZE=ON, builds it and runs
# ctest there. Any sanitizer report aborts the process that made it, so its test fails.
#
# The browser tests are left out: publish itself runs here in its golden and unit tests, and the
# page a browser opens is the same whatever the build (the main build opens them). Run from anywhere; the build goes to build-asan/ at the repository's root (gitignored).
# JOBS (default 2) sets the parallelism of the build and of ctest.
set -euo pipefail
cd "$(dirname "$0")/../.."
jobs=${JOBS:-2}

# -O1 keeps the sanitized build fast enough to run the suite while leaving stack traces
# readable; assertions stay on (no NDEBUG) since this is the build meant to catch mistakes.
cmake -S . -B build-asan \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
  -DJELIMVRE_SANITIZE=ON \
  -DJELIMVRE_BROWSER_TESTS=OFF
cmake --build build-asan -j"$jobs"

# Leaks are errors too, and so are uses of a stack frame after its return; print_stacktrace
# gives UBSan's reports the place they come from. Options already in the environment win.
asan_options=detect_leaks=1:halt_on_error=1:strict_string_checks=1
asan_options+=:detect_stack_use_after_return=1:check_initialization_order=1
export ASAN_OPTIONS=${ASAN_OPTIONS:-$asan_options}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
ctest --test-dir build-asan --output-on-failure -j"$jobs"
