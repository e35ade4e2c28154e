"""One line per case, then the summary line that ctest logs and people grep for."""


class Reporter:
    def __init__(self) -> None:
        self.passed = 0
        self.failed = 0
        self.skipped = 0

    def ok(self, name: str, note: str = "") -> None:
        self.passed += 1
        self._print(f"PASS {name}" + (f" ({note})" if note else ""))

    def fail(self, name: str, reason: str, details: str = "") -> None:
        self.failed += 1
        self._print(f"FAIL {name}: {reason}")
        if details:
            self._print(details.rstrip("\n"))

    def skip(self, name: str, reason: str) -> None:
        """A case not run (and not counted as passed or failed), printed so it is not forgotten."""
        self.skipped += 1
        self._print(f"SKIP {name} ({reason})")

    def info(self, text: str) -> None:
        self._print(text.rstrip("\n"))

    def finish(self) -> int:
        """Prints the summary line and returns the process exit status."""
        # The summary line's form is fixed: "N passed, M failed". Skips go on a line of their own.
        if self.skipped:
            self._print(f"({self.skipped} skipped)")
        self._print(f"{self.passed} passed, {self.failed} failed")
        return 1 if self.failed else 0

    @staticmethod
    def _print(text: str) -> None:
        # Flushed per line so a hung case is visible in ctest's log at once.
        print(text, flush=True)


def indent(text: str, prefix: str = "    | ", max_lines: int = 60) -> str:
    """Indents multi-line tool output under a FAIL line, cut to max_lines."""
    lines = text.rstrip("\n").splitlines()
    if len(lines) > max_lines:
        lines = lines[:max_lines] + [f"... ({len(lines) - max_lines} more lines)"]
    return "\n".join(prefix + line for line in lines)

