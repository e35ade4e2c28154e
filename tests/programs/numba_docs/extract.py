#!/usr/bin/env python3
"""Writes numba-cuda's documentation examples as standalone programs.

numba-cuda's documentation shows code cut out of the test methods of
numba_cuda/numba/cuda/tests/doc_examples/test_*.py (between `# magictoken.ex_...` markers).
Each test method (or test function) becomes one program NAME.py here, NAME being the test's
name without `test_`: its body as written, made the body of `def main():`, called under
`if __name__ == "__main__":`. A body that uses `self` (unittest assertions) gets a
`unittest.TestCase()` for it. The test file's module-level imports other than unittest's and
numba's test support come first. Only the tests' plumbing is left out: the class decorators
(skips), setUp/tearDown, and a `with captured_stdout():` around a whole body (all three only
hide the output or skip the test).

    extract.py [--python PY] [--source DIR|WHEEL|SDIST] [--out DIR] [--expected] [NAME...]

--source is numba-cuda's doc_examples folder, a numba-cuda wheel or sdist; by default the
numba-cuda installed for --python. --expected also writes NAME.expected, the program's
output under Numba's simulator (NUMBA_ENABLE_CUDASIM=1, with the closure shim of
tools/sim_shims.py), for the programs that run there; it prints those the simulator cannot run.
"""
import argparse
import ast
import io
import os
import re
import subprocess
import sys
import tarfile
import textwrap
import zipfile
from pathlib import Path

sys.dont_write_bytecode = True

PINNED_VERSION = "0.30.4"
EXAMPLES = "numba/cuda/tests/doc_examples/"
HERE = Path(__file__).resolve().parent
SIM_TIMEOUT_S = 300


def read_sources(source: str | None, python: str) -> tuple[str, dict[str, str]]:
    """(numba-cuda version, {file name: text}) of the doc_examples test files."""
    if source is None:
        code = ("import importlib.metadata, pathlib, numba.cuda as c; "
                "print(importlib.metadata.version('numba-cuda')); "
                "print(pathlib.Path(c.__file__).parent / 'tests' / 'doc_examples')")
        out = subprocess.run([python, "-c", code], check=True, capture_output=True, text=True,
                             env=dict(os.environ, NUMBA_ENABLE_CUDASIM="1")).stdout.split("\n")
        version, folder = out[0].strip(), Path(out[1].strip())
        return version, {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("test_*.py"))}
    path = Path(source)
    if path.is_dir():
        return "(a folder)", {p.name: p.read_text(encoding="utf-8") for p in sorted(path.glob("test_*.py"))}
    m = re.search(r"numba[_-]cuda-([0-9][^-]*?)(?:\.tar\.gz|-py|-cp|\.zip)", path.name)
    version = m.group(1) if m else "(unknown)"
    files = {}
    if path.name.endswith(".tar.gz"):
        with tarfile.open(path) as tar:
            for member in tar.getmembers():
                name = member.name
                if EXAMPLES in name and re.search(r"/test_[^/]*\.py$", name):
                    files[name.rsplit("/", 1)[1]] = tar.extractfile(member).read().decode("utf-8")
    else:
        with zipfile.ZipFile(path) as z:
            for name in z.namelist():
                if EXAMPLES in name and re.search(r"/test_[^/]*\.py$", name):
                    files[name.rsplit("/", 1)[1]] = z.read(name).decode("utf-8")
    return version, dict(sorted(files.items()))


def spdx_header(text: str) -> list[str]:
    return [line for line in text.splitlines()[:5] if line.startswith("# SPDX-")]


def body_lines(lines: list[str], fn: ast.FunctionDef, end: int) -> list[str]:
    """The lines of `fn`'s body as written, comments included, up to line `end` (exclusive)."""
    first = fn.body[0]
    # The body starts on the line after the `def ...:` header (a docstring or a comment may
    # come first).
    header_end = first.lineno - 1
    while header_end > fn.lineno and not lines[header_end - 1].rstrip().endswith(":"):
        header_end -= 1
    header_end = max(header_end, fn.lineno)
    body = lines[header_end:end - 1]
    indent = fn.col_offset
    # Comments at the class's indentation after the method belong to what follows.
    while body and (not body[-1].strip() or len(body[-1]) - len(body[-1].lstrip()) <= indent):
        body.pop()
    return body


