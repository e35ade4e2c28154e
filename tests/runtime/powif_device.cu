// py2cuda::libdevice::powif/powi (the runtime's square and multiply, what math.pow(x, int32)
// and cuda.libdevice.powif/powi translate to) against libdevice's __nv_powif/__nv_powi, which
// numba-cuda calls for them, bit for bit on the GPU over 2^28 (x, n) pairs each: half of the x
// near 1 (long products stay finite, so every rounding step counts), half any bit pattern
// (subnormals, infinities, NaNs); n mostly in [-64, 64], every 97th any int32.
//
//     powif_device
//
// tests/runtime/run_runtime_compile.py compiles it for several architectures and, where a GPU
// is present, runs it. Exits 0 when every pair matches (two NaNs match whatever their payloads).

#include <py2cuda/libdevice.h>

#include <cstdint>
#include <cstdio>
#include <cstring>

extern "C" __device__ float __nv_powif(float, int);
extern "C" __device__ double __nv_powi(double, int);

namespace {

constexpr long long kPairs = 1ll << 28;

// splitmix64: the pair's operands from its index, so the run needs no input.
__device__ uint64_t mix(uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

template <class F, class Bits>
__device__ bool same_bits(F a, F b) {
  if (a != a && b != b) return true;
  Bits bits_a;
  Bits bits_b;
  memcpy(&bits_a, &a, sizeof(F));
  memcpy(&bits_b, &b, sizeof(F));
  return bits_a == bits_b;
}

__global__ void compare_with_libdevice(unsigned long long* float_mismatches,
                                       unsigned long long* double_mismatches) {
  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < kPairs; i += stride) {
    const uint64_t r = mix(static_cast<uint64_t>(i));
    const uint64_t s = mix(r);
    int32_t n = static_cast<int32_t>(s % 129) - 64;
    if (i % 97 == 0) n = static_cast<int32_t>(static_cast<uint32_t>(s));
    float xf;
    double xd;
    if (i % 2) {
      xf = 1.0f + static_cast<float>(static_cast<int32_t>(r >> 41) - (1 << 22)) * 1e-7f;
      xd = 1.0 + static_cast<double>(static_cast<int64_t>(r >> 12) - (1ll << 51)) * 1e-16;
    } else {
      const uint32_t low = static_cast<uint32_t>(r);
      memcpy(&xf, &low, sizeof(float));
      memcpy(&xd, &r, sizeof(double));
    }
    if (!same_bits<float, uint32_t>(py2cuda::libdevice::powif(xf, n), __nv_powif(xf, n))) {
      atomicAdd(float_mismatches, 1ull);
    }
    if (!same_bits<double, uint64_t>(py2cuda::libdevice::powi(xd, n), __nv_powi(xd, n))) {
      atomicAdd(double_mismatches, 1ull);
    }
  }
}

}  // namespace

int main() {
  unsigned long long* mismatches = nullptr;
  if (cudaMalloc(&mismatches, 2 * sizeof(unsigned long long)) != cudaSuccess ||
      cudaMemset(mismatches, 0, 2 * sizeof(unsigned long long)) != cudaSuccess) {
    std::printf("powif_device: cannot allocate on the GPU\n");
    return 1;
  }
  compare_with_libdevice<<<1024, 256>>>(mismatches, mismatches + 1);
  unsigned long long counts[2] = {0, 0};
  const cudaError_t status = cudaMemcpy(counts, mismatches, sizeof counts, cudaMemcpyDeviceToHost);
  cudaFree(mismatches);
  if (status != cudaSuccess) {
    std::printf("powif_device: %s\n", cudaGetErrorString(status));
    return 1;
  }
  std::printf("%lld pairs each: powif %llu mismatches against __nv_powif, powi %llu against __nv_powi\n",
              kPairs, counts[0], counts[1]);
  return counts[0] == 0 && counts[1] == 0 ? 0 : 1;
}
