"""Golden: if / elif / else chains, nested ifs, an early return, and a variable assigned on
every branch with different types.

`weight` is an int64 on some branches and a float64 on others, so Numba types it float64 after
the if; each branch stores into `grade` directly.
"""
import numpy as np
from numba import cuda


@cuda.jit("void(float32[:], int32[:], float64[:])")
def classify(score, grade, scaled):
    i = cuda.grid(1)
    if i >= score.size:
        return
    s = score[i]
    if s >= 90.0:
        grade[i] = 4
        weight = 1
    elif s >= 75.0:
        grade[i] = 3
        weight = s / 100.0
    elif s >= 50.0:
        if s >= 60.0:
            grade[i] = 2
        else:
            grade[i] = 1
        weight = s / 200.0
    else:
        grade[i] = 0
        weight = 0
    if s != s:  # NaN fails every comparison above
        grade[i] = -1
    scaled[i] = weight * 10


if __name__ == "__main__":
    score = np.array([95.0, 90.0, 89.5, 75.0, 60.0, 59.5, 50.0, 12.0, -3.0, np.nan], dtype=np.float32)
    n = 10
    grade = cuda.device_array(n, dtype=np.int32)
    scaled = cuda.device_array(n, dtype=np.float64)
    classify[2, 8](cuda.to_device(score), grade, scaled)
    g = grade.copy_to_host()
    w = scaled.copy_to_host()
    for i in range(n):
        print(f"score {score[i]}: grade {g[i]}, scaled {w[i]:.6f}")
