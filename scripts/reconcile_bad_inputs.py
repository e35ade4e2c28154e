"""Rewrites the `# expect:` header of the named tests/bad programs to the
diagnostics py2cuda prints now. For reviewing a deliberate message change:
run it, then read `git diff tests/bad` before committing.

    python3 scripts/reconcile_bad_inputs.py build/py2cuda NAME...
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile


def actual_expectations(py2cuda, name):
    with tempfile.TemporaryDirectory() as d:
        os.makedirs(os.path.join(d, "in"))
        shutil.copy(f"tests/bad/{name}.py", os.path.join(d, "in", f"{name}.py"))
        r = subprocess.run([os.path.abspath(py2cuda), f"in/{name}.py", "-o", "out.cu"], cwd=d,
                           capture_output=True, text=True)
    pattern = re.compile(rf"in/{re.escape(name)}\.py:(\d+):(\d+): error: (.*)$")
    return [f"# expect: {m.group(1)}:{m.group(2)}: error: {m.group(3)}"
            for m in map(pattern.match, r.stderr.splitlines()) if m]


def rewrite(name, expects):
    path = f"tests/bad/{name}.py"
    out, inserted = [], False
    for line in open(path).read().split("\n"):
        if line.startswith("# expect:") or line.startswith("# expect-text:"):
            if not inserted:
                out.extend(expects)
                inserted = True
            continue
        out.append(line)
    open(path, "w").write("\n".join(out))


def main():
    py2cuda, names = sys.argv[1], sys.argv[2:]
    for _ in range(2):  # a header of a new length moves the lines below it: settle
        for name in names:
            expects = actual_expectations(py2cuda, name)
            if expects:
                rewrite(name, expects)
            else:
                print(f"{name}: py2cuda reported no error; left as it is")


if __name__ == "__main__":
    main()
