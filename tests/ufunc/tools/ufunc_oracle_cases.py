"""The cases of run_ufunc_oracle.py, run by Numba's interpreter (numpy, numba).

Each source file is executed with numba.vectorize / numba.guvectorize replaced by recorders, so
that the Python functions, their signatures and layouts are at hand; a case names a ufunc, its
operands and the signature numba-cuda resolves them to. The reference is that function compiled
by Numba's CPU target for that one signature, called on the same operands (as NumPy scalars of
the signature's types for literals); the result must equal, in dtype and shape, and in values
(exactly for integers, to a few ulps for floats: the emulation's libm is not LLVM's), what
`BIN UFUNC --out-dir DIR ARG...` writes.
"""
import argparse
import math
import subprocess
import sys
import traceback
from pathlib import Path

import numba
import numpy as np

RUN_TIMEOUT_S = 60


class Recorded:
    def __init__(self, func, signatures, layout):
        self.func, self.signatures, self.layout = func, signatures, layout


def load(path):
    """The file's ufuncs by name, its decorators recording instead of compiling."""
    def vectorize(signatures=None, **kwargs):
        return lambda f: Recorded(f, signatures, None)

    def guvectorize(signatures, layout, **kwargs):
        return lambda f: Recorded(f, signatures, layout)

    real = numba.vectorize, numba.guvectorize
    numba.vectorize, numba.guvectorize = vectorize, guvectorize
    try:
        namespace = {"__name__": "ufunc_oracle_module", "__file__": str(path)}
        exec(compile(Path(path).read_text(), str(path), "exec"), namespace)
    finally:
        numba.vectorize, numba.guvectorize = real
    return {k: v for k, v in namespace.items() if isinstance(v, Recorded)}


def reference(u, signature, operands):
    if u.layout is None:
        cpu = numba.vectorize([signature], target="cpu")(u.func)
    else:
        cpu = numba.guvectorize([signature], u.layout, target="cpu")(u.func)
    return cpu(*operands)


def input_dtypes(signature):
    sig = numba.core.sigutils.normalize_signature(signature)[0]
    return [np.dtype(str(t.dtype if isinstance(t, numba.types.Array) else t)) for t in sig]


R = np.random.default_rng(20261125)


def f32(*shape, lo=-4, hi=4):
    return R.uniform(lo, hi, shape).astype(np.float32)


def f64(*shape, lo=-4, hi=4):
    return R.uniform(lo, hi, shape)


def ints(dtype, *shape, lo=-50, hi=50):
    return R.integers(lo, hi, shape).astype(dtype)


