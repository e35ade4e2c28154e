// py2cuda/npy.h: reading numpy's .npy files (tests/npy/good, written by numpy with
// tests/npy/gen_npy_files.py), rejecting bad ones (tests/npy/bad), and writing files
// byte for byte as numpy.save does. (That numpy reads what npy.h writes is checked by
// tests/npy/run_npy.py.)

#include <py2cuda/npy.h>

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using py2cuda::HostArray;
using py2cuda::NpyArray;

fs::path good(const std::string& name) { return fs::path(PY2CUDA_SOURCE_DIR) / "tests" / "npy" / "good" / name; }
fs::path bad(const std::string& name) { return fs::path(PY2CUDA_SOURCE_DIR) / "tests" / "npy" / "bad" / name; }

std::vector<char> file_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A fresh folder for files a test writes, removed afterwards.
class TempDir {
 public:
  TempDir() {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    // Typed tests are named "Suite/0": no '/' in the folder's name.
    std::string name = "py2cuda-test-npy-" + std::string(info->test_suite_name()) + "-" + info->name();
    for (char& c : name) {
      if (c == '/') c = '_';
    }
    path_ = fs::temp_directory_path() / name;
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  fs::path operator/(const std::string& name) const { return path_ / name; }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// The message of the py2cuda::Error that `f` throws, or "" (a test failure) if none.
std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const py2cuda::Error& e) {
    return e.what();
  }
  ADD_FAILURE() << "no py2cuda::Error thrown";
  return "";
}

// The element at C-order index i of tests/npy/good/ramp_*.npy (gen_npy_files.py's formula).
template <class T>
T ramp(int64_t i) {
  if constexpr (std::is_same_v<T, py2cuda::complex64> || std::is_same_v<T, py2cuda::complex128>) {
    using F = decltype(T{}.real);
    return T(static_cast<F>(0.5 * static_cast<double>(i) - 1.25), static_cast<F>(1.0 - 0.25 * static_cast<double>(i)));
  } else if constexpr (std::is_same_v<T, bool>) {
    return i % 3 == 0;
  } else if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(0.5 * static_cast<double>(i) - 1.25);
  } else if constexpr (std::is_signed_v<T>) {
    return static_cast<T>(3 * i - 7);
  } else {
    return static_cast<T>(3 * i + 1);
  }
}

template <class T, int N>
void expect_ramp(const HostArray<T, N>& a) {
  for (int64_t i = 0; i < a.size(); ++i) EXPECT_EQ(a.data()[i], ramp<T>(i)) << "at C index " << i;
}

// The values of tests/npy/good/extremes_*.npy (gen_npy_files.py's EXTREMES).
template <class T>
std::vector<T> extremes() {
  using L = std::numeric_limits<T>;
  if constexpr (std::is_same_v<T, py2cuda::complex64> || std::is_same_v<T, py2cuda::complex128>) {
    // The part type's extremes as real parts, the same reversed as imaginary parts.
    using F = decltype(T{}.real);
    const std::vector<F> parts = extremes<F>();
    std::vector<T> out;
    for (std::size_t k = 0; k < parts.size(); ++k) out.push_back(T(parts[k], parts[parts.size() - 1 - k]));
    return out;
  } else if constexpr (std::is_same_v<T, bool>) {
    return {false, true};
  } else if constexpr (std::is_floating_point_v<T>) {
    return {T(-0.0),  L::infinity(), -L::infinity(), L::quiet_NaN(), L::denorm_min(),
            L::max(), L::lowest(),   L::min(),       T(0.1)};
  } else if constexpr (std::is_signed_v<T>) {
    return {L::min(), T(-1), T(0), T(1), L::max()};
  } else {
    return {T(0), T(1), L::max()};
  }
}

// ---------------------------------------------------------------- every dtype

template <class T>
class NpyEveryDType : public testing::Test {
 protected:
  static std::string word() { return std::string(py2cuda::npy_dtype<T>().name); }
};

