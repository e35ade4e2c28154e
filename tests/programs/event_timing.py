"""CUDA events around kernel launches: cuda.event() and cuda.event(timing=True), record() with
and without a stream, synchronize(), wait(), query(), e0.elapsed_time(e1), and a timing loop
averaging several launches. Times are not deterministic, so the program prints facts about them.

NAME.expected: numba-cuda's simulator records no times (its elapsed_time() returns -1.0, "the
output is meaningless"), has no cuda.event_elapsed_time and its event() takes no `timing`
argument or query(). The other lines are the simulator's output for this program without them;
the `timing` lines come from first principles: an event recorded after another is not earlier,
on a GPU and in py2cuda's emulation.
"""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# simulator-cannot-run: cuda.event(timing=True) is a TypeError in numba-cuda's simulator
import numpy as np
from numba import cuda


@cuda.jit
def saxpy(out, x, y, a):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


if __name__ == "__main__":
    n = 4096
    x = cuda.to_device(np.arange(n, dtype=np.float32))
    y = cuda.to_device(np.ones(n, dtype=np.float32))
    out = cuda.device_array(n, dtype=np.float32)
    threads = 128
    blocks = (n + threads - 1) // threads

    start = cuda.event()
    stop = cuda.event(timing=True)
    start.record()
    saxpy[blocks, threads](out, x, y, np.float32(2.0))
    stop.record()
    stop.synchronize()
    elapsed = cuda.event_elapsed_time(start, stop)
    print("timing: one launch, elapsed >= 0:", elapsed >= 0)
    print("done:", stop.query())

    stream = cuda.stream()
    marks = [cuda.event(), cuda.event()]
    marks[0].record(stream=stream)
    repeats = 5
    for _ in range(repeats):
        saxpy[blocks, threads, stream](out, x, y, np.float32(0.5))
    marks[1].record(stream)
    marks[1].wait(stream)
    marks[1].synchronize()
    per_launch = marks[0].elapsed_time(marks[1]) / repeats
    print("timing: per launch >= 0:", per_launch >= 0)
    result = out.copy_to_host()
    print(result[:4], result[-1], result.sum())
