"""Single-slip mutants of Python programs: the syntax errors a person really makes.

Each mutant is one program of the repository with one slip: a lost colon, bracket or
quote, a stray or lost indent, a misspelt keyword, a lost comma, `=` for `==`, a `;` for
the `:` of a compound statement, a `:` after a simple statement, a lost `in`, `else if`,
a mismatched or stray closing bracket, another language's operator (`&&`, `<>`, `i++`), a
keyword as a name, `print x`, `lambda(x):`, `:=` for `=`, a tab-indented line, f-string
slips (a lost or stray `}`, an empty `{}`, a bad conversion), `def f:`, a lost closing triple quote,
typographic quotes or an en dash pasted from a document, `,,`, `x =` with no value, a
bracket opened on one line and never closed, `from a b` (no `import`), `05` and `5x`, `f(a=)`,
`f(**)`, `y = x +`, `1 = x` (an assignment's sides swapped), `f(a=1, a=1)`, `*x = v` and
`*x, *rest = v`, a NUL byte, a `return` or `break`
pasted at the left margin ("'return' outside function", the compiler's), the symbol table's errors
(`def f(a, a)`, `global x` after x is assigned or read or naming a parameter, `nonlocal` at module
level or with no binding, `yield` in a comprehension) and `yield` in an f-string outside a function,
and in match statements
a lost colon, `case` without its `match`, `case x as _`, `case P(x=0, 0)`, `case n + 1`, `case x if:`,
and the compiler's pattern checks (a name bound twice, alternatives binding different names, an
irrefutable case before others, a mapping key written twice, a class pattern's attribute named twice,
two starred names in a sequence, an f-string as a pattern, `__debug__` captured).
Only mutants CPython rejects are kept; the expected diagnostic is CPython's own, from
compile(), computed when the test runs (so it follows the python3 that runs it); for a NUL
byte, which compile() of a string reports without a line, from `python` running the file.

    mutants(sources, per_kind, files_per_kind=0) -> [Mutant]
        deterministic, every kind of slip at up to `per_kind` sites of each file, spread over
        it; with `files_per_kind`, each kind in that many files only
"""
import io
import keyword
import re
import subprocess
import sys
import tempfile
import tokenize
import warnings
from dataclasses import dataclass
from pathlib import Path

COMPOUND = re.compile(r"^\s*(if|elif|else|for|while|def|class|with|try|except|finally)\b.*:\s*(#.*)?$")
# A keyword where a name was (`class = 3`, `def f(lambda):`), chosen by the row so the corpus holds several.
KEYWORDS_AS_NAMES = ("class", "lambda", "in", "def", "is", "pass", "from", "global", "return", "import", "with")
# Other languages' spellings of Python's operators.
FOREIGN_OPERATORS = {"and": "&&", "or": "||", "==": "===", "!=": "<>"}
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


def _matching_closer(tokens, i: int):
    """The index of the bracket that closes tokens[i], or None."""
    depth = 0
    for j in range(i, len(tokens)):
        if tokens[j].type == tokenize.OP and tokens[j].string in "([{":
            depth += 1
        elif tokens[j].type == tokenize.OP and tokens[j].string in ")]}":
            depth -= 1
            if depth == 0:
                return j
    return None


def _fstring_slips(t):
    """(kind, col, length, text) slips inside one single-line f-string token."""
    prefix = len(t.string) - len(t.string.lstrip("rbfuRBFU"))
    if "f" not in t.string[:prefix].lower():
        return
    body = t.string
    opener = body.find("{", prefix)
    while opener != -1 and body.startswith("{{", opener):
        opener = body.find("{", opener + 2)
    if opener == -1:
        return
    closer = body.find("}", opener)
    if closer == -1:
        return
    col = t.start[1]
    yield "fstring_drop_closing_brace", col + closer, 1, ""
    yield "fstring_empty_expression", col + opener + 1, closer - opener - 1, ""
    yield "fstring_stray_closing_brace", col + opener, 1, ""
    field = body[opener + 1:closer]
    if "!" not in field and ":" not in field and "=" not in field:
        yield "fstring_bad_conversion", col + closer, 0, "!z"