# (file stem, ufunc, operands, the signature numba-cuda picks). A str operand is a literal.
CASES = [
    ("ufunc_vectorize", "floor_mod", [ints(np.int32, 7), ints(np.int32, 7, lo=-5, hi=5)], 0),
    ("ufunc_vectorize", "floor_mod", [ints(np.int64, 3, 4), ints(np.int64, 4, lo=1, hi=9)], 1),
    ("ufunc_vectorize", "floor_mod", [f32(2, 3, 4), f32(3, 1, lo=0.5, hi=3)], 2),
    ("ufunc_vectorize", "floor_mod", [f64(5), "2.5"], 3),
    ("ufunc_vectorize", "floor_mod", [ints(np.int64, 6), "7"], 1),
    ("ufunc_vectorize", "floor_mod", [ints(np.int32, 6), "7"], 0),
    ("ufunc_vectorize", "floor_mod", ["-7", "3"], 1),
    ("ufunc_vectorize", "lerp", [f32(4, 1), f32(1, 5), f32(5)], 0),
    ("ufunc_vectorize", "lerp", [f64(2, 2, 2), f64(2, 1, 2), "0.25"], 1),
    ("ufunc_vectorize", "lerp", [np.asfortranarray(f64(3, 4)), f64(3, 4), f64(4)], 1),
    ("ufunc_vectorize", "lerp", [f32(0), f32(1), f32(1)], 0),
    ("ufunc_vectorize", "lerp", [f64(2, 1, 3, 2, 2, 3), f64(3, 1, 1, 3), "0.5"], 1),  # 6 loop dimensions
    ("ufunc_vectorize", "floor_mod", [ints(np.int32, *([2] * 9)), ints(np.int32, 2, 1, lo=1, hi=9)], 0),
    ("ufunc_vectorize", "softplus", [ints(np.int64, 9)], 0),
    ("ufunc_vectorize", "softplus", [f32(2, 5, lo=-30, hi=30)], 1),
    ("ufunc_vectorize", "saturating_add", [ints(np.uint8, 10, lo=0, hi=255), ints(np.uint8, 10, lo=0, hi=255)], 0),
    ("ufunc_vectorize", "saturating_add", [ints(np.int16, 3, 3, lo=-300, hi=300), ints(np.int16, 3, lo=0, hi=300)], 1),
    ("ufunc_guvectorize", "scale_shift", [f32(6), "1.5"], 0),
    ("ufunc_guvectorize", "scale_shift", [f32(3, 6), f32(3)], 0),
    ("ufunc_guvectorize", "scale_shift", [f64(2, 1, 4), f64(3)], 1),
    ("ufunc_guvectorize", "matmul", [f64(3, 4), f64(4, 2)], 0),
    ("ufunc_guvectorize", "matmul", [f64(5, 2, 3), f64(3, 4)], 0),
    ("ufunc_guvectorize", "matmul", [f64(2, 1, 2, 2), np.asfortranarray(f64(3, 2, 2))], 0),
    ("ufunc_guvectorize", "matmul", [f64(2, 1, 2, 1, 3, 2, 3), f64(3, 1, 3, 2)], 0),  # 5 loop dimensions
    ("ufunc_guvectorize", "total", [ints(np.int64, 10)], 0),
    ("ufunc_guvectorize", "total", [ints(np.int64, 4, 3, 5)], 0),
    ("ufunc_guvectorize", "centered", [f64(7)], 0),
    ("ufunc_guvectorize", "centered", [f32(3, 5)], 1),
    ("ufunc_guvectorize", "centered", [np.asfortranarray(f64(2, 3, 4))], 0),
    ("ufunc_course", "add_ufunc", [ints(np.int64, 4), ints(np.int64, 3, 4)], 0),
    ("ufunc_course", "add_ufunc", [f32(8), f32(8)], 1),
    ("ufunc_course", "gaussian_pdf", [f32(3, 7), f32(7), f32(1, lo=0.5, hi=2)], 0),
    ("ufunc_course", "zero_suppress", [f32(12, lo=-20, hi=20), f32(1)], 0),
    ("ufunc_course", "make_pulses", [np.arange(20, dtype=np.float32), f32(1, lo=3, hi=5), f32(1, lo=50, hi=100)], 0),
    ("ufunc_hidden_layer", "normalize", [np.floor(np.linspace(0, 255, 50)).astype(np.float32)], 0),
    ("ufunc_hidden_layer", "weigh", [f32(50), f32(50)], 0),
    ("ufunc_hidden_layer", "activate", [f32(4, 50, lo=-3, hi=3)], 0),
    ("ufunc_hidden_layer", "l2_norm", [f32(6, 5)], 0),
]

# Calls the harness must refuse (exit 2) with a message containing the text.
REFUSALS = [
    ("ufunc_vectorize", "floor_mod", [ints(np.int16, 3), ints(np.int16, 3)], "no signature of ufunc 'floor_mod' accepts"),
    ("ufunc_vectorize", "floor_mod", ["1.5", "2"], "ambiguous signature"),
    ("ufunc_vectorize", "lerp", [f32(3), f32(4), f32(3)], "lerp: failed to broadcast argument #1"),
    ("ufunc_guvectorize", "matmul", [f64(2, 3, 4), f64(3, 4, 2)], "matmul: operands could not be broadcast together"),
    ("ufunc_guvectorize", "centered", [f64(3), f64(3)], "takes 1 operand"),
    ("ufunc_guvectorize", "matmul", [f64(3, 4), f64(3, 2)], "core dimension"),
    ("ufunc_guvectorize", "total", [ints(np.int64, 3), "1"], "takes 1 operand"),
]


