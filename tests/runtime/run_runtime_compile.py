#!/usr/bin/env python3
"""Compile checks of the header-only runtime (runtime/include/py2cuda/), one line per check.

  - host compilers (g++, clang++): every backend-neutral header, and every header that
    needs a backend (there: the CPU emulation backend), compiles on its own with
    -std=c++20 -Wall -Wextra -Wpedantic -Werror;
  - nvcc: every header that needs the CUDA backend compiles on its own, and the three
    programs tests/runtime/runtime_api.cu (every API), pysem_device.cu (pysem.h
    against Numba's table, in device code) and powif_device.cu (libdevice.h's powif/powi
    against libdevice's __nv_powif/__nv_powi) compile for sm_80 and sm_90, warnings
    being errors;
  - interop: a launch function compiled by nvcc (interop_kernel.cu), called from plain
    C++ (interop_host.cpp), links and reports a rejected launch configuration, without a GPU;
  - where a GPU is present (nvidia-smi lists one), the three programs are also built for it
    and run; elsewhere those checks are skipped.

    run_runtime_compile.py [--source-dir REPO] [--keep] [NAME ...]

Other arguments CMake passes (--py2cuda, --build-dir, --python) are accepted and ignored.
Exits 0 when every check that ran passed.
"""
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testlib import cli, tools  # noqa: E402
from testlib.report import Reporter, indent  # noqa: E402
from testlib.scratch import scratch_dir  # noqa: E402

# Headers usable without a backend, by any C++20 compiler.
NEUTRAL_HEADERS = ["config.h", "error.h", "array.h", "tuple.h", "pysem.h", "host_array.h",
                   "stream.h", "launch_config.h", "atomic.h", "intrinsics.h", "local_array.h",
                   "npy.h", "npy/dtype.h", "npy/header.h", "harness/command_line.h", "harness/scalar.h",
                   "harness/invocation.h", "harness/driver.h", "random.h", "kernel_error.h", "libdevice.h",
                   "constant_array.h"]
# Headers that need a backend (for now: nvcc).
BACKEND_HEADERS = ["backend.h", "backend_cuda.h", "device_array.h", "grid.h", "launch.h", "runtime.h", "harness.h", "random_host.h"]
PROGRAMS = ["runtime_api.cu", "pysem_device.cu", "powif_device.cu"]
ARCHITECTURES = ["sm_80", "sm_90"]

HOST_FLAGS = ["-std=c++20", "-Wall", "-Wextra", "-Wpedantic", "-Werror"]
NVCC_FLAGS = ["-std=c++20", "--Werror", "all-warnings", "-Xcompiler", "-Wall,-Wextra,-Werror"]

JOBS = 2  # the project's machines have two cores


class Check:
    """One command, or several run in order until one fails. With `expect_error`, the
    (single) command must instead fail with that text in its output."""

    def __init__(self, name, *commands, expect_error=None):
        self.name = name
        self.commands = commands
        self.expect_error = expect_error

    def run(self, cwd: Path, timeout: float):
        output = ""
        for argv in self.commands:
            ok, output = tools.run_tool(argv, cwd=cwd, timeout=timeout)
            if not ok:
                break
        if self.expect_error is None:
            return ok, output
        if ok:
            return False, "compiled, but should have stopped with: " + self.expect_error
        return self.expect_error in output, output


def host_compilers():
    found = []
    for name in ("g++", "clang++"):
        path = shutil.which(name)
        if path:
            found.append((name, path))
    return found


