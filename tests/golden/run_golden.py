#!/usr/bin/env python3
"""Golden tests: py2cuda's output for tests/golden/NAME.py must equal tests/golden/NAME.cu byte for byte.

Each case is translated three times, from inside tests/golden with the bare
file name (so no path of this machine can reach the output): twice with
`-o -` (the two must agree: output is deterministic) and once with `-o FILE`
(the file must equal what went to stdout). A program may ask for options with
a `# py2cuda-args: ...` line in its leading comments (say --line-directives).

    run_golden.py --py2cuda BUILD/py2cuda [NAME ...]
    run_golden.py --py2cuda BUILD/py2cuda --update [NAME ...]   write/refresh the .cu files

A program without a .cu is reported as SKIP (not a failure) until --update
creates its golden; review the new .cu before committing it.
"""
import difflib
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testlib import cli, translator  # noqa: E402
from testlib.report import Reporter, indent  # noqa: E402
from testlib.scratch import scratch_dir  # noqa: E402

MAX_DIFF_LINES = 200


def main() -> int:
    parser = cli.make_parser(__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="write the .cu files from py2cuda's output")
    args = cli.parse(parser)
    cli.require_py2cuda(parser, args)

    folder = args.source_dir / "tests" / "golden"
    report = Reporter()
    for program in translator.programs(folder):
        name = program.stem
        if cli.selected(name, args.names):
            run_case(program, args, report)
    for golden in sorted(folder.glob("*.cu")):
        if cli.selected(golden.stem, args.names) and not golden.with_suffix(".py").exists():
            report.fail(golden.stem, f"{golden.name} has no {golden.stem}.py beside it (stale golden?)")
    return report.finish()


def run_case(program: Path, args, report: Reporter) -> None:
    name = program.stem
    golden = program.with_suffix(".cu")
    if not golden.exists() and not args.update:
        report.skip(name, "no golden")
        return
    output, problem = translate(program, args)
    if problem:
        report.fail(name, problem[0], problem[1])
        return
    if args.update:
        if golden.exists() and golden.read_bytes() == output:
            report.ok(name, "unchanged")
        else:
            golden.write_bytes(output)
            report.ok(name, f"wrote {golden.name}")
        return
    expected = golden.read_bytes()
    if output == expected:
        report.ok(name)
    else:
        report.fail(name, f"output differs from {golden.name}",
                    unified_diff(expected, output, f"{golden.name} (golden)", f"{golden.name} (py2cuda)"))


def translate(program: Path, args) -> tuple[bytes, tuple[str, str] | None]:
    """Returns (the output, None), or (b"", (reason, details)) when translation misbehaves."""
    extra = translator.extra_args(program)
    cwd = program.parent

    def once(out_args: list[str]) -> tuple[translator.Run, tuple[str, str] | None]:
        run = translator.run(args.py2cuda, [program.name, *out_args, *extra], cwd=cwd, timeout=args.timeout)
        if why := run.failure():
            return run, (why, indent(run.stderr))
        if run.returncode != 0:
            return run, (f"py2cuda exited with status {run.returncode}", indent(run.stderr))
        return run, None

    first, problem = once(["-o", "-"])
    if problem:
        return b"", problem
    second, problem = once(["-o", "-"])
    if problem:
        return b"", problem
    if second.stdout != first.stdout:
        return b"", ("output is not deterministic: two runs differ",
                     unified_diff(first.stdout, second.stdout, "first run", "second run"))
    with scratch_dir("golden", args.keep) as work:
        out_file = work / f"{program.stem}.cu"
        _, problem = once(["-o", str(out_file)])
        if problem:
            return b"", problem
        if not out_file.exists():
            return b"", (f"-o {out_file.name} exited 0 but wrote no file", "")
        written = out_file.read_bytes()
    if written != first.stdout:
        return b"", ("-o FILE and -o - give different output",
                     unified_diff(first.stdout, written, "-o -", "-o FILE"))
    return first.stdout, None


def unified_diff(a: bytes, b: bytes, a_name: str, b_name: str) -> str:
    lines = list(difflib.unified_diff(
        a.decode("utf-8", "replace").splitlines(keepends=True),
        b.decode("utf-8", "replace").splitlines(keepends=True),
        fromfile=a_name, tofile=b_name))
    if not lines:
        # Same text lines, different bytes: line endings or a missing final newline.
        return "    (the outputs differ only in line endings or the final newline)"
    if len(lines) > MAX_DIFF_LINES:
        lines = lines[:MAX_DIFF_LINES] + [f"... ({len(lines) - MAX_DIFF_LINES} more diff lines)\n"]
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                   for line in lines)


if __name__ == "__main__":
    sys.exit(main())
