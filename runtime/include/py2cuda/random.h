// py2cuda runtime: numba.cuda.random, the xoroshiro128+ generator, bit for bit.
//
// The algorithm and every cast follow numba-cuda's numba_cuda/numba/cuda/random.py,
// so a translated program draws exactly the numbers Numba's would:
//
//   seeding   splitmix64 of the seed, ONE value used for both s0 and s1;
//   states    state 0 is jumped by 2**64 once per unit of subsequence_start, and
//             state i is state i-1 jumped by 2**64 (computed on the host);
//   uint64    xoroshiro128+: the result is s0 + s1 taken before the step;
//   float64   (x >> 11) * 2**-53;
//   float32   that float64, rounded to float32 (so it can round up to 1.0f);
//   normal    Box-Muller keeping the cosine branch: sqrt(-2 log u1) * cos(2 pi u2),
//             two draws, u1 first. BOTH normals draw u1 and u2 with the float32
//             uniform, and math.log(u1) is then a float32 logf even in
//             normal_float64: only the -2 * log product, the sqrt, 2 pi * u2 and
//             the cos are float64 there.
//
// The math calls are the libm names (logf, cosf, sqrtf; log, cos, sqrt): under nvcc
// they become the same libdevice functions (__nv_logf, ...) that numba-cuda's math
// lowering calls, with the same default precision settings (no ftz, IEEE sqrt); on
// the host (CPU emulation) they are the C library's, which may differ from
// libdevice in the last bit of log and cos.
//
// States are read through Array with Numba's indexing: a negative index counts from
// the end (Numba converts the index to int64 and indexes with wraparound). In host
// builds the index also carries the caller's source location, so the emulation's
// bounds check names the Python line that passed a bad index, not this file.
//
// This header needs no backend. Creating states in device memory
// (create_xoroshiro128p_states, init into a DeviceArray) is in random_host.h.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#include "array.h"
#include "config.h"
#include "error.h"

