#!/usr/bin/env python3
"""Checks the documents as a newcomer meets them:
- every relative link and image of every Markdown file names a file of the tree;
- README.md's first command starts with tools/install_deps.sh, which .ci/run calls too,
  and .ci/run's test command is, verbatim, a line of README.md;
- README.md stays a front page: at most 1,200 words.

Usage: docs_check.py SOURCE_DIR
"""
import os
import re
import sys

SKIP_DIRS = {".git", "node_modules"}
README_WORDS = 1200


def markdown_files(root):
    """Returns the paths of the Markdown files under root, build directories left out."""
    found = []
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS and not x.startswith("build"))
        found += [os.path.join(d, f) for f in sorted(files) if f.endswith(".md")]
    return found


def broken_links(path):
    """Returns the relative link targets of a Markdown file that name no file."""
    with open(path, encoding="utf-8") as f:
        text = re.sub(r"```.*?```", "", f.read(), flags=re.S)  # code blocks hold no links
    targets = re.findall(r"\]\(([^)\s]+)\)", text) + re.findall(r'src="([^"]+)"', text)
    broken = []
    for t in targets:
        if re.match(r"[a-z]+:", t) or t.startswith("#"):
            continue
        if not os.path.exists(os.path.join(os.path.dirname(path), t.split("#")[0])):
            broken.append(t)
    return broken


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = sys.argv[1]
    errors = []
    files = markdown_files(root)
    for path in files:
        errors += [f"{os.path.relpath(path, root)}: no file {t}" for t in broken_links(path)]

    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    with open(os.path.join(root, ".ci", "run"), encoding="utf-8") as f:
        ci = f.read().splitlines()
    commands = re.findall(r"```sh\n(.*?)\n", readme)
    if not commands or not commands[0].startswith("tools/install_deps.sh && "):
        errors.append("README.md's first command does not start with tools/install_deps.sh")
    if "tools/install_deps.sh" not in ci:
        errors.append(".ci/run does not call tools/install_deps.sh")
    marker = "# The README's second command, verbatim:"
    if marker not in ci or ci.index(marker) + 1 >= len(ci):
        errors.append(f".ci/run has no line '{marker}' followed by the command")
    else:
        test_command = ci[ci.index(marker) + 1]
        if len(commands) < 2 or commands[1] != test_command:
            errors.append("README.md's second command is not .ci/run's: " + test_command)
    words = len(readme.split())
    if words > README_WORDS:
        errors.append(f"README.md has {words} words, more than {README_WORDS}")

    for e in errors:
        print("FAIL:", e)
    if errors:
        sys.exit(1)
    print(f"docs ok: {len(files)} Markdown files, README.md {words} words")


if __name__ == "__main__":
    main()
