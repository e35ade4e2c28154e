#!/usr/bin/env python3
"""Benchmark: static SASS of py2cuda's kernels against Numba's, per kernel.

For every kernel instance of samples/, tests/programs/ and tests/golden/ (the programs the oracle
corpus tests/oracle/cases covers) that has a signature, from its decorator or from the host
code's launches:

  py2cuda  `py2cuda FILE --kernels-only -o F.cu`, then `nvcc -O3 -std=c++20 -cubin -arch=sm_XX`;
  Numba    `numba.cuda.compile_ptx(kernel.py_func, SIGNATURE, cc=X.Y)` (fastmath off unless the
           kernel's decorator asks for it, as py2cuda honours it too), then `ptxas -O3 -arch=sm_XX`.

SIGNATURE is the one py2cuda typed the kernel with (`py2cuda FILE --list-kernels`), so both
sides compile the same instance. Per kernel and architecture it prints the SASS instructions
(NOPs excluded; the kernel and every function it calls), registers and stack bytes (spills and
local arrays) of both sides and the ratios py2cuda / Numba, then their geometric means and the
worst case. A kernel worse than Numba shows its reason from REASONS below, or `UNEXPLAINED`.

Needs nvcc and ptxas (CUDA toolkit), cuobjdump and nvdisasm (the toolkit's, or else installed
from PyPI by bench/sass-requirements.txt into WORK/venv), and --python with numba-cuda. No GPU.
The driver itself uses only the standard library.
"""

import argparse
import concurrent.futures
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import venv

import benchlib

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
WORKER = os.path.join(HERE, "sass_numba_worker.py")
REQUIREMENTS = os.path.join(HERE, "sass-requirements.txt")

# Why a kernel is still worse than Numba, keyed by (file stem, kernel name). Only a semantic
# Numba does not implement, or a cost outside py2cuda's control, is a reason.


# NVVM unrolls loops whose trip count it can compute from py2cuda's C++ (and not from Numba's
# IR): more static code, fewer instructions executed per iteration. For a kernel marked so, and
# for every kernel worse than Numba without another reason, the benchmark measures the claim: it
# compiles a copy of the file's .cu with `#pragma unroll 1` before every loop and counts that
# kernel again; the reason holds only where the rolled kernel is at or below Numba in what the
# unrolled one exceeds (instructions; registers, or the same register allocation as Numba's).
LOOP_UNROLLING = "loop unrolling"

# NVVM splits a loop that runs while `j < n` at a test of its counter against a value the loop
# does not change (`if j != i`) into the loop before i and the loop after it, and unrolls each:
# two straight unrolled bodies whose loads it schedules together, where Numba's range loop (its
# exit test is on a separate count of the trips left) stays one loop with the test inside. For
# a kernel marked so the benchmark measures the claim: it compiles a copy of the file's .cu in
# which each such loop tests `j != n` instead (the same trips where the start is at most the
# stop; the copy is only compiled, never run), which NVVM does not split, and counts that kernel
# again; the reason holds only where that copy is at or below Numba in what the kernel exceeds.
LOOP_SPLIT = "loop split"

