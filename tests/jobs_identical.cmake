# `validate --jobs N` must print exactly what `--jobs 1` prints, in the same order (issue 6).
# Runs both on every sample and on 200 generated games, in text and JSON, and compares the bytes.
file(GLOB samples ${SOURCE_DIR}/samples/*.jgn)
set(generated ${WORK_DIR}/jobs-generated.jgn)
execute_process(COMMAND ${JELIMVRE} generate --games 200 --seed 99 --max-turns 60
                OUTPUT_FILE ${generated} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "jelimvre generate failed: ${status}")
endif()
foreach(format text json)
  foreach(jobs 1 3)
    execute_process(COMMAND ${JELIMVRE} validate --format ${format} --jobs ${jobs} ${samples} ${generated}
                    WORKING_DIRECTORY ${SOURCE_DIR}
                    OUTPUT_FILE ${WORK_DIR}/jobs-${format}-${jobs}.out RESULT_VARIABLE status_${jobs})
  endforeach()
  if(NOT status_1 EQUAL status_3)
    message(FATAL_ERROR "${format}: exit status ${status_1} with --jobs 1, ${status_3} with --jobs 3")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${WORK_DIR}/jobs-${format}-1.out
                          ${WORK_DIR}/jobs-${format}-3.out RESULT_VARIABLE differ)
  if(differ)
    message(FATAL_ERROR "${format}: --jobs 3 output differs from --jobs 1")
  endif()
endforeach()
