# user context managers: class-based with __enter__/__exit__, contextmanager generator; exceptions inside
from contextlib import contextmanager
import numpy as np
from numba import cuda

@cuda.jit
def inc(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1

class Section:
    depth = 0
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        print("  " * Section.depth + f"> {self.name}")
        Section.depth += 1
        return self
    def __exit__(self, exc_type, exc, tb):
        Section.depth -= 1
        status = "ok" if exc_type is None else "error"
        print("  " * Section.depth + f"< {self.name} ({status})")
        return exc_type is ValueError

@contextmanager
def device_buffer(n):
    d = cuda.to_device(np.zeros(n))
    print("alloc", n)
    try:
        yield d
    finally:
        print("free", n)

with Section("outer"):
    with device_buffer(4) as d:
        inc[1, 8](d)
        inc[1, 8](d)
        print(d.copy_to_host())
    with Section("inner") as s:
        print("in", s.name)
        raise ValueError("swallowed")
    print("after inner")
print("depth", Section.depth)
