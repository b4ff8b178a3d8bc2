# Runs one golden test: jelimvre with the arguments in CMD_FILE, from SOURCE_DIR, capturing
# stdout, stderr and the exit status into ACTUAL, then compares it byte for byte with EXPECTED.
# With UPDATE_GOLDEN=1 in the environment, EXPECTED is overwritten with the new output instead.
#
# The first lines of CMD_FILE may be, in this order: "<FILE", the standard input (a path relative
# to the repository), then NAME=VALUE lines, the environment (LANG=fr_FR.UTF-8). The language
# variables are cleared otherwise: a golden test speaks English on every machine.
file(STRINGS ${CMD_FILE} args)
set(stdin_file "")
if(args)
  list(GET args 0 first)
  if(first MATCHES "^<")
    string(SUBSTRING "${first}" 1 -1 stdin_file)
    list(REMOVE_AT args 0)
  endif()
endif()
set(environment "")
while(args)
  list(GET args 0 first)
  if(NOT first MATCHES "^[A-Z_]+=")
    break()
  endif()
  list(APPEND environment ${first})
  list(REMOVE_AT args 0)
endwhile()
set(run ${CMAKE_COMMAND} -E env --unset=LANGUAGE --unset=LC_ALL --unset=LC_MESSAGES --unset=LANG
    ${environment} ${JELIMVRE})
if(stdin_file)
  execute_process(COMMAND ${run} ${args}
    WORKING_DIRECTORY ${SOURCE_DIR}
    INPUT_FILE ${SOURCE_DIR}/${stdin_file}
    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
else()
  execute_process(COMMAND ${run} ${args}
    WORKING_DIRECTORY ${SOURCE_DIR}
    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
endif()
string(JOIN " " shown ${args})
set(shown_environment "")
foreach(setting ${environment})
  string(APPEND shown_environment "${setting} ")
endforeach()
set(actual "$ ${shown_environment}jelimvre ${shown}\n--- stdout\n${out}--- stderr\n${err}--- exit status ${status}\n")
get_filename_component(dir ${ACTUAL} DIRECTORY)
file(MAKE_DIRECTORY ${dir})
file(WRITE ${ACTUAL} "${actual}")
include(${CMAKE_CURRENT_LIST_DIR}/../expected_output.cmake)
compare_with_expected(${ACTUAL} ${EXPECTED})
