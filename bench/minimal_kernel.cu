// The smallest useful kernel: runtime_header_cost.py compiles it with nvcc -c
// once as it is and once with py2cuda/runtime.h pre-included (nvcc -include),
// so the header is the only difference between the two measurements.
// It uses nothing from the runtime on purpose.

__global__ void scale(float* out, const float* in, long long n) {
    long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
    if (i < n) {
        out[i] = 2.0f * in[i];
    }
}
