# Hostile input: one case of `jelimvre validate` fed what a careless or malicious user may give
# it. The input is generated here, into WORK_DIR (the big ones are never committed), always
# followed by a good game (or a good file), which must still be refereed. jelimvre runs under a
# memory limit and a time limit, so that a regression to unbounded memory or to quadratic time
# fails the test instead of passing slowly. Its whole output (stdout, stderr, exit status) must
# then equal tests/hostile/CASE.out, as for the golden tests (UPDATE_GOLDEN=1 accepts the new
# output); for the JSON report of 100,000 tags, too big to keep, the test checks its parts.
#
# Variables: JELIMVRE (the binary), WORK_DIR, CASE, EXPECTED_DIR (tests/hostile), SANITIZED (ON
# when built with JELIMVRE_SANITIZE: the address-space limit then gives way to ASan's own RSS
# limit, since ASan reserves terabytes of address space, and time limits are multiplied).

set(dir ${WORK_DIR}/${CASE})
file(REMOVE_RECURSE ${dir})
file(MAKE_DIRECTORY ${dir})

set(good_game [=[
[Event "Hostile input: the good game after the bad one"]
[White "Good"]
[Black "Game"]
[Result "*"]

0. T@a1,N@b1,G@c1,S@d1,Q@e1,K@f1,D@g1,S@h1,G@i1,N@j1,T@k1,
   S@a2,S@b2,S@c2,S@d2,S@e2,R@f2,S@g2,S@h2,S@i2,S@j2
0... T@a11,N@b11,G@c11,S@d11,Q@e11,K@f11,D@g11,S@h11,G@i11,N@j11,T@k11,
     S@a10,S@b10,S@c10,S@d10,S@e10,R@f10,S@g10,S@h10,S@i10,S@j10
1. Se2-e4 Se10-e8 2. Nb1-c3 Nb11-c9
*
]=])
string(REGEX REPLACE "^\n" "" good_game "${good_game}")
set(setup [=[
0. T@a1,N@b1,G@c1,S@d1,Q@e1,K@f1,D@g1,S@h1,G@i1,N@j1,T@k1,S@a2,S@b2,S@c2,S@d2,S@e2,R@f2,S@g2,S@h2,S@i2,S@j2
0... T@a11,N@b11,G@c11,S@d11,Q@e11,K@f11,D@g11,S@h11,G@i11,N@j11,T@k11,S@a10,S@b10,S@c10,S@d10,S@e10,R@f10,S@g10,S@h10,S@i10,S@j10
]=])
string(REGEX REPLACE "^\n" "" setup "${setup}")
file(WRITE ${dir}/good.jgn "${good_game}")

# `count` copies of one byte, written by head and tr so that no 100 MB string passes through
# CMake. `tr_char` is tr's spelling of the byte.
function(append_bytes file count tr_char)
  execute_process(COMMAND head -c ${count} /dev/zero COMMAND tr "\\0" "${tr_char}"
                  OUTPUT_FILE ${file}.part RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "cannot write ${count} bytes to ${file}.part: ${status}")
  endif()
  execute_process(COMMAND sh -c "cat \"$0.part\" >> \"$0\" && rm \"$0.part\"" ${file})
endfunction()

# Defaults: one run of `validate` under 400 MiB of address space and 20 seconds.
set(limit_mb 400)
set(timeout 20)
set(output_file "")
set(json_parts "")

if(CASE STREQUAL "empty-file")
  # No game at all: the file is reported, the good file after it is refereed.
  file(WRITE ${dir}/empty.jgn "")
  set(args validate --no-board empty.jgn good.jgn)

elseif(CASE STREQUAL "binary")
  # Every byte value from 255 down to 0, twice: not text at all. The bytes that are not UTF-8
  # must not reach the terminal raw, nor make the message unreadable.
  set(octal "")
  foreach(byte RANGE 255 0 -1)
    math(EXPR a "${byte} / 64")
    math(EXPR b "(${byte} / 8) % 8")
    math(EXPR c "${byte} % 8")
    string(APPEND octal "\\${a}${b}${c}")
  endforeach()
  execute_process(COMMAND printf "${octal}${octal}" OUTPUT_FILE ${dir}/binary.jgn)
  file(APPEND ${dir}/binary.jgn "\n\n${good_game}")
  set(args validate --no-board binary.jgn)

