"""Checks py2cuda's Python inputs (samples/, tests/golden/, tests/programs/) against Numba itself.

No GPU is needed. For every FILE.py given, these checks run, each in a fresh interpreter
(NUMBA_ENABLE_CUDASIM is read once, at import):

  compile   Numba's real CUDA compiler (typing + NVVM -> PTX for sm_80) compiles every kernel and
            device function of the file. The simulator accepts code that Numba rejects, so this is
            what proves an input is valid Numba. The driver calls that need a GPU are stubbed out.
  sim       The file runs under the simulator; its stdout is compared with FILE.expected.
  cpu       The file runs with every kernel launch executed by Numba's CPU compiler (see
            cpu_oracle.py): compiled-Numba semantics without a GPU. Its stdout must equal
            FILE.expected on every line.
  perturb   (with --perturb) the file runs under the simulator three more times, with every
            finite non-integral float that copy_to_host returns moved by +2 ulp, by -2 ulp, and by
            a random -2..+2 ulp. If the printed output changes, FILE.expected is fragile: a GPU's
            libdevice (1-2 ulp from correctly rounded) or FMA contraction (NVVM fuses a*b+c by
            default) could print something else.

FILE.expected holds what compiled Numba on a GPU prints. Header comments in FILE.py adjust the
checks:

    # simulator-differs: LABEL...   The output lines starting with these labels differ under the
                                    simulator, which types values like NumPy; they must differ and
                                    every other line must match. (The cpu check is unaffected.)
                                    The comment may be repeated to continue the list.
    # simulator-rejects: KEYWORD... The simulator's cuda.jit rejects these keywords (lineinfo,
                                    max_registers, launch_bounds, ...); simulated runs drop them.
    # simulator-shim: cuda-attributes
                                    The file reaches the thread hierarchy through numba.cuda.grid
                                    or `from numba.cuda import grid`, which the simulator cannot
                                    run; simulated runs forward those names (sim_shims.py).
    # simulator-cannot-run: REASON  The simulator stops with an error (e.g. NumPy refuses to store
                                    an out-of-range integer, which Numba wraps); only the compile
                                    and cpu checks run.

usage:
    python numba_check.py [--update] [--perturb] [--types] FILE.py...

    --update   write FILE.expected from the cpu check's stdout (then review it: the host's libm is
               not libdevice, and the CPU does not fuse a*b+c)
    --types    print Numba's typed IR (inspect_types) for every compiled kernel
Exit status: 0 if every check passed, 1 otherwise.
"""
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree (children inherit it below)
PYTHON = sys.executable
DIFFERS = re.compile(r"^#\s*simulator-differs:\s*(.+)$", re.MULTILINE)
REJECTS = re.compile(r"^#\s*simulator-rejects:\s*(.+)$", re.MULTILINE)
SHIM = re.compile(r"^#\s*simulator-shim:\s*cuda-attributes\s*$", re.MULTILINE)
CANNOT_RUN = re.compile(r"^#\s*simulator-cannot-run:", re.MULTILINE)


# ----------------------------------------------------------------------------------------------
# Child processes: each runs one check on one file and reports through stdout and exit status.
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


def child_run(path, mode, dropped, shim):
    """Runs the file as __main__ under the simulator; mode is sim, cpu, up, down or random."""
    import runpy

    import sim_shims

    sim_shims.drop_jit_keywords(dropped)
    if shim:
        sim_shims.install_cuda_attributes()
    if mode == "cpu":
        import cpu_oracle
        cpu_oracle.install()
    elif mode != "sim":
        perturb_copies(mode)
    runpy.run_path(path, run_name="__main__")
    return 0


def perturb_copies(mode):
    """Moves the non-integral floats copy_to_host returns: "up" / "down" by +2 / -2 ulp (the extremes for a
    printed value or a sum of same-signed values), "random" by a seeded random -2..+2 ulp."""
    import numpy as np
    from numba.cuda.simulator.cudadrv import devicearray

    rng = np.random.default_rng(12345)
    fixed = {"up": 2, "down": -2}.get(mode)
    original = devicearray.FakeCUDAArray.copy_to_host

    def perturbed(self, ary=None, stream=0):
        out = original(self, ary, stream)
        if out.dtype.kind == "f":
            flat = out.reshape(-1)
            # Integral values (floor results, sums of small ints...) are exact on any device.
            for i in np.flatnonzero(np.isfinite(flat) & (flat != np.round(flat))):
                steps = fixed if fixed is not None else int(rng.integers(-2, 3))
                towards = np.inf if steps > 0 else -np.inf
                for _ in range(abs(steps)):
                    flat[i] = np.nextafter(flat[i], towards, dtype=out.dtype)
        return out

    devicearray.FakeCUDAArray.copy_to_host = perturbed