def gpu_present() -> bool:
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False
    try:
        p = subprocess.run([smi, "-L"], stdin=subprocess.DEVNULL, capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return p.returncode == 0 and b"GPU" in p.stdout


def plan(source_dir: Path, work: Path, nvcc, cxx_list, with_gpu: bool):
    """The checks to run, in report order; `work` holds the tiny one-include sources."""
    include = ["-I", str(source_dir / "runtime" / "include")]
    tests = source_dir / "tests" / "runtime"
    checks = []

    def one_include(header: str, suffix: str) -> Path:
        path = work / f"include_{header.replace('.', '_').replace('/', '_')}{suffix}"
        path.write_text(f"#include <py2cuda/{header}>\n")
        return path

    for cxx_name, cxx in cxx_list:
        for header in NEUTRAL_HEADERS + [h for h in BACKEND_HEADERS if h != "backend_cuda.h"]:
            src = one_include(header, ".cpp")
            checks.append(Check(f"{cxx_name} {header}", [cxx, *HOST_FLAGS, *include, "-fsyntax-only", str(src)]))

    if nvcc:
        for header in BACKEND_HEADERS:
            src = one_include(header, ".cu")
            checks.append(Check(f"nvcc {header}", [str(nvcc), *NVCC_FLAGS, *include, "-arch=sm_80", "-c",
                                                   str(src), "-o", str(work / f"{src.stem}.o")]))
        for program in PROGRAMS:
            for arch in ARCHITECTURES:
                out = work / f"{Path(program).stem}_{arch}.o"
                checks.append(Check(f"nvcc -arch={arch} {program}",
                                    [str(nvcc), *NVCC_FLAGS, *include, f"-arch={arch}", "-c",
                                     str(tests / program), "-o", str(out)]))
        if cxx_list:
            # A launch function built by nvcc, called from plain C++: the shared types agree.
            kernel_obj, host_obj, exe = work / "interop_kernel.o", work / "interop_host.o", work / "interop"
            checks.append(Check(
                "interop: nvcc launch function called from plain C++ (rejects a bad launch)",
                [str(nvcc), *NVCC_FLAGS, *include, "-arch=sm_80", "-c", str(tests / "interop_kernel.cu"),
                 "-o", str(kernel_obj)],
                [cxx_list[0][1], *HOST_FLAGS, *include, "-c", str(tests / "interop_host.cpp"), "-o", str(host_obj)],
                [str(nvcc), str(kernel_obj), str(host_obj), "-o", str(exe)],
                [str(exe)]))
        if with_gpu:
            for program in PROGRAMS:
                exe = work / Path(program).stem
                checks.append(Check(f"nvcc -arch=native {program} (build to run)",
                                    [str(nvcc), *NVCC_FLAGS, *include, "-arch=native",
                                     str(tests / program), "-o", str(exe)]))
    return checks


def run_programs(work: Path, source_dir: Path, reporter: Reporter, timeout: float) -> None:
    arguments = {"runtime_api.cu": [], "pysem_device.cu": [str(source_dir / "tests/runtime/pysem_cases.txt")],
                 "powif_device.cu": []}
    for program in PROGRAMS:
        exe = work / Path(program).stem
        name = f"run {program} on the GPU"
        if not exe.is_file():
            reporter.fail(name, "not built")
            continue
        ok, output = tools.run_tool([str(exe), *arguments[program]], cwd=work, timeout=timeout)
        if ok:
            reporter.ok(name, output.strip().splitlines()[-1] if output.strip() else "")
        else:
            reporter.fail(name, "exited non-zero", indent(output))


def main() -> int:
    parser = cli.make_parser(__doc__.splitlines()[0])
    args = cli.parse(parser)
    reporter = Reporter()
    nvcc = tools.find_nvcc()
    cxx_list = host_compilers()
    with_gpu = bool(nvcc) and gpu_present()
    timeout = max(args.timeout, 300.0)  # nvcc takes seconds per file; a loaded machine, more

    with scratch_dir("runtime-compile", args.keep) as work:
        checks = [c for c in plan(args.source_dir, work, nvcc, cxx_list, with_gpu)
                  if cli.selected(c.name, args.names)]
        with ThreadPoolExecutor(max_workers=JOBS) as pool:
            results = list(pool.map(lambda c: c.run(work, timeout), checks))
        for check, (ok, output) in zip(checks, results):
            if ok:
                reporter.ok(check.name)
            else:
                reporter.fail(check.name, "compiler output follows" if output else "failed", indent(output))
        if not cxx_list:
            reporter.skip("host compiler checks", "neither g++ nor clang++ found")
        if not nvcc:
            reporter.skip("nvcc checks", "nvcc not found (PATH, CUDA_HOME, /usr/local/cuda)")
        if with_gpu:
            run_programs(work, args.source_dir, reporter, timeout)
        else:
            reporter.skip("running " + ", ".join(PROGRAMS), "no GPU on this machine")
    return reporter.finish()


if __name__ == "__main__":
    sys.exit(main())
