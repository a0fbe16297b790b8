// CHECK for the fuzz harnesses: an invariant that must hold for every input. On failure
// it names the harness (FUZZ_NAME, defined before the include), the condition and what
// was seen, then aborts, so that libFuzzer keeps the input.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

#define CHECK(cond, what)                                                  \
  do {                                                                     \
    if (!(cond)) {                                                         \
      std::fprintf(stderr, "%s: check failed: %s: %s\n", FUZZ_NAME, #cond, \
                   std::string(what).c_str());                             \
      std::abort();                                                        \
    }                                                                      \
  } while (0)
