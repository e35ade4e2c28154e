"""Parsing py2cuda's diagnostics back into records, and checking how they are drawn.

py2cuda prints each diagnostic as

    path:LINE:COL: error: message
        <the source line, after 4 spaces>
        <spaces>^~~~      (the caret under column COL, counted from the 4-space indent)

and `note:` / `warning:` lines in the same shape. A diagnostic without a
position is `path: error: message` with no source lines.
"""
import dataclasses
import re

INDENT = "    "

_LOCATED = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): "
                      r"(?P<severity>error|warning|note): (?P<message>.*)$")
_UNLOCATED = re.compile(r"^(?P<path>[^:]+): (?P<severity>error|warning|note): (?P<message>.*)$")
_CARET = re.compile(r"^    (?P<pad>[ \t]*)\^(?P<tildes>~*)$")


@dataclasses.dataclass
class Diagnostic:
    path: str
    line: int  # 0 when the diagnostic has no position
    col: int
    severity: str
    message: str
    body: list[str] = dataclasses.field(default_factory=list)  # the indented lines below it
    notes: list["Diagnostic"] = dataclasses.field(default_factory=list)

    def header(self) -> str:
        where = f"{self.line}:{self.col}: " if self.line else ""
        return f"{self.path}:{where}{self.severity}: {self.message}"

    def all_text(self) -> str:
        """The message and those of its notes, for `expect-text` searches."""
        return "\n".join([self.message] + [n.message for n in self.notes])


@dataclasses.dataclass
class Parsed:
    diagnostics: list[Diagnostic]  # errors and warnings, with their notes attached
    stray: list[str]  # lines that are neither a diagnostic nor indented below one

    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]


def parse(stderr: str) -> Parsed:
    diagnostics: list[Diagnostic] = []
    stray: list[str] = []
    current: Diagnostic | None = None
    for raw in stderr.splitlines():
        # Indented lines first: an echoed source line may itself look like a diagnostic.
        if current is not None and raw.startswith(INDENT):
            current.body.append(raw)
            continue
        m = _LOCATED.match(raw)
        if m:
            d = Diagnostic(m["path"], int(m["line"]), int(m["col"]), m["severity"], m["message"])
        else:
            m = _UNLOCATED.match(raw)
            d = Diagnostic(m["path"], 0, 0, m["severity"], m["message"]) if m else None
        if d is not None:
            if d.severity == "note" and diagnostics:
                diagnostics[-1].notes.append(d)
            else:
                diagnostics.append(d)
            current = d
        else:
            stray.append(raw)
            current = None
    return Parsed(diagnostics, stray)


def check_rendering(d: Diagnostic, source_lines: list[str]) -> str | None:
    """Checks the source line and caret under a diagnostic that points into `source_lines`.

    Returns what is wrong, or None. Follows the renderer: no source lines when
    the position is absent or the line is empty.
    """
    if d.line == 0:
        return None
    if d.line > len(source_lines):
        return f"{d.line}:{d.col}: line is past the end of the file ({len(source_lines)} lines)"
    text = source_lines[d.line - 1]
    if not text:
        return None
    if len(d.body) < 2:
        return f"{d.line}:{d.col}: expected the source line and a caret line below the diagnostic"
    if d.body[0] != INDENT + text:
        return f"{d.line}:{d.col}: source line printed as {d.body[0]!r}, expected {INDENT + text!r}"
    m = _CARET.match(d.body[1])
    if not m:
        return f"{d.line}:{d.col}: caret line {d.body[1]!r} is not spaces, '^' and '~'s"
    if len(m["pad"]) != d.col - 1:
        return f"{d.line}:{d.col}: caret at column {len(m['pad']) + 1}, expected {d.col}"
    end = d.col + len(m["tildes"])  # the last column the underline covers
    if end > max(len(text), d.col):
        return f"{d.line}:{d.col}: underline runs past the end of the line"
    return None


def rendering_problems(parsed: Parsed, given_path: str, source_lines: list[str]) -> list[str]:
    """What is wrong with how the diagnostics of a run on `given_path` are drawn (check_rendering),
    and any diagnostic that names another file (a note may point into another file)."""
    problems = []
    for d in parsed.diagnostics:
        for x in [d, *d.notes]:
            if x.path != given_path:
                if x is d:
                    problems.append(f"diagnostic names path {x.path!r}, expected {given_path!r}")
                continue
            if bad := check_rendering(x, source_lines):
                problems.append(bad)
    return problems