using AllDTypes =
    testing::Types<bool, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t, float, double,
                   py2cuda::complex64, py2cuda::complex128>;
TYPED_TEST_SUITE(NpyEveryDType, AllDTypes);

TYPED_TEST(NpyEveryDType, ReadsAOneDimensionalRamp) {
  const HostArray<TypeParam, 1> a = py2cuda::read_npy_as<TypeParam, 1>(good("ramp_" + this->word() + "_5.npy"));
  EXPECT_EQ(a.shape(), (std::array<int64_t, 1>{5}));
  expect_ramp(a);
}

TYPED_TEST(NpyEveryDType, TransposesAFortranOrderFile) {
  const fs::path path = good("ramp_" + this->word() + "_2x3_F.npy");
  const HostArray<TypeParam, 2> a = py2cuda::read_npy_as<TypeParam, 2>(path);
  EXPECT_EQ(a.shape(), (std::array<int64_t, 2>{2, 3}));
  expect_ramp(a);

  // read_npy keeps the file's order: element (r, c) at r + 2 * c.
  const NpyArray raw = py2cuda::read_npy(path);
  EXPECT_TRUE(raw.fortran);
  EXPECT_EQ(raw.dtype, py2cuda::npy_dtype<TypeParam>().descr);
  ASSERT_EQ(raw.data.size(), 6 * sizeof(TypeParam));
  const auto* stored = reinterpret_cast<const TypeParam*>(raw.data.data());
  for (int r = 0; r < 2; ++r) {
    for (int c = 0; c < 3; ++c) EXPECT_EQ(stored[r + 2 * c], ramp<TypeParam>(r * 3 + c));
  }
  const NpyArray c_order = py2cuda::to_c_order(raw);
  EXPECT_FALSE(c_order.fortran);
  const auto* values = reinterpret_cast<const TypeParam*>(c_order.data.data());
  for (int i = 0; i < 6; ++i) EXPECT_EQ(values[i], ramp<TypeParam>(i));
}

TYPED_TEST(NpyEveryDType, ReadsExtremeValuesBitForBit) {
  const HostArray<TypeParam, 1> a = py2cuda::read_npy_as<TypeParam, 1>(good("extremes_" + this->word() + ".npy"));
  const std::vector<TypeParam> expected = extremes<TypeParam>();
  ASSERT_EQ(a.size(), static_cast<int64_t>(expected.size()));
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if constexpr (std::is_same_v<TypeParam, py2cuda::complex64> || std::is_same_v<TypeParam, py2cuda::complex128>) {
      // Bit for bit, part by part (NaN parts included).
      EXPECT_EQ(std::memcmp(&a(i), &expected[i], sizeof(TypeParam)), 0) << "at " << i;
      continue;
    }
    if constexpr (std::is_floating_point_v<TypeParam>) {
      if (std::isnan(expected[i])) {
        EXPECT_TRUE(std::isnan(a(i)));
        continue;
      }
      EXPECT_EQ(std::signbit(a(i)), std::signbit(expected[i])) << "at " << i;
    }
    EXPECT_EQ(a(i), expected[i]) << "at " << i;
  }
}

TYPED_TEST(NpyEveryDType, WritesTheBytesNumpyWrites) {
  TempDir dir;
  HostArray<TypeParam, 1> a({5});
  for (int64_t i = 0; i < 5; ++i) a(i) = ramp<TypeParam>(i);
  py2cuda::write_npy(dir / "ramp.npy", a);
  EXPECT_EQ(file_bytes(dir / "ramp.npy"), file_bytes(good("ramp_" + this->word() + "_5.npy")));

  // Type-erased, in Fortran order, as read.
  const fs::path fortran = good("ramp_" + this->word() + "_2x3_F.npy");
  py2cuda::write_npy(dir / "fortran.npy", py2cuda::read_npy(fortran));
  EXPECT_EQ(file_bytes(dir / "fortran.npy"), file_bytes(fortran));

  const fs::path limits = good("extremes_" + this->word() + ".npy");
  py2cuda::write_npy(dir / "extremes.npy", py2cuda::read_npy_as<TypeParam, 1>(limits));
  EXPECT_EQ(file_bytes(dir / "extremes.npy"), file_bytes(limits));
}

