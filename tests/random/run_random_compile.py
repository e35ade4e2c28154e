#!/usr/bin/env python3
"""Compile checks of numba.cuda.random in the runtime (random.h, random_host.h), one line per check.

  - host compilers (g++, clang++): random.h compiles on its own, without a backend,
    with -std=c++20 -Wall -Wextra -Wpedantic -Werror;
  - nvcc, sm_80: random.h on its own, and tests/random/random_device.cu (every function
    in a kernel, the host API around it), warnings being errors;
  - same PTX as Numba: where Numba's interpreter is given (--python; the build passes it
    when PY2CUDA_ORACLE is ON), numba_random_ptx.py has Numba compile the float draws
    to PTX, and random_kernels.cu compiled by nvcc must execute the same floating-point
    instructions, in the same order, with the same constants. Both go through libNVVM
    and libdevice, so this is what makes the GPU's draws bit-identical to Numba's
    without a GPU to run them on;
  - where a GPU is present (nvidia-smi lists one), random_device.cu is also built for
    it and run: its draws must match those of the same functions on the host.

    run_random_compile.py [--source-dir REPO] [--python NUMBA_PYTHON] [--keep] [NAME ...]

Other arguments CMake passes (--py2cuda, --build-dir) are accepted and ignored.
Exits 0 when every check that ran passed; prints "N passed, M failed" last.
"""
import collections
import re
import shutil
import subprocess
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testlib import cli, tools  # noqa: E402
from testlib.report import Reporter, indent  # noqa: E402
from testlib.scratch import scratch_dir  # noqa: E402

HOST_FLAGS = ["-std=c++20", "-Wall", "-Wextra", "-Wpedantic", "-Werror"]
NVCC_FLAGS = ["-std=c++20", "--Werror", "all-warnings", "-Xcompiler", "-Wall,-Wextra,-Werror"]
ARCH = "sm_80"
# The kernels of random_kernels.cu and numba_random_ptx.py.
PTX_KERNELS = ["draw_uniform_float32", "draw_uniform_float64", "draw_normal_float32", "draw_normal_float64"]
NUMBA_CANNOT_COMPILE = 3  # numba_random_ptx.py's exit status for "no libNVVM here"


