#!/usr/bin/env python3
"""Command-line tests: what py2cuda says and does when the command itself is wrong.

Each case runs py2cuda in a fresh folder holding `ok.py` (a valid kernel), a folder `dir/` and
an `OUT.cu` with sentinel content, and checks

  - the exit status: 1 for bad input (a file that cannot be read, as CPython's "can't open
    file"), 2 for a command line that cannot mean anything (CLI11's and py2cuda's usage errors);
  - that stderr says `py2cuda: error: ` and the words the case names, and never a C++
    exception or CLI11's own wording for an input file;
  - that OUT.cu is untouched and no other file appeared (nothing is written on an error).

    run_cli.py --py2cuda BUILD/py2cuda [NAME ...]
"""
import dataclasses
import subprocess
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testlib import cli  # noqa: E402
from testlib.report import Reporter, indent  # noqa: E402
from testlib.scratch import scratch_dir  # noqa: E402

SENTINEL = b"// sentinel: an error must leave this file alone\n"
OK_PROGRAM = "from numba import cuda\n\n@cuda.jit\ndef inc(a):\n    a[0] += 1\n"


@dataclasses.dataclass(frozen=True)
class Case:
    name: str
    args: list[str]
    status: int
    says: str          # words stderr must contain after "py2cuda: error: "


CASES = [
    Case(name="missing_input", args=["missing.py", "-o", "OUT.cu"], status=1,
         says="cannot read 'missing.py': No such file or directory"),
    Case(name="missing_input_run", args=["missing.py", "--run", "--emulate"], status=1,
         says="cannot read 'missing.py': No such file or directory"),
    Case(name="missing_input_exe", args=["missing.py", "--exe", "--emulate", "-o", "BIN"], status=1,
         says="cannot read 'missing.py': No such file or directory"),
    Case(name="directory_input", args=["dir", "-o", "OUT.cu"], status=1,
         says="cannot read 'dir': it is a directory"),
    Case(name="no_output", args=["ok.py"], status=2,
         says="an input file and -o OUTPUT (or --annotate OUT.html, or --dump) are required"),
    Case(name="header_without_output", args=["ok.py", "--header", "OUT.h", "--annotate", "OUT.html"], status=2,
         says="--header needs -o OUTPUT"),
    Case(name="racecheck_without_build", args=["ok.py", "-o", "OUT.cu", "--racecheck"], status=2,
         says="--racecheck needs --exe or --run"),
    Case(name="two_outputs_to_stdout", args=["ok.py", "-o", "-", "--dump", "ir"], status=2,
         says="only one of -o -, --annotate - and --dump can write to standard output"),
    Case(name="depfile_without_md", args=["ok.py", "-o", "OUT.cu", "-MF", "OUT.d"], status=2,
         says="-MF names the depfile that -MD writes"),
    Case(name="program_args_without_run", args=["ok.py", "-o", "OUT.cu", "--", "1"], status=2,
         says="unexpected arguments after the input file"),
    Case(name="bad_signature", args=["ok.py", "-o", "OUT.cu", "--sig", "inc"], status=2, says="--sig expects NAME=SIGNATURE, got 'inc'"),
    Case(name="unknown_option", args=["ok.py", "-o", "OUT.cu", "--bogus"], status=2,
         says="The following argument was not expected: --bogus (see py2cuda --help)"),
    Case(name="bad_dump_stage", args=["ok.py", "--dump", "sass"], status=2, says="--dump: sass not in {ast,ir}"),
]


def run_case(py2cuda: Path, case: Case, keep: bool) -> list[str]:
    with scratch_dir("cli", keep) as work:
        (work / "ok.py").write_text(OK_PROGRAM, encoding="utf-8")
        (work / "dir").mkdir()
        (work / "OUT.cu").write_bytes(SENTINEL)
        before = sorted(p.name for p in work.iterdir())
        p = subprocess.run([str(py2cuda), *case.args], cwd=work, capture_output=True, text=True, timeout=60)
        problems = []
        if p.returncode != case.status:
            problems.append(f"exit status {p.returncode}, expected {case.status}")
        if f"py2cuda: error: {case.says}" not in p.stderr:
            problems.append(f"stderr lacks 'py2cuda: error: {case.says}'")
        for wording in ("terminate called", "what():", "File does not exist", "Run with --help", "\n\n"):
            if wording in p.stderr:
                problems.append(f"stderr has {wording!r}")
        if (work / "OUT.cu").read_bytes() != SENTINEL:
            problems.append("OUT.cu was overwritten")
        after = sorted(p.name for p in work.iterdir())
        if after != before:
            problems.append(f"files appeared: {sorted(set(after) - set(before))}")
        if problems:
            problems.append("stderr:\n" + indent(p.stderr))
        return problems


def main() -> int:
    parser = cli.make_parser(__doc__.splitlines()[0])
    args = cli.parse(parser)
    cli.require_py2cuda(parser, args)
    report = Reporter()
    for case in CASES:
        if not cli.selected(case.name, args.names):
            continue
        problems = run_case(args.py2cuda, case, args.keep)
        if problems:
            report.fail(case.name, problems[0], "\n".join(problems[1:]))
        else:
            report.ok(case.name)
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
