#!/usr/bin/env python3
"""Writes tests/runtime/pysem_cases.txt: what Numba's CUDA target computes for Python operators.

    python gen_pysem_cases.py > pysem_cases.txt      (needs numba and numpy)
    python gen_pysem_cases.py --check-ptx            (also needs numba-cuda and a CUDA toolkit)

The table is the expectation for runtime/include/py2cuda/pysem.h, checked bit for
bit by tests/unit/test_runtime_pysem.cpp. Each expected value comes from Numba, not
from py2cuda:

  numba  Numba's CPU target, numba.njit(signature, error_model='numpy'): its lowering
         of these operators is the one numba-cuda uses (same source), and the numpy
         error model is a CUDA kernel's (integer // and % by zero give 0, no exception).
  cuda   one of four operators the LLVM IR of numba-cuda computes differently from the
         CPU target, modelled here; `cpu=...` is what the CPU target gives instead.
         --check-ptx compiles each with numba-cuda and checks the IR/PTX the model
         relies on:
           int ** int      int_power's `1.0 / r if invert else r` makes the result float64
                           (cvt.rn.f64.s64, then cvt.rzi.s64.f64, which saturates);
           float ** int    0.0 ** -n is +-inf: the inversion raises nothing, where the CPU
                           target raises ZeroDivisionError (see cuda_fpowi);
           round(x)        llrint (cvt.rni.s64.f64): out of range saturates, NaN gives -2**63
                           (measured with compiled numba-cuda on an H200, 2026-11-26; the
                           PTX manual's "NaN gives 0" is not what the hardware does);
           max/min         two floats: libdevice fmax/fmin, PTX max/min, which ignore NaN
                           and order -0.0 below +0.0 (IEEE 754-2019 maximumNumber);
           float -> int    np.int8(x) ... np.uint64(x): fptosi/fptoui, PTX cvt.rzi into 16, 32
                           or 64 bits (an 8-bit result is the low byte of a 16-bit cvt), which
                           saturates; NaN gives the top bit alone, but 0 from a float32
                           into 16 or 32 bits (measured on an H200 with pysem_device.cu).
         The script checks that model and CPU target agree wherever the difference
         cannot apply.

Float % and // are LLVM `frem` in both targets, and the table expects LLVM's meaning
of it (C's fmod). NVVM (CUDA 13.0) compiles frem inexactly, as |x| - floor(|x|/|y|)*|y|,
so on a GPU Numba gives NaN for x % inf; pysem.h does not copy that (see its header).

Not tabulated: an exponent of -2**63 (Numba raises OverflowError) and pow() results
that are not exact (beyond an exponent of 0x10000 Numba calls pow, whose last bit may
differ between CUDA's libdevice and the host's libm).
"""
import argparse
import math
import re
import sys

import numpy as np
import numba
from numba import float32, float64, int64, uint64, njit

I64_MIN, I64_MAX = -(2**63), 2**63 - 1
U64_MAX = 2**64 - 1
POW_SQUARING_LIMIT = 0x10000  # Numba's int_power_impl switches to math.pow beyond it

INF, NAN = math.inf, math.nan

# ---- operands ----------------------------------------------------------------------
INT64_VALUES = [0, 1, -1, 2, -2, 3, -3, 7, -7, 10, -10, 2**31, -(2**31), 2**53 + 1, 2**62,
                I64_MAX, I64_MIN, I64_MIN + 1, -123456789012345]
UINT64_VALUES = [0, 1, 2, 3, 7, 10, 2**32, 2**63, U64_MAX, 12345678901234567890]
FLOAT64_VALUES = [0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 1.5, 2.0, -2.0, 3.0, -3.0, 7.0, -7.0, 0.1, -0.1,
                  0.3, 2.5, 3.7, -3.7, 5e-324, 1e-300, 1e16, 1e22, 1e300, -1e300, INF, -INF, NAN]
