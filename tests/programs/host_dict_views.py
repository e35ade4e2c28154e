# oracle: whole-program (NUMBA_ENABLE_CUDASIM=1 python host_dict_views.py)
# A dict's views as values: print(d.keys()), d.values(), d.items() (dict_keys([...]) with the
# items' repr()s, a bool value as True), str()/repr()/f-strings of them, len() of a view, and the
# uses that read the call itself (in, list(), sorted(), set(), sum(), max(), enumerate(), a loop).
import numpy as np
from numba import cuda

@cuda.jit
def k(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1.5

a = np.zeros(3)
k[1, 3](a)
d = {"a": 1, "b": 2}
timings = {"copy": float(a[0]), "kernel": float(a[1])}
print(d.keys())
print(d.values(), d.items())
print(timings.items(), len(timings.values()), len(d.keys()))
print(f"{d.keys()}", str(d.values()), repr(d.items()))
flags = {1: True, 2: False}
print(flags.values(), flags.items())
print("a" in d.keys(), 3 in d.values(), list(d.keys()), sorted(d.values(), reverse=True))
for key in d.keys():
    print(key, end=" ")
print()
print(set(d.keys()) == {"a", "b"}, sum(d.values()), max(timings.values()), list(enumerate(d.items())))
