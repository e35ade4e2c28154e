#!/usr/bin/env python3
"""Oracle tests: every kernel run by Numba (the reference) and by py2cuda's CPU emulation, compared.

For every program of samples/, tests/golden/ and tests/programs/, the case table (cases/)
lists each kernel's cases: inputs of several sizes (1, 37, 1000, 4099: not multiples of the
block), edge values, 1-D and 2-D launches, scalar arguments. Then:

  1. numba_worker.py (run with --python, the venv holding numba and numpy) makes each case's
     inputs as .npy files and runs the kernel under Numba's simulator (NUMBA_ENABLE_CUDASIM=1),
     saving every array argument after the launch. Where the simulator is not a faithful oracle
     (it types values like NumPy and Python, not like compiled Numba), the table gives the
     expected values from first principles, with the reason. Once per program, cached.
  2. py2cuda translates the program with its harness (`--harness --line-directives`, the .cu of
     `--harness --exe --emulate`), and the host compiler builds those translations for the CPU
     emulation runtime with py2cuda's own flags, up to harness.COMBINED_PROGRAMS programs per
     g++ run (testlib/harness.py build_combined_cached: the runtime compiled once per group,
     not once per program; a group that fails is built again one program at a time, so that
     only the programs at fault fail). Cached.
  3. Each case runs through the harness on the same .npy inputs, and every array argument is
     compared with Numba's: integers and booleans exactly, floats as the case's tolerance says
     (spec.Tol; exact means the same bits), NaN equal to NaN.

One line per case:

    PASS samples/hypot_kernel:hypot_kernel[size=37,grid=2,block=32]
    FAIL samples/...:kernel[...]: out: first mismatch at index 5: numba 1.0 vs py2cuda 2.0 ...

then `N passed, M failed`. A kernel that Numba finds in a program but the table does not list
is a failure, as is a program without an entry (unless its header says `# oracle: whole-program`:
tests/programs/run_programs.py compares its whole output with Numba's instead). Exit status 0, 1 on failures, 77 (skipped)
without --python or when this py2cuda cannot build a harness (the Numba side still runs then,
so a broken table fails anyway).

Caches live in BUILD/oracle/ (numba/, combined/, runs/); each entry is keyed by a hash of what it
was made from, so a rerun with nothing changed only runs the harness.

With --also-racecheck (CI's ctest run_oracle) every case then runs a second time, named
`... (racecheck)`, through harnesses built with the emulation's data-race detector (the flags of
py2cuda --racecheck, docs/emulation.md "Race checking"), and also fails when its launch reports a
race, error or benign warning: no false alarm on any oracle kernel. Those harnesses are built
combined in the same way, with -DPY2CUDA_RACECHECK=1, cached in BUILD/oracle/racecheck/. --racecheck runs only that
second pass (caches in BUILD/oracle-racecheck/, so that it can run beside the plain oracle).

    run_oracle.py --py2cuda BUILD/py2cuda --build-dir BUILD --python BUILD/venv/bin/python [--racecheck | --also-racecheck] [NAME...]

NAME selects cases whose name contains it (e.g. hypot_kernel, "size=37").
"""
import concurrent.futures
import dataclasses
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # testlib
sys.path.insert(0, str(HERE))  # spec, cases, compare

import cases  # noqa: E402
from compare import compare, show  # noqa: E402
from spec import dims_arg  # noqa: E402
from testlib import cli, harness, npy, tools, translator  # noqa: E402
from testlib.report import Reporter, indent  # noqa: E402

PROGRAM_FOLDERS = ("samples", "tests/golden", "tests/programs")
SKIP_STATUS = 77
# A program of tests/programs whose kernels are checked through the whole program's
# output (its .expected, printed by Numba) rather than case by case: its header says so.
WHOLE_PROGRAM_MARK = "# oracle: whole-program"