namespace py2cuda {

// One generator's state: Numba's xoroshiro128p_dtype, [("s0", uint64), ("s1", uint64)]
// with align=True, so an array of them has the same bytes as Numba's state array.
struct Xoroshiro128pState {
  uint64_t s0;
  uint64_t s1;
};

static_assert(sizeof(Xoroshiro128pState) == 16 && alignof(Xoroshiro128pState) == 8,
              "Xoroshiro128pState must match Numba's xoroshiro128p_dtype (itemsize 16, aligned)");
static_assert(offsetof(Xoroshiro128pState, s0) == 0 && offsetof(Xoroshiro128pState, s1) == 8,
              "Xoroshiro128pState's fields must sit at Numba's offsets");
static_assert(std::is_trivially_copyable_v<Xoroshiro128pState>, "states are copied as raw bytes");

namespace detail {

// ---- the generator on one state --------------------------------------------

// splitmix64 of `seed`: Numba's init_xoroshiro128p_state sets both s0 and s1 to it.
P2C_HD P2C_INLINE uint64_t splitmix64(uint64_t seed) {
  uint64_t z = seed + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Rotation left by a constant 0 < k < 64.
P2C_HD P2C_INLINE uint64_t rotl64(uint64_t x, unsigned k) { return (x << k) | (x >> (64u - k)); }

// xoroshiro128+: returns s0 + s1 and advances the state one step.
P2C_HD P2C_INLINE uint64_t xoroshiro128p_step(Xoroshiro128pState& state) {
  const uint64_t s0 = state.s0;
  uint64_t s1 = state.s1;
  const uint64_t result = s0 + s1;
  s1 ^= s0;
  state.s0 = rotl64(s0, 55) ^ s1 ^ (s1 << 14);
  state.s1 = rotl64(s1, 36);
  return result;
}

// One 64-bit word of the jump polynomial: for each set bit (lowest first) the current
// state is xor-ed into the accumulator; the state steps once per bit.
P2C_HD inline void xoroshiro128p_jump_word(Xoroshiro128pState& state, Xoroshiro128pState& acc, uint64_t word) {
  for (unsigned b = 0; b < 64; ++b) {
    if (word & (uint64_t{1} << b)) {
      acc.s0 ^= state.s0;
      acc.s1 ^= state.s1;
    }
    xoroshiro128p_step(state);
  }
}

// Advances the state by 2**64 steps (xoroshiro128+'s published jump polynomial).
P2C_HD inline void xoroshiro128p_jump_state(Xoroshiro128pState& state) {
  Xoroshiro128pState acc{0, 0};
  xoroshiro128p_jump_word(state, acc, 0xBEAC0467EBA5FACBull);
  xoroshiro128p_jump_word(state, acc, 0xD86B048B86AA9922ull);
  state = acc;
}

// uint64_to_unit_float64: the top 53 bits, scaled into [0, 1); both steps are exact.
P2C_HD P2C_INLINE double unit_float64(uint64_t x) {
  return static_cast<double>(x >> 11) * (1.0 / static_cast<double>(uint64_t{1} << 53));
}

// uint64_to_unit_float32: the float64 above rounded to nearest, which may give 1.0f.
P2C_HD P2C_INLINE float unit_float32(uint64_t x) { return static_cast<float>(unit_float64(x)); }

// Box-Muller on two float32 uniforms, as xoroshiro128p_normal_float32 types it:
// everything in float32 (TWO_PI_FLOAT32 is np.float32(2 * math.pi)).
P2C_HD P2C_INLINE float box_muller_float32(float u1, float u2) {
  constexpr float kTwoPi = static_cast<float>(6.283185307179586);  // np.float32(2 * math.pi)
  return ::sqrtf(-2.0f * ::logf(u1)) * ::cosf(kTwoPi * u2);
}

// Box-Muller as xoroshiro128p_normal_float64 types it: u1 and u2 are float32, so
// math.log(u1) is a float32 log; the rest is float64.
P2C_HD P2C_INLINE double box_muller_float64(float u1, float u2) {
  constexpr double kTwoPi = 6.283185307179586;  // np.float64(2 * math.pi)
  const double log_u1 = static_cast<double>(::logf(u1));
  return ::sqrt(-2.0 * log_u1) * ::cos(kTwoPi * static_cast<double>(u2));
}

// ---- the state an index selects ---------------------------------------------

#if P2C_BACKEND_CUDA
using RandomStateIndex = int64_t;

P2C_HD P2C_INLINE Xoroshiro128pState& random_state(Array<Xoroshiro128pState, 1> states, int64_t index) {
  return states.at(index);
}
#else
// Host builds: an index with the caller's source location (see the top of the file).
using RandomStateIndex = LocatedIndex;

inline Xoroshiro128pState& random_state(Array<Xoroshiro128pState, 1> states, LocatedIndex index) {
  // Numba's int64(index): the value wraps as a signed index even when the caller's
  // integer was unsigned.
  return states.at(LocatedIndex(index.value, index.where));
}
#endif

}  // namespace detail

// ---- device functions (numba.cuda.random.xoroshiro128p_*) --------------------
// `index` is an int64 on the GPU; in host builds any integer converts to it.

// The next uint64 of states[index], advancing it one step.
P2C_HD P2C_INLINE uint64_t xoroshiro128p_next(Array<Xoroshiro128pState, 1> states, detail::RandomStateIndex index) {
  return detail::xoroshiro128p_step(detail::random_state(states, index));
}

// Advances states[index] by 2**64 steps.
P2C_HD inline void xoroshiro128p_jump(Array<Xoroshiro128pState, 1> states, detail::RandomStateIndex index) {
  detail::xoroshiro128p_jump_state(detail::random_state(states, index));
}

// A float64 in [0, 1); one step.
P2C_HD P2C_INLINE double xoroshiro128p_uniform_float64(Array<Xoroshiro128pState, 1> states,
                                                       detail::RandomStateIndex index) {
  return detail::unit_float64(detail::xoroshiro128p_step(detail::random_state(states, index)));
}

// A float32 in [0, 1] (the float64 uniform rounded: 1.0f is possible); one step.
P2C_HD P2C_INLINE float xoroshiro128p_uniform_float32(Array<Xoroshiro128pState, 1> states,
                                                      detail::RandomStateIndex index) {
  return detail::unit_float32(detail::xoroshiro128p_step(detail::random_state(states, index)));
}

// A standard normal float32; two steps.
P2C_HD P2C_INLINE float xoroshiro128p_normal_float32(Array<Xoroshiro128pState, 1> states,
                                                     detail::RandomStateIndex index) {
  Xoroshiro128pState& state = detail::random_state(states, index);
  const float u1 = detail::unit_float32(detail::xoroshiro128p_step(state));
  const float u2 = detail::unit_float32(detail::xoroshiro128p_step(state));
  return detail::box_muller_float32(u1, u2);
}

// A standard normal float64 from two float32 uniforms (as Numba does); two steps.
P2C_HD P2C_INLINE double xoroshiro128p_normal_float64(Array<Xoroshiro128pState, 1> states,
                                                      detail::RandomStateIndex index) {
  Xoroshiro128pState& state = detail::random_state(states, index);
  const float u1 = detail::unit_float32(detail::xoroshiro128p_step(state));
  const float u2 = detail::unit_float32(detail::xoroshiro128p_step(state));
  return detail::box_muller_float64(u1, u2);
}

// ---- host initialisation --------------------------------------------------------

// numba.cuda.random's init_xoroshiro128p_states_cpu on n states in host memory:
// independent streams 2**64 steps apart, the first starting subsequence_start jumps
// into the sequence of `seed`. A seed given to Numba as a negative or float Python
// number is converted as Numba's uint64(seed) does before it gets here.
inline void init_xoroshiro128p_states(Xoroshiro128pState* states, int64_t n, uint64_t seed,
                                      uint64_t subsequence_start = 0) {
  if (n < 0) throw Error("py2cuda: init_xoroshiro128p_states: negative number of states " + std::to_string(n));
  if (n == 0) return;
  const uint64_t z = detail::splitmix64(seed);
  states[0] = Xoroshiro128pState{z, z};
  for (uint64_t i = 0; i < subsequence_start; ++i) detail::xoroshiro128p_jump_state(states[0]);
  for (int64_t i = 1; i < n; ++i) {
    states[i] = states[i - 1];
    detail::xoroshiro128p_jump_state(states[i]);
  }
}

}  // namespace py2cuda
