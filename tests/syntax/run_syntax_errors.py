#!/usr/bin/env python3
"""Syntax errors as CPython reports them, on single-slip mutants of the repository's programs.

Every mutant (tests/syntax/mutants.py: a lost colon, bracket or quote, a stray or lost
indent, a misspelt keyword, a lost comma, `=` for `==`, ...) of samples/*.py,
tests/programs/*.py and tests/syntax/sources/*.py (match statements) that CPython rejects
(its parser, or its compiler: "'return' outside function") must be rejected by py2cuda (exit 1)
with, as its first diagnostic, CPython's line, CPython's column (where CPython gives one)
and CPython's message. The expected answers come from compile() in the python3 running
this script, so they follow its version (the project targets CPython 3.11).

    run_syntax_errors.py --py2cuda BUILD/py2cuda [--source-dir REPO] [--per-kind N] [--files-per-kind N]
                         [-v] [NAME ...]

ctest runs `--files-per-kind 3` (every kind, in three files each); the full corpus is
`--per-kind 5` (docs/tests.md gives its count).
"""
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from testlib import cli  # noqa: E402
import mutants  # noqa: E402

DIAGNOSTIC = re.compile(r"^.*?:(\d+):(\d+): error: (.*)$")


def byte_column(source: str, lineno: int, offset: int) -> int:
    """CPython's 1-based character offset as py2cuda's 1-based byte column."""
    lines = source.splitlines()
    text = lines[lineno - 1] if 0 < lineno <= len(lines) else ""
    return len(text[:offset - 1].encode("utf-8")) + 1


def check(py2cuda: Path, work: Path, index: int, m: mutants.Mutant, timeout: float):
    """None if py2cuda agrees with CPython on `m`, else what went wrong."""
    path = work / f"m{index}.py"
    path.write_text(m.source, encoding="utf-8")
    try:
        p = subprocess.run([str(py2cuda), str(path), "-o", os.devnull], stdin=subprocess.DEVNULL,
                           capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"timed out after {timeout:.0f} s"
    stderr = p.stderr.decode("utf-8", "replace")
    first = next((DIAGNOSTIC.match(line) for line in stderr.splitlines() if DIAGNOSTIC.match(line)), None)
    expected = f"{m.lineno}:{byte_column(m.source, m.lineno, m.offset) if m.offset > 0 else '*'}: {m.message}"
    if p.returncode != 1 or not first:
        return f"expected {expected}; exit status {p.returncode}, stderr:\n{stderr}"
    line, col, message = int(first[1]), int(first[2]), first[3]
    if line == m.lineno and (m.offset <= 0 or col == byte_column(m.source, m.lineno, m.offset)) and \
            message == m.message:
        return None
    return f"expected {expected}\n       got {line}:{col}: {message}"


def main() -> int:
    parser = cli.make_parser(__doc__.splitlines()[0])
    parser.add_argument("--per-kind", type=int, default=2,
                        help="mutants of each kind of slip per file, spread over it (default 2)")
    parser.add_argument("--files-per-kind", type=int, default=0,
                        help="each kind of slip in this many files only, spread over them (default 0: all)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every disagreement")
    args = cli.parse(parser)
    cli.require_py2cuda(parser, args)
    # tests/syntax/sources: programs in what py2cuda does not translate (match statements) but
    # whose syntax errors it must still report as CPython does.
    sources = sorted((args.source_dir / "samples").glob("*.py")) + \
        sorted((args.source_dir / "tests" / "programs").glob("*.py")) + \
        sorted((args.source_dir / "tests" / "syntax" / "sources").glob("*.py"))
    corpus = [m for m in mutants.mutants(sources, args.per_kind, args.files_per_kind) if cli.selected(m.name, args.names)]
    with tempfile.TemporaryDirectory(prefix="py2cuda-syntax-") as tmp, \
            concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda im: check(args.py2cuda, Path(tmp), im[0], im[1], args.timeout),
                                enumerate(corpus)))
    failures = [(m, r) for m, r in zip(corpus, results) if r is not None]
    shown = failures if args.verbose else failures[:20]
    for m, r in shown:
        print(f"FAIL {m.name} ({m.kind})\n       {r}")
    if len(shown) < len(failures):
        print(f"... and {len(failures) - len(shown)} more (-v shows all)")
    print(f"{len(corpus) - len(failures)} of {len(corpus)} mutants: py2cuda reports CPython's line, column and message"
          f" (python {sys.version.split()[0]})")
    return 1 if failures or not corpus else 0


if __name__ == "__main__":
    sys.exit(main())
