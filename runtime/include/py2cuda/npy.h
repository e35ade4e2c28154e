// py2cuda runtime: reading and writing NumPy .npy files.
//
// How a translated program gets arrays in and out without Python: the kernel
// harness (harness.h) reads each array argument from a .npy file and writes the
// results back as .npy files, which numpy.load reads. Host-only and
// backend-neutral: any C++20 compiler, no GPU.
//
// Supported: format versions 1.0, 2.0 and 3.0 (numpy.lib.format); C and Fortran
// order; 0-d arrays; the little-endian dtypes bool (|b1), int8..int64 (|i1 <i2 <i4
// <i8), uint8..uint64 (|u1 <u2 <u4 <u8), float16 (<f2, as __half: half.h), float32
// (<f4) and float64 (<f8). Anything else (big-endian data, complex, strings,
// structured or object arrays)
// and every malformed file is rejected with an Error that names the file.
// Nothing is converted silently: read_npy_as<T, N> requires the file's dtype and
// number of dimensions to be exactly T's and N.
//
//   NpyArray a = read_npy("x.npy");                   // type-erased, as stored
//   NpyArray c = to_c_order(std::move(a));            // Fortran data transposed
//   HostArray<float, 2> m = read_npy_as<float, 2>("m.npy", "m");   // C order
//   write_npy("out.npy", m);
//
// The pieces: npy/dtype.h (the dtypes and their C++ types), npy/header.h (the
// header, parsed and written); here, reading, writing and the checks.
#pragma once

#include <array>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <new>
#include <string>
#include <system_error>
#include <type_traits>
#include <utility>
#include <vector>

#include "error.h"
#include "host_array.h"
#include "npy/dtype.h"
#include "npy/header.h"

namespace py2cuda {

// Thrown by read_npy_as and read_npy_scalar for a well-formed file whose dtype or
// number of dimensions is not the one asked for; every other problem is a plain Error.
class NpyTypeMismatch : public Error {
 public:
  using Error::Error;
};

// ---------------------------------------------------------------- NpyArray

// The contents of a .npy file, type-erased.
struct NpyArray {
  std::string dtype;            // canonical numpy descr, one of kNpyDTypes: "<f4"
  std::vector<int64_t> shape;   // empty for a 0-d array (a scalar)
  bool fortran = false;         // data in Fortran (column-major) order rather than C order
  std::vector<std::byte> data;  // the elements, in the order `fortran` says

  int ndim() const { return static_cast<int>(shape.size()); }

