"""`pip install .`: the wheel puts py2cuda on PATH with the runtime headers it compiles against.

Builds the wheel with pip (build isolation: scikit-build-core at the version pyproject.toml pins),
installs it into a fresh virtual environment, and from there translates, builds and runs a
sample (`py2cuda samples/saxpy_grid_stride.py --run --emulate`), comparing with its .expected.
A wheel's py2cuda has no fallback on the source tree (CMakeLists.txt), so the run only works if
the headers are where the installed executable looks: <venv>/bin/../include.

Kept cheap by reusing the build tree: the wheel's CMake build lives in <build>-wheel beside it
(incremental from one run to the next; ccache hits from <build>'s objects for a fresh one) and
takes the third-party archives already fetched into <build>/_deps.
"""
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testlib import cli  # noqa: E402
from testlib.report import Reporter, indent  # noqa: E402
from testlib.scratch import scratch_dir  # noqa: E402

SAMPLE = "saxpy_grid_stride"


def run(argv, cwd, env=None, timeout=600.0):
    start = time.monotonic()
    p = subprocess.run([str(a) for a in argv], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    return (p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace"),
            time.monotonic() - start)


def main() -> int:
    parser = cli.make_parser(__doc__)
    parser.add_argument("--wheel-timeout", type=float, default=1800.0,
                        help="seconds the wheel's build may take (default 1800: a cold build compiles py2cuda)")
    args = cli.parse(parser)
    report = Reporter()
    if args.build_dir is None:
        report.skip("wheel", "needs --build-dir")
        report.finish()
        return 77
    build_dir = args.build_dir.resolve()
    python = sys.executable
    # Nothing of the caller's py2cuda set-up may leak into the installed one's run.
    env = {k: v for k, v in os.environ.items() if not k.startswith("PY2CUDA_")}

    # The build tree's own compilers: ccache keys its entries by the compiler's name too, and
    # scikit-build-core would otherwise pick others (g++ where CMake found c++).
    compilers = []
    cache = (build_dir / "CMakeCache.txt").read_text() if (build_dir / "CMakeCache.txt").is_file() else ""
    for lang in ("C", "CXX"):
        found = re.search(rf"^CMAKE_{lang}_COMPILER:FILEPATH=(.+)$", cache, re.M)
        if found:
            compilers += ["-C", f"cmake.define.CMAKE_{lang}_COMPILER={found.group(1)}"]

    # ccache shares entries between two build folders when the compile commands, made relative
    # to the source folder (CCACHE_BASEDIR, CMakeLists.txt), are the same: the wheel's build
    # folder sits beside <build> (build-wheel/, ignored by git like build-*/), with its own
    # _deps/ seeded with the verified archives <build> fetched (no download, same paths).
    if build_dir.parent == args.source_dir:
        wheel_build = args.source_dir / f"{build_dir.name}-wheel"
    else:
        wheel_build = build_dir / "wheel-build"
    archives = build_dir / "_deps" / "archives"
    if archives.is_dir():
        shutil.copytree(archives, wheel_build / "_deps" / "archives", dirs_exist_ok=True)

    with scratch_dir("wheel", args.keep) as work:
        dist = work / "dist"
        rc, out, err, took = run([python, "-m", "pip", "wheel", args.source_dir, "--no-deps", "-w", dist,
                                  "--disable-pip-version-check", "-C", f"build-dir={wheel_build}", *compilers],
                                 work, env, timeout=args.wheel_timeout)
        wheels = sorted(dist.glob("py2cuda-*.whl"))
        if rc != 0 and "satisfies the requirement scikit-build-core" in out + err:
            report.skip("wheel", "pip cannot get scikit-build-core (no access to the package index?)")
            report.finish()
            return 77
        if rc != 0 or len(wheels) != 1:
            report.fail("build wheel", f"pip wheel exited {rc}", indent(out + err))
            return report.finish()
        report.ok("build wheel", f"{wheels[0].name}, {took:.0f} s")

        venv = work / "venv"
        rc, out, err, took = run([python, "-m", "venv", venv], work, env)
        if rc == 0:
            rc, out, err, took2 = run([venv / "bin" / "python", "-m", "pip", "install", "--no-index",
                                       "--disable-pip-version-check", wheels[0]], work, env)
            took += took2
        bin_py2cuda, runtime_h = venv / "bin" / "py2cuda", venv / "include" / "py2cuda" / "runtime.h"
        config = venv / "lib" / "cmake" / "py2cuda" / "py2cuda-config.cmake"
        missing = [str(p.relative_to(venv)) for p in (bin_py2cuda, runtime_h, config) if not p.is_file()]
        if rc != 0 or missing or not os.access(bin_py2cuda, os.X_OK):
            report.fail("install", f"exit {rc}; missing or not executable: {missing}", indent(out + err))
            return report.finish()
        report.ok("install", f"a fresh venv has bin/py2cuda, include/py2cuda/, lib/cmake/py2cuda/ ({took:.0f} s)")

        # From the venv as a user has it: its bin/ first on PATH, started by name.
        venv_env = dict(env, PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}",
                        VIRTUAL_ENV=str(venv), PY2CUDA_CACHE_DIR=str(work / "cache"))
        shutil.copy(args.source_dir / "samples" / f"{SAMPLE}.py", work / f"{SAMPLE}.py")
        rc, out, err, took = run(["py2cuda", f"{SAMPLE}.py", "--run", "--emulate"], work, venv_env)
        expected = (args.source_dir / "samples" / f"{SAMPLE}.expected").read_text()
        if rc != 0 or out != expected:
            report.fail("run", f"py2cuda {SAMPLE}.py --run --emulate exited {rc}; output differs from "
                               f"{SAMPLE}.expected", indent("stdout:\n" + out + "stderr:\n" + err))
        else:
            report.ok("run", f"{SAMPLE}.py --run --emulate from the venv matches {SAMPLE}.expected ({took:.0f} s)")

        # The wheel's CMake package: an outside project configures against the venv.
        cmake = shutil.which("cmake")
        if cmake is None:
            report.skip("find_package", "no cmake")
        else:
            generator = ["-G", "Ninja"] if shutil.which("ninja") else []
            rc, out, err, took = run([cmake, "-S", args.source_dir / "examples" / "cmake_project", "-B",
                                      work / "consumer", *generator, f"-DCMAKE_PREFIX_PATH={venv}"], work, env)
            if rc != 0:
                report.fail("find_package", "examples/cmake_project does not configure against the venv",
                            indent(out + err))
            else:
                report.ok("find_package", "examples/cmake_project configures with CMAKE_PREFIX_PATH=<venv>")
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
