"""Writing NumPy .npy files with the standard library only.

The benchmark drivers run under any python3 (see benchlib.py), yet the kernel
harness reads its array arguments from .npy files. Only what the benchmarks
write is supported: 1-D, C-ordered, little-endian arrays, format version 1.0.
"""

import array
import struct
import sys

MAGIC = b"\x93NUMPY"
VERSION = b"\x01\x00"

# array module typecode -> NumPy descr; sizes as on every platform py2cuda runs on
DESCRS = {"f": "<f4", "d": "<f8", "h": "<i2", "i": "<i4", "q": "<i8"}


def header(descr, length):
    """The .npy header of a 1-D array of `length` elements."""
    text = f"{{'descr': '{descr}', 'fortran_order': False, 'shape': ({length},), }}"
    # The data must start at a multiple of 64 bytes; the header ends with a newline.
    unpadded = len(MAGIC) + len(VERSION) + 2 + len(text) + 1
    text += " " * (-unpadded % 64) + "\n"
    return MAGIC + VERSION + struct.pack("<H", len(text)) + text.encode("latin1")


def write(path, values):
    """Write an array.array of a typecode in DESCRS as a 1-D .npy file."""
    if values.typecode not in DESCRS:
        raise ValueError(f"npy_write: typecode {values.typecode!r} is not supported")
    if sys.byteorder != "little":
        values = array.array(values.typecode, values)
        values.byteswap()
    with open(path, "wb") as out:
        out.write(header(DESCRS[values.typecode], len(values)))
        values.tofile(out)
