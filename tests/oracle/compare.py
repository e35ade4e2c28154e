"""Comparing one output array with its expected value (standard library only).

Integers and booleans must be equal. Floats follow the case's Tol (spec.py): exact means the
same bits (so -0.0 is not 0.0), otherwise |got - want| <= atol + rtol * |want|; in both modes
NaN must meet NaN (any payload) and an infinity the same infinity. Complex numbers compare part
by part, each part by the float rule (rtol relative to the part's own magnitude, so a tiny part
next to a large one needs an atol).
"""
import dataclasses
import math

from spec import Tol
from testlib.npy import Array


@dataclasses.dataclass
class Mismatch:
    index: int | tuple[int, ...] | None  # None: the arrays do not even have the same dtype/shape
    want: object
    got: object
    count: int  # how many elements differ
    total: int
    what: str = ""  # for dtype/shape mismatches


def compare(want: Array, got: Array, tol: Tol) -> Mismatch | None:
    if want.dtype != got.dtype or want.shape != got.shape:
        return Mismatch(None, None, None, 0, 0,
                        f"expected {want.dtype}{list(want.shape)}, got {got.dtype}{list(got.shape)}")
    if want.kind == "c":
        part = _float_equal(tol)
        same = lambda w, g: part(w.real, g.real) and part(w.imag, g.imag)  # noqa: E731
    else:
        same = _float_equal(tol) if want.kind == "f" else (lambda w, g: w == g)
    first, count = None, 0
    for flat, (w, g) in enumerate(zip(want.data, got.data)):
        if not same(w, g):
            count += 1
            if first is None:
                first = flat
    if first is None:
        return None
    return Mismatch(want.index(first), want.data[first], got.data[first], count, len(want.data))


def _float_equal(tol: Tol):
    def exact(w: float, g: float) -> bool:
        if math.isnan(w) or math.isnan(g):
            return math.isnan(w) and math.isnan(g)
        return w == g and math.copysign(1.0, w) == math.copysign(1.0, g)

    def close(w: float, g: float) -> bool:
        if math.isnan(w) or math.isnan(g):
            return math.isnan(w) and math.isnan(g)
        if math.isinf(w) or math.isinf(g):
            return w == g
        return abs(g - w) <= tol.atol + tol.rtol * abs(w)

    return exact if tol.exact else close


def show(value, dtype: str) -> str:
    """A value as it reads best: float32 with the 9 digits that identify it, float64 in full."""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, complex):
        part = "float32" if dtype == "complex64" else "float64"
        return f"({show(value.real, part)}{'' if value.imag < 0 or math.isnan(value.imag) else '+'}{show(value.imag, part)}j)"
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            return str(value)
        return f"{value:.9g}" if dtype == "float32" else repr(value)
    return str(value)