  // The number of elements (1 for a 0-d array).
  int64_t size() const {
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    return n;
  }
};

inline NpyArray to_c_order(NpyArray array);  // defined with the API below

namespace detail {

// "int64 with 2 dimensions": what a file holds, for messages.
inline std::string npy_contents_text(const std::string& descr, std::size_t ndim) {
  const NpyDType* dtype = find_npy_dtype(descr);
  return (dtype ? std::string(dtype->name) : descr) + " with " + std::to_string(ndim) +
         (ndim == 1 ? " dimension" : " dimensions");
}

// The bytes of data an array of this shape and dtype takes; throws Error, naming
// `file`, if a dimension is negative or the count overflows. As numpy does, the
// non-zero dimensions must multiply (times the item size) to an int64 even when
// another dimension is 0: NpyArray::size() and the host arrays count in int64.
inline std::size_t npy_data_bytes(const std::vector<int64_t>& shape, const NpyDType& dtype, const std::string& file) {
  constexpr auto kMax = static_cast<std::size_t>(std::numeric_limits<int64_t>::max());
  std::size_t bytes = dtype.itemsize;
  bool empty = false;
  for (int64_t d : shape) {
    if (d < 0) throw Error(file + ": the shape " + npy_shape_text(shape) + " has a negative dimension");
    const auto extent = static_cast<std::size_t>(d);
    if (extent == 0) {
      empty = true;
      continue;
    }
    if (bytes > kMax / extent) {
      throw Error(file + ": the shape " + npy_shape_text(shape) + " is too large to fit in memory");
    }
    bytes *= extent;
  }
  return empty ? 0 : bytes;
}

// A C++ bool must hold 0 or 1; numpy treats any non-zero byte as True.
inline void npy_normalise_bools(std::byte* data, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) data[i] = data[i] != std::byte{0} ? std::byte{1} : std::byte{0};
}

// ---------------------------------------------------------------- reading

// An open .npy file whose header has been read and checked; the data follows.
class NpyReader {
 public:
  explicit NpyReader(const std::filesystem::path& path) : file_(path.string()) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) throw Error(file_ + ": no such file");
    if (std::filesystem::is_directory(path, ec)) throw Error(file_ + ": is a directory, not a .npy file");
    in_.open(path, std::ios::binary);
    if (!in_) throw Error(file_ + ": cannot be opened for reading");
    // The sizes a header claims are checked against the file's before anything
    // is allocated: a damaged length or shape must not become a huge allocation.
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    file_size_ = ec ? std::numeric_limits<std::uintmax_t>::max() : size;
    read_header();
  }

  // The file's dtype (canonical), shape and order; `data` is empty.
  const NpyArray& header() const { return header_; }
  const std::string& file() const { return file_; }
  std::size_t data_bytes() const { return data_bytes_; }

  // Throws Error unless the file holds exactly data_bytes() bytes of data: for
  // callers to check before they allocate room for them.
  void require_data() const {
    if (data_bytes_ > bytes_left_) throw_truncated_data(bytes_left_);
  }

  // Reads the data_bytes() bytes of data into `dst`; throws Error if the file
  // holds fewer or more.
  void read_data(void* dst) {
    if (data_bytes_ > bytes_left_) throw_truncated_data(bytes_left_);
    in_.read(static_cast<char*>(dst), static_cast<std::streamsize>(data_bytes_));
    const auto got = static_cast<std::size_t>(in_.gcount());
    if (got != data_bytes_) throw_truncated_data(got);
    if (in_.peek() != std::ifstream::traits_type::eof()) {
      throw Error(file_ + ": holds more bytes than its shape " + npy_shape_text(header_.shape) + " of " + dtype_name() +
                  " takes (" + std::to_string(data_bytes_) + ")");
    }
  }

 private:
  void read_header() {
    unsigned char prefix[kNpyPrefixSize] = {};
    in_.read(reinterpret_cast<char*>(prefix), sizeof prefix);
    const auto got = static_cast<std::size_t>(in_.gcount());
    if (got == 0) throw Error(file_ + ": is empty, not a .npy file");
    if (std::memcmp(prefix, kNpyMagic, got < kNpyMagicSize ? got : kNpyMagicSize) != 0) {
      throw Error(file_ + ": not a .npy file (it does not start with \"\\x93NUMPY\")");
    }
    if (got < sizeof prefix) throw Error(file_ + ": truncated: the file ends inside the .npy magic and version");
    const unsigned major = prefix[6], minor = prefix[7];
    if ((major != 1 && major != 2 && major != 3) || minor != 0) {
      throw Error(file_ + ": .npy format version " + std::to_string(major) + "." + std::to_string(minor) +
                  " is not supported (1.0, 2.0 and 3.0 are)");
    }
    // The header's length: uint16 in version 1.0, uint32 after, little-endian.
    const std::size_t length_size = major == 1 ? 2 : 4;
    unsigned char length_bytes[4] = {};
    in_.read(reinterpret_cast<char*>(length_bytes), static_cast<std::streamsize>(length_size));
    if (static_cast<std::size_t>(in_.gcount()) != length_size) {
      throw Error(file_ + ": truncated: the file ends inside the length of the .npy header");
    }
    std::size_t header_size = 0;
    for (std::size_t i = length_size; i-- > 0;) header_size = header_size << 8 | length_bytes[i];
    const std::uintmax_t header_start = kNpyPrefixSize + length_size;
    const std::uintmax_t after_length = file_size_ > header_start ? file_size_ - header_start : 0;
    if (header_size > after_length) {
      throw Error(file_ + ": truncated header: it should be " + std::to_string(header_size) + " bytes, the file has " +
                  std::to_string(after_length));
    }

    std::string text(header_size, '\0');
    in_.read(text.data(), static_cast<std::streamsize>(header_size));
    if (static_cast<std::size_t>(in_.gcount()) != header_size) {
      throw Error(file_ + ": truncated header: it should be " + std::to_string(header_size) + " bytes, the file has " +
                  std::to_string(in_.gcount()));
    }
    NpyHeader parsed;
    NpyHeaderParser(text, file_).parse(parsed);

    const NpyDType* dtype = find_npy_dtype(parsed.descr);
    if (!dtype) reject_npy_descr(parsed.descr, file_);
    header_.dtype = std::string(dtype->descr);
    header_.shape = std::move(parsed.shape);
    header_.fortran = parsed.fortran;
    data_bytes_ = npy_data_bytes(header_.shape, *dtype, file_);
    bytes_left_ = after_length - header_size;
  }

  [[noreturn]] void throw_truncated_data(std::uintmax_t has) const {
    throw Error(file_ + ": truncated data: shape " + npy_shape_text(header_.shape) + " of " + dtype_name() +
                " takes " + std::to_string(data_bytes_) + " bytes, the file has " + std::to_string(has));
  }

  std::string dtype_name() const { return std::string(find_npy_dtype(header_.dtype)->name); }

  std::string file_;
  std::ifstream in_;
  NpyArray header_;
  std::size_t data_bytes_ = 0;
  std::uintmax_t file_size_ = 0;
  std::uintmax_t bytes_left_ = 0;  // after the header
};