def _match_slips(tokens, i: int, lines: list[str]):
    """(kind, row, mutated source) for the `match` or `case` header at tokens[i]."""
    t = tokens[i]
    row, col = t.start
    line = lines[row - 1]
    code = line.split("#")[0].rstrip()
    colon = len(code) - 1
    yield "match_drop_colon", row, _replace(lines, row, colon, 1, "")
    if t.string == "match":
        # The header lost: its cases stand where the match statement was.
        indent = len(line) - len(line.lstrip(" "))
        out = list(lines)
        del out[row - 1]
        k = row - 1
        while k < len(out) and (not out[k].strip() or len(out[k]) - len(out[k].lstrip(" ")) > indent):
            if out[k].startswith(" " * (indent + 4)):
                out[k] = out[k][4:]
            k += 1
        yield "case_outside_match", row, "".join(out)
        return
    header = [u for u in tokens[i + 1:] if u.start[0] == row and u.type != tokenize.COMMENT]
    as_target = next((k for k, u in enumerate(header[:-1]) if u.string == "as"), None)
    if as_target is not None:
        target = header[as_target + 1]
        # `case x as _:`, `case x as 1:`: what `as` binds is a name, and not `_`.
        yield "pattern_bad_target", row, _replace(lines, row, target.start[1], len(target.string),
                                                  "_" if row % 2 else "1")
    keywords = [k for k, u in enumerate(header[:-1]) if u.type == tokenize.NAME and header[k + 1].string == "="]
    if keywords:
        close = next((u for u in header[keywords[-1]:] if u.string == ")"), None)
        if close is not None:
            # `case Point(x=0, 0):`: a positional pattern after the keyword ones.
            yield "pattern_positional_after_keyword", row, _replace(lines, row, close.start[1], 0, ", 0")
    first = next((u for u in header if u.type in (tokenize.NAME, tokenize.NUMBER) and u.string not in ("if", "as")),
                 None)
    if first is not None:
        # `case n + 1:`, `case 2 + 3:`: an expression where a pattern must be.
        yield "pattern_expression", row, _replace(lines, row, first.end[1], 0, " + 1" if row % 2 else " * 2")
    guard = next((u for u in header if u.string == "if"), None)
    if guard is not None:
        yield "guard_without_condition", row, _replace(lines, row, guard.end[1], colon - guard.end[1], "")
    # The compiler's checks of a pattern. The pattern's own extent: up to its guard or its colon.
    start, end = t.end[1] + 1, (guard.start[1] - 1 if guard is not None else colon)
    pattern = line[start:end]
    captures = [u.string for k, u in enumerate(header[:-1])
                if u.type == tokenize.NAME and u.end[1] <= end and not keyword.iskeyword(u.string) and u.string != "_"
                and header[k + 1].string not in (".", "(", "=") and (k == 0 or header[k - 1].string not in (".", "as"))]
    if captures:
        # `case (P) as x:` where P binds x too: "multiple assignments to name 'x' in pattern".
        yield "pattern_rebinds_name", row, _replace(lines, row, start, end - start, f"({pattern}) as {captures[-1]}")
    # `case P | other:`: an irrefutable alternative binding other names ("alternative patterns bind
    # different names"; in a case that is not the last, "name capture 'other' makes remaining
    # patterns unreachable").
    yield "pattern_or_capture", row, _replace(lines, row, end, 0, " | other")
    if any(u.type == tokenize.NAME and u.string == "case" and u.start[0] < row and u.start[1] == col
           for u in tokens[max(0, i - 200):i]):
        # A catch-all case pasted before another: it makes those after it unreachable.
        catch_all = "_" if row % 2 else "anything"
        yield "case_catch_all_first", row, _replace(lines, row, 0, 0, f"{line[:col]}case {catch_all}:\n{line[:col]}    pass\n")
    # The compiler's checks of mapping, class and sequence patterns.
    key = next((k for k, u in enumerate(header[:-2]) if u.string == "{" and
                header[k + 1].type in (tokenize.STRING, tokenize.NUMBER) and header[k + 2].string == ":"), None)
    if key is not None:
        # `case {"kind": _, "kind": "circle"}:`: a key written twice ("mapping pattern checks duplicate key").
        yield "pattern_duplicate_key", row, _replace(lines, row, header[key].end[1], 0, f"{header[key + 1].string}: _, ")
    if keywords:
        # `case Point(x=_, x=0):`: an attribute matched twice ("attribute name repeated in class pattern").
        name = header[keywords[0]]
        yield "pattern_repeated_keyword", row, _replace(lines, row, name.start[1], 0, f"{name.string}=_, ")
    star = next((u for k, u in enumerate(header[:-1]) if u.string == "*" and header[k + 1].type == tokenize.NAME), None)
    if star is not None:
        # `case ["drop", *_, *objects]:`: two starred names in one sequence.
        yield "pattern_two_stars", row, _replace(lines, row, star.start[1], 0, "*_, ")
    string = next((u for u in header if u.type == tokenize.STRING and u.string[0] in "'\""), None)
    if string is not None:
        # `case f"text":`, `case {f"kind": k}:`: an f-string is not a constant.
        yield "pattern_fstring", row, _replace(lines, row, string.start[1], 0, "f")
    if captures:
        # `case Point(x=0, y=__debug__):`: a capture of the one name that cannot be assigned.
        target = next(u for u in reversed(header[:-1]) if u.string == captures[-1])
        yield "pattern_capture_debug", row, _replace(lines, row, target.start[1], len(target.string), "__debug__")


