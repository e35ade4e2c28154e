"""Reading NumPy .npy files with the standard library only (the runners have no NumPy).

Enough of the format (version 1.0, 2.0 and 3.0 headers) for what the harness and Numba write:
C- or Fortran-ordered arrays of bool, signed and unsigned integers of 1-8 bytes, float32 /
float64 and complex64 / complex128 (Python complex values), in either byte order. Values come back as a flat list in C order with the shape, so
an element's position can be named as a tuple index.
"""
import ast
import dataclasses
import math
import struct
from pathlib import Path

MAGIC = b"\x93NUMPY"

# descr type letter and size -> struct format letter
_FORMATS = {("b", 1): "?", ("i", 1): "b", ("i", 2): "h", ("i", 4): "i", ("i", 8): "q",
            ("u", 1): "B", ("u", 2): "H", ("u", 4): "I", ("u", 8): "Q",
            ("f", 2): "e", ("f", 4): "f", ("f", 8): "d", ("c", 8): "ff", ("c", 16): "dd"}
_NAMES = {"b": "bool", "i": "int", "u": "uint", "f": "float", "c": "complex"}


class NpyError(Exception):
    pass


@dataclasses.dataclass
class Array:
    dtype: str  # NumPy's name: bool, int8 ... uint64, float32, float64, complex64, complex128
    shape: tuple[int, ...]
    data: list  # flat, C order

    @property
    def kind(self) -> str:
        """b (bool), i (signed), u (unsigned), f (float) or c (complex), as NumPy's dtype.kind."""
        return "b" if self.dtype == "bool" else self.dtype[0]

    def index(self, flat: int) -> int | tuple[int, ...]:
        """The index of the flat (C order) position `flat`: an int for 1-D arrays."""
        if len(self.shape) == 1:
            return flat
        idx = []
        for dim in reversed(self.shape):
            idx.append(flat % dim)
            flat //= dim
        return tuple(reversed(idx))


def load(path: Path) -> Array:
    raw = Path(path).read_bytes()
    if raw[:6] != MAGIC:
        raise NpyError(f"{path}: not a .npy file")
    major = raw[6]
    if major == 1:
        (header_len,), start = struct.unpack("<H", raw[8:10]), 10
    elif major in (2, 3):
        (header_len,), start = struct.unpack("<I", raw[8:12]), 12
    else:
        raise NpyError(f"{path}: .npy version {major} not supported")
    try:
        header = ast.literal_eval(raw[start:start + header_len].decode("latin1"))
        descr, fortran, shape = header["descr"], header["fortran_order"], tuple(header["shape"])
    except (ValueError, SyntaxError, KeyError, TypeError) as e:
        raise NpyError(f"{path}: bad header: {e}") from None
    if not isinstance(descr, str) or len(descr) < 3:
        raise NpyError(f"{path}: dtype {descr!r} not supported")
    order, letter, size = descr[0], descr[1], int(descr[2:])
    fmt = _FORMATS.get((letter, size))
    if fmt is None or order not in "<>|=":
        raise NpyError(f"{path}: dtype {descr!r} not supported")
    count = math.prod(shape)
    body = raw[start + header_len:]
    if len(body) != count * size:
        raise NpyError(f"{path}: {len(body)} data bytes for shape {shape} of {descr}")
    endian = ">" if order == ">" else "<"
    if letter == "c":
        parts = struct.unpack(f"{endian}{2 * count}{fmt[0]}", body)
        data = [complex(parts[k], parts[k + 1]) for k in range(0, len(parts), 2)]
    else:
        data = list(struct.unpack(f"{endian}{count}{fmt}", body))
    if fortran and len(shape) > 1:
        data = _fortran_to_c(data, shape)
    name = "bool" if letter == "b" else f"{_NAMES[letter]}{size * 8}"
    return Array(name, shape, data)


def _fortran_to_c(data: list, shape: tuple[int, ...]) -> list:
    strides_f = [1]
    for dim in shape[:-1]:
        strides_f.append(strides_f[-1] * dim)
    out = []
    for flat in range(len(data)):
        rest, offset = flat, 0
        for axis in reversed(range(len(shape))):
            offset += (rest % shape[axis]) * strides_f[axis]
            rest //= shape[axis]
        out.append(data[offset])
    return out
