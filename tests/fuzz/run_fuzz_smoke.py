#!/usr/bin/env python3
"""Fuzz smoke test: each libFuzzer target of tests/fuzz, built with clang-14 and ASan/UBSan, runs briefly.

Configures BUILD/fuzz-build (once: clang-14, -DPY2CUDA_FUZZ=ON
-DPY2CUDA_SANITIZE=address,undefined, -O1; the third-party archives of BUILD/_deps),
builds fuzz_translate, fuzz_infer and fuzz_npy (through ccache when installed, so a
CI clone of an already-built commit links and little more), then runs each for
--seconds (default 15) on one core from its committed seeds: fuzz_translate from
tests/fuzz/corpus/fuzz_translate, fuzz_infer from samples/ and tests/fuzz/regressions,
fuzz_npy from tests/npy/good and bad. A crash, sanitizer report, broken invariant
(tests/fuzz/*.cpp say which) or hang (> 10 s) fails the test; the input that found it
is left in BUILD/fuzz-build/fuzz/smoke-TARGET/ (replay it with
BUILD/fuzz-build/TARGET FILE; make it a regression as docs/tests.md says).

Longer runs: tests/fuzz/run_fuzz.sh. Skipped (77) without clang-14 and its libFuzzer.

    run_fuzz_smoke.py --build-dir BUILD [--seconds S] [TARGET ...]
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
TARGETS = {
    "fuzz_translate": (["tests/fuzz/corpus/fuzz_translate"], "tests/fuzz/python.dict"),
    "fuzz_infer": (["samples", "tests/fuzz/regressions"], None),
    "fuzz_npy": (["tests/npy/good", "tests/npy/bad"], None),
}
BUILD_TIMEOUT_S = 3600
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
    if not shutil.which("clang++-14"):
        return False
    p = subprocess.run(["clang++-14", "-fsanitize=fuzzer", "-x", "c++", "-", "-o", os.devnull],
                       input=b'extern "C" int LLVMFuzzerTestOneInput(const char*, unsigned long) { return 0; }\n',
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return p.returncode == 0


def main() -> int:
    parser = cli.make_parser(__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=15, help="fuzzing time per target (default 15)")
    args = cli.parse(parser)
    if args.build_dir is None:
        parser.error("--build-dir is required")
    if not has_libfuzzer():
        print("clang++-14 with libFuzzer not found (apt-get install clang-14 libclang-rt-14-dev): skipped")
        return SKIP
    source = args.source_dir
    build = args.build_dir.resolve() / "fuzz-build"
    targets = [t for t in TARGETS if cli.selected(t, args.names)]
    report = Reporter()

    start = time.monotonic()
    if not (build / "CMakeCache.txt").is_file():
        archives = args.build_dir.resolve() / "_deps" / "archives"
        if archives.is_dir() and not (build / "_deps" / "archives").is_dir():
            shutil.copytree(archives, build / "_deps" / "archives")
        env = dict(os.environ, CC="clang-14", CXX="clang++-14")
        status, output = run(["cmake", "-S", source, "-B", build, "-G", "Ninja", "-DPY2CUDA_ORACLE=OFF",
                              "-DCMAKE_BUILD_TYPE=Debug", "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g",
                              "-DCMAKE_C_FLAGS_DEBUG=-O1 -g", "-DPY2CUDA_SANITIZE=address,undefined",
                              "-DPY2CUDA_FUZZ=ON"], BUILD_TIMEOUT_S, env)
        if status != 0:
            report.fail("configure fuzz-build", "cmake failed", indent(tail(output)))
            return report.finish()
    status, output = run(["cmake", "--build", build, "--parallel", os.environ.get("JOBS", "2"), "--target", *targets],
                         BUILD_TIMEOUT_S)
    if status != 0:
        report.fail("build " + " ".join(targets), "the build failed", indent(tail(output)))
        return report.finish()
    report.ok("build " + " ".join(targets), f"{time.monotonic() - start:.0f} s")

    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0:abort_on_error=1",
               UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")
    for target in targets:
        seeds, dictionary = TARGETS[target]
        work = build / "fuzz" / f"smoke-{target}"
        (work / "corpus").mkdir(parents=True, exist_ok=True)
        argv = [build / target, f"-max_total_time={args.seconds}", "-timeout=10", "-rss_limit_mb=4096",
                "-max_len=16384", f"-artifact_prefix={work}/", "-print_final_stats=1"]
        if dictionary:
            argv.append(f"-dict={source / dictionary}")
        argv += [work / "corpus", *(source / s for s in seeds)]
        status, output = run(argv, args.seconds + 300, env)
        runs = next((line.split()[-1] for line in output.splitlines() if "stat::number_of_executed_units" in line), "?")
        if status != 0:
            report.fail(target, f"the fuzzer found a problem (exit {status}); its input is in {work}",
                        indent(tail(output)))
        else:
            report.ok(target, f"{runs} inputs in {args.seconds} s")
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
