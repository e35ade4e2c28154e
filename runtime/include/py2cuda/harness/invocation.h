// py2cuda runtime: one run of a kernel by the harness, as its generated runner sees it.
//
// The runner the translator emits for each kernel asks the Invocation for each
// argument, by position, in the type of the kernel's parameter, and launches:
//
//   [](py2cuda::harness::Invocation& call) {
//     auto xs = call.array<float, 1>(0);    // xs.npy -> device memory, an Array view
//     auto n = call.scalar<int64_t>(1);     // "100" -> 100
//     launch_k(call.config(), xs, n);
//   }
//
// The Invocation owns the device memory of the array arguments until the driver
// has copied them back (write_arrays), after the launch and a synchronize.
// Device memory is reached only through a Device, the backend's primitives as
// function pointers, so that this file needs no backend (harness.h supplies the
// backend's; the unit tests, host memory).
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "../array.h"
#include "../error.h"
#include "../host_array.h"
#include "../launch_config.h"
#include "../npy.h"
#include "../random.h"
#include "command_line.h"
#include "scalar.h"

namespace py2cuda::harness {

// The primitives of backend.h that the harness uses.
struct Device {
  void* (*alloc)(std::size_t bytes);  // nullptr for 0 bytes; throws Error on failure
  void (*free)(void* p);
  void (*copy_to_device)(void* dst, const void* src, std::size_t bytes);
  void (*copy_to_host)(void* dst, const void* src, std::size_t bytes);
  void (*synchronize)();
};

class Invocation {
 public:
  // `params` are the kernel's parameter names, `args` the command-line words for
  // them, as many (the driver has checked).
  Invocation(const Device& device, const LaunchConfig& config, std::vector<std::string> params,
             std::vector<std::string> args)
      : device_(device),
        config_(config),
        params_(std::move(params)),
        args_(std::move(args)),
        used_(args_.size(), false) {}

  Invocation(const Invocation&) = delete;
  Invocation& operator=(const Invocation&) = delete;

  // The launch configuration from --grid, --block and --shared.
  const LaunchConfig& config() const { return config_; }

  // Array parameter `index`: its .npy file, which must hold exactly T elements in
  // N dimensions, copied to device memory, which lives as long as the Invocation.
  // Problems with the argument or its file throw UsageError.
  template <class T, int N>
  CArray<T, N> array(int index) {
    using Element = std::remove_const_t<T>;
    const std::string& text = take(index);
    const std::string& param = params_[static_cast<std::size_t>(index)];
    if (!is_npy_path(text)) {
      throw UsageError("argument '" + param + "' expects " + py2cuda::detail::numba_array_type_text<Element, N>() +
                       ": give a .npy file, not '" + text + "'");
    }
    auto argument = std::make_unique<TypedArray<Element, N>>(
        device_, load([&] { return read_npy_as<Element, N>(text, param.c_str()); }, param));
    CArray<T, N> view = argument->view();
    arrays_.push_back({static_cast<std::size_t>(index), std::move(argument)});
    return view;
  }

  // Scalar parameter `index`: a literal (see scalar.h), or a .npy file holding a
  // 0-d array of exactly T's dtype. Problems throw UsageError.
  template <class T>
  T scalar(int index) {
    const std::string& text = take(index);
    const std::string& param = params_[static_cast<std::size_t>(index)];
    if (is_npy_path(text)) return load([&] { return read_npy_scalar<T>(text, param.c_str()); }, param);
    return parse_scalar<T>(text, param);
  }

  // numba.cuda.random generator states for parameter `index`, from the word
  // `rng:COUNT:SEED` or `rng:COUNT:SEED:SUBSEQUENCE`: COUNT states initialised
  // as create_xoroshiro128p_states(COUNT, seed=SEED, subsequence_start=...) does.
  // They are not written back with --out-dir (.npy has no record dtype here).
  CArray<Xoroshiro128pState, 1> random_states(int index) {
    const std::string& text = take(index);
    const std::string& param = params_[static_cast<std::size_t>(index)];
    std::vector<std::string> parts;
    for (std::size_t start = 0;;) {
      std::size_t colon = text.find(':', start);
      parts.push_back(text.substr(start, colon == std::string::npos ? std::string::npos : colon - start));
      if (colon == std::string::npos) break;
      start = colon + 1;
    }
    if (parts.size() < 3 || parts.size() > 4 || parts[0] != "rng") {
      throw UsageError("argument '" + param + "' expects random generator states: give rng:COUNT:SEED (or "
                       "rng:COUNT:SEED:SUBSEQUENCE), not '" + text + "'");
    }
    const int64_t count = parse_scalar<int64_t>(parts[1], param + " (COUNT)");
    const uint64_t seed = parse_scalar<uint64_t>(parts[2], param + " (SEED)");
    const uint64_t subsequence = parts.size() == 4 ? parse_scalar<uint64_t>(parts[3], param + " (SUBSEQUENCE)") : 0;
    if (count < 0) throw UsageError("argument '" + param + "': COUNT must not be negative");
    HostArray<Xoroshiro128pState, 1> host(std::array<int64_t, 1>{count});
    init_xoroshiro128p_states(host.data(), count, seed, subsequence);
    auto argument = std::make_unique<StatesArray>(device_, std::move(host));
    CArray<Xoroshiro128pState, 1> view = argument->view();
    arrays_.push_back({static_cast<std::size_t>(index), std::move(argument)});
    return view;
  }