WORKER_TIMEOUT_S = 900
BUILD_TIMEOUT_S = 600
# What the worker's results depend on besides the program and its table entry.
WORKER_SOURCES = [HERE / "numba_worker.py", HERE / "inputs.py", HERE / "spec.py"]


@dataclasses.dataclass
class Program:
    rel: str  # "samples/hypot_kernel.py"
    path: Path
    kernels: list  # spec.Kernel, from the table

    @property
    def display(self) -> str:
        return self.rel[:-3] if self.rel.endswith(".py") else self.rel

    def case_name(self, kernel, case) -> str:
        return f"{self.display}:{kernel.name}{case.title()}"


def main() -> int:
    parser = cli.make_parser(__doc__.splitlines()[0])
    parser.add_argument("-j", "--jobs", type=int, default=2, help="processes at once (default 2)")
    parser.add_argument("--racecheck", action="store_true",
                        help="run the cases through --racecheck builds of the harnesses only (all programs in "
                             "--jobs combined executables); a race report fails the case")
    parser.add_argument("--also-racecheck", action="store_true",
                        help="after the plain run, run every case again as --racecheck does")
    args = cli.parse(parser)
    cli.require_py2cuda(parser, args)
    if args.python is None or not args.python.exists():
        print(f"no Numba interpreter (--python {args.python}): oracle tests skipped")
        return SKIP_STATUS
    build_dir = (args.build_dir or args.source_dir / "build").resolve()
    root = build_dir / ("oracle-racecheck" if args.racecheck else "oracle")
    report = Reporter()

    programs = collect(args.source_dir, args.names, report)
    manifests = numba_side(programs, args, root, report)
    method = harness.build_method(args.py2cuda)
    problem = (f"{args.py2cuda.name} has no --harness" if method is None else
               harness.toolchain_problem(tools.find_host_cxx(), root / "probe"))
    if problem:
        # The Numba side has run (a broken table still fails); the comparisons cannot.
        report.info(f"no emulation build is possible: {problem}")
        for p in programs:
            report.skip(p.display, f"{sum(len(k.cases) for k in p.kernels)} cases not run")
        status = report.finish()
        return status if report.failed else SKIP_STATUS
    how = f"py2cuda --harness, then {harness.COMBINED_PROGRAMS} programs at most per host compiler run"
    if args.racecheck or args.also_racecheck:
        how = ("" if args.racecheck else how + "; then ") + "the same with --racecheck"
    report.info(f"harness build: {how}")
    binaries = {} if args.racecheck else build_harnesses(programs, args, root / "combined", method, report)
    for p in programs:
        if p.rel in manifests and p.rel in binaries:
            run_program(p, manifests[p.rel], binaries[p.rel], args, root, report)
    if args.racecheck or args.also_racecheck:
        checked = build_harnesses(programs, args, root / "racecheck", method, report, racecheck=True)
        for p in programs:
            if p.rel in manifests and p.rel in checked:
                run_program(p, manifests[p.rel], checked[p.rel], args, root, report, racecheck=True)
    return report.finish()


# ---- the programs and the table -----------------------------------------------------------

def collect(source_dir: Path, filters: list[str], report: Reporter) -> list[Program]:
    """The programs with at least one selected case; a program missing from the table fails."""
    found = []
    for folder in PROGRAM_FOLDERS:
        for path in translator.programs(source_dir / folder):
            found.append((path.relative_to(source_dir).as_posix(), path))
    selected = []
    for rel, path in found:
        kernels = cases.TABLE.get(rel)
        if kernels is None and WHOLE_PROGRAM_MARK in path.read_text(encoding="utf-8")[:4000]:
            continue  # checked end to end against Numba's output by tests/programs/run_programs.py
        if kernels is None:
            if cli.selected(rel, filters):
                report.fail(rel[:-3], "no entry in the oracle case table (tests/oracle/cases/)")
            continue
        program = Program(rel, path, kernels)
        if any(cli.selected(program.case_name(k, c), filters) for k in kernels for c in k.cases):
            selected.append(program)
    for rel in sorted(set(cases.TABLE) - {rel for rel, _ in found}):
        if cli.selected(rel, filters):
            report.fail(rel[:-3], "the case table lists a program that does not exist")
    return selected


