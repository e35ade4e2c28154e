// py2cuda runtime: numba.cuda.random's host API on device memory.
//
//   create_xoroshiro128p_states(n, seed, subsequence_start=0)
//   init_xoroshiro128p_states(states, seed, subsequence_start=0)
//
// As in Numba, the states are computed on the CPU (random.h) and copied to the
// device in one go: jumping 2**64 steps is sequential work, and the host does it
// faster than a launch would. Copies are synchronous, on the default stream (Numba's
// `stream` argument has no counterpart yet). Separate from random.h because it needs
// a backend, while the device functions do not.
#pragma once

#include <cstdint>
#include <vector>

#include "device_array.h"
#include "random.h"

namespace py2cuda {

// numba.cuda.random.init_xoroshiro128p_states: (re)initialises every state of a
// device array.
inline void init_xoroshiro128p_states(DeviceArray<Xoroshiro128pState, 1>& states, uint64_t seed,
                                      uint64_t subsequence_start = 0) {
  std::vector<Xoroshiro128pState> host(static_cast<std::size_t>(states.size()));
  init_xoroshiro128p_states(host.data(), states.size(), seed, subsequence_start);
  states.copy_from_host(host.data());
}

// numba.cuda.random.create_xoroshiro128p_states: n new states in device memory.
inline DeviceArray<Xoroshiro128pState, 1> create_xoroshiro128p_states(int64_t n, uint64_t seed,
                                                                      uint64_t subsequence_start = 0) {
  DeviceArray<Xoroshiro128pState, 1> states({n});  // throws Error for a negative n, as Numba raises
  init_xoroshiro128p_states(states, seed, subsequence_start);
  return states;
}

}  // namespace py2cuda