elseif(CASE STREQUAL "invalid-utf8")
  # Bytes that are not UTF-8 in a tag value, a comment and an action: each game is reported at
  # the first such byte, and the next game is read.
  execute_process(COMMAND printf [=[[White "Ana\377"]\n[Black "B"]\n[Result "*"]\n*\n\n[White "A"]\n[Black "B"]\n[Result "*"]\n{ over\300\257long }\n*\n\n[White "A"]\n[Black "B"]\n[Result "*"]\n0. K@f1\355\240\200 *\n\n]=]
                  OUTPUT_FILE ${dir}/invalid-utf8.jgn)
  file(APPEND ${dir}/invalid-utf8.jgn "${good_game}")
  set(args validate --no-board invalid-utf8.jgn)

elseif(CASE STREQUAL "long-line")
  # One line of 100,000,000 spaces and a word that is no action: read in many blocks, so a
  # scan of the whole buffer for each block would be quadratic. Then a tag whose value is a line
  # of 100,000,000 letters, which the report must not print whole.
  file(WRITE ${dir}/long-line.jgn "[White \"Long\"]\n[Black \"Line\"]\n[Result \"*\"]\n\n0.")
  append_bytes(${dir}/long-line.jgn 100000000 " ")
  file(APPEND ${dir}/long-line.jgn "O-O *\n\n${good_game}")
  file(WRITE ${dir}/long-tag.jgn "[White \"")
  append_bytes(${dir}/long-tag.jgn 100000000 "w")
  file(APPEND ${dir}/long-tag.jgn "\"]\n[Black \"B\"]\n[Result \"1-0\"]\n*\n\n${good_game}")
  set(args validate --no-board long-line.jgn long-tag.jgn)
  set(limit_mb 700)

elseif(CASE MATCHES "^long-token")
  # An action of 3,000,000 letters: every echo of it (the JSON report's action and message,
  # diff's turns) is cut to 40 characters, so the report stays a few hundred bytes.
  file(WRITE ${dir}/long-token.jgn "[White \"Long\"]\n[Black \"Token\"]\n[Result \"*\"]\n\n${setup}1. S")
  append_bytes(${dir}/long-token.jgn 3000000 "e")
  file(APPEND ${dir}/long-token.jgn "2-e4 *\n")
  file(WRITE ${dir}/short-token.jgn
       "[White \"Long\"]\n[Black \"Token\"]\n[Result \"*\"]\n\n${setup}1. Se2-e4 *\n")
  if(CASE STREQUAL "long-token-json")
    file(APPEND ${dir}/long-token.jgn "\n${good_game}")
    set(args validate --format json long-token.jgn)
  else()
    set(args diff long-token.jgn short-token.jgn)
  endif()

elseif(CASE STREQUAL "unterminated-comment")
  file(WRITE ${dir}/unterminated-comment.jgn
       "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n0. K@f1 { this comment never ends\n*\n\n"
       "${good_game}")
  set(args validate --no-board unterminated-comment.jgn)

elseif(CASE STREQUAL "unterminated-tag")
  file(WRITE ${dir}/unterminated-tag.jgn
       "[White \"A\"]\n[Black \"B\n[Result \"*\"\n[Event \"x\"]\n*\n\n${good_game}")
  set(args validate --no-board unterminated-tag.jgn)

elseif(CASE MATCHES "^many-tags")
  # 100,000 tags in one game, written in pieces of 1,000 lines, and the first one again at the
  # end: a duplicate among 100,000 names, found without comparing every pair.
  set(block "")
  foreach(i RANGE 0 999)
    string(APPEND block "[Tag${i}_@ \"value ${i}\"]\n")
  endforeach()
  file(WRITE ${dir}/many-tags.jgn "")
  foreach(k RANGE 0 99)
    string(REPLACE "_@" "_${k}" lines "${block}")
    file(APPEND ${dir}/many-tags.jgn "${lines}")
  endforeach()
  file(APPEND ${dir}/many-tags.jgn
       "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n[Tag0_0 \"again\"]\n\n0. Q@e1\n*\n\n"
       "${good_game}")
  # Both reports take well under a second; building the JSON tags by ordered_json's operator[],
  # which compares every pair of names, took 8.
  set(timeout 5)
  if(CASE STREQUAL "many-tags-json")
    set(args validate --format json many-tags.jgn)
    # One variable per part: in a CMake list, an unbalanced bracket joins elements together.
    set(json_part_1 "{\"lang\": \"en\", \"games\": [\n{\"file\":\"many-tags.jgn\",\"index\":1,\"tags\":{\"Tag0_0\":\"again\",\"Tag1_0\":\"value 1\",")
    set(json_part_2 "\"Tag999_99\":\"value 999\",\"White\":\"A\",\"Black\":\"B\",\"Result\":\"*\"},\"game\":\"Jelimvre\",\"verdict\":\"invalid-record\",")
    set(json_part_3 "\"error\":{\"line\":100004,\"column\":2,\"turn\":null,\"side\":null,\"action\":null,\"rule\":null,\"message\":\"tag Tag0_0 is given twice in this game\",\"notes\":[]}")
    set(json_part_4 "{\"file\":\"many-tags.jgn\",\"index\":2,\"tags\":{\"Event\":\"Hostile input: the good game after the bad one\"")
    set(json_part_5 "\"verdict\":\"legal\"")
    set(json_part_6 "],\n\"file_errors\": []}\n")
    set(json_parts 6)
  else()
    set(args validate --no-board many-tags.jgn)
  endif()