def _sites(source: str):
    """(kind, row, mutated source) for every slip this module knows, in document order."""
    lines = source.splitlines(keepends=True)
    tokens = _tokens(source)
    code_rows = sorted({t.start[0] for t in tokens if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE,
                                                                      tokenize.INDENT, tokenize.DEDENT,
                                                                      tokenize.ENDMARKER, tokenize.STRING)})
    string_rows = {t.start[0] for t in tokens if t.type == tokenize.STRING}
    prev = None
    openers = []  # the brackets open at each token
    for i, t in enumerate(tokens):
        row, col = t.start
        after = tokens[i + 1] if i + 1 < len(tokens) else None
        if t.type == tokenize.NAME and t.string == "in" and after is not None and after.start[0] == row and \
                re.match(r"^\s*for\b", lines[row - 1]):
            # `for x range(n):`, `for x (1, 2):`: the `in` and the space after it.
            yield "drop_in", row, _replace(lines, row, col, after.start[1] - col, "")
        if t.type == tokenize.NAME and t.string == "elif":
            yield "else_if", row, _replace(lines, row, col, 4, "else if")
        if t.type == tokenize.OP and t.string in ")]}":
            yield "mismatched_closer", row, _replace(lines, row, col, 1, {")": "]", "]": ")", "}": ")"}[t.string])
        if t.type == tokenize.NAME and t.string in FOREIGN_OPERATORS or \
                t.type == tokenize.OP and t.string in FOREIGN_OPERATORS:
            yield "foreign_operator", row, _replace(lines, row, col, len(t.string), FOREIGN_OPERATORS[t.string])
        if t.type == tokenize.NAME and not keyword.iskeyword(t.string) and after is not None and \
                (prev is None or prev.string != ".") and \
                (after.string in ("=", ",", ")", ":") or (prev is not None and prev.string in ("def", "for", "("))):
            word = KEYWORDS_AS_NAMES[row % len(KEYWORDS_AS_NAMES)]
            yield "keyword_as_name", row, _replace(lines, row, col, len(t.string), word)
        if t.type == tokenize.NAME and t.string == "print" and after is not None and after.string == "(" and \
                (prev is None or prev.type in (tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT)):
            close = _matching_closer(tokens, i + 1)
            if close is not None and tokens[close].start[0] == row:
                # Python 2's `print x`: the call's parentheses gone.
                line = lines[row - 1]
                cc = tokens[close].start[1]
                lines2 = list(lines)
                lines2[row - 1] = line[:after.start[1]] + " " + line[after.end[1]:cc] + line[cc + 1:]
                yield "print_statement", row, "".join(lines2)
        if t.type == tokenize.NAME and t.string == "lambda" and after is not None and after.type == tokenize.NAME:
            colon = next((j for j in range(i + 1, len(tokens)) if tokens[j].string == ":"), None)
            if colon is not None and tokens[colon].start[0] == row:
                line = lines[row - 1]
                cc = tokens[colon].start[1]
                params = line[after.start[1]:cc].rstrip()
                lines2 = list(lines)
                lines2[row - 1] = line[:col] + "lambda(" + params + ")" + line[cc:]
                yield "lambda_parens", row, "".join(lines2)
        if t.type == tokenize.OP and t.string == "=" and prev is not None and \
                (prev.string == "]" or prev.type == tokenize.NAME) and lines[row - 1][:col].strip() and \
                "(" not in lines[row - 1][:col]:
            # `x := v`, `xs[i] := v` as a statement.
            yield "walrus_for_assign", row, _replace(lines, row, col, 1, ":=")
        if t.type == tokenize.OP and t.string == "+=" and after is not None and after.string == "1":
            yield "c_increment", row, _replace(lines, row, col, after.end[1] - col, "++")
        if t.type == tokenize.STRING and t.start[0] == t.end[0]:
            for kind, c, length, text in _fstring_slips(t):
                yield kind, row, _replace(lines, row, c, length, text)
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
        if t.type == tokenize.NAME and t.string == "def" and after is not None and i + 2 < len(tokens) and \
                tokens[i + 2].string == "(":
            # `def f:` and `def f a, b:`, the parentheses forgotten.
            close = _matching_closer(tokens, i + 2)
            if close is not None and tokens[close].start[0] == row:
                line = lines[row - 1]
                oc, cc = tokens[i + 2].start[1], tokens[close].start[1]
                lines2 = list(lines)
                lines2[row - 1] = line[:oc] + line[cc + 1:]
                yield "def_no_parens", row, "".join(lines2)
                lines2[row - 1] = line[:oc] + " " + line[oc + 1:cc] + line[cc + 1:]
                yield "def_no_parens_keep_params", row, "".join(lines2)
        if t.type == tokenize.STRING and t.start[0] != t.end[0] and t.string.endswith(('"""', "'''")):
            # A docstring or multi-line string whose closing quotes were lost.
            yield "drop_triple_quote", t.end[0], _replace(lines, t.end[0], t.end[1] - 3, 3, "")
        if t.type == tokenize.STRING and t.start[0] == t.end[0] and t.string[-1:] in "'\"" and \
                not t.string.endswith(('"""', "'''")):
            # Typographic quotes pasted from a document.
            q = len(t.string) - len(t.string.lstrip("rbfuRBFU"))
            lines2 = list(lines)
            line = lines2[row - 1]
            lines2[row - 1] = line[:col + q] + "\u201c" + line[col + q + 1:t.end[1] - 1] + "\u201d" + line[t.end[1]:]
            yield "typographic_quotes", row, "".join(lines2)
        if t.type == tokenize.OP and t.string == "-" and prev is not None and \
                prev.type in (tokenize.NAME, tokenize.NUMBER) or t.string == "-" and prev is not None and prev.string == ")":
            # An en dash for a minus, pasted from a document.
            yield "dash_for_minus", row, _replace(lines, row, col, 1, "\u2013")
        if t.type == tokenize.OP and t.string == ",":
            yield "double_comma", row, _replace(lines, row, col, 1, ",,")
        if t.type == tokenize.OP and t.string == "=" and after is not None and after.start[0] == row and \
                not lines[row - 1][:col].count("(") > lines[row - 1][:col].count(")"):
            # `x = ` with the value not written yet (an assignment, not a keyword argument).
            end = next((j for j in range(i + 1, len(tokens)) if tokens[j].type in (tokenize.NEWLINE, tokenize.COMMENT)),
                       None)
            if end is not None and tokens[end].start[0] == row:
                yield "drop_value", row, _replace(lines, row, col + 1, tokens[end].start[1] - col - 1, "")
        if t.type == tokenize.OP and t.string in "([{":
            close = _matching_closer(tokens, i)
            if close is not None and tokens[close].start[0] > row:
                # A bracket opened on one line and never closed on a later one.
                c = tokens[close]
                yield "drop_closer_multiline", c.start[0], _replace(lines, c.start[0], c.start[1], 1, "")
        if t.type == tokenize.NAME and t.string in MISSPELT:
            yield "misspell_" + t.string, row, _replace(lines, row, col, len(t.string), MISSPELT[t.string])
        if t.type == tokenize.NAME and t.string == "import" and prev is not None and \
                re.match(r"^\s*from\b", lines[row - 1]):
            # `from numba cuda`: the `import` of a from-import lost.
            yield "drop_import", row, _replace(lines, row, col, after.start[1] - col if after else 6, "")
        if t.type == tokenize.NUMBER and re.fullmatch(r"[1-9][0-9]*", t.string):
            # `x = 05`, `n = 3x`: a stray digit or letter in a number.
            yield "leading_zero", row, _replace(lines, row, col, 0, "0")
            yield "number_suffix", row, _replace(lines, row, t.end[1], 0, "x")
        if t.type == tokenize.OP and t.string == "=" and prev is not None and prev.type == tokenize.NAME and \
                after is not None and after.start[0] == row and lines[row - 1][:col].count("(") > \
                lines[row - 1][:col].count(")") and after.type in (tokenize.NAME, tokenize.NUMBER, tokenize.STRING):
            # `f(a=)`: a keyword argument's value not written yet.
            yield "drop_keyword_value", row, _replace(lines, row, col + 1, after.end[1] - col - 1, "")
            # `f(a=1, a=2)`: a keyword argument pasted twice ("keyword argument repeated", the compiler's).
            yield "repeat_keyword", row, _replace(lines, row, prev.start[1], 0, f"{prev.string}={after.string}, ")
        if t.type == tokenize.OP and t.string == "(" and prev is not None and prev.type == tokenize.NAME and \
                not keyword.iskeyword(prev.string) and after is not None and after.string != ")":
            close = _matching_closer(tokens, i)
            if close is not None and tokens[close].start[0] == row:
                # `f(**)`, `f(*)`: an unpacking whose operand was lost.
                stars = "**" if row % 2 else "*"
                yield "starred_without_operand", row, _replace(lines, row, col + 1, tokens[close].start[1] - col - 1,
                                                               stars)
        if t.type == tokenize.OP and t.string in ("+", "-", "*", "/", "%", "<", ">") and \
                prev is not None and prev.type in (tokenize.NAME, tokenize.NUMBER) and after is not None and \
                after.type in (tokenize.NAME, tokenize.NUMBER) and after.start[0] == row:
            # `y = x +`: the right operand lost.
            yield "drop_operand", row, _replace(lines, row, after.start[1], after.end[1] - after.start[1], "")
        if t.type == tokenize.NAME and t.string in ("match", "case") and \
                re.match(r"^\s*(match|case)\b.*:\s*(#.*)?$", lines[row - 1]) and prev is not None and \
                prev.type in (tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT):
            yield from _match_slips(tokens, i, lines)
        if t.type == tokenize.OP and t.string in ("(", ")", ",", "=", ":") or t.type == tokenize.NAME and \
                t.string in ("def", "return", "for", "if"):
            # A NUL byte (a file saved by a broken editor, a pasted binary): CPython's own message.
            yield "nul_byte", row, _replace(lines, row, col, 0, "\0")
        if t.type == tokenize.OP and t.string in "([{" and after is not None:
            openers.append(t)
        if t.type == tokenize.OP and t.string in ")]}" and openers:
            openers.pop()
        yield from _scope_slips(tokens, i, lines, openers)
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
        if code and not code.endswith(("\\", ",", "(", "[", "{")):
            yield "stray_closer", row, _replace(lines, row, len(code), 0, ")")
        if indent >= 4 and "\t" not in line[:indent]:
            # Tabs for this line's indentation, spaces around it: TabError.
            yield "tab_indent", row, _replace(lines, row, 0, indent, "\t" * (indent // 4) + " " * (indent % 4))
        if indent >= 4:
            yield "lost_indent", row, _replace(lines, row, 0, 4, "")
            yield "half_indent", row, _replace(lines, row, 0, 2, "")
        if indent >= 4 and re.match(r"^\s*(return|break|continue|yield)\b", line):
            # A `return` or `break` pasted at the left margin: outside its function or loop, where
            # it ends the block, a compiler's error rather than the parser's.
            yield "dedent_to_module", row, _replace(lines, row, 0, indent, "")
        m = re.match(r"^(\s*)([A-Za-z_][A-Za-z_0-9]*) = ([^=#]+?)\s*(#.*)?$", line)
        balanced = m and sum(m[3].count(c) for c in "([{") == sum(m[3].count(c) for c in ")]}")
        if balanced and not code.endswith(("\\", ",", "(", "[", "{")) and not m[3].startswith(('"', "'")):
            # A declaration after the name is assigned or read (symbol table errors), or `nonlocal`
            # at module level.
            yield "global_after_assign", row, _replace(lines, row + 1, 0, 0, f"{m[1]}global {m[2]}\n")
            yield "nonlocal_after_assign", row, _replace(lines, row + 1, 0, 0, f"{m[1]}nonlocal {m[2]}\n")
            read = re.search(r"(?<![.\w])([A-Za-z_]\w*)\b(?!\s*[(=])", m[3])
            if read and not keyword.iskeyword(read[1]):
                yield "global_after_use", row, _replace(lines, row + 1, 0, 0, f"{m[1]}global {read[1]}\n")
                yield "nonlocal_after_use", row, _replace(lines, row + 1, 0, 0, f"{m[1]}nonlocal {read[1]}\n")
            kind = "nonlocal_before_assign" if m[1] else "module_nonlocal"  # no binding; at module level
            yield kind, row, _replace(lines, row, 0, 0, f"{m[1]}nonlocal {m[2]}\n")
        if m and not code.endswith(("\\", ",", "(", "[", "{")) and "=" not in m[3]:
            # `1 = x`, `f(x) = y`: the sides of an assignment swapped.
            yield "swap_assignment", row, _replace(lines, row, len(m[1]), len(m[2]) + 3 + len(m[3]),
                                                   m[3] + " = " + m[2])
        if m and not code.endswith(("\\", ",", "(", "[", "{")):
            # `*x = v`, `*x, *rest = v`: starred targets the compiler rejects (outside a tuple, two in one).
            yield "starred_target", row, _replace(lines, row, len(m[1]), len(m[2]), f"*{m[2]}" if row % 2 else f"*{m[2]}, *rest")


def _scope_slips(tokens, i: int, lines: list[str], openers: list):
    """Slips CPython's symbol table or compiler rejects in a file that parses: a parameter named
    twice, a parameter declared global or nonlocal, `yield` in a comprehension or in an f-string
    outside a function."""
    t = tokens[i]
    row, col = t.start
    if t.type == tokenize.NAME and t.string == "def" and i + 3 < len(tokens) and tokens[i + 2].string == "(" and \
            tokens[i + 3].type == tokenize.NAME:
        first = tokens[i + 3]
        depth = 0
        for j in range(i + 2, len(tokens)):
            u = tokens[j]
            depth += u.string in "([{" if u.type == tokenize.OP else 0
            depth -= u.string in ")]}" if u.type == tokenize.OP else 0
            if depth == 0:
                break
            if depth == 1 and u.type == tokenize.NAME and tokens[j - 1].string == "," and u.string != first.string:
                # `def f(a, a)`: a parameter's name pasted over the next one's.
                yield "duplicate_parameter", u.start[0], _replace(lines, u.start[0], u.start[1], len(u.string),
                                                                  first.string)
                break
        header_end = next((k for k in range(i, len(tokens)) if tokens[k].type == tokenize.NEWLINE), None)
        body = tokens[header_end + 1] if header_end is not None and header_end + 1 < len(tokens) else None
        if body is not None and body.type == tokenize.INDENT:
            # The first line of the body declares a parameter global or nonlocal.
            r = body.start[0]
            yield "parameter_global", r, _replace(lines, r, 0, 0, f"{body.string}global {first.string}\n")
            yield "parameter_nonlocal", r, _replace(lines, r, 0, 0, f"{body.string}nonlocal {first.string}\n")
    if t.type == tokenize.NAME and t.string == "for" and openers and openers[-1].start[0] == row:
        # `[(yield) + x for x in xs]`: a yield in a comprehension's value.
        o = openers[-1]
        yield "yield_in_comprehension", row, _replace(lines, row, o.end[1], 0, "(yield) + ")
        source = next((k for k in range(i + 1, min(i + 12, len(tokens) - 1)) if tokens[k].string == "in"), None)
        if source is not None and tokens[source + 1].type == tokenize.NAME and tokens[source + 1].start[0] == row:
            # `[x for x in (xs := range)(n)]`: an assignment expression in a comprehension's iterable.
            u = tokens[source + 1]
            yield "walrus_in_comprehension_iterable", row, _replace(lines, row, u.start[1], len(u.string),
                                                                    f"(it := {u.string})")
    if t.type == tokenize.STRING and t.start[0] == t.end[0] and re.match(r"^[rR]?[fF]", t.string):
        brace = re.search(r"(?<!\{)\{(?![{}])", t.string)
        if brace:
            # `f"{(yield) or x}"`: a yield in an f-string's expression, outside a function.
            yield "yield_in_fstring", row, _replace(lines, row, col + brace.end(), 0, "(yield) or ")


class _NulError(SyntaxError):
    """A NUL byte: compile() of a string says so without a line; `python file.py` is asked where."""


def _error_of_file(source: str, filename: str):
    """The SyntaxError `python` reports running the program from a file (its tokenizer reads files
    line by line and names the line with the NUL byte), from its traceback."""
    with tempfile.TemporaryDirectory(prefix="py2cuda-mutant-") as tmp:
        path = Path(tmp) / filename
        path.write_text(source, encoding="utf-8")
        p = subprocess.run([sys.executable, "-I", "-S", str(path)], capture_output=True, text=True, timeout=60,
                           stdin=subprocess.DEVNULL)
    lines = p.stderr.splitlines()
    where = next((re.match(r'^  File ".*", line (\d+)$', x) for x in lines if re.match(r'^  File ".*", line \d+$', x)),
                 None)
    last = lines[-1] if lines else ""
    if where is None or not last.startswith("SyntaxError: ") or any(x.strip().startswith("^") for x in lines):
        raise RuntimeError(f"unexpected report of a NUL byte from {sys.executable}:\n{p.stderr}")
    e = SyntaxError(last[len("SyntaxError: "):])
    e.lineno, e.offset = int(where[1]), 0
    return e


def _cpython_error(source: str, filename: str):
    if "\0" in source:
        return _NulError("null bytes")
    try:
        # The parser and the compiler: a lost indent puts a `return` or a `break` where the
        # parser takes it but the compiler does not ("'return' outside function").
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # `1if x else y`'s SyntaxWarning, printed once per mutant
            compile(source, filename, "exec", dont_inherit=True)
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


def _judged(path: Path, kind: str, sites: list, per_kind: int) -> list[Mutant]:
    """Up to `per_kind` mutants of `kind` in `path` that CPython rejects, spread over the file.
    CPython judges a spread of candidates first (compile() of every site of every kind is most of
    the corpus's cost), and the other sites only when too few of those are rejected."""
    first = _spread(sites, 4 * per_kind)
    rejected = []
    for row, mutated in first:
        e = _cpython_error(mutated, path.name)
        if e is not None:
            rejected.append((row, mutated, e))
    if len(rejected) < per_kind and len(first) < len(sites):
        rejected = []
        for row, mutated in sites:
            e = _cpython_error(mutated, path.name)
            if e is not None:
                rejected.append((row, mutated, e))
    out = []
    for row, mutated, e in _spread(rejected, per_kind):
        if isinstance(e, _NulError):
            e = _error_of_file(mutated, path.name)
        out.append(Mutant(f"{path.name}:{row}:{kind}", mutated, e.lineno or 0, e.offset or 0, e.msg,
                          type(e).__name__))
    return out


def mutants(sources: list[Path], per_kind: int, files_per_kind: int = 0) -> list[Mutant]:
    """`files_per_kind` > 0: each kind in that many files only (spread over those that have it,
    the next ones where CPython accepts every mutant of a file), for a quick run that still holds
    every kind."""
    by_file: dict[Path, dict[str, list]] = {}
    for path in sources:
        source = path.read_text(encoding="utf-8")
        by_kind = by_file.setdefault(path, {})
        for kind, row, mutated in _sites(source):
            if mutated != source:
                by_kind.setdefault(kind, []).append((row, mutated))
    found: dict[tuple, list[Mutant]] = {}
    for kind in sorted({k for by_kind in by_file.values() for k in by_kind}):
        files = [path for path in sources if kind in by_file[path]]
        if files_per_kind > 0:
            spread = _spread(files, files_per_kind)
            files = spread + [path for path in files if path not in spread]
        judged = 0
        for path in files:
            if files_per_kind > 0 and judged >= files_per_kind:
                break
            ms = _judged(path, kind, by_file[path][kind], per_kind)
            if ms:
                found[(sources.index(path), kind)] = ms
                judged += 1
    return [m for key in sorted(found) for m in found[key]]
