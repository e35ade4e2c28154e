#!/usr/bin/env python3
"""Program tests: whole programs (host code included) run by py2cuda, their stdout compared.

Every NAME.py of samples/, tests/programs/, tests/programs/numba_docs/ (numba-cuda's
documentation examples, extracted), tests/programs/numba_cudapy/ (kernels of numba-cuda's own
tests as programs) and tests/programs/module_names/ (files named like the C library's functions)
that has a NAME.expected is run as

    py2cuda NAME.py [its # py2cuda-args: options] --run --emulate [-- its # py2cuda-program-args:]

from the build folder (at most two at once, 300 s each), which translates the program, builds
its host main() and kernels for the CPU emulation runtime and runs it. Its standard output must
equal NAME.expected byte for byte (what the program prints under Numba, see
tests/programs/README.md), and its exit status must be the one in NAME.expected_exit (a program
that ends with an uncaught exception: `1`), or 0 when there is no such file. When
NAME.expected_stderr exists, the last line of its standard error must equal that file's line
(the exception's traceback line, `AssertionError: 3 != 4`).

A program whose first 30 lines hold

    # py2cuda-program: skip REASON

is not run: it is reported as SKIP with the reason (a program py2cuda cannot run yet; the line
goes when it can). Programs outside tests/programs/ (the samples) and the generated ones of
tests/programs/numba_docs/ are skipped the same way by a line `NAME REASON` in
tests/programs/skips.txt (NAME as reported, e.g. samples/transpose_shared), so that their text
stays as it is.

A program may also be run with further argument lists, one per line in its first 30 lines,

    # py2cuda-program-run: ARGS

(ARGS in shell words, possibly none): each is one more `--run` of the same build (py2cuda's
cache makes it cheap), and NAME.runs.expected holds, run after run, the argument list, the exit
status, the whole standard output and the whole standard error (a transcript written from the
oracle by tools/runs_expected.py). This is for what a program does with its command line:
argparse's help, its error messages on stderr and its exit status 2. COLUMNS is removed from the
environment of every run, so that argparse's help is 80 columns wide as it is in a pipe.

With --racecheck every program is built with `--racecheck` instead (the emulation's data-race
detector, docs/emulation.md "Race checking") and must also print no race report: no false alarm on any
sample or test program. (The ctest entry run_programs_racecheck.) Those builds are combined, as
run_oracle's racecheck harnesses are (testlib/harness.py build_combined): each program is translated
as `py2cuda NAME.py --line-directives -o -` (the .cu `--run` compiles), up to harness.COMBINED_PROGRAMS
of them are compiled into one executable with the flags of py2cuda's `--run --racecheck` build (the
runtime and the host library compiled once per group, not once per program), cached in
BUILD/programs-racecheck/ while the texts, the runtime and the compiler are the same, and each is
run as `BIN NAME ARGS`. A program whose .cu links CUDA C++ of other files (cuda.declare_device) or
has no main() of its own, and a program whose build fails when it is compiled alone after its
group's failed (harness.build_combined_cached), is built by `py2cuda --run --emulate --racecheck`.

With --gpu they are built with nvcc and run on this machine's GPU (`--run` without `--emulate`);
skipped (77) where nvidia-smi lists no GPU. CI has none: this is the check for a machine that has.

One line per program, `PASS name`, `FAIL name: why` (with the start of a unified diff and the
tail of py2cuda's stderr) or `SKIP name (reason)`, then `N passed, M failed` (`, K skipped`
added when some were skipped). Exit status 0 when nothing failed, 1 otherwise, 77 (skipped)
when this py2cuda has no --run.

    run_programs.py --py2cuda BUILD/py2cuda --build-dir BUILD [NAME...]

NAME selects the programs whose name (e.g. samples/hypot_kernel) contains it.
"""
import concurrent.futures
import dataclasses
import difflib
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # testlib

from testlib import cli, harness, tools, translator  # noqa: E402
from testlib.report import Reporter, indent  # noqa: E402

