#!/usr/bin/env python3
"""Warning tests: every tests/warnings/*.py translates, with the warnings its header names.

For each program, in a fresh folder holding a copy of it as in/NAME.py, py2cuda runs
`in/NAME.py -o OUT.cu` (and the options of its `# py2cuda-args:` lines). The run must

  - exit with status 0, without crashing or hanging, and print no error;
  - write OUT.cu (not empty);
  - print the expected warnings in order, each as `in/NAME.py:LINE:COL: warning: ...`
    (the path as given on the command line) with the source line and a caret under COL,
    and no other warnings unless the header says `# allow-extra-warnings`.

The header is tests/bad's (tests/testlib/expectations.py) with `warning:` for `error:`:

    # expect: 9:27: warning: compiled Numba rejects this shape

    run_warnings.py --py2cuda BUILD/py2cuda [NAME ...]   run (all, or names containing NAME)
    ... --show     print py2cuda's stderr for every case
    ... --lint     check the corpus alone, without py2cuda: headers well formed, positions inside
                   the file, each program valid Python; with --show, draws each expected position
"""
import ast
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testlib import cli, diagnostics, expectations, translator  # noqa: E402
from testlib.report import Reporter  # noqa: E402
from testlib.scratch import scratch_dir  # noqa: E402


def main() -> int:
    parser = cli.make_parser(__doc__.splitlines()[0])
    parser.add_argument("--show", action="store_true", help="print py2cuda's stderr for each case")
    parser.add_argument("--lint", action="store_true", help="check the corpus only; needs no py2cuda")
    args = cli.parse(parser)
    if not args.lint:
        cli.require_py2cuda(parser, args)

    report = Reporter()
    for program in translator.programs(args.source_dir / "tests" / "warnings"):
        name = program.stem
        if not cli.selected(name, args.names):
            continue
        text = program.read_text(encoding="utf-8")
        try:
            expected = expectations.parse(text, severity="warning")
            ast.parse(text)
        except expectations.HeaderError as e:
            report.fail(name, f"bad expectation header: {e}")
            continue
        except SyntaxError as e:
            report.fail(name, f"not valid Python ({e.msg} at {e.lineno}:{e.offset})")
            continue
        if args.lint:
            if args.show:
                lines = text.splitlines()
                report.info("\n".join(f"{e}\n    {lines[e.line - 1]}\n    {' ' * (e.col - 1)}^" for e in expected.errors))
            report.ok(name)
            continue
        problems, stderr = run_case(program, expected, args)
        if args.show:
            report.info(f"---- {name}: stderr\n{stderr}----")
        if problems:
            report.fail(name, problems[0], "\n".join(f"    also: {p}" for p in problems[1:4]))
        else:
            report.ok(name)
    return report.finish()


def run_case(program: Path, expected: expectations.Expectations, args) -> tuple[list[str], str]:
    """Runs py2cuda on one program; returns (problems found, its stderr)."""
    source_lines = program.read_text(encoding="utf-8").splitlines()
    with scratch_dir("warnings", args.keep) as work:
        (work / "in").mkdir()
        given_path = f"in/{program.name}"
        (work / given_path).write_bytes(program.read_bytes())
        run = translator.run(args.py2cuda, [given_path, "-o", "OUT.cu", *translator.extra_args(program)], cwd=work,
                             timeout=args.timeout)
        if crash := run.failure():
            return [crash], run.stderr
        problems = []
        if run.returncode != 0:
            problems.append(f"exit status {run.returncode}, expected 0")
        out = work / "OUT.cu"
        if not out.exists() or out.stat().st_size == 0:
            problems.append("OUT.cu was not written")
    parsed = diagnostics.parse(run.stderr)
    problems += [f"unexpected error: {d.header()}" for d in parsed.errors()]
    warnings = [d for d in parsed.diagnostics if d.severity == "warning"]
    problems += expectations.match(warnings, expected, given_path)
    problems += diagnostics.rendering_problems(parsed, given_path, source_lines)
    problems += [f"unexpected line on stderr: {line!r}" for line in parsed.stray if line.strip()]
    return problems, run.stderr


if __name__ == "__main__":
    sys.exit(main())