REASONS = {
    ("while_break_continue", "loops"): LOOP_UNROLLING,
    ("iteration", "loops"): LOOP_UNROLLING,
    ("array_slicing", "fixed_slices"): LOOP_UNROLLING,
    ("array_attributes", "attributes"): (
        "`.size` of its 2-D and 3-D arrays: Numba's array struct carries the element count, py2cuda's Array "
        "(data, shape, strides) multiplies the shape (64-bit multiplies, about 12 instructions); the thirteen "
        "stores' addresses are the same add chain in both"),
    # Measured by hand (nvcc -Xptxas -v, sm_80): the loops are the runtime header's, which the rolled
    # copy of the .cu does not reach.
    ("kernel_ufunc_out", "mixed"): (
        "registers of ufunc_into's loops (kernel_ufunc_call.h): NVVM unrolls the loop over the output 4x "
        "(its trip count is the output's extent) and keeps every copy's 64-bit addresses live; with that loop "
        "kept rolled (`#pragma unroll 1`) it is 17 registers against Numba's 22, so the excess is the unrolling, "
        "and both are within 32 registers (full occupancy) where the unrolled loop is half Numba's instructions"),
    ("kernel_ufunc_out", "elementwise"): (
        "sm_80 registers: ufunc_into's loops (kernel_ufunc_call.h) step every operand by its run-time stride, "
        "a CArray's too (the broadcasting loop treats its operands alike), so each step is a 64-bit register "
        "pair (the stride shifted to bytes) where Numba steps C-contiguous arrays by the constant 4; with the "
        "loops rolled it is still 27 against 21; within 32 registers (full occupancy); sm_90 is 18 against 22"),
    # Since CArray (layout 'C' steps its last index by 1) the registers are 32 on both architectures,
    # Numba's allocation; the instructions are the unrolled tile loop, measured by the rolled copy.
    ("course_tiled_matmul", "tiled_matmul"): LOOP_UNROLLING,
    # NVVM splits the `j` loop at `j == i` into two loops (j < i, j > i) and unrolls each 4x, where
    # Numba's one loop is unrolled 4x (27 `MUFU` against 15). Rolled (`#pragma unroll 1`) it still
    # split and took 34 registers; unsplit it is 31 (sm_90, 509 instructions against Numba's 645).
    ("course_nbody_float32", "step"): LOOP_SPLIT,
    # Measured by reading both: `% LUT.size` is a 64-bit modulo by a value read at run time in py2cuda's
    # kernel, a modulo by the constant 8 in Numba's.
    ("kernel_globals_frozen_at_launch", "lookup"): (
        "module globals the program computes when it runs (LUT, SCALE, N, NEGATE): Numba compiles the kernel at its "
        "first launch, when their values are known, and folds them into its code (`% LUT.size` a modulo by the "
        "constant 8, `if NEGATE:` decided); py2cuda's .cu is compiled before the program runs, so it reads them "
        "from __constant__ memory and divides by LUT.size at run time: ahead-of-time compilation cannot know them"),
}


# Reasons that explain a kernel's excess of instructions only (a kernel also worse in registers
# needs the same-allocation reason, or it is UNEXPLAINED). Each was measured by diffing the two
# sides' SASS opcode by opcode; the excess is all in the named instructions.
CONSTANT_INDEX_ADDRESSES = (
    "constant indices (`out[0]` .. `out[k]`) into strided arrays: the same loads, arithmetic and stores as "
    "Numba's; the excess (1 to 6 instructions) is in the addresses: py2cuda's Array keeps element strides, "
    "shifted to bytes once (`USHF.L` pair), and ptxas forms the constant-index addresses from the two IRs "
    "differently (`ULEA`/`UIMAD` and register copies `IMAD.MOV`, against Numba's `UIADD3` add chains, and "
    "reloads of the strides `ULDC`)")

# Instructions of these kernels measured (2026-11-28) with a copy of the runtime whose Array holds byte
# strides, as Numba's array struct does (array.h's device indexing in bytes): how much of the excess the
# element strides are. Printed beside the reason; docs/benchmarks-sass.md ("Byte strides, measured") has
# the whole corpus.
BYTE_STRIDE_INSTRUCTIONS = {
    ("python_semantics", "min_max"): {"sm_90": 111, "sm_80": 118},
    ("python_semantics", "true_division"): {"sm_90": 322, "sm_80": 332},
    ("python_semantics", "integer_widths"): {"sm_90": 91, "sm_80": 105},
    ("tuple_locals", "tuples"): {"sm_90": 72, "sm_80": 79},
    ("power", "float_power"): {"sm_90": 661, "sm_80": 623},
    ("branch_pruning", "inverted"): {"sm_90": 110, "sm_80": 112},
    ("math_functions", "float32_functions"): {"sm_90": 591, "sm_80": 561},
    ("array_attributes", "attributes"): {"sm_90": 109, "sm_80": 128},
}


def byte_stride_note(key, arch):
    counts = BYTE_STRIDE_INSTRUCTIONS.get(key, {})
    return f"; with byte strides in the runtime {counts[arch]} instructions (measured)" if arch in counts else ""


