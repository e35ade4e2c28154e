"""`py2cuda FILE.py -o OUT.cu -MD [-MF FILE.d]`: the depfile's text, its errors, and Make using it.

The depfile names the input and the files cuda.declare_device links (their presence is part of
the translation); tests/golden/declare_device.py, copied with its external/ folder, has both.
Then the three-line Makefile rule of docs/build-integration.md runs under GNU Make: it builds,
does nothing when nothing changed, and translates again when a linked file changes.
"""
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testlib import cli  # noqa: E402
from testlib.report import Reporter, indent  # noqa: E402
from testlib.scratch import scratch_dir  # noqa: E402

MAKEFILE_RULE = """\
%.cu: %.py
\t$(PY2CUDA) $< -o $@ -MD -MF $*.d
-include $(wildcard *.d)
"""


def run(argv, cwd, timeout=60.0):
    p = subprocess.run([str(a) for a in argv], cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=timeout)
    return p.returncode, p.stdout.decode("utf-8", "replace")


def main() -> int:
    parser = cli.make_parser(__doc__)
    args = cli.parse(parser)
    cli.require_py2cuda(parser, args)
    report = Reporter()
    py2cuda = args.py2cuda
    golden = args.source_dir / "tests" / "golden"

    with scratch_dir("depfile", args.keep) as work:
        shutil.copy(golden / "declare_device.py", work / "dd.py")
        shutil.copytree(golden / "external", work / "external")
        link = str((work / "external" / "arith.cu").resolve())

        (work / "out").mkdir()
        (work / "deps").mkdir()
        rc, out = run([py2cuda, "dd.py", "-o", "out/dd.cu", "--header", "out/dd.h", "-MD", "-MF", "deps/dd.d"], work)
        want = f"out/dd.cu: \\\n  dd.py \\\n  {link}\n\n{link}:\n"
        got = (work / "deps" / "dd.d").read_text() if (work / "deps" / "dd.d").exists() else None
        if rc != 0 or got != want:
            report.fail("-MD -MF", f"exit {rc}; depfile {got!r}, expected {want!r}", indent(out))
        else:
            report.ok("-MD -MF", "the input and the linked file")

        rc, out = run([py2cuda, "dd.py", "-o", "plain.cu", "-MD"], work)
        if rc != 0 or not (work / "plain.d").is_file() or not (work / "plain.d").read_text().startswith("plain.cu:"):
            report.fail("-MD alone", f"exit {rc}; expected plain.d beside plain.cu", indent(out))
        else:
            report.ok("-MD alone", "writes OUT.d, as gcc does")

        # Misuse: exit 2 with a message, and nothing written.
        (work / "bad.py").write_text("from numba import cuda\n\n@cuda.jit('void(float32[:])')\ndef k(x):\n"
                                     "    x[0] = undefined_name\n")
        misuses = [
            ("-MF without -MD", ["dd.py", "-o", "m1.cu", "-MF", "m1.d"], 2, "-MF names the depfile that -MD writes"),
            ("-MF without a file", ["dd.py", "-o", "m2.cu", "-MD", "-MF"], 2, "-MF needs a file name"),
            ("-MD with -o -", ["dd.py", "-o", "-", "-MD", "-MF", "m3.d"], 2, "-MD needs an output file"),
            ("-MD with --run", ["dd.py", "--run", "--emulate", "-MD", "-MF", "m4.d"], 2, "does not go with --exe or --run"),
            ("-MD on bad input", ["bad.py", "-o", "m5.cu", "-MD", "-MF", "m5.d"], 1, "bad.py:5:"),
        ]
        for name, argv, want_rc, want_text in misuses:
            before = set(p.name for p in work.iterdir())
            rc, out = run([py2cuda, *argv], work)
            written = sorted(set(p.name for p in work.iterdir()) - before)
            if rc != want_rc or want_text not in out or written:
                report.fail(name, f"exit {rc} (expected {want_rc}), files written {written}; expected "
                                  f"a message with {want_text!r}", indent(out))
            else:
                report.ok(name, f"exit {rc}, nothing written")

        # The Makefile rule.
        if shutil.which("make") is None:
            report.skip("Makefile rule", "no make")
            return report.finish()
        (work / "Makefile").write_text(MAKEFILE_RULE)
        make = ["make", "--no-print-directory", f"PY2CUDA={py2cuda}"]
        rc, first = run([*make, "dd.cu"], work)
        rc2, second = run([*make, "dd.cu"], work)
        later = time.time() + 2
        os.utime(work / "external" / "arith.cu", (later, later))
        rc3, third = run([*make, "dd.cu"], work)
        if rc or rc2 or rc3 or str(py2cuda) not in first or str(py2cuda) in second or str(py2cuda) not in third:
            report.fail("Makefile rule", "expected a translation, nothing, then a translation after the linked "
                                         "file changed", indent(first + "---\n" + second + "---\n" + third))
        else:
            report.ok("Makefile rule", "make translates, is then up to date, and follows the linked file")
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
