// libFuzzer target: any bytes, as a .npy file given to the kernel harness, through
// every way the runtime reads one (runtime/include/py2cuda/npy.h): read_npy and
// to_c_order (ufunc operands), read_npy_as (kernel array arguments, Fortran order
// transposed) and read_npy_scalar (0-d scalar arguments).
//
// Besides "no crash, no sanitizer report, no hang", it checks what the user sees
// (harness.md): a rejected file is a py2cuda::Error of one line that starts with
// the file's name, never another exception (std::bad_alloc, std::length_error);
// an accepted one holds exactly the bytes its shape and dtype take, and writes back
// (write_npy) to a file that reads as the same array. A broken invariant aborts,
// which libFuzzer saves as a crash input.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>

#include "py2cuda/npy.h"

namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz_npy: %s\n", what.c_str());
  std::abort();
}

// One scratch folder per fuzzing process, removed at exit.
const fs::path& scratch() {
  static const fs::path dir = [] {
    std::string pattern = (fs::temp_directory_path() / "py2cuda-fuzz-npy-XXXXXX").string();
    if (!mkdtemp(pattern.data())) fail("cannot create a scratch folder");
    std::atexit([] { std::error_code ec; fs::remove_all(scratch(), ec); });
    return fs::path(pattern);
  }();
  return dir;
}

// Runs `read`; a rejection must be a one-line py2cuda::Error naming `file`.
// Returns whether the file was accepted.
template <class F>
bool accepted(const fs::path& file, const char* reader, F&& read) {
  try {
    read();
    return true;
  } catch (const py2cuda::Error& e) {
    const std::string message = e.what();
    if (message.find('\n') != std::string::npos) fail(std::string(reader) + ": a message of several lines: " + message);
    const std::string prefix = file.string() + ": ";
    // A type mismatch names the argument first: "argument 'x' expects ... but FILE holds ...".
    const bool names_file = message.rfind(prefix, 0) == 0 || message.find(" but " + file.string() + " holds ") !=
                                                                  std::string::npos;
    if (!names_file) fail(std::string(reader) + ": a message that does not name the file: " + message);
  } catch (const std::exception& e) {
    fail(std::string(reader) + ": not a py2cuda::Error: " + e.what());
  }
  return false;
}

template <class T, int N>
void read_as(const fs::path& file, const char* reader) {
  accepted(file, reader, [&] {
    const py2cuda::HostArray<T, N> array = py2cuda::read_npy_as<T, N>(file, "x");
    int64_t size = 1;
    for (int d = 0; d < N; ++d) size *= array.shape()[static_cast<std::size_t>(d)];
    if (size != array.size()) fail(std::string(reader) + ": the array's size is not its shape's");
  });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const fs::path file = scratch() / "x.npy";
  {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    if (!out) fail("cannot write the input to " + file.string());
  }

  py2cuda::NpyArray array;
  if (accepted(file, "read_npy", [&] { array = py2cuda::read_npy(file); })) {
    const py2cuda::NpyDType* dtype = py2cuda::find_npy_dtype(array.dtype);
    if (!dtype) fail("read_npy: accepted an unknown dtype " + array.dtype);
    if (array.data.size() != static_cast<std::size_t>(array.size()) * dtype->itemsize) {
      fail("read_npy: the data is not the size its shape and dtype take");
    }
    const py2cuda::NpyArray c_order = py2cuda::to_c_order(array);
    if (c_order.data.size() != array.data.size() || c_order.shape != array.shape) fail("to_c_order: changed the size");
    // What the harness writes back (--out-dir) must read as what was written.
    const fs::path copy = scratch() / "copy.npy";
    py2cuda::NpyArray back;
    if (!accepted(copy, "write_npy", [&] { py2cuda::write_npy(copy, c_order); back = py2cuda::read_npy(copy); })) {
      fail("write_npy: an accepted array does not write back");
    }
    if (back.dtype != c_order.dtype || back.shape != c_order.shape || back.data != c_order.data || back.fortran) {
      fail("write_npy: the written file reads as another array");
    }
  }
  read_as<float, 1>(file, "read_npy_as<float, 1>");
  read_as<int64_t, 2>(file, "read_npy_as<int64_t, 2>");
  read_as<bool, 3>(file, "read_npy_as<bool, 3>");
  read_as<__half, 2>(file, "read_npy_as<__half, 2>");
  accepted(file, "read_npy_scalar<double>", [&] { (void)py2cuda::read_npy_scalar<double>(file, "s"); });
  accepted(file, "read_npy_scalar<int32_t>", [&] { (void)py2cuda::read_npy_scalar<int32_t>(file, "s"); });
  return 0;
}