INSTRUCTION_REASONS = {
    ("python_semantics", "min_max"): CONSTANT_INDEX_ADDRESSES,
    ("python_semantics", "true_division"): CONSTANT_INDEX_ADDRESSES,
    ("python_semantics", "integer_widths"): CONSTANT_INDEX_ADDRESSES,
    ("tuple_locals", "tuples"): CONSTANT_INDEX_ADDRESSES,
    ("power", "float_power"): CONSTANT_INDEX_ADDRESSES,
    ("math_functions", "float32_functions"): (
        "constant column indices `out[i, 0]` .. `out[i, 9]`: ptxas forms their addresses with shifts "
        "(`LEA`/`IMAD` +8) where Numba's are adds, and NVVM "
        "recomputes `float64(v)` for the inlined `atan2` in two branches (`F2F` +1); sm_80 only, sm_90 is 594 "
        "against 595"),
    # Diffed on sm_90 (35 against 34): the same loads, arithmetic and store; py2cuda's first test is
    # `i != 0` (cuda.grid proven non-negative), and its PTX branches twice where Numba's ORs the
    # two predicates (`or.pred`) and branches once.
    ("host_classes", "step_kernel"): (
        "the chained comparison `0 < i < u.size - 1`: NVVM keeps the C++ `&&` as two branches (two `EXIT`s), "
        "where Numba's IR gives one predicate (`or.pred`) and one branch; measured by opcode, the excess is "
        "that one `EXIT`"),
    # sm_90 112 against 110, sm_80 115 against 112: the `USHF.L` pair of the element strides.
    ("branch_pruning", "inverted"): CONSTANT_INDEX_ADDRESSES,
    # Diffed on sm_90 (69 against 68) and sm_80 (66 against 65): the same loads, arithmetic and
    # store; the excess is in the launch guard.
    ("host_ndindex_comprehensions", "stencil"): (
        "the guard `0 < r < src.shape[0] - 1 and 0 < c < src.shape[1] - 1`: NVVM tests `r != 0` and `c != 0` "
        "(cuda.grid proven non-negative) and joins the four tests with a `PLOP3` before one `EXIT`, where Numba's "
        "IR branches twice (two `EXIT`s), and computes both `shape - 1` on the uniform datapath (`ULDC`, "
        "`UIADD3`); measured by opcode on sm_90: `PLOP3` +1, `ULDC.64` +1, `EXIT` -1"),
    # Diffed by opcode on sm_80 (251 against 247; sm_90 is 256 against 282).
    ("kernel_recursion_inferred", "kernel"): (
        "recursive device functions: py2cuda's calls keep their values in registers (11 local loads and 11 "
        "stores, no stack frame) where Numba's spill to a 24-byte frame (30 loads, 37 stores); the 4 instructions "
        "more on sm_80 are the register moves and adds that saves (IADD3 +21, IMAD +16, ISETP +15 against LDL -19, "
        "STL -26); sm_90 is 256 against 282"),
    # Diffed by opcode on sm_80 (420 against 408) after divmod's halves were paired (538 before).
    ("kernel_python_builtins", "quotients"): (
        "divmod() of int64 and of float64 operands, each one division or fmod as Numba's: the float part takes "
        "fewer instructions than Numba's (DFMA 24 against 31, DMUL 7 against 9), the excess is integer adds, "
        "multiplies and compares ptxas chose for py2cuda's C++ (IADD3 +8, IMAD +9, ISETP +7, against Numba's LEA 12 "
        "and LOP3 +9), not traced further; sm_80 only by 12, sm_90 is 427 against 426"),
    ("scalar_types", "scalars"): (
        "`bool` and `int8` parameters: nvcc's front end sign-extends a C++ `bool`/`int8_t` kernel parameter with "
        "byte permutes (`PRMT`) and converts `flag + 0.5` as an integer-to-double conversion and an add, where "
        "Numba's `uitofp i1` becomes a select of the two constants (measured by opcode: `PRMT` +2, `DADD` +1)"),
}


def explain(row, key):
    """(reason, holds) for a kernel worse than Numba: a listed reason, the measured unrolling,
    an instruction-only reason with the registers' same allocation, or UNEXPLAINED."""
    p, n = row["py2cuda"], row["numba"]
    why = REASONS.get(key, "")
    if why == LOOP_UNROLLING:
        return loop_unrolling_reason(row)
    if why == LOOP_SPLIT:
        return loop_split_reason(row)
    if why:
        return why + byte_stride_note(key, row.get("arch")), True
    if p["registers"] is not None and n["registers"] is not None:
        why = same_allocation_reason(row)
        if why:
            return why, True
    if "rolled" in row:
        why, holds = loop_unrolling_reason(row)
        if holds:
            return why, True
    parts, holds = [], True
    if p["instructions"] > n["instructions"]:
        parts.append((INSTRUCTION_REASONS[key] + byte_stride_note(key, row.get("arch"))) if key in INSTRUCTION_REASONS
                     else "instructions UNEXPLAINED")
        holds = key in INSTRUCTION_REASONS
    if p["registers"] is not None and n["registers"] is not None and p["registers"] > n["registers"]:
        if same_occupancy(p, n):
            parts.append(same_occupancy(p, n))
        else:
            parts.append(f"registers UNEXPLAINED ({p['registers']} against {n['registers']})")
            holds = False
    text = "; ".join(parts)
    return (text if holds or "UNEXPLAINED" in text else "UNEXPLAINED: " + text), holds