# ----------------------------------------------------------------------------------------------
# Parent: runs the children and compares.
# ----------------------------------------------------------------------------------------------

def run_child(args, sim):
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    env.pop("NUMBA_ENABLE_CUDASIM", None)
    if sim:
        env["NUMBA_ENABLE_CUDASIM"] = "1"
    proc = subprocess.run([PYTHON, __file__, *args], env=env, capture_output=True, text=True)
    return proc.returncode, proc.stdout, proc.stderr


def label(line):
    return line.split(" ", 1)[0].rstrip(":")


def compare(got_text, want_text, differing=frozenset()):
    """Problems found comparing two outputs; lines labelled in `differing` must differ instead."""
    got, want = got_text.splitlines(), want_text.splitlines()
    if len(got) != len(want):
        return [f"printed {len(got)} lines, .expected has {len(want)}"]
    problems, seen_differing = [], set()
    for n, (g, w) in enumerate(zip(got, want), 1):
        if label(w) in differing:
            if g != w:
                seen_differing.add(label(w))
        elif g != w:
            problems.append(f"line {n}: printed {g!r}, expected {w!r}")
    for lab in sorted(differing - seen_differing):
        problems.append(f"label {lab!r} is marked simulator-differs but the simulator matches")
    return problems


def check(path, update, perturb, show_types):
    failures = []
    source = open(path, encoding="utf-8").read()
    differing = frozenset(label for line in DIFFERS.findall(source) for label in line.split())
    match = REJECTS.search(source)
    run_args = [path, "--drop", *(match.group(1).split() if match else [])]
    if SHIM.search(source):
        run_args.append("--shim")
    expected_path = os.path.splitext(path)[0] + ".expected"

    rc, out, err = run_child(["--child-compile", path, str(show_types)], sim=False)
    sys.stdout.write(out)
    if rc != 0:
        failures.append("compile: Numba rejects the file\n" + err[-3000:])

    rc, cpu_out, err = run_child(["--child-run", "cpu", *run_args], sim=True)
    if rc != 0:
        failures.append("cpu: the file fails with kernels compiled for the CPU\n" + err[-3000:])
    elif update:
        with open(expected_path, "w", encoding="utf-8") as f:
            f.write(cpu_out)
    if not os.path.exists(expected_path):
        return failures + [f"{expected_path} is missing"]
    expected = open(expected_path, encoding="utf-8").read()
    if rc == 0:
        failures += ["cpu: " + p for p in compare(cpu_out, expected)]

    if CANNOT_RUN.search(source):
        return failures
    rc, sim_out, err = run_child(["--child-run", "sim", *run_args], sim=True)
    if rc != 0:
        return failures + ["sim: the file fails under the simulator\n" + err[-3000:]]
    failures += ["sim: " + p for p in compare(sim_out, expected, differing)]

    for mode in ("up", "down", "random") if perturb else ():
        rc, out, err = run_child(["--child-run", mode, *run_args], sim=True)
        if rc != 0:
            failures.append(f"perturb {mode}: failed\n" + err[-2000:])
        elif out != sim_out:
            diff = [f"  {a!r} -> {b!r}" for a, b in zip(sim_out.splitlines(), out.splitlines()) if a != b]
            failures.append(f"perturb {mode}: changes the output\n" + "\n".join(diff[:5]))
            break
    return failures


def main(argv):
    if argv and argv[0] == "--child-compile":
        return child_compile(argv[1], argv[2] == "True")
    if argv and argv[0] == "--child-run":
        mode, path, rest = argv[1], argv[2], argv[3:]
        shim = "--shim" in rest
        dropped = [a for a in rest if a not in ("--drop", "--shim")]
        return child_run(path, mode, dropped, shim)

    flags = {a for a in argv if a.startswith("--")}
    files = [a for a in argv if not a.startswith("--")]
    if flags - {"--update", "--perturb", "--types"} or not files:
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
