# Runs one golden test: jelimvre with the arguments in CMD_FILE, from SOURCE_DIR, capturing
# stdout, stderr and the exit status into ACTUAL, then compares it byte for byte with EXPECTED.
# With UPDATE_GOLDEN=1 in the environment, EXPECTED is overwritten with the new output instead.
file(STRINGS ${CMD_FILE} args)
set(stdin_file "")
if(args)
  list(GET args 0 first)
  if(first MATCHES "^<")
    string(SUBSTRING "${first}" 1 -1 stdin_file)
    list(REMOVE_AT args 0)
  endif()
endif()
if(stdin_file)
  execute_process(COMMAND ${JELIMVRE} ${args}
    WORKING_DIRECTORY ${SOURCE_DIR}
    INPUT_FILE ${SOURCE_DIR}/${stdin_file}
    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
else()
  execute_process(COMMAND ${JELIMVRE} ${args}
    WORKING_DIRECTORY ${SOURCE_DIR}
    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
endif()
string(JOIN " " shown ${args})
set(actual "$ jelimvre ${shown}\n--- stdout\n${out}--- stderr\n${err}--- exit status ${status}\n")
get_filename_component(dir ${ACTUAL} DIRECTORY)
file(MAKE_DIRECTORY ${dir})
file(WRITE ${ACTUAL} "${actual}")
include(${CMAKE_CURRENT_LIST_DIR}/../expected_output.cmake)
compare_with_expected(${ACTUAL} ${EXPECTED})
