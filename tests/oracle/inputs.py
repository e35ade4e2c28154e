"""Turns the case table's argument descriptions (spec.py) into NumPy values. Worker side only.

Everything is deterministic: fixed formulas, or numpy's default_rng(seed) (PCG64, whose streams
NumPy keeps stable across releases). The arrays are saved as .npy and handed to both Numba and
py2cuda's harness, so the two always see the same bits even if a generator changed.
"""
import numpy as np

from spec import Array, Scalar

_NUMPY_DTYPE = {"bool": np.bool_}


def numpy_dtype(name: str) -> np.dtype:
    return np.dtype(_NUMPY_DTYPE.get(name, name))


def make_array(spec: Array) -> np.ndarray:
    dtype = numpy_dtype(spec.dtype)
    n = spec.size
    kind, p = spec.kind, spec.params
    if kind == "arange":
        start, step = p
        flat = start + step * np.arange(n, dtype=np.float64 if _is_float(start, step) else np.int64)
    elif kind == "linspace":
        flat = np.linspace(p[0], p[1], n, dtype=np.float64)
    elif kind == "uniform":
        lo, hi, seed = p
        if dtype.kind == "c":
            both = np.random.default_rng(seed).uniform(lo, hi, 2 * n)
            flat = _complex_parts(both[:n], both[n:])
        else:
            flat = np.random.default_rng(seed).uniform(lo, hi, n)
    elif kind == "integers":
        lo, hi, seed = p
        flat = np.random.default_rng(seed).integers(lo, hi, n, endpoint=True, dtype=np.int64)
    elif kind == "full":
        flat = np.full(n, p[0], dtype=object)
    elif kind in ("values", "cycle"):
        if kind == "values" and len(p) != n:
            raise ValueError(f"values: {len(p)} items for shape {spec.shape}")
        flat = np.array([p[i % len(p)] for i in range(n)], dtype=object)
    else:
        raise ValueError(f"unknown array kind {kind!r}")
    array = _cast(flat, dtype).reshape(spec.shape)
    for index, value in spec.patches:
        array[index] = _cast(np.array([value], dtype=object), dtype)[0]
    return array


def make_scalar(spec: Scalar):
    """A NumPy scalar of the parameter's type. The simulator does not convert arguments to the
    declared signature as compiled Numba does, so the worker must pass the exact type."""
    return _cast(np.array([spec.value], dtype=object), numpy_dtype(spec.dtype))[0]


def scalar_literal(value) -> str:
    """The command-line literal of a NumPy scalar that parses back to the same value: the
    shortest repr of its float64 value (exact for float32 too), an int, True/False, or a
    complex number's repr."""
    if isinstance(value, np.bool_):
        return "True" if value else "False"
    if isinstance(value, np.integer):
        return str(int(value))
    if isinstance(value, np.complexfloating):
        return repr(complex(value))  # "(1.5-2j)": the harness reads what Python's complex() reads
    return repr(float(value))


def _is_float(*xs) -> bool:
    return any(isinstance(x, float) for x in xs)


def _complex_parts(real, imag) -> np.ndarray:
    """complex128 values set part by part (real + 1j * imag would turn an infinite part into NaNs)."""
    out = np.empty(len(real), np.complex128)
    out.real = real
    out.imag = imag
    return out


def _cast(flat: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """Values to `dtype` as C would convert them one by one: Python ints wrap modulo 2**bits
    (NumPy refuses out-of-range Python ints), floats round to nearest."""
    if flat.dtype == object:
        if dtype.kind in "iu":
            bits = dtype.itemsize * 8
            wrapped = [(int(v) % (1 << bits)) for v in flat]
            if dtype.kind == "i":
                wrapped = [v - (1 << bits) if v >= 1 << (bits - 1) else v for v in wrapped]
            return np.array(wrapped, dtype=dtype)
        if dtype.kind == "b":
            return np.array([bool(v) for v in flat], dtype=dtype)
        if dtype.kind == "c":
            values = [complex(v) for v in flat]
            return _complex_parts([v.real for v in values], [v.imag for v in values]).astype(dtype)
        return np.array([float(v) for v in flat], dtype=np.float64).astype(dtype)
    return flat.astype(dtype)
