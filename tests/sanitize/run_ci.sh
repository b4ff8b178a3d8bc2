#!/usr/bin/env bash
# The whole test suite (unit, golden and hostile-input tests) under AddressSanitizer and
# UndefinedBehaviorSanitizer. Any sanitizer report aborts the process that made it, so its test
# fails.
#
# The suite is built in build-fuzz, the clang build of the fuzz targets (tests/fuzz/run_ci.sh),
# with the tests switched on: both need every library built with the two sanitizers, so one
# build serves both, and tests/fuzz/run_ci.sh run after this script finds it made (it only
# switches the tests off again, which rebuilds nothing). A build of their own for the tests cost
# CI ten minutes. The browser tests are left out: publish runs here in its golden and unit tests,
# and the page a browser opens is the same whatever the build (the main build opens them).
#
# Run from anywhere; the build goes to build-fuzz/ at the repository's root (gitignored). Needs
# clang-14 and libclang-rt-14-dev. CXX (default clang++-14) names the compiler; JOBS (default 2)
# sets the parallelism of the build and of ctest.
set -euo pipefail
cd "$(dirname "$0")/../.."
jobs=${JOBS:-2}

# The same configuration as tests/fuzz/run_ci.sh, plus the tests and JELIMVRE_SANITIZE (which
# also leaves out the hostile case that needs a plain memory limit).
cmake -S . -B build-fuzz \
  -DCMAKE_CXX_COMPILER="${CXX:-clang++-14}" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DJELIMVRE_BUILD_FUZZERS=ON \
  -DJELIMVRE_BUILD_TESTS=ON \
  -DJELIMVRE_SANITIZE=ON \
  -DJELIMVRE_BROWSER_TESTS=OFF
cmake --build build-fuzz -j"$jobs"

# Leaks are errors too, and so are uses of a stack frame after its return; print_stacktrace
# gives UBSan's reports the place they come from. Options already in the environment win.
asan_options=detect_leaks=1:halt_on_error=1:strict_string_checks=1
asan_options+=:detect_stack_use_after_return=1:check_initialization_order=1
export ASAN_OPTIONS=${ASAN_OPTIONS:-$asan_options}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# The fuzz targets' runs (label fuzz) are tests/fuzz/run_ci.sh's.
ctest --test-dir build-fuzz --output-on-failure -j"$jobs" -LE fuzz
