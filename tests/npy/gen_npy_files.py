#!/usr/bin/env python3
"""The .npy test files of tests/npy/, written by numpy, and the check of .npy files py2cuda wrote.

    python gen_npy_files.py                  (re)writes tests/npy/good/ and tests/npy/bad/
    python gen_npy_files.py --out DIR        writes them to DIR/good and DIR/bad instead
    python gen_npy_files.py --check DIR      checks the files tests/npy/npy_roundtrip.cpp wrote

Needs numpy. good/ holds files runtime/include/py2cuda/npy.h must read: every supported
dtype, C and Fortran order, format versions 1.0, 2.0 and 3.0, 0-d and empty arrays, and a
few headers numpy reads but never writes (double quotes, keys in another order, '<i1',
Python 2's "5L"). bad/ holds files it must reject; tests/unit/test_npy.cpp says with which
message. Both sets are committed (they are tiny); run_npy.py checks they are current.

The values follow formulas that tests/unit/test_npy.cpp repeats. The element at C-order
index i of a "ramp" file is

    bool: i % 3 == 0     signed: 3*i - 7     unsigned: 3*i + 1     float: 0.5*i - 1.25

and an "extremes" file holds EXTREMES below, in that order.

--check DIR: npy_roundtrip read every good/NAME.npy with read_npy and wrote it back to
DIR/NAME.npy with write_npy in the same format version; and read the ramp files with
read_npy_as<T, N>, writing them back in C order to DIR/typed/NAME.npy. Each must load in
numpy as the original array (same dtype, shape, order and bits), and be byte for byte the
file numpy itself writes for that array.
"""
import argparse
import io
import sys
import warnings
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent

DTYPES = {  # file-name word -> numpy dtype, every dtype npy.h supports
    "bool": np.dtype("|b1"),
    "int8": np.dtype("|i1"),
    "uint8": np.dtype("|u1"),
    "int16": np.dtype("<i2"),
    "uint16": np.dtype("<u2"),
    "int32": np.dtype("<i4"),
    "uint32": np.dtype("<u4"),
    "int64": np.dtype("<i8"),
    "uint64": np.dtype("<u8"),
    "float16": np.dtype("<f2"),
    "float32": np.dtype("<f4"),
    "float64": np.dtype("<f8"),
    "complex64": np.dtype("<c8"),
    "complex128": np.dtype("<c16"),
}


def complex_of(real, imag, dtype):
    """Parts set one by one: real + 1j * imag would turn an infinite part into NaNs."""
    out = np.empty(len(real), dtype)
    out.real = real
    out.imag = imag
    return out


def extremes(dtype):
    if dtype.kind == "c":
        # The part type's extremes as the real parts, the same in reverse as the imaginary parts.
        parts = extremes(np.dtype(dtype.char.lower()))
        return complex_of(parts, parts[::-1], dtype)
    if dtype.kind == "b":
        return np.array([False, True], dtype)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        values = [info.min, -1, 0, 1, info.max] if dtype.kind == "i" else [0, 1, info.max]
        return np.array(values, dtype)
    info = np.finfo(dtype)
    # -0.0, infinities, NaN, the smallest subnormal, the extremes, the smallest normal, 0.1
    return np.array([-0.0, np.inf, -np.inf, np.nan, info.smallest_subnormal, info.max, -info.max,
                     info.smallest_normal, 0.1], dtype)


def ramp(dtype, shape, order="C"):
    i = np.arange(int(np.prod(shape)), dtype=np.int64)
    if dtype.kind == "b":
        values = i % 3 == 0
    elif dtype.kind == "i":
        values = 3 * i - 7
    elif dtype.kind == "u":
        values = 3 * i + 1
    elif dtype.kind == "c":
        values = complex_of(0.5 * i - 1.25, 1.0 - 0.25 * i, dtype)
    else:
        values = 0.5 * i - 1.25
    return np.asarray(values.astype(dtype).reshape(shape), order=order)


def saved(array, version=None):
    """The bytes numpy writes for `array` (np.save for version None)."""
    buffer = io.BytesIO()
    if version is None:
        np.save(buffer, array)
    else:
        np.lib.format.write_array(buffer, array, version=version)
    return buffer.getvalue()


def hand_made(header, data=b"", version=1, pad=True):
    """A .npy file with a header numpy would not write, padded as numpy pads."""
    text = header.encode("ascii")
    length_size = 2 if version == 1 else 4
    if pad:
        unpadded = 8 + length_size + len(text) + 1
        text += b" " * (64 - unpadded % 64) + b"\n"
    return (b"\x93NUMPY" + bytes([version, 0]) + len(text).to_bytes(length_size, "little") + text + data)


