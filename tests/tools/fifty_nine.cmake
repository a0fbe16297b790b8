# Nine's perfect opponent under the draw rules (issue #23): a position of 6-4 that wins
# under the 50-ply rule, which the plain tables' player draws by the rule and the 50-ply
# tables' player wins. Found by playing both players from sampled 6-4 positions with
# the tables of `--sector 6-4` (96.0 M positions) with 12 seeds each: White wins in 51
# without the rule, but the fastest wins the plain player chose closed no mill in their
# first 50 plies; under the rule White closes a mill within 47 plies and goes on to win.
# Included by CMakeLists.txt.
set(NINE64_DB ${CMAKE_CURRENT_BINARY_DIR}/nine-6-4-db)
set(NINE64_FIFTY_DB ${CMAKE_CURRENT_BINARY_DIR}/nine-6-4-fifty-db)
add_test(NAME cli.nine64_clean
  COMMAND ${CMAKE_COMMAND} -E rm -rf ${NINE64_DB} ${NINE64_FIFTY_DB})
set_tests_properties(cli.nine64_clean PROPERTIES FIXTURES_SETUP nine64_clean)
millbase_cli_test(solve_nine64 0 "nine: 7 units solved"
  solve --variant nine --sector 6-4 --out ${NINE64_DB} -q)
set_tests_properties(cli.solve_nine64 PROPERTIES FIXTURES_SETUP nine64
  FIXTURES_REQUIRED nine64_clean)
millbase_cli_test(solve_nine64_fifty 0 "nine: 7 units solved"
  solve --variant nine --sector 6-4 --rule fifty --plain ${NINE64_DB} --out ${NINE64_FIFTY_DB} -q)
set_tests_properties(cli.solve_nine64_fifty PROPERTIES FIXTURES_SETUP nine64_fifty
  FIXTURES_REQUIRED "nine64;nine64_clean")

set(RULE_WIN "W:g1,f2,a4,c4,f4,d6 B:a1,b2,b4,d5 w")
millbase_cli_test(probe_nine64 0 "White to move: win in 51;"
  probe --variant nine --db ${NINE64_DB} ${RULE_WIN})
millbase_cli_test(probe_nine64_fifty 0
  "White to move: win in 47 \\(50-ply rule: plies to the next mill or the end\\); without the rule: win in 51"
  probe --variant nine --rule fifty --db ${NINE64_FIFTY_DB} --plain ${NINE64_DB} ${RULE_WIN})
# Computer against computer under the draw rules, with three seeds (the players choose
# at random among equally good moves): the plain tables' player draws at ply 50 ...
foreach(seed 1 2 3)
  millbase_cli_test(play_nine64_plain_${seed} 0 "Draw: 50 plies without a mill"
    play --variant nine --db ${NINE64_DB} --seed ${seed} --position ${RULE_WIN}
    --white computer --black computer)
  # ... and the 50-ply tables' player wins.
  millbase_cli_test(play_nine64_fifty_${seed} 0 "White wins: "
    play --variant nine --db ${NINE64_FIFTY_DB} --seed ${seed} --position ${RULE_WIN}
    --white computer --black computer)
  set_tests_properties(cli.play_nine64_plain_${seed} PROPERTIES FIXTURES_REQUIRED nine64)
  set_tests_properties(cli.play_nine64_fifty_${seed} PROPERTIES FIXTURES_REQUIRED nine64_fifty)
endforeach()
set_tests_properties(cli.probe_nine64 PROPERTIES FIXTURES_REQUIRED nine64)
set_tests_properties(cli.probe_nine64_fifty PROPERTIES FIXTURES_REQUIRED "nine64;nine64_fifty")
