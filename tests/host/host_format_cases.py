#!/usr/bin/env python3
"""Case generator of the host-format test (run by run_host_format.py).

Runs under the NumPy 1.26 interpreter given as --python. It builds every case
from one list, writes `cases.txt` (what the C++ driver format_cases.cpp reads,
one case per line, tab-separated, values encoded exactly) and `expected.txt`
(what CPython/NumPy print for the same case, one line per case with '\\' and
newlines escaped; a raised exception as "!Type: message").

    python host_format_cases.py OUTDIR
"""
import math
import random
import struct
import sys
import warnings
from pathlib import Path

import numpy as np

RNG = random.Random(20261125)
CASES = []  # (fields, expected)


def enc_text(s):
    return s.encode("utf-8").hex() or "-"


def enc_float(x):
    return float(x).hex()


def enc_out(s):
    return s.replace("\\", "\\\\").replace("\n", "\\n")


def run(fn):
    try:
        return fn()
    except Exception as e:  # the exception is part of the expected output
        return f"!{type(e).__name__}: {e}"


def add(fields, fn):
    CASES.append(([str(f) for f in fields], enc_out(run(fn))))


# ---- values --------------------------------------------------------------

def random_double():
    kind = RNG.randrange(6)
    if kind == 0:  # any bit pattern (finite)
        while True:
            x = struct.unpack("<d", RNG.getrandbits(64).to_bytes(8, "little"))[0]
            if math.isfinite(x):
                return x
    if kind == 1:  # moderate magnitudes, the common case
        return RNG.uniform(-1, 1) * 10.0 ** RNG.randint(-8, 20)
    if kind == 2:  # short decimals, where rounding ties live
        return round(RNG.uniform(-1000, 1000), RNG.randint(0, 6))
    if kind == 3:  # exact binary halfway cases: k / 2**n
        return RNG.randint(-10**6, 10**6) / 2.0 ** RNG.randint(0, 12)
    if kind == 4:  # integral
        return float(RNG.randint(-10**RNG.randint(1, 18), 10**RNG.randint(1, 18)))
    return RNG.choice([5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 1e-4,
                       9.999999999999999e-05, 1e16, 9999999999999998.0, 1e-5, 0.1, 0.5,
                       1.5, 2.5, 0.125, 0.375, 1e22, 1e23, 123456789.0, 0.3])


SPECIAL_DOUBLES = [0.0, -0.0, math.inf, -math.inf, math.nan, 1.0, -1.0, 0.1, 1e16, 1e-4,
                   1e-5, 9.999999999999999e-05, 9999999999999998.0, 1e15, 123.0, 5e-324,
                   2.5e-300, -2.5e-300, 1.7976931348623157e308, 1e100, 0.5, 2.5, 3.5, 0.125]


def random_float32():
    kind = RNG.randrange(4)
    if kind == 0:
        while True:
            x = np.frombuffer(RNG.getrandbits(32).to_bytes(4, "little"), np.float32)[0]
            if np.isfinite(x):
                return x
    if kind == 1:
        return np.float32(RNG.uniform(-1, 1) * 10.0 ** RNG.randint(-8, 20))
    if kind == 2:
        return np.float32(round(RNG.uniform(-100, 100), RNG.randint(0, 5)))
    return np.float32(RNG.choice([1e-4, 1e-5, 0.1, 3.4028235e38, 1e15, 9999999198822400.0,
                                  1e16, 1.4e-45, 1.17549435e-38, 0.3, 16777217.0, 1e8]))


INT_TYPES = {"int8": np.int8, "int16": np.int16, "int32": np.int32, "int64": np.int64,
             "uint8": np.uint8, "uint16": np.uint16, "uint32": np.uint32, "uint64": np.uint64}


def random_int(name):
    info = np.iinfo(INT_TYPES[name])
    r = RNG.randrange(4)
    if r == 0:
        return RNG.choice([info.min, info.max, 0, 1, info.min + 1, info.max - 1])
    if r == 1:
        return RNG.randint(max(info.min, -1000), min(info.max, 1000))
    return RNG.randint(int(info.min), int(info.max))


