# Writes the completion scripts of JELIMVRE into OUT_DIR under the names each shell looks for:
# bash/jelimvre, zsh/_jelimvre, fish/jelimvre.fish (the build's POST_BUILD step).
foreach(shell_and_name bash/jelimvre zsh/_jelimvre fish/jelimvre.fish)
  get_filename_component(shell ${shell_and_name} DIRECTORY)
  file(MAKE_DIRECTORY ${OUT_DIR}/${shell})
  # In English whatever the build machine speaks: the scripts are installed for everyone.
  execute_process(COMMAND ${JELIMVRE} completions ${shell} --lang en
    OUTPUT_FILE ${OUT_DIR}/${shell_and_name}
    RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${JELIMVRE} completions ${shell} failed (${status})")
  endif()
endforeach()
