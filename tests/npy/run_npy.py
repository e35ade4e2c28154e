#!/usr/bin/env python3
"""py2cuda's .npy files against numpy's (runtime/include/py2cuda/npy.h), one line per check.

  - the committed files of tests/npy/good and tests/npy/bad are what gen_npy_files.py
    writes now (run it to refresh them after editing it);
  - npy_roundtrip.cpp, built with the host compiler, reads every good file and writes
    it back; numpy loads each copy as the original, and each is byte for byte the
    file numpy writes (gen_npy_files.py --check);
  - it rejects every bad file, with a message that starts with the file's name.

    run_npy.py --python PYTHON_WITH_NUMPY [--source-dir REPO] [--keep]

The reading side, each file's values and each rejection's message, is checked by the
unit tests (tests/unit/test_npy.cpp). Skipped (exit 77) without numpy or a host compiler.
"""
import filecmp
import subprocess
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testlib import cli, tools  # noqa: E402
from testlib.report import Reporter, indent  # noqa: E402
from testlib.scratch import scratch_dir  # noqa: E402

SKIP = 77
HOST_FLAGS = ["-std=c++20", "-O1", "-Wall", "-Wextra", "-Wpedantic", "-Werror"]


def run(argv, cwd: Path, timeout: float):
    """(exit status, combined output) of a command."""
    try:
        p = subprocess.run([str(a) for a in argv], cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=timeout)
    except subprocess.TimeoutExpired:
        return -1, f"timed out after {timeout:.0f} s"
    return p.returncode, p.stdout.decode("utf-8", "replace")


def has_numpy(python: Path | None) -> bool:
    if not python or not python.is_file():
        return False
    return run([python, "-c", "import numpy"], Path.cwd(), 120)[0] == 0


def check_current(reporter: Reporter, python: Path, here: Path, work: Path, timeout: float) -> None:
    name = "committed files are gen_npy_files.py's"
    status, output = run([python, here / "gen_npy_files.py", "--out", work / "gen"], work, timeout)
    if status != 0:
        reporter.fail(name, "gen_npy_files.py failed", indent(output))
        return
    problems = []
    for folder in ("good", "bad"):
        fresh = {p.name for p in (work / "gen" / folder).glob("*.npy")}
        committed = {p.name for p in (here / folder).glob("*.npy")}
        problems += [f"{folder}/{n}: not committed" for n in sorted(fresh - committed)]
        problems += [f"{folder}/{n}: no longer generated" for n in sorted(committed - fresh)]
        problems += [f"{folder}/{n}: differs" for n in sorted(fresh & committed)
                     if not filecmp.cmp(work / "gen" / folder / n, here / folder / n, shallow=False)]
    if problems:
        reporter.fail(name, "run tests/npy/gen_npy_files.py and commit its files", indent("\n".join(problems)))
    else:
        reporter.ok(name)


def check_round_trip(reporter: Reporter, python: Path, cxx: str, source_dir: Path, work: Path,
                     timeout: float) -> None:
    here = source_dir / "tests" / "npy"
    exe = work / "npy_roundtrip"
    status, output = run([cxx, *HOST_FLAGS, "-I", source_dir / "runtime" / "include", here / "npy_roundtrip.cpp",
                          "-o", exe], work, max(timeout, 300))
    if status != 0:
        reporter.fail("build npy_roundtrip.cpp", "compiler output follows", indent(output))
        return
    reporter.ok("build npy_roundtrip.cpp")

    name = "npy.h reads numpy's files and numpy reads npy.h's, byte for byte"
    status, output = run([exe, here / "good", work / "out"], work, timeout)
    if status != 0:
        reporter.fail(name, "npy_roundtrip failed", indent(output))
    else:
        status, output = run([python, here / "gen_npy_files.py", "--check", work / "out"], work, timeout)
        if status != 0:
            reporter.fail(name, "gen_npy_files.py --check found problems", indent(output))
        else:
            reporter.ok(name, output.strip().splitlines()[-1])

    name = "npy.h rejects every bad file, naming it"
    bad = sorted((here / "bad").glob("*.npy"))
    status, output = run([exe, here / "bad", work / "bad"], work, timeout)
    unnamed = [p.name for p in bad if not any(line.startswith(f"{p}: ") for line in output.splitlines())]
    if status != 1 or unnamed or f"{len(bad)} failed" not in output:
        reporter.fail(name, f"exit status {status}; no message for: {', '.join(unnamed) or '-'}", indent(output))
    else:
        reporter.ok(name, f"{len(bad)} files")


def main() -> int:
    parser = cli.make_parser(__doc__.splitlines()[0])
    args = cli.parse(parser)
    reporter = Reporter()
    cxx = tools.find_host_cxx()
    if not has_numpy(args.python):
        print(f"SKIP: numpy is needed (--python {args.python or '(not given)'})")
        return SKIP
    if not cxx:
        print("SKIP: no host C++ compiler ($CXX, g++, clang++)")
        return SKIP
    here = args.source_dir / "tests" / "npy"
    with scratch_dir("npy", args.keep) as work:
        check_current(reporter, args.python, here, work, args.timeout)
        check_round_trip(reporter, args.python, cxx, args.source_dir, work, args.timeout)
    return reporter.finish()


if __name__ == "__main__":
    sys.exit(main())
