# Runs COMMAND with ARGS (separated by '|'); fails unless the exit code is EXPECT_EXIT and the
# combined output matches EXPECT_REGEX.
string(REPLACE "|" ";" ARGS "${ARGS}")
# INPUT, when set, is a file fed to standard input.
if(NOT INPUT)
  set(INPUT /dev/null)
endif()
execute_process(COMMAND ${COMMAND} ${ARGS} INPUT_FILE ${INPUT}
  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT code STREQUAL EXPECT_EXIT)
  message(FATAL_ERROR "exit code ${code}, expected ${EXPECT_EXIT}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(NOT "${out}${err}" MATCHES "${EXPECT_REGEX}")
  message(FATAL_ERROR "output does not match '${EXPECT_REGEX}'\nstdout:\n${out}\nstderr:\n${err}")
endif()
