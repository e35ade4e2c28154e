#!/usr/bin/env python3
"""Emulation tests: translated programs on the CPU emulation runtime, no GPU needed.

  compile  Every program of samples/, translated by py2cuda (from its own folder, with the
           options of its `# py2cuda-args:` lines), compiles as plain C++ against the emulation
           backend with clang++ (when present):
               clang++ -std=c++20 -fsyntax-only -x c++ -I REPO/runtime/include NAME.cu
           (half of the programs per clang++ run, over a file including a copy of each with its
           main() renamed; each program alone only when that fails, to name the one at fault.)
           The first host compiler (g++) builds every program of samples/, tests/golden/ and
           tests/programs/ already, whole: run_oracle builds each program of its case table into
           a harness, run_programs each whole program; a second pass here would only repeat them.
  run      Every tests/emulation/NAME.py is built into its harness executable for the CPU
           emulation (testlib/harness.py; the harnesses are compiled several per g++ run, with
           the flags of `py2cuda --harness --exe --emulate`: build_combined_cached) and launched as its `# emulation-run:` line says, once
           with blocks spread over threads and once in order (PY2CUDA_EMU_DETERMINISTIC=1). Then
           either the launch stops with exactly its `# emulation-error:` message, which names the
           Python line (what a GPU would get silently wrong: out-of-bounds accesses, barriers not
           every thread reaches), or it succeeds and each `# emulation-expect:` array holds its
           values.

Directives in tests/emulation/NAME.py:
    # emulation-run: KERNEL --grid G --block B [--shared BYTES] ARG...
        ARG is DTYPE[D0,D1,...] for an array of that dtype and shape holding 0, 1, 2, ... in C
        order (written to a .npy file), anything else a scalar literal passed as it is.
    # emulation-error: MESSAGE        the one line the harness prints after "BIN: error: "
    # emulation-expect: PARAM = V...  the values of array parameter PARAM after the run, C order

    run_emulation.py --py2cuda BUILD/py2cuda [--keep] [NAME ...]

Exits 0 when every check passed, 77 (skipped) when neither g++ nor clang++ is present.
"""
import math
import os
import re
import shlex
import shutil
import struct
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testlib import cli, harness, npy, tools, translator  # noqa: E402
from testlib.report import Reporter, indent  # noqa: E402
from testlib.scratch import scratch_dir  # noqa: E402

PROGRAM_FOLDERS = ("samples",)
COMPILE_FLAGS = ["-std=c++20", "-fsyntax-only", "-x", "c++"]
WHOLE_PROGRAM_MAIN = "\nint main(int argc, char** argv) {"  # renamed in a batch
JOBS = 2  # the project's machines have two cores
SKIP_STATUS = 77
BUILD_TIMEOUT_S = 300
RUN_TIMEOUT_S = 60  # a hung barrier shows up as a timeout, not as a stuck ctest

DIRECTIVE = re.compile(r"^#\s*emulation-(run|error|expect):\s*(.*)$", re.MULTILINE)
ARRAY_ARG = re.compile(r"^(bool|u?int(?:8|16|32|64)|float(?:32|64))\[(\d+(?:,\d+)*)\]$")
NPY_DESCR = {"bool": ("|b1", "?"), "int8": ("|i1", "b"), "uint8": ("|u1", "B"), "int16": ("<i2", "h"),
             "uint16": ("<u2", "H"), "int32": ("<i4", "i"), "uint32": ("<u4", "I"), "int64": ("<i8", "q"),
             "uint64": ("<u8", "Q"), "float32": ("<f4", "f"), "float64": ("<f8", "d")}
MODES = (("parallel", {"PY2CUDA_EMU_DETERMINISTIC": "0"}), ("in order", {"PY2CUDA_EMU_DETERMINISTIC": "1"}))


# ---- compile ---------------------------------------------------------------------------------

def host_compilers() -> list[tuple[str, str]]:
    return [(name, path) for name in ("g++", "clang++") if (path := shutil.which(name))]