FLOAT32_VALUES = [0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 1.5, 2.0, -2.0, 3.0, -3.0, 7.0, -7.0, 0.1, -0.1,
                  0.3, 2.5, 3.7, -3.7, 1e-45, 1e-38, 1e7, 1e20, 3e38, -3e38, INF, -INF, NAN]
MINMAX_FLOATS = [0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 1e-45, 3e38, INF, -INF, NAN]
MINMAX_INT64 = [0, 1, -1, 42, I64_MAX, I64_MIN]
MINMAX_UINT64 = [0, 1, 2**63, U64_MAX]

IPOW_INT64_BASES = [0, 1, -1, 2, -2, 3, -3, 7, 10, -10, 2**31, I64_MAX, I64_MIN]
IPOW_INT64_EXPS = [-65537, -65536, -3, -1, 0, 1, 2, 3, 10, 33, 39, 40, 52, 53, 62, 63, 64,
                   65536, 65537, 10**6, I64_MAX]
IPOW_UINT64_BASES = [0, 1, 2, 3, 10, 2**32, U64_MAX]
IPOW_UINT64_EXPS = [0, 1, 2, 3, 10, 32, 63, 64, 65536, 65537, 2**63, U64_MAX]

FPOWI_BASES = [0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, 1.1, -1.1, 3.0, 10.0, 1e-10, 1e300, INF, -INF, NAN]
FPOWI_INT64_EXPS = [-65537, -65536, -100, -3, -2, -1, 0, 1, 2, 3, 5, 10, 31, 100, 1000, 65536, 65537,
                    I64_MAX]
FPOWI_UINT64_EXPS = [0, 1, 2, 3, 10, 65536, 65537, 2**63, U64_MAX]

ROUND_FLOAT64 = [0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3.5, 0.49999999999999994,
                 -0.49999999999999994, 1.4999999999999998, 2.675, 1000000000000000.5,
                 4503599627370495.5, 4503599627370497.0, 9223372036854774784.0, 2.0**63, -(2.0**63),
                 -9223372036854777856.0, 1e300, -1e300, 1e-300, INF, -INF, NAN]
ROUND_FLOAT32 = [0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 0.49999997, 8388607.5, 16777216.0,
                 9223371487098961920.0, 2.0**63, -(2.0**63), 3e38, -3e38, INF, -INF, NAN]

# float -> integer conversions: each destination's ends, one past them, truncation, NaN and
# the infinities (as float32 too, rounded: 2147483647.5 becomes 2**31).
CONVERT_VALUES = [0.0, -0.0, 0.5, -0.5, 1.9, -1.9, 127.5, 128.0, -128.5, -129.0, 255.5, 256.0, 300.0,
                  -300.0, 32767.5, 32768.0, -32768.5, -32769.0, 65535.5, 65536.0, 70000.0, -70000.0,
                  2147483647.5, 2147483648.0, -2147483648.5, -2147483649.0, 4294967295.5,
                  4294967296.0, 3e9, -3e9, 9007199254740993.0, 9223372036854774784.0, 2.0**63,
                  -(2.0**63), -9223372036854777856.0, 18446744073709549568.0, 2.0**64, 1e30, -1e30,
                  1e-30, -1.0, INF, -INF, NAN]
INT_TYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]

# ---- Numba's CPU target ---------------------------------------------------------------
NUMBA_TYPES = {"int64": int64, "uint64": uint64, "float32": float32, "float64": float64}
NUMPY_TYPES = {"int64": np.int64, "uint64": np.uint64, "float32": np.float32, "float64": np.float64}


def _floordiv(a, b):
    return a // b


def _mod(a, b):
    return a % b


def _power(a, b):
    return a ** b


def _round(a):
    return round(a)


def _int(a):
    return int(a)


def _abs(a):
    return abs(a)


def _max(a, b):
    return max(a, b)


def _min(a, b):
    return min(a, b)


def _converter(type_name):
    to_type = getattr(np, type_name)

    def convert(x):
        return to_type(x)
    return convert


