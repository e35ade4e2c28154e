#!/usr/bin/env python3
"""The annotated page (`py2cuda FILE.py --annotate OUT.html`) checked in a real browser.

Each case translates a program with `-o OUT.cu --annotate OUT.html`, loads the page in headless
Chromium (Debian's `chromium`; scripts/bootstrap.sh installs it) with `--dump-dom`, which prints
the DOM after the page's script has run, and checks that DOM:

  - the script ran: <body data-ready="1">, and it filled the legend's counts (the number of
    Python lines carrying each mark);
  - every line of the Python file is there, in order, with its text (id py-N), and every line of
    the .cu written beside it likewise (id cu-N);
  - every link resolves: each line number's href="#ID" and each id in data-links names a line of
    the other pane, and the links agree both ways (Python line P lists .cu line C exactly when C
    names P); the statements of a kernel are linked;
  - the marks are the expected ones: marks.py states on each line the marks it must carry
    (`# marks: ...`, none without the comment); for samples/python_semantics.py the lines with
    `//`, `%`, float64 promotion and negative-index wraparound are listed below, from what the
    program's comments say Numba does there;
  - the page is self-contained: nothing is loaded from elsewhere (no src=, no external href).

A screenshot of each page (1600x1000) is kept in BUILD/annotate/ with the page itself; the test
prints their paths. Also checked without a browser: the page's bytes are the same on a second
run; a program with errors leaves no page behind (and an existing one untouched); and the page
of every program of samples/, tests/golden/, tests/programs/ and tests/ufunc/ that translates has
every line of its file and links that resolve both ways (`every_program`).

Exit status 77 (skipped) when Chromium is not installed.
"""
import html.parser
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # testlib

from testlib import cli, translator  # noqa: E402
from testlib.report import Reporter, indent  # noqa: E402
from testlib.scratch import scratch_dir  # noqa: E402

SKIP_STATUS = 77
BROWSER_TIMEOUT_S = 60.0
MARK_KINDS = ("floordiv", "mod", "zerodiv", "wraparound", "float64", "bounds", "debug")
MARKS_RE = re.compile(r"#\s*marks:([a-z0-9 ]*)$")

