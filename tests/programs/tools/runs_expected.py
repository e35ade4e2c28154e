#!/usr/bin/env python3
"""Writes NAME.runs.expected for programs with `# py2cuda-program-run: ARGS` lines: the oracle
(`NUMBA_ENABLE_CUDASIM=1 PYTHON NAME.py ARGS`, from the program's folder, COLUMNS removed from the
environment) run once per line, its exit status, standard output and standard error in the
transcript format run_programs.py compares.

    tools/runs_expected.py --python /work/main/build/venv/bin/python tests/programs/NAME.py...
"""
import argparse
import subprocess
import sys
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from run_programs import extra_runs, program_env, run_transcript  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", required=True, help="the oracle's Python (numba-cuda, NumPy 1.26)")
    parser.add_argument("programs", nargs="+", type=Path)
    args = parser.parse_args()
    for program in args.programs:
        runs = extra_runs(program)
        if not runs:
            print(f"{program}: no # py2cuda-program-run: lines", file=sys.stderr)
            return 1
        env = dict(program_env(), NUMBA_ENABLE_CUDASIM="1")
        text = ""
        for run in runs:
            p = subprocess.run([args.python, program.name, *run], cwd=program.resolve().parent, env=env,
                               stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=600)
            text += run_transcript(run, p.returncode, p.stdout, p.stderr)
        out = program.with_suffix(".runs.expected")
        out.write_text(text, encoding="utf-8")
        print(f"wrote {out} ({len(runs)} runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
