// The plain C++ half of the interop check (see interop_kernel.cu): includes only the
// host-side runtime headers, as a generated header does, and calls the launch
// function with a configuration the runtime must reject, without needing a GPU.

#include <py2cuda/array.h>
#include <py2cuda/launch_config.h>

#include <cstdio>
#include <string>

namespace interop {
void launch_fill(const py2cuda::LaunchConfig& config, py2cuda::Array<float, 1> out, float value);
}  // namespace interop

int main() {
  float data[4] = {};
  const py2cuda::Array<float, 1> out{data, {4}, {1}};
  try {
    interop::launch_fill({1, 4096}, out, 1.0f);  // more threads per block than CUDA allows
  } catch (const py2cuda::Error& e) {
    const std::string message = e.what();
    const bool ok = message.rfind("interop.py:3: cannot launch kernel 'fill'", 0) == 0;
    std::printf("%s: %s\n", ok ? "interop ok" : "FAIL unexpected message", e.what());
    return ok ? 0 : 1;
  }
  std::printf("FAIL the launch was not rejected\n");
  return 1;
}
