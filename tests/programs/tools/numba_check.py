"""Checks py2cuda's Python inputs (samples/, tests/golden/, tests/programs/) against Numba itself.

No GPU is needed. For every FILE.py given, three checks run, each in a fresh interpreter
(NUMBA_ENABLE_CUDASIM is read once, at import):

  compile   Numba's real CUDA compiler (typing + NVVM -> PTX for sm_80) compiles every kernel and
            device function of the file. The simulator accepts code that Numba rejects, so this is
            what proves an input is valid Numba. The driver calls that need a GPU are stubbed out.
  sim       The file runs under the simulator and its stdout is compared with FILE.expected.
  perturb   (with --perturb) the file runs again under the simulator, three times, with every
            non-zero finite float that copy_to_host returns moved by +2 ulp, by -2 ulp, and by a
            random -2..+2 ulp. If the printed output changes, the .expected is fragile: a GPU's
            libdevice (1-2 ulp from correctly rounded) or FMA contraction (nvcc and NVVM fuse
            a*b+c by default) could print something else.

FILE.expected holds what compiled Numba on a GPU prints. Where the simulator, which types values
like Python and NumPy rather than like Numba, must print something else, the file says so in a
header comment naming the labels (first words) of the output lines that differ:

    # simulator-differs: int32_overflow f32_plus_one

Those lines must differ from the simulator's output and every other line must match.

The simulator's cuda.jit accepts fewer keywords than the real one (no lineinfo, max_registers,
launch_bounds, forceinline). A file that uses them names them in a header comment, and the
simulator runs then drop those keywords, which do not change what a kernel computes:

    # simulator-rejects: lineinfo max_registers launch_bounds

usage:
    python numba_check.py [--update] [--perturb] [--types] FILE.py...

    --update   write FILE.expected from the simulator's stdout (refused for simulator-differs files,
               whose expected output is written by hand from Numba's rules)
    --types    print Numba's typed IR (inspect_types) for every compiled kernel
Exit status: 0 if every check passed, 1 otherwise.
"""
import os
import re
import subprocess
import sys

PYTHON = sys.executable
MARKER = re.compile(r"^#\s*simulator-differs:\s*(.+)$", re.MULTILINE)
REJECTS = re.compile(r"^#\s*simulator-rejects:\s*(.+)$", re.MULTILINE)


# ----------------------------------------------------------------------------------------------
# Child processes. Each child runs one check on one file and talks through stdout / exit status.
# ----------------------------------------------------------------------------------------------