TEST(Npy, DTypeTableMatchesTheCppTypes) {
  EXPECT_EQ(py2cuda::npy_dtype<float>().descr, "<f4");
  EXPECT_EQ(py2cuda::npy_dtype<const double>().name, "float64");
  EXPECT_EQ(py2cuda::npy_dtype<bool>().descr, "|b1");
  EXPECT_EQ(py2cuda::npy_dtype<py2cuda::complex64>().descr, "<c8");
  EXPECT_EQ(py2cuda::npy_dtype<py2cuda::complex128>().name, "complex128");
  EXPECT_EQ(py2cuda::npy_dtype<uint8_t>().descr, "|u1");
  EXPECT_EQ(py2cuda::npy_dtype<int64_t>().descr, "<i8");
  EXPECT_EQ(py2cuda::npy_dtype<long long>().descr, "<i8");
  EXPECT_EQ(py2cuda::npy_dtype<unsigned short>().descr, "<u2");
  for (const py2cuda::NpyDType& d : py2cuda::kNpyDTypes) EXPECT_EQ(py2cuda::find_npy_dtype(d.descr), &d);
  EXPECT_EQ(py2cuda::find_npy_dtype("<i1")->descr, "|i1");
  EXPECT_EQ(py2cuda::find_npy_dtype("<b1")->descr, "|b1");
  EXPECT_EQ(py2cuda::find_npy_dtype("|f4"), nullptr);
  EXPECT_EQ(py2cuda::find_npy_dtype(">f4"), nullptr);
  EXPECT_EQ(py2cuda::npy_dtype<__half>().descr, "<f2");
  EXPECT_EQ(py2cuda::find_npy_dtype(">f2"), nullptr);
}

// ---------------------------------------------------------------- versions, shapes, headers

TEST(Npy, ReadsFormatVersionsOneTwoAndThree) {
  expect_ramp(py2cuda::read_npy_as<int32_t, 2>(good("ramp_int32_2x3_C_v1.npy")));
  expect_ramp(py2cuda::read_npy_as<float, 3>(good("ramp_float32_2x3x4_C_v2.npy")));
  expect_ramp(py2cuda::read_npy_as<double, 3>(good("ramp_float64_2x3x4_F_v3.npy")));
  expect_ramp(py2cuda::read_npy_as<int16_t, 2>(good("ramp_int16_3x2_C_v3.npy")));
  expect_ramp(py2cuda::read_npy_as<uint32_t, 3>(good("ramp_uint32_4x1x2_F_v2.npy")));
  expect_ramp(py2cuda::read_npy_as<bool, 2>(good("ramp_bool_3x4_F_v1.npy")));
  const auto a = py2cuda::read_npy_as<double, 3>(good("ramp_float64_2x3x4_F_v3.npy"));
  EXPECT_EQ(a.shape(), (std::array<int64_t, 3>{2, 3, 4}));
  EXPECT_EQ(a(1, 2, 3), ramp<double>(23));
}

