"""py2cuda as a CMake package, used the way an outside project uses it.

Installs the build into a temporary prefix (`cmake --install`), moves the prefix (the package
must be relocatable), then configures examples/cmake_project (copied, so that its files can be
touched) with CMAKE_PREFIX_PATH=<prefix> and EMULATE, builds it, runs it and compares its output
with the same computations done here in Python/NumPy. Then the rebuilds: a no-op build translates
nothing, touching one .py translates that file only, touching the installed py2cuda translates
both. Last, the build tree as a package (export()): the example configures against it.
The CUDA (non-EMULATE) path needs nvcc and is not built here; see docs/build-integration.md.
"""
import os
import re
import shutil
import struct
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testlib import cli  # noqa: E402
from testlib.report import Reporter, indent  # noqa: E402
from testlib.scratch import scratch_dir  # noqa: E402


def f32(value: float) -> float:
    """`value` rounded to float32, as the kernel's float32 arithmetic rounds each result."""
    return struct.unpack("f", struct.pack("f", value))[0]


def run(argv, cwd, timeout=300):
    p = subprocess.run([str(a) for a in argv], cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=timeout)
    return p.returncode, p.stdout.decode("utf-8", "replace")


def expected_output(example: Path) -> list[str]:
    """What main.cpp must print, computed from the Python kernels' semantics."""
    n = 5000
    out = [f32(f32(2.5 * i) + f32(0.25 * i)) for i in range(n)]
    lines = [f"saxpy: out[1] = {out[1]:.2f}, out[4999] = {out[n - 1]:.2f}, sum = {sum(out):.2f}"]
    lines.append("floor_mod_by_3: " + " ".join(str(v % 3) for v in [-7, -3, -1, 0, 1, 5, 8]))
    # np.int32() truncates toward zero, as int() does.
    bins = [int((i * 37 % 100) / 10.0 / (10.0 / 5)) for i in range(1000)]
    lines.append("histogram: " + " ".join(str(bins.count(b)) for b in range(5)))
    saxpy_line = next(i for i, line in enumerate((example / "kernels.py").read_text().splitlines(), 1)
                      if line.startswith("def saxpy("))
    lines.append(f"error: kernels.py:{saxpy_line}: cannot launch kernel 'saxpy': block dimension x is 4096, "
                 "more than the limit of 1024")
    return lines


def translated(build_log: str) -> list[str]:
    return sorted(re.findall(r"py2cuda: translating (\S+)", build_log))


def touch(path: Path) -> None:
    # A second later than anything built so far, whatever the file system's time resolution.
    later = time.time() + 2
    os.utime(path, (later, later))


def main() -> int:
    parser = cli.make_parser(__doc__)
    args = cli.parse(parser)
    report = Reporter()
    cmake = shutil.which("cmake")
    if cmake is None or args.build_dir is None:
        report.skip("cmake_package", "needs cmake and --build-dir")
        report.finish()
        return 77
    args.build_dir = args.build_dir.resolve()
    generator = ["-G", "Ninja"] if shutil.which("ninja") else ["-G", "Unix Makefiles"]
    source_example = args.source_dir / "examples" / "cmake_project"

    with scratch_dir("cmake-package", args.keep) as work:
        installed = work / "installed"
        rc, out = run([cmake, "--install", args.build_dir, "--prefix", installed], work)
        if rc != 0:
            report.fail("install", "cmake --install failed", indent(out))
            return report.finish()
        prefix = work / "prefix"
        installed.rename(prefix)  # nothing may still point at the prefix it was installed to
        report.ok("install", "cmake --install into a prefix, then moved")

        example = work / "example"
        shutil.copytree(source_example, example)
        build = work / "build"
        rc, out = run([cmake, "-S", example, "-B", build, *generator, f"-DCMAKE_PREFIX_PATH={prefix}",
                       "-DPY2CUDA_EMULATE=ON"], work)
        if rc != 0:
            report.fail("configure", "the example does not configure against the installed package", indent(out))
            return report.finish()
        rc, out = run([cmake, "--build", build], work)
        if rc != 0:
            report.fail("build", "the example does not build", indent(out))
            return report.finish()
        if translated(out) != ["examples/cmake_project/histogram.py", "examples/cmake_project/kernels.py"] and \
           translated(out) != ["histogram.py", "kernels.py"]:
            report.fail("build", f"expected both .py files translated, got {translated(out)}", indent(out))
        else:
            report.ok("build", "py2cuda_add_library(... EMULATE) from the installed package")

        rc, out = run([build / "saxpy_demo"], work, timeout=120)
        want = expected_output(example)
        if rc != 0 or out.splitlines() != want:
            report.fail("run", f"saxpy_demo exited {rc}; its output differs from the expected",
                        indent("got:\n" + out + "expected:\n" + "\n".join(want)))
        else:
            report.ok("run", "the C++ program's output matches NumPy's")

        # The depfile and the dependency on py2cuda: what is rebuilt, and only that.
        steps = [("no-op rebuild", None, []),
                 ("touch kernels.py", example / "kernels.py", ["kernels.py"]),
                 ("touch py2cuda", prefix / "bin" / "py2cuda", ["histogram.py", "kernels.py"])]
        for name, touched, want_translated in steps:
            if touched is not None:
                touch(touched)
            rc, out = run([cmake, "--build", build], work)
            got = [Path(t).name for t in translated(out)]
            if rc != 0 or got != want_translated:
                report.fail(name, f"expected {want_translated or 'nothing'} translated again, got {got}", indent(out))
            else:
                report.ok(name, f"translated {', '.join(got) or 'nothing'}")

        # The build tree is a package too.
        rc, out = run([cmake, "-S", example, "-B", work / "build-tree", *generator,
                       f"-DCMAKE_PREFIX_PATH={args.build_dir.resolve()}", "-DPY2CUDA_EMULATE=ON"], work)
        if rc != 0:
            report.fail("build tree package", "the example does not configure against the build tree", indent(out))
        else:
            report.ok("build tree package", "configures with CMAKE_PREFIX_PATH=<build>")
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
