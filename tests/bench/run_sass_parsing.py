#!/usr/bin/env python3
"""Smoke test of bench/sass.py's parsing (the benchmark itself needs nvcc and Numba, and is not
run by CI): cuobjdump's -sass and -res-usage text, the call graph, demangled names, and
`py2cuda --list-kernels` read the way the benchmark reads it.

Usage: run_sass_parsing.py --py2cuda PY2CUDA --source-dir SRC --build-dir BUILD [--python PY]
"""

import argparse
import os
import subprocess
import sys

SASS = """
	code for sm_90
	.target	sm_90

		Function : _ZN1m6kernelEN7py2cuda5ArrayIfLi1EEE
	.headerflags	@"EF_CUDA_SM90 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM90)"
        /*0000*/                   LDC R1, c[0x0][0x28] ;                              /* 0x00000a00ff017b82 */
                                                                                       /* 0x000fe20000000800 */
        /*0010*/               @P0 EXIT ;                                              /* 0x000000000000094d */
        /*0020*/                   CALL.REL.NOINC `(_ZN1m6helperEf) ;                  /* 0x0000000000007944 */
        /*0030*/                   BRA `(.L_x_1) ;                                     /* 0x0000000000007947 */
.L_x_1:
        /*0040*/                   NOP;                                                /* 0x0000000000007918 */
        /*0050*/                   EXIT ;                                              /* 0x000000000000794d */
		..........

		Function : _ZN1m6helperEf
        /*0000*/                   FADD R0, R4, R4 ;                                   /* 0x0000000404007221 */
        /*0010*/                   RET.REL.NODEC R20 `(_ZN1m6kernelEN7py2cuda5ArrayIfLi1EEE) ;
		Function : _ZN1m6unusedEv
        /*0000*/                   EXIT ;                                              /* 0x000000000000794d */
"""

