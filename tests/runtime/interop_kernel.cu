// The nvcc half of the interop check in run_runtime_compile.py: a launch function
// as a generated .cu defines it, called from interop_host.cpp, which a plain C++
// compiler builds against the same runtime headers. Linking the two shows that
// LaunchConfig, Array and Error are the same types on both sides.

#include <py2cuda/runtime.h>

namespace interop {

__global__ void fill(py2cuda::Array<float, 1> out, float value) {
  const int64_t i = py2cuda::grid1();
  if (i < out.size()) out(i) = value;
}

void launch_fill(const py2cuda::LaunchConfig& config, py2cuda::Array<float, 1> out, float value) {
  static constexpr py2cuda::KernelInfo info{"fill", "interop.py:3", false, false};
  py2cuda::launch(fill, config, info, out, value);
}

}  // namespace interop