def numba_cpu(pyfunc, restype, *argtypes):
    """pyfunc compiled by Numba's CPU target with a CUDA kernel's error model."""
    sig = getattr(numba, restype)(*(NUMBA_TYPES[t] for t in argtypes))
    return njit(sig, error_model="numpy")(pyfunc)


# ---- models of the CUDA lowering --------------------------------------------------------
def saturate_trunc(value, lo, hi):
    """PTX cvt.rzi to an integer: out-of-range values give the nearest end; NaN the value with
    only the top bit set (-2**63, -2**31; 2**31 for uint32), as an H200 gives it."""
    if math.isnan(value):
        return lo if lo < 0 else (hi + 1) // 2
    if value >= hi + 1:  # (hi + 1 is a power of two: exact as a float)
        return hi
    if value < lo:
        return lo
    return int(value)


def int_range(type_name):
    bits = int(type_name.lstrip("uint"))
    return (0, 2**bits - 1) if type_name.startswith("u") else (-(2**(bits - 1)), 2**(bits - 1) - 1)


def cuda_float_to_int(x, type_name):
    """np.int8(x) ... np.uint64(x) as numba-cuda compiles it: fptosi/fptoui, which NVVM makes a
    saturating cvt.rzi into 16, 32 or 64 bits; an 8-bit result keeps the low byte of the
    16-bit one."""
    lo, hi = int_range(type_name)
    if hi < 2**15:
        lo, hi = int_range(type_name.replace("8", "16"))
    if math.isnan(x) and isinstance(x, np.float32) and hi < 2**32:
        return 0  # cvt.rzi.{s,u}{16,32}.f32 of NaN is 0 on the hardware (f64 sources: the top bit)
    value = saturate_trunc(float(x), lo, hi)
    bits = int(type_name.lstrip("uint"))
    value %= 2**bits
    if not type_name.startswith("u") and value >= 2**(bits - 1):
        value -= 2**bits
    return value


def cuda_ipow(base, exp, lo, hi):
    """Numba's int_power_impl as numba-cuda compiles it: result through float64."""
    invert = exp < 0
    if invert:
        if base == 0:
            return I64_MIN  # _get_power_zerodiv_return: -1 << 63
        if base not in (1, -1):
            return 0
    if abs(exp) > POW_SQUARING_LIMIT:
        return saturate_trunc(float(np.power(np.float64(base), np.float64(exp))), lo, hi)
    wrapped = pow(base, abs(exp), 2**64)  # the int64/uint64 multiplications wrap
    if lo < 0 and wrapped > hi:
        wrapped -= 2**64
    result = float(wrapped)  # cvt.rn.f64.s64 / .u64
    if invert:
        result = 1.0 / result
    return saturate_trunc(result, lo, hi)


def cuda_fpowi(x, exp):
    """Numba's int_power_impl for a float base: squaring in the base's precision, the
    inversion `1.0 / r` in float64. On CUDA that division raises nothing (the LLVM IR
    numba-cuda generates has an empty zero-division branch there), so 0.0 ** -n is inf,
    where the CPU target raises ZeroDivisionError."""
    ftype = type(x)
    invert = exp < 0
    magnitude = abs(exp)
    if magnitude > POW_SQUARING_LIMIT:
        return ftype(np.power(np.float64(x), np.float64(exp)))
    result, base = ftype(1.0), x
    while magnitude:
        if magnitude & 1:
            result = result * base
        magnitude >>= 1
        base = base * base
    return ftype(np.float64(1.0) / np.float64(result)) if invert else result


def cuda_round(x):
    return saturate_trunc(float(np.rint(np.float64(x))), I64_MIN, I64_MAX)


def cuda_float_max(a, b):
    if math.isnan(a):
        return b
    if math.isnan(b):
        return a
    if a == b:
        return b if math.copysign(1.0, a) < 0 else a
    return max(a, b)


def cuda_float_min(a, b):
    if math.isnan(a):
        return b
    if math.isnan(b):
        return a
    if a == b:
        return a if math.copysign(1.0, a) < 0 else b
    return min(a, b)


