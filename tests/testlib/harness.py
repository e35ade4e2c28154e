"""Building py2cuda's harness executable in emulation, and running kernels through it.

`py2cuda FILE.py --harness` adds a `main` that launches any kernel of the file from the command
line. Built against the CPU emulation runtime, the executable runs without a GPU:

    BIN KERNEL --grid G --block B [--shared BYTES] [--out-dir DIR] ARG...
    BIN --list                     one `NAME SIGNATURE` line per kernel

G and B are an int or x,y[,z]; an ARG ending in .npy is an array loaded from that file, any
other ARG a scalar literal of the parameter's type; after the launch every array argument is
written to DIR/<param name>.npy.

Two ways to build it, whichever the py2cuda under test offers (see build_method):
    exe   py2cuda FILE.py --harness --exe --emulate -o BIN
    cu    py2cuda FILE.py --harness -o BIN.cu, then the host compiler:
          CXX -std=c++20 -fwrapv -fno-math-errno -O1 -x c++ BIN.cu -I REPO/runtime/include -o BIN -lboost_context -pthread
"""
import concurrent.futures
import dataclasses
import hashlib
import os
import subprocess
from pathlib import Path
from typing import Callable

from testlib import tools, translator

CXX_FLAGS = ["-std=c++20", "-fwrapv", "-fno-math-errno", "-O1", "-x", "c++"]  # as py2cuda's own builds
LINK_FLAGS = ["-lboost_context", "-pthread"]


