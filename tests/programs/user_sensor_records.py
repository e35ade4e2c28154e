"""Sensor readings kept as a list of (id, value) tuples whose numbers are ints or floats as they came
in (the list holds each with its Python type and prints it so), scaled on the GPU; a dict of
dataclass instances per station, printed whole; all()/any() over a dict of mixed settings; dicts made
of (name, number) pairs whose numbers are ints and floats."""
# oracle: whole-program (run_programs.py compares the output with Numba's; no per-kernel cases)
from dataclasses import dataclass

import numpy as np
from numba import cuda


@cuda.jit
def scale_kernel(values, factor, out):
    i = cuda.grid(1)
    if i < values.size:
        out[i] = values[i] * factor


@dataclass
class Station:
    name: str
    lat: float
    readings: int


readings = [(1, 20.5), (2, 19), (3.0, 21.25)]
readings.append((4, 18))
print("readings:", readings)
for sensor, value in readings:
    print(f"sensor {sensor}: {value} ({value * 2})")

values = np.array([r[1] for r in readings], dtype=np.float64)
out = np.zeros_like(values)
scale_kernel[1, 32](values, 1.5, out)
print("scaled:", out)
print("ids:", [r[0] for r in readings], "max value:", max(r[1] for r in readings))
print("sorted by value:", sorted(readings, key=lambda r: r[1]))

stations = {"north": Station("N1", 61.5, 3)}
stations["south"] = Station("S7", -12.25, 5)
print(stations)
for key, st in stations.items():
    print(key, st.name, st.lat, st.readings * 10)
print("total readings:", sum(st.readings for st in stations.values()))

settings = {"enabled": True, "threshold": 0.5, "retries": 3, "label": "main"}
print("all set:", all(settings.values()), "any set:", any(settings.values()))
settings["retries"] = 0
print("all set:", all(settings.values()))

units = [("temp", 21), ("humidity", 40.5)]
print(dict(units), {name: value * 2 for name, value in units})
