"""A command interpreter written with match statements (Python 3.10+).

A source for the syntax-error mutants (tests/syntax/mutants.py) only: py2cuda
does not translate match statements, but its syntax errors in them must be CPython's.
"""
from dataclasses import dataclass
from enum import Enum


class Color(Enum):
    RED = 1
    GREEN = 2


@dataclass
class Point:
    x: int
    y: int


def describe(command):
    match command.split():
        case [action]:
            return f"one word: {action}"
        case ["go", direction] if direction in ("north", "south"):
            return "going " + direction
        case ["drop", *objects]:
            return "dropping " + ", ".join(objects)
        case ["quit" | "exit", *_]:
            return "bye"
        case _:
            return "unknown"


def classify(value):
    match value:
        case 0 | 1 | -1:
            return "small"
        case 1.5 | 2 + 3j | -4 - 1j:
            return "number"
        case "text" | b"bytes":
            return "string"
        case None | True | False:
            return "constant"
        case Color.RED:
            return "red"
        case Point(x=0, y=0):
            return "origin"
        case Point(x=0, y=yy) as p:
            return f"on the y axis at {yy} ({p})"
        case Point(xx, 0):
            return f"on the x axis at {xx}"
        case {"kind": "circle", "radius": r}:
            return f"circle {r}"
        case {"kind": kind, **rest}:
            return f"{kind} with {len(rest)} more"
        case (first, second):
            return f"pair {first} {second}"
        case [1, 2, *rest] if len(rest) > 2:
            return "long"
        case (inner):
            return f"anything {inner}"


def main():
    for command in ("go north", "drop a b", "quit now", "look"):
        print(describe(command))
    for value in (0, 2 + 3j, "text", None, Color.RED, Point(0, 0), Point(0, 5), Point(3, 0)):
        print(classify(value))
    print(classify({"kind": "circle", "radius": 2}), classify({"kind": "box", "w": 1}), classify((1, 2)))


main()