def literal(text, dtype):
    """A literal operand as numba-cuda passes it to the loop: converted to the loop's type."""
    return dtype.type(float(text) if dtype.kind == "f" else int(text))


def run(binary, name, operands, folder):
    folder.mkdir(parents=True)
    words = []
    for i, a in enumerate(operands):
        if isinstance(a, str):
            words.append(a)
        else:
            path = folder / f"arg{i}.npy"
            np.save(path, a)
            words.append(str(path))
    return subprocess.run([str(binary), name, "--out-dir", str(folder / "out"), *words],
                          capture_output=True, text=True, timeout=RUN_TIMEOUT_S)


def close(got, want):
    if got.dtype != want.dtype:
        return f"dtype {got.dtype}, Numba's {want.dtype}"
    if got.shape != want.shape:
        return f"shape {got.shape}, Numba's {want.shape}"
    if want.dtype.kind == "f":
        ulps = 4 * np.finfo(want.dtype).eps
        ok = np.isclose(got, want, rtol=ulps, atol=ulps, equal_nan=True)
    else:
        ok = got == want
    if not np.all(ok):
        bad = np.argwhere(~np.asarray(ok))[0]
        return f"at {tuple(bad)}: {got[tuple(bad)]!r}, Numba's {want[tuple(bad)]!r}"
    return ""


def ramp(shape, scale, offset, dtype):
    """header_caller.cpp's ramp: np.arange(n).reshape(shape) * scale + offset, as dtype."""
    return (np.arange(int(np.prod(shape))) * scale + offset).astype(dtype).reshape(shape)


