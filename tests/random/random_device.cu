// numba.cuda.random on the GPU: every function of random.h in a kernel, and the host
// API of random_host.h, as emitted code uses them.
//
// tests/random/run_random_compile.py compiles it with nvcc; where a GPU is present it
// also runs it. Each thread draws a mixed sequence from its own state and records
// every result's bits; the same sequence is then computed on the host by the same
// P2C_HD functions, whose results tests/unit/test_runtime_random.cpp checks against
// Numba's. Integers and uniforms must agree exactly; the normals within 2 ulp, since
// the GPU's log and cos (libdevice, as in Numba's CUDA target) and the host's (the C
// library) may round the last bit differently.

#include <py2cuda/random.h>
#include <py2cuda/random_host.h>
#include <py2cuda/runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

namespace {

using py2cuda::Xoroshiro128pState;

constexpr int kSteps = 24;  // draws per thread: the 6 kinds, 4 times
enum Kind { kNext, kUniform64, kUniform32, kNormal64, kNormal32, kJump };

P2C_HD P2C_INLINE uint64_t bits(double v) {
  uint64_t b;
  memcpy(&b, &v, sizeof b);
  return b;
}

P2C_HD P2C_INLINE uint64_t bits(float v) {
  uint32_t b;
  memcpy(&b, &v, sizeof b);
  return b;
}

// Draw `step` of state i: the kinds in turn, half of them through the negative index
// that Numba wraps to the same state. Returns the result's bits (a jump: the new s0).
P2C_HD inline uint64_t draw(py2cuda::Array<Xoroshiro128pState, 1> states, int64_t i, int step) {
  const int64_t index = step % 2 ? i - states.shape[0] : i;
  switch (step % 6) {
    case kNext: return py2cuda::xoroshiro128p_next(states, index);
    case kUniform64: return bits(py2cuda::xoroshiro128p_uniform_float64(states, index));
    case kUniform32: return bits(py2cuda::xoroshiro128p_uniform_float32(states, index));
    case kNormal64: return bits(py2cuda::xoroshiro128p_normal_float64(states, index));
    case kNormal32: return bits(py2cuda::xoroshiro128p_normal_float32(states, index));
    default: py2cuda::xoroshiro128p_jump(states, index); return states.at(i).s0;
  }
}

constexpr py2cuda::KernelInfo kDrawInfo{"draw_all", "random_device.py:10", false, false};

// random_device.py:10
//   def draw_all(states, out):
//       i = cuda.grid(1)
//       if i < states.size:
//           for step in range(24): out[i, step] = <draw `step` from states[i]>
__global__ void draw_all(py2cuda::Array<Xoroshiro128pState, 1> states, py2cuda::Array<uint64_t, 2> out) {
  const int64_t i = py2cuda::grid1();
  if (i < states.size()) {
    for (int step = 0; step < kSteps; ++step) out(i, step) = draw(states, i, step);
  }
}

// Whether the GPU's bits `got` may stand for the host's `want` at this step.
bool agrees(int step, uint64_t got, uint64_t want) {
  if (got == want) return true;
  const int kind = step % 6;
  if (kind != kNormal64 && kind != kNormal32) return false;
  double g, w;
  uint64_t ulps;
  if (kind == kNormal64) {
    std::memcpy(&g, &got, sizeof g);
    std::memcpy(&w, &want, sizeof w);
    ulps = got > want ? got - want : want - got;
  } else {
    float gf, wf;
    const uint32_t g32 = static_cast<uint32_t>(got), w32 = static_cast<uint32_t>(want);
    std::memcpy(&gf, &g32, sizeof gf);
    std::memcpy(&wf, &w32, sizeof wf);
    g = gf;
    w = wf;
    ulps = g32 > w32 ? g32 - w32 : w32 - g32;
  }
  return std::isfinite(g) && std::isfinite(w) && g != 0 && w != 0 && std::signbit(g) == std::signbit(w) &&
         ulps <= 2;
}

}  // namespace

int main() {
  try {
    constexpr int64_t n = 1000;
    constexpr uint64_t seed = 0x8000000000000005ull, subsequence_start = 3;

    auto d_states = py2cuda::create_xoroshiro128p_states(n, 1);
    py2cuda::init_xoroshiro128p_states(d_states, seed, subsequence_start);  // re-seeds in place
    auto d_out = py2cuda::device_array<uint64_t>(std::array<int64_t, 2>{n, kSteps});
    py2cuda::launch(draw_all, {(n + 127) / 128, 128}, kDrawInfo, d_states, d_out);
    py2cuda::synchronize();
    const py2cuda::HostArray<uint64_t, 2> got = d_out.copy_to_host();

    std::vector<Xoroshiro128pState> host(n);
    py2cuda::init_xoroshiro128p_states(host.data(), n, seed, subsequence_start);
    const auto view = py2cuda::c_array_view(host.data(), std::array<int64_t, 1>{n});
    int failures = 0, inexact = 0;  // inexact: normals within 2 ulp of the host's
    for (int64_t i = 0; i < n; ++i) {
      for (int step = 0; step < kSteps; ++step) {
        const uint64_t want = draw(view, i, step);
        if (got(i, step) == want) continue;
        if (agrees(step, got(i, step), want)) {
          ++inexact;
        } else if (++failures <= 20) {
          std::printf("FAIL state %lld, draw %d: GPU bits %016llx, host bits %016llx\n", static_cast<long long>(i),
                      step, static_cast<unsigned long long>(got(i, step)), static_cast<unsigned long long>(want));
        }
      }
    }
    std::printf("random_device: %lld draws, %d failed, %d normals not bit-identical to the host's\n",
                static_cast<long long>(n * kSteps), failures, inexact);
    return failures ? 1 : 0;
  } catch (const py2cuda::Error& e) {
    std::printf("FAIL %s\n", e.what());
    return 1;
  }
}