def good_files():
    """name -> bytes of every file npy.h must read."""
    files = {}
    for word, dtype in DTYPES.items():
        files[f"ramp_{word}_5.npy"] = saved(ramp(dtype, (5,)))
        files[f"ramp_{word}_2x3_F.npy"] = saved(ramp(dtype, (2, 3), "F"))
        files[f"extremes_{word}.npy"] = saved(extremes(dtype))
    versions = [
        ("ramp_int32_2x3_C_v1.npy", "int32", (2, 3), "C", (1, 0)),
        ("ramp_float32_2x3x4_C_v2.npy", "float32", (2, 3, 4), "C", (2, 0)),
        ("ramp_float64_2x3x4_F_v3.npy", "float64", (2, 3, 4), "F", (3, 0)),
        ("ramp_int16_3x2_C_v3.npy", "int16", (3, 2), "C", (3, 0)),
        ("ramp_uint32_4x1x2_F_v2.npy", "uint32", (4, 1, 2), "F", (2, 0)),
        ("ramp_bool_3x4_F_v1.npy", "bool", (3, 4), "F", (1, 0)),
    ]
    for name, word, shape, order, version in versions:
        files[name] = saved(ramp(DTYPES[word], shape, order), version)
    files["scalar_float64.npy"] = saved(np.float64(2.5))
    files["scalar_int32.npy"] = saved(np.int32(-7))
    files["scalar_bool.npy"] = saved(np.True_)
    files["empty_int32_0.npy"] = saved(np.zeros((0,), np.int32))
    files["empty_float32_2x0.npy"] = saved(np.zeros((2, 0), np.float32))
    # Headers numpy reads (ast.literal_eval) but does not write.
    five_u2 = ramp(DTYPES["uint16"], (5,)).tobytes()
    files["header_python2_long.npy"] = hand_made("{'descr': '<u2', 'fortran_order': False, 'shape': (5L,), }", five_u2)
    files["header_double_quotes.npy"] = hand_made('{"descr": "<u2", "fortran_order": False, "shape": (5,)}', five_u2)
    files["header_reordered.npy"] = hand_made("{'shape':(5,),'fortran_order':False,'descr':'<u2'}", five_u2)
    files["header_unpadded.npy"] = hand_made("{'descr': '<u2', 'fortran_order': False, 'shape': (5,), }\n", five_u2,
                                             pad=False)
    files["descr_lt_int8.npy"] = hand_made("{'descr': '<i1', 'fortran_order': False, 'shape': (5,), }",
                                           ramp(DTYPES["int8"], (5,)).tobytes())
    # numpy reads any non-zero byte as True; npy.h must make it 1.
    files["bool_nonzero_bytes.npy"] = hand_made("{'descr': '|b1', 'fortran_order': False, 'shape': (4,), }",
                                                bytes([0, 1, 2, 255]))
    return files