# ---- the Numba side ---------------------------------------------------------------------------

def numba_side(programs: list[Program], args, root: Path, report: Reporter) -> dict[str, dict]:
    """Runs the worker for the programs whose cached results are stale; returns their manifests."""
    keys = {p.rel: numba_key(p, args) for p in programs}
    stale = [p for p in programs if read_text(root / "numba" / p.rel / "stamp") != keys[p.rel]]
    if stale:
        report.info(f"Numba: running {len(stale)} of {len(programs)} programs in the simulator")
        jobs = max(1, args.jobs)
        groups = [g for g in (stale[i::jobs] for i in range(jobs)) if g]
        with concurrent.futures.ThreadPoolExecutor(max_workers=len(groups)) as pool:
            outcomes = list(pool.map(lambda group: run_worker(group, args, root), groups))
        for group, (ok, log) in zip(groups, outcomes):
            for p in group:
                if ok:
                    (root / "numba" / p.rel / "stamp").write_text(keys[p.rel])
                else:
                    report.fail(p.display, "the Numba worker failed", indent(log))
    manifests = {}
    for p in programs:
        path = root / "numba" / p.rel / "manifest.json"
        if read_text(root / "numba" / p.rel / "stamp") == keys[p.rel] and path.exists():
            manifests[p.rel] = json.loads(path.read_text())
    return manifests


def numba_key(p: Program, args) -> str:
    h = hashlib.sha256()
    h.update(p.path.read_bytes())
    h.update(repr(p.kernels).encode())
    for source in WORKER_SOURCES + [args.source_dir / "tests/programs/tools/sim_shims.py"]:
        h.update(read_bytes(source))
    h.update(str(args.python.resolve()).encode())
    h.update(read_bytes(args.python.parent.parent / "pyvenv.cfg"))
    return h.hexdigest()


