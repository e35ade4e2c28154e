#!/usr/bin/env python3
"""Compile tests: every emitted .cu must build with nvcc, every header with g++.

Programs: samples/*.py, tests/golden/*.py and tests/programs/*.py (where the
folder exists). Each is translated from its own folder, by bare file name,
into a scratch folder as NAME.cu with --header NAME.h (plus any options from
its `# py2cuda-args:` lines); a translation that fails is a test failure.
The samples (and WHOLE_PROGRAM_TESTS) are compiled whole, their host program's main() included:
nvcc's host pass over the host runtime (py2cuda/host.h) under the CUDA backend. One of them (EXE_SAMPLE) is built as
its users build it for a GPU, `py2cuda NAME.py --exe -o NAME` (nvcc with -O2 for sm_80 and sm_90,
and the link): the path a user takes, which no other CPU test exercises. The
goldens and test programs are translated with --kernels-only (their kernels,
device functions and launch functions): their host code is built by the same
host compiler in the emulation runs (tests/programs/run_programs.py), and an
nvcc pass over each would cost minutes of CI for no new coverage. Those
translations, and the samples' whole programs, are compiled BATCH_SIZE at a time by one nvcc
run over a file that includes them (their namespaces keep them apart; a whole program's main()
is renamed in a copy of its .cu beside it, so that one file holds several); when a batch
fails, each of its files is compiled alone to name the one at fault. The header checks below
go the same way: one g++ run per batch over a file that includes each of its headers twice,
each header alone only when that fails.
Then, up to --jobs at a time:

    nvcc -std=c++20 -c [-rdc=true] -I REPO/runtime/include \\
         -gencode arch=compute_80,code=sm_80 NAME.cu

for these: sm_80, the oldest architecture py2cuda targets, is the one that
rejects an intrinsic or instruction of a newer one; a second device pass for sm_90 would double
the device compile for nothing. EXE_SAMPLE's --exe build is for sm_80 and sm_90 (what py2cuda
builds for its users).

(-rdc=true where the .cu says it calls device functions of other files: cuda.declare_device.)
    g++ -std=c++20 -fsyntax-only -I REPO/runtime/include  (a file including NAME.h twice,
                                                         which also checks its include guard)

The header check is left out where py2cuda wrote no header. Without nvcc the
test is skipped (exit 77). nvcc is looked up on PATH, in $CUDA_HOME/bin, then
in /usr/local/cuda/bin; the host compiler is $CXX, else g++, else clang++.

    run_compile.py --py2cuda BUILD/py2cuda [-j N] [--keep] [NAME ...]
"""
import concurrent.futures
import dataclasses
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testlib import cli, harness, tools, translator  # noqa: E402
from testlib.report import Reporter, indent  # noqa: E402
from testlib.scratch import scratch_dir  # noqa: E402

# (case-name prefix, folder relative to the repository) of the programs to compile.
PROGRAM_FOLDERS = (("samples", "samples"), ("golden", "tests/golden"), ("programs", "tests/programs"))
NVCC_ARCH_FLAGS = ["-gencode", "arch=compute_80,code=sm_80"]
COMPILE_TIMEOUT_S = 600
# Translations compiled by one nvcc run: each adds little (its kernels, a sample's host code) to
# what every run pays once (cudafe++, cicc and the host compiler over the runtime's headers,
# about 50 s of CPU): 199 cases took 410 s of CPU in batches of 24, 194 s in batches of 60 and
# 139 s in two batches.
BATCH_SIZE = 100
WHOLE_PROGRAM_MAIN = "\nint main(int argc, char** argv) {"  # renamed in a batch
EXE_SAMPLE = "samples/hypot_kernel"  # built with py2cuda --exe; the other samples with nvcc -c
# Test programs compiled whole too, as the samples are: their host code does what no sample's does
# under nvcc (setting the kernels' __constant__ globals at the first launch, cudaMemcpyToSymbol).
WHOLE_PROGRAM_TESTS = {"programs/kernel_globals_frozen_at_launch"}
RDC_MARKER = "Calls across files need relocatable device code: nvcc -rdc=true"
SKIP_STATUS = 77  # ctest's SKIP_RETURN_CODE for script tests


@dataclasses.dataclass
class Case:
    name: str  # e.g. "samples/saxpy"
    program: Path
    out_dir: Path  # where NAME.cu and NAME.h go

    @property
    def cu(self) -> Path:
        return self.out_dir / f"{self.program.stem}.cu"

    @property
    def header(self) -> Path:
        return self.out_dir / f"{self.program.stem}.h"


