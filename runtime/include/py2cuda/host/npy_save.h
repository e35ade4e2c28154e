// py2cuda host runtime: np.save, through the runtime's own .npy writer (npy.h, the one the
// kernel harness uses), byte for byte what numpy.save writes for these dtypes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../npy.h"
#include "ndarray.h"

namespace py2cuda::host {

// np.save(file, arr): ".npy" appended unless the name ends with it; always C order.
template <class T, int N>
void save(const std::string& file, const NDArray<T, N>& a) {
  const std::string path = file.size() >= 4 && file.compare(file.size() - 4, 4, ".npy") == 0 ? file : file + ".npy";
  const NDArray<T, N> data = a.copy();
  const std::vector<int64_t> shape(data.shape().begin(), data.shape().end());
  const std::string header = py2cuda::detail::npy_header_bytes(std::string(npy_dtype<T>().descr), shape, false, 0, path);
  py2cuda::detail::write_npy_file(path, header, data.data(), static_cast<std::size_t>(data.size()) * sizeof(T));
}

}  // namespace py2cuda::host