def copy_bears_out(p, n, copy):
    """Whether a measured copy of the kernel (rolled, unsplit) is at or below Numba (n) in what
    the kernel (p) exceeds: instructions, and registers or their allocation."""
    return ((p["instructions"] <= n["instructions"] or copy["instructions"] <= n["instructions"]) and
            (p["registers"] <= n["registers"] or copy["registers"] <= n["registers"] or
             bool(same_occupancy(p, n)) or bool(same_occupancy(copy, n))))


def loop_unrolling_reason(row):
    """The reason printed for a LOOP_UNROLLING kernel, and whether the measurement bears it out."""
    p, n, rolled = row["py2cuda"], row["numba"], row.get("rolled")
    if rolled is None:
        return "UNEXPLAINED (loop unrolling claimed; the rolled copy did not build)", False
    holds = copy_bears_out(p, n, rolled)
    text = (f"NVVM unrolls its loops (trip counts it computes from py2cuda's C++); with `#pragma unroll 1` "
            f"before each loop it is {rolled['instructions']} instructions and {rolled['registers']} registers "
            f"against Numba's {n['instructions']} and {n['registers']} (measured)")
    if p["registers"] > n["registers"] and rolled["registers"] > n["registers"]:
        # Rolled, the kernel runs at Numba's occupancy: the registers beyond it are the unrolling's.
        if same_occupancy(p, n):
            text += "; " + same_occupancy(p, n)
        elif same_occupancy(rolled, n):
            text += "; rolled, " + same_occupancy(rolled, n)
    return (text if holds else "UNEXPLAINED: " + text), holds


def loop_split_reason(row):
    """The reason printed for a LOOP_SPLIT kernel, and whether the measurement bears it out."""
    p, n, unsplit = row["py2cuda"], row["numba"], row.get("unsplit")
    if unsplit is None:
        return "UNEXPLAINED (a loop split claimed; the unsplit copy did not build)", False
    holds = copy_bears_out(p, n, unsplit)
    text = (f"NVVM splits a `j < n` loop at its `j != i` test into the loops before and after i and unrolls "
            f"each (Numba's range loop, which counts its trips apart, stays one loop); with `!=` for that "
            f"loop's `<` it is not split, {unsplit['instructions']} instructions and {unsplit['registers']} "
            f"registers against Numba's {n['instructions']} and {n['registers']} (measured)")
    return (text if holds else "UNEXPLAINED: " + text), holds


def is_worse(row):
    p, n = row["py2cuda"], row["numba"]
    return p["instructions"] > n["instructions"] or (
        p["registers"] is not None and n["registers"] is not None and p["registers"] > n["registers"])


# Registers are allocated to a thread in units of 8 on sm_80 and sm_90 (256 per warp), so two
# counts that round up to the same multiple of 8 give the same occupancy.
REGISTER_UNIT = 8


