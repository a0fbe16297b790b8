# Nine's perfect opponent under the draw rules (issue #23), with and without flying: a
# position that wins under the 50-ply rule, which the plain tables' player draws by the
# rule and the 50-ply tables' player wins. Each was found by playing both players from
# positions of one sector's closure (`--sector`) that win under the rule in z plies but
# whose plain win is longer than 50, with several seeds each: the fastest wins the plain
# player chose closed no mill in their first 50 plies; under the rule White closes a
# mill in time and goes on to win.
# Included by CMakeLists.txt.

# Defines the tests cli.<name>_*: solve `sector` of `variant` plain and under the rule,
# probe `position` in both (answers matching plain_answer and fifty_answer), then play
# it computer against computer with seeds 1-3 from each directory.
function(rule_aware_player_test name variant sector position plain_answer fifty_answer units)
  set(db ${CMAKE_CURRENT_BINARY_DIR}/${name}-db)
  set(fifty_db ${CMAKE_CURRENT_BINARY_DIR}/${name}-fifty-db)
  add_test(NAME cli.${name}_clean COMMAND ${CMAKE_COMMAND} -E rm -rf ${db} ${fifty_db})
  set_tests_properties(cli.${name}_clean PROPERTIES FIXTURES_SETUP ${name}_clean)
  millbase_cli_test(solve_${name} 0 "${variant}: ${units} units solved"
    solve --variant ${variant} --sector ${sector} --out ${db} -q)
  set_tests_properties(cli.solve_${name} PROPERTIES FIXTURES_SETUP ${name}
    FIXTURES_REQUIRED ${name}_clean)
  millbase_cli_test(solve_${name}_fifty 0 "${variant}: ${units} units solved"
    solve --variant ${variant} --sector ${sector} --rule fifty --plain ${db} --out ${fifty_db} -q)
  set_tests_properties(cli.solve_${name}_fifty PROPERTIES FIXTURES_SETUP ${name}_fifty
    FIXTURES_REQUIRED "${name};${name}_clean")
  millbase_cli_test(probe_${name} 0 "White to move: ${plain_answer};"
    probe --variant ${variant} --db ${db} ${position})
  millbase_cli_test(probe_${name}_fifty 0
    "White to move: ${fifty_answer} \\(50-ply rule: plies to the next mill or the end\\); without the rule: ${plain_answer}"
    probe --variant ${variant} --rule fifty --db ${fifty_db} --plain ${db} ${position})
  set_tests_properties(cli.probe_${name} PROPERTIES FIXTURES_REQUIRED ${name})
  set_tests_properties(cli.probe_${name}_fifty PROPERTIES FIXTURES_REQUIRED "${name};${name}_fifty")
  # Computer against computer under the draw rules, with three seeds (the players choose
  # at random among equally good moves): the plain tables' player draws at ply 50 ...
  foreach(seed 1 2 3)
    millbase_cli_test(play_${name}_plain_${seed} 0 "Draw: 50 plies without a mill"
      play --variant ${variant} --db ${db} --seed ${seed} --position ${position}
      --white computer --black computer)
    # ... and the 50-ply tables' player wins.
    millbase_cli_test(play_${name}_fifty_${seed} 0 "White wins: "
      play --variant ${variant} --db ${fifty_db} --seed ${seed} --position ${position}
      --white computer --black computer)
    set_tests_properties(cli.play_${name}_plain_${seed} PROPERTIES FIXTURES_REQUIRED ${name})
    set_tests_properties(cli.play_${name}_fifty_${seed} PROPERTIES FIXTURES_REQUIRED ${name}_fifty)
  endforeach()
endfunction()

# Nine with flying: `--sector 6-4` (96.0 M positions), searched with 12 seeds per
# position; White wins in 51 without the rule, in 47 to the next mill under it.
rule_aware_player_test(nine64 nine 6-4 "W:g1,f2,a4,c4,f4,d6 B:a1,b2,b4,d5 w"
  "win in 51" "win in 47" 7)
# Nine without flying: `--sector 5-5` (61.6 M positions); of 69 positions of 5-5 that win
# under the rule but take more than 50 plies without it (every 50th of 3,407), this is
# the one the plain player drew with each of seeds 1-3 (and 4-5); the 50-ply player won
# with each of seeds 1-5. White wins in 59 without the rule, in 47 to the next mill.
rule_aware_player_test(noflying55 nine-noflying 5-5 "W:d2,c3,d3,b4,e4 B:b2,e3,g4,c5,d6 w"
  "win in 59" "win in 47" 6)