// Runs `allocate`; a std::bad_alloc becomes an Error naming the file, so that a
// file too large for this machine's memory is a message, not a crash.
template <class F>
void allocate_for(const NpyReader& reader, F&& allocate) {
  try {
    allocate();
  } catch (const std::bad_alloc&) {
    throw Error(reader.file() + ": its data (" + std::to_string(reader.data_bytes()) +
                " bytes) does not fit in the memory available");
  }
}

// ---------------------------------------------------------------- writing

// Writes header then data to `path`, through a temporary file renamed into place,
// so that a failed write leaves no partial .npy behind.
inline void write_npy_file(const std::filesystem::path& path, const std::string& header, const void* data,
                           std::size_t bytes) {
  const std::string file = path.string();
  std::filesystem::path partial = path;
  partial += ".partial";
  std::ofstream out(partial, std::ios::binary | std::ios::trunc);
  if (!out) {
    const int error = errno;
    const std::filesystem::path folder = path.parent_path();
    std::error_code ec;
    if (!folder.empty() && !std::filesystem::is_directory(folder, ec)) {
      throw Error(file + ": cannot write: the folder " + folder.string() + " does not exist");
    }
    throw Error(file + ": cannot write: " + (error ? std::strerror(error) : "cannot create the file"));
  }
  out.write(header.data(), static_cast<std::streamsize>(header.size()));
  out.write(static_cast<const char*>(data), static_cast<std::streamsize>(bytes));
  out.close();
  std::error_code ec;
  if (!out) {
    std::filesystem::remove(partial, ec);
    throw Error(file + ": writing failed (disk full?)");
  }
  std::filesystem::rename(partial, path, ec);
  if (ec) {
    std::filesystem::remove(partial, ec);
    throw Error(file + ": cannot write: " + ec.message());
  }
}

// The numba type of an array of T with N dimensions as the harness supplies it
// (C-contiguous): "array(float32, 1d, C)".
template <class T, int N>
std::string numba_array_type_text() {
  return "array(" + std::string(npy_dtype<T>().name) + ", " + std::to_string(N) + "d, C)";
}

// Throws Error unless the file holds exactly T elements in N dimensions (N == 0:
// a 0-d array, for a scalar). `param` names the kernel argument, or is nullptr.
template <class T, int N>
void require_npy_type(const NpyArray& header, const std::string& file, const char* param) {
  if (header.dtype == npy_dtype<T>().descr && header.ndim() == N) return;
  const std::string expected =
      N == 0 ? std::string(npy_dtype<T>().name) + " (a 0-d array)" : numba_array_type_text<T, N>();
  throw NpyTypeMismatch((param ? "argument '" + std::string(param) + "' expects " : std::string("expected ")) +
                        expected + " but " + file + " holds " + npy_contents_text(header.dtype, header.shape.size()));
}

// Reads the data of a file already checked to hold T elements in N dimensions
// into a C-order host array.
template <class T, int N>
HostArray<T, N> read_host_array(NpyReader& reader) {
  const NpyArray& header = reader.header();
  std::array<int64_t, N> shape{};
  for (int d = 0; d < N; ++d) shape[static_cast<std::size_t>(d)] = header.shape[static_cast<std::size_t>(d)];
  reader.require_data();
  HostArray<T, N> result;
  allocate_for(reader, [&] {
    result = HostArray<T, N>(shape);
    if (header.fortran && N >= 2) {
      NpyArray stored = header;
      stored.data.resize(reader.data_bytes());
      reader.read_data(stored.data.data());
      const NpyArray c_order = to_c_order(std::move(stored));
      std::memcpy(static_cast<void*>(result.data()), c_order.data.data(), c_order.data.size());
    } else {
      reader.read_data(result.data());
    }
  });
  if constexpr (std::is_same_v<T, bool>) {
    npy_normalise_bools(reinterpret_cast<std::byte*>(result.data()), static_cast<std::size_t>(result.size()));
  }
  return result;
}

}  // namespace detail

// ---------------------------------------------------------------- the API

// Reads a .npy file as it is stored (Fortran-order data stays in Fortran order:
// see to_c_order). Throws Error naming the file if it is malformed or of an
// unsupported dtype.
inline NpyArray read_npy(const std::filesystem::path& path) {
  detail::NpyReader reader(path);
  NpyArray array = reader.header();
  reader.require_data();
  detail::allocate_for(reader, [&] { array.data.resize(reader.data_bytes()); });
  reader.read_data(array.data.data());
  if (array.dtype == npy_dtype<bool>().descr) detail::npy_normalise_bools(array.data.data(), array.data.size());
  return array;
}

