// Reads .npy files with py2cuda's npy.h and writes them back, for numpy to check
// (gen_npy_files.py --check; run_npy.py builds and runs this).
//
//   npy_roundtrip IN_DIR OUT_DIR
//
// For every IN_DIR/NAME.npy: read_npy, then write_npy to OUT_DIR/NAME.npy in the
// format version of the original. For every ramp_*.npy also read_npy_as<T, N>
// (the typed path, which transposes Fortran-order data) and write the HostArray
// to OUT_DIR/typed/NAME.npy. Exits 1, after the other files, if one fails.
#include <py2cuda/npy.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

namespace {

namespace fs = std::filesystem;

int version_of(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  char prefix[7] = {};
  in.read(prefix, sizeof prefix);
  return static_cast<unsigned char>(prefix[6]);
}

template <class T>
void write_typed(const fs::path& in, const fs::path& out, int ndim) {
  switch (ndim) {
    case 1:
      py2cuda::write_npy(out, py2cuda::read_npy_as<T, 1>(in));
      return;
    case 2:
      py2cuda::write_npy(out, py2cuda::read_npy_as<T, 2>(in));
      return;
    case 3:
      py2cuda::write_npy(out, py2cuda::read_npy_as<T, 3>(in));
      return;
    default:
      throw py2cuda::Error(in.string() + ": no typed round trip for " + std::to_string(ndim) + " dimensions");
  }
}

void write_typed(const fs::path& in, const fs::path& out, const py2cuda::NpyArray& array) {
  const std::string& d = array.dtype;
  const int n = array.ndim();
  if (d == "|b1") return write_typed<bool>(in, out, n);
  if (d == "|i1") return write_typed<int8_t>(in, out, n);
  if (d == "|u1") return write_typed<uint8_t>(in, out, n);
  if (d == "<i2") return write_typed<int16_t>(in, out, n);
  if (d == "<u2") return write_typed<uint16_t>(in, out, n);
  if (d == "<i4") return write_typed<int32_t>(in, out, n);
  if (d == "<u4") return write_typed<uint32_t>(in, out, n);
  if (d == "<i8") return write_typed<int64_t>(in, out, n);
  if (d == "<u8") return write_typed<uint64_t>(in, out, n);
  if (d == "<f2") return write_typed<__half>(in, out, n);
  if (d == "<f4") return write_typed<float>(in, out, n);
  if (d == "<f8") return write_typed<double>(in, out, n);
  if (d == "<c8") return write_typed<py2cuda::complex64>(in, out, n);
  if (d == "<c16") return write_typed<py2cuda::complex128>(in, out, n);
  throw py2cuda::Error(in.string() + ": no typed round trip for dtype " + d);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: npy_roundtrip IN_DIR OUT_DIR\n";
    return 2;
  }
  const fs::path in_dir = argv[1], out_dir = argv[2];
  fs::create_directories(out_dir / "typed");
  int failures = 0, files = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(in_dir)) {
    const fs::path& in = entry.path();
    if (in.extension() != ".npy") continue;
    ++files;
    try {
      const py2cuda::NpyArray array = py2cuda::read_npy(in);
      py2cuda::write_npy(out_dir / in.filename(), array, version_of(in));
      if (in.filename().string().rfind("ramp_", 0) == 0) write_typed(in, out_dir / "typed" / in.filename(), array);
    } catch (const py2cuda::Error& e) {
      std::cerr << e.what() << "\n";
      ++failures;
    }
  }
  std::cout << "npy_roundtrip: " << files << " files, " << failures << " failed\n";
  return failures ? 1 : 0;
}
