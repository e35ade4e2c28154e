"""An event loop's dispatch with nested match statements (Python 3.10+).

A source for the syntax-error mutants (tests/syntax/mutants.py) only.
"""
import math


class Click:
    __match_args__ = ("position", "button")

    def __init__(self, position, button):
        self.position = position
        self.button = button


class KeyPress:
    __match_args__ = ("key",)

    def __init__(self, key):
        self.key = key


def handle(event, state):
    match event:
        case Click((x, y), button="left") if x > 0:
            state["clicks"] += 1
            match state:
                case {"mode": "draw"}:
                    state["points"].append((x, y))
                case {"mode": mode}:
                    print("ignored in", mode)
        case Click(position=(0, 0)):
            print("corner")
        case KeyPress(key="q" | "Q"):
            state["running"] = False
        case KeyPress(key=str(name)) if len(name) == 1:
            state["typed"] += name
        case [Click() as first, *others]:
            for other in others:
                handle(other, state)
            handle(first, state)
        case math.pi:
            print("pi")
        case {"sequence": [*items]}:
            print(len(items), "items")
        case _:
            pass
    return state


def main():
    state = {"clicks": 0, "mode": "draw", "points": [], "running": True, "typed": ""}
    for event in (Click((1, 2), "left"), KeyPress("a"), Click((0, 0), "right"), KeyPress("q")):
        state = handle(event, state)
    match state["running"], state["clicks"]:
        case False, n:
            print("stopped after", n)
        case _:
            print("running")


main()