// float16 ('<f2') arrays are read into __half (half.h) bit for bit: numpy's
// float16 is IEEE binary16 in the same two bytes.
TEST(Npy, ReadsAndWritesFloat16BitForBit) {
  const auto bits = [](const HostArray<__half, 1>& a) {
    std::vector<uint16_t> out;
    for (int64_t i = 0; i < a.size(); ++i) out.push_back(__half_as_ushort(a(i)));
    return out;
  };
  // -0.0, inf, -inf, NaN, smallest subnormal 2**-24, max 65504, -65504, smallest
  // normal 2**-14, and 0.1 rounded to half (0x2E66).
  const HostArray<__half, 1> ext = py2cuda::read_npy_as<__half, 1>(good("extremes_float16.npy"));
  EXPECT_EQ(bits(ext), (std::vector<uint16_t>{0x8000, 0x7C00, 0xFC00, 0x7E00, 0x0001, 0x7BFF, 0xFBFF, 0x0400, 0x2E66}));
  const HostArray<__half, 1> r = py2cuda::read_npy_as<__half, 1>(good("ramp_float16_5.npy"));
  for (int64_t i = 0; i < r.size(); ++i) EXPECT_EQ(static_cast<float>(r(i)), 0.5f * i - 1.25f) << "at " << i;
  const auto f = py2cuda::read_npy_as<__half, 2>(good("ramp_float16_2x3_F.npy"));
  EXPECT_EQ(static_cast<float>(f(1, 2)), 0.5f * 5 - 1.25f);
  TempDir dir;
  py2cuda::write_npy(dir / "ext.npy", ext);
  EXPECT_EQ(file_bytes(dir / "ext.npy"), file_bytes(good("extremes_float16.npy")));
}

TEST(Npy, ReadsZeroDimensionalArrays) {
  EXPECT_EQ(py2cuda::read_npy_scalar<double>(good("scalar_float64.npy")), 2.5);
  EXPECT_EQ(py2cuda::read_npy_scalar<int32_t>(good("scalar_int32.npy")), -7);
  EXPECT_TRUE(py2cuda::read_npy_scalar<bool>(good("scalar_bool.npy")));
  const NpyArray raw = py2cuda::read_npy(good("scalar_float64.npy"));
  EXPECT_TRUE(raw.shape.empty());
  EXPECT_EQ(raw.size(), 1);
  EXPECT_EQ(raw.data.size(), 8u);
}

TEST(Npy, ReadsEmptyArrays) {
  const auto a = py2cuda::read_npy_as<int32_t, 1>(good("empty_int32_0.npy"));
  EXPECT_EQ(a.size(), 0);
  const auto b = py2cuda::read_npy_as<float, 2>(good("empty_float32_2x0.npy"));
  EXPECT_EQ(b.shape(), (std::array<int64_t, 2>{2, 0}));
  EXPECT_EQ(b.size(), 0);
}

TEST(Npy, ReadsHeadersNumpyReadsButDoesNotWrite) {
  for (const char* name :
       {"header_python2_long.npy", "header_double_quotes.npy", "header_reordered.npy", "header_unpadded.npy"}) {
    SCOPED_TRACE(name);
    expect_ramp(py2cuda::read_npy_as<uint16_t, 1>(good(name)));
  }
  const NpyArray lt = py2cuda::read_npy(good("descr_lt_int8.npy"));
  EXPECT_EQ(lt.dtype, "|i1");  // canonical
  expect_ramp(py2cuda::read_npy_as<int8_t, 1>(good("descr_lt_int8.npy")));
}

TEST(Npy, MakesEveryNonZeroBoolByteTrue) {
  const NpyArray raw = py2cuda::read_npy(good("bool_nonzero_bytes.npy"));
  EXPECT_EQ(raw.data, (std::vector<std::byte>{std::byte{0}, std::byte{1}, std::byte{1}, std::byte{1}}));
  const auto a = py2cuda::read_npy_as<bool, 1>(good("bool_nonzero_bytes.npy"));
  const auto* bytes = reinterpret_cast<const unsigned char*>(a.data());
  for (int i = 0; i < 4; ++i) EXPECT_EQ(bytes[i], i == 0 ? 0 : 1);
}

