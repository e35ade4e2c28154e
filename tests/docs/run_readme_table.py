"""The README's supported-Python table must be the one the builtins table generates."""
import argparse
import pathlib
import subprocess
import sys

parser = argparse.ArgumentParser()
parser.add_argument("--py2cuda", required=True)
parser.add_argument("--source-dir", required=True)
args, _ = parser.parse_known_args()

table = subprocess.run([args.py2cuda, "--list-builtins"], check=True, capture_output=True, text=True).stdout
readme = (pathlib.Path(args.source_dir) / "README.md").read_text()
begin, end = "<!-- builtins:begin -->\n", "<!-- builtins:end -->"
current = readme[readme.index(begin) + len(begin):readme.index(end)]
if current != table:
    print("FAIL readme_table: README.md's supported-Python table is stale; run scripts/readme_builtins.sh")
    print("0 passed, 1 failed")
    sys.exit(1)
print("PASS readme_table")
print("1 passed, 0 failed")