# ---- scalars ------------------------------------------------------------------

def scalar_cases():
    doubles = SPECIAL_DOUBLES + [random_double() for _ in range(3000)]
    for x in doubles:
        add(["repr_float", enc_float(x)], lambda: repr(x))
        add(["str_np64", enc_float(x)], lambda: str(np.float64(x)))
    floats = [np.float32(v) for v in SPECIAL_DOUBLES] + [random_float32() for _ in range(3000)]
    # float32 neighbours of the positional/scientific thresholds
    for t in (1e-4, 1e16):
        f = np.float32(t)
        floats += [np.nextafter(f, np.float32(0)), f, np.nextafter(f, np.float32(np.inf))]
    for f in floats:
        add(["str_np32", enc_float(f)], lambda: str(f))
    for name in INT_TYPES:
        for _ in range(40):
            v = random_int(name)
            add(["str_npint", name, v], lambda: str(INT_TYPES[name](v)))
    for b in (True, False):
        add(["repr_bool", int(b)], lambda: repr(b))
        add(["str_npbool", int(b)], lambda: str(np.bool_(b)))
    texts = ["", "a", "it's", 'say "hi"', "both ' and \"", "tab\there", "new\nline", "back\\slash",
             "\x00\x01\x7f", "caf\u00e9", "\u00a0\u00ad", "\u2028", "\U0001F600", "\x80\x9f", "\u200b"]
    for s in texts:
        add(["repr_str", enc_text(s)], lambda: repr(s))


# ---- format() ------------------------------------------------------------------

def random_spec(kind):
    parts = []
    if RNG.random() < 0.3:
        fill = RNG.choice(["", "*", "0", "x", "\u00e9", " ", "<"]) if RNG.random() < 0.6 else ""
        parts.append(fill + RNG.choice("<>^="))
    if RNG.random() < 0.3:
        parts.append(RNG.choice("+- "))
    if RNG.random() < 0.1:
        parts.append("z")
    if RNG.random() < 0.15:
        parts.append("#")
    if RNG.random() < 0.2:
        parts.append("0")
    if RNG.random() < 0.6:
        parts.append(str(RNG.randint(0, 25)))
    if RNG.random() < 0.2:
        parts.append(RNG.choice([",", "_"]))
    if RNG.random() < 0.5:
        parts.append("." + str(RNG.randint(0, 20)))
    types = {"float": "eEfFgGn%" + "   ", "int": "bcdoxXn" + "eEfFgG%" + "   ", "str": "s  "}[kind]
    if RNG.random() < 0.05:
        types = "bcdoxXneEfFgG%sq"
    t = RNG.choice(types)
    if t != " ":
        parts.append(t)
    return "".join(parts)


FIXED_FLOAT_SPECS = ["", "10", ".3", ".0", ".1", ".17", "g", ".3g", "#.3g", "#g", "e", ".0e", "#.0e",
                     "f", ".0f", "#.0f", ".2f", ".20f", "%", ".1%", ",", "_", ",.2f", "012,.2f",
                     "09,", "08,", "010,", "+", " ", "-", "z", "z.2f", "z.3e", "<10", "^10", "=10",
                     "*^12.4f", "0=12", "E", "F", "G", "n", ".300f", "10.0", "d", "c", "s", "x",
                     ".", "10qq", ",_", ",d", ".2fx", "\u00e9>8", "+010.2e", "-^7", ".60g",
                     ".120e", "#.40g", ".0%", "z.0%", ",.2f", ".400f", "#.0g", "#", "#.3", ".16"]
FIXED_INT_SPECS = ["", "d", "10", "<5", "^5", "=+8", "08", "x", "X", "#x", "#X", "#o", "#b", "b",
                   "o", "c", ",", "_", "_x", "_b", "#010_x", "08,", "09,", "n", ",n", "_n", ",b",
                   ",c", "+c", "#c", ".2", ".2d", "z", "e", ".2f", "%", "g", "+", " ", "s", "q",
                   "10q", "10qq", "x<05", "<05", "0<5", "_o", "#_b", " 12,"]