TEST(Npy, ToCOrderTransposesAnyNumberOfDimensions) {
  // A 2x3x2 int32 array in Fortran order: element (i, j, k) at i + 2*j + 6*k.
  NpyArray a{"<i4", {2, 3, 2}, true, std::vector<std::byte>(12 * 4)};
  auto* f = reinterpret_cast<int32_t*>(a.data.data());
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 3; ++j) {
      for (int k = 0; k < 2; ++k) f[i + 2 * j + 6 * k] = 100 * i + 10 * j + k;
    }
  }
  const NpyArray c = py2cuda::to_c_order(a);
  EXPECT_FALSE(c.fortran);
  const auto* v = reinterpret_cast<const int32_t*>(c.data.data());
  int n = 0;
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 3; ++j) {
      for (int k = 0; k < 2; ++k) EXPECT_EQ(v[n++], 100 * i + 10 * j + k);
    }
  }
  // One dimension: the same bytes in both orders.
  const NpyArray one{"|u1", {3}, true, {std::byte{1}, std::byte{2}, std::byte{3}}};
  const NpyArray same = py2cuda::to_c_order(one);
  EXPECT_FALSE(same.fortran);
  EXPECT_EQ(same.data, one.data);
}

// ---------------------------------------------------------------- type mismatches

TEST(Npy, RejectsAnotherDTypeOrNumberOfDimensionsNamingBoth) {
  const fs::path path = good("ramp_int64_2x3_F.npy");
  try {
    (void)py2cuda::read_npy_as<float, 1>(path, "x");
    FAIL() << "no error";
  } catch (const py2cuda::NpyTypeMismatch& e) {
    EXPECT_EQ(std::string(e.what()),
              "argument 'x' expects array(float32, 1d, C) but " + path.string() + " holds int64 with 2 dimensions");
  }
  EXPECT_EQ(error_of([&] { (void)py2cuda::read_npy_as<int64_t, 1>(path); }),
            "expected array(int64, 1d, C) but " + path.string() + " holds int64 with 2 dimensions");
  const fs::path one = good("ramp_int32_5.npy");
  EXPECT_EQ(error_of([&] { (void)py2cuda::read_npy_as<uint32_t, 1>(one, "n"); }),
            "argument 'n' expects array(uint32, 1d, C) but " + one.string() + " holds int32 with 1 dimension");
  const fs::path scalar = good("scalar_float64.npy");
  EXPECT_EQ(error_of([&] { (void)py2cuda::read_npy_as<double, 1>(scalar, "v"); }),
            "argument 'v' expects array(float64, 1d, C) but " + scalar.string() + " holds float64 with 0 dimensions");
  EXPECT_EQ(error_of([&] { (void)py2cuda::read_npy_scalar<float>(scalar, "s"); }),
            "argument 's' expects float32 (a 0-d array) but " + scalar.string() + " holds float64 with 0 dimensions");
  EXPECT_EQ(error_of([&] { (void)py2cuda::read_npy_scalar<int32_t>(one, "s"); }),
            "argument 's' expects int32 (a 0-d array) but " + one.string() + " holds int32 with 1 dimension");
}

// ---------------------------------------------------------------- malformed files

struct BadFile {
  const char* name;
  const char* message;  // what the error says after "<file>: "
};

