# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# A host-side work list edited in place between launches: slice assignment (growing, shrinking,
# an extended slice, the whole list through another name), `del` of an element and of slices,
# `is` of two names of one list, and Python's errors for a wrong extended slice and a bad index.
import numpy as np
from numba import cuda


@cuda.jit
def decay(values, rate):
    i = cuda.grid(1)
    if i < values.size:
        values[i] *= rate


def survivors(values, threshold):
    return [i for i in range(values.size) if values[i] >= threshold]


def main():
    values = np.array([8.0, 1.0, 6.0, 0.5, 4.0, 9.0, 2.0, 7.0], dtype=np.float32)
    d_values = cuda.to_device(values)
    active = survivors(values, 0.0)
    for step in range(3):
        decay[1, 32](d_values, np.float32(0.5))
        now = d_values.copy_to_host()
        alive = survivors(now, 1.0)
        print(step, now, alive)
        active[:] = alive  # replaces the contents: other names see it
        if step == 0:
            del active[0]  # the first slot is retired by hand
            active[1:2] = [10, 11, 12]  # one slot split into three
        elif step == 1:
            del active[-2:]
            active[::2] = [-1] * len(active[::2])
        print("active", active, len(active))
    queue = list(range(10))
    view = queue
    del queue[::3]
    queue[len(queue):] = (100, 200)
    queue[:0] = [-5]
    print(queue, view is queue, queue is list(queue))
    try:
        queue[::2] = [0]
    except ValueError as e:
        print("ValueError:", e)
    try:
        del queue[20]
    except IndexError as e:
        print("IndexError:", e)
    names = ["x", "y", "z"]
    del names[1:]
    names[1:1] = ["new", "names"]
    print(names)


main()
