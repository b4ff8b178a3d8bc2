# Checks that `jelimvre show --format svg` writes well-formed XML: draws a few positions of the
# samples (walls, water, regenerators, pieces on them, a setup, a finished game; ChessMe's grid
# with hands and pools, and far-apart files; Imbriquation's board with a last turn that captures,
# a territory and a finished game) and runs
# `xmllint --noout` on each (Debian package libxml2-utils).
# Variables: JELIMVRE (the binary), SOURCE_DIR (the repository), WORK_DIR (for the SVG files).
find_program(XMLLINT xmllint)
if(NOT XMLLINT)
  message(FATAL_ERROR "xmllint not found; install it (Debian: apt-get install libxml2-utils)")
endif()
file(MAKE_DIRECTORY ${WORK_DIR})
set(cases
  "strategy-encirclement-31^samples/strategy-encirclement.jgn^--at^31"
  "strategy-encirclement-0^samples/strategy-encirclement.jgn^--at^0"
  "walls-king-capture^samples/walls-king-capture.jgn"
  "example-8^samples/example.jgn^--at^8"
  "chessme-promotion^samples/chessme/legal-promotion.jgn"
  "chessme-checkmate-5^samples/chessme/legal-checkmate-by-drop.jgn^--at^5"
  "imbriquation-example-29^samples/imbriquation/legal-brief-example-rounds-complete.jgn^--at^29"
  "imbriquation-example-end^samples/imbriquation/legal-brief-example-rounds-complete.jgn"
  "imbriquation-opening^samples/imbriquation/legal-unfinished-round-2.jgn^--at^8"
  "chessme-far^--position^e1=wK,dxx1=wR,c2=wP,d2=wP,e2=wP,f2=wP,c5=bP,d5=bP,e5=bP,f5=bP,e6=bK|side=w|turn=2|hand=w:???,b:???|pile=w7,b8|next=w:?,b:?|captured=w:,b:|over=-^--game^chessme")
# Fields are separated by ^: position strings hold | and ;
foreach(case ${cases})
  string(REPLACE "^" ";" args "${case}")
  list(POP_FRONT args name)
  set(svg ${WORK_DIR}/${name}.svg)
  execute_process(COMMAND ${JELIMVRE} show ${args} --format svg
    WORKING_DIRECTORY ${SOURCE_DIR}
    OUTPUT_FILE ${svg} ERROR_VARIABLE err RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "jelimvre show ${args} --format svg failed (${status}): ${err}")
  endif()
  execute_process(COMMAND ${XMLLINT} --noout ${svg}
    ERROR_VARIABLE lint RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${svg} is not well-formed XML:\n${lint}")
  endif()
  message(STATUS "${name}: well-formed")
endforeach()
