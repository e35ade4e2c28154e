#!/usr/bin/env python3
"""Bad-input tests: every tests/bad/*.py must be rejected with the diagnostics its header names.

For each program, in a fresh folder holding a copy of it as in/NAME.py and an
OUT.cu with sentinel content, py2cuda runs twice: `in/NAME.py -o OUT.cu` and
`in/NAME.py -o OUT.cu --header OUT.h --annotate OUT.html`. Each run must

  - exit with status 1, without crashing or hanging;
  - print the expected errors in order, each as `in/NAME.py:LINE:COL: error: ...`
    (the path as given on the command line) with the source line and a caret
    under COL, and no other errors unless the header says `# allow-extra-errors`;
  - leave OUT.cu as it was and create nothing else (no OUT.h, no OUT.html, no temporary files).

The header format is described in tests/testlib/expectations.py.

    run_bad_inputs.py --py2cuda BUILD/py2cuda [NAME ...]   run (all, or names containing NAME)
    ... --show     print py2cuda's stderr for every case (to reconcile the expected messages)
    ... --corpus DIR   another corpus of the same form, relative to the repository
                   (default tests/bad; tests/fuzz/regressions holds the fuzzer's finds)
    ... --lint     check the corpus alone, without py2cuda: headers well formed and
                   positions inside the file; with --show, draws each expected position
"""
import ast
import shutil
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testlib import cli, diagnostics, expectations, translator  # noqa: E402
from testlib.report import Reporter  # noqa: E402
from testlib.scratch import scratch_dir  # noqa: E402

SENTINEL = b"// sentinel: py2cuda must leave this file alone when the input has errors\n"
VARIANTS = (["-o", "OUT.cu"], ["-o", "OUT.cu", "--header", "OUT.h", "--annotate", "OUT.html"])


def main() -> int:
    parser = cli.make_parser(__doc__.splitlines()[0])
    parser.add_argument("--show", action="store_true", help="print py2cuda's stderr for each case")
    parser.add_argument("--lint", action="store_true", help="check the corpus only; needs no py2cuda")
    parser.add_argument("--corpus", default="tests/bad", help="the corpus folder, relative to --source-dir")
    args = cli.parse(parser)
    if not args.lint:
        cli.require_py2cuda(parser, args)

    corpus = args.source_dir / args.corpus
    report = Reporter()
    for program in translator.programs(corpus):
        name = program.stem
        if not cli.selected(name, args.names):
            continue
        text = program.read_text(encoding="utf-8")
        try:
            expected = expectations.parse(text)
        except expectations.HeaderError as e:
            report.fail(name, f"bad expectation header: {e}")
            continue
        if args.lint:
            lint(name, text, expected, args.show, report)
            continue
        problems, stderrs = run_case(program, expected, args)
        if args.show:
            report.info(f"---- {name}: stderr\n{stderrs[0]}----")
        if problems:
            report.fail(name, problems[0], "\n".join(f"    also: {p}" for p in problems[1:4]))
        else:
            report.ok(name)
    return report.finish()


def run_case(program: Path, expected: expectations.Expectations, args) -> tuple[list[str], list[str]]:
    """Runs py2cuda on one program in each variant; returns (problems found, stderr per run)."""
    source_lines = program.read_text(encoding="utf-8").splitlines()
    problems: list[str] = []
    stderrs: list[str] = []
    for variant in VARIANTS:
        with scratch_dir("bad", args.keep) as work:
            (work / "in").mkdir()
            shutil.copyfile(program, work / "in" / program.name)
            (work / "OUT.cu").write_bytes(SENTINEL)
            given_path = f"in/{program.name}"
            run = translator.run(args.py2cuda, [given_path, *variant], cwd=work, timeout=args.timeout)
            stderrs.append(run.stderr)
            label = "with --header and --annotate: " if "--header" in variant else ""
            found = check_run(run, given_path, expected, source_lines) + check_outputs(work)
            problems += [label + p for p in found]
    if stderrs[0] != stderrs[1] and not problems:
        problems.append("diagnostics differ between runs with and without --header and --annotate")
    return list(dict.fromkeys(problems)), stderrs  # each problem once, in order


def check_run(run: translator.Run, given_path: str, expected: expectations.Expectations,
              source_lines: list[str]) -> list[str]:
    if crash := run.failure():
        return [crash]
    problems = []
    if run.returncode != 1:
        problems.append(f"exit status {run.returncode}, expected 1")
    parsed = diagnostics.parse(run.stderr)
    problems += expectations.match(parsed.errors(), expected, given_path)
    problems += diagnostics.rendering_problems(parsed, given_path, source_lines)
    for line in parsed.stray:
        if "error:" in line:
            problems.append(f"unexpected error line: {line!r}")
    return problems


def check_outputs(work: Path) -> list[str]:
    problems = []
    if (work / "OUT.cu").read_bytes() != SENTINEL:
        problems.append("OUT.cu was overwritten")
    if (work / "OUT.h").exists():
        problems.append("OUT.h was created")
    stray = sorted(p.name for p in work.iterdir() if p.name not in ("in", "OUT.cu", "OUT.h"))
    stray += sorted(f"in/{p.name}" for p in (work / "in").iterdir() if p.suffix != ".py")
    if stray:
        problems.append(f"files left behind: {', '.join(stray)}")
    return problems


def lint(name: str, text: str, expected: expectations.Expectations, show: bool, report: Reporter) -> None:
    """Corpus self-check: a program not about syntax must otherwise be valid Python."""
    # (syntax_*.py: CPython's syntax errors, whose messages rarely say "syntax".)
    about_syntax = name.startswith("syntax_") or any("syntax" in e.message for e in expected.errors)
    if not about_syntax:
        try:
            ast.parse(text)
        except SyntaxError as e:
            report.fail(name, f"not valid Python ({e.msg} at {e.lineno}:{e.offset}), "
                              "but no syntax error is expected")
            return
    if show:
        lines = text.splitlines()
        drawn = [f"{e}\n    {lines[e.line - 1]}\n    {' ' * (e.col - 1)}^" for e in expected.errors]
        report.info("\n".join(drawn))
    report.ok(name)


if __name__ == "__main__":
    sys.exit(main())
