// The GPU side of tests/unit/test_runtime_pysem.cpp: evaluates every row of
// pysem_cases.txt (Numba's results) with the pysem.h helpers IN DEVICE CODE, where
// some take other paths (PTX conversions and min/max), and compares bit for bit. The float
// `//` and `%` rows whose divisor is a power of two, 1 or more, are evaluated a second time
// with floordiv_by_power_of_two and mod_by_power_of_two, what the translator emits for them;
// every int64 and float `//` and `%` row once more through py2cuda::divmod, what it emits where
// both of the same operands are computed (ir/divmod_pairs.cpp).
//
//     pysem_device PATH/TO/pysem_cases.txt
//
// tests/runtime/run_runtime_compile.py compiles it for several architectures and,
// where a GPU is present, runs it. Exits 0 when every row matches.

#include <py2cuda/runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "pysem_table.h"

namespace {

enum Op : int32_t {
  kFloordiv, kMod, kMax, kMin, kMaxGeneric, kMinGeneric, kIpow, kFpowi, kRound, kAbs, kFloatToInt,
  // Not in the table's words: a floordiv or mod row evaluated a second time (power_of_two_twin,
  // divmod_twin).
  kFloordivPowerOfTwo, kModPowerOfTwo, kFloordivDivmod, kModDivmod
};
enum Type : int32_t { kInt64, kUInt64, kFloat32, kFloat64, kInt8, kInt16, kInt32, kUInt8, kUInt16, kUInt32 };

// One row, operands as bit patterns. For fpowi, `type` is the base's and
// `exponent_type` the exponent's; for float_to_int, `type` is the float's and
// `exponent_type` the integer's; otherwise both operands have `type`.
struct DeviceCase {
  int32_t op;
  int32_t type;
  int32_t exponent_type;
  uint64_t a;
  uint64_t b;
};

template <class T>
P2C_HD T from_bits(uint64_t bits) {
  T value;
  memcpy(&value, &bits, sizeof(T));
  return value;
}

template <class T>
P2C_HD uint64_t to_bits(T value) {
  uint64_t bits = 0;
  memcpy(&bits, &value, sizeof(T));
  return bits;
}

template <class T>
__device__ uint64_t same_type_op(int32_t op, uint64_t a_bits, uint64_t b_bits) {
  const T a = from_bits<T>(a_bits);
  const T b = from_bits<T>(b_bits);
  switch (op) {
    case kAbs: return to_bits(py2cuda::py_abs(a));
    case kFloordiv: return to_bits(py2cuda::floordiv(a, b));
    case kMod: return to_bits(py2cuda::mod(a, b));
    case kMax: return to_bits(py2cuda::py_max(a, b));
    case kMin: return to_bits(py2cuda::py_min(a, b));
    case kMaxGeneric: return to_bits(py2cuda::py_max_generic(a, b));
    case kMinGeneric: return to_bits(py2cuda::py_min_generic(a, b));
    case kIpow:
      if constexpr (std::is_integral_v<T>) return to_bits(py2cuda::ipow(a, b));
      break;
    case kFloordivPowerOfTwo:
      if constexpr (std::is_floating_point_v<T>) return to_bits(py2cuda::floordiv_by_power_of_two(a, b));
      break;
    case kModPowerOfTwo:
      if constexpr (std::is_floating_point_v<T>) return to_bits(py2cuda::mod_by_power_of_two(a, b));
      break;
    case kFloordivDivmod:
      if constexpr (!std::is_same_v<T, uint64_t>) return to_bits(py2cuda::divmod(a, b).quotient);
      break;
    case kModDivmod:
      if constexpr (!std::is_same_v<T, uint64_t>) return to_bits(py2cuda::divmod(a, b).remainder);
      break;
    default: break;
  }
  return 0;
}

// The conversion's result widened to 64 bits (sign-extended for a signed type).
template <class I, class F>
__device__ uint64_t converted(F x) {
  using Wide = std::conditional_t<std::is_signed_v<I>, int64_t, uint64_t>;
  return to_bits(static_cast<Wide>(py2cuda::float_to_int<I>(x)));
}

template <class F>
__device__ uint64_t float_to_int(F x, int32_t to) {
  switch (to) {
    case kInt8: return converted<int8_t>(x);
    case kInt16: return converted<int16_t>(x);
    case kInt32: return converted<int32_t>(x);
    case kInt64: return converted<int64_t>(x);
    case kUInt8: return converted<uint8_t>(x);
    case kUInt16: return converted<uint16_t>(x);
    case kUInt32: return converted<uint32_t>(x);
    default: return converted<uint64_t>(x);
  }
}

template <class F>
__device__ uint64_t float_op(const DeviceCase& c) {
  const F x = from_bits<F>(c.a);
  if (c.op == kRound) return to_bits(py2cuda::round_half_even(x));
  if (c.op == kFloatToInt) return float_to_int(x, c.exponent_type);
  if (c.op == kFpowi) {
    return c.exponent_type == kInt64 ? to_bits(py2cuda::fpowi(x, from_bits<int64_t>(c.b)))
                                     : to_bits(py2cuda::fpowi(x, from_bits<uint64_t>(c.b)));
  }
  return same_type_op<F>(c.op, c.a, c.b);
}

__device__ uint64_t evaluate(const DeviceCase& c) {
  switch (c.type) {
    case kInt64: return same_type_op<int64_t>(c.op, c.a, c.b);
    case kUInt64: return same_type_op<uint64_t>(c.op, c.a, c.b);
    case kFloat32: return float_op<float>(c);
    default: return float_op<double>(c);
  }
}

__global__ void evaluate_all(py2cuda::Array<const DeviceCase, 1> cases, py2cuda::Array<uint64_t, 1> results) {
  for (int64_t i = py2cuda::grid1(); i < cases.shape[0]; i += py2cuda::gridsize1()) {
    results(i) = evaluate(cases(i));
  }
}

constexpr py2cuda::KernelInfo kEvaluateInfo{"evaluate_all", "pysem_device.cu", false, false};

// ---- host: the table's text to DeviceCase and back ----------------------------------
std::optional<Type> type_named(const std::string& name) {
  if (name == "int64") return kInt64;
  if (name == "uint64") return kUInt64;
  if (name == "float32") return kFloat32;
  if (name == "float64") return kFloat64;
  if (name == "int8") return kInt8;
  if (name == "int16") return kInt16;
  if (name == "int32") return kInt32;
  if (name == "uint8") return kUInt8;
  if (name == "uint16") return kUInt16;
  if (name == "uint32") return kUInt32;
  return std::nullopt;
}

std::optional<Op> op_named(const std::string& name) {
  static const char* const kNames[] = {"floordiv", "mod",   "max",   "min", "max_generic", "min_generic",
                                       "ipow",     "fpowi", "round", "abs", "float_to_int"};
  for (int32_t op = kFloordiv; op <= kFloatToInt; ++op) {
    if (name == kNames[op]) return static_cast<Op>(op);
  }
  return std::nullopt;
}

template <class T>
std::optional<uint64_t> bits_of(const std::string& text) {
  const std::optional<T> value = pysem_table::parse<T>(text);
  if (!value) return std::nullopt;
  return to_bits(*value);
}

std::optional<uint64_t> operand_bits(Type type, const std::string& text) {
  switch (type) {
    case kInt64: return bits_of<int64_t>(text);
    case kUInt64: return bits_of<uint64_t>(text);
    case kFloat32: return bits_of<float>(text);
    default: return bits_of<double>(text);
  }
}

std::optional<DeviceCase> encode(const pysem_table::Case& c) {
  const std::optional<Op> op = op_named(c.op);
  if (!op) return std::nullopt;
  std::string base_type = c.types;
  std::string exponent_type = c.types;
  if (const auto comma = c.types.find(','); comma != std::string::npos) {
    base_type = c.types.substr(0, comma);
    exponent_type = c.types.substr(comma + 1);
  }
  const std::optional<Type> type = type_named(base_type);
  const std::optional<Type> etype = type_named(exponent_type);
  if (!type || !etype) return std::nullopt;
  const std::optional<uint64_t> a = operand_bits(*type, c.a);
  const bool unary = *op == kRound || *op == kAbs || *op == kFloatToInt;
  const std::optional<uint64_t> b = unary ? std::optional<uint64_t>(0) : operand_bits(*etype, c.b);
  if (!a || !b) return std::nullopt;
  return DeviceCase{*op, *type, *etype, *a, *b};
}

// The same float `//` or `%` row through the power-of-two helpers, where its divisor is a
// power of two, 1 or more (finite): the translator's condition for emitting them.
std::optional<DeviceCase> power_of_two_twin(const DeviceCase& d) {
  if ((d.op != kFloordiv && d.op != kMod) || (d.type != kFloat32 && d.type != kFloat64)) return std::nullopt;
  const double y = d.type == kFloat32 ? double(from_bits<float>(d.b)) : from_bits<double>(d.b);
  int exponent = 0;
  if (!std::isfinite(y) || y < 1.0 || std::frexp(y, &exponent) != 0.5) return std::nullopt;
  DeviceCase twin = d;
  twin.op = d.op == kFloordiv ? kFloordivPowerOfTwo : kModPowerOfTwo;
  return twin;
}

// The same int64 or float `//` or `%` row through py2cuda::divmod's quotient or remainder.
std::optional<DeviceCase> divmod_twin(const DeviceCase& d) {
  if ((d.op != kFloordiv && d.op != kMod) || d.type == kUInt64) return std::nullopt;
  DeviceCase twin = d;
  twin.op = d.op == kFloordiv ? kFloordivDivmod : kModDivmod;
  return twin;
}

pysem_table::Failure check(const DeviceCase& d, uint64_t result, const pysem_table::Case& c) {
  if (d.op == kRound) return pysem_table::compare(from_bits<int64_t>(result), c);
  if (d.op == kFloatToInt) {
    const bool is_unsigned = d.exponent_type == kUInt64 || d.exponent_type == kUInt8 ||
                             d.exponent_type == kUInt16 || d.exponent_type == kUInt32;
    return is_unsigned ? pysem_table::compare(from_bits<uint64_t>(result), c)
                       : pysem_table::compare(from_bits<int64_t>(result), c);
  }
  switch (d.type) {
    case kInt64: return pysem_table::compare(from_bits<int64_t>(result), c);
    case kUInt64: return pysem_table::compare(from_bits<uint64_t>(result), c);
    case kFloat32: return pysem_table::compare(from_bits<float>(result), c);
    default: return pysem_table::compare(from_bits<double>(result), c);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s PATH/TO/pysem_cases.txt\n", argv[0]);
    return 2;
  }
  const std::vector<pysem_table::Case> cases = pysem_table::load(argv[1]);
  std::vector<DeviceCase> encoded;
  std::vector<const pysem_table::Case*> case_of;  // the row each DeviceCase checks
  for (const pysem_table::Case& c : cases) {
    const std::optional<DeviceCase> d = encode(c);
    if (!d) {
      std::printf("FAIL pysem_cases.txt:%d: cannot read: %s\n", c.line, c.text.c_str());
      return 1;
    }
    encoded.push_back(*d);
    case_of.push_back(&c);
    for (const std::optional<DeviceCase>& twin : {power_of_two_twin(*d), divmod_twin(*d)}) {
      if (!twin) continue;
      encoded.push_back(*twin);
      case_of.push_back(&c);
    }
  }
  if (encoded.empty()) {
    std::printf("FAIL no cases in %s\n", argv[1]);
    return 1;
  }

  try {
    const auto n = static_cast<int64_t>(encoded.size());
    const auto d_cases = py2cuda::to_device(encoded.data(), std::array<int64_t, 1>{n});
    auto d_results = py2cuda::device_array<uint64_t>(std::array<int64_t, 1>{n});
    py2cuda::launch(evaluate_all, {(n + 127) / 128, 128}, kEvaluateInfo, d_cases, d_results);
    py2cuda::synchronize();
    const py2cuda::HostArray<uint64_t, 1> results = d_results.copy_to_host();

    int failures = 0;
    for (int64_t i = 0; i < n; ++i) {
      const pysem_table::Case& c = *case_of[i];
      const pysem_table::Failure failure = check(encoded[i], results(i), c);
      if (failure && ++failures <= 40) {
        const int32_t op = encoded[i].op;
        const char* twin = op == kFloordivPowerOfTwo || op == kModPowerOfTwo ? " (by a power of two)"
                           : op == kFloordivDivmod || op == kModDivmod     ? " (through divmod)"
                                                                           : "";
        std::printf("FAIL pysem_cases.txt:%d%s: %s\n    %s\n", c.line, twin,
                    c.text.c_str(), failure->c_str());
      }
    }
    std::printf("pysem_device: %lld cases, %d failed\n", static_cast<long long>(n), failures);
    return failures ? 1 : 0;
  } catch (const py2cuda::Error& e) {
    std::printf("FAIL %s\n", e.what());
    return 1;
  }
}
