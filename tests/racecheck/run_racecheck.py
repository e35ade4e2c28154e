#!/usr/bin/env python3
"""Race-check tests: the corpus of racy and clean kernels in tests/racecheck/, each run with

    py2cuda NAME.py --run --racecheck                  (from tests/racecheck/, so reports quote lines)

or built as that does it: NAME.py says what it must give, in a comment line:

    # racecheck-expect: FIRST LINE OF THE REPORT   exit status 1, the report's first line exactly
                                                   this, then both quoted source lines and carets
    # racecheck-warn: FIRST LINE OF THE WARNING    a benign race: the same, but a warning, and the
                                                   run goes on (exit status 0 unless an error follows)
    # racecheck-clean                              exit status 0, no report

A file may have several racecheck-warn lines and at most one racecheck-expect line, which come
last: the run's reports must be exactly these, in this order. Every racy one is run again with
PY2CUDA_EMU_RACECHECK=all (what --racecheck-all compiles in, chosen at run time so the build is
reused), which must give the same reports first. --racecheck implies --emulate: the runs through
`--run` leave it out.

The first file of each kind (clean, warnings only, an error) goes the whole way users take:
`--run` (the command line, the build cache, the Python folder the build is told), its
PY2CUDA_EMU_RACECHECK=all run started from another folder by the file's path, so that the
reports must still find the Python lines. The others are translated (`--line-directives -o -`,
the .cu `--run` compiles) and compiled together with `--run --racecheck`'s flags, a few g++
runs instead of one each (testlib/harness.py build_combined_cached, cached in
BUILD/racecheck-combined/), and run from this folder: the same reports from the same code, for
a fraction of the builds' time. A file whose combined build fails goes through `--run`.
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

from testlib import cli, harness, tools  # noqa: E402
from testlib.report import Reporter, indent  # noqa: E402

JOBS = 2  # the project's machines have two cores
RUN_TIMEOUT_S = 300.0
COMBINED_TIMEOUT_S = 1200.0
EXPECT = re.compile(r"^#\s*racecheck-(expect|warn):\s*(.+?)\s*$", re.MULTILINE)
CLEAN = re.compile(r"^#\s*racecheck-clean\s*$", re.MULTILINE)
# The first line of a report: "FILE:LINE:COL: error: data race ..." or "...: warning: benign data race ...".
REPORT = re.compile(r": (error: data race|warning: benign data race) ")


def kind(text: str) -> str:
    """clean, warn (benign races only) or expect (a race reported as an error)."""
    kinds = {k for k, _ in EXPECT.findall(text)}
    return "expect" if "expect" in kinds else "warn" if kinds else "clean"


def run_py2cuda(py2cuda: Path, folder: Path, name: str, env: dict) -> subprocess.CompletedProcess:
    # No --emulate: --racecheck implies it (the detector is the emulation's).
    return subprocess.run([str(py2cuda), name, "--run", "--racecheck"], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=RUN_TIMEOUT_S)


def run_built(command: Path, folder: Path, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([str(command)], cwd=folder, env=env, capture_output=True, text=True,
                          timeout=RUN_TIMEOUT_S)


def check(py2cuda: Path, path: Path, env: dict, built: Path | None) -> str | None:
    """None when `path` gives what it must, else why not. `built`: its combined build's command,
    or None to go through py2cuda --run."""
    text = path.read_text()
    expected = EXPECT.findall(text)
    clean = bool(CLEAN.search(text))
    errors = [i for i, (kind, _) in enumerate(expected) if kind == "expect"]
    if bool(expected) == clean or len(errors) > 1 or (errors and errors[0] != len(expected) - 1):
        return ("needs '# racecheck-clean', or '# racecheck-warn:' lines and at most one "
                "'# racecheck-expect:' line after them")

    def run(run_env: dict, from_elsewhere: bool = False) -> subprocess.CompletedProcess:
        if built is not None:
            return run_built(built, path.parent, run_env)
        if from_elsewhere:
            # From another folder, by its path: the reports still quote the Python lines.
            return run_py2cuda(py2cuda, Path(tempfile.gettempdir()), str(path), run_env)
        return run_py2cuda(py2cuda, path.parent, path.name, run_env)

    result = run(env)
    if clean:
        if result.returncode != 0 or "data race" in result.stderr:
            return f"expected a clean run, got exit {result.returncode}:\n{indent(result.stderr)}"
        return None
    status = 1 if errors else 0
    headers = [line for _, line in expected]
    for flag, got in (("--racecheck", result), ("PY2CUDA_EMU_RACECHECK=all", None)):
        if got is None:
            got = run(dict(env, PY2CUDA_EMU_RACECHECK="all"), from_elsewhere=True)
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


def build_combined(py2cuda: Path, cases: list[Path], source_dir: Path, build_dir: Path) -> dict[Path, Path]:
    """The combined builds of `cases`: case -> the command that runs it. A case left out (its
    translation or its group's build failed) goes through py2cuda --run, which reports why."""
    cxx = tools.find_host_cxx()
    if cxx is None or not cases:
        return {}
    include_dir = source_dir / "runtime" / "include"

    def translate(path: Path) -> str | None:
        return harness.whole_program_translation(py2cuda, Path(path.name), cwd=path.parent, timeout=RUN_TIMEOUT_S)

    with concurrent.futures.ThreadPoolExecutor(JOBS) as pool:
        texts = {p.stem: t for p, t in zip(cases, pool.map(translate, cases)) if t is not None}
    built, _ = harness.build_combined_cached(
        texts, build_dir / "racecheck-combined", include_dir=include_dir, cxx=cxx,
        flags=harness.emulate_cxx_flags(racecheck=True), key=harness.hash_tree(include_dir), jobs=JOBS,
        timeout=COMBINED_TIMEOUT_S, argv0={name: name for name in texts})
    return {p: built[p.stem] for p in cases if p.stem in built}


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
        build_dir = Path(args.build_dir).resolve()
        env.setdefault("PY2CUDA_CACHE_DIR", str(build_dir / "racecheck-cache"))
    else:
        build_dir = Path(tempfile.mkdtemp(prefix="racecheck-"))  # for the combined builds alone
    reporter = Reporter()
    first_of_kind = {}
    for path in cases:
        first_of_kind.setdefault(kind(path.read_text()), path)
    through_run = set(first_of_kind.values())
    commands = build_combined(args.py2cuda, [p for p in cases if p not in through_run], args.source_dir, build_dir)
    with concurrent.futures.ThreadPoolExecutor(JOBS) as pool:
        outcomes = pool.map(lambda p: (p, check(args.py2cuda, p, env, commands.get(p))), cases)
        for path, why in outcomes:
            how = "" if path in commands else " (py2cuda --run)"
            if why is None:
                reporter.ok(path.stem + how)
            else:
                reporter.fail(path.stem + how, why.splitlines()[0], "\n".join(why.splitlines()[1:]))
    return reporter.finish()


if __name__ == "__main__":
    sys.exit(main())