def allocated_registers(count):
    return -(-count // REGISTER_UNIT) * REGISTER_UNIT


# An SM of sm_80 and sm_90 has 65,536 registers and runs at most 2,048 threads: up to 32 registers
# a thread, registers never limit occupancy, so two kernels both within 32 (and spilling no more
# than Numba's) run as many threads at once.
FULL_OCCUPANCY_REGISTERS = 32


def same_occupancy(p, n):
    """Why p's registers, more than n's, give the same occupancy; "" when they may not."""
    if allocated_registers(p["registers"]) == allocated_registers(n["registers"]):
        return (f"{p['registers']} registers against {n['registers']}: both are allocated "
                f"{allocated_registers(p['registers'])} per thread ({REGISTER_UNIT} at a time), so occupancy is the same")
    if allocated_registers(p["registers"]) <= FULL_OCCUPANCY_REGISTERS and p.get("stack", 0) <= n.get("stack", 0):
        return (f"{p['registers']} registers against {n['registers']}: both at most {FULL_OCCUPANCY_REGISTERS} "
                f"per thread, so an SM's 65,536 registers hold its full 2,048 threads either way (same occupancy)")
    return ""


def same_allocation_reason(row):
    """For a kernel worse than Numba in registers only: the reason when both counts take the same
    allocation, else ""."""
    p, n = row["py2cuda"], row["numba"]
    if p["instructions"] > n["instructions"]:
        return ""
    return same_occupancy(p, n)


def rolled_source(text):
    """The .cu with `#pragma unroll 1` before every loop statement of the translated code."""
    out = []
    for line in text.splitlines(keepends=True):
        match = re.match(r"^(\s*)(?:for\s*\(|while\s*\(|do\s*\{)", line)
        if match:
            out.append(match.group(1) + "#pragma unroll 1\n")
        out.append(line)
    return "".join(out)


def unsplit_source(text):
    """The .cu with each counting loop `for (T v = a; v < b; ++v)` testing `v != b` instead: the
    same trips for a <= b; a copy to compile and count, never to run."""
    return re.sub(r"^(\s*for \((?:[\w:]+) (\w+) = [^;]+; \2) < ([^;]+; \+\+\2\) \{)$", r"\1 != \3", text,
                  flags=re.MULTILINE)


def write_if_changed(path, text):
    """Writes text unless the file already holds it (an unchanged .cu keeps its time, so its cubins are reused)."""
    old = None
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            old = f.read()
    if old != text:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*",
                        help="Python files (default: samples/, tests/programs/, tests/golden/)")
    parser.add_argument("--py2cuda", required=True, help="the py2cuda executable")
    parser.add_argument("--python", default=sys.executable, help="Python with numba-cuda")
    parser.add_argument("--arch", action="append", help="sm_XX to compare (default: sm_80 and sm_90)")
    parser.add_argument("--work-dir", default=os.path.join(REPO, "build", "bench", "sass"),
                        help="where the .cu, .ptx and .cubin files go (default build/bench/sass)")
    parser.add_argument("--kernel", action="append", help="only kernels with this name (repeatable)")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="nvcc/ptxas runs at once (default 2)")
    parser.add_argument("--markdown", action="store_true", help="print the tables as Markdown")
    parser.add_argument("--json", help="also write every measurement to this file")
    return parser.parse_args()


def default_files():
    files = []
    for folder in ("samples", "tests/programs", "tests/golden"):
        files += sorted(glob.glob(os.path.join(REPO, folder, "*.py")))
    return files


def run(argv, **kwargs):
    return subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs)


def find_tool(name):
    found = shutil.which(name) or (os.path.join("/usr/local/cuda/bin", name)
                                   if os.path.exists(os.path.join("/usr/local/cuda/bin", name)) else None)
    return found


def disassembler(work_dir):
    """cuobjdump with nvdisasm beside it: the toolkit's, else PyPI's in WORK/venv."""
    tool = find_tool("cuobjdump")
    if tool and find_tool("nvdisasm"):
        return tool, None
    env_dir = os.path.join(work_dir, "venv")
    python = os.path.join(env_dir, "bin", "python")
    if not os.path.exists(python):
        venv.create(env_dir, with_pip=True)
    bin_dirs = glob.glob(os.path.join(env_dir, "lib", "python*", "site-packages", "nvidia", "cu*", "bin"))
    if not any(os.path.exists(os.path.join(d, "nvdisasm")) for d in bin_dirs):
        proc = run([python, "-m", "pip", "install", "-q", "-r", REQUIREMENTS])
        if proc.returncode != 0:
            sys.exit(f"sass.py: installing {REQUIREMENTS} failed: {benchlib.first_lines(proc.stderr)}")
        bin_dirs = glob.glob(os.path.join(env_dir, "lib", "python*", "site-packages", "nvidia", "cu*", "bin"))
    for d in bin_dirs:
        if os.path.exists(os.path.join(d, "cuobjdump")):
            return os.path.join(d, "cuobjdump"), d
    sys.exit("sass.py: no cuobjdump in the toolkit nor in " + env_dir)


# ---------------------------------------------------------------- reading cubins

INSTRUCTION = re.compile(r"^\s*/\*[0-9a-f]{4,}\*/\s+(.*?)\s*;")
FUNCTION = re.compile(r"^\s*Function\s*:\s*(\S+)")
CALL_TARGET = re.compile(r"`\(([^)]+)\)")
RESOURCE_FUNCTION = re.compile(r"^\s*Function\s+(\S+?):\s*$")
RESOURCE_VALUE = re.compile(r"(REG|STACK|LOCAL):(\d+)")


