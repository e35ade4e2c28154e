// py2cuda host runtime: the 256-layer ziggurat tables of NumPy's Generator
// (standard_normal, standard_exponential, float64).
//
// Layout as NumPy indexes them: x[i] are the layer edges (x[255] = r, the tail
// start; x[0] = v/f(r), the base strip's virtual width); w = x/2**bits scales a
// random integer of `bits` bits to [0, x); k[i+1] = floor(x[i]/x[i+1] * 2**bits)
// is the accept-without-f test for layer i+1 (k[0] for the base strip,
// k[1] = 0); f[i] = f(x[i]). Normal: f(x) = exp(-x*x/2), 52-bit integers;
// exponential: f(x) = exp(-x), 53-bit integers.
//
// The tables are computed here, at first use, from that definition (Marsaglia &
// Tsang's recurrence x[i] = f^-1(v/x[i+1] + f(x[i+1])), with r as NumPy states it
// and v = r f(r) + the tail's area). KNOWN GAP: NumPy's tables were generated
// elsewhere with a procedure whose rounding we could not reproduce; entries agree
// to ~1e-15 relative but not bit for bit, so draws that use a differing entry can
// differ in the last bits from NumPy's. The algorithm itself (generator.h) is
// exact: the tests inject NumPy's own tables through ZigguratTables to check it.
// Keeping the tables a value (not hidden statics) is what makes that possible.
#pragma once

#include <cmath>
#include <cstdint>

namespace py2cuda::host {

struct ZigguratTables {
  uint64_t ki[256];  // normal
  double wi[256];
  double fi[256];
  uint64_t ke[256];  // exponential
  double we[256];
  double fe[256];
};

// NumPy's tail starts (ziggurat_nor_r, ziggurat_exp_r) and their reciprocals as
// distributions.c uses them.
inline constexpr double kZigguratNorR = 3.6541528853610088;
inline constexpr double kZigguratNorInvR = 0.27366123732975828;
inline constexpr double kZigguratExpR = 7.6971174701310497140446;

namespace detail {

// One ziggurat: f, its inverse, the strip area v, 2**bits. Fills k, w, f.
template <class F, class FInv>
void build_ziggurat(double r, double v, double scale, F f, FInv f_inv, uint64_t* k, double* w, double* fv) {
  double x = r, prev = r;
  const double q = v / f(r);
  k[0] = static_cast<uint64_t>(r / q * scale);
  k[1] = 0;
  w[0] = q / scale;
  w[255] = r / scale;
  fv[0] = 1.0;
  fv[255] = f(r);
  for (int i = 254; i >= 1; --i) {
    x = f_inv(v / x + f(x));
    k[i + 1] = static_cast<uint64_t>(x / prev * scale);
    prev = x;
    fv[i] = f(x);
    w[i] = x / scale;
  }
}

inline ZigguratTables compute_ziggurat_tables() {
  ZigguratTables t{};
  const double rn = kZigguratNorR;
  // v = r f(r) + integral_r^inf exp(-x^2/2) dx
  const double vn = rn * std::exp(-0.5 * rn * rn) + std::sqrt(std::acos(-1.0) / 2) * std::erfc(rn / std::sqrt(2.0));
  build_ziggurat(
      rn, vn, 4503599627370496.0, [](double x) { return std::exp(-0.5 * x * x); },
      [](double y) { return std::sqrt(-2.0 * std::log(y)); }, t.ki, t.wi, t.fi);
  const double re = kZigguratExpR;
  const double ve = (re + 1.0) * std::exp(-re);  // r e^-r + integral_r^inf e^-x dx
  build_ziggurat(
      re, ve, 9007199254740992.0, [](double x) { return std::exp(-x); }, [](double y) { return -std::log(y); },
      t.ke, t.we, t.fe);
  return t;
}

}  // namespace detail

// The tables, computed once (thread-safe static initialisation).
inline const ZigguratTables& ziggurat_tables() {
  static const ZigguratTables tables = detail::compute_ziggurat_tables();
  return tables;
}

}  // namespace py2cuda::host