PROGRAM_FOLDERS = ("samples", "tests/programs", "tests/programs/numba_docs", "tests/programs/numba_cudapy",
                   "tests/programs/module_names")
JOBS = 2  # the project's machines have two cores
RUN_TIMEOUT_S = 300.0
SKIP_STATUS = 77
HEADER_LINES = 30  # where a skip line is looked for
SKIP_LIST = "tests/programs/skips.txt"
SKIP_RE = re.compile(r"^\s*#\s*py2cuda-program:\s*skip\b\s*(.*?)\s*$")
DIFF_LINES = 20
STDERR_LINES = 15
COMBINED_TIMEOUT_S = 1200.0


@dataclasses.dataclass
class Program:
    name: str  # "samples/hypot_kernel"
    path: Path
    expected: Path
    skip: str | None  # the reason of its skip line, if it has one


@dataclasses.dataclass
class Outcome:
    reason: str | None  # None: passed
    details: str = ""


class ProgramReporter(Reporter):
    """The project's reporter, with the skips counted on the closing line itself."""

    def finish(self) -> int:
        summary = f"{self.passed} passed, {self.failed} failed"
        if self.skipped:
            summary += f", {self.skipped} skipped"
        self._print(summary)
        return 1 if self.failed else 0


def main() -> int:
    parser = cli.make_parser(__doc__.splitlines()[0])
    parser.set_defaults(timeout=RUN_TIMEOUT_S)
    parser.add_argument("-j", "--jobs", type=int, default=JOBS, help=f"programs at once (default {JOBS})")
    parser.add_argument("--racecheck", action="store_true",
                        help="build with --racecheck too; a race report fails the program")
    parser.add_argument("--gpu", action="store_true",
                        help="build with nvcc and run on this machine's GPU instead of emulating")
    args = cli.parse(parser)
    cli.require_py2cuda(parser, args)
    if args.gpu and not has_gpu():
        print("--gpu: no GPU here (nvidia-smi -L lists none): program tests skipped")
        return SKIP_STATUS
    if not offers_run(args.py2cuda):
        print(f"{args.py2cuda} has no --run/--emulate: program tests skipped")
        return SKIP_STATUS
    build_dir = (args.build_dir or Path.cwd()).resolve()
    report = ProgramReporter()

    programs = [p for p in collect(args.source_dir) if cli.selected(p.name, args.names)]
    to_run = [p for p in programs if p.skip is None]
    commands = (build_racecheck_combined(to_run, args.py2cuda, args.source_dir, build_dir, args.timeout, args.jobs)
                if args.racecheck and not args.gpu else {})
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        outcomes = dict(zip((p.name for p in to_run),
                            pool.map(lambda p: run_program(p, args.py2cuda, build_dir, args.timeout, args.racecheck, args.gpu,
                                                           commands.get(p.name)),
                                     to_run)))
    for p in programs:
        if p.skip is not None:
            report.skip(p.name, p.skip or "no reason given")
            continue
        outcome = outcomes[p.name]
        if outcome.reason is None:
            report.ok(p.name)
        else:
            report.fail(p.name, outcome.reason, outcome.details)
    return report.finish()