def parse_sass(text):
    """{function: {"instructions": N, "calls": set of callees}} from `cuobjdump -sass`."""
    functions, current = {}, None
    for line in text.splitlines():
        match = FUNCTION.match(line)
        if match:
            current = functions.setdefault(match.group(1), {"instructions": 0, "calls": set()})
            continue
        match = INSTRUCTION.match(line)
        if match and current is not None:
            instruction = match.group(1)
            opcode = instruction.split()[0] if not instruction.startswith("@") else instruction.split()[1]
            if opcode.split(".")[0] == "NOP":
                continue
            current["instructions"] += 1
            if opcode.startswith("CALL"):
                current["calls"].update(CALL_TARGET.findall(instruction))
    return functions


def parse_resources(text):
    """{function: {"REG": n, "STACK": n, "LOCAL": n}} from `cuobjdump -res-usage`."""
    resources, current = {}, None
    for line in text.splitlines():
        match = RESOURCE_FUNCTION.match(line)
        if match:
            current = resources.setdefault(match.group(1), {})
            continue
        if current is not None:
            for key, value in RESOURCE_VALUE.findall(line):
                current[key] = int(value)
    return resources


def measure_function(sass, resources, entry):
    """Instructions of entry and everything it calls; its registers and stack bytes."""
    seen, todo = set(), [entry]
    while todo:
        name = todo.pop()
        if name in seen or name not in sass:
            continue
        seen.add(name)
        todo.extend(sass[name]["calls"])
    usage = resources.get(entry, {})
    return {"instructions": sum(sass[name]["instructions"] for name in seen),
            "registers": usage.get("REG"),
            "stack": max(resources.get(name, {}).get("STACK", 0) + resources.get(name, {}).get("LOCAL", 0)
                         for name in seen)}


def read_cubin(cuobjdump, path):
    sass = run([cuobjdump, "-sass", path])
    usage = run([cuobjdump, "-res-usage", path])
    if sass.returncode != 0 or usage.returncode != 0:
        raise RuntimeError(f"cuobjdump {path}: {benchlib.first_lines(sass.stderr + usage.stderr)}")
    return parse_sass(sass.stdout), parse_resources(usage.stdout)


def demangled_base(names):
    """{mangled: unqualified function name} via c++filt (`ns::kernel(args)` -> `kernel`)."""
    names = list(names)
    proc = run(["c++filt"], input="\n".join(names))
    out = {}
    for mangled, plain in zip(names, proc.stdout.splitlines()):
        head = plain.split("(")[0]
        out[mangled] = head.split("::")[-1].split("[")[0]
    return out


# ---------------------------------------------------------------- the two sides

def translate(py2cuda, path, work_dir):
    """(kernels, .cu path) or raises RuntimeError with py2cuda's message."""
    listing = run([py2cuda, path, "--list-kernels"])
    if listing.returncode != 0:
        raise RuntimeError(f"py2cuda exit {listing.returncode}: {benchlib.first_lines(listing.stderr, 1)}")
    kernels = []
    for line in listing.stdout.splitlines():
        name, cpp_name, signature = line.split("\t")
        kernels.append({"name": name, "cpp_name": cpp_name, "signature": signature})
    cu = os.path.join(work_dir, "py2cuda", os.path.splitext(os.path.basename(path))[0] + ".cu")
    proc = run([py2cuda, path, "--kernels-only", "-o", "-"])
    if proc.returncode != 0:
        raise RuntimeError(f"py2cuda exit {proc.returncode}: {benchlib.first_lines(proc.stderr, 1)}")
    write_if_changed(cu, proc.stdout)
    return kernels, cu


def newest_runtime_header():
    newest = 0.0
    for folder, _, names in os.walk(os.path.join(REPO, "runtime", "include")):
        for name in names:
            newest = max(newest, os.path.getmtime(os.path.join(folder, name)))
    return newest


def nvcc_cubin(cu, arch, headers_time):
    cubin = cu[:-3] + f"_{arch}.cubin"
    if os.path.exists(cubin) and os.path.getmtime(cubin) > max(os.path.getmtime(cu), headers_time):
        return cubin  # built by an earlier run from the same .cu and runtime headers
    proc = run([find_tool("nvcc"), "-O3", "-std=c++20", "-I", os.path.join(REPO, "runtime", "include"),
                "-cubin", f"-arch={arch}", cu, "-o", cubin])
    if proc.returncode != 0:
        raise RuntimeError(f"nvcc: {benchlib.first_lines(proc.stderr, 2)}")
    return cubin


def ptxas_cubin(ptx, arch):
    cubin = ptx[:-4] + ".cubin"
    if os.path.exists(cubin) and os.path.getmtime(cubin) > os.path.getmtime(ptx):
        return cubin
    proc = run([find_tool("ptxas"), "-O3", f"-arch={arch}", ptx, "-o", cubin])
    if proc.returncode != 0:
        raise RuntimeError(f"ptxas: {benchlib.first_lines(proc.stderr, 2)}")
    return cubin


