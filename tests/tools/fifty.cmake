# CLI tests of the 50-ply tables of six (included by CMakeLists.txt, which sets SIX_DB).
set(FIFTY_DB ${CMAKE_CURRENT_BINARY_DIR}/six-fifty-db)
add_test(NAME cli.six_fifty_clean COMMAND ${CMAKE_COMMAND} -E rm -rf ${FIFTY_DB})
set_tests_properties(cli.six_fifty_clean PROPERTIES FIXTURES_SETUP six_fifty_clean)
millbase_cli_test(solve_six_fifty 0 "six: 225 units solved.*Empty board, side to move places first: draw"
  solve --variant six --rule fifty --plain ${SIX_DB} --out ${FIFTY_DB} -q)
set_tests_properties(cli.solve_six_fifty PROPERTIES FIXTURES_SETUP six_fifty
  FIXTURES_REQUIRED "six_db;six_fifty_clean")

# The issue's example: a win in 73 without the rule, a draw under it (a cursed win), and
# perfect play under the draw rules of play draws it, as probe says.
set(CURSED "W:f2,b4,c4,b6,f6 B:b2,d2,c5,d6 w")
millbase_cli_test(probe_fifty_cursed_json 0 "\"rule\":\"fifty\",\"counter\":0,\"result\":\"draw\",\"distance\":null,\"class\":\"cursed_win\",\"z\":null,\"without_rule\":\\{\"result\":\"win\",\"distance\":73\\}"
  probe --rule fifty --db ${FIFTY_DB} --plain ${SIX_DB} --json ${CURSED})
# The first position of the movement phase on the longest line of six under the rule:
# Black loses in 50 with the counter at 0, so one ply on the counter makes it a draw, and
# perfect play under the rule wins it.
set(LOSS50 "W:b2,d2,c3,c4,d5 B:f2,d3,b4,c5 b")
set(CLI_INPUT ${CMAKE_CURRENT_SOURCE_DIR}/fifty_counters.txt)
millbase_cli_test(probe_fifty_counters 2
  "c5 b: Black to move: loss in 50 \\(50-ply rule: plies to the next mill or the end\\).*c5 b: Black to move: draw under the 50-ply rule with the counter at 1 \\(a loss in 50 with the counter at 0 or less\\).*c5 b: Black to move: draw under the 50-ply rule with the counter at 50 .*line 4: counter '51' is not a number of plies 0..50"
  probe --rule fifty --db ${FIFTY_DB} -)
set(CLI_INPUT "")
# What the tables in `db` answer, as solved or packed: tests cli.<name><suffix>, needing
# `fixtures`. The counts are six's (docs/results.md).
function(fifty_answers suffix db fixtures)
  millbase_cli_test(probe_fifty_cursed${suffix} 0 "White to move: cursed win: a draw under the 50-ply rule \\(a win without it\\); without the rule: win in 73"
    probe --rule fifty --db ${db} --plain ${SIX_DB} ${CURSED})
  millbase_cli_test(play_fifty_cursed${suffix} 0 "Draw: 50 plies without a mill"
    play --db ${db} --position ${CURSED} --white computer --black computer)
  millbase_cli_test(play_fifty_win${suffix} 0 "White wins: Black has only two stones left"
    play --db ${db} --position ${LOSS50} --white computer --black computer)
  millbase_cli_test(analyze_fifty${suffix} 0 "Black to move: loss in 50 [^\n]*\n  f2-f4 +loss in 50\n  b4-b6 +loss in 50\n  d3-e3 +loss in 10\n"
    analyze --rule fifty --db ${db} ${LOSS50})
  millbase_cli_test(stats_six_fifty${suffix} 0 "total +3258758 +1987493 +8586 +225554 +30552 +1006573 +53 +54\n.*Placement positions whose value the rule changes: 23841 \\(3909 cursed wins, 19932 blessed losses\\)"
    stats --rule fifty --db ${db})
  millbase_cli_test(verify_six_fifty${suffix} 0 "231 sectors, 3258758 positions, 0 mismatches"
    verify --rule fifty --db ${db})
  # Under the rule Black's reply c3 to b2 loses in 20 plies to the first mill of the
  # movement phase (in 28 to the end without the rule, cli.openings_six).
  millbase_cli_test(openings_six_fifty${suffix} 0
    "six: the empty board, White to place first: draw\n\nWhite b2     draw         \\(the same: b2 f2 c3 e3 c5 e5 b6 f6\\)\n.*  Black c3     loss in 20   \\(the same: c3\\)\n"
    openings --rule fifty --db ${db})
  millbase_cli_test(openings_six_fifty_json${suffix} 0
    "^\\{\"variant\":\"six\",\"start\":\\{\"rule\":\"fifty\",\"counter\":0,\"result\":\"draw\",.*\\{\"move\":\"c3\",\"same\":\\[\"c3\"\\],\"rule\":\"fifty\",\"counter\":0,\"result\":\"loss\",\"distance\":20,\"class\":\"loss\",\"z\":20\\}"
    openings --rule fifty --db ${db} --json)
  set_tests_properties(cli.probe_fifty_cursed${suffix} cli.play_fifty_cursed${suffix}
    cli.play_fifty_win${suffix} cli.analyze_fifty${suffix} cli.stats_six_fifty${suffix}
    cli.verify_six_fifty${suffix} cli.openings_six_fifty${suffix}
    cli.openings_six_fifty_json${suffix} PROPERTIES FIXTURES_REQUIRED "${fixtures}")