def compile_programs(args, compilers, work: Path, reporter: Reporter) -> None:
    include = args.source_dir / "runtime" / "include"
    programs = [p for folder in PROGRAM_FOLDERS for p in translator.programs(args.source_dir / folder)]
    programs = [p for p in programs if cli.selected(p.stem, args.names)]

    def translate(program: Path):
        out = work / "compile" / program.parent.name / f"{program.stem}.cu"
        out.parent.mkdir(parents=True, exist_ok=True)
        run = translator.run(args.py2cuda, [program.name, "-o", str(out), *translator.extra_args(program)],
                             cwd=program.parent, timeout=args.timeout)
        if why := run.failure():
            return program, None, f"py2cuda: {why}\n{run.stderr}"
        if run.returncode != 0 or not out.exists():
            return program, None, f"py2cuda failed (status {run.returncode}):\n{run.stderr}"
        return program, out, ""

    def compile_one(cu: Path, cxx: str) -> tuple[bool, str]:
        return tools.run_tool([cxx, *COMPILE_FLAGS, "-I", str(include), str(cu)], cwd=cu.parent,
                              timeout=BUILD_TIMEOUT_S)

    def compile_batch(job):
        """Every .cu of the batch in one run of the compiler (a file including a copy of each, its
        main() renamed: the runtime's headers are parsed once); when that fails, each alone, so
        that the ones at fault are named."""
        batch, (name, cxx) = job
        folder = batch[0][1].parent / f"batch_{name}"
        folder.mkdir(exist_ok=True)
        includes = []
        for i, (program, cu) in enumerate(batch):
            copy = folder / cu.name
            copy.write_text(cu.read_text().replace(WHOLE_PROGRAM_MAIN, f"\nint py2cuda_batched_main_{i}(int argc, char** argv) {{"))
            includes.append(f'#include "{copy.name}"\n')
        combined = folder / "batch.cu"
        combined.write_text("".join(includes))
        if compile_one(combined, cxx)[0]:
            return [(program, name, True, "") for program, _ in batch]
        return [(program, name, *compile_one(cu, cxx)) for program, cu in batch]

    with ThreadPoolExecutor(max_workers=JOBS) as pool:
        translated = list(pool.map(translate, programs))
        ready = []
        for program, cu, why in translated:
            label = f"compile {program.parent.name}/{program.stem}"
            if cu is None:
                reporter.fail(label, "translation failed", indent(why))
            else:
                ready.append((program, cu))
        batches = [(ready[i::JOBS], compiler) for compiler in compilers[1:] for i in range(JOBS) if ready[i::JOBS]]
        for results in pool.map(compile_batch, batches):
            for program, name, ok, output in results:
                label = f"compile {program.parent.name}/{program.stem} ({name})"
                if ok:
                    reporter.ok(label)
                else:
                    reporter.fail(label, "the emulation build does not compile", indent(output))


# ---- run -------------------------------------------------------------------------------------

