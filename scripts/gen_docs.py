#!/usr/bin/env python3
"""Regenerates every generated block of the documentation (README.md, docs/*.md).

A generated block sits between two markers, `<!-- NAME:begin -->` and `<!-- NAME:end -->`,
and holds exactly what the generator NAME prints; the text around the markers is written by
hand. `make docs` runs this script; `--check` changes nothing and fails when a block is stale
(the ctest `run_docs` runs it so).

    scripts/gen_docs.py [--py2cuda build/py2cuda] [--source-dir .] [--check]
"""
import argparse
import pathlib
import re
import subprocess
import sys

# Generator name -> the py2cuda arguments whose standard output is the block.
GENERATORS = {
    # The supported Python callables, kernels and host code, from translator/builtins/.
    "builtins": ["--list-builtins"],
}

MARKER = re.compile(r"<!-- ([a-z_]+):(begin|end) -->")
REGENERATE = "make docs (or scripts/gen_docs.py --py2cuda build/py2cuda)"


def documentation_pages(source_dir: pathlib.Path) -> list[pathlib.Path]:
    return [source_dir / "README.md"] + sorted((source_dir / "docs").glob("*.md"))


def regenerate(text: str, outputs: dict[str, str], page: str) -> tuple[str, list[str]]:
    """The page with every generated block replaced, and the generator names it uses."""
    pieces, used, pos = [], [], 0
    markers = list(MARKER.finditer(text))
    if len(markers) % 2:
        raise SystemExit(f"gen_docs: {page}: a generated block is not closed")
    for begin, end in zip(markers[::2], markers[1::2]):
        name = begin.group(1)
        if begin.group(2) != "begin" or end.group(2) != "end" or end.group(1) != name:
            raise SystemExit(f"gen_docs: {page}: markers {begin.group(0)} and {end.group(0)} do not pair")
        if name not in outputs:
            raise SystemExit(f"gen_docs: {page}: no generator '{name}' (known: {', '.join(sorted(outputs))})")
        pieces += [text[pos:begin.end()], "\n", outputs[name]]
        pos = end.start()
        used.append(name)
    pieces.append(text[pos:])
    return "".join(pieces), used


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--py2cuda", default="build/py2cuda")
    parser.add_argument("--source-dir", default=str(pathlib.Path(__file__).resolve().parent.parent))
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a block is stale")
    args = parser.parse_args()

    source_dir = pathlib.Path(args.source_dir)
    outputs = {name: subprocess.run([args.py2cuda, *argv], check=True, capture_output=True, text=True).stdout
               for name, argv in GENERATORS.items()}
    stale, used = [], set()
    for page in documentation_pages(source_dir):
        text = page.read_text()
        new_text, names = regenerate(text, outputs, str(page.relative_to(source_dir)))
        used.update(names)
        if new_text != text:
            stale.append(str(page.relative_to(source_dir)))
            if not args.check:
                page.write_text(new_text)
    unused = sorted(set(GENERATORS) - used)
    if unused:
        print(f"gen_docs: no page has a block for {', '.join(unused)}: a generated table was lost")
        return 1
    if args.check and stale:
        print(f"gen_docs: generated tables are stale in {', '.join(stale)}; run {REGENERATE}")
        return 1
    if not args.check:
        print(f"gen_docs: {'regenerated ' + ', '.join(stale) if stale else 'every generated table is current'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