# ---- the table ------------------------------------------------------------------------------
def fmt(value):
    """Integers in decimal; floats as the shortest text that reads back to the same double."""
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    return repr(float(value))


def same(x, y):
    """Bitwise equality of results, NaN equal to NaN."""
    if isinstance(x, (int, np.integer)):
        return int(x) == int(y)
    x, y = float(x), float(y)
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    return x == y and math.copysign(1.0, x) == math.copysign(1.0, y)


class Table:
    def __init__(self):
        self.rows = []

    def add(self, op, types, a, b, cpu, cuda=None, cuda_only_when=None):
        """One case. `cpu` is the CPU target's result, or the exception class it raised;
        `cuda` the modelled CUDA result where it may differ. `cuda_only_when` says whether
        the CUDA difference can apply to these operands: where it cannot, model and CPU
        must agree, which checks the model against Numba."""
        raised = isinstance(cpu, type) and issubclass(cpu, Exception)
        if not raised and (cuda is None or same(cuda, cpu)):
            self.rows.append(f"{op} {types} {fmt(a)} {b} {fmt(cpu)} numba")
            return
        if cuda is None or (cuda_only_when is not None and not cuda_only_when):
            cpu_text = cpu.__name__ if raised else fmt(cpu)
            sys.exit(f"model and Numba disagree where they should not: {op} {types} {a} {b}: "
                     f"cuda={cuda if cuda is None else fmt(cuda)} cpu={cpu_text}")
        self.rows.append(f"{op} {types} {fmt(a)} {b} {fmt(cuda)} cuda "
                         f"cpu={cpu.__name__ if raised else fmt(cpu)}")


def binary_rows(table, op, pyfunc, type_name, values, model=None, model_applies=None):
    ntype = NUMPY_TYPES[type_name]
    fn = numba_cpu(pyfunc, type_name, type_name, type_name)
    for a in values:
        for b in values:
            x, y = ntype(a), ntype(b)
            cpu = fn(x, y)
            cuda = model(x, y) if model else None
            applies = model_applies(x, y) if model_applies else None
            table.add(op, type_name, x, fmt(y), cpu, cuda, applies)