def bad_files():
    """name -> bytes of every file npy.h must reject."""
    f4 = ramp(DTYPES["float32"], (5,))
    valid = saved(f4)
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (5,), }"
    return {
        "empty.npy": b"",
        "bad_magic.npy": b"\x93NUMPZ" + valid[6:],
        "text_file.npy": b"x,y\n1,2\n",
        "truncated_magic.npy": valid[:7],
        "truncated_length.npy": valid[:9],
        "truncated_header.npy": valid[:40],
        "version_4.npy": b"\x93NUMPY\x04\x00" + valid[8:],
        "header_not_dict.npy": hand_made("['<f4', False, (5,)]", f4.tobytes()),
        "header_syntax.npy": hand_made("{'descr': '<f4', 'fortran_order': Flase, 'shape': (5,), }", f4.tobytes()),
        "header_missing_shape.npy": hand_made("{'descr': '<f4', 'fortran_order': False, }", f4.tobytes()),
        "header_extra_key.npy": hand_made(header[:-1] + "'align': 8, }", f4.tobytes()),
        "header_negative_dim.npy": hand_made("{'descr': '<f4', 'fortran_order': False, 'shape': (-5,), }"),
        "header_shape_not_tuple.npy": hand_made("{'descr': '<f4', 'fortran_order': False, 'shape': 5, }"),
        "header_trailing_text.npy": hand_made(header + " junk", f4.tobytes()),
        "big_endian_float16.npy": saved(np.zeros(2, ">f2")),
        "descr_complex256.npy": saved(np.zeros(2, np.clongdouble)),
        "descr_unicode.npy": saved(np.array(["ab", "c"])),
        "big_endian_float32.npy": saved(f4.astype(">f4")),
        # Only the header matters: npy.h stops there (no pickle, so the bytes do not
        # depend on numpy's version).
        "object.npy": hand_made("{'descr': '|O', 'fortran_order': False, 'shape': (2,), }", b"\x80\x03N."),
        "structured.npy": saved(np.zeros(2, [("x", "<f4"), ("y", "<i4")])),
        "data_truncated.npy": valid[:-8],
        # Headers whose sizes a damaged file could claim: each must be an error before
        # anything of that size is allocated.
        "header_length_huge.npy": b"\x93NUMPY\x02\x00" + (0xFFFFFFF0).to_bytes(4, "little") + valid[10:],
        "shape_larger_than_file.npy": hand_made("{'descr': '<f4', 'fortran_order': False, 'shape': (1099511627776,), }",
                                                f4.tobytes()),
        "shape_bytes_overflow.npy": hand_made(
            "{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296), }", f4.tobytes()),
        "shape_dimension_overflow.npy": hand_made(
            "{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999,), }", f4.tobytes()),
        "data_trailing.npy": valid + b"\0\0\0\0",
        # Found by tests/fuzz/fuzz_npy.cpp. A key with a newline and a terminal escape
        # in it: the message shows them escaped, on one line.
        "header_key_control_chars.npy": hand_made("{'desc\nr\x1b': '<f4', 'fortran_order': False, 'shape': (5,), }",
                                                  f4.tobytes()),
        # Big-endian integers (numpy writes them on a big-endian machine, or from
        # a.astype('>i8')); a header whose values have the wrong types; a key twice.
        "big_endian_int64.npy": saved(np.arange(3, dtype=">i8")),
        "header_fortran_order_not_bool.npy": hand_made("{'descr': '<f4', 'fortran_order': 1, 'shape': (5,), }",
                                                       f4.tobytes()),
        "header_shape_float.npy": hand_made("{'descr': '<f4', 'fortran_order': False, 'shape': (5.0,), }",
                                            f4.tobytes()),
        "header_duplicate_key.npy": hand_made(
            "{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (5,), }", f4.tobytes()),
        # An empty array whose other dimensions multiply past int64 (numpy: "array is too big").
        "shape_empty_overflow.npy": hand_made(
            "{'descr': '|b1', 'fortran_order': False, 'shape': (4611686018427387904, 2, 0), }"),
    }


def write_files(out: Path) -> None:
    for folder, files in (("good", good_files()), ("bad", bad_files())):
        target = out / folder
        target.mkdir(parents=True, exist_ok=True)
        for old in target.glob("*.npy"):
            old.unlink()
        for name, data in sorted(files.items()):
            (target / name).write_bytes(data)
        print(f"wrote {len(files)} files to {target}")


def normalised(array):
    """`array` with every bool True stored as byte 1 (np.load keeps the file's bytes)."""
    return array.view(np.uint8).astype(bool) if array.dtype == np.bool_ else array


def same_array(a, b) -> bool:
    return (a.dtype == b.dtype and a.shape == b.shape and np.isfortran(a) == np.isfortran(b)
            and np.ascontiguousarray(a).tobytes() == np.ascontiguousarray(b).tobytes())


def check_files(directory: Path) -> int:
    """Checks the files npy_roundtrip wrote to `directory`; prints one line per problem."""
    # header_python2_long.npy is meant to look old: numpy says so each time it loads it.
    warnings.filterwarnings("ignore", message=".*created on Python 2")
    problems = []
    good = good_files()
    for name, data in sorted(good.items()):
        original = normalised(np.load(io.BytesIO(data)))
        version = (data[6], 0)
        expected = {directory / name: (original, version)}
        if name.startswith("ramp_"):
            expected[directory / "typed" / name] = (np.ascontiguousarray(original), None)
        for path, (want, want_version) in expected.items():
            if not path.is_file():
                problems.append(f"{path}: missing")
                continue
            written = path.read_bytes()
            try:
                got = np.load(io.BytesIO(written))
            except Exception as e:  # noqa: BLE001 - any failure to load is the finding
                problems.append(f"{path}: numpy cannot load it: {e}")
                continue
            if not same_array(got, want):
                problems.append(f"{path}: loads as {got.dtype}{got.shape} fortran={np.isfortran(got)} {got!r}, "
                                f"expected {want.dtype}{want.shape} fortran={np.isfortran(want)} {want!r}")
            elif written != saved(want, want_version):
                problems.append(f"{path}: differs from the bytes numpy writes for the same array")
    for problem in problems:
        print(problem)
    print(f"checked {len(good)} round trips: {len(problems)} problems")
    return 1 if problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--out", type=Path, default=HERE, help="write good/ and bad/ here (default: tests/npy)")
    group.add_argument("--check", type=Path, metavar="DIR", help="check the files npy_roundtrip wrote to DIR")
    args = parser.parse_args()
    if args.check:
        return check_files(args.check)
    write_files(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