RESOURCES = """
Resource usage:
 Common:
  GLOBAL:0
 Function _ZN1m6helperEf:
  REG:8 STACK:16 SHARED:0 LOCAL:0 CONSTANT[0]:0 TEXTURE:0 SURFACE:0 SAMPLER:0
 Function _ZN1m6kernelEN7py2cuda5ArrayIfLi1EEE:
  REG:22 STACK:0 SHARED:0 LOCAL:4 CONSTANT[0]:600 TEXTURE:0 SURFACE:0 SAMPLER:0
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--py2cuda", required=True)
    parser.add_argument("--source-dir", required=True)
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--python")
    args = parser.parse_args()
    sys.path.insert(0, os.path.join(args.source_dir, "bench"))
    import sass  # noqa: E402  (bench/ is not a package)

    failures, checks = [], []

    def check(what, got, want):
        checks.append(what)
        if got != want:
            failures.append(f"{what}: got {got!r}, want {want!r}")

    functions = sass.parse_sass(SASS)
    kernel = "_ZN1m6kernelEN7py2cuda5ArrayIfLi1EEE"
    check("functions", sorted(functions), sorted([kernel, "_ZN1m6helperEf", "_ZN1m6unusedEv"]))
    check("kernel instructions (NOP left out)", functions[kernel]["instructions"], 5)
    check("kernel calls (labels left out)", functions[kernel]["calls"], {"_ZN1m6helperEf"})
    resources = sass.parse_resources(RESOURCES)
    check("registers", resources[kernel]["REG"], 22)
    measured = sass.measure_function(functions, resources, kernel)
    check("kernel and callee", measured, {"instructions": 7, "registers": 22, "stack": 16})
    check("demangled", sass.demangled_base([kernel])[kernel], "kernel")

    # The rolled copy of a .cu: `#pragma unroll 1` before each for, while and do loop, indented alike;
    # a do-while's closing `} while (...);` and other lines untouched.
    cu = ("__global__ void k(int n) {\n  for (int i = 0; i < n; ++i) {\n    while (n > 0) {\n      --n;\n    }\n  }\n"
          "  do {\n    --n;\n  } while (n > 0);\n  int fork = 0;\n}\n")
    check("rolled source", sass.rolled_source(cu),
          "__global__ void k(int n) {\n  #pragma unroll 1\n  for (int i = 0; i < n; ++i) {\n    #pragma unroll 1\n"
          "    while (n > 0) {\n      --n;\n    }\n  }\n  #pragma unroll 1\n  do {\n    --n;\n  } while (n > 0);\n"
          "  int fork = 0;\n}\n")
    # The unrolling reason holds only where the rolled kernel is at or below Numba in what the
    # unrolled one exceeds (registers: or, unrolled or rolled, at Numba's occupancy).
    numba = {"instructions": 100, "registers": 20}
    unrolled = {"instructions": 180, "registers": 40}
    for rolled, holds in (({"instructions": 90, "registers": 18}, True), ({"instructions": 90, "registers": 34}, False),
                          ({"instructions": 110, "registers": 18}, False)):
        text, ok = sass.loop_unrolling_reason({"py2cuda": unrolled, "numba": numba, "rolled": rolled})
        check(f"unrolling reason with rolled {rolled}", (ok, text.startswith("UNEXPLAINED")), (holds, not holds))
    text, ok = sass.loop_unrolling_reason({"py2cuda": unrolled, "numba": numba,
                                           "rolled": {"instructions": 90, "registers": 22}})
    check("unrolling reason: rolled registers in Numba's allocation unit", (ok, "rolled, 22 registers" in text),
          (True, True))
    text, ok = sass.loop_unrolling_reason({"py2cuda": {"instructions": 180, "registers": 16}, "numba": numba,
                                           "rolled": {"instructions": 90, "registers": 22}})
    check("unrolling reason: registers already at or below Numba's", ok, True)
    text, ok = sass.loop_unrolling_reason({"py2cuda": {"instructions": 180, "registers": 24}, "numba": numba,
                                           "rolled": {"instructions": 90, "registers": 22}})
    check("unrolling reason: registers in Numba's allocation unit", (ok, "allocated 24" in text), (True, True))
    check("worse: instructions", sass.is_worse({"py2cuda": {"instructions": 101, "registers": 20}, "numba": numba}), True)
    check("worse: registers", sass.is_worse({"py2cuda": {"instructions": 99, "registers": 21}, "numba": numba}), True)
    # explain(): an instruction-only reason needs the registers in Numba's allocation, else UNEXPLAINED.
    key = next(iter(sass.INSTRUCTION_REASONS))
    text, ok = sass.explain({"py2cuda": {"instructions": 101, "registers": 22}, "numba": numba}, key)
    check("instruction reason, registers in the same allocation", (ok, "allocated 24" in text), (True, True))
    text, ok = sass.explain({"py2cuda": {"instructions": 101, "registers": 30}, "numba": numba}, key)
    check("instruction reason, registers within full occupancy", (ok, "2,048 threads" in text), (True, True))
    text, ok = sass.explain({"py2cuda": {"instructions": 101, "registers": 40}, "numba": numba}, key)
    check("instruction reason, registers across an allocation", (ok, "registers UNEXPLAINED" in text), (False, True))
    text, ok = sass.explain({"py2cuda": {"instructions": 101, "registers": 20}, "numba": numba}, ("no", "such"))
    check("no reason", (ok, text), (False, "instructions UNEXPLAINED"))
    # A kernel whose excess was measured with byte strides in the runtime prints that count for its arch.
    text, ok = sass.explain({"py2cuda": {"instructions": 74, "registers": 20}, "numba": {"instructions": 72, "registers": 22},
                             "arch": "sm_90"}, ("tuple_locals", "tuples"))
    check("byte-stride count beside the reason", (ok, text.endswith("with byte strides in the runtime 72 instructions (measured)")),
          (True, True))
    check("no byte-stride count for another arch", sass.byte_stride_note(("tuple_locals", "tuples"), "sm_75"), "")
    check("not worse", sass.is_worse({"py2cuda": {"instructions": 100, "registers": 20}, "numba": numba}), False)
    check("unrolling reason without a rolled build", sass.loop_unrolling_reason(
        {"py2cuda": unrolled, "numba": numba})[1], False)

    # The unsplit copy: each counting loop `for (T v = a; v < b; ++v)` tests `v != b`; other loops,
    # other comparisons and a `<` of another variable are untouched.
    cu = ("  for (int64_t j = 0; j < n; ++j) {\n    if (j < i) {\n  for (int64_t k = 0; k < 3; ++k) {\n"
          "  for (int64_t k = 0; j < 3; ++k) {\n  for (int64_t k = 9; k < n; k += 2) {\n  while (j < n) {\n")
    check("unsplit source", sass.unsplit_source(cu),
          "  for (int64_t j = 0; j != n; ++j) {\n    if (j < i) {\n  for (int64_t k = 0; k != 3; ++k) {\n"
          "  for (int64_t k = 0; j < 3; ++k) {\n  for (int64_t k = 9; k < n; k += 2) {\n  while (j < n) {\n")
    # The split reason holds only where the unsplit copy is at or below Numba in what the kernel
    # exceeds (registers: or at Numba's occupancy); without the copy it is UNEXPLAINED.
    for unsplit, holds in (({"instructions": 90, "registers": 18}, True), ({"instructions": 90, "registers": 34}, False),
                           ({"instructions": 110, "registers": 18}, False), ({"instructions": 90, "registers": 22}, True)):
        text, ok = sass.loop_split_reason({"py2cuda": unrolled, "numba": numba, "unsplit": unsplit})
        check(f"split reason with unsplit {unsplit}", (ok, text.startswith("UNEXPLAINED")), (holds, not holds))
    check("split reason without an unsplit build", sass.loop_split_reason({"py2cuda": unrolled, "numba": numba})[1],
          False)
    check("explain() measures a LOOP_SPLIT kernel", sass.explain(
        {"py2cuda": unrolled, "numba": numba, "unsplit": {"instructions": 90, "registers": 18}},
        next(k for k, v in sass.REASONS.items() if v == sass.LOOP_SPLIT))[1], True)

    # Registers worse than Numba's but in the same allocation unit (8 per thread) explain themselves;
    # not when the instructions are worse too, nor across a unit.
    def allocation(p_instr, p_regs, n_instr, n_regs):
        return bool(sass.same_allocation_reason({"py2cuda": {"instructions": p_instr, "registers": p_regs},
                                                 "numba": {"instructions": n_instr, "registers": n_regs}}))
    check("same allocation: 16 against 12", allocation(24, 16, 29, 12), True)
    check("same allocation: 32 against 25", allocation(290, 32, 390, 25), True)
    check("within 32 registers, full occupancy: 18 against 16", allocation(55, 18, 73, 16), True)
    check("different allocation beyond 32: 40 against 30", allocation(55, 40, 73, 30), False)
    check("within 32 but spilling more than Numba", bool(sass.same_allocation_reason(
        {"py2cuda": {"instructions": 55, "registers": 18, "stack": 8},
         "numba": {"instructions": 73, "registers": 16, "stack": 0}})), False)
    check("same allocation, more instructions", allocation(30, 16, 29, 12), False)

    sample = os.path.join(args.source_dir, "samples", "python_semantics.py")
    listing = subprocess.run([args.py2cuda, sample, "--list-kernels"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    check("--list-kernels exit", listing.returncode, 0)
    rows = [line.split("\t") for line in listing.stdout.splitlines()]
    check("--list-kernels columns", {len(row) for row in rows}, {3})
    check("--list-kernels floor_division", [row for row in rows if row[0] == "floor_division"],
          [["floor_division", "floor_division",
            "void(int64[:], int64[:], int64[:], int64[:], float64[:], float64[:], float64[:], float64[:])"]])

    for failure in failures:
        print("FAIL", failure)
    print(f"{len(checks) - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