def main() -> int:
    parser = cli.make_parser(__doc__.splitlines()[0])
    parser.add_argument("-j", "--jobs", type=int, default=2, help="compilers run at once (default 2)")
    args = cli.parse(parser)
    cli.require_py2cuda(parser, args)

    nvcc = tools.find_nvcc()
    if nvcc is None:
        print("nvcc not found (PATH, $CUDA_HOME/bin, /usr/local/cuda/bin): compile tests skipped")
        return SKIP_STATUS
    cxx = tools.find_host_cxx()
    include_dir = args.source_dir / "runtime" / "include"

    report = Reporter()
    with scratch_dir("compile", args.keep) as work:
        cases = collect(args.source_dir, work, args.names)
        compilable = []
        for case in cases:
            problem = translate(case, args)
            if problem:
                report.fail(case.name, *problem)
            else:
                compilable.append(case)
        # Translations share one nvcc run per batch: they differ only in their namespaces (and a
        # whole program's main(), renamed), and nvcc's pass over the runtime headers is most of
        # each file's cost.
        alone = [c for c in compilable if c.name == EXE_SAMPLE or RDC_MARKER in c.cu.read_text()]
        batchable = [c for c in compilable if c not in alone]
        batches = make_batches(batchable, args.jobs)
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            batch_futures = [pool.submit(compile_batch, work, k, batch, nvcc, include_dir) for k, batch in enumerate(batches)]
            futures = {c.name: (pool.submit(build_executable, c, nvcc, cxx, include_dir, args) if c.name == EXE_SAMPLE
                                else pool.submit(compile_case, c, nvcc, cxx, include_dir)) for c in alone}
            for k, (batch, future) in enumerate(zip(batches, batch_futures)):
                if future.result():
                    headers = pool.submit(check_batch_headers, work, k, batch, cxx, include_dir)
                    for c in batch:
                        futures[c.name] = headers
                else:  # one of them is wrong: compile each alone to say which
                    for c in batch:
                        futures[c.name] = pool.submit(compile_case, c, nvcc, cxx, include_dir)
            # Reported in input order, so the log reads the same from run to run.
            for case in compilable:
                outcome = futures[case.name].result()
                problem, note = outcome[case.name] if isinstance(outcome, dict) else outcome
                if problem:
                    report.fail(case.name, *problem)
                else:
                    report.ok(case.name, note)
    return report.finish()


def make_batches(cases: list[Case], jobs: int) -> list[list[Case]]:
    """Groups of up to BATCH_SIZE translations whose module names (namespaces) differ, of even
    sizes, as many as a multiple of `jobs` (harness.combined_groups), so that the nvcc runs
    going at once end together."""
    by_name = {c.name: c for c in cases}
    return [[by_name[n] for n in group]
            for group in harness.combined_groups(list(by_name), jobs, size=BATCH_SIZE,
                                                 module=lambda n: by_name[n].program.stem)]


def compile_batch(work: Path, k: int, batch: list[Case], nvcc: Path, include_dir: Path) -> bool:
    """One nvcc run over a .cu including every file of the batch; True when it compiles."""
    unit = work / f"batch_{k}.cu"
    unit.write_text("".join(f'#include "{batched_source(c, k)}"\n' for c in batch))
    ok, _ = tools.run_tool(
        [str(nvcc), "-std=c++20", "-c", "-I", str(include_dir), *NVCC_ARCH_FLAGS, "-o", str(unit.with_suffix(".o")),
         str(unit)], cwd=work, timeout=COMPILE_TIMEOUT_S)
    return ok


def batched_source(case: Case, k: int) -> Path:
    """The file a batch includes for `case`: its .cu, or for a whole program a copy beside it
    (its header is included by a path relative to it) whose main() has a name of its own."""
    text = case.cu.read_text()
    if WHOLE_PROGRAM_MAIN not in text:
        return case.cu
    copy = case.cu.with_name(f"{case.program.stem}.batch{k}.cu")
    copy.write_text(text.replace(WHOLE_PROGRAM_MAIN, f"\nint py2cuda_batched_main_{case.program.stem}(int argc, char** argv) {{"))
    return copy


