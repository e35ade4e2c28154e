"""A particle step whose device functions return tuples (unpacked, reassigned), device arrays kept
across 100 launches, energies printed as a list of f-strings."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
import numpy as np
from numba import cuda
import math


@cuda.jit(device=True)
def accel(x, y, k):
    r2 = x * x + y * y + 0.01
    inv = 1.0 / (r2 * math.sqrt(r2))
    return -k * x * inv, -k * y * inv


@cuda.jit(device=True)
def reflect(p, v, lo, hi):
    if p < lo:
        return 2 * lo - p, -v
    if p > hi:
        return 2 * hi - p, -v
    return p, v


@cuda.jit
def step(pos, vel, dt, k):
    i = cuda.grid(1)
    if i < pos.shape[0]:
        ax, ay = accel(pos[i, 0], pos[i, 1], k)
        vx = vel[i, 0] + ax * dt
        vy = vel[i, 1] + ay * dt
        px = pos[i, 0] + vx * dt
        py = pos[i, 1] + vy * dt
        px, vx = reflect(px, vx, -2.0, 2.0)
        py, vy = reflect(py, vy, -2.0, 2.0)
        pos[i, 0] = px
        pos[i, 1] = py
        vel[i, 0] = vx
        vel[i, 1] = vy


def energy(pos, vel, k):
    r = np.sqrt((pos ** 2).sum(axis=1) + 0.01)
    return float(0.5 * (vel ** 2).sum() - k * (1.0 / r).sum())


def simulate(n, steps, dt=0.01, k=1.0):
    rng = np.random.default_rng(2024)
    pos = rng.uniform(-1.5, 1.5, size=(n, 2))
    vel = np.zeros((n, 2))
    d_pos = cuda.to_device(pos)
    d_vel = cuda.to_device(vel)
    e0 = energy(pos, vel, k)
    history = []
    for s in range(steps):
        step[(n + 63) // 64, 64](d_pos, d_vel, dt, k)
        if s % 25 == 0:
            history.append(energy(d_pos.copy_to_host(), d_vel.copy_to_host(), k))
    return d_pos.copy_to_host(), d_vel.copy_to_host(), e0, history


pos, vel, e0, hist = simulate(100, 100)
print(f"E0 = {e0:.6f}")
print("history:", [f"{e:.4f}" for e in hist])
print("inside box:", bool(np.all(np.abs(pos) <= 2.0)))
print("mean speed %.5f" % np.linalg.norm(vel, axis=1).mean())
far = np.argmax(np.hypot(pos[:, 0], pos[:, 1]))
print("farthest:", far, pos[far].round(4))
print(pos[:3])
