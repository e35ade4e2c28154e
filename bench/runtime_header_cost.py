#!/usr/bin/env python3
"""Benchmark: what the py2cuda runtime headers add to `nvcc -c`.

Compiles, median of --repeats runs each:
  (a) bench/minimal_kernel.cu as it is (no runtime);
  (b) the same file with <py2cuda/runtime.h> pre-included (nvcc -include), so
      the header is the only difference: b - a is the header's fixed cost;
  (c) a sample translated by py2cuda (when --py2cuda is given), to show how
      much of a real translated file's compile time that fixed cost is.
A case that does not compile (the runtime is young) is reported, not fatal.
"""

import argparse
import glob
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

import benchlib

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
KERNEL = os.path.join(HERE, "minimal_kernel.cu")
RUNTIME_HEADER = "py2cuda/runtime.h"


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nvcc", default=shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc",
                        help="nvcc to use (default: the one on PATH)")
    parser.add_argument("--nvcc-flags", default="-std=c++20 -arch=sm_80",
                        help='flags for every compile (default "-std=c++20 -arch=sm_80")')
    parser.add_argument("--include", default=os.path.join(REPO, "runtime", "include"),
                        help="runtime include directory (default: runtime/include)")
    parser.add_argument("--py2cuda", help="py2cuda executable; without it (c) is skipped")
    parser.add_argument("--sample", help="sample to translate for (c) "
                        "(default: the first samples/*.py that py2cuda translates)")
    parser.add_argument("--repeats", type=int, default=3, help="compiles per case (default 3)")
    return parser.parse_args()


class Compiler:
    """Runs `nvcc -c` with fixed flags in a scratch directory."""

    def __init__(self, args, scratch):
        self.base = [args.nvcc, "-c", *shlex.split(args.nvcc_flags), "-I", args.include]
        self.output = os.path.join(scratch, "out.o")
        self.repeats = args.repeats

    def median_seconds(self, source, extra=()):
        """(median seconds, None) or (None, why it failed)."""
        argv = [*self.base, *extra, source, "-o", self.output]
        try:
            return benchlib.median_of(argv, self.repeats), None
        except (benchlib.CommandFailed, OSError) as exc:
            return None, str(exc)


def translate_sample(args, scratch):
    """(sample path, translated .cu) or (None, why not)."""
    candidates = [args.sample] if args.sample else sorted(glob.glob(os.path.join(REPO, "samples", "*.py")))
    if not candidates:
        return None, "no samples/*.py to translate"
    output = os.path.join(scratch, "translated.cu")
    failures = []
    for sample in candidates:
        try:
            proc = subprocess.run([args.py2cuda, sample, "-o", output], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True)
        except OSError as exc:
            return None, f"cannot run py2cuda: {exc}"
        if proc.returncode == 0:
            return sample, output
        failures.append(f"{os.path.basename(sample)}: {benchlib.first_lines(proc.stderr, 1)}")
    return None, "py2cuda translated no sample (" + "; ".join(failures[:3]) + ")"


def main():
    args = parse_args()
    header = os.path.join(args.include, RUNTIME_HEADER)
    print(f"nvcc -c {args.nvcc_flags}, median of {args.repeats}; runtime: {header}")
    print(flush=True)

    rows, notes = [], []

    def add_row(label, result):
        seconds, error = result
        rows.append([label, benchlib.format_ms(seconds)])
        if error:
            notes.append(f"{label}: {error}")
        return seconds

    with tempfile.TemporaryDirectory(prefix="py2cuda-hdr-bench-") as scratch:
        nvcc = Compiler(args, scratch)
        bare = add_row("(a) minimal kernel", nvcc.median_seconds(KERNEL))
        if os.path.isfile(header):
            with_rt = add_row(f"(b) minimal kernel + {RUNTIME_HEADER}",
                              nvcc.median_seconds(KERNEL, ["-include", RUNTIME_HEADER]))
        else:
            with_rt = add_row(f"(b) minimal kernel + {RUNTIME_HEADER}",
                              (None, f"{header} does not exist yet"))

        translated_s, sample = None, None
        if args.py2cuda:
            sample, translated = translate_sample(args, scratch)
            if sample:
                translated_s = add_row(f"(c) translated {os.path.basename(sample)}",
                                       nvcc.median_seconds(translated))
            else:
                add_row("(c) translated sample", (None, translated))
        else:
            notes.append("(c) skipped: no --py2cuda given")

    benchlib.print_table(["case", "ms"], rows)
    print()
    if bare and with_rt:
        cost = with_rt - bare
        print(f"runtime header cost: {cost * 1e3:+.1f} ms per translation unit "
              f"({with_rt / bare:.2f}x the minimal kernel)")
        if translated_s:
            print(f"share of the translated sample's compile time: {100 * cost / translated_s:.0f}%")
    for note in notes:
        print(f"note: {note}")
    return 1 if any(row[1] == "n/a" for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
