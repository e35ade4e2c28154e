# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
"""try/except/else/finally in host code: exceptions of the runtime (int(), indexing, dicts,
division, math, NumPy, np.testing), of plain and CPU @jit functions and of raise/assert, caught
by class through Python's hierarchy; the program ends with an uncaught RuntimeError."""
import math
import sys

import numpy as np
from numba import cuda, njit


@cuda.jit
def scale(a, k):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * k


@njit
def ratio(a, b):
    return a // b


@njit
def fratio(a, b):
    return a / b


@njit
def safe_ratio(a, b):
    try:
        return a // b
    except Exception:
        return -1


def parse_count(text, default):
    try:
        n = int(text)
    except ValueError:
        n = default
    return n


def first_item(items, i):
    try:
        return items[i]
    except IndexError as e:
        print("IndexError caught:", e)
        return -1
    finally:
        print("first_item finally", i)


def checked_sqrt(x):
    if x < 0:
        raise ValueError(f"negative input {x}")
    return math.sqrt(x)


def reraise(x):
    try:
        checked_sqrt(x)
    except ValueError:
        print("reraising")
        raise


def show_mismatch(out, want, message):
    try:
        np.testing.assert_allclose(out, want, err_msg=message)
    except AssertionError as e:
        print(e)


def main():
    try:
        n = int(sys.argv[1])
    except (IndexError, ValueError):
        n = 16
    print("n =", n)
    print(parse_count("12", 0), parse_count("x1", 7))

    a = np.arange(n, dtype=np.float32)
    d = cuda.to_device(a)
    scale[1, 32](d, 2.0)
    out = d.copy_to_host()
    ref = a * 2
    try:
        np.testing.assert_allclose(out, ref, rtol=1e-5)
        print("PASSED")
    except AssertionError as e:
        print("FAILED", e)
    finally:
        print("done")

    try:
        np.testing.assert_allclose(out, ref + 1, rtol=1e-5)
        print("PASSED")
    except AssertionError as e:
        print("FAILED as expected:", str(e).split("\n")[1])
    else:
        print("not printed")
    finally:
        print("done again")
    # NumPy's whole message: header, blank line, mismatch count, largest differences, arrays.
    show_mismatch(out, ref + 1, "")
    show_mismatch(out, ref.astype(np.float32) * 1.5, "scaled output")
    show_mismatch(out, (ref * 0).astype(np.int64), "")
    try:
        np.testing.assert_array_equal(np.arange(5), np.array([0, 1, 7, 3, 2]))
    except AssertionError as e:
        print(repr(e))

    xs = [1, 2, 3]
    print(first_item(xs, 1))
    print(first_item(xs, 5))

    d2 = {"a": 1}
    try:
        print(d2["b"])
    except KeyError as e:
        print("KeyError", e, repr(e), type(e).__name__)
    try:
        print(d2["zz"])
    except LookupError as e:
        print("LookupError caught", type(e).__name__, str(e))

    try:
        q = 1 // 0
    except ArithmeticError as e:
        print("ArithmeticError caught:", type(e).__name__, e)
    try:
        r = 1.0 / 0.0
    except ZeroDivisionError as e:
        print("ZeroDivisionError:", e, repr(e))
    try:
        m = math.sqrt(-1.0)
    except ValueError as e:
        print("math:", e)
    try:
        ratio(7, 0)
    except ZeroDivisionError as e:
        print("njit:", type(e).__name__, e)
    print("caught in @njit:", safe_ratio(7, 2), safe_ratio(7, 0))
    try:
        fratio(7.0, 0.0)
    except ZeroDivisionError as e:
        print("njit float:", e)
    try:
        checked_sqrt(-4.0)
    except Exception as e:
        print("Exception catches", type(e).__name__, "-", e, "-", repr(e))
    try:
        reraise(-1.0)
    except ValueError as e:
        print("outer got", e)

    try:
        x = 5
        assert x > 10, "x too small"
    except AssertionError as e:
        print("assert:", e)
    try:
        assert x > 10
    except AssertionError as e:
        print("bare assert:", repr(e), "[" + str(e) + "]")

    try:
        v = int("12")
    except ValueError:
        print("not printed")
    else:
        print("else runs", v)
    finally:
        print("finally runs")

    # nested try, exception escaping the inner handlers
    try:
        try:
            raise KeyError("k")
        except ValueError:
            print("wrong handler")
        finally:
            print("inner finally")
    except KeyError as e:
        print("outer caught", repr(e))

    # break/continue inside try with finally
    total = 0
    for i in range(6):
        try:
            if i == 1:
                continue
            if i == 4:
                break
            total += i
        finally:
            print("loop finally", i)
    print("total", total)

    # raise from
    try:
        try:
            int("abc")
        except ValueError as e:
            raise RuntimeError("conversion failed") from e
    except RuntimeError as e:
        print("chained:", e)

    # an exception in a handler
    try:
        try:
            xs[7]
        except IndexError:
            raise TypeError("from the handler")
    except TypeError as e:
        print(type(e).__name__, e)

    # the exception variable keeps its name scope; handler order
    for text in ["3", "x", "7"]:
        try:
            k = int(text)
            print("parsed", k)
        except (TypeError, ValueError) as err:
            print("bad:", err)
    try:
        raise ValueError
    except ValueError as e:
        print("no message: [" + str(e) + "]", repr(e))
    try:
        raise NotImplementedError("todo")
    except RuntimeError as e:
        print("RuntimeError catches", type(e).__name__)
    try:
        raise OverflowError("big")
    except (ArithmeticError, LookupError) as e:
        print("tuple catches", type(e).__name__, e)
    try:
        np.zeros(-1)
    except ValueError as e:
        print("numpy:", e)
    try:
        print(a[100])
    except IndexError as e:
        print("array:", e)
    try:
        print(xs[10])
    except IndexError as e:
        print("list:", e)
    # continue from a handler; a dict's pop; a message kept after the clause
    for w in [1, 0, 2]:
        try:
            print(10 // w, 10 % w, 10 / w)
        except ZeroDivisionError as e:
            print("skip", w, e)
            continue
        print("after", w)
    try:
        d2.pop("zz")
    except KeyError as e:
        print("pop", repr(e))
    try:
        raise IndexError(f"custom {n}")
    except LookupError as e:
        msg = str(e)
    print(msg, len(msg))
    try:
        raise np.linalg.LinAlgError("singular")
    except ValueError as e:
        print("LinAlgError is a ValueError:", e)
    # a handler's own exception replaces the one it caught; finally still runs
    try:
        try:
            raise ValueError("first")
        except ValueError:
            raise KeyError("second")
        finally:
            print("finally before the outer handler")
    except Exception as e:
        print("outer:", type(e).__name__, e)
    print("last")
    raise RuntimeError("uncaught at the end")


if __name__ == "__main__":
    main()
