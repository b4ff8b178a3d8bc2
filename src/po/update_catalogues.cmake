# Remakes src/po/jelimvre.pot from the sources and merges it into each language's .po file.
# Run by the target update-catalogues (src/po/CMakeLists.txt) with XGETTEXT, MSGMERGE, MSGATTRIB,
# SOURCE_DIR, LANGUAGES and RULES_MESSAGES (the rules references' texts, written by
# jelimvre_rules_messages in the build folder) set.
file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/src/*.cpp ${SOURCE_DIR}/src/*.hpp)
list(SORT sources)
set(pot ${SOURCE_DIR}/src/po/jelimvre.pot)
# Named without its folder, which is the builder's own, so that the template does not change with it.
get_filename_component(rules_messages_dir ${RULES_MESSAGES} DIRECTORY)
get_filename_component(rules_messages_name ${RULES_MESSAGES} NAME)
# The keywords are core/translate.hpp's calls. Their texts are fmt's, never printf's: no
# c-format flag, so that msgfmt --check reads a '%' as a plain character.
execute_process(
  COMMAND ${XGETTEXT} --language=C++ --from-code=UTF-8 --add-comments=TRANSLATORS:
          --keyword --keyword=tr --keyword=tr_in:1c,2 --keyword=trf --keyword=trn:1,2 --keyword=N_
          --flag=tr:1:no-c-format --flag=tr_in:2:no-c-format --flag=trf:1:no-c-format --flag=trn:1:no-c-format --flag=trn:2:no-c-format
          --flag=N_:1:no-c-format
          --force-po --add-location=file --no-wrap --sort-by-file --package-name=jelimvre
          --copyright-holder=jelimvre\ maintainers --msgid-bugs-address=
          --directory=. --directory=${rules_messages_dir}
          --output=${pot} ${sources} ${rules_messages_name}
  WORKING_DIRECTORY ${SOURCE_DIR}
  COMMAND_ERROR_IS_FATAL ANY)
# The sources are UTF-8, and so is the template.
file(READ ${pot} text)
string(REPLACE "charset=CHARSET" "charset=UTF-8" text "${text}")
file(WRITE ${pot} "${text}")
foreach(language ${LANGUAGES})
  set(catalogue ${SOURCE_DIR}/src/po/${language}.po)
  if(EXISTS ${catalogue})
    execute_process(
      COMMAND ${MSGMERGE} --quiet --update --backup=none --no-wrap --add-location=file
              --sort-by-file ${catalogue} ${pot}
      COMMAND_ERROR_IS_FATAL ANY)
    # The texts no longer in the sources go: git keeps their history.
    execute_process(
      COMMAND ${MSGATTRIB} --no-obsolete --no-wrap --output-file=${catalogue} ${catalogue}
      COMMAND_ERROR_IS_FATAL ANY)
  endif()
endforeach()