def hash_tree(folder: Path) -> str:
    """A digest of every file under `folder` (names and bytes): the runtime headers' part of a
    build cache's key."""
    h = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            h.update(path.relative_to(folder).as_posix().encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def build_method(py2cuda: Path, timeout: float = 30.0) -> str | None:
    """"exe", "cu", or None when this py2cuda cannot write a harness at all."""
    try:
        p = subprocess.run([str(py2cuda), "--help"], capture_output=True, text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired):
        return None
    text = p.stdout + p.stderr
    if "--harness" not in text:
        return None
    return "exe" if "--exe" in text and "--emulate" in text else "cu"


# The one library the emulation runtime links: its fibers run the threads of a block.
_PROBE = "#include <boost/context/fiber.hpp>\nint main() { boost::context::fiber f; return f ? 1 : 0; }\n"


def toolchain_problem(cxx: str | None, work_dir: Path, timeout: float = 120.0) -> str | None:
    """Why no emulation build is possible here (no host C++ compiler, no Boost.Context), or None."""
    if cxx is None:
        return "no host C++ compiler ($CXX, g++, clang++)"
    work_dir.mkdir(parents=True, exist_ok=True)
    probe = work_dir / "boost_context_probe.cpp"
    probe.write_text(_PROBE)
    ok, out = tools.run_tool([cxx, "-std=c++20", str(probe), "-o", str(work_dir / "boost_context_probe"),
                              *LINK_FLAGS], cwd=work_dir, timeout=timeout)
    return None if ok else f"{cxx} cannot build against Boost.Context (libboost-context-dev):\n{out}"


def build_command_text(method: str, cxx: str | None) -> str:
    """What a build does besides py2cuda itself: part of the cache key of a built harness."""
    return "exe" if method == "exe" else " ".join(["cu", str(cxx), *CXX_FLAGS, *LINK_FLAGS])


def build(py2cuda: Path, program: Path, binary: Path, *, method: str, include_dir: Path,
          cxx: str | None, timeout: float, racecheck: bool = False) -> tuple[bool, str]:
    """Builds the harness of `program` into `binary`; returns (succeeded, what went wrong).

    py2cuda runs in the program's folder on its bare name (as the other script tests do), with
    the options of its `# py2cuda-args:` lines. `racecheck`: with the data-race detector
    (py2cuda --racecheck; -DPY2CUDA_RACECHECK=1 when the host compiler builds the .cu).
    """
    extra = translator.extra_args(program)
    if method == "exe":
        run = translator.run(py2cuda, [program.name, "--harness", "--exe", "--emulate", "-o", str(binary),
                                       *(["--racecheck"] if racecheck else []), *extra],
                             cwd=program.parent, timeout=timeout)
        return _translated(run, binary)
    cu = binary.with_suffix(".cu")
    run = translator.run(py2cuda, [program.name, "--harness", "-o", str(cu), *extra],
                         cwd=program.parent, timeout=timeout)
    ok, why = _translated(run, cu)
    if not ok:
        return ok, why
    if cxx is None:
        return False, "no host C++ compiler ($CXX, g++, clang++)"
    ok, out = tools.run_tool([cxx, *CXX_FLAGS, *(["-DPY2CUDA_RACECHECK=1"] if racecheck else []), str(cu),
                              "-I", str(include_dir), "-o", str(binary), *LINK_FLAGS],
                             cwd=binary.parent, timeout=timeout)
    return ok, "" if ok else f"{cxx} failed on {cu.name}:\n{out}"


def emulate_cxx_flags(racecheck: bool = False) -> list[str]:
    """The compile flags of py2cuda's own emulated builds (`--exe`/`--run --emulate`,
    translator/driver/toolchain.cpp emulate_compile_flags): $PY2CUDA_EMULATE_CXXFLAGS included,
    -DPY2CUDA_RACECHECK=1 for --racecheck."""
    return ["-std=c++20", "-fwrapv", "-fno-math-errno", "-O2", *os.environ.get("PY2CUDA_EMULATE_CXXFLAGS", "").split(),
            *(["-DPY2CUDA_RACECHECK=1"] if racecheck else []), "-pthread", "-x", "c++"]


_HARNESS_MAIN = "\nint main(int argc, char** argv) {"
# Programs per combined build: each adds 3 to 6 s of g++ CPU (its kernels and host code) beside
# what every group pays once, about 24 s (the runtime's headers parsed, its inline functions and
# the instantiations programs share compiled), so fewer, larger groups cost less in all; g++'s
# memory grows with the group (31 whole programs: 1.3 GB).
COMBINED_PROGRAMS = 40


def build_combined(harnesses: dict[str, str], binary: Path, *, include_dir: Path, cxx: str | None,
                   timeout: float, flags: list[str] | None = None,
                   argv0: dict[str, str] | None = None) -> tuple[bool, str]:
    """Builds several programs' harnesses (name -> the .cu py2cuda --harness --line-directives
    wrote) into one executable (--racecheck's flags unless `flags`), `BIN NAME ARG...` running NAME's harness on ARG...,
    and beside it an executable script per program, BIN.d/NAME, that is that harness alone.

    One compile instead of one per program: the runtime (the grid runner, fibers, the race
    detector, the harness) is compiled once, each program adds its kernels (a twelfth of a
    program's own build). Each .cu keeps its module namespace; only its main is renamed.

    Whole programs (`py2cuda NAME.py --line-directives -o NAME.cu`, their own main()) combine the
    same way: `flags` are then the compile flags of their `--run --racecheck` build, and `argv0`
    gives the argv[0] each one sees (sys.argv[0]: the module's name, as in a `--run` build).
    """
    if cxx is None:
        return False, "no host C++ compiler ($CXX, g++, clang++)"
    parts = binary.with_suffix(".d")
    parts.mkdir(parents=True, exist_ok=True)
    combined = ["#include <cstring>"]
    dispatch = []
    for i, (name, cu) in enumerate(sorted(harnesses.items())):
        if cu.count(_HARNESS_MAIN) != 1:
            return False, f"{name}: the harness's main() is not where it is expected"
        part = parts / f"program_{i}.cu"
        part.write_text(cu.replace(_HARNESS_MAIN, f"\nint py2cuda_harness_main_{i}(int argc, char** argv) {{"))
        combined.append(f'#include "{part.name}"')
        own_argv0 = f' argv[1] = const_cast<char*>("{argv0[name]}");' if argv0 else ""
        dispatch.append(f'  if (std::strcmp(argv[1], "{name}") == 0) {{{own_argv0} '
                        f'return py2cuda_harness_main_{i}(argc - 1, argv + 1); }}')
    combined += ["int main(int argc, char** argv) {", "  if (argc < 2) return 2;", *dispatch, "  return 2;", "}"]
    source = parts / "combined.cu"
    source.write_text("\n".join(combined) + "\n")
    ok, out = tools.run_tool([cxx, *(emulate_cxx_flags(racecheck=True) if flags is None else flags), str(source), "-I", str(include_dir), "-o", str(binary),
                              *LINK_FLAGS], cwd=parts, timeout=timeout)
    if not ok:
        return False, f"{cxx} failed on {source}:\n{out[-8000:]}"
    for name in harnesses:
        script = parts / name.replace("/", "_")
        script.write_text(f'#!/bin/sh\nexec "{binary}" "{name}" "$@"\n')
        script.chmod(0o755)
    return True, ""


def links_other_files(cu: str) -> bool:
    """Whether a translation calls CUDA C++ of other files (cuda.declare_device): py2cuda's own
    build compiles and links those files, so it cannot be part of a combined build."""
    return '\nextern "C" __device__' in cu


def whole_program_translation(py2cuda: Path, program: Path, *, cwd: Path, timeout: float,
                                extra_args: list[str] | None = None) -> str | None:
    """`py2cuda PROGRAM --line-directives -o -` from `cwd`: the .cu `--run` compiles, for
    build_combined. None when it does not translate, has no main() of its own, or links CUDA C++
    of other files (py2cuda's own build then reports or builds it)."""
    run = translator.run(py2cuda, [str(program), "--line-directives", "-o", "-", *(extra_args or [])],
                         cwd=cwd, timeout=timeout)
    if run.failure() or run.returncode != 0:
        return None
    text = run.stdout.decode() if isinstance(run.stdout, bytes) else run.stdout
    own_main = "py2cuda::host::run_program(" in text
    return text if own_main and not links_other_files(text) else None


def combined_groups(names: list[str], jobs: int, size: int = COMBINED_PROGRAMS,
                    module: Callable[[str], str] = lambda name: Path(name).stem) -> list[list[str]]:
    """`names` (programs, as paths such as samples/x.py or samples/x) split into groups for
    build_combined: at most `size` each, a multiple of `jobs` groups when there are enough (so
    that `jobs` g++ at once finish together), of even sizes, and no two programs of a group with
    the same module name (`module`: their C++ namespaces would clash)."""
    jobs = max(1, jobs)
    count = min(len(names), -(-len(names) // (size * jobs)) * jobs)
    groups: list[list[str]] = [[] for _ in range(count)]
    for i, name in enumerate(sorted(names)):
        home = next((g for g in groups[i % count:] + groups[:i % count]
                     if len(g) < size and all(module(o) != module(name) for o in g)), None)
        if home is None:
            home = []
            groups.append(home)
        home.append(name)
    return [g for g in groups if g]


def build_combined_cached(texts: dict[str, str], root: Path, *, include_dir: Path, cxx: str | None,
                          flags: list[str], key: str, jobs: int, timeout: float,
                          argv0: dict[str, str] | None = None) -> tuple[dict[str, Path], dict[str, str]]:
    """build_combined over `texts` (name -> .cu) in combined_groups, `jobs` g++ at once, each
    group's executable ROOT/combined_N kept while its key (`key`: whatever else shapes the build,
    say the runtime's hash_tree, the compiler and py2cuda's version; plus the group's texts) is
    the same. Returns ({name: its executable script}, {name: why it has none}).

    When a group's build fails, each of its programs is built alone (ROOT/alone/NAME), so that
    only the programs at fault fail, each with its own compiler output."""
    fixed = "\n".join([key, str(cxx), *flags]).encode()

    def build_cached(parts: dict[str, str], binary: Path) -> tuple[bool, str]:
        stamp_key = hashlib.sha256(fixed + repr(sorted(parts.items())).encode()).hexdigest()
        stamp = binary.with_suffix(".stamp")
        if binary.exists() and stamp.is_file() and stamp.read_text() == stamp_key:
            return True, ""
        binary.parent.mkdir(parents=True, exist_ok=True)
        stamp.unlink(missing_ok=True)
        ok, why = build_combined(parts, binary, include_dir=include_dir, cxx=cxx, timeout=timeout, flags=flags,
                                 argv0=None if argv0 is None else {name: argv0[name] for name in parts})
        if ok:
            stamp.write_text(stamp_key)
        return ok, why

    def script(binary: Path, name: str) -> Path:
        return binary.with_suffix(".d") / name.replace("/", "_")

    groups = combined_groups(list(texts), jobs)
    built: dict[str, Path] = {}
    alone: list[str] = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, min(jobs, len(groups)))) as pool:
        outcomes = pool.map(lambda ig: build_cached({n: texts[n] for n in ig[1]}, root / f"combined_{ig[0]}"),
                            enumerate(groups))
        for index, (group, (ok, _)) in enumerate(zip(groups, outcomes)):
            for name in group:
                if ok:
                    built[name] = script(root / f"combined_{index}", name)
                else:
                    alone.append(name)
    failed: dict[str, str] = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        binaries = {name: root / "alone" / name.replace("/", "_") for name in alone}
        for name, (ok, why) in zip(alone, pool.map(lambda n: build_cached({n: texts[n]}, binaries[n]), alone)):
            if ok:
                built[name] = script(binaries[name], name)
            else:
                failed[name] = why
    return built, failed


def _translated(run: translator.Run, output: Path) -> tuple[bool, str]:
    if why := run.failure():
        return False, f"py2cuda --harness: {why}\n{run.stderr}"
    if run.returncode != 0:
        return False, f"py2cuda --harness failed (status {run.returncode}):\n{run.stderr}"
    if not output.exists():
        return False, f"py2cuda --harness exited 0 but wrote no {output.name}"
    return True, ""


def list_kernels(binary: Path, timeout: float = 30.0) -> dict[str, list[str]]:
    """`BIN --list` as {kernel name: [signature, ...]} (a kernel may have several)."""
    p = subprocess.run([str(binary), "--list"], capture_output=True, text=True, timeout=timeout)
    if p.returncode != 0:
        raise RuntimeError(f"{binary.name} --list failed (status {p.returncode}): {p.stderr.strip()}")
    kernels: dict[str, list[str]] = {}
    for line in p.stdout.splitlines():
        name, _, signature = line.strip().partition(" ")
        if name:
            kernels.setdefault(name, []).append(signature.strip())
    return kernels


def parameter_types(signature: str) -> list[tuple[str, int]]:
    """The parameters of a --list signature as (dtype, ndim) pairs, ndim 0 for a scalar:
    "void(float32[:, ::1], int64)" -> [("float32", 2), ("int64", 0)]. boolean reads as bool."""
    inside = signature[signature.index("(") + 1:signature.rindex(")")]
    params, depth, current = [], 0, ""
    for ch in inside + ",":
        if ch == "," and depth == 0:
            if current.strip():
                params.append(current.strip())
            current = ""
            continue
        depth += {"[": 1, "(": 1, "]": -1, ")": -1}.get(ch, 0)
        current += ch
    types = []
    for param in params:
        name, _, dims = param.partition("[")
        name = "bool" if name.strip() == "boolean" else name.strip()
        types.append((name, dims.count(",") + 1 if dims else 0))
    return types


def instantiation(offered: dict[str, list[str]], kernel: str, types: list[tuple[str, int]]) -> str | None:
    """The --list name that runs `kernel` with these parameter types: the kernel's own name, or
    for a kernel with several signatures the instantiation whose types match (NAME_2, ...)."""
    candidates = [kernel] + sorted(n for n in offered if n.startswith(kernel + "_")
                                   and n[len(kernel) + 1:].isdigit())
    for name in candidates:
        for signature in offered.get(name, []):
            if parameter_types(signature) == types:
                return name
    return None


@dataclasses.dataclass
class Launch:
    argv: list[str]
    returncode: int | None  # None: timed out
    output: str  # stdout and stderr together


def launch(binary: Path, kernel: str, grid: str, block: str, args: list[str], *, out_dir: Path,
           timeout: float, shared: int | None = None) -> Launch:
    """Runs one kernel launch; grid and block as the CLI takes them ("7", "4,2")."""
    argv = [str(binary), kernel, "--grid", grid, "--block", block]
    if shared is not None:
        argv += ["--shared", str(shared)]
    argv += ["--out-dir", str(out_dir), *args]
    try:
        p = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        return Launch(argv, None, (e.stdout or b"").decode("utf-8", "replace"))
    return Launch(argv, p.returncode, p.stdout.decode("utf-8", "replace"))
