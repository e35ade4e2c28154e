"""Helpers for writing the case tables: launch shapes and first-principles arithmetic.

The first-principles helpers compute what compiled Numba computes, in plain Python, for the
elements where the simulator cannot be the oracle: f32() rounds to float32 as a CUDA float
operation does; wrap() keeps the low bits of an integer as a store into (or arithmetic in) a
fixed-width type does; gpu_float_to_int() converts a float to an integer as a GPU does.
"""
import math
import random
import struct

from spec import SENTINEL, Case, blocks_for

SENTINEL_F = SENTINEL["float32"]  # what out() puts in a float array before the launch

# Sizes for elementwise kernels: one element, less than one block, a few blocks with a ragged
# end, and one that is 1 past a multiple of every block size used here.
SIZES = (1, 37, 1000, 4099)
SMALL_SIZES = (1, 37, 1000)  # for kernels whose simulation is slow (loops per thread)


def f32(x: float) -> float:
    """x rounded to float32 (to nearest even), as a Python float."""
    return struct.unpack("f", struct.pack("f", x))[0]


def f16(x: float) -> float:
    """x rounded to float16 (to nearest even; inf beyond its range), as a Python float."""
    try:
        return struct.unpack("e", struct.pack("e", x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def wrap(x: int, bits: int, signed: bool = True) -> int:
    """x modulo 2**bits, as a two's-complement signed or an unsigned value."""
    x %= 1 << bits
    if signed and x >= 1 << (bits - 1):
        x -= 1 << bits
    return x


def gpu_float_to_int(x: float, bits: int, signed: bool = True, source_bits: int = 64) -> int:
    """T(x) for a float x (float64, or float32 with source_bits=32) and an integer type T of
    `bits` bits, as compiled Numba gives it on a GPU: its fptosi/fptoui becomes PTX cvt.rzi into
    max(bits, 16) bits, which truncates toward zero and saturates at the ends of the range (PTX
    ISA, cvt); NaN gives the value with only the top bit set (an H200 gives np.int32(nan) =
    -2**31, np.uint32(nan) = 2**31, int(nan) = -2**63), except from a float32 into 16 or 32
    bits, where it gives the manual's 0; an 8-bit result keeps the 16-bit result's low byte."""
    width = max(bits, 16)
    lo, hi = (-(1 << (width - 1)), (1 << (width - 1)) - 1) if signed else (0, (1 << width) - 1)
    if math.isnan(x) and source_bits == 32 and width <= 32:
        value = 0
    elif math.isnan(x):
        value = lo if signed else 1 << (width - 1)
    elif math.isinf(x):
        value = hi if x > 0 else lo
    else:
        value = min(max(math.trunc(x), lo), hi)
    return wrap(value, bits, signed)


def i64(x: int) -> int:
    return wrap(x, 64)


def u64(x: int) -> int:
    return wrap(x, 64, signed=False)


def block_for(n: int) -> int:
    """The block size used for n elements: 32 for small arrays, 128 above."""
    return 32 if n <= 64 else 128


def elementwise(make_args, sizes=SIZES, label="size={n}", **case_options) -> list[Case]:
    """One case per size n: make_args(n) gives the arguments; 1-D grid covering n elements."""
    cases = []
    for n in sizes:
        block = block_for(n)
        cases.append(Case(label.format(n=n), grid=blocks_for(n, block), block=block,
                          args=make_args(n), **case_options))
    return cases


def prand(n: int, lo: float, hi: float, seed: int, step: float | None = None) -> list[float]:
    """n pseudo-random values in [lo, hi], as plain Python numbers the table can compute with.

    Python's random.Random(seed) is stable across versions for random(), so the list is the same
    everywhere. With `step`, values are rounded to multiples of it (few significant bits, so
    sums and products of them are exact in float32).
    """
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        v = lo + (hi - lo) * rng.random()
        out.append(round(v / step) * step if step else v)
    return out


def prand_ints(n: int, lo: int, hi: int, seed: int) -> list[int]:
    """n pseudo-random integers in [lo, hi] (inclusive)."""
    rng = random.Random(seed)
    return [lo + int(rng.random() * (hi - lo + 1)) for _ in range(n)]


def differing(model: dict, numpy_rule: dict) -> dict:
    """The entries of `model` (compiled Numba's values, from first principles) that differ from
    what the simulator's NumPy rules give (`numpy_rule`, same keys): the only elements a case
    needs to override. Values are compared as the oracle compares floats: NaN equals NaN, and
    -0.0 differs from 0.0."""
    def same(a, b):
        if isinstance(a, float) or isinstance(b, float):
            a, b = float(a), float(b)
            if a != a or b != b:
                return a != a and b != b
            return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)
        return a == b
    return {k: v for k, v in model.items() if not same(v, numpy_rule[k])}


def sum_float32(xs) -> float:
    """A running sum rounded to float32 after every addition (what NumPy float32 scalars do)."""
    total = 0.0
    for v in xs:
        total = f32(total + v)
    return total
