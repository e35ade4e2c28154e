// py2cuda runtime: the kernel harness, the main() of `py2cuda FILE.py --harness`.
//
// A program that runs one kernel of the file on arguments given on its command
// line, arrays as .npy files, and writes the arrays back as .npy files:
//
//   ./hypot_kernel hypot_kernel --grid 4 --block 256 --out-dir out xs.npy ys.npy out.npy
//
// The translator emits, after the launch functions,
//
//   int main(int argc, char** argv) {
//     py2cuda::harness::Harness h("hypot_kernel.py");
//     h.kernel("hypot_kernel", "void(float32[:], float32[:], float32[:])", {"xs", "ys", "out"},
//              [](py2cuda::harness::Invocation& call) {
//                auto xs = call.array<float, 1>(0);
//                auto ys = call.array<float, 1>(1);
//                auto out = call.array<float, 1>(2);
//                hypot_kernel::launch_hypot_kernel(call.config(), xs, ys, out);
//              });
//     return h.main(argc, argv);
//   }
//
// The command line, the exit statuses and the messages are those of
// harness/driver.h, which does the work against the Device given here: this
// runtime's backend (CUDA under nvcc, otherwise the CPU emulation).
#pragma once

#include <string>
#include <utility>

#include "backend.h"
#include "harness/driver.h"

namespace py2cuda::harness {

// The backend's primitives (backend.h) as a Device.
inline Device backend_device() {
  return Device{backend::device_alloc, backend::device_free, backend::copy_host_to_device, backend::copy_device_to_host,
                backend::synchronize};
}

class Harness : public Driver {
 public:
  explicit Harness(std::string source) : Driver(std::move(source), backend_device()) {}
};

}  // namespace py2cuda::harness
