"""Zero suppression: force waveform samples below a threshold to zero.

Course: "Introduction to CUDA Python with Numba", Exercise: GPU Accelerate a Function. The course
solution is a CUDA ufunc (@vectorize(['int16(int16, int16)'], target='cuda')); this is the
equivalent @cuda.jit kernel. `result` is assigned an int literal on one branch and an int16 on the
other, so Numba types it int64; the store into the int16 output narrows it again.
"""
import numpy as np
from numba import cuda


@cuda.jit("void(int16[:], int16, int16[:])")
def zero_suppress(waveform, threshold, out):
    i = cuda.grid(1)
    if i < waveform.size:
        if waveform[i] < threshold:
            result = 0
        else:
            result = waveform[i]
        out[i] = result


if __name__ == "__main__":
    n = 2000
    threads_per_block = 256
    blocks = (n + threads_per_block - 1) // threads_per_block

    # A deterministic stand-in for the course's noisy pulse train: values cycle through -20..80.
    waveform = ((np.arange(n, dtype=np.int32) * 37) % 101 - 20).astype(np.int16)
    # Edge values: exactly the threshold (kept), one below it, and the int16 extremes.
    waveform[0] = 15
    waveform[1] = 14
    waveform[2] = -32768
    waveform[3] = 32767

    waveform_device = cuda.to_device(waveform)
    out_device = cuda.device_array(n, dtype=np.int16)
    zero_suppress[blocks, threads_per_block](waveform_device, 15, out_device)
    out = out_device.copy_to_host()

    for i in range(10):
        print(f"waveform[{i}] = {waveform[i]} -> {out[i]}")
    zeros = 0
    total = 0
    for i in range(n):
        if out[i] == 0:
            zeros += 1
        total += int(out[i])
    print(f"zeros = {zeros}, sum = {total}, last = {out[n - 1]}")