endfunction()
fifty_answers("" ${FIFTY_DB} "six_db;six_fifty")
millbase_cli_test(probe_fifty_placement_counter 2 "a placement position has no 50-ply counter"
  probe --rule fifty --db ${FIFTY_DB} --counter 3 "W: B: w 6 6")
# --wdl under the rule: the whole value at the counter (there the WDL planes hold the
# value without the rule): Black loses with the counter at 0, a draw at 1; a placement
# position has no counter.
millbase_cli_test(probe_fifty_wdl 0 " b: Black to move: loss\n$"
  probe --rule fifty --db ${FIFTY_DB} --wdl ${LOSS50})
millbase_cli_test(probe_fifty_wdl_counter 0 " b: draw\n$"
  probe --rule fifty --db ${FIFTY_DB} --wdl --counter 1 ${LOSS50})
millbase_cli_test(probe_fifty_wdl_placement_counter 2 "a placement position has no 50-ply counter"
  probe --rule fifty --db ${FIFTY_DB} --wdl --counter 3 "W: B: w 6 6")
millbase_cli_test(info_six_fifty 0 "six under the 50-ply rule, 231 tables, 3258758 positions.*0 corrupt, 0 missing"
  info ${FIFTY_DB})
# The engine plays under the rule with the tables at hand: the value at the counter.
set(CLI_INPUT ${CMAKE_CURRENT_SOURCE_DIR}/fifty_engine.txt)
millbase_cli_test(engine_fifty 0
  "ok\nvalue loss 50\nmove f2-f4 loss 50\n.*end\nok\nvalue draw\n"
  engine --db ${FIFTY_DB})
set(CLI_INPUT "")
# The directories cannot be mixed up.
millbase_cli_test(solve_fifty_into_plain 2 "need a directory of their own"
  solve --rule fifty --plain ${SIX_DB} --out ${SIX_DB})
millbase_cli_test(probe_plain_as_fifty 2 "holds plain tables, not the 50-ply rule's"
  probe --rule fifty --db ${SIX_DB} ${CURSED})
millbase_cli_test(probe_fifty_as_plain 2 "holds fifty tables; read them with --rule fifty"
  probe --db ${FIFTY_DB} ${CURSED})
millbase_cli_test(openings_fifty_as_plain 2 "holds fifty tables; read them with --rule fifty"
  openings --db ${FIFTY_DB})
millbase_cli_test(solve_fifty_no_plain 3 "the 50-ply solve reads the plain tables: no table directory ${NO_DIR} \\(tables of six\\); build it with: millbase solve --variant six --out ${NO_DIR}"
  solve --rule fifty --plain ${NO_DIR} --out ${CMAKE_CURRENT_BINARY_DIR}/unused-fifty)
# Packed, the 50-ply tables answer as before (docs/format.md, derived tables).
set(FIFTY_PACKED ${CMAKE_CURRENT_BINARY_DIR}/six-fifty-packed)
millbase_pack_copy(pack_fifty ${FIFTY_DB} six_fifty ${FIFTY_PACKED} six_fifty_packed
  "139 tables derived \\(2092763 positions\\)" --rule fifty)
millbase_cli_test(pack_fifty_without_rule 2 "six-fifty-packed holds fifty tables; read them with --rule fifty"
  pack --db ${FIFTY_PACKED})
set_tests_properties(cli.pack_fifty_without_rule PROPERTIES FIXTURES_REQUIRED
  "six_db;six_fifty_packed")
fifty_answers(_packed ${FIFTY_PACKED} "six_db;six_fifty_packed")
# As a play set (docs/play-set.md), as the offline page holds them (tests/web).
set(FIFTY_PLAY_SET ${CMAKE_CURRENT_BINARY_DIR}/six-fifty-play-set)
millbase_pack_copy(pack_fifty_play_set ${FIFTY_DB} six_fifty ${FIFTY_PLAY_SET} six_fifty_play_set
  "139 tables derived \\(2092763 positions\\).*play set: 70 placement tables without distances"
  --rule fifty --play-set)
millbase_cli_test(verify_fifty_play_set 0 "231 sectors, 3258758 positions, 0 mismatches"
  verify --rule fifty --db ${FIFTY_PLAY_SET})
set_tests_properties(cli.verify_fifty_play_set PROPERTIES FIXTURES_REQUIRED six_fifty_play_set)
millbase_cli_test(probe_bad_rule 2 "unknown rule 'forty' \\(choose plain or fifty\\)"
  probe --rule forty ${CURSED})
set_tests_properties(cli.probe_fifty_cursed_json
  cli.probe_fifty_counters cli.probe_fifty_placement_counter cli.probe_fifty_wdl
  cli.probe_fifty_wdl_counter cli.probe_fifty_wdl_placement_counter cli.info_six_fifty
  cli.engine_fifty cli.solve_fifty_into_plain cli.probe_plain_as_fifty cli.probe_fifty_as_plain
  cli.openings_fifty_as_plain
  PROPERTIES FIXTURES_REQUIRED "six_db;six_fifty")