FIXED_STR_SPECS = ["", "s", "5", "<5", ">5", "^6", "*^7", ".2", "5.1", "05", "=5", "+", " ", "#",
                   "z", ",", "d", ".", "x<4", "\u00e9^5s"]


def format_cases():
    doubles = SPECIAL_DOUBLES + [random_double() for _ in range(400)]
    for x in doubles:
        for spec in RNG.sample(FIXED_FLOAT_SPECS, 8) + [random_spec("float") for _ in range(6)]:
            add(["format_float", enc_float(x), enc_text(spec)], lambda: format(x, spec))
    for name in INT_TYPES:
        for _ in range(60):
            v = random_int(name)
            for spec in RNG.sample(FIXED_INT_SPECS, 5) + [random_spec("int") for _ in range(4)]:
                add(["format_int", v, enc_text(spec)], lambda: format(v, spec))
                # the same value as a NumPy scalar: converted to int first
                add(["format_npint", name, v, enc_text(spec)],
                    lambda: format(INT_TYPES[name](v), spec))
    for v in [0, 1, -1, 65, 0x10FFFF, 0x110000, 2**63 - 1, -2**63]:
        for spec in FIXED_INT_SPECS:
            add(["format_int", v, enc_text(spec)], lambda: format(v, spec))
    for b in (True, False):
        for spec in FIXED_INT_SPECS + [".2f", "^10"]:
            add(["format_bool", int(b), enc_text(spec)], lambda: format(b, spec))
            add(["format_npbool", int(b), enc_text(spec)], lambda: format(np.bool_(b), spec))
    for s in ["", "a", "abc", "caf\u00e9", "\U0001F600x"]:
        for spec in FIXED_STR_SPECS + [random_spec("str") for _ in range(10)]:
            add(["format_str", enc_text(s), enc_text(spec)], lambda: format(s, spec))
    # exact decimal ties: k / 2**n has n fraction digits, so '.{n-1}f' rounds
    # a true tie (to even), and so do the matching 'e' and 'g' precisions
    for _ in range(600):
        n = RNG.randint(1, 14)
        x = RNG.randrange(1, 2**20, 2) / 2.0 ** n
        d = len(repr(x).split(".")[0].lstrip("-0")) if abs(x) >= 1 else 0
        for spec in (f".{n - 1}f", f".{max(d + n - 2, 0)}e", f".{max(d + n - 1, 1)}g", f"#.{n - 1}f"):
            add(["format_float", enc_float(x), enc_text(spec)], lambda: format(x, spec))
    for _ in range(400):
        f = random_float32()
        spec = RNG.choice(["", "", ".3f", "10", ".2e", "g"])
        add(["format_np32", enc_float(f), enc_text(spec)], lambda: format(f, spec))
        add(["format_np64", enc_float(f), enc_text(spec)], lambda: format(np.float64(f), spec))


# ---- % and str.format ------------------------------------------------------------

def enc_arg(v):
    if isinstance(v, bool):
        return f"b:{int(v)}"
    if isinstance(v, np.float32):
        return "F32:" + enc_float(v)
    if isinstance(v, int):
        return f"i:{v}"
    if isinstance(v, float):
        return "f:" + enc_float(v)
    return "s:" + enc_text(v)


