"""Running py2cuda and choosing what to run it on."""
import dataclasses
import os
import re
import shlex
import signal
import subprocess
from pathlib import Path

# Text that means py2cuda crashed or failed inside instead of diagnosing the input. (A failed C
# assert prints "Assertion `...' failed"; a diagnostic may name AssertionError.)
CRASH_MARKERS = ("terminate called", "Segmentation", "Assertion `", "internal error", "Traceback")

# A program may ask for extra command-line options with a line such as
#     # py2cuda-args: --line-directives --sig scale='void(float32[:])'
# anywhere in its leading comment block. Several lines add up.
_ARGS_RE = re.compile(r"^#\s*py2cuda-args:(.*)$")


@dataclasses.dataclass
class Run:
    argv: list[str]
    returncode: int | None  # None when it timed out
    stdout: bytes
    stderr: str

    @property
    def timed_out(self) -> bool:
        return self.returncode is None

    def failure(self) -> str | None:
        """Why this run is a crash or a hang rather than an answer; None if it is neither."""
        if self.timed_out:
            return "py2cuda did not finish (timed out)"
        if self.returncode < 0:
            try:
                name = signal.Signals(-self.returncode).name
            except ValueError:
                name = f"signal {-self.returncode}"
            return f"py2cuda was killed by {name}"
        out = self.stderr + self.stdout.decode("utf-8", "replace")
        for marker in CRASH_MARKERS:
            if marker in out:
                return f"output contains {marker!r}"
        return None


def run(py2cuda: Path, args: list[str], *, cwd: Path, timeout: float, env: dict[str, str] | None = None) -> Run:
    """py2cuda ARGS in CWD; ENV's variables are added to this process's environment."""
    argv = [str(py2cuda), *args]
    try:
        p = subprocess.run(argv, cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True,
                           timeout=timeout, env={**os.environ, **env} if env else None)
    except subprocess.TimeoutExpired as e:
        return Run(argv, None, e.stdout or b"", (e.stderr or b"").decode("utf-8", "replace"))
    return Run(argv, p.returncode, p.stdout, p.stderr.decode("utf-8", "replace"))


def leading_comments(text: str) -> list[str]:
    """The comment lines at the top of a file, before its first line of code."""
    lines = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            lines.append(stripped)
        elif stripped:
            break
    return lines


def extra_args(program: Path) -> list[str]:
    """Options a program asks for in its `# py2cuda-args:` lines."""
    args: list[str] = []
    for line in leading_comments(program.read_text(encoding="utf-8")):
        m = _ARGS_RE.match(line)
        if m:
            args += shlex.split(m.group(1))
    return args


def programs(folder: Path) -> list[Path]:
    """The Python programs in `folder`, sorted; test runners (run_*.py) are not programs."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*.py") if not p.name.startswith("run_"))