def child_compile(path, show_types):
    """Imports the file (not as __main__) with Numba's GPU-only calls stubbed, compiling eagerly."""
    import inspect
    import importlib.util

    import numba.cuda.codegen as codegen
    import numba.cuda.compiler as compiler
    import numba.cuda.dispatcher as dispatcher

    class NoGpu:
        compute_capability = (8, 0)

    # Only the device query and the module load touch the driver; typing and PTX generation don't.
    dispatcher.get_current_device = NoGpu
    compiler.get_current_device = NoGpu
    codegen.CUDACodeLibrary._ensure_cc = lambda self, cc: cc if cc is not None else (8, 0, "")
    dispatcher._Kernel.bind = lambda self: None

    from numba import cuda

    spec = importlib.util.spec_from_file_location("py2cuda_input", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # eager signatures compile here

    dispatchers = {name: obj for name, obj in vars(module).items()
                   if isinstance(obj, dispatcher.CUDADispatcher)}
    # Kernels typed by annotations only: Numba ignores annotations, so build the signature.
    for name, disp in dispatchers.items():
        if disp.overloads or disp.targetoptions.get("device"):
            continue
        params = inspect.signature(disp.py_func).parameters.values()
        argtypes = tuple(p.annotation for p in params)
        if any(a is inspect.Parameter.empty for a in argtypes):
            print(f"FAIL {name}: kernel has no signature and no annotations")
            return 1
        disp.compile(argtypes)

    for name, disp in sorted(dispatchers.items()):
        kind = "device" if disp.targetoptions.get("device") else "kernel"
        sigs = [str(sig) for sig in disp.overloads]
        if not sigs:
            print(f"note {kind} {name}: never called, not compiled")
        for sig in sigs:
            print(f"ok {kind} {name}{sig}")
        if show_types and kind == "kernel":
            for overload in disp.overloads.values():
                overload.inspect_types()
    return 0


def drop_jit_keywords(names):
    """Makes the simulator's cuda.jit ignore the keywords it would reject."""
    if not names:
        return
    import numba.cuda

    simulator_jit = numba.cuda.jit

    def jit(*args, **kwargs):
        for name in names:
            kwargs.pop(name, None)
        return simulator_jit(*args, **kwargs)

    numba.cuda.jit = jit


def child_sim(path, dropped):
    """Runs the file as __main__ under the simulator."""
    import runpy

    drop_jit_keywords(dropped)
    runpy.run_path(path, run_name="__main__")
    return 0


def child_perturb(path, mode, dropped):
    """Runs the file under the simulator, perturbing the floats that reach the host.

    mode "up" / "down" moves every value by +2 / -2 ulp (the extremes for a printed value or a
    sum of same-signed values); "random" moves each by a seeded random -2..+2 ulp."""
    import runpy

    import numpy as np
    from numba.cuda.simulator.cudadrv import devicearray

    rng = np.random.default_rng(12345)
    fixed = {"up": 2, "down": -2}.get(mode)
    original = devicearray.FakeCUDAArray.copy_to_host

    def perturbed(self, ary=None, stream=0):
        out = original(self, ary, stream)
        if out.dtype.kind == "f":
            flat = out.reshape(-1)
            for i in np.flatnonzero(np.isfinite(flat) & (flat != 0)):
                steps = fixed if fixed is not None else int(rng.integers(-2, 3))
                towards = np.inf if steps > 0 else -np.inf
                for _ in range(abs(steps)):
                    flat[i] = np.nextafter(flat[i], towards, dtype=out.dtype)
        return out

    devicearray.FakeCUDAArray.copy_to_host = perturbed
    drop_jit_keywords(dropped)
    runpy.run_path(path, run_name="__main__")
    return 0


# ----------------------------------------------------------------------------------------------
# Parent: runs the children and compares.
# ----------------------------------------------------------------------------------------------

def run_child(args, sim):
    env = dict(os.environ)
    env.pop("NUMBA_ENABLE_CUDASIM", None)
    if sim:
        env["NUMBA_ENABLE_CUDASIM"] = "1"
    proc = subprocess.run([PYTHON, *args], env=env, capture_output=True, text=True)
    return proc.returncode, proc.stdout, proc.stderr


def label(line):
    return line.split(" ", 1)[0].rstrip(":")


def compare(sim_out, expected, differing):
    """Returns a list of problems; empty when sim_out matches expected as the marker allows."""
    problems = []
    got, want = sim_out.splitlines(), expected.splitlines()
    if len(got) != len(want):
        return [f"simulator printed {len(got)} lines, .expected has {len(want)}"]
    seen_differing = set()
    for n, (g, w) in enumerate(zip(got, want), 1):
        if label(w) in differing:
            if g != w:
                seen_differing.add(label(w))
            continue
        if g != w:
            problems.append(f"line {n}: simulator {g!r} != expected {w!r}")
    for lab in sorted(differing - seen_differing):
        problems.append(f"label {lab!r} is marked simulator-differs but the simulator matches")
    return problems


def check(path, update, perturb, show_types):
    failures = []
    source = open(path, encoding="utf-8").read()
    marker = MARKER.search(source)
    differing = set(marker.group(1).split()) if marker else set()
    rejects = REJECTS.search(source)
    dropped = rejects.group(1).split() if rejects else []
    expected_path = os.path.splitext(path)[0] + ".expected"

    rc, out, err = run_child([__file__, "--child-compile", path, str(show_types)], sim=False)
    sys.stdout.write(out)
    if rc != 0:
        failures.append("compile: Numba rejects the file\n" + err[-3000:])

    rc, sim_out, err = run_child([__file__, "--child-sim", path, *dropped], sim=True)
    if rc != 0:
        failures.append("sim: the file fails under the simulator\n" + err[-3000:])
    elif update and not differing:
        with open(expected_path, "w", encoding="utf-8") as f:
            f.write(sim_out)
    elif update:
        failures.append("sim: simulator-differs file: edit its .expected by hand")
    elif not os.path.exists(expected_path):
        failures.append(f"sim: {expected_path} is missing")
    else:
        expected = open(expected_path, encoding="utf-8").read()
        failures += ["sim: " + p for p in compare(sim_out, expected, differing)]

    if perturb and rc == 0:
        for mode in ("up", "down", "random"):
            prc, pout, perr = run_child([__file__, "--child-perturb", path, mode, *dropped], sim=True)
            if prc != 0:
                failures.append(f"perturb: {mode} failed\n" + perr[-2000:])
            elif pout != sim_out:
                diff = [f"  {a!r} -> {b!r}" for a, b in
                        zip(sim_out.splitlines(), pout.splitlines()) if a != b]
                failures.append(f"perturb: {mode} changes the output\n" + "\n".join(diff[:5]))
                break
    return failures


def main(argv):
    if argv and argv[0] == "--child-compile":
        return child_compile(argv[1], argv[2] == "True")
    if argv and argv[0] == "--child-sim":
        return child_sim(argv[1], argv[2:])
    if argv and argv[0] == "--child-perturb":
        return child_perturb(argv[1], argv[2], argv[3:])

    flags = {a for a in argv if a.startswith("--")}
    files = [a for a in argv if not a.startswith("--")]
    unknown = flags - {"--update", "--perturb", "--types"}
    if unknown or not files:
        print(__doc__, file=sys.stderr)
        return 2
    status = 0
    for path in files:
        failures = check(path, "--update" in flags, "--perturb" in flags, "--types" in flags)
        print(f"{'FAIL' if failures else 'PASS'} {path}")
        for failure in failures:
            print("    " + failure.replace("\n", "\n    "))
        status |= bool(failures)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
