# CLI tests of `millbase compare` (included by CMakeLists.txt, after fifty.cmake).
# Nine against nine without flying on 3-3: the counts of docs/results.md, found there by
# a separate program before this command existed.
millbase_cli_test(compare_flying33 0
  "3-3 +169626 +89976 +33197 +28794 +59 +116 +12153 +5331\n.*\nloss +12153 +5331 +11252\n.*win / draw: W:[a-g1-7,]+ B:[a-g1-7,]+ w  \\(3-3\\)"
  compare --variant nine --db ${NINE33_DB} --with nine-noflying --with-db ${NINE_NOFLYING33_DB})
millbase_cli_test(compare_flying33_json 0
  "^\\{\"first\":\\{\"variant\":\"nine\",.*\"total\":\\{\"positions\":169626,\"agree\":89976,\"counts\":\\{\"win\":\\{\"win\":78630,\"draw\":33197,\"loss\":28794\\},\"draw\":\\{\"win\":59,\"draw\":94,\"loss\":116\\},\"loss\":\\{\"win\":12153,\"draw\":5331,\"loss\":11252\\}\\}\\},\"missing_tables\":0,\"damaged_tables\":0\\}"
  compare --variant nine --db ${NINE33_DB} --with nine-noflying --with-db ${NINE_NOFLYING33_DB}
  --json -q)
millbase_cli_test(compare_missing 3
  "missing table [^ ]*nine33-db/4-4.mbt \\(sector 4-4 of nine\\); build it with: millbase solve --variant nine --sector 4-4"
  compare --variant nine --db ${NINE33_DB} --with nine-noflying --with-db ${NINE_NOFLYING33_DB}
  --sector 4-4)
set_tests_properties(cli.compare_flying33 cli.compare_flying33_json cli.compare_missing
  PROPERTIES FIXTURES_REQUIRED "nine33;nine_noflying33")
# A packed directory (derived tables computed from their successors) and a play set
# (placement without distances) give every position the result of the tables as solved;
# under the 50-ply rule, the result at counter 0.
millbase_cli_test(compare_packed 0 "\ntotal +3258758 +3258758 +0 +0 +0 +0 +0 +0\n"
  compare --variant six --db ${SIX_DB} --with-db ${SIX_PACKED})
set_tests_properties(cli.compare_packed PROPERTIES FIXTURES_REQUIRED "six_db;six_packed")
millbase_cli_test(compare_fifty_play_set 0
  "under the 50-ply rule.*\ntotal +3258758 +3258758 +0 +0 +0 +0 +0 +0\n.*\ndraw +0 +264692 +0\n"
  compare --variant six --rule fifty --db ${FIFTY_DB} --with-db ${FIFTY_PLAY_SET})
set_tests_properties(cli.compare_fifty_play_set PROPERTIES
  FIXTURES_REQUIRED "six_fifty;six_fifty_play_set")
millbase_cli_test(compare_boards 2 "six and nine are played on different boards"
  compare --variant six --db ${SIX_DB} --with nine)
millbase_cli_test(compare_itself 2 "both sides are .*six-db: give the other with --with-db"
  compare --variant six --db ${SIX_DB} --with-db ${SIX_DB})
millbase_cli_test(compare_not_shared 2 "sector 6-6 is not a sector of five"
  compare --variant six --db ${SIX_DB} --with five --sector 6-6)
set_tests_properties(cli.compare_itself cli.compare_not_shared PROPERTIES
  FIXTURES_REQUIRED six_db)
# Six and five are the same game on the same board (rules.md): every sector of five is
# one of six, and the two solves give each of its positions the same result.
set(FIVE_DB ${CMAKE_CURRENT_BINARY_DIR}/five-db)
add_test(NAME cli.five_db_clean COMMAND ${CMAKE_COMMAND} -E rm -rf ${FIVE_DB})
millbase_cli_test(solve_five 0 "Empty board, side to move places first: "
  solve --variant five --out ${FIVE_DB} -q)
set_tests_properties(cli.five_db_clean PROPERTIES FIXTURES_SETUP five_db_clean)
set_tests_properties(cli.solve_five PROPERTIES FIXTURES_SETUP five_db
  FIXTURES_REQUIRED five_db_clean)
millbase_cli_test(compare_six_five 0
  "\ntotal +1062244 +1062244 +0 +0 +0 +0 +0 +0\n.*88 sectors are held by one directory only: not compared"
  compare --variant six --db ${SIX_DB} --with five --with-db ${FIVE_DB})
set_tests_properties(cli.compare_six_five PROPERTIES FIXTURES_REQUIRED "six_db;five_db")