elseif(CASE STREQUAL "long-game")
  # Three games of 1,000,000 turns (knights going back and forth), each about 11 MB on 500,000
  # lines: one whose very last turn is illegal, one with no result before the next game, one
  # whose every action is a word of no game, so that each turn is a fault. Then the good game.
  set(awk_program [=[
function game(name, last, result) {
  printf "[White \"%s\"]\n[Black \"Turns\"]\n[Result \"*\"]\n\n%s", name, setup
  for (t = 1; t < 500000; t++)
    if (t % 2) printf "%d. Nb1-c3 Nb11-c9\n", t; else printf "%d. Nc3-b1 Nc9-b11\n", t
  printf "%s\n%s", last, result
}
BEGIN {
  game("Illegal", "500000. Nc3-b1 Nc9-c8", "*\n\n")
  game("Unfinished", "500000. Nc3-b1 Nc9-b11", "\n")
  printf "[White \"Nonsense\"]\n[Black \"Turns\"]\n[Result \"*\"]\n\n%s", setup
  for (t = 1; t <= 500000; t++) printf "%d. Nb1-c3! Xx9 $1\n", t
  printf "*\n\n"
}]=])
  execute_process(COMMAND awk -v "setup=${setup}" "${awk_program}"
                  OUTPUT_FILE ${dir}/long-game.jgn RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "awk could not write long-game.jgn: ${status}")
  endif()
  file(APPEND ${dir}/long-game.jgn "${good_game}")
  set(args validate --no-board long-game.jgn)
  set(limit_mb 700)

elseif(CASE STREQUAL "out-of-memory")
  # A game of 1,000,000 turns under too little memory for it: a clear message and status 2, not
  # a crash, and not a hang (a task that failed used to leave the others waiting for its count
  # of games for ever). Not run under sanitizers, whose allocator fails in its own way.
  set(awk_program [=[
BEGIN {
  printf "[White \"Big\"]\n[Black \"Game\"]\n[Result \"*\"]\n\n%s", setup
  for (t = 1; t <= 500000; t++)
    if (t % 2) printf "%d. Nb1-c3 Nb11-c9\n", t; else printf "%d. Nc3-b1 Nc9-b11\n", t
  printf "*\n\n"
}]=])
  execute_process(COMMAND awk -v "setup=${setup}" "${awk_program}"
                  OUTPUT_FILE ${dir}/big.jgn RESULT_VARIABLE status ERROR_VARIABLE awk_error)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "awk could not write big.jgn: ${status} ${awk_error}")
  endif()
  file(APPEND ${dir}/big.jgn "${good_game}")
  set(args validate --no-board big.jgn)
  set(limit_mb 50)
  set(out_of_memory_expected TRUE)

elseif(CASE STREQUAL "directory")
  # A directory, and the good file after it (golden/directory-input.cmd has the message alone).
  file(MAKE_DIRECTORY ${dir}/games.jgn)
  set(args validate --no-board games.jgn good.jgn)

elseif(CASE STREQUAL "unreadable")
  # Files that exist and cannot be read, even by root (the tests may run as root, for whom a
  # mode of 000 changes nothing). /proc/self/mem is a regular file that opens, but reading it at
  # offset 0 asks for the process's own page 0, which is never mapped: read() fails with EIO,
  # the error of a failing disk. good.jgn/x.jgn fails with ENOTDIR. Then the good file.
  set(args validate --no-board /proc/self/mem good.jgn/x.jgn good.jgn)