def percent_cases():
    fixed = [("%d", (5,)), ("%05.3d", (5,)), ("%05f", (math.inf,)), ("%-05d", (5,)), ("%#x", (255,)),
             ("%#o", (8,)), ("%+.2e", (1.5,)), ("%d", (3.9,)), ("%d", (-3.9,)), ("%d", (True,)),
             ("%s", (1.5,)), ("%r", ("a",)), ("%c", (65,)), ("%c", ("z",)), ("%5.1s", ("abc",)),
             ("%x", (1.5,)), ("%d", ("a",)), ("%f", ("a",)), ("%c", (1.5,)), ("%q", (1,)),
             ("%", (1,)), ("%d %d", (1,)), ("%d", (1, 2)), ("%d", (math.nan,)), ("%d", (math.inf,)),
             ("%#.0f", (2.0,)), ("%g", (1e-5,)), ("%#g", (1.0,)), ("%010.3f", (-1.5,)),
             ("% d", (5,)), ("%.3x", (5,)), ("%#.3x", (5,)), ("%#05x", (5,)), ("%i", (-7,)),
             ("%u", (7,)), ("%G", (1e-10,)), ("%c", (-1,)), ("%(a)d", (1,)), ("100%%", ()),
             ("%s and %r", ("it's", "it's")), ("%*d", (6, 42)), ("%-*d|", (6, 42)),
             ("%.*f", (2, 3.14159)), ("%e", (0.0,)), ("%g", (123456789.0,)), ("%.3g", (0.0001,)),
             ("%10.4s|", ("caf\u00e9s",)), ("%x", (-255,)), ("%X", (3054,)), ("%o", (-8,)),
             ("%s", (np.float32(0.1),)), ("%r", (np.float32(0.1),)), ("%f", (np.float32(0.1),)),
             ("%d", (1e20,)), ("%ld", (5,)), ("%a", ("caf\u00e9",)), ("%5c|", (0xe9,)),
             ("%s %s", (True, None)) if False else ("%s %s", (True, False)), ("%+d", (0,)),
             ("%.0e", (2.5,)), ("%.0f", (0.5,)), ("%.2f", (0.125,)), ("%5.1f%%", (99.95,)), ("%5%", (1,)), ("%5%", ()), ("%.1%|%d", (1, 2)),
             ("%.50f", (0.1,)), ("%#+ 010.3e", (1.5,)), ("%-5c|", ("x",)), ("%05s", ("a",)),
             ("% 05d", (3,)), ("%#5.0e", (3.0,)), ("%.0g", (0.0,)), ("%#.0g", (12.0,)), ("%x", (True,)),
             ("%r", ("caf\u00e9",)), ("%a", (1.5,)), ("%.3s", ("caf\u00e9",))]
    for fmt, args in fixed:
        add(["percent", enc_text(fmt)] + [enc_arg(a) for a in args], lambda: fmt % args)
    convs = "diouxXeEfFgGsr"
    for _ in range(800):
        c = RNG.choice(convs)
        flags = "".join(RNG.sample("-+ #0", RNG.randint(0, 2)))
        width = str(RNG.randint(1, 15)) if RNG.random() < 0.5 else ""
        prec = "." + str(RNG.randint(0, 10)) if RNG.random() < 0.4 else ""
        fmt = "<%" + flags + width + prec + c + ">"
        v = RNG.choice([random_double(), RNG.randint(-10**6, 10**6), RNG.choice(["x", "hello"]),
                        RNG.randint(-2**63, 2**63 - 1)])
        add(["percent", enc_text(fmt), enc_arg(v)], lambda: fmt % (v,))


def strformat_cases():
    fixed = [("{:{}}", (3.14159, 10)), ("{0}{}", (1, 2)), ("{}{0}", (1, 2)), ("{2}", (1,)),
             ("{", ()), ("}", ()), ("{!x}", (1,)), ("{a}", (1,)), ("{0!r:>5}", ("a",)),
             ("{:d}", (1.5,)), ("{}}", (1,)), ("{:{}{}}", (1, ">", 5)), ("{!r}", (1.5,)),
             ("{0:}", (2,)), ("{} {} {}", (1, 2.5, "x")), ("{1} {0} {1}", ("a", "b")),
             ("{{}} {{{}}}", (7,)), ("{:>10.3f}|{:<6}|{:^7}", (math.pi, "ab", True)),
             ("{!s:>6}", ("x",)), ("{!a}", ("caf\u00e9",)), ("{}", (np.float32(0.1),)),
             ("{:.3}", (np.float32(0.1),)), ("{!s}", (np.float32(0.1),)), ("{:x} {:#b}", (255, 5)),
             ("x{", ()), ("{0", (1,)), ("{:", (1,)), ("{!", (1,)), ("{!r", (1,)),
             ("{!rx}", (1,)), ("{:,}", (10**9,)), ("{:_.2f}", (1234567.891,)), ("{:%}", (0.25,))]
    for fmt, args in fixed:
        add(["strformat", enc_text(fmt)] + [enc_arg(a) for a in args], lambda: fmt.format(*args))


