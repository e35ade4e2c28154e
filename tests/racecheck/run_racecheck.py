#!/usr/bin/env python3
"""Race-check tests: the corpus of racy and clean kernels in tests/racecheck/, run with

    py2cuda NAME.py --run --emulate --racecheck        (from tests/racecheck/, so reports quote lines)

Each NAME.py says what it must give, in a comment line:

    # racecheck-expect: FIRST LINE OF THE REPORT   exit status 1, the report's first line exactly
                                                   this, then both quoted source lines and carets
    # racecheck-warn: FIRST LINE OF THE WARNING    a benign race: the same, but a warning, and the
                                                   run goes on (exit status 0 unless an error follows)
    # racecheck-clean                              exit status 0, no report

A file may have several racecheck-warn lines and at most one racecheck-expect line, which come
last: the run's reports must be exactly these, in this order. Every racy one is run again with
PY2CUDA_EMU_RACECHECK=all (what --racecheck-all compiles in, chosen at run time so the build is
reused), which must give the same reports first. A build with
--racecheck but without --emulate is refused (exit 2).
The samples and test programs are checked for false alarms by run_programs.py --racecheck, the
oracle's kernels by run_oracle.py --also-racecheck (or --racecheck).

    run_racecheck.py --py2cuda BUILD/py2cuda --build-dir BUILD [NAME...]
"""
import concurrent.futures
import os
import re
import subprocess
import tempfile
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # testlib

from testlib import cli  # noqa: E402
from testlib.report import Reporter, indent  # noqa: E402

JOBS = 2  # the project's machines have two cores
RUN_TIMEOUT_S = 300.0
EXPECT = re.compile(r"^#\s*racecheck-(expect|warn):\s*(.+?)\s*$", re.MULTILINE)
CLEAN = re.compile(r"^#\s*racecheck-clean\s*$", re.MULTILINE)
# The first line of a report: "FILE:LINE:COL: error: data race ..." or "...: warning: benign data race ...".
REPORT = re.compile(r": (error: data race|warning: benign data race) ")


def run(py2cuda: Path, folder: Path, name: str, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([str(py2cuda), name, "--run", "--emulate", "--racecheck"], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=RUN_TIMEOUT_S)


def check(py2cuda: Path, path: Path, env: dict) -> str | None:
    """None when `path` gives what it must, else why not."""
    text = path.read_text()
    expected = EXPECT.findall(text)
    clean = bool(CLEAN.search(text))
    errors = [i for i, (kind, _) in enumerate(expected) if kind == "expect"]
    if bool(expected) == clean or len(errors) > 1 or (errors and errors[0] != len(expected) - 1):
        return ("needs '# racecheck-clean', or '# racecheck-warn:' lines and at most one "
                "'# racecheck-expect:' line after them")
    result = run(py2cuda, path.parent, path.name, env)
    if clean:
        if result.returncode != 0 or "data race" in result.stderr:
            return f"expected a clean run, got exit {result.returncode}:\n{indent(result.stderr)}"
        return None
    status = 1 if errors else 0
    headers = [line for _, line in expected]
    for flag, got in (("--racecheck", result), ("PY2CUDA_EMU_RACECHECK=all", None)):
        if got is None:
            # From another folder, by its path: the reports still quote the Python lines.
            got = run(py2cuda, Path(tempfile.gettempdir()), str(path), dict(env, PY2CUDA_EMU_RACECHECK="all"))
        lines = got.stderr.splitlines()
        reports = [i for i, line in enumerate(lines) if REPORT.search(line)]
        found = [lines[i] for i in reports]
        complete = found == headers if flag == "--racecheck" else found[:len(headers)] == headers
        if got.returncode != status or not complete:
            return (f"{flag}: expected exit {status} and the reports\n{indent(chr(10).join(headers))}\n"
                    f"got exit {got.returncode}:\n{indent(got.stderr)}")
        for i in reports[:len(headers)]:
            note = next((j for j in range(i + 1, len(lines)) if ": note: " in lines[j]), None)
            if note is None or note + 2 >= len(lines) or lines[i + 2].strip() != "^" or lines[note + 2].strip() != "^":
                return f"{flag}: a report does not quote both source lines with carets:\n{indent(got.stderr)}"
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
