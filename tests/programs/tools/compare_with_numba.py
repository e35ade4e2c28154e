#!/usr/bin/env python3
"""On a machine with a GPU: every program run by Numba on the GPU and by py2cuda on the GPU, compared.

Not a ctest entry (CI has no GPU). For each NAME.py of samples/, tests/programs/,
tests/programs/numba_docs/ and tests/programs/numba_cudapy/ (with or without a NAME.expected), both

    python NAME.py ARGS                  (compiled Numba, its CUDA target, no simulator)
    py2cuda NAME.py --run -- ARGS        (nvcc, the same GPU)

are run (ARGS from its `# py2cuda-program-args:` lines) and their standard output and exit
status compared. One line per program: `SAME name`, `DIFF name` with the start of a diff, or
`FAIL name` when one side could not run it. Programs skipped by run_programs.py are run too:
what they print under Numba is worth knowing. Where Numba's output differs from NAME.expected
(the simulator's, with NumPy 1.x), that is said as well, since the expected files come from
the simulator and the GPU may differ in the last digits (fused multiply-add).

    compare_with_numba.py --py2cuda BUILD/py2cuda --python PYTHON [--build-dir DIR] [-j N] [NAME...]
"""
import concurrent.futures
import os
import subprocess
import sys
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # testlib
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run_programs

import run_programs  # noqa: E402
from testlib import cli, translator  # noqa: E402
from testlib.report import indent  # noqa: E402

TIMEOUT_S = 240.0
NOT_PROGRAMS = {"extract.py"}  # numba_docs/extract.py makes the examples


def main() -> int:
    parser = cli.make_parser(__doc__.splitlines()[0])
    parser.add_argument("-j", "--jobs", type=int, default=4, help="programs at once (default 4)")
    args = cli.parse(parser)
    cli.require_py2cuda(parser, args)
    python = str(args.python.absolute() if args.python and "/" in str(args.python) else args.python or sys.executable)
    build_dir = (args.build_dir or Path.cwd()).resolve()
    build_dir.mkdir(parents=True, exist_ok=True)
    programs = []
    for folder in run_programs.PROGRAM_FOLDERS:
        for path in translator.programs(args.source_dir / folder):
            name = path.relative_to(args.source_dir).with_suffix("").as_posix()
            if cli.selected(name, args.names) and path.name not in NOT_PROGRAMS:
                programs.append((name, path))
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        # Printed as each finishes, in order, so that a run stopped at a lease's limit keeps its lines.
        lines = pool.map(lambda p: compare(p[0], p[1], python, args.py2cuda, build_dir), programs)
        counts: dict[str, int] = {}
        for line in lines:
            print(line, flush=True)
            verdict = line.split(" ", 1)[0]
            counts[verdict] = counts.get(verdict, 0) + 1
    print(", ".join(f"{n} {verdict}" for verdict, n in sorted(counts.items())))
    return 0 if set(counts) <= {"SAME"} else 1


def run(argv: list[str], cwd: Path) -> tuple[int | None, str, str]:
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTHONUNBUFFERED="1")
    env.pop("NUMBA_ENABLE_CUDASIM", None)
    try:
        p = subprocess.run(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                           timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return None, "", f"timed out after {TIMEOUT_S:.0f} s"
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def compare(name: str, path: Path, python: str, py2cuda: Path, build_dir: Path) -> str:
    program_args = run_programs.program_arguments(path)[1:]  # without the "--"
    numba_status, numba_out, numba_err = run([python, path.name, *program_args], path.parent)
    ours_argv = [str(py2cuda), str(path), *translator.extra_args(path), "--run",
                 *(["--", *program_args] if program_args else [])]
    our_status, our_out, our_err = run(ours_argv, build_dir)
    notes = []
    expected = path.with_suffix(".expected")
    if expected.is_file() and expected.read_text() != numba_out and numba_status == 0:
        notes.append("  (Numba on the GPU differs from " + expected.name + ")")
    if numba_status is None or (numba_status != 0 and not numba_out):
        return f"FAIL {name}: Numba could not run it (status {numba_status})\n" + tail(numba_err)
    if our_status is None or (our_status != 0 and not our_out and numba_status == 0):
        return f"FAIL {name}: py2cuda could not run it (status {our_status})\n" + tail(our_err)
    if numba_out == our_out and numba_status == our_status:
        return "\n".join([f"SAME {name}", *notes])
    status = f" (exit status numba {numba_status}, py2cuda {our_status})" if numba_status != our_status else ""
    diff = run_programs.short_diff(numba_out.encode(), our_out.encode(), "numba")
    return "\n".join([f"DIFF {name}{status}", indent(diff), *notes,
                      *(["  py2cuda stderr:", tail(our_err)] if our_err.strip() else [])])


def tail(text: str) -> str:
    return indent(run_programs.stderr_tail(text))


if __name__ == "__main__":
    sys.exit(main())
