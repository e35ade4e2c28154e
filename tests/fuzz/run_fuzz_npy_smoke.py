#!/usr/bin/env python3
"""The .npy fuzz target in CI: tests/fuzz/fuzz_npy.cpp built with clang-14 (libFuzzer, ASan, UBSan), run briefly.

fuzz_npy feeds any bytes, as a .npy file, to every reader the harness uses
(runtime/include/py2cuda/npy.h): a crash, sanitizer report, hang (> 10 s) or broken
invariant (a rejection that is not one line naming the file, an accepted file that
does not read back as written) fails the test. It is one file of the header-only
runtime, so it builds in seconds:

    clang++-14 -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
               -I REPO/runtime/include tests/fuzz/fuzz_npy.cpp -o BUILD/fuzz-smoke/fuzz_npy

then runs --seconds (default 15) on one core from tests/npy/good and tests/npy/bad. The
input that found a problem is left in BUILD/fuzz-smoke/ (replay it with
BUILD/fuzz-smoke/fuzz_npy FILE; make it a regression as docs/tests.md says).

The translator's targets (fuzz_translate, fuzz_infer) need the whole translator
built with clang and the fuzzer's instrumentation, too long for every CI run:
tests/fuzz/run_fuzz.sh (make fuzz) runs them. Skipped (77) without clang-14 and libFuzzer.

    run_fuzz_npy_smoke.py --build-dir BUILD [--seconds S]
"""
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testlib import cli  # noqa: E402
from testlib.report import Reporter, indent  # noqa: E402

SKIP = 77
CXX = "clang++-14"
FLAGS = ["-std=c++20", "-O1", "-g", "-Wall", "-Wextra", "-Wpedantic", "-Werror",
         "-fsanitize=fuzzer,address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"]
SEEDS = ("tests/npy/good", "tests/npy/bad")
BUILD_TIMEOUT_S = 900
TAIL_LINES = 40


def run(argv, timeout: float, env=None) -> tuple[int, str]:
    try:
        p = subprocess.run([str(a) for a in argv], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return -1, f"timed out after {timeout:.0f} s"
    return p.returncode, p.stdout.decode("utf-8", "replace")


def tail(text: str) -> str:
    return "\n".join(text.rstrip("\n").splitlines()[-TAIL_LINES:])


def has_libfuzzer() -> bool:
    """clang-14 links -fsanitize=fuzzer (Debian: clang-14 and libclang-rt-14-dev)."""
    if not shutil.which(CXX):
        return False
    p = subprocess.run([CXX, "-fsanitize=fuzzer", "-x", "c++", "-", "-o", os.devnull],
                       input=b'extern "C" int LLVMFuzzerTestOneInput(const char*, unsigned long) { return 0; }\n',
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return p.returncode == 0


def main() -> int:
    parser = cli.make_parser(__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=15, help="fuzzing time (default 15)")
    args = cli.parse(parser)
    if args.build_dir is None:
        parser.error("--build-dir is required")
    if not has_libfuzzer():
        print(f"{CXX} with libFuzzer not found (apt-get install clang-14 libclang-rt-14-dev): skipped")
        return SKIP
    source = args.source_dir
    work = args.build_dir.resolve() / "fuzz-smoke"
    (work / "corpus").mkdir(parents=True, exist_ok=True)
    exe = work / "fuzz_npy"
    report = Reporter()

    start = time.monotonic()
    # ccache, when installed: the runtime's .npy headers rarely change.
    launcher = [shutil.which("ccache")] if shutil.which("ccache") else []
    status, output = run([*launcher, CXX, *FLAGS, "-I", source / "runtime" / "include",
                          source / "tests" / "fuzz" / "fuzz_npy.cpp", "-o", exe], BUILD_TIMEOUT_S)
    if status != 0:
        report.fail("build fuzz_npy", "the compiler failed", indent(tail(output)))
        return report.finish()
    report.ok("build fuzz_npy", f"{time.monotonic() - start:.0f} s")

    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0:abort_on_error=1",
               UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")
    # The grown corpus of earlier runs (work/corpus) comes first: libFuzzer adds to it.
    argv = [exe, f"-max_total_time={args.seconds}", "-timeout=10", "-rss_limit_mb=4096", "-max_len=4096",
            f"-artifact_prefix={work}/", "-print_final_stats=1", work / "corpus", *(source / s for s in SEEDS)]
    status, output = run(argv, args.seconds + 300, env)
    runs = next((line.split()[-1] for line in output.splitlines() if "stat::number_of_executed_units" in line), "?")
    if status != 0:
        report.fail("fuzz_npy", f"the fuzzer found a problem (exit {status}); its input is in {work}",
                    indent(tail(output)))
    else:
        report.ok("fuzz_npy", f"{runs} inputs in {args.seconds} s")
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