const BadFile kBadFiles[] = {
    {"empty.npy", "is empty, not a .npy file"},
    {"bad_magic.npy", "not a .npy file (it does not start with \"\\x93NUMPY\")"},
    {"text_file.npy", "not a .npy file"},
    {"truncated_magic.npy", "truncated: the file ends inside the .npy magic and version"},
    {"truncated_length.npy", "truncated: the file ends inside the length of the .npy header"},
    {"truncated_header.npy", "truncated header: it should be 118 bytes, the file has 30"},
    {"version_4.npy", ".npy format version 4.0 is not supported (1.0, 2.0 and 3.0 are)"},
    {"header_not_dict.npy", "malformed .npy header: the header is not a Python dict"},
    {"header_syntax.npy", "malformed .npy header: expected True or False for 'fortran_order' (at offset 34"},
    {"header_missing_shape.npy", "malformed .npy header: the key 'shape' is missing"},
    {"header_extra_key.npy", "malformed .npy header: unexpected key 'align'"},
    {"header_negative_dim.npy", "malformed .npy header: a dimension of 'shape' is negative"},
    {"header_shape_not_tuple.npy", "malformed .npy header: expected a tuple for 'shape'"},
    {"header_trailing_text.npy", "malformed .npy header: text after the dict"},
    {"big_endian_float16.npy",
     "holds big-endian data (dtype '>f2'), which is not supported; save it little-endian, "
     "with a.astype('<f2')"},
    {"descr_complex256.npy", "dtype '<c32' is not supported (py2cuda reads little-endian bool, int8, uint8"},
    {"descr_unicode.npy", "dtype '<U2' is not supported"},
    {"big_endian_float32.npy",
     "holds big-endian data (dtype '>f4'), which is not supported; save it little-endian, "
     "with a.astype('<f4')"},
    {"object.npy", "holds Python objects (dtype '|O'), which cannot be read without Python"},
    {"structured.npy", "holds a structured dtype (its descr is a list), which is not supported"},
    {"data_truncated.npy", "truncated data: shape (5,) of float32 takes 20 bytes, the file has 12"},
    {"data_trailing.npy", "holds more bytes than its shape (5,) of float32 takes (20)"},
    {"header_length_huge.npy", "truncated header: it should be 4294967280 bytes, the file has 138"},
    {"shape_larger_than_file.npy",
     "truncated data: shape (1099511627776,) of float32 takes 4398046511104 bytes, the file has 20"},
    {"shape_bytes_overflow.npy", "the shape (4294967296, 4294967296) is too large to fit in memory"},
    {"shape_dimension_overflow.npy", "malformed .npy header: a dimension of 'shape' is too large"},
    {"header_key_control_chars.npy", "malformed .npy header: unexpected key 'desc\\nr\\x1b' (expected 'descr',"},
    {"shape_empty_overflow.npy", "the shape (4611686018427387904, 2, 0) is too large to fit in memory"},
    {"big_endian_int64.npy",
     "holds big-endian data (dtype '>i8'), which is not supported; save it little-endian, "
     "with a.astype('<i8')"},
    {"header_fortran_order_not_bool.npy", "malformed .npy header: expected True or False for 'fortran_order'"},
    {"header_shape_float.npy", "malformed .npy header: expected ',' between the dimensions of 'shape'"},
    {"header_duplicate_key.npy", "malformed .npy header: the key 'descr' appears twice"},
};

TEST(Npy, RejectsEveryBadFileNamingIt) {
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(bad(""))) files += entry.path().extension() == ".npy";
  EXPECT_EQ(files, std::size(kBadFiles)) << "tests/npy/bad has a file this test does not know";

  for (const BadFile& b : kBadFiles) {
    SCOPED_TRACE(b.name);
    const std::string prefix = bad(b.name).string() + ": ";
    for (const std::string& message : {error_of([&] { (void)py2cuda::read_npy(bad(b.name)); }),
                                       error_of([&] { (void)py2cuda::read_npy_as<float, 1>(bad(b.name), "x"); })}) {
      EXPECT_EQ(message.rfind(prefix, 0), 0u) << message;
      EXPECT_NE(message.find(b.message), std::string::npos) << message;
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
  }
}

TEST(Npy, ReportsAnAllocationFailureNamingTheFile) {
  const fs::path file = good("ramp_float32_5.npy");
  py2cuda::detail::NpyReader reader(file);
  EXPECT_EQ(error_of([&] { py2cuda::detail::allocate_for(reader, [] { throw std::bad_alloc(); }); }),
            file.string() + ": its data (20 bytes) does not fit in the memory available");
}

TEST(Npy, RejectsAMissingFileAndAFolder) {
  TempDir dir;
  EXPECT_EQ(error_of([&] { (void)py2cuda::read_npy(dir / "nope.npy"); }),
            (dir / "nope.npy").string() + ": no such file");
  EXPECT_EQ(error_of([&] { (void)py2cuda::read_npy(dir.path()); }),
            dir.path().string() + ": is a directory, not a .npy file");
}

// ---------------------------------------------------------------- writing