def run_worker(group: list[Program], args, root: Path) -> tuple[bool, str]:
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1", PYTHONDONTWRITEBYTECODE="1")
    argv = [str(args.python), str(HERE / "numba_worker.py"), "--source-dir", str(args.source_dir),
            "--out-root", str(root / "numba"), *[p.rel for p in group]]
    try:
        proc = subprocess.run(argv, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                              text=True, timeout=WORKER_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return False, f"timed out after {WORKER_TIMEOUT_S} s: {' '.join(argv)}"
    return proc.returncode == 0, proc.stderr[-6000:]


# ---- the py2cuda side -------------------------------------------------------------------------

def build_harnesses(programs: list[Program], args, root: Path, method: str, report: Reporter,
                    racecheck: bool = False) -> dict[str, Path]:
    """Each program's harness executable (built, or reused from the cache under ROOT); a program
    whose build fails fails, with its compiler's output.

    Each program is translated as `py2cuda NAME.py --harness --line-directives -o -` (the .cu of
    `--harness --exe --emulate`), and the translations are compiled together,
    harness.COMBINED_PROGRAMS at most per g++ run, with the flags of py2cuda's own emulated build
    (`--racecheck`'s when `racecheck`): harness.build_combined_cached, one compile of the runtime
    per group instead of one per program; each program's executable is a script that runs its
    harness in the combined one. A program whose .cu calls CUDA C++ of other files
    (cuda.declare_device) is built alone by py2cuda, as a user builds it. A build is reused while
    the .cu texts, the runtime headers, the compiler and py2cuda's version are the same.
    """
    cxx = tools.find_host_cxx()
    include_dir = args.source_dir / "runtime" / "include"
    suffix = " (racecheck)" if racecheck else ""
    fixed = "\n".join([harness.hash_tree(include_dir), version_text(args.py2cuda)])

    def translate(p: Program) -> translator.Run:
        return translator.run(args.py2cuda, [p.path.name, "--harness", "--line-directives", "-o", "-",
                                             *translator.extra_args(p.path)], cwd=p.path.parent, timeout=args.timeout)

    def cases_of(p: Program) -> int:
        return sum(len(k.cases) for k in p.kernels)

    texts = {}
    linked = {}  # programs that call CUDA C++ of other files (cuda.declare_device): built alone
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for p, run in zip(programs, pool.map(translate, programs)):
            if run.failure() or run.returncode != 0:
                report.fail(p.display + suffix, f"py2cuda --harness failed (status {run.returncode}, "
                            f"{cases_of(p)} cases not run)", indent(run.failure() or run.stderr))
                continue
            text = run.stdout.decode("utf-8", "replace")
            if harness.links_other_files(text):
                linked[p.rel] = text
            else:
                texts[p.rel] = text

    def build_alone(p: Program) -> tuple[Path | None, str]:
        key = hashlib.sha256("\n".join([fixed, harness.build_command_text(method, cxx), "racecheck" * racecheck,
                                        linked[p.rel]]).encode()).hexdigest()
        binary = root / "alone" / p.display / p.path.stem
        stamp = binary.with_suffix(".stamp")
        if binary.exists() and read_text(stamp) == key:
            return binary, ""
        binary.parent.mkdir(parents=True, exist_ok=True)
        stamp.unlink(missing_ok=True)
        ok, why = harness.build(args.py2cuda, p.path, binary, method=method, include_dir=include_dir, cxx=cxx,
                                timeout=BUILD_TIMEOUT_S, racecheck=racecheck)
        if not ok:
            return None, why
        stamp.write_text(key)
        return binary, ""

    binaries: dict[str, Path] = {}
    for p in (p for p in programs if p.rel in linked):
        binary, why = build_alone(p)
        if binary is None:
            report.fail(p.display + suffix, f"building the emulation harness failed ({cases_of(p)} cases not run)",
                        indent(why))
        else:
            binaries[p.rel] = binary
    built, failed = harness.build_combined_cached(texts, root, include_dir=include_dir, cxx=cxx,
                                                  flags=harness.emulate_cxx_flags(racecheck), key=fixed,
                                                  jobs=args.jobs, timeout=BUILD_TIMEOUT_S * 2)
    binaries.update(built)
    for p in programs:
        if p.rel in failed:
            report.fail(p.display + suffix, f"building the emulation harness failed ({cases_of(p)} cases not run)",
                        indent(failed[p.rel][-8000:]))
    return binaries


def version_text(py2cuda: Path) -> str:
    try:
        return subprocess.run([str(py2cuda), "--version"], capture_output=True, text=True,
                              timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return ""


# ---- running and comparing --------------------------------------------------------------------

def run_program(p: Program, manifest: dict, binary: Path, args, root: Path, report: Reporter,
                racecheck: bool = False) -> None:
    listed_kernels = {k.name for k in p.kernels}
    for name in manifest["kernels_found"] if not racecheck else []:
        if name not in listed_kernels:
            report.fail(f"{p.display}:{name}",
                        "Numba finds this kernel, the oracle case table has no cases for it")
    try:
        offered = harness.list_kernels(binary)
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as e:
        report.fail(p.display, f"{binary.name} --list: {e}")
        return

    jobs = []  # (name, kernel, case, entry), in table order, for the selected cases
    entries = iter(manifest["cases"])
    for kernel in p.kernels:
        for case in kernel.cases:
            entry = next(entries)
            assert (entry["kernel"], entry["title"]) == (kernel.name, case.title()), "manifest out of step"
            name = p.case_name(kernel, case)
            if cli.selected(name, args.names):
                name += " (racecheck)" if racecheck else ""
                jobs.append((name, kernel, case, entry))
    numba_dir = root / "numba" / p.rel
    runs_dir = root / ("racecheck-runs" if racecheck else "runs") / p.rel

    def check(job):
        name, kernel, case, entry = job
        if "error" in entry:
            return "Numba side: " + entry["error"].splitlines()[0], indent(entry["error"])
        types = [(prm["dtype"], len(prm["shape"]) if "shape" in prm else 0) for prm in entry["params"]]
        launched = harness.instantiation(offered, kernel.name, types)
        if launched is None:
            listed = "; ".join(f"{n} {s}" for n, sigs in offered.items() for s in sigs)
            wanted = ", ".join(f"{t}[{d}-D]" if d else t for t, d in types)
            return f"the harness offers no {kernel.name} for ({wanted})", indent(f"--list: {listed}")
        return run_case(binary, launched, case, entry, numba_dir / entry["dir"], runs_dir / entry["dir"],
                        args.timeout, racecheck)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for (name, _, _, _), problem in zip(jobs, pool.map(check, jobs)):
            if problem:
                report.fail(name, *problem)
            else:
                report.ok(name)


def run_case(binary: Path, launched: str, case, entry: dict, numba_dir: Path, out_dir: Path,
             timeout: float, racecheck: bool = False) -> tuple[str, str] | None:
    """Launches one case (as the harness's kernel `launched`) and compares; returns (reason,
    details) on failure."""
    if out_dir.exists():
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True)
    # Arrays as .npy files; scalars and generator states (rng:COUNT:SEED) as literals.
    argv = [str(numba_dir / "in" / f"{prm['name']}.npy") if prm["kind"] == "array" else prm["literal"]
            for prm in entry["params"]]
    run = harness.launch(binary, launched, dims_arg(case.grid), dims_arg(case.block), argv,
                         out_dir=out_dir, timeout=timeout)
    command = " ".join(run.argv)
    if run.returncode is None:
        return f"the launch did not finish in {timeout:.0f} s", indent(command)
    if run.returncode != 0:
        return f"the launch failed (status {run.returncode})", indent(command + "\n" + run.output)
    if "error: data race" in run.output or ("benign data race" in run.output and not case.benign_race):
        return "--racecheck reported a data race", indent(command + "\n" + run.output)
    if racecheck and case.benign_race and "benign data race" not in run.output:
        return f"--racecheck gave no benign race warning ({case.benign_race})", indent(command + "\n" + run.output)
    problems = []
    for prm in entry["params"]:
        if prm["kind"] != "array":
            continue
        got_path = out_dir / f"{prm['name']}.npy"
        if not got_path.exists():
            problems.append(f"{prm['name']}: the harness wrote no {got_path.name}")
            continue
        try:
            want = npy.load(numba_dir / "expected" / f"{prm['name']}.npy")
            got = npy.load(got_path)
        except npy.NpyError as e:
            problems.append(f"{prm['name']}: {e}")
            continue
        m = compare(want, got, case.tol)
        if m is None:
            continue
        if m.index is None:
            problems.append(f"{prm['name']}: {m.what}")
        else:
            source = "first principles" if first_principles(case, prm["name"], m.index) else "numba"
            problems.append(f"{prm['name']}: first mismatch at index {m.index}: {source} "
                            f"{show(m.want, want.dtype)} vs py2cuda {show(m.got, got.dtype)} "
                            f"({m.count} of {m.total} elements differ)")
    if not problems:
        return None
    details = [f"also {p}" for p in problems[1:]]
    if not case.tol.exact:
        details.append(f"tolerance: {case.tol.why}")
    details.append(f"rerun: {command}")
    return problems[0], indent("\n".join(details))


def first_principles(case, param: str, index) -> bool:
    """Whether the expected value at `index` of `param` came from the table, not the simulator."""
    if param in dict(case.expect):
        return True
    overrides = dict(dict(case.override).get(param, ()))
    return index in overrides


def read_text(path: Path) -> str | None:
    try:
        return path.read_text()
    except OSError:
        return None


def read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


if __name__ == "__main__":
    sys.exit(main())