def generate():
    table = Table()
    with np.errstate(all="ignore"):
        for t, values in (("int64", INT64_VALUES), ("uint64", UINT64_VALUES)):
            binary_rows(table, "floordiv", _floordiv, t, values)
            binary_rows(table, "mod", _mod, t, values)
        for t, values in (("float32", FLOAT32_VALUES), ("float64", FLOAT64_VALUES)):
            binary_rows(table, "floordiv", _floordiv, t, values)
            binary_rows(table, "mod", _mod, t, values)

        for t, bases, exps, lo, hi in (("int64", IPOW_INT64_BASES, IPOW_INT64_EXPS, I64_MIN, I64_MAX),
                                       ("uint64", IPOW_UINT64_BASES, IPOW_UINT64_EXPS, 0, U64_MAX)):
            fn = numba_cpu(_power, t, t, t)
            ntype = NUMPY_TYPES[t]
            for a in bases:
                for b in exps:
                    cpu = fn(ntype(a), ntype(b))
                    # Only a result beyond 2**53 (rounded by the trip through float64) or
                    # math.pow's result converted to an integer can differ from the CPU's.
                    can_differ = abs(int(cpu)) > 2**53 or abs(b) > POW_SQUARING_LIMIT
                    table.add("ipow", t, a, fmt(b), cpu, cuda_ipow(a, b, lo, hi), can_differ)

        for ft in ("float32", "float64"):
            ntype = NUMPY_TYPES[ft]
            for et, exps in (("int64", FPOWI_INT64_EXPS), ("uint64", FPOWI_UINT64_EXPS)):
                fn = numba_cpu(_power, ft, ft, et)
                for a in FPOWI_BASES:
                    for b in exps:
                        x = ntype(a)
                        try:
                            cpu = fn(x, NUMPY_TYPES[et](b))
                        except ZeroDivisionError:
                            cpu = ZeroDivisionError
                        table.add("fpowi", f"{ft},{et}", x, fmt(b), cpu, cuda_fpowi(x, b),
                                  cpu is ZeroDivisionError)

        for ft, values in (("float32", ROUND_FLOAT32), ("float64", ROUND_FLOAT64)):
            ntype = NUMPY_TYPES[ft]
            fn = numba_cpu(_round, "int64", ft)
            for a in values:
                x = ntype(a)
                in_range = np.isfinite(x) and -(2.0**63) <= float(x) < 2.0**63
                table.add("round", ft, x, "-", fn(x), cuda_round(x), not in_range)

        for ft in ("float32", "float64"):
            for it in INT_TYPES:
                fn = numba_cpu(_converter(it), it, ft)
                lo, hi = int_range(it)
                # float32 rounds some values onto others: each once.
                for x in dict.fromkeys(NUMPY_TYPES[ft](a) for a in CONVERT_VALUES if not math.isnan(a)):
                    in_range = bool(np.isfinite(x)) and lo <= math.trunc(float(x)) <= hi
                    table.add("float_to_int", f"{ft},{it}", x, "-", fn(x), cuda_float_to_int(x, it),
                              not in_range)
                x = NUMPY_TYPES[ft](NAN)
                table.add("float_to_int", f"{ft},{it}", x, "-", fn(x), cuda_float_to_int(x, it), True)

        for t, values in (("int64", INT64_VALUES), ("float32", FLOAT32_VALUES), ("float64", FLOAT64_VALUES)):
            fn = numba_cpu(_abs, t, t)
            for a in values:
                x = NUMPY_TYPES[t](a)
                table.add("abs", t, x, "-", fn(x))

        for t in ("float32", "float64"):
            # Numba's CPU target lowers every max/min generically: that is max_generic.
            binary_rows(table, "max", _max, t, MINMAX_FLOATS, cuda_float_max,
                        lambda x, y: bool(np.isnan(x) or np.isnan(y) or x == y))
            binary_rows(table, "min", _min, t, MINMAX_FLOATS, cuda_float_min,
                        lambda x, y: bool(np.isnan(x) or np.isnan(y) or x == y))
            binary_rows(table, "max_generic", _max, t, MINMAX_FLOATS)
            binary_rows(table, "min_generic", _min, t, MINMAX_FLOATS)
        for t, values in (("int64", MINMAX_INT64), ("uint64", MINMAX_UINT64)):
            for op, fn in (("max", _max), ("min", _min), ("max_generic", _max), ("min_generic", _min)):
                binary_rows(table, op, fn, t, values)
    return table.rows