def unwrap_captured_stdout(fn: ast.FunctionDef, lines: list[str], body: list[str]) -> list[str]:
    """The body of a `with captured_stdout():` that is the whole body, dedented; else `body`."""
    stmts = [s for s in fn.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    if len(stmts) != 1 or not isinstance(stmts[0], ast.With):
        return body
    w = stmts[0]
    items = w.items
    if len(items) != 1 or not isinstance(items[0].context_expr, ast.Call) or \
            getattr(items[0].context_expr.func, "id", None) != "captured_stdout":
        return body
    # From the line after `with ...:` (comments before the first statement included).
    inner = lines[w.lineno:w.end_lineno]
    return textwrap.dedent("\n".join(inner)).splitlines()


def tests_of(text: str) -> list[tuple[str, str, ast.FunctionDef, int]]:
    """(test name, qualified name, function, the line after it) of each test in a file."""
    tree = ast.parse(text)
    lines = text.splitlines()
    found = []

    def scan(body, owner):
        for i, node in enumerate(body):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                end = body[i + 1].lineno if i + 1 < len(body) else (owner.end_lineno + 1 if owner else len(lines) + 1)
                # Decorators of the next node start before its `def` line.
                if i + 1 < len(body) and getattr(body[i + 1], "decorator_list", None):
                    end = min(d.lineno for d in body[i + 1].decorator_list)
                qual = f"{owner.name}.{node.name}" if owner else node.name
                found.append((node.name, qual, node, end))
            elif isinstance(node, ast.ClassDef):
                scan(node.body, node)

    scan(tree.body, None)
    return found


TEST_PLUMBING = ("unittest", "numba.cuda.testing", "numba.cuda.tests")


def module_imports(text: str) -> list[str]:
    """The test file's own module-level imports that the examples read (`np`), as written."""
    lines = text.splitlines()
    out = []
    for node in ast.parse(text).body:
        if isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            modules = [node.module or ""]
        else:
            continue
        if any(m == p or m.startswith(p + ".") for m in modules for p in TEST_PLUMBING):
            continue
        out += lines[node.lineno - 1:node.end_lineno]
    return out


def uses_self(fn: ast.FunctionDef) -> bool:
    return any(isinstance(n, ast.Name) and n.id == "self" for stmt in fn.body for n in ast.walk(stmt))


def program_text(version: str, file_name: str, text: str, qual: str, fn: ast.FunctionDef, end: int) -> str:
    lines = text.splitlines()
    body = body_lines(lines, fn, end)
    body = textwrap.dedent("\n".join(body)).splitlines()
    body = unwrap_captured_stdout(fn, lines, body)
    needs_self = uses_self(fn)
    out = [
        f"# A numba-cuda {version} documentation example: {qual} of",
        f"# numba_cuda/{EXAMPLES}{file_name}, its body as written, run as a program.",
        "# Generated by tests/programs/numba_docs/extract.py: regenerate rather than edit.",
        *spdx_header(text),
    ]
    imports = (["import unittest"] if needs_self else []) + module_imports(text)
    if imports:
        out += ["", *imports]
    out += ["", "", f"def main({'self' if needs_self else ''}):"]
    out += [("    " + line) if line.strip() else "" for line in body]
    out += ["", "", 'if __name__ == "__main__":', f"    main({'unittest.TestCase()' if needs_self else ''})", ""]
    return "\n".join(out)


# The simulator does not swap its fake `cuda` module into closures (numba-cuda's tests skip
# these examples under it for that reason); tools/sim_shims.py makes it.
SIMULATOR_RUN = (
    "import runpy, sys; sys.path.insert(0, {tools!r}); import sim_shims; sim_shims.swap_closure_cuda(); "
    "sys.argv = [{program!r}]; runpy.run_path({program!r}, run_name='__main__')"
)


def run_simulator(python: str, program: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1", PYTHONDONTWRITEBYTECODE="1")
    code = SIMULATOR_RUN.format(tools=str(HERE.parent / "tools"), program=program.name)
    return subprocess.run([python, "-c", code], cwd=program.parent, env=env, capture_output=True,
                          timeout=SIM_TIMEOUT_S, stdin=subprocess.DEVNULL)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", default=sys.executable, help="the interpreter with numba-cuda (default: this one)")
    parser.add_argument("--source", help="doc_examples folder, numba-cuda wheel or sdist")
    parser.add_argument("--out", default=str(HERE), help="where the programs go (default: this folder)")
    parser.add_argument("--expected", action="store_true", help="write NAME.expected from the simulator")
    parser.add_argument("names", nargs="*", help="only the programs whose name contains one of these")
    args = parser.parse_args()
    version, files = read_sources(args.source, args.python)
    if version != PINNED_VERSION:
        print(f"warning: numba-cuda {version}, not the pinned {PINNED_VERSION}", file=sys.stderr)
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    status = 0
    for file_name, text in files.items():
        for name, qual, fn, end in tests_of(text):
            program = out_dir / (name.removeprefix("test_") + ".py")
            if args.names and not any(n in program.stem for n in args.names):
                continue
            program.write_text(program_text(version, file_name, text, qual, fn, end), encoding="utf-8")
            if not args.expected:
                print(f"wrote {program.name}")
                continue
            expected = program.with_suffix(".expected")
            # An existing NAME.expected the simulator cannot make stays (one written from
            # tools/numba_check.py's cpu run, where the simulator does not freeze closures).
            kept = f" ({expected.name} kept)" if expected.exists() else ""
            try:
                p = run_simulator(args.python, program)
            except subprocess.TimeoutExpired:
                print(f"wrote {program.name}; the simulator did not finish it in {SIM_TIMEOUT_S} s{kept}")
                continue
            if p.returncode == 0:
                expected.write_bytes(p.stdout)
                print(f"wrote {program.name} and {expected.name}")
            else:
                last = (p.stderr.decode("utf-8", "replace").strip().splitlines() or ["?"])[-1]
                print(f"wrote {program.name}; the simulator cannot run it: {last}{kept}")
    return status


if __name__ == "__main__":
    sys.exit(main())
