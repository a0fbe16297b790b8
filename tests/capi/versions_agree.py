#!/usr/bin/env python3
"""Checks that every place a user reads millbase's version says the root CMakeLists.txt's
project() version: `millbase --version`, the C API's millbase_version(), the Python
package's __version__ and the version its setup.py gives pip, millbase.pc, the CMake
package's version file, and the newest entry of CHANGELOG.md.

Usage: versions_agree.py SOURCE_DIR MILLBASE_CLI LIBMILLBASE BUILD_DIR [PYTHON_PACKAGE_DIR]
(PYTHON_PACKAGE_DIR: the directory holding the built package millbase, when it is built;
this script then runs under the Python the module is built for.)
"""
import ctypes
import os
import re
import subprocess
import sys


def read(path):
    """Returns the text of a file."""
    with open(path, encoding="utf-8") as f:
        return f.read()


def first_match(pattern, text, where):
    """Returns the first group of pattern's first match in text; exits naming where if none."""
    m = re.search(pattern, text, re.MULTILINE)
    if not m:
        sys.exit(f"FAIL: no version found in {where}")
    return m.group(1)


def main():
    if len(sys.argv) not in (5, 6):
        sys.exit(__doc__)
    source, cli, lib, build = sys.argv[1:5]
    want = first_match(r"^project\(millbase VERSION ([0-9.]+)",
                       read(os.path.join(source, "CMakeLists.txt")), "CMakeLists.txt")
    out = subprocess.run([cli, "--version"], capture_output=True, text=True, check=True).stdout
    capi = ctypes.CDLL(lib)
    capi.millbase_version.restype = ctypes.c_char_p
    setup_py = subprocess.run([sys.executable, "setup.py", "--version"],
                              cwd=os.path.join(source, "python"), capture_output=True, text=True,
                              check=True).stdout
    found = {
        "millbase --version": first_match(r"^millbase (\S+)$", out, "millbase --version"),
        "millbase_version() of libmillbase.so": capi.millbase_version().decode(),
        "python/setup.py --version": setup_py.strip().splitlines()[-1],
        "millbase.pc": first_match(r"^Version: (\S+)$",
                                   read(os.path.join(build, "capi", "millbase.pc")), "millbase.pc"),
        "millbaseConfigVersion.cmake": first_match(
            r'^set\(PACKAGE_VERSION "([^"]+)"\)',
            read(os.path.join(build, "capi", "millbaseConfigVersion.cmake")),
            "millbaseConfigVersion.cmake"),
        "CHANGELOG.md's newest entry": first_match(
            r"^## ([0-9][^ ]*)", read(os.path.join(source, "CHANGELOG.md")), "CHANGELOG.md"),
    }
    if len(sys.argv) == 6:
        sys.path.insert(0, sys.argv[5])
        import millbase  # pylint: disable=import-outside-toplevel
        found["millbase.__version__ (Python)"] = millbase.__version__
    wrong = {k: v for k, v in found.items() if v != want}
    for k, v in found.items():
        print(f"{k}: {v}")
    if wrong:
        sys.exit(f"FAIL: CMakeLists.txt says {want}; " +
                 "; ".join(f"{k} says {v}" for k, v in wrong.items()))
    print(f"versions agree: {want} in {len(found)} places")


if __name__ == "__main__":
    main()