# samples/python_semantics.py: the lines (by their code) where Numba's semantics cost work, and
# the marks other than bounds checks they carry; every other line carries none of those.
PYTHON_SEMANTICS_MARKS = {
    "q[i] = a[i] // b[i]": {"floordiv"},  # integer //: rounds toward -inf
    "r[i] = a[i] % b[i]": {"mod"},
    "fq[i] = x[i] // y[i]": {"floordiv"},  # float //
    "fr[i] = x[i] % y[i]": {"mod"},
    "out_float[2] = f32[1] ** 0.5": {"float64"},  # float32 ** float64 is float64
    "out[0] = f[0] * 0.5": {"float64"},  # float32 * float64 literal
    "out[1] = f[1] + 1": {"float64"},  # float32 + int64 literal
    "out[3] = i32[0] * f[2]": {"float64"},  # int32 * float32 is float64
    "s += f[k]": {"float64"},  # s is float64 after the loop's merge
    "out[t] = a[i] + m[-1, i]": {"wraparound"},  # i = t - 4 may be negative
}


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def chromium_argv(chromium: str, profile: Path) -> list[str]:
    # --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
    return [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--disable-extensions", f"--user-data-dir={profile}"]


class Line:
    def __init__(self, attrs: dict[str, str | None]) -> None:
        self.id = attrs.get("id") or ""
        self.links = (attrs.get("data-links") or "").split()
        self.notes = set((attrs.get("data-notes") or "").split())
        self.href: str | None = None
        self.code = ""
        self.mark_titles: list[str] = []


class PageParser(html.parser.HTMLParser):
    """The parts of the dumped DOM the checks need."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[Line] = []
        self.body: dict[str, str | None] = {}
        self.counts: dict[str, str] = {}
        self.external: list[str] = []
        self._line: Line | None = None
        self._in_code = False
        self._count_kind: str | None = None
        self._depth = 0  # <div> depth inside the current line

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        for attr in ("src", "href"):
            value = a.get(attr)
            if value is not None and not value.startswith("#"):
                self.external.append(f"<{tag} {attr}={value!r}>")
        if tag == "link" or (tag == "script" and "src" in a):
            self.external.append(f"<{tag}>")
        if tag == "body":
            self.body = a
        if tag == "div" and "line" in classes:
            self._line = Line(a)
            self.lines.append(self._line)
        elif self._line is not None:
            if tag == "a" and "num" in classes:
                self._line.href = a.get("href")
            elif tag == "code":
                self._in_code = True
            elif tag == "span" and "mark" in classes:
                self._line.mark_titles.append(a.get("title") or "")
        if tag == "span" and "count" in classes:
            self._count_kind = a.get("data-kind")
            self.counts[self._count_kind or ""] = ""

    def handle_endtag(self, tag):
        if tag == "code":
            self._in_code = False
        elif tag == "div":
            self._line = None
        elif tag == "span":
            self._count_kind = None

    def handle_data(self, data):
        if self._line is not None and self._in_code:
            self._line.code += data
        if self._count_kind is not None:
            self.counts[self._count_kind] += data


def check_links(lines: list[Line]) -> list[str]:
    """Links that name no line, or whose line does not link back."""
    problems = []
    by_id = {line.id: line for line in lines}
    for line in lines:
        other = "cu-" if line.id.startswith("py-") else "py-"
        targets = [other + n for n in line.links]
        missing = [t for t in targets if t not in by_id]
        if missing:
            problems.append(f"{line.id}: data-links name no line: {missing}")
        if line.links and line.href != "#" + targets[0]:
            problems.append(f"{line.id}: its number links to {line.href}, not its first counterpart #{targets[0]}")
        if not line.links and line.href is not None:
            problems.append(f"{line.id}: a link to {line.href} without data-links")
        for t in targets:
            back = by_id.get(t)
            if back is not None and line.id.split("-")[1] not in back.links:
                problems.append(f"{line.id} links to {t}, which does not link back")
    return problems


def source_lines_of(program: Path) -> list[str]:
    lines = program.read_text(encoding="utf-8").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def check_page(dom: str, program: Path, cu_text: str, expected: dict[int, set[str]],
               checked_kinds: tuple[str, ...], linked_lines: list[int]) -> list[str]:
    """What is wrong with the dumped DOM of a page; empty when nothing is."""
    problems: list[str] = []
    page = PageParser()
    page.feed(dom)
    if page.body.get("data-ready") != "1":
        problems.append("the page's script did not run to its end (body data-ready is not 1)")
    if page.external:
        problems.append("the page loads from elsewhere: " + ", ".join(page.external[:5]))
    py = [line for line in page.lines if line.id.startswith("py-")]
    cu = [line for line in page.lines if line.id.startswith("cu-")]
    by_id = {line.id: line for line in page.lines}
    if len(by_id) != len(page.lines):
        problems.append("two lines share an id")

    source_lines = source_lines_of(program)
    if [line.id for line in py] != [f"py-{n}" for n in range(1, len(source_lines) + 1)]:
        problems.append(f"the Python pane has {len(py)} lines with ids "
                        f"{[line.id for line in py][:5]}..., the file {len(source_lines)}")
    for line, text in zip(py, source_lines):
        if line.code != text:
            problems.append(f"{line.id} shows {line.code!r}, the file has {text!r}")
    cu_lines = cu_text.split("\n")
    if cu_lines and cu_lines[-1] == "":
        cu_lines.pop()
    if [line.code for line in cu] != cu_lines:
        problems.append(f"the CUDA pane ({len(cu)} lines) is not the .cu written with -o ({len(cu_lines)} lines)")

    problems += check_links(py + cu)
    for n in linked_lines:
        if not by_id.get(f"py-{n}", Line({})).links:
            problems.append(f"py-{n} ({source_lines[n - 1].strip()!r}) links to no C++ line")

    for line in py:
        n = int(line.id.split("-")[1])
        want = expected.get(n, set()) & set(checked_kinds)
        got = line.notes & set(checked_kinds)
        if got != want:
            problems.append(f"{line.id} ({source_lines[n - 1].strip()[:60]!r}) has marks {sorted(got)}, "
                            f"expected {sorted(want)}")
        if len(line.mark_titles) != len(line.notes) or not all(line.mark_titles):
            problems.append(f"{line.id}: a mark without its reason (title)")
    for kind in MARK_KINDS:
        n = sum(1 for line in py if kind in line.notes)
        want = f"({n} line)" if n == 1 else f"({n} lines)"
        if page.counts.get(kind) != want:
            problems.append(f"the legend's count for {kind} is {page.counts.get(kind)!r}, expected {want!r}")
    return problems


def marks_from_comments(program: Path) -> tuple[dict[int, set[str]], list[int]]:
    expected, stated = {}, []
    for n, text in enumerate(program.read_text(encoding="utf-8").split("\n"), start=1):
        m = MARKS_RE.search(text)
        if m:
            expected[n] = set(m.group(1).split())
            stated.append(n)
    return expected, stated


def marks_by_code(program: Path, table: dict[str, set[str]]) -> tuple[dict[int, set[str]], list[int]]:
    expected, found = {}, []
    lines = program.read_text(encoding="utf-8").split("\n")
    for code, kinds in table.items():
        hits = [n for n, text in enumerate(lines, start=1) if text.split("#")[0].strip() == code]
        if len(hits) != 1:
            raise SystemExit(f"run_annotate.py: {program.name} has {len(hits)} lines {code!r} (expected one)")
        expected[hits[0]] = kinds
        found.append(hits[0])
    return expected, found


def main() -> int:
    parser = cli.make_parser(__doc__.splitlines()[0])
    args = cli.parse(parser)
    cli.require_py2cuda(parser, args)
    report = Reporter()
    chromium = find_chromium()
    if chromium is None:
        print("SKIP: no chromium on PATH (scripts/bootstrap.sh installs Debian's chromium)")
        return SKIP_STATUS
    build = (args.build_dir or Path.cwd()).resolve()
    artifacts = build / "annotate"
    artifacts.mkdir(parents=True, exist_ok=True)
    here = Path(__file__).resolve().parent
    cases = [
        # (name, program, extra py2cuda arguments, expected marks and the lines that must be linked,
        #  the kinds the expectation covers)
        ("marks", here / "marks.py", [], marks_from_comments(here / "marks.py"), MARK_KINDS),
        ("python_semantics", args.source_dir / "samples/python_semantics.py", [],
         marks_by_code(args.source_dir / "samples/python_semantics.py", PYTHON_SEMANTICS_MARKS),
         ("floordiv", "mod", "zerodiv", "wraparound", "float64", "debug")),
        # Kernels only: the host code's lines link to nothing, its `//` is not marked.
        ("marks_kernels_only", here / "marks.py", ["--kernels-only"],
         marks_from_comments(here / "marks.py"), ("floordiv", "mod", "wraparound", "float64", "debug")),
    ]
    with scratch_dir("py2cuda-annotate-", args.keep) as tmp:
        for name, program, extra, (expected, linked), kinds in cases:
            if not cli.selected(name, args.names):
                continue
            if name == "marks_kernels_only":
                # The host code's `//` is not translated: no mark, no link.
                host = [n for n, k in expected.items() if "zerodiv" in k]
                expected = {n: k for n, k in expected.items() if n not in host}
                linked = [n for n in linked if n not in host]
            cu_path, page_path = tmp / f"{name}.cu", artifacts / f"{name}.html"
            run = translator.run(args.py2cuda, [str(program), "-o", str(cu_path), "--annotate", str(page_path),
                                                *extra], cwd=tmp, timeout=args.timeout)
            if run.failure() or run.returncode != 0:
                report.fail(name, run.failure() or f"py2cuda exited with {run.returncode}", indent(run.stderr))
                continue
            page_bytes = page_path.read_bytes()
            (tmp / "again").mkdir(exist_ok=True)
            again = tmp / "again" / f"{name}.html"
            translator.run(args.py2cuda, [str(program), *extra, "-o", str(tmp / "again" / cu_path.name),
                                          "--annotate", str(again)], cwd=tmp, timeout=args.timeout)
            problems = []
            if not again.is_file() or again.read_bytes() != page_bytes:
                problems.append("a second run wrote different bytes")
            browser = chromium_argv(chromium, tmp / f"profile-{name}")
            try:
                dom = subprocess.run([*browser, "--dump-dom", page_path.as_uri()], capture_output=True,
                                     text=True, timeout=BROWSER_TIMEOUT_S)
                shot = artifacts / f"{name}.png"
                shot.unlink(missing_ok=True)
                # Opened at the first line with a mark other than a bounds check, which the page's
                # script highlights beside its C++.
                first = min((n for n, k in expected.items() if k - {"bounds"}), default=1)
                subprocess.run([*browser, f"--screenshot={shot}", "--window-size=1600,1000",
                                "--hide-scrollbars", f"{page_path.as_uri()}#py-{first}"], capture_output=True,
                               timeout=BROWSER_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                report.fail(name, f"chromium did not finish in {BROWSER_TIMEOUT_S:.0f} s")
                continue
            if dom.returncode != 0 or "<body" not in dom.stdout:
                report.fail(name, f"chromium --dump-dom failed ({dom.returncode})", indent(dom.stderr))
                continue
            if not shot.is_file() or not shot.read_bytes().startswith(b"\x89PNG"):
                problems.append(f"no screenshot was written to {shot}")
            problems += check_page(dom.stdout, program, cu_path.read_text(encoding="utf-8"), expected, kinds,
                                   linked)
            if problems:
                report.fail(name, f"{len(problems)} problem(s) in {page_path}", indent("\n".join(problems)))
            else:
                report.ok(name, f"page {page_path}, screenshot {shot}")

        # Every program's page, read as written (no browser): its lines, its links.
        if cli.selected("every_program", args.names):
            problems, pages = [], 0
            for folder in ("samples", "tests/golden", "tests/programs", "tests/ufunc"):
                for program in sorted((args.source_dir / folder).glob("*.py")):
                    page_path = tmp / "every_program.html"
                    page_path.unlink(missing_ok=True)
                    run = translator.run(args.py2cuda, [str(program), "--annotate", str(page_path)], cwd=tmp,
                                         timeout=args.timeout)
                    if run.failure():
                        problems.append(f"{folder}/{program.name}: {run.failure()}")
                        continue
                    if run.returncode != 0:
                        continue  # programs that are not for translation alone (their tests say why)
                    pages += 1
                    page = PageParser()
                    page.feed(page_path.read_text(encoding="utf-8"))
                    py = [line for line in page.lines if line.id.startswith("py-")]
                    if [line.code for line in py] != source_lines_of(program):
                        problems.append(f"{folder}/{program.name}: the Python pane is not the file")
                    problems += [f"{folder}/{program.name}: {p}" for p in check_links(page.lines)]
            if problems or pages < 50:
                report.fail("every_program", f"{len(problems)} problem(s) in {pages} pages",
                            indent("\n".join(problems)))
            else:
                report.ok("every_program", f"{pages} pages")

        # Errors: no page, and an existing page stays as it was.
        if cli.selected("errors", args.names):
            bad = args.source_dir / "tests/bad/raise_without_debug.py"
            page = tmp / "kept.html"
            page.write_text("before\n")
            run = translator.run(args.py2cuda, [str(bad), "--annotate", str(page)], cwd=tmp, timeout=args.timeout)
            fresh = tmp / "fresh.html"
            run2 = translator.run(args.py2cuda, [str(bad), "--annotate", str(fresh)], cwd=tmp, timeout=args.timeout)
            leftovers = [p.name for p in tmp.iterdir() if p.name.startswith(("kept.html.", "fresh.html"))]
            if run.returncode != 1 or run2.returncode != 1 or page.read_text() != "before\n" or fresh.exists() \
                    or leftovers or "error:" not in run.stderr:
                report.fail("errors", "a program with errors must exit 1 and write no page",
                            indent(f"exit {run.returncode}, {run2.returncode}; leftovers {leftovers}\n{run.stderr}"))
            else:
                report.ok("errors")
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
