#!/usr/bin/env python3
"""The three libFuzzer targets in CI: each built with clang-14 (libFuzzer, ASan, UBSan) and run briefly.

    fuzz_translate  any bytes, read as a Python file, through the whole translator (the front end)
    fuzz_infer      programs that parse (a structure-aware mutator over the seeds), through type
                    inference and every emitter, as --run, as a whole program and with --dump ir
    fuzz_npy        any bytes, as a .npy file, through every reader of the harness

Each target is compiled alone, then linked:

    clang++-14 -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
               -c tests/fuzz/TARGET.cpp ...

fuzz_npy is one file of the header-only runtime. The translator's two targets link the ordinary
build's translator library (BUILD/libpy2cuda_core.a and what it links, listed by CMake in
BUILD/fuzz-smoke/translator-link.txt): ASan checks every allocation the translator makes, its
interceptors every libc call, and the targets' invariants (translate_invariants.h: an error
without a location, a failed translation without an error, two translations of the same bytes
that differ) every translation, but the translator itself carries no sanitizer checks and no
coverage feedback. That needs the translator built a second time with clang and the fuzzer's
instrumentation, too long for every CI run: tests/fuzz/run_fuzz.sh (make fuzz) does it.

Each target then runs --seconds (default 15) on one core from its committed seeds, the tests'
own inputs: fuzz_translate tests/fuzz/corpus/fuzz_translate and the fuzzers' regressions,
fuzz_infer samples/ and the regressions, fuzz_npy tests/npy/good and bad. The corpus each grows
stays in BUILD/fuzz-smoke/TARGET/corpus for the next run; the input that found a problem is left
in BUILD/fuzz-smoke/TARGET/ (replay it with BUILD/fuzz-smoke/TARGET/TARGET FILE; make it a
regression as docs/tests.md says). Skipped (77) without clang-14 and libFuzzer.

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
CXX = "clang++-14"
FLAGS = ["-std=c++20", "-O1", "-g", "-Wall", "-Wextra", "-Wpedantic", "-Werror",
         "-fsanitize=fuzzer,address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"]
# Per target: seed folders (relative to the source tree), a dictionary, the longest input.
TARGETS = {
    "fuzz_translate": (("tests/fuzz/corpus/fuzz_translate", "tests/fuzz/regressions"), "python.dict", 16384),
    "fuzz_infer": (("samples", "tests/fuzz/regressions"), None, 16384),
    "fuzz_npy": (("tests/npy/good", "tests/npy/bad"), None, 4096),
}
TRANSLATOR_TARGETS = ("fuzz_translate", "fuzz_infer")
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


def translator_link(build_dir: Path, source_dir: Path) -> tuple[list[str], list[str]]:
    """Compile and link flags for the translator's library, from CMake's translator-link.txt."""
    compile_flags, link_flags = [], []
    listing = build_dir / "fuzz-smoke" / "translator-link.txt"
    for line in listing.read_text(encoding="utf-8").splitlines():
        key, _, value = line.partition("=")
        if not value:
            continue
        if key == "include" and value != "/usr/include":  # never move the system's own folder
            inside = Path(value).resolve().is_relative_to(source_dir.resolve() / "translator")
            compile_flags += ["-I" if inside else "-isystem", value]
        elif key == "define":
            compile_flags.append(f"-D{value}")
        elif key == "library":
            link_flags.append(value)
    missing = [f for f in link_flags if not Path(f).exists()]
    if missing:
        raise FileNotFoundError(f"{', '.join(missing)} (build the translator first)")
    return compile_flags, link_flags


def build(target: str, source: Path, build_dir: Path, work: Path) -> tuple[bool, str]:
    """Compiles (through ccache when installed: the object is what it can keep) and links TARGET."""
    launcher = [shutil.which("ccache")] if shutil.which("ccache") else []
    compile_flags, link_flags = ["-I", str(source / "runtime" / "include")], []
    if target in TRANSLATOR_TARGETS:
        try:
            compile_flags, link_flags = translator_link(build_dir, source)
        except (OSError, FileNotFoundError) as e:
            return False, f"no translator library to link: {e}"
    obj = work / f"{target}.o"
    status, output = run([*launcher, CXX, *FLAGS, *compile_flags, "-c", source / "tests" / "fuzz" / f"{target}.cpp",
                          "-o", obj], BUILD_TIMEOUT_S)
    if status == 0:
        status, output = run([CXX, *FLAGS, obj, *link_flags, "-o", work / target], BUILD_TIMEOUT_S)
    return status == 0, output


def main() -> int:
    parser = cli.make_parser(__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=15, help="fuzzing time per target (default 15)")
    args = cli.parse(parser)
    if args.build_dir is None:
        parser.error("--build-dir is required")
    targets = [t for t in TARGETS if cli.selected(t, args.names)]
    if not has_libfuzzer():
        print(f"{CXX} with libFuzzer not found (apt-get install clang-14 libclang-rt-14-dev): skipped")
        return SKIP
    source = args.source_dir.resolve()
    build_dir = args.build_dir.resolve()
    report = Reporter()
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0:abort_on_error=1",
               UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")
    for target in targets:
        seeds, dictionary, max_len = TARGETS[target]
        work = build_dir / "fuzz-smoke" / target
        (work / "corpus").mkdir(parents=True, exist_ok=True)
        start = time.monotonic()
        built, output = build(target, source, build_dir, work)
        if not built:
            report.fail(f"build {target}", "the compiler failed", indent(tail(output)))
            continue
        report.ok(f"build {target}", f"{time.monotonic() - start:.0f} s")
        # The grown corpus of earlier runs (work/corpus) comes first: libFuzzer adds to it.
        argv = [work / target, f"-max_total_time={args.seconds}", "-timeout=10", "-rss_limit_mb=4096",
                f"-max_len={max_len}", f"-artifact_prefix={work}/", "-print_final_stats=1"]
        if dictionary:
            argv.append(f"-dict={source / 'tests' / 'fuzz' / dictionary}")
        argv += [work / "corpus", *(source / s for s in seeds)]
        status, output = run(argv, args.seconds + 300, env)
        runs = next((line.split()[-1] for line in output.splitlines() if "stat::number_of_executed_units" in line),
                    "?")
        if status != 0:
            report.fail(target, f"the fuzzer found a problem (exit {status}); its input is in {work}",
                        indent(tail(output)))
        else:
            report.ok(target, f"{runs} inputs in {args.seconds} s")
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
