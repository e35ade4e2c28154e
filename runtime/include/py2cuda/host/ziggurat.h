// py2cuda host runtime: the shape of the 256-layer ziggurat tables of NumPy's
// Generator (standard_normal, standard_exponential, float64) and its tail starts.
//
// Layout as NumPy indexes them: x[i] are the layer edges (x[255] = r, the tail
// start; x[0] = v/f(r), the base strip's virtual width); w = x/2**bits scales a
// random integer of `bits` bits to [0, x); k[i+1] = x[i]/x[i+1] * 2**bits rounded
// is the accept-without-f test for layer i+1 (k[0] for the base strip, k[1] = 0);
// f[i] = f(x[i]). Normal: f(x) = exp(-x*x/2), 52-bit integers; exponential:
// f(x) = exp(-x), 53-bit integers.
//
// The values are NumPy's own (ziggurat_tables.h, generated from NumPy's binary):
// bit-identical draws need NumPy's exact doubles, which no recomputation here
// reproduces in every entry. The tables are a value passed to Generator (not
// hidden statics), so the tests can also run the algorithm on tables read from
// the NumPy they compare with.
#pragma once

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

}  // namespace py2cuda::host