def ptx_entry(ptx):
    with open(ptx, encoding="utf-8") as f:
        match = re.search(r"\.entry\s+(\S+?)\s*\(", f.read())
    return match.group(1) if match else None


def measure_copy(cuobjdump, cu, arch, headers_time, cpp_name, suffix, transform):
    """The kernel's counts in a copy of its .cu changed by transform (rolled_source,
    unsplit_source), named with suffix; None if that fails."""
    with open(cu, encoding="utf-8") as f:
        copy_cu = cu[:-3] + suffix + ".cu"
        write_if_changed(copy_cu, transform(f.read()))
    try:
        sass, resources = read_cubin(cuobjdump, nvcc_cubin(copy_cu, arch, headers_time))
    except RuntimeError:
        return None
    mangled = [m for m, base in demangled_base(sass.keys()).items() if base == cpp_name]
    return measure_function(sass, resources, mangled[0]) if len(mangled) == 1 else None


def stem(path):
    return os.path.splitext(os.path.basename(path))[0]


# ---------------------------------------------------------------- report

def cc_of(arch):
    """sm_90 -> 9.0, sm_100 -> 10.0"""
    digits = arch.split("_")[1]
    return f"{digits[:-1]}.{digits[-1]}"


def ratio(a, b):
    return a / b if a is not None and b else None


def fmt_ratio(value):
    return "n/a" if value is None else f"{value:.2f}"


def print_rows(header, rows, markdown):
    if markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for row in rows:
            print("| " + " | ".join(str(cell) for cell in row) + " |")
    else:
        benchlib.print_table(header, rows)


