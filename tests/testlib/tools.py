"""External tools the compile tests need, and running them."""
import os
import shutil
import signal
import subprocess
from pathlib import Path

_NVCC_FALLBACK = Path("/usr/local/cuda/bin/nvcc")


def find_nvcc() -> Path | None:
    """nvcc from PATH, else $CUDA_HOME/bin, else the toolkit's usual place."""
    found = shutil.which("nvcc")
    if found:
        return Path(found)
    for var in ("CUDA_HOME", "CUDA_PATH"):
        home = os.environ.get(var)
        if home and (Path(home) / "bin" / "nvcc").is_file():
            return Path(home) / "bin" / "nvcc"
    return _NVCC_FALLBACK if _NVCC_FALLBACK.is_file() else None


def find_host_cxx() -> str | None:
    """The host C++ compiler: $CXX if set, else g++, else clang++."""
    cxx = os.environ.get("CXX")
    if cxx:
        return cxx
    return shutil.which("g++") or shutil.which("clang++")


def run_tool(argv: list[str], *, cwd: Path, timeout: float) -> tuple[bool, str]:
    """Runs a compiler; returns (succeeded, its combined output)."""
    try:
        p = subprocess.run(argv, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, f"timed out after {timeout:.0f} s: {' '.join(argv)}"
    except OSError as e:
        return False, f"cannot run {argv[0]}: {e}"
    out = p.stdout.decode("utf-8", "replace")
    return p.returncode == 0, out


def run_group(argv: list[str], *, timeout: float, **popen_args) -> subprocess.CompletedProcess:
    """subprocess.run with stdout and stderr captured, except that a timeout kills the
    command's whole process group: `py2cuda --run` starts compilers and then the built
    program, which killing py2cuda alone (what subprocess.run does) would leave running."""
    with subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                          **popen_args) as proc:
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, err = proc.communicate()
            raise subprocess.TimeoutExpired(argv, timeout, output=out, stderr=err) from None
    return subprocess.CompletedProcess(argv, proc.returncode, out, err)
