#!/usr/bin/env python3
"""Race-check tests: the corpus of racy and clean kernels in tests/racecheck/, run with

    py2cuda NAME.py --run --emulate --racecheck        (from tests/racecheck/, so reports quote lines)

Each NAME.py says what it must give, in a comment line:

    # racecheck-expect: FIRST LINE OF THE REPORT   exit status 1, stderr's first line exactly this,
                                                   followed by both quoted source lines and carets
    # racecheck-clean                              exit status 0, no report

and every racy one is run again with PY2CUDA_EMU_RACECHECK=all (what --racecheck-all compiles in,
chosen at run time so the build is reused), which must report the same race first. A build with
--racecheck but without --emulate is refused (exit 2).
The samples and test programs are checked for false alarms by run_programs.py --racecheck.

    run_racecheck.py --py2cuda BUILD/py2cuda --build-dir BUILD [NAME...]
"""
import concurrent.futures
import os
import re
import subprocess
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # testlib

from testlib import cli  # noqa: E402
from testlib.report import Reporter, indent  # noqa: E402

JOBS = 2  # the project's machines have two cores
RUN_TIMEOUT_S = 300.0
EXPECT = re.compile(r"^#\s*racecheck-expect:\s*(.+?)\s*$", re.MULTILINE)
CLEAN = re.compile(r"^#\s*racecheck-clean\s*$", re.MULTILINE)


def run(py2cuda: Path, folder: Path, name: str, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([str(py2cuda), name, "--run", "--emulate", "--racecheck"], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=RUN_TIMEOUT_S)


def check(py2cuda: Path, path: Path, env: dict) -> str | None:
    """None when `path` gives what it must, else why not."""
    text = path.read_text()
    expected = EXPECT.findall(text)
    clean = bool(CLEAN.search(text))
    if len(expected) + clean != 1:
        return "needs exactly one '# racecheck-expect:' or '# racecheck-clean' line"
    result = run(py2cuda, path.parent, path.name, env)
    if clean:
        if result.returncode != 0 or "data race" in result.stderr:
            return f"expected a clean run, got exit {result.returncode}:\n{indent(result.stderr)}"
        return None
    for flag, got in (("--racecheck", result), ("PY2CUDA_EMU_RACECHECK=all", None)):
        if got is None:
            got = run(py2cuda, path.parent, path.name, dict(env, PY2CUDA_EMU_RACECHECK="all"))
        lines = got.stderr.splitlines()
        if got.returncode != 1 or not lines or lines[0] != expected[0]:
            return (f"{flag}: expected exit 1 and the report\n{indent(expected[0])}\n"
                    f"got exit {got.returncode}:\n{indent(got.stderr)}")
        notes = [i for i, line in enumerate(lines) if ": note: " in line]
        if len(lines) < 6 or not notes or lines[2].strip() != "^" or lines[notes[0] + 2].strip() != "^":
            return f"{flag}: the report does not quote both source lines with carets:\n{indent(got.stderr)}"
    return None


def main() -> int:
    parser = cli.make_parser(__doc__)
    args = cli.parse(parser)
    cli.require_py2cuda(parser, args)
    folder = Path(__file__).resolve().parent
    cases = sorted(p for p in folder.glob("*.py") if not p.name.startswith("run_"))
    if args.names:
        cases = [p for p in cases if any(n in p.stem for n in args.names)]
    env = dict(os.environ)
    if args.build_dir:
        env.setdefault("PY2CUDA_CACHE_DIR", str(Path(args.build_dir).resolve() / "racecheck-cache"))
    reporter = Reporter()
    if not args.names:
        usage = subprocess.run([str(args.py2cuda), str(cases[0]), "--exe", "--racecheck", "-o", os.devnull],
                               capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
        if usage.returncode == 2 and "--emulate" in usage.stderr:
            reporter.ok("--racecheck without --emulate refused")
        else:
            reporter.fail("--racecheck without --emulate refused", f"exit {usage.returncode}", indent(usage.stderr))
    with concurrent.futures.ThreadPoolExecutor(JOBS) as pool:
        outcomes = pool.map(lambda p: (p, check(args.py2cuda, p, env)), cases)
        for path, why in outcomes:
            if why is None:
                reporter.ok(path.stem)
            else:
                reporter.fail(path.stem, why.splitlines()[0], "\n".join(why.splitlines()[1:]))
    return reporter.finish()


if __name__ == "__main__":
    sys.exit(main())
