# `validate --jobs N` must print exactly what `--jobs 1` prints, in the same order (issue 6).
# Runs both on every sample of every game and on 200 generated games of each game, in text and
# JSON, and compares the bytes.
file(GLOB samples ${SOURCE_DIR}/samples/*.jgn ${SOURCE_DIR}/samples/*/*.jgn)
set(generated ${WORK_DIR}/jobs-generated.jgn ${WORK_DIR}/jobs-generated-chessme.jgn)
execute_process(COMMAND ${JELIMVRE} generate --games 200 --seed 99 --max-turns 60
                OUTPUT_FILE ${WORK_DIR}/jobs-generated.jgn RESULT_VARIABLE status)
execute_process(COMMAND ${JELIMVRE} generate --game chessme --games 200 --seed 99
                OUTPUT_FILE ${WORK_DIR}/jobs-generated-chessme.jgn RESULT_VARIABLE status_chessme)
if(NOT status EQUAL 0 OR NOT status_chessme EQUAL 0)
  message(FATAL_ERROR "jelimvre generate failed: ${status} ${status_chessme}")
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
