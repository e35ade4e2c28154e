"""The expectation header of a bad-input program (tests/bad/*.py) or of a program that
translates with warnings (tests/warnings/*.py), and the check of py2cuda's diagnostics against it.

The file starts with comment lines:

    # expect: 7:11: error: name 'thredIdx' is not defined
    # expect-text: --sig
    # allow-extra-errors
    # free text saying what the mistake is

`expect:` names one diagnostic the file must produce, in the order py2cuda
prints them: its LINE:COL, its severity (the corpus's own: `error` in tests/bad,
`warning` in tests/warnings) and a substring of its message. `expect-text:` is a
substring that must appear in the message or the notes of the diagnostic
named by the `expect:` line above it. `allow-extra-errors` (`allow-extra-warnings`)
permits diagnostics of that severity beyond the expected ones (say, a cascade after a
syntax error); without it the expected ones must be all of them.
"""
import dataclasses
import re

from testlib.diagnostics import Diagnostic
from testlib.translator import leading_comments

_EXPECT = re.compile(r"^#\s*expect:\s*(?P<line>\d+):(?P<col>\d+):\s*(?P<severity>error|warning):\s*(?P<message>.+?)\s*$")
_EXPECT_TEXT = re.compile(r"^#\s*expect-text:\s*(?P<text>.+?)\s*$")
_ALLOW_EXTRA = re.compile(r"^#\s*allow-extra-(?P<severity>error|warning)s\s*$")


@dataclasses.dataclass
class Expected:
    line: int
    col: int
    message: str  # a substring of the diagnostic's message
    texts: list[str] = dataclasses.field(default_factory=list)
    severity: str = "error"

    def __str__(self) -> str:
        return f"{self.line}:{self.col}: {self.severity}: {self.message}"


@dataclasses.dataclass
class Expectations:
    errors: list[Expected]
    allow_extra: bool


class HeaderError(Exception):
    """The expectation header itself is malformed."""


def parse(text: str, severity: str = "error") -> Expectations:
    """The header's expectations, all of `severity` (the corpus's); `errors` holds them."""
    errors: list[Expected] = []
    allow_extra = False
    for line in leading_comments(text):
        if (m := _EXPECT.match(line)) or (m := _ALLOW_EXTRA.match(line)):
            if m["severity"] != severity:
                raise HeaderError(f"{line!r}: this corpus expects {severity}s")
        if m := _EXPECT.match(line):
            errors.append(Expected(int(m["line"]), int(m["col"]), m["message"], severity=severity))
        elif m := _EXPECT_TEXT.match(line):
            if not errors:
                raise HeaderError("'expect-text:' before any 'expect:' line")
            errors[-1].texts.append(m["text"])
        elif _ALLOW_EXTRA.match(line):
            allow_extra = True
        elif re.match(r"^#\s*(expect|allow)", line):
            raise HeaderError(f"malformed header line: {line!r}")
    if not errors:
        raise HeaderError("no '# expect:' line")
    lines = text.splitlines()
    for e in errors:
        if not 1 <= e.line <= len(lines):
            raise HeaderError(f"expect {e}: line {e.line} is not in the file")
        if not 1 <= e.col <= len(lines[e.line - 1]) + 1:
            raise HeaderError(f"expect {e}: column {e.col} is not on line {e.line}")
    return Expectations(errors, allow_extra)


def match(found: list[Diagnostic], expected: Expectations, given_path: str) -> list[str]:
    """What is wrong with `found` (py2cuda's diagnostics of the expected severity): the expected
    ones must appear in order, as all of them, or as a subsequence with allow-extra."""
    def matches(d: Diagnostic, e: Expected) -> bool:
        return (d.line, d.col) == (e.line, e.col) and e.message in d.message

    def got(d: Diagnostic | None) -> str:
        return d.header() if d else "nothing"

    problems = []
    if not expected.allow_extra:
        for i, e in enumerate(expected.errors):
            d = found[i] if i < len(found) else None
            if d is None or not matches(d, e):
                problems.append(f"{e.severity} {i + 1}: expected {given_path}:{e}, got {got(d)}")
                return problems
            problems += _missing_texts(d, e)
        for d in found[len(expected.errors):]:
            problems.append(f"unexpected extra {d.severity}: {d.header()}")
        return problems
    rest = iter(found)
    for i, e in enumerate(expected.errors):
        d = next((d for d in rest if matches(d, e)), None)
        if d is None:
            others = "; ".join(x.header() for x in found) or f"no {e.severity}s"
            problems.append(f"{e.severity} {i + 1}: expected {given_path}:{e} (in order), got: {others}")
            return problems
        problems += _missing_texts(d, e)
    return problems


def _missing_texts(d: Diagnostic, e: Expected) -> list[str]:
    return [f"{e.line}:{e.col}: message and notes lack {t!r}" for t in e.texts if t not in d.all_text()]
