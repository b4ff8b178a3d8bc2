# Compares a test's whole output, written to ACTUAL_FILE, byte for byte with EXPECTED_FILE, and
# shows a diff when they differ. With UPDATE_GOLDEN=1 in the environment, EXPECTED_FILE takes the
# new output instead. Shared by the golden and the hostile-input tests.
function(compare_with_expected actual_file expected_file)
  if("$ENV{UPDATE_GOLDEN}" STREQUAL "1")
    file(READ ${actual_file} content)
    file(WRITE ${expected_file} "${content}")
    message(STATUS "updated ${expected_file}")
    return()
  endif()
  if(NOT EXISTS ${expected_file})
    message(FATAL_ERROR "no expected output ${expected_file}; run with UPDATE_GOLDEN=1 to create it")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${expected_file} ${actual_file}
                  RESULT_VARIABLE differ)
  if(differ)
    execute_process(COMMAND diff -u ${expected_file} ${actual_file})
    message(FATAL_ERROR
      "output differs from ${expected_file} (UPDATE_GOLDEN=1 accepts the new output)")
  endif()
endfunction()
