# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# Helpers defined inside main() that read main()'s variables (closures), as notebooks and course
# scripts write them: a launch helper, a check, a logger filling lists main() prints, and an
# empty list filled by a module-level function.
import numpy as np
from numba import cuda


@cuda.jit
def axpy(alpha, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = alpha * x[i] + y[i]


def collect_evens(values, found):
    for v in values:
        if v % 2 == 0:
            found.append(v)


def main(n, threads=32):
    history = []
    labels = []
    tolerance = 1e-6
    x = np.linspace(0.0, 1.0, n).astype(np.float32)

    def blocks():
        return (n + threads - 1) // threads

    def launch(alpha, y):
        d_out = cuda.device_array_like(y)
        axpy[blocks(), threads](alpha, cuda.to_device(x), cuda.to_device(y), d_out)
        out = d_out.copy_to_host()
        history.append(float(out.sum()))
        return out

    def check(label, got, want, *, scale=1.0):
        ok = np.allclose(got * scale, want * scale, atol=tolerance)
        labels.append(f"{label}:{'ok' if ok else 'FAILED'}")
        return ok

    y = np.ones(n, dtype=np.float32)
    print(check("axpy", launch(np.float32(2.0), y), 2 * x + y))
    x[:] = 0.5  # the helpers see the array main() changed
    print(check("after update", launch(np.float32(3.0), y), np.full(n, 2.5), scale=2.0))
    n = 10  # and the value n holds when they are called
    x = np.arange(n, dtype=np.float32)
    y = np.zeros(n, dtype=np.float32)
    print(blocks(), launch(np.float32(1.0), y))
    firsts = [launch(np.float32(k), y)[1] for k in range(3)]
    print(firsts)
    print(labels)
    print([round(h, 3) for h in history])
    evens = []
    collect_evens([3, 4, 7, 10, 12], evens)
    print(evens, len(evens))


if __name__ == "__main__":
    main(40)