def main():
    args = parse_args()
    archs = args.arch or ["sm_80", "sm_90"]
    work_dir = os.path.abspath(args.work_dir)
    for sub in ("py2cuda", "numba"):
        os.makedirs(os.path.join(work_dir, sub), exist_ok=True)
    for tool in ("nvcc", "ptxas", "c++filt"):
        if not find_tool(tool):
            sys.exit(f"sass.py: {tool} not found")
    cuobjdump, tool_dir = disassembler(work_dir)
    if tool_dir:
        os.environ["PATH"] = tool_dir + os.pathsep + os.environ["PATH"]  # cuobjdump runs nvdisasm
    files = [os.path.abspath(f) for f in (args.files or default_files())]

    notes, entries = [], []
    for path in files:
        rel = os.path.relpath(path, REPO)
        try:
            kernels, cu = translate(args.py2cuda, path, work_dir)
        except RuntimeError as exc:
            notes.append(f"{rel}: not translated: {exc}")
            continue
        if args.kernel:
            kernels = [k for k in kernels if k["name"] in args.kernel]
        if kernels:
            entries.append({"path": path, "rel": rel, "cu": cu, "kernels": kernels})

    request = os.path.join(work_dir, "numba_request.json")
    response = os.path.join(work_dir, "numba_result.json")
    with open(request, "w", encoding="utf-8") as f:
        json.dump({"ccs": [cc_of(a) for a in archs], "out_dir": os.path.join(work_dir, "numba"),
                   "files": [{"path": e["path"], "kernels": e["kernels"]} for e in entries]}, f)
    env = dict(os.environ)
    env.pop("NUMBA_ENABLE_CUDASIM", None)
    env.setdefault("CUDA_HOME", "/usr/local/cuda")
    worker = subprocess.Popen([args.python, WORKER, request, response], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    headers_time = newest_runtime_header()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        py2cuda_jobs = {(e["rel"], arch): pool.submit(nvcc_cubin, e["cu"], arch, headers_time) for e in entries for arch in archs}
        _, worker_err = worker.communicate()
        if worker.returncode != 0:
            sys.exit(f"sass.py: the Numba worker failed: {worker_err[-2000:]}")
        with open(response, encoding="utf-8") as f:
            numba_files = json.load(f)
        numba_jobs = {}
        for entry, numba_file in zip(entries, numba_files):
            for kernel in numba_file["kernels"]:
                for cc, ptx in kernel["ptx"].items():
                    arch = "sm_" + cc.replace(".", "")  # the inverse of cc_of
                    numba_jobs[(entry["rel"], kernel["cpp_name"], arch)] = pool.submit(ptxas_cubin, ptx, arch)

        results = []
        for entry, numba_file in zip(entries, numba_files):
            for arch in archs:
                try:
                    sass, resources = read_cubin(cuobjdump, py2cuda_jobs[(entry["rel"], arch)].result())
                    bases = demangled_base(sass.keys())
                except RuntimeError as exc:
                    notes.append(f"{entry['rel']} {arch}: py2cuda side failed: {exc}")
                    continue
                for kernel in numba_file["kernels"]:
                    row = {"file": entry["rel"], "kernel": kernel["cpp_name"], "name": kernel["name"],
                           "signature": kernel["signature"], "arch": arch}
                    mangled = [m for m, base in bases.items() if base == kernel["cpp_name"]]
                    if len(mangled) != 1:
                        notes.append(f"{entry['rel']} {kernel['cpp_name']} {arch}: {len(mangled)} py2cuda "
                                     "functions of that name in the cubin")
                        continue
                    row["py2cuda"] = measure_function(sass, resources, mangled[0])
                    if kernel["error"]:
                        if arch == archs[0]:
                            notes.append(f"{entry['rel']} {kernel['cpp_name']}: Numba: {kernel['error']}")
                        continue
                    job = numba_jobs.get((entry["rel"], kernel["cpp_name"], arch))
                    try:
                        numba_cubin = job.result()
                        n_sass, n_resources = read_cubin(cuobjdump, numba_cubin)
                    except RuntimeError as exc:
                        notes.append(f"{entry['rel']} {kernel['cpp_name']} {arch}: Numba side: {exc}")
                        continue
                    row["numba"] = measure_function(n_sass, n_resources, ptx_entry(kernel["ptx"][cc_of(arch)]))
                    reason = REASONS.get((stem(entry["rel"]), kernel["name"]))
                    measure = (cuobjdump, entry["cu"], arch, headers_time, kernel["cpp_name"])
                    if reason == LOOP_UNROLLING or (reason is None and is_worse(row) and not same_allocation_reason(row)):
                        row["rolled"] = measure_copy(*measure, "_rolled", rolled_source)
                    if reason == LOOP_SPLIT:
                        row["unsplit"] = measure_copy(*measure, "_unsplit", unsplit_source)
                    results.append(row)

    status = 0
    for arch in archs:
        rows, instr_ratios, reg_ratios, worst, worst_regs = [], [], [], None, None
        for r in (r for r in results if r["arch"] == arch):
            p, n = r["py2cuda"], r["numba"]
            ri, rr = ratio(p["instructions"], n["instructions"]), ratio(p["registers"], n["registers"])
            instr_ratios.append(ri)
            if rr is not None:
                reg_ratios.append(rr)
                if worst_regs is None or rr > worst_regs[0]:
                    worst_regs = (rr, r)
            if worst is None or ri > worst[0]:
                worst = (ri, r)
            worse = ri > 1.0 or (rr is not None and rr > 1.0)
            why = ""
            if worse:
                why, holds = explain(r, (stem(r["file"]), r["name"]))
                if not holds:
                    status = 1
            rows.append([f"{os.path.splitext(os.path.basename(r['file']))[0]}.{r['kernel']}",
                         p["instructions"], n["instructions"], fmt_ratio(ri),
                         p["registers"], n["registers"], fmt_ratio(rr),
                         f"{p['stack']}/{n['stack']}", why if worse else ""])
        print(f"== {arch}: py2cuda (nvcc -O3) vs Numba (compile_ptx + ptxas -O3) ==")
        print_rows(["kernel", "instr", "numba", "ratio", "regs", "numba", "ratio", "stack", "reason"],
                   rows, args.markdown)
        if instr_ratios:
            print(f"{arch}: {len(instr_ratios)} kernels; geometric mean py2cuda/Numba: instructions "
                  f"{benchlib.geomean(instr_ratios):.3f}, registers {benchlib.geomean(reg_ratios):.3f}; "
                  f"worst instructions {worst[0]:.2f} ({os.path.basename(worst[1]['file'])} {worst[1]['kernel']}), "
                  f"registers {worst_regs[0]:.2f} ({os.path.basename(worst_regs[1]['file'])} {worst_regs[1]['kernel']}); "
                  f"worse than Numba: {sum(1 for x in instr_ratios if x > 1.0)} in instructions, "
                  f"{sum(1 for x in reg_ratios if x > 1.0)} in registers")
        print()
    for note in notes:
        print("note:", note)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"results": results, "notes": notes}, f, indent=1)
    return status


if __name__ == "__main__":
    sys.exit(main())