  // Copies every array argument back from the device and writes it to
  // dir/<parameter name>.npy, in parameter order. For after the kernel finished.
  void write_arrays(const std::filesystem::path& dir) {
    for (std::size_t index = 0; index < params_.size(); ++index) {
      for (const auto& [position, argument] : arrays_) {
        if (position == index) argument->write(dir / (params_[index] + ".npy"));
      }
    }
  }

 private:
  // An array argument: its host copy (also the buffer it is copied back into) and its device copy.
  class ArrayArgument {
   public:
    virtual ~ArrayArgument() = default;
    virtual void write(const std::filesystem::path& path) = 0;
  };

  template <class T, int N>
  class TypedArray final : public ArrayArgument {
   public:
    TypedArray(const Device& device, HostArray<T, N> host)
        : device_(device), host_(std::move(host)), bytes_(static_cast<std::size_t>(host_.size()) * sizeof(T)) {
      data_ = static_cast<T*>(device_.alloc(bytes_));
      try {
        device_.copy_to_device(data_, host_.data(), bytes_);
      } catch (...) {
        device_.free(data_);
        throw;
      }
    }
    TypedArray(const TypedArray&) = delete;
    TypedArray& operator=(const TypedArray&) = delete;
    ~TypedArray() override { device_.free(data_); }

    CArray<T, N> view() const { return c_array_view(data_, host_.shape()); }

    void write(const std::filesystem::path& path) override {
      device_.copy_to_host(host_.data(), data_, bytes_);
      write_npy(path, host_);
    }

   private:
    const Device& device_;
    HostArray<T, N> host_;
    std::size_t bytes_;
    T* data_ = nullptr;
  };

  // Generator states: on the device for the kernel, never written back.
  class StatesArray final : public ArrayArgument {
   public:
    StatesArray(const Device& device, HostArray<Xoroshiro128pState, 1> host)
        : device_(device), host_(std::move(host)), bytes_(static_cast<std::size_t>(host_.size()) * sizeof(Xoroshiro128pState)) {
      data_ = static_cast<Xoroshiro128pState*>(device_.alloc(bytes_));
      try {
        device_.copy_to_device(data_, host_.data(), bytes_);
      } catch (...) {
        device_.free(data_);
        throw;
      }
    }
    StatesArray(const StatesArray&) = delete;
    StatesArray& operator=(const StatesArray&) = delete;
    ~StatesArray() override { device_.free(data_); }
    CArray<Xoroshiro128pState, 1> view() const { return c_array_view(data_, host_.shape()); }
    void write(const std::filesystem::path&) override {}

   private:
    const Device& device_;
    HostArray<Xoroshiro128pState, 1> host_;
    std::size_t bytes_;
    Xoroshiro128pState* data_ = nullptr;
  };

  static bool is_npy_path(std::string_view text) { return text.size() > 4 && text.substr(text.size() - 4) == ".npy"; }

  // The word for parameter `index`, which the runner may take once.
  const std::string& take(int index) {
    if (index < 0 || static_cast<std::size_t>(index) >= args_.size()) {
      throw Error("py2cuda harness: the kernel's runner asked for argument " + std::to_string(index) +
                  " of a kernel with " + std::to_string(args_.size()) + " parameters");
    }
    if (used_[static_cast<std::size_t>(index)]) {
      throw Error("py2cuda harness: the kernel's runner asked twice for argument '" +
                  params_[static_cast<std::size_t>(index)] + "'");
    }
    used_[static_cast<std::size_t>(index)] = true;
    return args_[static_cast<std::size_t>(index)];
  }

  // Runs `read`, naming the argument in its errors. A file of the wrong dtype or
  // number of dimensions is a mistake in the command line (UsageError, status 2); one
  // that is missing or malformed is bad input (status 1, as py2cuda's own bad input).
  template <class Read>
  static auto load(Read read, const std::string& param) {
    try {
      return read();
    } catch (const NpyTypeMismatch& e) {
      throw UsageError(e.what());  // already names the argument
    } catch (const Error& e) {
      throw Error("argument '" + param + "': " + e.what());
    }
  }

  const Device& device_;
  LaunchConfig config_;
  std::vector<std::string> params_;
  std::vector<std::string> args_;
  std::vector<bool> used_;
  std::vector<std::pair<std::size_t, std::unique_ptr<ArrayArgument>>> arrays_;
};

}  // namespace py2cuda::harness