elseif(CASE STREQUAL "output-dev-full")
  # validate's own report to a full disk: the small report of one game fails only when flushed
  # at exit, the report of 20 games (far more than the output buffer) while games are still being
  # refereed. Both runs must say so and exit with status 2, never claim success.
  execute_process(COMMAND ${JELIMVRE} generate --games 20 --seed 11 --max-turns 40
                  OUTPUT_FILE ${dir}/many.jgn RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "jelimvre generate failed: ${status}")
  endif()
  set(args validate good.jgn)
  set(second_args validate many.jgn)
  set(output_file /dev/full)

else()
  message(FATAL_ERROR "unknown case ${CASE}")
endif()

# The limits. Without sanitizers, prlimit caps the address space, so that an allocation past
# the limit fails (std::bad_alloc) instead of the machine swapping. Under ASan, its own
# hard_rss_limit_mb aborts the process when its resident memory passes the limit (set higher:
# ASan's shadow memory and quarantine count too).
if(SANITIZED)
  math(EXPR timeout "${timeout} * 5")
  math(EXPR rss_mb "${limit_mb} * 2 + 500")
  set(asan_options "$ENV{ASAN_OPTIONS}")
  if(asan_options)
    string(APPEND asan_options ":")
  endif()
  string(APPEND asan_options "hard_rss_limit_mb=${rss_mb}")
  set(prefix ${CMAKE_COMMAND} -E env "ASAN_OPTIONS=${asan_options}")
  set(limit_text "${rss_mb} MiB of resident memory")
else()
  find_program(PRLIMIT prlimit REQUIRED)
  math(EXPR limit_bytes "${limit_mb} * 1024 * 1024")
  set(prefix ${PRLIMIT} --as=${limit_bytes} --)
  set(limit_text "${limit_mb} MiB of address space")
endif()

function(run_case run_args result_var)
  if(output_file)
    execute_process(COMMAND ${prefix} ${JELIMVRE} ${run_args}
                    WORKING_DIRECTORY ${dir} OUTPUT_FILE ${output_file}
                    ERROR_VARIABLE err RESULT_VARIABLE status TIMEOUT ${timeout})
    set(out "")
  else()
    execute_process(COMMAND ${prefix} ${JELIMVRE} ${run_args}
                    WORKING_DIRECTORY ${dir} OUTPUT_VARIABLE out
                    ERROR_VARIABLE err RESULT_VARIABLE status TIMEOUT ${timeout})
  endif()
  string(JOIN " " shown ${run_args})
  if(status MATCHES "timeout")
    message(FATAL_ERROR "jelimvre ${shown}: still running after ${timeout} seconds (a hang, or "
                        "time growing faster than the input)")
  endif()
  if(err MATCHES "out of memory|bad_alloc|hard rss limit exhausted" AND NOT out_of_memory_expected)
    message(FATAL_ERROR "jelimvre ${shown}: ran out of its ${limit_text}:\n${err}")
  endif()
  if(NOT json_parts)
    set(${result_var}
        "$ jelimvre ${shown}\n--- stdout\n${out}--- stderr\n${err}--- exit status ${status}\n"
        PARENT_SCOPE)
    return()
  endif()
  # The JSON report: its parts in order, then the exit status and an empty stderr.
  set(from 0)
  foreach(k RANGE 1 ${json_parts})
    set(part "${json_part_${k}}")
    string(SUBSTRING "${out}" ${from} -1 rest)
    string(FIND "${rest}" "${part}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "jelimvre ${shown}: the report lacks, at or after byte ${from}:\n${part}")
    endif()
    string(LENGTH "${part}" length)
    math(EXPR from "${from} + ${at} + ${length}")
  endforeach()
  string(LENGTH "${out}" size)
  if(NOT from EQUAL size)
    message(FATAL_ERROR "jelimvre ${shown}: the report goes on after its end")
  endif()
  set(header "$ jelimvre ${shown}\n--- stdout: ${size} bytes, parts checked\n--- stderr\n")
  set(${result_var} "${header}${err}--- exit status ${status}\n" PARENT_SCOPE)
endfunction()

run_case("${args}" actual)
if(second_args)
  run_case("${second_args}" second)
  string(APPEND actual "${second}")
endif()

file(WRITE ${dir}/actual.out "${actual}")
set(expected ${EXPECTED_DIR}/${CASE}.out)
include(${CMAKE_CURRENT_LIST_DIR}/../expected_output.cmake)
compare_with_expected(${dir}/actual.out ${expected})
# The big inputs are not kept: a build directory should not grow by 150 MB per test run.
file(REMOVE_RECURSE ${dir})
