#!/usr/bin/env python3
"""Host-format test: py2cuda/host printers against CPython + NumPy 1.26, case by case.

The --python interpreter (NumPy 1.x) runs host_format_cases.py, which writes
cases.txt and expected.txt (what Python prints for each case). The C++ driver
format_cases.cpp is compiled with g++ -std=c++20 against runtime/include, reads
cases.txt and prints its own line per case; the two outputs must be identical.
Where nvcc is installed, the driver must also compile as CUDA host code
(nvcc -std=c++20 -x cu) without warnings; that counts as one more case.

    run_host_format.py --python VENV_PYTHON [--source-dir REPO] [--keep] [KIND ...]

Exit status: 0 all equal, 77 skipped (no --python, or its NumPy is not 1.x),
1 otherwise. KIND filters restrict the comparison to case kinds containing it
(e.g. array_repr, format_float).
"""
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testlib import cli  # noqa: E402
from testlib.scratch import scratch_dir  # noqa: E402

SKIP = 77
MAX_SHOWN = 30


def numpy_major(python: Path) -> str:
    r = subprocess.run([str(python), "-c", "import numpy; print(numpy.__version__)"],
                       capture_output=True, text=True)
    return r.stdout.strip() if r.returncode == 0 else ""


def decode_hex_fields(fields: list[str]) -> list[str]:
    """Shows the hex-encoded text fields of a case readably."""
    out = []
    for f in fields:
        try:
            out.append(repr(bytes.fromhex(f).decode("utf-8")) if f and len(f) % 2 == 0 else f)
        except ValueError:
            out.append(f)
    return out


def main() -> int:
    parser = cli.make_parser(__doc__.splitlines()[0])
    args = cli.parse(parser)
    if args.python is None or not Path(args.python).exists():
        print("SKIP: --python (a NumPy 1.26 interpreter) not given")
        return SKIP
    version = numpy_major(args.python)
    if not version.startswith("1."):
        print(f"SKIP: {args.python} has NumPy {version or '(none)'}, the expected output needs 1.x")
        return SKIP
    compiler = os.environ.get("CXX_HOST_FORMAT", "g++")
    if shutil.which(compiler) is None:
        print(f"FAIL: no C++ compiler {compiler}")
        return 1
    here = args.source_dir / "tests" / "host"
    with scratch_dir("host-format", args.keep) as work:
        gen = subprocess.run([str(args.python), str(here / "host_format_cases.py"), str(work)],
                             capture_output=True, text=True)
        if gen.returncode != 0:
            print("FAIL: case generator failed\n" + gen.stdout + gen.stderr)
            return 1
        driver = work / "format_cases"
        build = subprocess.run([compiler, "-std=c++20", "-O1", "-Wall", "-Wextra", "-Wpedantic", "-Werror",
                                f"-I{args.source_dir / 'runtime' / 'include'}",
                                str(here / "format_cases.cpp"), "-o", str(driver)],
                               capture_output=True, text=True)
        if build.returncode != 0:
            print("FAIL: the driver does not compile\n" + build.stdout + build.stderr)
            return 1
        # The headers must also compile as CUDA host code, warning-free.
        nvcc_problem = None
        if shutil.which("nvcc"):
            cu = subprocess.run(["nvcc", "-std=c++20", "-x", "cu", "-Werror", "all-warnings",
                                 "-Xcompiler", "-Wall,-Wextra,-Werror",
                                 f"-I{args.source_dir / 'runtime' / 'include'}", "-c",
                                 str(here / "format_cases.cpp"), "-o", str(work / "format_cases.o")],
                                capture_output=True, text=True)
            if cu.returncode != 0:
                nvcc_problem = cu.stdout + cu.stderr
        run = subprocess.run([str(driver), str(work / "cases.txt")], capture_output=True)
        if run.returncode != 0:
            print(f"FAIL: driver exited with {run.returncode}\n" + run.stderr.decode(errors="replace"))
            return 1

        def lines(data: bytes) -> list[str]:
            return data.decode("utf-8", errors="surrogateescape").split("\n")

        cases = (work / "cases.txt").read_text(encoding="utf-8").split("\n")
        expected = lines((work / "expected.txt").read_bytes())
        actual = lines(run.stdout)
        if len(actual) != len(expected):
            print(f"FAIL: driver printed {len(actual)} lines for {len(expected)} cases")
            return 1
        passed = failed = shown = 0
        failed_kinds: Counter = Counter()
        for case, exp, got in zip(cases, expected, actual):
            kind = case.split("\t", 1)[0]
            if not case or not cli.selected(kind, args.names):
                continue
            if exp == got:
                passed += 1
                continue
            failed += 1
            failed_kinds[kind] += 1
            if shown < MAX_SHOWN:
                shown += 1
                fields = case.split("\t")
                shown_fields = decode_hex_fields(fields[1:3]) + fields[3:8]
                print(f"FAIL {kind} {' '.join(shown_fields)[:200]}")
                print(f"    expected: {exp[:600]}")
                print(f"    got:      {got[:600]}")
        if shutil.which("nvcc") and not args.names:
            if nvcc_problem is None:
                passed += 1
            else:
                failed += 1
                failed_kinds["nvcc"] += 1
                print("FAIL nvcc -x cu: the headers do not compile as CUDA\n" + nvcc_problem[:3000])
        if failed:
            print("failures by kind: " + ", ".join(f"{k} {n}" for k, n in failed_kinds.most_common()))
        print(f"{passed} passed, {failed} failed")
        return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
