"""The expectation header of a bad-input program (tests/bad/*.py).

The file starts with comment lines:

    # expect: 7:11: error: name 'thredIdx' is not defined
    # expect-text: --sig
    # allow-extra-errors
    # free text saying what the mistake is

`expect:` names one diagnostic the file must produce, in the order py2cuda
prints them: its LINE:COL and a substring of its message. `expect-text:` is a
substring that must appear in the message or the notes of the diagnostic
named by the `expect:` line above it. `allow-extra-errors` permits errors
beyond the expected ones (say, a cascade after a syntax error); without it
the expected errors must be all the errors.
"""
import dataclasses
import re

from testlib.translator import leading_comments

_EXPECT = re.compile(r"^#\s*expect:\s*(?P<line>\d+):(?P<col>\d+):\s*error:\s*(?P<message>.+?)\s*$")
_EXPECT_TEXT = re.compile(r"^#\s*expect-text:\s*(?P<text>.+?)\s*$")
_ALLOW_EXTRA = re.compile(r"^#\s*allow-extra-errors\s*$")


@dataclasses.dataclass
class Expected:
    line: int
    col: int
    message: str  # a substring of the diagnostic's message
    texts: list[str] = dataclasses.field(default_factory=list)

    def __str__(self) -> str:
        return f"{self.line}:{self.col}: error: {self.message}"


@dataclasses.dataclass
class Expectations:
    errors: list[Expected]
    allow_extra: bool


class HeaderError(Exception):
    """The expectation header itself is malformed."""


def parse(text: str) -> Expectations:
    errors: list[Expected] = []
    allow_extra = False
    for line in leading_comments(text):
        if m := _EXPECT.match(line):
            errors.append(Expected(int(m["line"]), int(m["col"]), m["message"]))
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