def write_npy(path: Path, dtype: str, shape: tuple[int, ...]) -> None:
    """An array of `shape` holding 0, 1, 2, ... (bool: alternating), as NumPy's .npy format 1.0."""
    descr, code = NPY_DESCR[dtype]
    count = math.prod(shape)
    values = [i % 2 == 1 for i in range(count)] if dtype == "bool" else list(range(count))
    header = f"{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape!r}, }}"
    header += " " * (-(len(header) + 11) % 64) + "\n"  # magic(6) + version(2) + length(2) + header: 64-aligned
    with path.open("wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode("latin1"))
        f.write(struct.pack(f"<{count}{code}", *values))


class Case:
    """One tests/emulation program and its directives."""

    def __init__(self, program: Path):
        self.program = program
        self.name = program.stem
        found = DIRECTIVE.findall(program.read_text())
        runs = [value for kind, value in found if kind == "run"]
        errors = [value.strip() for kind, value in found if kind == "error"]
        self.expects = [value for kind, value in found if kind == "expect"]
        self.problem = ""
        if len(runs) != 1 or len(errors) > 1 or (errors and self.expects) or (not errors and not self.expects):
            self.problem = ("needs one `# emulation-run:` line, and either one `# emulation-error:` "
                            "or some `# emulation-expect:` lines")
        self.run = shlex.split(runs[0]) if runs else []
        self.error = errors[0] if errors else None

    def argv(self, binary: Path, work: Path, out_dir: Path) -> list[str]:
        """The harness command line, with each DTYPE[shape] argument written to a .npy file."""
        argv = [str(binary)]
        for k, word in enumerate(self.run):
            match = ARRAY_ARG.match(word)
            if match and k > 0 and self.run[k - 1] not in ("--grid", "--block", "--shared"):
                shape = tuple(int(d) for d in match.group(2).split(","))
                path = work / f"arg{k}.npy"
                write_npy(path, match.group(1), shape)
                argv.append(str(path))
            else:
                argv.append(word)
        return argv + ["--out-dir", str(out_dir)]

    def check(self, returncode: int | None, output: str, out_dir: Path) -> str:
        """Why this launch's outcome is wrong, or "" if it is right."""
        if returncode is None:
            return f"did not finish in {RUN_TIMEOUT_S} s (a hang?)"
        if self.error is not None:
            lines = [line.split(": error: ", 1)[1] for line in output.splitlines() if ": error: " in line]
            if returncode != 1 or lines != [self.error]:
                return f"expected status 1 and the error\n    {self.error}\ngot status {returncode}:\n{output}"
            return ""
        if returncode != 0:
            return f"failed with status {returncode}:\n{output}"
        for expect in self.expects:
            param, _, values = expect.partition("=")
            got = npy.load(out_dir / f"{param.strip()}.npy").data
            want = [float(v) for v in values.split()]
            if [float(v) for v in got] != want:
                return f"{param.strip()}: expected {want}, got {got}"
        return ""


def run_cases(args, cxx, work: Path, reporter: Reporter) -> None:
    method = harness.build_method(args.py2cuda)
    if method is None:
        reporter.skip("emulation runs", f"{args.py2cuda.name} cannot build a harness")
        return
    include = args.source_dir / "runtime" / "include"
    cases = [Case(p) for p in translator.programs(args.source_dir / "tests" / "emulation")]
    cases = [c for c in cases if cli.selected(c.name, args.names)]

    def translate(case: Case):
        return translator.run(args.py2cuda, [case.program.name, "--harness", "--line-directives", "-o", "-",
                                             *translator.extra_args(case.program)],
                              cwd=case.program.parent, timeout=args.timeout)

    def build_alone(case: Case):
        binary = work / "run" / "alone" / case.name
        binary.parent.mkdir(parents=True, exist_ok=True)
        ok, why = harness.build(args.py2cuda, case.program, binary, method=method, include_dir=include, cxx=cxx,
                                timeout=BUILD_TIMEOUT_S)
        return binary if ok else None, why

    # The harnesses of `py2cuda NAME.py --harness --exe --emulate`: the same .cu, compiled with
    # the same flags, but several programs per g++ run (harness.build_combined_cached: the
    # runtime compiled once per group, not once per program). A program that links CUDA C++ of
    # other files is built by py2cuda alone.
    texts, problems, alone = {}, {}, []
    with ThreadPoolExecutor(max_workers=JOBS) as pool:
        for case, run in zip(cases, pool.map(translate, cases)):
            if case.problem:
                continue
            if why := run.failure():
                problems[case.name] = f"py2cuda --harness: {why}\n{run.stderr}"
            elif run.returncode != 0:
                problems[case.name] = f"py2cuda --harness failed (status {run.returncode}):\n{run.stderr}"
            elif harness.links_other_files(text := run.stdout.decode("utf-8", "replace")):
                alone.append(case)
            else:
                texts[case.name] = text
        alone_built = dict(zip((c.name for c in alone), pool.map(build_alone, alone)))
    binaries, failed = harness.build_combined_cached(
        texts, work / "run" / "combined", include_dir=include, cxx=cxx, flags=harness.emulate_cxx_flags(),
        key=harness.hash_tree(include), jobs=JOBS, timeout=BUILD_TIMEOUT_S * 4)
    problems.update(failed)
    for name, (binary, why) in alone_built.items():
        if binary is None:
            problems[name] = why
        else:
            binaries[name] = binary
    built = []
    for case in cases:
        if case.problem:
            reporter.fail(f"run {case.name}", case.problem)
        elif case.name in binaries or case.name in problems:
            folder = work / "run" / case.name
            folder.mkdir(parents=True, exist_ok=True)
            built.append((case, folder, binaries.get(case.name), problems.get(case.name, "")))
    for case, folder, binary, why in built:
        if binary is None:
            reporter.fail(f"run {case.name}", "the harness did not build", indent(why))
            continue
        for mode, env in MODES:
            out_dir = folder / mode.replace(" ", "_")
            out_dir.mkdir(exist_ok=True)
            argv = case.argv(binary, folder, out_dir)
            try:
                p = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   timeout=RUN_TIMEOUT_S, env={**os.environ, **env})
                returncode, output = p.returncode, p.stdout.decode("utf-8", "replace")
            except subprocess.TimeoutExpired:
                returncode, output = None, ""
            problem = case.check(returncode, output, out_dir)
            if problem:
                reporter.fail(f"run {case.name} ({mode})", "wrong outcome", indent(problem))
            else:
                reporter.ok(f"run {case.name} ({mode})")


def main() -> int:
    parser = cli.make_parser(__doc__.splitlines()[0])
    args = cli.parse(parser)
    cli.require_py2cuda(parser, args)
    reporter = Reporter()
    compilers = host_compilers()
    if not compilers:
        print("SKIP: neither g++ nor clang++ found", flush=True)
        return SKIP_STATUS
    with scratch_dir("emulation", args.keep) as work:
        compile_programs(args, compilers, work, reporter)
        run_cases(args, tools.find_host_cxx(), work, reporter)
    return reporter.finish()


if __name__ == "__main__":
    sys.exit(main())