def header_caller_cases(binary, ufuncs, folder):
    """Runs header_caller.cpp and compares each result it wrote with Numba's for the same operands."""
    folder.mkdir(parents=True)
    p = subprocess.run([str(binary), str(folder)], capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
    if p.returncode != 0:
        print(f"FAIL header_caller: exit {p.returncode}: {p.stderr.strip()}")
        return 0, 1
    x = ramp((3, 8), 0.5, 1.0, np.float32)
    cases = {
        "lerp": ("lerp", 1, [ramp((3, 1), 1.5, -2.0, np.float64), ramp((4,), 0.5, 0.0, np.float64), np.float64(0.25)]),
        "floor_mod": ("floor_mod", 1, [ramp((2, 5), 3.0, -7.0, np.int64), np.int64(4)]),
        "matmul": ("matmul", 0, [ramp((2, 3, 4), 0.25, -1.0, np.float64), ramp((4, 2), -0.5, 2.0, np.float64)]),
        "scale_shift": ("scale_shift", 0, [x[:, ::2], np.float32(1.5)]),
        # centered's two outputs, returned as a tuple and written into given device arrays.
        "centered_dev": ("centered", 0, [ramp((3, 5), 0.75, -4.0, np.float64)], 0),
        "centered_mean": ("centered", 0, [ramp((3, 5), 0.75, -4.0, np.float64)], 1),
        "centered_dev_out": ("centered", 1, [ramp((2, 4), -0.5, 3.0, np.float32)], 0),
        "centered_mean_out": ("centered", 1, [ramp((2, 4), -0.5, 3.0, np.float32)], 1),
        # ufunc_cpu_library's CPU ufuncs: the second signature's loop, a parallel one, two outputs.
        "cpu_hypot_sq": ("hypot_sq", 1, [ramp((3, 4), 1.0, -5.0, np.int64), np.int64(3)]),
        "cpu_softplus": ("softplus", 0, [ramp((9,), 2.5, -10.0, np.float32)]),
        "cpu_min_max_lo": ("min_max", 0, [ramp((4, 6), -0.75, 2.0, np.float64)[::-1, ::2]], 0),
        "cpu_min_max_hi": ("min_max", 0, [ramp((4, 6), -0.75, 2.0, np.float64)[::-1, ::2]], 1),
    }
    passed = failed = 0
    for case, (name, pick, operands, *output) in cases.items():
        u = ufuncs[name]
        want = reference(u, u.signatures[pick], operands)
        want = np.asarray(want[output[0]] if output else want)
        path = folder / f"{case}.npy"
        why = close(np.load(path), want) if path.exists() else "not written"
        if why:
            print(f"FAIL header_caller {case}: {why}")
            failed += 1
        else:
            print(f"PASS header_caller {case} {u.signatures[pick]}")
            passed += 1
    return passed, failed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--work", type=Path, required=True)
    parser.add_argument("--file", action="append", default=[], help="SOURCE=BINARY")
    parser.add_argument("--header-caller", type=Path, help="header_caller, built against the golden ufunc files' headers")
    parser.add_argument("--header-source", action="append", default=[], help="a file of CPU ufuncs header_caller calls")
    args = parser.parse_args()
    sources, binaries = {}, {}
    for spec in args.file:
        source, binary = spec.split("=")
        sources[Path(source).stem] = load(source)
        binaries[Path(source).stem] = Path(binary)
    passed = failed = 0
    seen = set()
    for n, (stem, name, operands, pick) in enumerate(CASES):
        u = sources[stem][name]
        seen.add((stem, name))
        label = f"{stem}.{name} #{n}"
        try:
            signature = u.signatures[pick]
            dtypes = input_dtypes(signature)
            numba_operands = [literal(a, dtypes[i]) if isinstance(a, str) else a for i, a in enumerate(operands)]
            want = reference(u, signature, numba_operands)
            p = run(binaries[stem], name, operands, args.work / f"case{n}")
            if p.returncode != 0:
                raise AssertionError(f"exit {p.returncode}: {p.stderr.strip()}")
            # One output: out.npy; several (Numba returns a tuple): out0.npy, out1.npy, ...
            wants = [want] if not isinstance(want, tuple) else list(want)
            files = ["out.npy"] if len(wants) == 1 else [f"out{k}.npy" for k in range(len(wants))]
            for k, (w, file) in enumerate(zip(wants, files)):
                why = close(np.load(args.work / f"case{n}" / "out" / file), np.asarray(w))
                if why:
                    raise AssertionError(f"{file}: {why}" if len(wants) > 1 else why)
            print(f"PASS {label} {signature}")
            passed += 1
        except Exception as e:  # noqa: BLE001 - every failure is reported
            print(f"FAIL {label}: {e}")
            if not isinstance(e, AssertionError):
                traceback.print_exc()
            failed += 1
    for n, (stem, name, operands, text) in enumerate(REFUSALS):
        label = f"{stem}.{name} refusal #{n}"
        p = run(binaries[stem], name, operands, args.work / f"refusal{n}")
        if p.returncode in (1, 2) and text in p.stderr:
            print(f"PASS {label}: {p.stderr.strip()}")
            passed += 1
        else:
            print(f"FAIL {label}: exit {p.returncode}, stderr {p.stderr.strip()!r}, expected {text!r}")
            failed += 1
    if args.header_caller:
        ufuncs = {**sources["ufunc_vectorize"], **sources["ufunc_guvectorize"]}
        for source in args.header_source:
            ufuncs.update(load(source))
        p_ok, p_failed = header_caller_cases(args.header_caller, ufuncs, args.work / "header_caller_out")
        passed += p_ok
        failed += p_failed
    # Every ufunc of the files has a case.
    for stem, ufuncs in sources.items():
        for name, u in ufuncs.items():
            cuda_ufunc = bool(u.signatures)  # the harness runs CUDA ufuncs, which have signatures
            if cuda_ufunc and (stem, name) not in seen:
                print(f"FAIL {stem}.{name}: no case")
                failed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
