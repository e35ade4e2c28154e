// The C++ half of tests/host/run_host_ndarray.py: computes each case with the
// py2cuda::host array library and prints one line per case,
//
//   NAME DTYPE SHAPE VALUE...        SHAPE "3x4", or "()" for a scalar
//   NAME ERR Type: message           the case raised a PyException
//
// with floats as the hex of their bits, so the comparison with NumPy (which prints the
// same cases the same way) is bit for bit. Inputs come from splitmix64, reproduced by
// the Python side. Names starting with "ulp:" are compared within a few ulps (C library
// transcendentals vs NumPy's SIMD ones).
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "py2cuda/host/creation.h"
#include "py2cuda/host/device_ndarray.h"
#include "py2cuda/host/elementwise.h"
#include "py2cuda/host/ndarray.h"
#include "py2cuda/host/reductions.h"
#include "py2cuda/host/views.h"

namespace h = py2cuda::host;
using h::NDArray;
using h::Shape;
using h::slice;
using py2cuda::none;

namespace {

// ---- inputs -------------------------------------------------------------------------

uint64_t splitmix64(uint64_t& state) {
  state += 0x9E3779B97F4A7C15ull;
  uint64_t z = state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Values of very different magnitudes (20-bit integers times 2^-20..2^20), so the order
// of additions shows in the sum. Exact in float32 too.
NDArray<double, 1> random_f64(uint64_t seed, int64_t n) {
  NDArray<double, 1> a(Shape<1>{n});
  uint64_t state = seed;
  for (int64_t i = 0; i < n; ++i) {
    const uint64_t u = splitmix64(state);
    const int64_t mantissa = static_cast<int64_t>((u >> 11) % (1u << 20)) - (1 << 19);
    a(i) = std::ldexp(static_cast<double>(mantissa), static_cast<int>(u % 41) - 20);
  }
  return a;
}

// Large integers (|x| < 2^51): their float64 sums round.
NDArray<int64_t, 1> random_i64(uint64_t seed, int64_t n) {
  NDArray<int64_t, 1> a(Shape<1>{n});
  uint64_t state = seed;
  for (int64_t i = 0; i < n; ++i) a(i) = static_cast<int64_t>(splitmix64(state) >> 12) - (int64_t{1} << 51);
  return a;
}

// ---- printing -----------------------------------------------------------------------

template <class T>
const char* dtype_name() {
  if constexpr (std::is_same_v<T, bool>) return "bool";
  else if constexpr (std::is_same_v<T, float>) return "float32";
  else if constexpr (std::is_same_v<T, double>) return "float64";
  else if constexpr (std::is_same_v<T, int8_t>) return "int8";
  else if constexpr (std::is_same_v<T, int16_t>) return "int16";
  else if constexpr (std::is_same_v<T, int32_t>) return "int32";
  else if constexpr (std::is_same_v<T, int64_t>) return "int64";
  else if constexpr (std::is_same_v<T, uint8_t>) return "uint8";
  else if constexpr (std::is_same_v<T, uint16_t>) return "uint16";
  else if constexpr (std::is_same_v<T, uint32_t>) return "uint32";
  else return "uint64";
}

template <class T>
std::string value_text(T v) {
  char buf[40];
  if constexpr (std::is_same_v<T, double>) {
    uint64_t bits;
    std::memcpy(&bits, &v, 8);
    std::snprintf(buf, sizeof buf, "%016" PRIx64, bits);
  } else if constexpr (std::is_same_v<T, float>) {
    uint32_t bits;
    std::memcpy(&bits, &v, 4);
    std::snprintf(buf, sizeof buf, "%08" PRIx32, bits);
  } else if constexpr (std::is_same_v<T, bool>) {
    return v ? "1" : "0";
  } else if constexpr (std::is_signed_v<T>) {
    std::snprintf(buf, sizeof buf, "%" PRId64, static_cast<int64_t>(v));
  } else {
    std::snprintf(buf, sizeof buf, "%" PRIu64, static_cast<uint64_t>(v));
  }
  return buf;
}

template <class T, int N>
void out(const std::string& name, const NDArray<T, N>& a) {
  std::string line = name + " " + dtype_name<T>() + " ";
  for (int d = 0; d < N; ++d) line += (d ? "x" : "") + std::to_string(a.shape(d));
  a.for_each_offset([&](int64_t o) { line += " " + value_text(a.data()[o]); });
  std::puts(line.c_str());
}

template <class T>
void out(const std::string& name, T v) {
  std::printf("%s %s () %s\n", name.c_str(), dtype_name<T>(), value_text(v).c_str());
}

template <class F>
void err(const std::string& name, F&& f) {
  try {
    f();
    std::printf("%s noerror\n", name.c_str());
  } catch (const h::PyException& e) {
    std::printf("%s ERR %s: %s\n", name.c_str(), e.type_name().c_str(), e.what());
  }
}

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

// ---- cases --------------------------------------------------------------------------

void pairwise_sums() {
  std::vector<int64_t> sizes;
  for (int64_t n = 0; n <= 300; ++n) sizes.push_back(n);
  for (int64_t n : {1000, 8191, 8192, 8193, 16385, 20000, 100000}) sizes.push_back(n);
  for (int64_t n : sizes) {
    const auto a = random_f64(static_cast<uint64_t>(n), n);
    const auto f = h::astype<float>(a);
    out("sum_f64_" + std::to_string(n), h::sum(a));
    out("sum_f32_" + std::to_string(n), h::sum(f));
    if (n % 7 == 3 || n >= 1000) {
      out("mean_f64_" + std::to_string(n), h::mean(a));
      out("mean_f32_" + std::to_string(n), h::mean(f));
      out("var_f64_" + std::to_string(n), h::var(a));
      out("std_f32_" + std::to_string(n), h::std(f, 1));
      out("sum_f32_as_f64_" + std::to_string(n), h::sum<double>(f));
    }
  }
  // Strided, reversed and 2-D layouts.
  const auto a = random_f64(7, 100000);
  const auto f = h::astype<float>(a);
  out("sum_step3_f64", h::sum(h::view(a, h::slice(none, none, 3))));
  out("sum_step3_f32", h::sum(h::view(f, h::slice(none, none, 3))));
  out("sum_reversed_f64", h::sum(h::view(a, h::slice(none, none, -1))));
  out("sum_reversed_f32", h::sum(h::view(f, h::slice(none, none, -2))));
  const std::vector<std::array<int64_t, 2>> shapes = {{3, 5}, {7, 130}, {5, 300}, {2, 9000}, {130, 3}, {250, 400}};
  for (const auto& s : shapes) {
    const std::string tag = std::to_string(s[0]) + "x" + std::to_string(s[1]);
    const auto m64 = h::reshape<2>(h::view(a, h::slice(0, s[0] * s[1])), Shape<2>{s[0], s[1]});
    const auto m = h::astype<float>(m64);
    out("sum2d_" + tag, h::sum(m));
    out("sum2d_T_" + tag, h::sum(h::transpose(m)));
    out("sum2d_ax0_" + tag, h::sum(m, 0));
    out("sum2d_ax1_" + tag, h::sum(m, 1));
    out("sum2d_T_ax0_" + tag, h::sum(h::transpose(m), 0));
    out("sum2d_T_ax1_" + tag, h::sum(h::transpose(m), 1));
    out("sum2d_f64_ax1_" + tag, h::sum(m64, 1));
    out("sum2d_f64_ax0_" + tag, h::sum(m64, -2));
    const auto sliced = h::view(m, h::slice(), h::slice(none, s[1] - 1));
    out("sum2d_sliced_" + tag, h::sum(sliced));
    out("sum2d_sliced_as_f64_" + tag, h::sum<double>(sliced));
    out("mean2d_ax0_" + tag, h::mean(m, 0));
    out("mean2d_ax1_" + tag, h::mean(m, 1));
    out("var2d_ax0_" + tag, h::var(m, 0, 0));
    out("std2d_ax1_" + tag, h::std(m64, 1, 1));
    out("var2d_T_" + tag, h::var(h::transpose(m)));
    out("max2d_ax0_" + tag, h::max(m, 0));
    out("min2d_ax1_" + tag, h::min(m, 1));
    out("argmax2d_ax0_" + tag, h::argmax(m, 0));
    out("argmin2d_ax1_" + tag, h::argmin(m, 1));
  }
  // Other layouts: 3-D, reversed and strided 2-D views.
  const auto cube = h::reshape<3>(h::view(f, h::slice(0, 4 * 50 * 300)), Shape<3>{4, 50, 300});
  out("sum3d", h::sum(cube));
  out("sum3d_ax0", h::sum(cube, 0));
  out("sum3d_ax1", h::sum(cube, 1));
  out("sum3d_ax2", h::sum(cube, 2));
  out("mean3d_ax2", h::mean(cube, -1));
  out("sum3d_T", h::sum(h::transpose(cube)));
  const auto big = h::reshape<2>(h::view(f, h::slice(0, 300 * 300)), Shape<2>{300, 300});
  out("sum2d_rows_reversed", h::sum(h::view(big, h::slice(none, none, -1))));
  out("sum2d_cols_reversed", h::sum(h::view(big, h::slice(), h::slice(none, none, -1))));
  out("sum2d_step2_ax1", h::sum(h::view(big, h::slice(), h::slice(none, none, 2)), 1));
  out("sum2d_step2_ax0", h::sum(h::view(big, h::slice(), h::slice(none, none, 2)), 0));
  out("sum2d_rows_reversed_ax1", h::sum(h::view(big, h::slice(none, none, -1)), 1));
  out("sum2d_cols_reversed_ax1", h::sum(h::view(big, h::slice(), h::slice(none, none, -1)), 1));
  out("mean2d_T", h::mean(h::transpose(big)));
  out("var2d_step2", h::var(h::view(big, h::slice(), h::slice(none, none, 2))));
  out("sum1d_step2_as_f64", h::sum<double>(h::view(f, h::slice(none, none, 2))));
  // Integer input: float64 accumulation through the cast buffer.
  for (int64_t n : {5, 1000, 8193, 100000}) {
    const auto i = random_i64(static_cast<uint64_t>(n) + 1, n);
    out("mean_i64_" + std::to_string(n), h::mean(i));
    out("var_i64_" + std::to_string(n), h::var(i, 1));
    out("sum_i64_" + std::to_string(n), h::sum(i));
    out("mean_i32_" + std::to_string(n), h::mean(h::astype<int32_t>(i)));
  }
  const auto i2 = h::reshape<2>(random_i64(3, 3 * 9000), Shape<2>{3, 9000});
  out("mean_i64_ax1", h::mean(i2, 1));
  out("mean_i64_ax0", h::mean(i2, 0));
  out("sum_bool", h::sum(h::greater<double>(a, 0.0)));
  out("sum_u8", h::sum(h::astype<uint8_t>(h::view(a, h::slice(0, 1000)))));
}

void linspace_arange() {
  const double starts[] = {0, -1, 0.1, 1e-3, -7.25, 3};
  const double stops[] = {1, 10, 1.0 / 3, 1e9, -2};
  const int64_t nums[] = {0, 1, 2, 5, 7, 50, 101};
  int k = 0;
  for (double a : starts) {
    for (double b : stops) {
      for (int64_t n : nums) {
        for (bool endpoint : {true, false}) {
          const std::string tag = std::to_string(k++);
          out("linspace_f64_" + tag, h::linspace<double>(a, b, n, endpoint));
          out("linspace_f32_" + tag, h::linspace<float>(a, b, n, endpoint));
          out("linspace_i64_" + tag, h::linspace<int64_t>(a, b, n, endpoint));
        }
      }
    }
  }
  out("linspace_zero_step", h::linspace<double>(0.0, 5e-324, 10));
  out("linspace_equal", h::linspace<double>(1.0, 1.0, 5));
  out("linspace_default", h::linspace<double>(2, 3));
  err("linspace_negative", [] { h::linspace<double>(0, 1, -1); });

  const double f_args[][3] = {{0, 10, 1},   {0, 1, 0.1},    {0.1, 20, 0.3}, {-5, 5, 0.7},  {10, 0, -3},
                              {1, 2, 0.05}, {5, 1, 1},      {1e8, 1e8 + 100, 0.5}, {-1, 1, 1.0 / 3},
                              {0, 100, 0.01}, {3, -3, -0.25}, {0.5, 0.5, 1}};
  k = 0;
  for (const auto& t : f_args) {
    const std::string tag = std::to_string(k++);
    out("arange_f64_" + tag, h::arange<double>(t[0], t[1], t[2]));
    out("arange_f32_" + tag, h::arange<float>(t[0], t[1], t[2]));
  }
  const int64_t i_args[][3] = {{0, 10, 1}, {0, 10, 3}, {10, 0, -3}, {-7, 7, 2}, {5, 1, 1}, {0, 1000, 7}, {3, 4, 5}};
  k = 0;
  for (const auto& t : i_args) {
    const std::string tag = std::to_string(k++);
    out("arange_i64_" + tag, h::arange<int64_t>(t[0], t[1], t[2]));
    out("arange_i32_" + tag, h::arange<int32_t>(t[0], t[1], t[2]));
    out("arange_fi_" + tag, h::arange<double>(t[0], t[1], t[2]));
  }
  out("arange_stop", h::arange<int64_t>(6));
  out("arange_float_stop", h::arange<double>(2.5));
  out("arange_start_stop", h::arange<float>(1, 4));
  err("arange_zero_step", [] { h::arange<double>(0, 10, 0); });

  out("zeros", h::zeros<double>(Shape<2>{2, 3}));
  out("ones_i32", h::ones<int32_t>(Shape<1>{4}));
  out("full_f32", h::full<float>(Shape<2>{2, 2}, 0.1));
  out("full_like", h::full_like(h::zeros<int16_t>(Shape<1>{3}), 7));
  out("ones_like_f", h::ones_like<float>(h::zeros<int16_t>(Shape<1>{3})));
  out("eye3", h::eye<double>(3));
  out("eye_3_4_k1", h::eye<int64_t>(3, 4, 1));
  out("eye_4_3_km2", h::eye<int64_t>(4, 3, -2));
  out("array2d", h::array<double>({{1, 2, 3}, {4, 5, 6}}));
  out("array3d", h::array<int32_t>({{{1, 2}, {3, 4}}, {{5, 6}, {7, 8}}}));
  err("zeros_negative", [] { h::zeros<double>(Shape<2>{2, -1}); });
  const auto r1 = h::arange<int64_t>(6), r2 = h::arange<int64_t>(10, 13);
  out("concatenate", h::concatenate(std::vector<NDArray<int64_t, 1>>{r1, r2}));
  const auto m1 = h::reshape<2>(h::arange<int64_t>(6), Shape<2>{2, 3});
  const auto m2 = h::reshape<2>(h::arange<int64_t>(100, 109), Shape<2>{3, 3});
  out("concatenate_ax0", h::concatenate(std::vector<NDArray<int64_t, 2>>{m1, m2}, 0));
  out("concatenate_ax1", h::concatenate(std::vector<NDArray<int64_t, 2>>{h::transpose(m1), m2}, 1));
  err("concatenate_bad", [&] { h::concatenate(std::vector<NDArray<int64_t, 2>>{m1, m2}, 1); });
  out("stack0", h::stack(std::vector<NDArray<int64_t, 1>>{r2, r2}, 0));
  out("stack1", h::stack(std::vector<NDArray<int64_t, 1>>{r2, h::arange<int64_t>(3)}, 1));
  out("vstack", h::vstack(std::vector<NDArray<int64_t, 1>>{r2, r2}));
  out("hstack", h::hstack(std::vector<NDArray<int64_t, 1>>{r1, r2}));
}

void views_and_shapes() {
  auto a = h::reshape<2>(h::arange<int64_t>(20), Shape<2>{4, 5});
  const auto alias = a;  // `b = a`: the same array
  h::assign(h::view(a, h::slice(1, 3), h::slice(none, none, 2)), 70);
  out("assign_slice", alias);
  h::assign(h::view(a, 0), h::arange<int64_t>(100, 105));
  out("assign_row", a);
  h::assign(h::view(a, h::slice(), 4), h::full<double>(Shape<1>{4}, 9.9));
  out("assign_col_cast", a);
  h::assign(h::view(a, h::slice(2)), h::reshape<2>(h::arange<int64_t>(5), Shape<2>{1, 5}));
  out("assign_broadcast_rows", a);
  auto r = h::arange<int64_t>(10);
  h::assign(h::view(r, h::slice(1)), h::view(r, h::slice(none, -1)));
  out("assign_overlap", r);
  out("view_neg_step", h::view(a, h::slice(none, none, -1), 2));
  out("view_neg_index", h::view(a, -1));
  out("view_big_bounds", h::view(a, h::slice(-100, 100), h::slice(3, -100, -1)));
  out("view_empty", h::view(a, h::slice(3, 1)));
  out("elem_neg", a(-1, -2));
  const auto c = a.copy();
  h::assign(a, 0);
  out("copy_is_deep", c);
  out("copy_original", a);
  err("index_oob", [&] { (void)r(10); });
  err("index_oob_neg", [&] { (void)r(-11); });
  err("index_oob_axis1", [&] { (void)c(0, 5); });
  err("view_index_oob", [&] { (void)h::view(c, 4); });
  err("slice_step_zero", [&] { (void)h::view(c, h::slice(none, none, 0)); });
  err("assign_bad", [&] { h::assign(h::view(c, h::slice(0, 2)), h::arange<int64_t>(4)); });

  const auto b = h::arange<double>(12);
  out("reshape_infer", h::reshape<3>(b, Shape<3>{2, -1, 3}));
  out("transpose", h::transpose(h::reshape<2>(b, Shape<2>{3, 4})));
  out("transpose_reshape", h::reshape<2>(h::transpose(h::reshape<2>(b, Shape<2>{3, 4})), Shape<2>{2, 6}));
  out("ravel_T", h::ravel(h::transpose(h::reshape<2>(b, Shape<2>{3, 4}))));
  out("flatten", h::flatten(h::reshape<2>(b, Shape<2>{3, 4})));
  err("reshape_bad", [&] { (void)h::reshape<1>(b, Shape<1>{5}); });
  err("reshape_two_unknown", [&] { (void)h::reshape<2>(b, Shape<2>{-1, -1}); });
  // A view into the reshaped array writes through to the original (C-contiguous: a view).
  const auto v = h::reshape<2>(b, Shape<2>{3, 4});
  v(1, 1) = -1;
  out("reshape_is_view", b);

  // Views through reshape of non-contiguous arrays, where the strides allow one.
  const auto g = h::reshape<2>(h::arange<double>(12), Shape<2>{3, 4});
  const auto gv = h::reshape<3>(h::transpose(g), Shape<3>{2, 2, 3});
  gv(1, 0, 2) = -7;
  const auto gc = h::reshape<2>(h::view(g, h::slice(), 1), Shape<2>{3, 1});
  gc(2, 0) = -9;
  const auto gcopy = h::reshape<1>(h::transpose(g), Shape<1>{12});
  gcopy(0) = -11;
  const auto gr = h::ravel(h::view(g, 0, h::slice(none, none, 2)));
  gr(0) = -13;
  out("reshape_view_writes", g);
  out("reshape_T_values", gv);
  out("reshape_T_flat", gcopy);
  const auto specials = h::array<double>({kNaN, kInf, -kInf, 1e20, -1e20, 300.7, -1.5, 3e9, -3e9, 4e9,
                                          9223372036854775808.0, 18446744073709551616.0, -0.0, 0.5, 255.9});
  out("astype_i8", h::astype<int8_t>(specials));
  out("astype_i16", h::astype<int16_t>(specials));
  out("astype_i32", h::astype<int32_t>(specials));
  out("astype_i64", h::astype<int64_t>(specials));
  out("astype_u8", h::astype<uint8_t>(specials));
  out("astype_u16", h::astype<uint16_t>(specials));
  out("astype_u32", h::astype<uint32_t>(specials));
  out("astype_u64", h::astype<uint64_t>(specials));
  out("astype_bool", h::astype<bool>(specials));
  out("astype_f32", h::astype<float>(specials));
  out("astype_f32_i32", h::astype<int32_t>(h::astype<float>(specials)));
  out("astype_wrap", h::astype<int8_t>(h::arange<int64_t>(-300, 300, 37)));
  out("astype_u_to_f", h::astype<double>(h::astype<uint64_t>(h::arange<int64_t>(-3, 3))));
  out("astype_f64_f32_round", h::astype<float>(h::linspace<double>(0, 1, 11)));
}

void elementwise() {
  const auto col = h::reshape<2>(h::arange<double>(3), Shape<2>{3, 1});
  const auto row = h::arange<float>(4);
  out("bcast_3x1_4", h::add<double>(col, row));
  out("bcast_3d", h::multiply<double>(h::reshape<3>(h::arange<double>(6), Shape<3>{2, 1, 3}),
                                      h::reshape<2>(h::arange<double>(4), Shape<2>{4, 1})));
  out("bcast_scalar_left", h::subtract<float>(2.5, row));
  out("int8_wrap", h::add<int8_t>(h::astype<int8_t>(h::arange<int64_t>(120, 128)), int8_t{10}));
  out("int64_mul_wrap", h::multiply<int64_t>(h::array<int64_t>({INT64_MAX, INT64_MIN, 3}), int64_t{3}));
  err("bcast_error", [&] { h::add<double>(h::arange<double>(3), h::arange<double>(4)); });
  err("bcast_error_2d", [&] { h::add<double>(col, h::zeros<double>(Shape<2>{2, 2})); });
  err("where_error", [&] { h::where<double>(h::arange<double>(3), h::arange<double>(4), 1.0); });

  const auto ia = h::array<int64_t>({7, -7, 7, -7, 0, 5, INT64_MIN, INT64_MIN, 3, -3});
  const auto ib = h::array<int64_t>({2, 2, -2, -2, 3, 0, -1, 1, 0, 5});
  out("floordiv_i64", h::floor_divide<int64_t>(ia, ib));
  out("remainder_i64", h::remainder<int64_t>(ia, ib));
  out("floordiv_i8", h::floor_divide<int8_t>(h::astype<int8_t>(ia), h::astype<int8_t>(ib)));
  out("floordiv_u8", h::floor_divide<uint8_t>(h::astype<uint8_t>(ia), h::astype<uint8_t>(ib)));
  out("remainder_u32", h::remainder<uint32_t>(h::astype<uint32_t>(ia), h::astype<uint32_t>(ib)));
  const auto fa = h::array<double>({7, -7, 7, -7, 0, 5, -0.0, kInf, 5, kNaN, 1e308, 0.3, -5, 1, -1});
  const auto fb = h::array<double>({2, 2, -2, -2, 3, 0, 3, 3, kInf, 2, 1e-308, 0.1, kInf, -0.0, 0.0});
  out("floordiv_f64", h::floor_divide<double>(fa, fb));
  out("remainder_f64", h::remainder<double>(fa, fb));
  out("floordiv_f32", h::floor_divide<float>(h::astype<float>(fa), h::astype<float>(fb)));
  out("remainder_f32", h::remainder<float>(h::astype<float>(fa), h::astype<float>(fb)));
  out("true_divide_int", h::true_divide<double>(ia, ib));
  out("power_i64", h::power<int64_t>(h::array<int64_t>({2, 3, -2, 0, 1, 7, -1}), h::array<int64_t>({10, 40, 3, 0, 99, 0, 7})));
  out("power_i8", h::power<int8_t>(h::array<int8_t>({2, 3, -2}), int8_t{9}));
  err("power_negative", [] { h::power<int64_t>(h::array<int64_t>({2, 3}), int64_t{-1}); });
  out("ulp:power_f64", h::power<double>(h::array<double>({2, 2.5, -8, 0, kNaN, 1, 4}), h::array<double>({10, 0.5, 1.0 / 3, -1, 0, kNaN, 0.5})));
  const auto mx = h::array<double>({1, kNaN, 3, kNaN, -0.0, 0.0, 2});
  const auto my = h::array<double>({2, 1, kNaN, kNaN, 0.0, -0.0, 2});
  out("maximum", h::maximum<double>(mx, my));
  out("minimum", h::minimum<double>(mx, my));
  out("fmax", h::fmax<double>(mx, my));
  out("fmin", h::fmin<double>(mx, my));
  out("maximum_int", h::maximum<int32_t>(h::arange<int32_t>(5), int32_t{2}));
  out("clip", h::clip<double>(h::array<double>({-5, 0.5, 5, kNaN, 1}), 0.0, 1.0));
  out("clip_int", h::clip<int64_t>(h::arange<int64_t>(-3, 8), int64_t{0}, int64_t{4}));
  out("where", h::where<double>(h::greater<double>(row, 1.5), row, col));
  const auto ca = h::array<double>({1, 2, kNaN, 3, -0.0});
  const auto cb = h::array<double>({1, 3, kNaN, 2, 0.0});
  out("less", h::less<double>(ca, cb));
  out("less_equal", h::less_equal<double>(ca, cb));
  out("greater", h::greater<double>(ca, cb));
  out("greater_equal", h::greater_equal<double>(ca, cb));
  out("equal", h::equal<double>(ca, cb));
  out("not_equal", h::not_equal<double>(ca, cb));
  out("logical_and", h::logical_and(ca, cb));
  out("logical_or", h::logical_or(h::array<int64_t>({0, 0, 3}), h::array<double>({0, 0.5, 0})));
  out("logical_not", h::logical_not(ca));
  out("logical_xor", h::logical_xor(ca, 0.0));
  const auto ba = h::array<int32_t>({-8, 5, 12, 1, -1, 255});
  out("bitwise_and", h::bitwise_and<int32_t>(ba, int32_t{6}));
  out("bitwise_or", h::bitwise_or<int32_t>(ba, int32_t{6}));
  out("bitwise_xor", h::bitwise_xor<int32_t>(ba, int32_t{6}));
  out("invert", h::invert<int32_t>(ba));
  out("invert_bool", h::invert<bool>(h::array<bool>({true, false})));
  out("left_shift", h::left_shift<int32_t>(ba, h::array<int32_t>({1, 31, 32, 40, 0, 3})));
  out("right_shift", h::right_shift<int32_t>(ba, h::array<int32_t>({1, 31, 32, 40, 0, 3})));
  out("right_shift_u8", h::right_shift<uint8_t>(h::astype<uint8_t>(ba), uint8_t{9}));
  const auto ua = h::array<double>({-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, -0.0, 3.7, -3.7, kInf, kNaN, 1e300});
  out("negative", h::negative<double>(ua));
  out("absolute", h::absolute<double>(ua));
  out("absolute_int", h::absolute<int64_t>(h::array<int64_t>({-3, INT64_MIN, 4})));
  out("negative_int8", h::negative<int8_t>(h::array<int8_t>({-128, 5, 0})));
  out("sqrt", h::sqrt<double>(ua));
  out("sqrt_f32", h::sqrt<float>(h::astype<float>(ua)));
  out("floor", h::floor<double>(ua));
  out("ceil", h::ceil<double>(ua));
  out("trunc", h::trunc<double>(ua));
  out("rint", h::rint<double>(ua));
  out("rint_f32", h::rint<float>(h::astype<float>(ua)));
  out("square_int", h::square<int64_t>(h::arange<int64_t>(-3, 3)));
  out("sqrt_int", h::sqrt<double>(h::arange<int64_t>(10)));
  const auto t = h::linspace<double>(-10, 10, 97);
  const auto tp = h::linspace<double>(0.001, 50, 97);
  out("ulp:exp", h::exp<double>(t));
  out("ulp:log", h::log<double>(tp));
  out("ulp:log10", h::log10<double>(tp));
  out("ulp:sin", h::sin<double>(t));
  out("ulp:cos", h::cos<double>(t));
  out("ulp:tan", h::tan<double>(t));
  out("ulp:arctan2", h::arctan2<double>(t, h::view(t, h::slice(none, none, -1))));
  out("ulp:hypot", h::hypot<double>(t, tp));
  out("ulp:exp_f32", h::exp<float>(h::astype<float>(t)));
  out("ulp:sin_f32", h::sin<float>(h::astype<float>(t)));
  out("ulp:log_f32", h::log<float>(h::astype<float>(tp)));
  out("isnan", h::isnan(ua));
  out("isinf", h::isinf(ua));
  out("isfinite", h::isfinite(ua));

  auto acc = h::arange<double>(6);
  h::iadd(acc, 0.5);
  h::imultiply(acc, h::arange<double>(6));
  h::itrue_divide(acc, 4);
  out("inplace_f64", acc);
  auto iacc = h::reshape<2>(h::arange<int32_t>(6), Shape<2>{2, 3});
  h::iadd(iacc, h::array<int32_t>({10, 20, 30}));
  h::ifloor_divide(iacc, int32_t{4});
  h::ileft_shift(iacc, int32_t{2});
  out("inplace_i32", iacc);
  const auto tenths = h::astype<float>(h::linspace<double>(0, 1, 11));
  out("less_f32_scalar_default", h::less(tenths, 0.1));
  out("equal_f32_scalar_default", h::equal(tenths, 0.3));
  out("equal_f32_f64_default", h::equal(tenths, h::linspace<double>(0, 1, 11)));
  out("greater_int_float_default", h::greater(h::arange<int64_t>(5), 2.5));
  auto f32acc = h::astype<float>(h::linspace<double>(0, 1, 7));
  h::iadd(f32acc, 0.1);
  out("inplace_f32_scalar", f32acc);
  h::imultiply(f32acc, h::linspace<double>(1, 2, 7));
  out("inplace_f32_f64_array", f32acc);
  err("inplace_bad", [&] { h::iadd(h::zeros<double>(Shape<2>{1, 3}), h::zeros<double>(Shape<2>{2, 3})); });
  // Through device memory (the CPU emulation's, in this build) and back.
  const auto host = h::reshape<2>(h::arange<float>(12), Shape<2>{3, 4});
  const auto device = h::to_device(h::transpose(host));
  out("device_roundtrip", device.copy_to_host());
  auto target = h::transpose(h::zeros<float>(Shape<2>{3, 4}));
  device.copy_to_host(target);
  out("device_copy_to_view", target);
  out("map2", h::map2<double>(h::arange<double>(4), 3.0, [](double x, double y) { return x * 10 + y; }));
}

void reductions() {
  const auto a = h::array<double>({3, -1, 4, 1, -5, 9, 2, 6, -5, 3});
  const auto m = h::reshape<2>(a, Shape<2>{2, 5});
  const auto n = h::array<double>({1, kNaN, 3, kNaN});
  const auto i = h::array<int32_t>({3, -1, 4, 1, -5, 9, 2, 6, -5, 3});
  const auto im = h::reshape<2>(i, Shape<2>{5, 2});
  out("prod", h::prod(a));
  out("prod_int", h::prod(i));
  out("prod_u8", h::prod(h::astype<uint8_t>(i)));
  out("sum_int32", h::sum(i));
  out("sum_int_ax0", h::sum(im, 0));
  out("sum_int_ax1", h::sum(im, 1));
  out("mean_int", h::mean(i));
  out("mean_int_ax1", h::mean(im, 1));
  out("var_int", h::var(i));
  out("std_int_ddof1", h::std(i, 1));
  out("var_ddof_all", h::var(a, 10));
  out("var_ax1_int", h::var(im, 1, 0));
  out("min", h::min(a));
  out("max", h::max(a));
  out("min_nan", h::min(n));
  out("max_nan", h::max(n));
  out("max_int", h::max(i));
  out("min_ax1", h::min(m, 1));
  out("max_ax0_int", h::max(im, 0));
  const auto negzero = h::full<double>(Shape<2>{2, 2}, -0.0);
  out("sum_negzero", h::sum(negzero));
  out("sum_negzero_ax0", h::sum(negzero, 0));
  out("sum_negzero_ax1", h::sum(negzero, 1));
  out("cumsum_negzero", h::cumsum(negzero));
  out("prod_negzero", h::prod(h::view(negzero, 0)));
  out("max_negzero", h::max(h::array<double>({0.0, -0.0})));
  err("min_empty", [] { (void)h::min(h::zeros<double>(Shape<1>{0})); });
  err("max_empty_axis", [] { (void)h::max(h::zeros<double>(Shape<2>{0, 3}), 0); });
  err("argmax_empty", [] { (void)h::argmax(h::zeros<double>(Shape<1>{0})); });
  out("argmin", h::argmin(a));
  out("argmax", h::argmax(a));
  out("argmax_nan", h::argmax(n));
  out("argmin_nan", h::argmin(n));
  out("argmax_T", h::argmax(h::transpose(m)));
  out("argmin_ax0", h::argmin(m, 0));
  out("argmax_ax1", h::argmax(m, 1));
  out("all", h::all(a));
  out("any", h::any(h::zeros<double>(Shape<1>{3})));
  out("all_nan", h::all(n));
  out("all_empty", h::all(h::zeros<double>(Shape<1>{0})));
  out("count_nonzero", h::count_nonzero(h::array<double>({0, 1, kNaN, -0.0, 2})));
  out("cumsum", h::cumsum(a));
  out("cumsum_int8", h::cumsum(h::astype<int8_t>(h::arange<int64_t>(100, 110))));
  out("cumsum_2d", h::cumsum(m));
  out("cumsum_ax0", h::cumsum(m, 0));
  out("cumsum_ax1", h::cumsum(m, 1));
  out("trace", h::trace(h::reshape<2>(h::arange<int32_t>(12), Shape<2>{3, 4})));
  out("trace_f", h::trace(h::reshape<2>(h::astype<float>(random_f64(5, 40000)), Shape<2>{200, 200})));
  out("dot_int", h::dot<int32_t>(i, i));
  out("dot_2d_int", h::dot<int64_t>(h::reshape<2>(h::arange<int64_t>(6), Shape<2>{2, 3}),
                                     h::reshape<2>(h::arange<int64_t>(12), Shape<2>{3, 4})));
  out("dot_2d_1d", h::dot<int64_t>(h::reshape<2>(h::arange<int64_t>(6), Shape<2>{2, 3}), h::arange<int64_t>(3)));
  out("dot_1d_2d", h::matmul<int64_t>(h::arange<int64_t>(2), h::reshape<2>(h::arange<int64_t>(6), Shape<2>{2, 3})));
  out("dot_small_f64", h::dot<double>(h::array<double>({1.5, 2, -3}), h::array<double>({4, 0.25, 2})));
  err("dot_bad", [] { (void)h::dot<int64_t>(h::arange<int64_t>(3), h::arange<int64_t>(4)); });

  const auto xa = h::array<double>({1, 1, kNaN, kNaN, kInf, kInf, -kInf, 0, 1e-9, 1e10, 1e10, 0, 1, 1});
  const auto xb = h::array<double>({1 + 1e-6, 1 + 1e-4, kNaN, 1, kInf, -kInf, -kInf, 1e-8, 0, 1.00001e10, 1.0001e10, 2e-8, 1.00001, 1.0000101});
  out("isclose", h::isclose(xa, xb));
  out("isclose_equal_nan", h::isclose(xa, xb, 1e-5, 1e-8, true));
  out("isclose_tol", h::isclose(xa, xb, 1e-3, 0.0));
  out("isclose_f32", h::isclose(h::astype<float>(xa), h::astype<float>(xb)));
  out("isclose_int", h::isclose(h::arange<int64_t>(5), h::array<double>({0, 1.000001, 2.1, 3, 4})));
  out("isclose_bcast", h::isclose(h::reshape<2>(h::arange<double>(4), Shape<2>{4, 1}), 2.0));
  out("allclose", h::allclose(h::view(xa, h::slice(0, 1)), h::view(xb, h::slice(0, 1))));
  out("allclose_nan", h::allclose(n, n));
  out("allclose_nan_eq", h::allclose(n, n, 1e-5, 1e-8, true));
  out("array_equal", h::array_equal(a, a.copy()));
  out("array_equal_shape", h::array_equal(a, m));
  out("array_equal_nan", h::array_equal(n, n));
  out("array_equal_nan_eq", h::array_equal(n, n, true));
  out("array_equal_int_float", h::array_equal(i, a));
}

}  // namespace

int main() {
  pairwise_sums();
  linspace_arange();
  views_and_shapes();
  elementwise();
  reductions();
  return 0;
}