TEST(Npy, WritesEachFormatVersionAsNumpyDoes) {
  TempDir dir;
  const fs::path v3 = good("ramp_float64_2x3x4_F_v3.npy");
  py2cuda::write_npy(dir / "v3.npy", py2cuda::read_npy(v3), 3);
  EXPECT_EQ(file_bytes(dir / "v3.npy"), file_bytes(v3));
  const fs::path v2 = good("ramp_float32_2x3x4_C_v2.npy");
  py2cuda::write_npy(dir / "v2.npy", py2cuda::read_npy_as<float, 3>(v2), 2);
  EXPECT_EQ(file_bytes(dir / "v2.npy"), file_bytes(v2));
  const fs::path scalar = good("scalar_float64.npy");
  py2cuda::write_npy(dir / "scalar.npy", py2cuda::read_npy(scalar));
  EXPECT_EQ(file_bytes(dir / "scalar.npy"), file_bytes(scalar));
  const fs::path empty = good("empty_float32_2x0.npy");
  py2cuda::write_npy(dir / "empty.npy", py2cuda::read_npy_as<float, 2>(empty));
  EXPECT_EQ(file_bytes(dir / "empty.npy"), file_bytes(empty));
}

TEST(Npy, PicksVersionTwoForAHeaderTooLongForVersionOne) {
  TempDir dir;
  NpyArray a{"|u1", std::vector<int64_t>(30000, 1), false, {std::byte{7}}};
  py2cuda::write_npy(dir / "long.npy", a);
  EXPECT_EQ(file_bytes(dir / "long.npy")[6], 2);
  const NpyArray back = py2cuda::read_npy(dir / "long.npy");
  EXPECT_EQ(back.shape.size(), 30000u);
  EXPECT_EQ(back.data, a.data);
  EXPECT_NE(error_of([&] {
              py2cuda::write_npy(dir / "v1.npy", a, 1);
            }).find("the .npy header is too long for format version 1.0"),
            std::string::npos);
  EXPECT_NE(error_of([&] { py2cuda::write_npy(dir / "v4.npy", a, 4); }).find("cannot write .npy format version 4"),
            std::string::npos);
}

TEST(Npy, RefusesToWriteAnInconsistentArray) {
  TempDir dir;
  const fs::path path = dir / "x.npy";
  EXPECT_EQ(error_of([&] {
              py2cuda::write_npy(path, NpyArray{"<f4", {3}, false, std::vector<std::byte>(8)});
            }),
            path.string() + ": cannot write: shape (3,) of float32 takes 12 bytes, the array holds 8");
  EXPECT_NE(error_of([&] {
              py2cuda::write_npy(path, NpyArray{">f8", {1}, false, std::vector<std::byte>(8)});
            }).find("big-endian"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              py2cuda::write_npy(path, NpyArray{"<f4", {-1}, false, {}});
            }).find("negative dimension"),
            std::string::npos);
  EXPECT_FALSE(fs::exists(path));
}

TEST(Npy, WritesThroughATemporaryFileAndReplacesAnOldOne) {
  TempDir dir;
  const fs::path path = dir / "x.npy";
  HostArray<int16_t, 1> a({2});
  a(0) = 1;
  py2cuda::write_npy(path, a);
  HostArray<int16_t, 1> b({3});
  b(2) = -5;
  py2cuda::write_npy(path, b);
  const auto back = py2cuda::read_npy_as<int16_t, 1>(path);
  EXPECT_EQ(back.size(), 3);
  EXPECT_EQ(back(2), -5);
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir.path())) ++files;
  EXPECT_EQ(files, 1u);  // no x.npy.partial left behind

  EXPECT_EQ(error_of([&] { py2cuda::write_npy(dir / "no" / "such" / "x.npy", a); }),
            (dir / "no" / "such" / "x.npy").string() + ": cannot write: the folder " + (dir / "no" / "such").string() +
                " does not exist");
}

}  // namespace