def gpu_present() -> bool:
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False
    try:
        p = subprocess.run([smi, "-L"], stdin=subprocess.DEVNULL, capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return p.returncode == 0 and b"GPU" in p.stdout


def float_instructions(ptx: str, kernel: str) -> list[tuple[str, tuple[str, ...]]] | None:
    """The floating-point instructions of `kernel`'s body in order, each as its opcode and
    its immediate float constants (registers differ between compilers; these must not).
    None if the kernel is not in `ptx`. Numba mangles kernel names; nvcc keeps extern "C" ones."""
    entry = re.search(r"\.entry\s+([\w$]*%s[\w$]*)\s*\((.*?)\n\}" % re.escape(kernel), ptx, re.S)
    if not entry:
        return None
    found = []
    for line in entry.group(2).splitlines():
        instr = re.match(r"\s*(?:@!?%\w+\s+)?([a-z][\w.]*)\s+(.*);", line)
        if instr and re.search(r"\.(f32|f64)\b", instr.group(1)):
            found.append((instr.group(1), tuple(re.findall(r"0[dDfF][0-9A-Fa-f]+", instr.group(2)))))
    return found


def compare_ptx(numba_ptx: str, ours_ptx: str) -> list[str]:
    """The differences between the float instructions of each kernel, as text lines."""
    problems = []
    for kernel in PTX_KERNELS:
        theirs, ours = float_instructions(numba_ptx, kernel), float_instructions(ours_ptx, kernel)
        if theirs is None or ours is None:
            problems.append(f"{kernel}: not found in {'Numba' if theirs is None else 'our'} PTX")
            continue
        if theirs == ours:
            continue
        diff = collections.Counter(theirs)
        diff.subtract(collections.Counter(ours))
        changed = {k: v for k, v in diff.items() if v}
        problems.append(f"{kernel}: {len(theirs)} float instructions in Numba's PTX, {len(ours)} in ours; "
                        f"count differences (Numba minus ours): {changed or 'none, only the order'}")
    return problems


def main() -> int:
    parser = cli.make_parser(__doc__.splitlines()[0])
    args = cli.parse(parser)
    reporter = Reporter()
    timeout = max(args.timeout, 300.0)  # nvcc takes seconds per file; a loaded machine, more
    include = ["-I", str(args.source_dir / "runtime" / "include")]
    here = args.source_dir / "tests" / "random"
    nvcc = tools.find_nvcc()

    def check(name: str, *commands: list[str]) -> bool:
        if not cli.selected(name, args.names):
            return False
        for argv in commands:
            ok, output = tools.run_tool([str(a) for a in argv], cwd=work, timeout=timeout)
            if not ok:
                reporter.fail(name, "command failed", indent(output))
                return False
        reporter.ok(name)
        return True

    with scratch_dir("random-compile", args.keep) as work:
        only_random_h = work / "include_random_h.cpp"
        only_random_h.write_text("#include <py2cuda/random.h>\n")
        only_random_h_cu = work / "include_random_h.cu"
        only_random_h_cu.write_text("#include <py2cuda/random.h>\n")

        compilers = [(name, shutil.which(name)) for name in ("g++", "clang++")]
        for name, path in compilers:
            if path:
                check(f"{name} random.h (no backend)", [path, *HOST_FLAGS, *include, "-fsyntax-only", only_random_h])
            else:
                reporter.skip(f"{name} random.h", f"{name} not found")

        if not nvcc:
            reporter.skip("nvcc checks", "nvcc not found (PATH, CUDA_HOME, /usr/local/cuda)")
            return reporter.finish()

        check(f"nvcc -arch={ARCH} random.h",
              [nvcc, *NVCC_FLAGS, *include, f"-arch={ARCH}", "-c", only_random_h_cu, "-o", work / "random_h.o"])
        check(f"nvcc -arch={ARCH} random_device.cu",
              [nvcc, *NVCC_FLAGS, *include, f"-arch={ARCH}", "-c", here / "random_device.cu",
               "-o", work / "random_device.o"])

        name = "same floating-point PTX as Numba (random_kernels.cu)"
        if cli.selected(name, args.names):
            if not args.python:
                reporter.skip(name, "no --python (Numba's interpreter; configure with PY2CUDA_ORACLE=ON)")
            else:
                numba_ptx, ours_ptx = work / "numba.ptx", work / "ours.ptx"
                p = subprocess.run([str(args.python), str(here / "numba_random_ptx.py"), str(numba_ptx)],
                                   stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout)
                if p.returncode == NUMBA_CANNOT_COMPILE:
                    reporter.skip(name, p.stderr.strip().splitlines()[-1] if p.stderr.strip() else "Numba cannot")
                elif p.returncode != 0:
                    reporter.fail(name, "numba_random_ptx.py failed", indent(p.stdout + p.stderr))
                else:
                    ok, output = tools.run_tool(
                        [str(nvcc), *NVCC_FLAGS, *include, f"-arch={ARCH}", "-ptx", str(here / "random_kernels.cu"),
                         "-o", str(ours_ptx)], cwd=work, timeout=timeout)
                    if not ok:
                        reporter.fail(name, "nvcc failed", indent(output))
                    else:
                        problems = compare_ptx(numba_ptx.read_text(), ours_ptx.read_text())
                        if problems:
                            reporter.fail(name, "the float instructions differ", indent("\n".join(problems)))
                        else:
                            reporter.ok(name, f"{len(PTX_KERNELS)} kernels")

        name = "run random_device.cu on the GPU"
        if not gpu_present():
            reporter.skip(name, "no GPU on this machine")
        elif cli.selected(name, args.names):
            exe = work / "random_device"
            if check("nvcc -arch=native random_device.cu (build to run)",
                     [nvcc, *NVCC_FLAGS, *include, "-arch=native", here / "random_device.cu", "-o", exe]):
                ok, output = tools.run_tool([str(exe)], cwd=work, timeout=timeout)
                last = output.strip().splitlines()[-1] if output.strip() else ""
                if ok:
                    reporter.ok(name, last)
                else:
                    reporter.fail(name, "exited non-zero", indent(output))
    return reporter.finish()


if __name__ == "__main__":
    sys.exit(main())
