#!/usr/bin/env bash
# Regenerates the "Supported Python callables" table in README.md from the
# builtins table compiled into py2cuda (`py2cuda --list-builtins`). The test
# tests/docs/run_readme_table.py fails when the README is out of date.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
py2cuda="${1:-build/py2cuda}"
python3 - "$py2cuda" <<'PY'
import subprocess, sys, pathlib
table = subprocess.run([sys.argv[1], "--list-builtins"], check=True, capture_output=True, text=True).stdout
readme = pathlib.Path("README.md")
text = readme.read_text()
begin, end = "<!-- builtins:begin -->\n", "<!-- builtins:end -->"
i, j = text.index(begin) + len(begin), text.index(end)
readme.write_text(text[:i] + table + text[j:])
PY
