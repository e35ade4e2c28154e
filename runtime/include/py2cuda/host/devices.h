// py2cuda host runtime: the devices a program sees: cuda.gpus, cuda.is_available(),
// cuda.detect(), cuda.select_device(), cuda.get_current_device(), cuda.close().
//
// Under nvcc they are the CUDA runtime's devices, printed as numba-cuda prints them. The
// emulation is one device, and it prints what Numba's simulator (NUMBA_ENABLE_CUDASIM=1),
// the other way to run these programs without a GPU, prints for its own.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "../backend.h"
#include "../error.h"
#include "../tuple.h"
#include "exceptions.h"

namespace py2cuda::host {

namespace detail {
inline int64_t device_count() {
#if P2C_BACKEND_CUDA
  int n = 0;
  // No driver or no device reads as none, as numba-cuda's device list does.
  if (cudaGetDeviceCount(&n) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  return n;
#else
  return 1;
#endif
}
}  // namespace detail

// cuda.gpus: printed as the list of its "<Managed Device N>" entries, measured with len().
struct DeviceList {
  int64_t count;
};

inline DeviceList gpus() { return DeviceList{detail::device_count()}; }
inline int64_t len(const DeviceList& d) { return d.count; }
inline std::string str(const DeviceList& d) {
  std::string out;
  for (int64_t i = 0; i < d.count; ++i) out += (i ? ", <Managed Device " : "<Managed Device ") + std::to_string(i) + ">";
  return out;
}

// An item of cuda.gpus / cuda.list_devices(): numba-cuda's device context, `<Managed Device 0>`.
struct ManagedDevice {
  int64_t id;
};
inline ManagedDevice device_at(const DeviceList& d, int64_t i) {
  if (i < 0) i += d.count;
  if (i < 0 || i >= d.count) throw PyException("IndexError", "list index out of range");
  return ManagedDevice{i};
}
inline std::string str(const ManagedDevice& d) { return "<Managed Device " + std::to_string(d.id) + ">"; }
inline std::string repr(const ManagedDevice& d) { return str(d); }
template <class F>
void for_each_item(const DeviceList& d, F&& f) {
  for (int64_t i = 0; i < d.count; ++i) f(ManagedDevice{i});
}

inline bool is_available() { return detail::device_count() > 0; }

// cuda.detect(): the summary numba-cuda prints (api.py's detect()); true when a device is supported.
inline bool detect() {
  const int64_t n = detail::device_count();
  std::printf("Found %d CUDA devices\n", static_cast<int>(n));
#if P2C_BACKEND_CUDA
  int supported = 0;
  for (int id = 0; id < static_cast<int>(n); ++id) {
    cudaDeviceProp p{};
    check(cudaGetDeviceProperties(&p, id), "cudaGetDeviceProperties", nullptr);
    const int cc = p.major * 10 + p.minor;
    const char* support = cc < 35 ? "[NOT SUPPORTED: CC < 3.5]" : cc < 50 ? "[SUPPORTED (DEPRECATED)]" : "[SUPPORTED]";
    if (cc >= 35) ++supported;
    std::printf("id %d    %20s %40s\n", id, p.name, support);
    char uuid[64];
    const auto* u = reinterpret_cast<const unsigned char*>(p.uuid.bytes);
    std::snprintf(uuid, sizeof uuid, "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", u[0], u[1],
                  u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15]);
    auto attr = [](const char* key, const std::string& value) { std::printf("%40s: %s\n", key, value.c_str()); };
    // Read as attributes: CUDA 13's cudaDeviceProp no longer has these two fields.
    int watchdog = 0, fp32_to_fp64 = 0;
    check(cudaDeviceGetAttribute(&watchdog, cudaDevAttrKernelExecTimeout, id), "cudaDeviceGetAttribute", nullptr);
    check(cudaDeviceGetAttribute(&fp32_to_fp64, cudaDevAttrSingleToDoublePrecisionPerfRatio, id), "cudaDeviceGetAttribute",
          nullptr);
    attr("Compute Capability", std::to_string(p.major) + "." + std::to_string(p.minor));
    attr("PCI Device ID", std::to_string(p.pciDeviceID));
    attr("PCI Bus ID", std::to_string(p.pciBusID));
    attr("UUID", uuid);
    attr("Watchdog", watchdog ? "Enabled" : "Disabled");
    attr("FP32/FP64 Performance Ratio", std::to_string(fp32_to_fp64));
    attr("FP16 Support", cc >= 53 ? "Yes" : "No");
    attr("BF16 Support", cc >= 80 ? "Yes" : "No");
    attr("FP8 Support", cc >= 89 ? "Yes" : "No");
  }
  std::printf("Summary:\n\t%d/%d devices are supported\n", supported, static_cast<int>(n));
  return supported > 0;
#else
  std::printf("id 0               SIMULATOR                              [SUPPORTED]\n");
  std::printf("                      compute capability: 5.0\n");
  std::printf("               FP8 Hardware Acceleration: No\n");
  return true;
#endif
}

// The device cuda.get_current_device() and cuda.select_device(id) return: its id,
// compute_capability and name. The emulated one is the simulator's FakeCUDADevice, whose
// compute capability is (5, 2).
struct Device {
  int64_t id;
};

inline Device get_current_device() {
#if P2C_BACKEND_CUDA
  int id = 0;
  check(cudaGetDevice(&id), "cudaGetDevice", nullptr);
  return Device{id};
#else
  return Device{0};
#endif
}

inline Device select_device(int64_t id) {
#if P2C_BACKEND_CUDA
  if (id < 0 || id >= detail::device_count()) {
    throw PyException("ValueError", "Invalid device id " + std::to_string(id));
  }
  check(cudaSetDevice(static_cast<int>(id)), "cudaSetDevice", nullptr);
#else
  if (id != 0) throw PyException("AssertionError", "Only a single device supported by the simulator");
#endif
  return Device{id};
}

inline py2cuda::tuple<int64_t, int64_t> compute_capability(const Device& d) {
#if P2C_BACKEND_CUDA
  cudaDeviceProp p{};
  check(cudaGetDeviceProperties(&p, static_cast<int>(d.id)), "cudaGetDeviceProperties", nullptr);
  return {p.major, p.minor};
#else
  (void)d;
  return {5, 2};
#endif
}

inline std::string device_name(const Device& d) {
#if P2C_BACKEND_CUDA
  cudaDeviceProp p{};
  check(cudaGetDeviceProperties(&p, static_cast<int>(d.id)), "cudaGetDeviceProperties", nullptr);
  return p.name;
#else
  (void)d;
  return "SIMULATOR";
#endif
}

// cuda.is_float16_supported(): compute capability 5.3 or newer (the simulator says True).
inline bool is_float16_supported() {
#if P2C_BACKEND_CUDA
  cudaDeviceProp p{};
  check(cudaGetDeviceProperties(&p, static_cast<int>(get_current_device().id)), "cudaGetDeviceProperties", nullptr);
  return p.major * 10 + p.minor >= 53;
#else
  return true;
#endif
}

// cuda.close(): numba-cuda destroys its contexts; py2cuda frees device memory when an
// array's last reference ends, so closing waits for the device's work and keeps the arrays
// the program still holds valid.
inline void close() { backend::synchronize(); }

}  // namespace py2cuda::host