# ---- arrays ----------------------------------------------------------------------

def add_array(arr):
    """str and repr of arr, and of its transpose (a strided view in C++)."""
    name = arr.dtype.name
    flat = arr.ravel()
    if arr.dtype.kind == "f":
        vals = [enc_float(v) for v in flat]
    else:
        vals = [str(int(v)) for v in flat]
    shape = [str(s) for s in arr.shape]
    head = [name, str(arr.ndim)] + shape
    add(["array_str", *head, *vals], lambda: str(arr))
    add(["array_repr", *head, *vals], lambda: repr(arr))
    if arr.ndim >= 2:
        add(["array_str_T", *head, *vals], lambda: str(arr.T))
        add(["array_repr_T", *head, *vals], lambda: repr(arr.T))
    if arr.ndim >= 1 and arr.shape[0] > 1:  # a negative stride
        add(["array_str_R", *head, *vals], lambda: str(arr[::-1]))


def float_array(dtype, n, style):
    if style == "unit":
        v = [RNG.uniform(-1, 1) for _ in range(n)]
    elif style == "mixed":
        v = [RNG.uniform(-1, 1) * 10.0 ** RNG.randint(-10, 12) for _ in range(n)]
    elif style == "round":
        v = [round(RNG.uniform(-100, 100), RNG.randint(0, 3)) for _ in range(n)]
    elif style == "int":
        v = [float(RNG.randint(-50, 50)) for _ in range(n)]
    elif style == "big":
        v = [RNG.uniform(0, 1) * 10.0 ** RNG.randint(6, 9) for _ in range(n)]
    elif style == "small":
        v = [RNG.uniform(0, 1) * 10.0 ** RNG.randint(-6, -3) for _ in range(n)]
    elif style == "ratio":  # around the max/min > 1000 switch
        v = [RNG.choice([1.0, 999.0, 1000.0, 1001.0, 0.5]) for _ in range(n)]
    else:  # special values sprinkled in
        v = [RNG.choice([math.nan, math.inf, -math.inf, 0.0, -0.0, RNG.uniform(-10, 10)])
             for _ in range(n)]
    return np.array(v, dtype=dtype)


def container_cases():
    pool = [0, -5, 2**63 - 1, 2.5, 1e20, -0.0, math.nan, "a", "it's", True, False, np.float32(0.1),
            np.float32(1e-5)]
    for _ in range(150):
        items = [RNG.choice(pool) for _ in range(RNG.randint(0, 5))]
        args = [enc_arg(v) for v in items]
        add(["list"] + args, lambda: repr(items))
        if len(items) <= 3:
            add(["tuple"] + args, lambda: repr(tuple(items)))