// The same array with its data in C order (a transpose of Fortran-order data;
// arrays of fewer than two dimensions are the same in both orders).
inline NpyArray to_c_order(NpyArray array) {
  const int ndim = array.ndim();
  if (!array.fortran || ndim < 2) {
    array.fortran = false;
    return array;
  }
  const std::size_t item = find_npy_dtype(array.dtype)->itemsize;
  std::vector<int64_t> fortran_stride(static_cast<std::size_t>(ndim));  // in elements
  int64_t step = 1;
  for (int d = 0; d < ndim; ++d) {
    fortran_stride[static_cast<std::size_t>(d)] = step;
    step *= array.shape[static_cast<std::size_t>(d)];
  }
  // Walks the elements in C order (the last index fastest), tracking where each
  // one lies in the Fortran-order source.
  std::vector<std::byte> c_data(array.data.size());
  std::vector<int64_t> index(static_cast<std::size_t>(ndim), 0);
  int64_t source = 0;
  const int64_t n = array.size();
  for (int64_t i = 0; i < n; ++i) {
    std::memcpy(c_data.data() + static_cast<std::size_t>(i) * item,
                array.data.data() + static_cast<std::size_t>(source) * item, item);
    for (std::size_t d = static_cast<std::size_t>(ndim); d-- > 0;) {
      if (++index[d] < array.shape[d]) {
        source += fortran_stride[d];
        break;
      }
      source -= (array.shape[d] - 1) * fortran_stride[d];
      index[d] = 0;
    }
  }
  array.data = std::move(c_data);
  array.fortran = false;
  return array;
}

// Writes `array` as a .npy file, byte for byte as numpy.save would. `version` is
// the format version (1, 2 or 3), or 0 for the oldest that fits (1.0, like numpy).
// Throws Error naming the file if the array is inconsistent or the write fails.
inline void write_npy(const std::filesystem::path& path, const NpyArray& array, int version = 0) {
  const std::string file = path.string();
  const NpyDType* dtype = find_npy_dtype(array.dtype);
  if (!dtype) detail::reject_npy_descr(array.dtype, file);
  const std::size_t bytes = detail::npy_data_bytes(array.shape, *dtype, file);
  if (array.data.size() != bytes) {
    throw Error(file + ": cannot write: shape " + detail::npy_shape_text(array.shape) + " of " +
                std::string(dtype->name) + " takes " + std::to_string(bytes) + " bytes, the array holds " +
                std::to_string(array.data.size()));
  }
  const std::string header =
      detail::npy_header_bytes(std::string(dtype->descr), array.shape, array.fortran, version, file);
  detail::write_npy_file(path, header, array.data.data(), bytes);
}

// Writes a host array as a C-order .npy file of T's dtype.
template <class T, int N>
void write_npy(const std::filesystem::path& path, const HostArray<T, N>& array, int version = 0) {
  const std::vector<int64_t> shape(array.shape().begin(), array.shape().end());
  const std::string header =
      detail::npy_header_bytes(std::string(npy_dtype<T>().descr), shape, false, version, path.string());
  detail::write_npy_file(path, header, array.data(), static_cast<std::size_t>(array.size()) * sizeof(T));
}

// Reads a .npy file that must hold exactly T elements in N dimensions, into a
// C-order host array (Fortran-order files are transposed). A different dtype or
// number of dimensions is an NpyTypeMismatch naming both, and `param_name`, the
// kernel argument it is for, when not nullptr:
//   argument 'x' expects array(float32, 1d, C) but x.npy holds int64 with 2 dimensions
template <class T, int N>
HostArray<T, N> read_npy_as(const std::filesystem::path& path, const char* param_name = nullptr) {
  static_assert(!std::is_const_v<T>, "py2cuda::read_npy_as: the element type must not be const");
  detail::NpyReader reader(path);
  detail::require_npy_type<T, N>(reader.header(), reader.file(), param_name);
  return detail::read_host_array<T, N>(reader);
}

// Reads a .npy file that must hold a 0-d array of exactly T's dtype (what
// numpy.save writes for a numpy scalar such as np.float32(2.5)); otherwise throws
// NpyTypeMismatch, like read_npy_as.
template <class T>
T read_npy_scalar(const std::filesystem::path& path, const char* param_name = nullptr) {
  detail::NpyReader reader(path);
  detail::require_npy_type<T, 0>(reader.header(), reader.file(), param_name);
  std::byte bytes[sizeof(T)] = {};
  reader.read_data(bytes);
  if constexpr (std::is_same_v<T, bool>) {
    return bytes[0] != std::byte{0};
  } else {
    T value;
    std::memcpy(&value, bytes, sizeof(T));
    return value;
  }
}

}  // namespace py2cuda
