#!/usr/bin/env python3
"""Writes translator/infer/c_library_names.inc: the names the C library and CUDA's headers declare
at global scope where a generated .cu opens its module's namespace.

A program's C++ namespace is its file's stem (`saxpy.py` -> `namespace saxpy`). A stem that the
headers already declare at global scope (`time.py`, `index.py`, `select.py`, `y0.py`: functions
of <time.h>, <strings.h>, <sys/select.h>, <math.h>) makes `namespace time { ... }` an error, "redeclared as
different kind of entity". infer/cpp_names.cpp gives such a stem a trailing underscore.

The names are read from the headers themselves: the runtime's headers as the emulation build
includes them (g++ -E) and as a GPU build does (nvcc -E), every declaration at global scope that
comes from a system header: functions, variables, typedefs and struct/union/enum tags. The list
over-approximates (a parameter list's names never reach it, but a name the preprocessor leaves
in a declaration's attributes may); an extra name only renames a namespace.

    scripts/gen_c_library_names.py [--nvcc NVCC] [--cxx CXX]    (from the repository root)

Run it after changing which system headers the runtime includes; the output is sorted, so the
file changes only when the set does.
"""
import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "translator/infer/c_library_names.inc"
PROBE = "#include <py2cuda/runtime.h>\n#include <py2cuda/host.h>\n#include <py2cuda/harness.h>\nint main() {}\n"

TOKEN = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|[A-Za-z_][A-Za-z0-9_]*|\S')
LINE_MARKER = re.compile(r'^#\s*\d+\s+"([^"]*)"')
NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
NOT_NAMES = {
    "extern", "static", "inline", "const", "volatile", "unsigned", "signed", "int", "long", "short", "char",
    "float", "double", "void", "bool", "struct", "union", "enum", "typedef", "return", "sizeof", "decltype",
    "noexcept", "throw", "template", "typename", "operator", "if", "while", "for", "switch", "alignof",
    "static_assert", "constexpr", "auto", "class", "namespace", "using", "virtual", "explicit", "friend",
    "restrict", "register", "asm", "new", "delete", "true", "false", "nullptr", "this", "default", "case",
}


def preprocess(command: list[str], source: Path) -> str:
    result = subprocess.run([*command, str(source)], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"gen_c_library_names: {' '.join(command)} failed:\n{result.stderr[-2000:]}")
    return result.stdout


def global_names(text: str, runtime_dir: str) -> set[str]:
    """Names declared at global scope by code from files outside the runtime and the probe."""
    names: set[str] = set()
    scopes: list[str] = []  # "linkage" (extern "C" {, transparent), "namespace" or "block"
    system = False
    statement: list[str] = []
    parens = 0
    pending_namespace = False
    for line in text.splitlines():
        marker = LINE_MARKER.match(line)
        if marker:
            path = marker.group(1)
            system = path.startswith("/") and not path.startswith(runtime_dir) and "probe" not in Path(path).name
            continue
        if line.startswith("#"):
            continue  # #pragma and the like
        for token in TOKEN.findall(line):
            at_global = all(s == "linkage" for s in scopes)
            if token == "(":
                if at_global and parens == 0 and system and statement and NAME.match(statement[-1]) and \
                        statement[-1] not in NOT_NAMES:
                    names.add(statement[-1])  # a function (or a function pointer's) name
                parens += 1
            elif token == ")":
                parens = max(0, parens - 1)
            elif token == "{" and parens == 0:
                if at_global and system:
                    take_tags(statement, names)
                linkage = len(statement) >= 2 and statement[-2] == "extern" and statement[-1].startswith('"')
                scopes.append("linkage" if linkage else "namespace" if pending_namespace or "namespace" in statement
                              else "block")
                statement, pending_namespace = [], False
                continue
            elif token == "}" and parens == 0:
                if scopes:
                    scopes.pop()
                statement = []
                continue
            elif token == ";" and parens == 0:
                if at_global and system:
                    take_tags(statement, names)
                    take_declared(statement, names)
                statement = []
                continue
            statement.append(token)
    return names


def take_tags(statement: list[str], names: set[str]) -> None:
    for i, token in enumerate(statement[:-1]):
        if token in ("struct", "union", "enum") and NAME.match(statement[i + 1]) and statement[i + 1] not in NOT_NAMES:
            names.add(statement[i + 1])


def take_declared(statement: list[str], names: set[str]) -> None:
    """A typedef's or an extern variable's name: the last name before `;`, `[` or `=` at depth 0."""
    if not statement or statement[0] not in ("typedef", "extern"):
        return
    depth = 0
    last = None
    for token in statement:
        if token in "([":
            if token == "[" and depth == 0 and last:
                break
            depth += 1
        elif token in ")]":
            depth -= 1
        elif token == "=" and depth == 0:
            break
        elif depth == 0 and NAME.match(token) and token not in NOT_NAMES:
            last = token
    if last:
        names.add(last)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cxx", default="g++")
    parser.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    args = parser.parse_args()
    include = ROOT / "runtime/include"
    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp) / "probe.cpp"
        probe.write_text(PROBE)
        names = global_names(preprocess([args.cxx, "-std=c++20", "-E", "-I", str(include)], probe), str(include))
        names |= global_names(preprocess([args.nvcc, "-std=c++20", "-E", "-x", "cu", "-I", str(include)], probe),
                              str(include))
    lines = [f'"{name}",' for name in sorted(names)]
    OUT.write_text("// Generated by scripts/gen_c_library_names.py: the names the C library and CUDA's headers\n"
                   "// declare at global scope where a generated .cu opens its module's namespace.\n"
                   + "\n".join(lines) + "\n")
    print(f"gen_c_library_names: {len(names)} names in {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