def array_cases():
    shapes = [(0,), (0, 3), (2, 0), (3, 0, 2), (), (1,), (5,), (3, 4), (2, 3, 4), (2, 2, 2, 2),
              (30,), (12, 9), (1001,), (2000,), (40, 30), (11, 11, 11), (2, 600), (7, 7, 7, 7)]
    styles = ["unit", "mixed", "round", "int", "big", "small", "ratio", "special"]
    for dtype in (np.float64, np.float32):
        for shape in shapes:
            for style in RNG.sample(styles, 3):
                n = int(np.prod(shape))
                add_array(float_array(dtype, n, style).reshape(shape))
    for name, t in INT_TYPES.items():
        for shape in shapes:
            n = int(np.prod(shape))
            lo, hi = (np.iinfo(t).min, np.iinfo(t).max) if RNG.random() < 0.5 else (0, 99)
            vals = [RNG.randint(int(lo), int(hi)) for _ in range(n)]
            add_array(np.array(vals, dtype=t).reshape(shape))
    for shape in shapes:
        n = int(np.prod(shape))
        add_array(np.array([RNG.random() < 0.5 for _ in range(n)], dtype=bool).reshape(shape))
    # line lengths around the 75-column wrap and the dtype= line break
    for n in range(1, 40):
        add_array(np.arange(n, dtype=np.int16) * 1000 - 7)
        add_array(np.arange(n, dtype=np.float32) * 1.25 - 3)
        add_array(np.arange(n, dtype=np.int64) * 123457)
        add_array((np.arange(2 * n, dtype=np.uint32) * 7919).reshape(2, n))
    # float32 integers between 2**24 and 1e8 print their exact digits
    add_array(np.array([16777217.0, 81785448.0, 99999992.0, 0.5], np.float32))
    # hand-picked
    for a in [np.array([1.0, 2.0, 3.0]), np.array([1.0, 2.5]), np.array([1e100, 1e-5]),
              np.array([0.1, 1.2345678e-5], np.float32), np.array([np.nan, -np.inf]),
              np.array([np.nan]), np.array([np.inf, 1.5]), np.array([-0.0, 0.0]),
              np.array([1e-4, 1e-3], np.float32), np.array([1e-4, 1e-3]),
              np.array([1e8, 1.0]), np.array([99999999.0, 1.0]), np.array([0.123456789123]),
              np.array([1.5e-300, 2.0]), np.array([123456.789, 0.001]),
              np.arange(100, dtype=np.float64) / 7, np.arange(30).reshape(5, 6) * 1e9,
              np.array(np.nan), np.array(-0.0), np.array(3, np.int8), np.array(True),
              np.array(1e20), np.array(0.1, np.float32), np.array([True]),
              np.linspace(0, 1, 7, dtype=np.float32), np.array([3.4028235e38], np.float32),
              np.array([np.nan, 1e10, -2.5e-3]), np.array([np.inf, -1e-300, 5e-324]),
              np.array([-np.inf, np.nan, np.inf]), np.array([-0.0]), np.array([np.nan] * 3, np.float32),
              np.array([1e8]), np.array([99999999.99999999]), np.array([0.0001, 0.1]),
              np.array([9.999999999999999e-05, 0.1]), np.array([1e-8, -1e-8], np.float32),
              np.array([[1.5, np.nan], [-np.inf, 2.0]]), np.full((3, 400), -1.0 / 3),
              np.arange(1, 1002, dtype=np.float32) ** 3, np.array([2**63 - 1, -2**63]),
              np.array([2**64 - 1, 0], np.uint64), np.array([0.5, 1.5, 2.5, 1234567.125]),
              np.array([1.23456789e-7, 1.0], np.float32), np.array([12345678.9, 0.5]),
              np.array([0.0, 1e10, -0.0]), np.array([0.0, -1.5e-7], np.float32),
              np.array([-1e-310, 1.0]), np.array([1e300, 1e-300, np.nan]),
              np.arange(1000.0) / 3, (np.arange(1000, dtype=np.int16) - 500).reshape(10, 100)]:
        add_array(a)


def main():
    warnings.simplefilter("ignore")  # float32 overflow in casts is intended
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    scalar_cases()
    format_cases()
    percent_cases()
    strformat_cases()
    container_cases()
    array_cases()
    with open(out / "cases.txt", "w", encoding="utf-8") as f:
        for fields, _ in CASES:
            f.write("\t".join(fields) + "\n")
    with open(out / "expected.txt", "w", encoding="utf-8", errors="surrogatepass") as f:
        for _, expected in CASES:
            f.write(expected + "\n")
    print(len(CASES))


if __name__ == "__main__":
    main()
