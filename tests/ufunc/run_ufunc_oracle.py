#!/usr/bin/env python3
"""Ufunc oracle: every CUDA ufunc and gufunc of the tests, run through the kernel harness in CPU
emulation, against Numba running the same Python function on its CPU target.

numba-cuda's simulator cannot run CUDA ufuncs, so the reference is numba.vectorize /
numba.guvectorize with target='cpu' and the one signature numba-cuda would pick (the harness picks
it by numba-cuda's rule: arrays of exactly a signature's dtypes). Each file below is built once
with `py2cuda FILE --harness --exe --emulate` (two at a time), then tools/ufunc_oracle_cases.py, run by
Numba's interpreter, writes each case's operands as .npy files, runs `BIN UFUNC --out-dir DIR
ARG...` and compares DIR/out.npy (dtype, shape, values) with Numba's result: broadcast shapes,
literals, several signatures, gufunc core dimensions, Fortran-order operands, and calls the
harness must refuse; then header_caller.cpp, a C++ program calling the golden files' ufuncs
through their --header API (host and device arrays, numbers, out=, a strided view, several outputs,
CPU ufuncs of a file without host code), against Numba too.

    run_ufunc_oracle.py --py2cuda BUILD/py2cuda --python VENV/bin/python [--keep]

Exit status 0 when every case passes, 1 otherwise, 77 (skipped) without --python.
"""
import concurrent.futures
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # testlib

from testlib import cli  # noqa: E402

SKIP_STATUS = 77
HEADER_FILES = ("tests/golden/ufunc_vectorize.py", "tests/golden/ufunc_guvectorize.py")
CPU_HEADER_FILES = ("tests/golden/ufunc_cpu_library.py",)  # CPU ufuncs: called from C++ only (no harness)
FILES = (*HEADER_FILES, "tests/programs/ufunc_course.py", "tests/programs/ufunc_hidden_layer.py")
BUILD_TIMEOUT_S = 400


def build(py2cuda: Path, source: Path, binary: Path) -> str:
    p = subprocess.run([str(py2cuda), str(source), "--harness", "--exe", "--emulate", "-o", str(binary)],
                       capture_output=True, text=True, timeout=BUILD_TIMEOUT_S)
    return "" if p.returncode == 0 else f"py2cuda exited {p.returncode}:\n{p.stderr[-3000:]}"


def build_header_caller(py2cuda: Path, source_dir: Path, work: Path) -> str:
    """The golden ufunc files' .cu (--kernels-only) with their --header, and header_caller.cpp using
    those headers, built by the host compiler against the emulation backend."""
    units = []
    for f in HEADER_FILES + CPU_HEADER_FILES:
        cu, header = work / (Path(f).stem + ".cu"), work / (Path(f).stem + ".h")
        p = subprocess.run([str(py2cuda), str(source_dir / f), "--kernels-only", "-o", str(cu), "--header", str(header)],
                           capture_output=True, text=True, timeout=BUILD_TIMEOUT_S)
        if p.returncode != 0:
            return f"py2cuda --header exited {p.returncode}:\n{p.stderr[-3000:]}"
        units.append(str(cu))
    cxx = os.environ.get("CXX") or shutil.which("c++") or "g++"
    p = subprocess.run([cxx, "-std=c++20", "-fwrapv", "-I", str(source_dir / "runtime/include"), "-I", str(work), "-x", "c++", *units,
                        str(source_dir / "tests/ufunc/header_caller.cpp"), "-o", str(work / "header_caller"),
                        "-lboost_context", "-pthread"], capture_output=True, text=True, timeout=BUILD_TIMEOUT_S)
    return "" if p.returncode == 0 else f"{cxx} exited {p.returncode}:\n{p.stderr[-3000:]}"


def main() -> int:
    parser = cli.make_parser(__doc__)
    args = cli.parse(parser)
    cli.require_py2cuda(parser, args)
    if not args.python:
        print("SKIP: no Numba interpreter (--python)")
        return SKIP_STATUS
    source_dir = args.source_dir.resolve()
    work = Path(tempfile.mkdtemp(prefix="ufunc_oracle_"))
    binaries = {f: work / Path(f).stem for f in FILES}
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        caller = pool.submit(build_header_caller, args.py2cuda, source_dir, work)
        errors = dict(zip(FILES, pool.map(lambda f: build(args.py2cuda, source_dir / f, binaries[f]), FILES)))
        errors["header_caller.cpp"] = caller.result()
    failed = False
    for f, error in errors.items():
        if error:
            print(f"FAIL build {f}: {error}")
            failed = True
    if failed:
        return 1
    command = [str(args.python), str(Path(__file__).parent / "tools" / "ufunc_oracle_cases.py"), "--work", str(work)]
    for f in FILES:
        command += ["--file", f"{source_dir / f}={binaries[f]}"]
    command += ["--header-caller", str(work / "header_caller")]
    for f in CPU_HEADER_FILES:
        command += ["--header-source", str(source_dir / f)]
    p = subprocess.run(command)
    if not args.keep:
        subprocess.run(["rm", "-rf", str(work)])
    else:
        print(f"kept {work}")
    return 0 if p.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
