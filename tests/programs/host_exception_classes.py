# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# The program's own exception classes around a launch: a ValueError subclass and its subclass
# (`...` for a body), an Exception subclass with a docstring and an __init__ passing its message
# on; raised with f-string and %-formatted messages and bare, caught by their own names and by a
# base (`except ValueError` catches both), repr() and type(e).__name__ of one; the last one goes
# uncaught and ends the program with status 1.
import numpy as np
from numba import cuda


@cuda.jit
def scale(a, f):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= f


class ConfigError(Exception):
    """The launch configuration is wrong."""

    def __init__(self, message):
        super().__init__(message)


class ShapeError(ValueError):
    pass


class EmptyError(ShapeError):
    ...


def check(a):
    if a.ndim != 1:
        raise ShapeError(f"expected 1-D, got {a.ndim}-D")
    if a.size == 0:
        raise EmptyError("empty array")
    return a.size


def launch(a, threads):
    if threads % 32 != 0:
        raise ConfigError("threads must be a multiple of 32, not %d" % threads)
    check(a)
    scale[1, threads](a, 2.0)
    return a


def try_launch(arr, threads):
    try:
        print(launch(arr, threads))
    except EmptyError as e:
        print("empty:", e, repr(e))
    except ValueError as e:
        print("value:", e, type(e).__name__)
    except ConfigError as e:
        print("config:", e)


def main():
    try_launch(np.ones(3), 32)
    try:
        check(np.ones((2, 2)))
    except ValueError as e:
        print("value:", e, type(e).__name__)
    try_launch(np.ones(0), 64)
    try_launch(np.ones(2), 30)
    try:
        raise EmptyError
    except ShapeError as e:
        print("caught", repr(e), str(e) == "")
    launch(np.ones(1), 16)


main()
