"""Builds the Python package millbase with the project's own CMake (docs/python.md): the
extension module is the target _millbase of python/CMakeLists.txt, over the libraries of
core, db, player and engine, configured from the repository's root. Offline, with
Debian's packages only:

    /usr/bin/python3 -m pip install --no-build-isolation --no-deps ./python
"""
import os
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def project_version():
    """Returns the version of the root CMakeLists.txt's project()."""
    with open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8") as f:
        return re.search(r"project\(millbase VERSION ([0-9.]+)", f.read()).group(1)


class CMakeExtension(Extension):
    """The extension module, built by CMake rather than from a list of sources."""

    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    """Configures the project for this Python and builds the one target _millbase."""

    def build_extension(self, ext):
        # Beside the project's other build directories (ignored by git, kept between
        # installs so that a second one rebuilds only what changed).
        build = os.path.join(ROOT, "build-python")
        subprocess.check_call([
            "cmake", "-S", ROOT, "-B", build, "-DCMAKE_BUILD_TYPE=Release",
            "-DMILLBASE_PYTHON=ON", "-DMILLBASE_TESTS=OFF", "-DMILLBASE_BENCH=OFF",
            "-DPython3_EXECUTABLE=" + sys.executable])
        subprocess.check_call(["cmake", "--build", build, "--target", "_millbase",
                               "-j", str(os.cpu_count() or 1)])
        built = os.path.join(build, "python", "millbase", self.get_ext_filename("_millbase"))
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(built, target)


setup(
    name="millbase",
    version=project_version(),
    description="Perfect play of mill games (six, five, nine men's morris) from solved tables",
    license="MIT",
    classifiers=["License :: OSI Approved :: MIT License"],
    python_requires=">=3.9",
    packages=["millbase"],
    package_data={"millbase": ["py.typed", "_millbase.pyi"]},
    ext_modules=[CMakeExtension("millbase._millbase")],
    cmdclass={"build_ext": CMakeBuild},
    extras_require={"numpy": ["numpy"]},
    zip_safe=False,
)
