# cmake --install: the millbase command, libmillbase.so with millbase.h, the static C++
# libraries with their public headers, a CMake package (find_package(millbase CONFIG))
# and millbase.pc for pkg-config, with the LICENSE. Included from capi/CMakeLists.txt.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(MILLBASE_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/millbase)
# The C++ headers' root: #include "db/tablebase.h" with -I<prefix>/include/millbase.
set(MILLBASE_CXX_INCLUDE_DIR ${CMAKE_INSTALL_INCLUDEDIR}/millbase)

install(TARGETS millbase RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The license, in the documentation directory (share/doc/millbase by default).
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR})

# Imported as millbase::millbase (C API), millbase::core, millbase::tablebase (db) and
# millbase::player.
set_target_properties(millbase_core PROPERTIES EXPORT_NAME core)
set_target_properties(millbase_db PROPERTIES EXPORT_NAME tablebase)
set_target_properties(millbase_player PROPERTIES EXPORT_NAME player)
install(TARGETS millbase_capi EXPORT millbaseTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS millbase_core millbase_db millbase_player EXPORT millbaseTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${MILLBASE_CXX_INCLUDE_DIR})
install(FILES millbase.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# The public C++ headers, db/tablebase.h, player/player.h and core/notation.h, and every
# header they include.
set(MILLBASE_PUBLIC_HEADERS
  core/types.h core/bitboard.h core/geometry.h core/geometry_build.h core/variant.h
  core/status.h core/position.h core/token_text.h core/notation.h core/movegen.h core/game.h
  db/value.h db/tablebase.h
  player/player.h player/levels.h player/press.h)
foreach(header ${MILLBASE_PUBLIC_HEADERS})
  cmake_path(GET header PARENT_PATH subdir)
  install(FILES ${PROJECT_SOURCE_DIR}/${header} DESTINATION ${MILLBASE_CXX_INCLUDE_DIR}/${subdir})
endforeach()

install(EXPORT millbaseTargets NAMESPACE millbase:: DESTINATION ${MILLBASE_CMAKE_DIR})
configure_package_config_file(millbaseConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/millbaseConfig.cmake INSTALL_DESTINATION ${MILLBASE_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/millbaseConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/millbaseConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/millbaseConfigVersion.cmake DESTINATION ${MILLBASE_CMAKE_DIR})

# millbase.pc finds its prefix from its own place (${pcfiledir}), so that an install
# with --prefix elsewhere than the configured one works.
foreach(dir LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${dir}}")
    set(PC_${dir} "${CMAKE_INSTALL_${dir}}")
  else()
    set(PC_${dir} "\${prefix}/${CMAKE_INSTALL_${dir}}")
  endif()
endforeach()
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH up "/root/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/root")  # ../..
  string(REGEX REPLACE "/$" "" up "${up}")
  set(PC_PREFIX "\${pcfiledir}/${up}")
endif()
configure_file(millbase.pc.in ${CMAKE_CURRENT_BINARY_DIR}/millbase.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/millbase.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