def check_batch_headers(work: Path, k: int, batch: list[Case], cxx: str | None, include_dir: Path):
    """The header checks of a batch: one g++ run over a file including each header twice; when
    that fails, or a case has no header, that case's own check_header (which says why).
    Returns name -> check_header's answer."""
    with_header = [c for c in batch if c.header.exists()]
    ok = False
    if cxx is not None and with_header:
        check = work / f"batch_{k}_header_check.cpp"
        # Each included twice: a header without an include guard (or #pragma once) fails here.
        check.write_text("".join(f'#include "{c.header}"\n#include "{c.header}"\n' for c in with_header))
        ok, _ = tools.run_tool([cxx, "-std=c++20", "-fsyntax-only", "-I", str(include_dir), str(check)],
                               cwd=work, timeout=COMPILE_TIMEOUT_S)
    return {c.name: (None, "") if ok and c in with_header else check_header(c, cxx, include_dir) for c in batch}


def collect(source_dir: Path, work: Path, filters: list[str]) -> list[Case]:
    cases = []
    for prefix, folder in PROGRAM_FOLDERS:
        for program in translator.programs(source_dir / folder):
            name = f"{prefix}/{program.stem}"
            if cli.selected(name, filters):
                out_dir = work / prefix
                out_dir.mkdir(exist_ok=True)
                cases.append(Case(name, program, out_dir))
    return cases


def translate(case: Case, args) -> tuple[str, str] | None:
    """Writes NAME.cu and NAME.h; returns (reason, details) on failure."""
    whole_program = case.name.startswith("samples/") or case.name in WHOLE_PROGRAM_TESTS
    argv = [case.program.name, "-o", str(case.cu), "--header", str(case.header),
            *([] if whole_program else ["--kernels-only"]), *translator.extra_args(case.program)]
    run = translator.run(args.py2cuda, argv, cwd=case.program.parent, timeout=args.timeout)
    if why := run.failure():
        return f"translation: {why}", indent(run.stderr)
    if run.returncode != 0:
        return f"translation failed (status {run.returncode})", indent(run.stderr)
    if not case.cu.exists():
        return "translation exited 0 but wrote no .cu", ""
    return None


def build_executable(case: Case, nvcc: Path, cxx: str | None, include_dir: Path, args):
    """A whole program is built as its user builds it for the GPU, `py2cuda NAME.py --exe -o NAME`
    (nvcc over its kernels and host main(), linked); then the header check."""
    exe = case.out_dir / case.program.stem
    run = translator.run(args.py2cuda, [case.program.name, *translator.extra_args(case.program), "--exe", "-o", str(exe)],
                         cwd=case.program.parent, timeout=COMPILE_TIMEOUT_S, env={"NVCC": str(nvcc)})
    if run.returncode != 0 or not exe.is_file():
        return (f"py2cuda --exe failed (status {run.returncode})", indent(run.stderr)), ""
    return check_header(case, cxx, include_dir)


def compile_case(case: Case, nvcc: Path, cxx: str | None, include_dir: Path):
    """Runs nvcc, then the header check; returns ((reason, details) or None, note for PASS)."""
    # A program calling device functions written in CUDA C (cuda.declare_device) needs
    # relocatable device code, as its .cu says: with -c alone ptxas refuses the extern calls.
    rdc = ["-rdc=true"] if RDC_MARKER in case.cu.read_text() else []
    ok, out = tools.run_tool(
        [str(nvcc), "-std=c++20", "-c", *rdc, "-I", str(include_dir), *NVCC_ARCH_FLAGS,
         "-o", str(case.cu.with_suffix(".o")), str(case.cu)],
        cwd=case.out_dir, timeout=COMPILE_TIMEOUT_S)
    if not ok:
        return (f"nvcc failed on {case.cu.name}", indent(out)), ""
    return check_header(case, cxx, include_dir)


def check_header(case: Case, cxx: str | None, include_dir: Path):
    """Compiles the header twice included as plain C++; ((reason, details) or None, note)."""
    if not case.header.exists():
        return None, "no header written"
    if cxx is None:
        return None, "no host C++ compiler for the header check"
    check = case.out_dir / f"{case.program.stem}_header_check.cpp"
    # Included twice: a header without an include guard (or #pragma once) fails here.
    check.write_text(f'#include "{case.header.name}"\n#include "{case.header.name}"\n')
    ok, out = tools.run_tool(
        [cxx, "-std=c++20", "-fsyntax-only", "-I", str(include_dir), "-I", str(case.out_dir), str(check)],
        cwd=case.out_dir, timeout=COMPILE_TIMEOUT_S)
    if not ok:
        return (f"{case.header.name} does not compile as C++", indent(out)), ""
    return None, ""


if __name__ == "__main__":
    sys.exit(main())
