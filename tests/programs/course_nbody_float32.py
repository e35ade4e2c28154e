# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
# One n-body step in float32: a device function returning a tuple, math.sqrt, fast reciprocal.
import math
import numpy as np
from numba import cuda, float32

SOFT = float32(0.01)
DT = float32(0.01)


@cuda.jit(device=True)
def accel_from(xi, yi, zi, xj, yj, zj, mj):
    dx = xj - xi
    dy = yj - yi
    dz = zj - zi
    r2 = dx * dx + dy * dy + dz * dz + SOFT
    inv = float32(1.0) / math.sqrt(r2)
    s = mj * inv * inv * inv
    return dx * s, dy * s, dz * s


@cuda.jit
def step(pos, vel, mass, new_pos, new_vel):
    i = cuda.grid(1)
    n = pos.shape[0]
    if i >= n:
        return
    ax = float32(0.0)
    ay = float32(0.0)
    az = float32(0.0)
    for j in range(n):
        if j != i:
            fx, fy, fz = accel_from(pos[i, 0], pos[i, 1], pos[i, 2],
                                    pos[j, 0], pos[j, 1], pos[j, 2], mass[j])
            ax += fx
            ay += fy
            az += fz
    new_vel[i, 0] = vel[i, 0] + ax * DT
    new_vel[i, 1] = vel[i, 1] + ay * DT
    new_vel[i, 2] = vel[i, 2] + az * DT
    for k in range(3):
        new_pos[i, k] = pos[i, k] + new_vel[i, k] * DT


def energy(pos, vel, mass):
    kin = 0.5 * np.sum(mass[:, None] * vel.astype(np.float64) ** 2)
    pot = 0.0
    n = len(mass)
    for i in range(n):
        for j in range(i + 1, n):
            r = np.sqrt(np.sum((pos[i].astype(np.float64) - pos[j]) ** 2) + SOFT)
            pot -= mass[i] * mass[j] / r
    return kin + pot


def main():
    n = 24
    rng = np.random.default_rng(5)
    pos = rng.standard_normal((n, 3)).astype(np.float32)
    vel = np.zeros((n, 3), dtype=np.float32)
    mass = rng.uniform(0.5, 1.5, n).astype(np.float32)
    d_pos, d_vel = cuda.to_device(pos), cuda.to_device(vel)
    d_pos2 = cuda.device_array_like(d_pos)
    d_vel2 = cuda.device_array_like(d_vel)
    d_mass = cuda.to_device(mass)
    e0 = energy(pos, vel, mass)
    tpb = 32
    blocks = math.ceil(n / tpb)
    for it in range(10):
        step[blocks, tpb](d_pos, d_vel, d_mass, d_pos2, d_vel2)
        d_pos, d_pos2 = d_pos2, d_pos
        d_vel, d_vel2 = d_vel2, d_vel
    p = d_pos.copy_to_host()
    v = d_vel.copy_to_host()
    e1 = energy(p, v, mass)
    print("dtypes:", p.dtype, v.dtype)
    print("center of mass moved:", np.round(np.average(p, axis=0, weights=mass) - np.average(pos, axis=0, weights=mass), 4))
    print(f"energy drift small: {abs(e1 - e0) / abs(e0) < 0.05}")
    print("momentum ~ 0:", np.allclose((mass[:, None] * v).sum(axis=0), 0.0, atol=1e-3))
    print("max speed > 0:", float(np.max(np.linalg.norm(v, axis=1))) > 0)


if __name__ == "__main__":
    main()