def offers_run(py2cuda: Path) -> bool:
    try:
        p = subprocess.run([str(py2cuda), "--help"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    text = p.stdout + p.stderr
    return "--run" in text and "--emulate" in text


def collect(source_dir: Path) -> list[Program]:
    """The programs that have an expected output, in folder then name order."""
    listed = skip_list(source_dir / SKIP_LIST)
    found = []
    for folder in PROGRAM_FOLDERS:
        for path in translator.programs(source_dir / folder):
            expected = path.with_suffix(".expected")
            if not expected.is_file():
                continue
            name = path.relative_to(source_dir).with_suffix("").as_posix()
            skip = skip_reason(path)
            found.append(Program(name, path, expected, listed.get(name) if skip is None else skip))
    return found


def skip_list(path: Path) -> dict[str, str]:
    """NAME -> REASON from the skip list: `NAME REASON` lines, `#` comments, blank lines."""
    if not path.is_file():
        return {}
    listed = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            name, _, reason = line.partition(" ")
            listed[name] = reason.strip()
    return listed


def skip_reason(path: Path) -> str | None:
    """The REASON of a `# py2cuda-program: skip REASON` line in the first 30 lines, if any."""
    with path.open(encoding="utf-8") as f:
        for number, line in enumerate(f):
            if number >= HEADER_LINES:
                break
            m = SKIP_RE.match(line)
            if m:
                return m.group(1)
    return None


_PROGRAM_ARGS_RE = re.compile(r"^#\s*py2cuda-program-args:(.*)$")


def program_arguments(path: Path) -> list[str]:
    """The program's own command-line arguments (sys.argv[1:]) from its `# py2cuda-program-args:`
    lines in the first 30 (after the docstring), passed after `--`; NAME.expected is what `python NAME.py ARGS` prints."""
    args: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines()[:30]:
        m = _PROGRAM_ARGS_RE.match(line.strip())
        if m:
            args += shlex.split(m.group(1))
    return ["--", *args] if args else []


_PROGRAM_RUN_RE = re.compile(r"^#\s*py2cuda-program-run:(.*)$")


def extra_runs(path: Path) -> list[list[str]]:
    """The argument lists of the `# py2cuda-program-run:` lines in the first 30, in order."""
    runs = []
    for line in path.read_text(encoding="utf-8").splitlines()[:HEADER_LINES]:
        m = _PROGRAM_RUN_RE.match(line.strip())
        if m:
            runs.append(shlex.split(m.group(1)))
    return runs


def run_transcript(args: list[str], returncode: int, stdout: str, stderr: str) -> str:
    """One run as NAME.runs.expected holds it: what was run, how it ended, everything it printed."""
    def block(text: str) -> str:
        return text if not text or text.endswith("\n") else text + "\n(no newline at the end)\n"
    return (f"$ {shlex.join(['NAME.py', *args])}\n[exit {returncode}]\n[stdout]\n{block(stdout)}"
            f"[stderr]\n{block(stderr)}")


# NumPy's own SIMD loops (float32 sin/cos/exp/log with AVX2 or AVX-512, SVML's float64 exp/log
# and pow on AVX-512 SKX) round differently from the C library's in the last bit, and py2cuda's
# runtime follows the machine as NumPy does (docs/whole-programs.md). Every run turns them off
# in NumPy's own way, NPY_DISABLE_CPU_FEATURES, which the runtime reads as NumPy does, so that
# NAME.expected (written by the oracle under the same variable, tests/programs/README.md) is one
# output on every machine. NAME.expected.avx2 and NAME.expected.avx512_skx, where a program has
# them, are its output with those loops on, checked where the CPU has them.
NUMPY_LOOPS_OFF = {
    "": "AVX2 FMA3 AVX512F AVX512CD AVX512_SKX AVX512_CLX AVX512_CNL AVX512_ICL",
    "avx2": "AVX512F AVX512CD AVX512_SKX AVX512_CLX AVX512_CNL AVX512_ICL",
    "avx512_skx": "",
}
NUMPY_LOOPS_CPU_FLAGS = {"avx2": {"avx2", "fma"}, "avx512_skx": {"avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"}}


def cpu_flags() -> set[str]:
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return set()
    for line in text.splitlines():
        if line.startswith("flags"):
            return set(line.partition(":")[2].split())
    return set()


def program_env(numpy_loops: str = "") -> dict[str, str]:
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    env.pop("COLUMNS", None)  # argparse's help: 80 columns, as in a pipe
    env.pop("NPY_DISABLE_CPU_FEATURES", None)
    if NUMPY_LOOPS_OFF[numpy_loops]:
        env["NPY_DISABLE_CPU_FEATURES"] = NUMPY_LOOPS_OFF[numpy_loops]
    return env


def check_numpy_loop_variants(program: Program, argv: list[str], build_dir: Path, timeout: float) -> str | None:
    """Runs the program again for each NAME.expected.LOOPS this CPU can run; None when each
    output is that file's, else why not (with the start of a diff)."""
    flags = cpu_flags()
    for loops, needs in NUMPY_LOOPS_CPU_FLAGS.items():
        expected = program.path.with_name(program.path.stem + ".expected." + loops)
        if not expected.is_file() or not needs <= flags:
            continue
        try:
            p = tools.run_group(argv, cwd=build_dir, env=program_env(loops), stdin=subprocess.DEVNULL, timeout=timeout)
        except (OSError, subprocess.TimeoutExpired) as e:
            return f"the run with NumPy's {loops} loops failed: {e}"
        if p.stdout != expected.read_bytes():
            return f"stdout with NumPy's {loops} loops differs from {expected.name}\n" + short_diff(
                expected.read_bytes(), p.stdout, expected.name)
    return None


def check_extra_runs(program: Program, base_argv: list[str], build_dir: Path, timeout: float,
                     separator: list[str]) -> str | None:
    """Runs the program once per `# py2cuda-program-run:` line; None when the transcript is
    NAME.runs.expected's, else why not (with the start of a diff)."""
    runs = extra_runs(program.path)
    if not runs:
        return None
    expected_path = program.path.with_suffix(".runs.expected")
    if not expected_path.is_file():
        return f"{expected_path.name} is missing (tools/runs_expected.py writes it)"
    got = []
    for args in runs:
        argv = [*base_argv, *separator, *args] if args else base_argv
        try:
            p = subprocess.run(argv, cwd=build_dir, env=program_env(), stdin=subprocess.DEVNULL,
                               capture_output=True, timeout=timeout)
        except (subprocess.TimeoutExpired, OSError) as e:
            return f"run with {shlex.join(args)!r}: {e}"
        got.append(run_transcript(args, p.returncode, p.stdout.decode("utf-8", "replace"),
                                  p.stderr.decode("utf-8", "replace")))
    want = expected_path.read_bytes()
    have = "".join(got).encode("utf-8")
    if have == want:
        return None
    return f"the runs differ from {expected_path.name}\n" + short_diff(want, have, expected_path.name)


def expected_exit(program: Program) -> int:
    """The exit status NAME.expected_exit asks for (a program ending in an exception: 1), else 0."""
    path = program.path.with_suffix(".expected_exit")
    if not path.is_file():
        return 0
    return int(path.read_text().strip())


def expected_stderr_line(program: Program) -> str | None:
    """The last line of standard error NAME.expected_stderr asks for (an exception's line), else None."""
    path = program.path.with_suffix(".expected_stderr")
    return path.read_text().strip("\n") if path.is_file() else None


def has_gpu() -> bool:
    try:
        p = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return p.returncode == 0 and "GPU" in p.stdout


def run_program(program: Program, py2cuda: Path, build_dir: Path, timeout: float, racecheck: bool = False,
                gpu: bool = False, command: list[str] | None = None) -> Outcome:
    """`command`: the program's combined --racecheck build (BIN NAME), run with the program's
    arguments as they are; without it, `py2cuda NAME.py --run ... -- ARGS`."""
    if command is None:
        argv = [str(py2cuda), str(program.path), *translator.extra_args(program.path), "--run",
                *([] if gpu else ["--emulate"])]
        if racecheck:
            argv.append("--racecheck")
        separator = ["--"]
    else:
        argv = list(command)
        separator = []
    base_argv = list(argv)
    argv += separator + program_arguments(program.path)[1:]
    env = program_env()
    try:
        p = tools.run_group(argv, cwd=build_dir, env=env, stdin=subprocess.DEVNULL, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        return Outcome(f"timed out after {timeout:.0f} s",
                       indent(stderr_tail((e.stderr or b"").decode("utf-8", "replace"))))
    except OSError as e:
        return Outcome(f"cannot run {argv[0]}: {e}")
    stderr = p.stderr.decode("utf-8", "replace")
    want_status = expected_exit(program)
    want = program.expected.read_bytes()
    problems = []
    if p.returncode < 0:
        problems.append(f"killed by signal {-p.returncode}")
    elif p.returncode != want_status:
        problems.append(f"exit status {p.returncode} (expected {want_status})")
    if p.stdout != want:
        problems.append(f"stdout differs from {program.expected.name}")
    if racecheck and "error: data race" in stderr:
        problems.append("--racecheck reported a data race")
    want_line = expected_stderr_line(program)
    got_lines = stderr.rstrip("\n").splitlines()
    if want_line is not None and (got_lines[-1] if got_lines else "") != want_line:
        problems.append(f"stderr's last line is not {want_line!r}")
    if not problems:
        runs_problem = check_numpy_loop_variants(program, argv, build_dir, timeout)
        if runs_problem is None:
            runs_problem = check_extra_runs(program, base_argv, build_dir, timeout, separator)
        if runs_problem is None:
            return Outcome(None)
        first, _, diff = runs_problem.partition("\n")
        return Outcome(first, indent(diff + "\nrerun: (cd " + str(build_dir) + " && " + " ".join(base_argv + separator) + " ARGS)",
                                     max_lines=80))
    details = []
    if p.stdout != want:
        details.append(short_diff(want, p.stdout, program.expected.name))
    if stderr.strip():
        details.append("stderr (last lines):\n" + stderr_tail(stderr))
    details.append("rerun: (cd " + str(build_dir) + " && " + " ".join(argv) + ")")
    return Outcome("; ".join(problems), indent("\n".join(details), max_lines=80))


def build_racecheck_combined(programs: list[Program], py2cuda: Path, source_dir: Path, build_dir: Path,
                             timeout: float, jobs: int) -> dict[str, list[str]]:
    """--racecheck: the programs' combined builds (see the top); name -> the command that runs it.
    A program left out runs through py2cuda --run --racecheck."""
    cxx = tools.find_host_cxx()
    if cxx is None:
        return {}
    include_dir = source_dir / "runtime" / "include"
    flags = harness.emulate_cxx_flags(racecheck=True)  # those of py2cuda's --run --emulate --racecheck build

    def translate(program: Program) -> str | None:  # None: its own --run build reports or builds it
        return harness.whole_program_translation(py2cuda, program.path, cwd=build_dir, timeout=timeout,
                                                 extra_args=translator.extra_args(program.path))

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        texts = {p.name: t for p, t in zip(programs, pool.map(translate, programs)) if t is not None}
    built, _ = harness.build_combined_cached(texts, build_dir / "programs-racecheck", include_dir=include_dir,
                                             cxx=cxx, flags=flags, key=harness.hash_tree(include_dir), jobs=jobs,
                                             timeout=COMBINED_TIMEOUT_S,
                                             argv0={p.name: p.path.stem for p in programs if p.name in texts})
    return {name: [str(script)] for name, script in built.items()}


def short_diff(want: bytes, got: bytes, expected_name: str) -> str:
    want_lines = want.decode("utf-8", "replace").splitlines(keepends=True)
    got_lines = got.decode("utf-8", "replace").splitlines(keepends=True)
    diff = list(difflib.unified_diff(want_lines, got_lines, fromfile=expected_name,
                                     tofile="py2cuda", n=1))
    lines = [line.rstrip("\n") for line in diff]
    if not want.endswith(b"\n") or (got and not got.endswith(b"\n")):
        lines.append("(a last line without a newline)")
    if not lines:
        return "(no line differs: the bytes do)"
    more = len(lines) - DIFF_LINES
    return "\n".join(lines[:DIFF_LINES] + ([f"... ({more} more diff lines)"] if more > 0 else []))


def stderr_tail(stderr: str) -> str:
    lines = stderr.rstrip("\n").splitlines()
    return "\n".join(lines[-STDERR_LINES:])


if __name__ == "__main__":
    sys.exit(main())
