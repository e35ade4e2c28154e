"""Single-slip mutants of Python programs: the syntax errors a person really makes.

Each mutant is one program of the repository with one slip: a lost colon, bracket or
quote, a stray or lost indent, a misspelt keyword, a lost comma, `=` for `==`, a `;` for
the `:` of a compound statement, a `:` after a simple statement, ...
Only mutants CPython rejects are kept; the expected diagnostic is CPython's own, from
compile(), computed when the test runs (so it follows the python3 that runs it).

    mutants(sources, per_kind) -> [Mutant]   deterministic, every kind of slip at up to
                                             `per_kind` sites of each file, spread over it
"""
import ast
import io
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path

COMPOUND = re.compile(r"^\s*(if|elif|else|for|while|def|class|with|try|except|finally)\b.*:\s*(#.*)?$")
MISSPELT = {"return": "retrun", "else": "esle", "for": "fro", "while": "whlie", "def": "dfe", "elif": "elfi",
            "import": "improt", "if": "fi", "in": "ni"}


@dataclass
class Mutant:
    name: str       # "saxpy_grid_stride.py:20:drop_colon"
    source: str     # the mutated program
    lineno: int     # CPython's SyntaxError: line, column (1-based, or 0 when it gives none)
    offset: int
    message: str    # CPython's message, "expected ':'"
    kind: str       # SyntaxError, IndentationError, TabError


def _tokens(source: str):
    try:
        return list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return []


def _replace(lines: list[str], row: int, col: int, length: int, text: str) -> str:
    """The program with `length` characters at (row 1-based, col 0-based) replaced by `text`."""
    out = list(lines)
    line = out[row - 1]
    out[row - 1] = line[:col] + text + line[col + length:]
    return "".join(out)


def _sites(source: str):
    """(kind, row, mutated source) for every slip this module knows, in document order."""
    lines = source.splitlines(keepends=True)
    tokens = _tokens(source)
    code_rows = sorted({t.start[0] for t in tokens if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE,
                                                                      tokenize.INDENT, tokenize.DEDENT,
                                                                      tokenize.ENDMARKER, tokenize.STRING)})
    string_rows = {t.start[0] for t in tokens if t.type == tokenize.STRING}
    prev = None
    for t in tokens:
        row, col = t.start
        if t.type == tokenize.OP and t.string == ":" and prev is not None and COMPOUND.match(lines[row - 1]) \
                and lines[row - 1].rstrip().split("#")[0].rstrip().endswith(":") \
                and col == len(lines[row - 1].split("#")[0].rstrip()) - 1:
            yield "drop_colon", row, _replace(lines, row, col, 1, "")
            yield "semicolon_for_colon", row, _replace(lines, row, col, 1, ";")
        if t.type == tokenize.OP and t.string in "([{":
            yield "drop_opener", row, _replace(lines, row, col, 1, "")
        if t.type == tokenize.OP and t.string in ")]}":
            yield "drop_closer", row, _replace(lines, row, col, 1, "")
            yield "double_closer", row, _replace(lines, row, col, 1, t.string * 2)
        if t.type == tokenize.OP and t.string == ",":
            yield "drop_comma", row, _replace(lines, row, col, 1, "")
        if t.type == tokenize.OP and t.string == "==":
            yield "assign_for_equal", row, _replace(lines, row, col, 2, "=")
        if t.type == tokenize.OP and t.string in ("+", "*", "-") and prev is not None and prev.type in (
                tokenize.NAME, tokenize.NUMBER) and prev.end[0] == row:
            yield "drop_operator", row, _replace(lines, row, col, 1, " ")
        if t.type == tokenize.STRING and t.start[0] == t.end[0] and not t.string.endswith('"""'):
            yield "drop_closing_quote", row, _replace(lines, row, t.end[1] - 1, 1, "")
            q = len(t.string) - len(t.string.lstrip("rbfuRBFU"))
            yield "drop_opening_quote", row, _replace(lines, row, col + q, 1, "")
        if t.type == tokenize.NAME and t.string in MISSPELT:
            yield "misspell_" + t.string, row, _replace(lines, row, col, len(t.string), MISSPELT[t.string])
        prev = t
    for row in code_rows:
        line = lines[row - 1]
        if row in string_rows and line.lstrip().startswith(('"', "'")):
            continue
        indent = len(line) - len(line.lstrip(" "))
        yield "stray_indent", row, _replace(lines, row, 0, 0, "    ")
        code = line.split("#")[0].rstrip()
        if code and not code.endswith((":", "\\", ",", "(", "[", "{")) and not COMPOUND.match(line):
            yield "extra_colon", row, _replace(lines, row, len(code), 0, ":")
        yield "stray_space", row, _replace(lines, row, 0, 0, " ")
        if indent >= 4:
            yield "lost_indent", row, _replace(lines, row, 0, 4, "")
            yield "half_indent", row, _replace(lines, row, 0, 2, "")


def _cpython_error(source: str, filename: str):
    try:
        # The parser only: "return outside function" and the like come from
        # the compiler, after parsing, and are not syntax errors of the grammar.
        compile(source, filename, "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True)
    except SyntaxError as e:  # IndentationError and TabError are SyntaxErrors
        return e
    except (ValueError, MemoryError, RecursionError):
        return None
    return None


def _spread(items: list, count: int) -> list:
    """`count` items spread evenly over `items` (first and last included)."""
    if len(items) <= count:
        return items
    if count == 1:
        return [items[len(items) // 2]]
    return [items[round(i * (len(items) - 1) / (count - 1))] for i in range(count)]


def mutants(sources: list[Path], per_kind: int) -> list[Mutant]:
    out = []
    for path in sources:
        source = path.read_text(encoding="utf-8")
        by_kind: dict[str, list] = {}
        for kind, row, mutated in _sites(source):
            if mutated == source:
                continue
            by_kind.setdefault(kind, []).append((row, mutated))
        for kind in sorted(by_kind):
            # Rejected mutants only, spread over the file.
            rejected = []
            for row, mutated in by_kind[kind]:
                e = _cpython_error(mutated, path.name)
                if e is not None:
                    rejected.append((row, mutated, e))
            for row, mutated, e in _spread(rejected, per_kind):
                out.append(Mutant(f"{path.name}:{row}:{kind}", mutated, e.lineno or 0, e.offset or 0, e.msg,
                                  type(e).__name__))
    return out