# ---- --check-ptx ------------------------------------------------------------------------------
def check_ptx():
    """Compiles each CUDA-specific operator with numba-cuda; checks the IR/PTX the models rely on."""
    from numba import cuda
    from numba.cuda.compiler import compile_cuda

    def three_max(a, b, c):
        return max(a, b, c)

    def ptx_of(fn, sig):
        ptx, _ = cuda.compile_ptx(fn, sig, device=True, cc=(8, 0))
        return ptx[ptx.index(".visible .func"):]

    def llvm_ir(fn, sig):
        return compile_cuda(fn, None, sig, cc=(8, 0)).library.get_llvm_str()

    def int_power_ir(fn, sig):
        ir = llvm_ir(fn, sig)
        found = re.search(r"^define [^\n]*int_power.*?^}", ir, re.DOTALL | re.MULTILINE)
        return found.group(0) if found else ""

    checks = [
        # (what, text to search, strings that must occur, strings that must not)
        ("float64 % float64 is LLVM frem (fmod by definition)",
         llvm_ir(_mod, (float64, float64)),
         ["frem double"], []),
        ("int64 ** int64: result through float64", ptx_of(_power, (int64, int64)),
         ["cvt.rn.f64.s64", "cvt.rzi.s64.f64"], []),
        ("uint64 ** uint64: result through float64", ptx_of(_power, (uint64, uint64)),
         ["cvt.rn.f64.u64", "cvt.rzi.u64.f64"], []),
        ("float64 ** int64: 1.0 / r raises nothing (only OverflowError returns status 1)",
         int_power_ir(_power, (float64, int64)), ["fdiv double 0x3ff0000000000000", "ret i32 1"],
         [f"ret i32 {n}" for n in range(2, 10)]),
        ("round(float64): llrint", ptx_of(_round, (float64,)), ["cvt.rni.s64.f64"], []),
        ("np.int8(float64): a 16-bit cvt", ptx_of(_converter("int8"), (float64,)), ["cvt.rzi.s16.f64"], []),
        ("np.uint8(float32): a 16-bit cvt", ptx_of(_converter("uint8"), (float32,)), ["cvt.rzi.u16.f32"], []),
        ("np.int16(float32): cvt", ptx_of(_converter("int16"), (float32,)), ["cvt.rzi.s16.f32"], []),
        ("np.uint16(float64): cvt", ptx_of(_converter("uint16"), (float64,)), ["cvt.rzi.u16.f64"], []),
        ("np.int32(float64): cvt", ptx_of(_converter("int32"), (float64,)), ["cvt.rzi.s32.f64"], []),
        ("np.uint32(float64): cvt", ptx_of(_converter("uint32"), (float64,)), ["cvt.rzi.u32.f64"], []),
        ("np.uint64(float32): cvt", ptx_of(_converter("uint64"), (float32,)), ["cvt.rzi.u64.f32"], []),
        ("int(float64): cvt", ptx_of(_int, (float64,)), ["cvt.rzi.s64.f64"], []),
        ("max(float64, float64): PTX max", ptx_of(_max, (float64, float64)), ["max.f64"], []),
        ("min(float32, float32): PTX min", ptx_of(_min, (float32, float32)), ["min.f32"], []),
        ("max(a, b, c): generic compare-and-select", ptx_of(three_max, (float64,) * 3),
         ["setp.", "selp.f64"], ["max.f64"]),
    ]
    failed = 0
    for name, text, present, absent in checks:
        missing = [s for s in present if s not in text] + [f"no {s}" for s in absent if s in text]
        print(f"{'ok  ' if not missing else 'FAIL'} {name}" + (f": missing {missing}" if missing else ""),
              file=sys.stderr)
        failed += bool(missing)
    return failed


HEADER = """\
# Python operators as Numba's CUDA target computes them: the expectations for
# runtime/include/py2cuda/pysem.h, checked bit for bit by tests/unit/test_runtime_pysem.cpp.
#
# GENERATED by tests/runtime/gen_pysem_cases.py from Numba {numba} (numba-cuda {numba_cuda}),
# NumPy {numpy}: the expected values are Numba's, not py2cuda's. Do not edit by hand; regenerate:
#     python tests/runtime/gen_pysem_cases.py > tests/runtime/pysem_cases.txt
#
# Columns: op types a b expected source [cpu=...]
#   types   operand types (one name: both operands; "float32,int64": base and exponent)
#   b       "-" for a unary op
#   source  numba: Numba's CPU target with error_model='numpy' (its lowering is numba-cuda's);
#           cuda:  numba-cuda's GPU lowering as modelled by the generator (see its docstring);
#                  cpu= is what the CPU target gives instead.
# Floats read back exactly with strtod (float32 values are exact doubles).
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check-ptx", action="store_true",
                        help="check the PTX evidence for the CUDA models instead of printing the table")
    args = parser.parse_args()
    if args.check_ptx:
        return 1 if check_ptx() else 0
    try:
        from importlib.metadata import version
        numba_cuda_version = version("numba-cuda")
    except Exception:  # not installed: the table does not need it
        numba_cuda_version = "not installed"
    rows = generate()
    sys.stdout.write(HEADER.format(numba=numba.__version__, numba_cuda=numba_cuda_version,
                                   numpy=np.__version__))
    sys.stdout.write("\n".join(rows) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
