// numba.cuda.fp16's `__`-prefixed functions: one row of the builtins table each, with
// the signature numba-cuda declares for it (numba_cuda/numba/cuda/_internal/cuda_fp16.py,
// a ConcreteTemplate per function: arguments convert to the declared types) and the
// cuda_fp16.h intrinsic of the same name. The emulation's versions are in
// runtime/include/py2cuda/half_intrinsics.h. 64-bit results are wrapped in
// int64_t/uint64_t because cuda_fp16.h returns (unsigned) long long.
#include <string>

#include "builtins/table.h"

namespace py2cuda::builtins {

namespace {

// Generated from numba_cuda 0.30.4's cuda_fp16.py typing templates and reviewed.
constexpr FixedSignatureFunction kFunctions[] = {
    {"__double2half", "float16(float64)", "__double2half({0})", "round to nearest even"},
    {"__float2half", "float16(float32)", "__float2half({0})", "round to nearest even"},
    {"__float2half_rd", "float16(float32)", "__float2half_rd({0})", "round down"},
    {"__float2half_rn", "float16(float32)", "__float2half_rn({0})", "round to nearest even"},
    {"__float2half_ru", "float16(float32)", "__float2half_ru({0})", "round up"},
    {"__float2half_rz", "float16(float32)", "__float2half_rz({0})", "round toward zero"},
    {"__int2half_rd", "float16(int32)", "__int2half_rd({0})", "round down"},
    {"__int2half_rn", "float16(int32)", "__int2half_rn({0})", "round to nearest even"},
    {"__int2half_ru", "float16(int32)", "__int2half_ru({0})", "round up"},
    {"__int2half_rz", "float16(int32)", "__int2half_rz({0})", "round toward zero"},
    {"__ll2half_rd", "float16(int64)", "__ll2half_rd({0})", "round down"},
    {"__ll2half_rn", "float16(int64)", "__ll2half_rn({0})", "round to nearest even"},
    {"__ll2half_ru", "float16(int64)", "__ll2half_ru({0})", "round up"},
    {"__ll2half_rz", "float16(int64)", "__ll2half_rz({0})", "round toward zero"},
    {"__short2half_rd", "float16(int16)", "__short2half_rd({0})", "round down"},
    {"__short2half_rn", "float16(int16)", "__short2half_rn({0})", "round to nearest even"},
    {"__short2half_ru", "float16(int16)", "__short2half_ru({0})", "round up"},
    {"__short2half_rz", "float16(int16)", "__short2half_rz({0})", "round toward zero"},
    {"__uint2half_rd", "float16(uint32)", "__uint2half_rd({0})", "round down"},
    {"__uint2half_rn", "float16(uint32)", "__uint2half_rn({0})", "round to nearest even"},
    {"__uint2half_ru", "float16(uint32)", "__uint2half_ru({0})", "round up"},
    {"__uint2half_rz", "float16(uint32)", "__uint2half_rz({0})", "round toward zero"},
    {"__ull2half_rd", "float16(uint64)", "__ull2half_rd({0})", "round down"},
    {"__ull2half_rn", "float16(uint64)", "__ull2half_rn({0})", "round to nearest even"},
    {"__ull2half_ru", "float16(uint64)", "__ull2half_ru({0})", "round up"},
    {"__ull2half_rz", "float16(uint64)", "__ull2half_rz({0})", "round toward zero"},
    {"__ushort2half_rd", "float16(uint16)", "__ushort2half_rd({0})", "round down"},
    {"__ushort2half_rn", "float16(uint16)", "__ushort2half_rn({0})", "round to nearest even"},
    {"__ushort2half_ru", "float16(uint16)", "__ushort2half_ru({0})", "round up"},
    {"__ushort2half_rz", "float16(uint16)", "__ushort2half_rz({0})", "round toward zero"},
    {"__half2char_rz", "int8(float16)", "__half2char_rz({0})", "round toward zero, saturating, NaN -> 0"},
    {"__half2float", "float32(float16)", "__half2float({0})", "exact"},
    {"__half2int_rd", "int32(float16)", "__half2int_rd({0})", "round down, saturating, NaN -> 0"},
    {"__half2int_rn", "int32(float16)", "__half2int_rn({0})", "round to nearest even, saturating, NaN -> 0"},
    {"__half2int_ru", "int32(float16)", "__half2int_ru({0})", "round up, saturating, NaN -> 0"},
    {"__half2int_rz", "int32(float16)", "__half2int_rz({0})", "round toward zero, saturating, NaN -> 0"},
    {"__half2ll_rd", "int64(float16)", "int64_t(__half2ll_rd({0}))", "round down, saturating, NaN -> 0x8000000000000000"},
    {"__half2ll_rn", "int64(float16)", "int64_t(__half2ll_rn({0}))", "round to nearest even, saturating, NaN -> 0x8000000000000000"},
    {"__half2ll_ru", "int64(float16)", "int64_t(__half2ll_ru({0}))", "round up, saturating, NaN -> 0x8000000000000000"},
    {"__half2ll_rz", "int64(float16)", "int64_t(__half2ll_rz({0}))", "round toward zero, saturating, NaN -> 0x8000000000000000"},
    {"__half2short_rd", "int16(float16)", "__half2short_rd({0})", "round down, saturating, NaN -> 0"},
    {"__half2short_rn", "int16(float16)", "__half2short_rn({0})", "round to nearest even, saturating, NaN -> 0"},
    {"__half2short_ru", "int16(float16)", "__half2short_ru({0})", "round up, saturating, NaN -> 0"},
    {"__half2short_rz", "int16(float16)", "__half2short_rz({0})", "round toward zero, saturating, NaN -> 0"},
    {"__half2uchar_rz", "uint8(float16)", "__half2uchar_rz({0})", "round toward zero, saturating, NaN -> 0"},
    {"__half2uint_rd", "uint32(float16)", "__half2uint_rd({0})", "round down, saturating, NaN -> 0"},
    {"__half2uint_rn", "uint32(float16)", "__half2uint_rn({0})", "round to nearest even, saturating, NaN -> 0"},
    {"__half2uint_ru", "uint32(float16)", "__half2uint_ru({0})", "round up, saturating, NaN -> 0"},
    {"__half2uint_rz", "uint32(float16)", "__half2uint_rz({0})", "round toward zero, saturating, NaN -> 0"},
    {"__half2ull_rd", "uint64(float16)", "uint64_t(__half2ull_rd({0}))", "round down, saturating, NaN -> 0x8000000000000000"},
    {"__half2ull_rn", "uint64(float16)", "uint64_t(__half2ull_rn({0}))", "round to nearest even, saturating, NaN -> 0x8000000000000000"},
    {"__half2ull_ru", "uint64(float16)", "uint64_t(__half2ull_ru({0}))", "round up, saturating, NaN -> 0x8000000000000000"},
    {"__half2ull_rz", "uint64(float16)", "uint64_t(__half2ull_rz({0}))", "round toward zero, saturating, NaN -> 0x8000000000000000"},
    {"__half2ushort_rd", "uint16(float16)", "__half2ushort_rd({0})", "round down, saturating, NaN -> 0"},
    {"__half2ushort_rn", "uint16(float16)", "__half2ushort_rn({0})", "round to nearest even, saturating, NaN -> 0"},
    {"__half2ushort_ru", "uint16(float16)", "__half2ushort_ru({0})", "round up, saturating, NaN -> 0"},
    {"__half2ushort_rz", "uint16(float16)", "__half2ushort_rz({0})", "round toward zero, saturating, NaN -> 0"},
    {"__short_as_half", "float16(int16)", "__short_as_half({0})", "bit cast"},
    {"__ushort_as_half", "float16(uint16)", "__ushort_as_half({0})", "bit cast"},
    {"__half_as_short", "int16(float16)", "__half_as_short({0})", "bit cast"},
    {"__half_as_ushort", "uint16(float16)", "__half_as_ushort({0})", "bit cast"},
    {"__habs", "float16(float16)", "__habs({0})", "|a|"},
    {"__hadd", "float16(float16, float16)", "__hadd({0}, {1})", "a + b"},
    {"__hadd_rn", "float16(float16, float16)", "__hadd_rn({0}, {1})", "a + b, never contracted into an fma"},
    {"__hadd_sat", "float16(float16, float16)", "__hadd_sat({0}, {1})", "a + b clamped to [0, 1], NaN -> 0"},
    {"__hdiv", "float16(float16, float16)", "__hdiv({0}, {1})", "a / b"},
    {"__heq", "bool(float16, float16)", "__heq({0}, {1})", "a == b, ordered"},
    {"__hequ", "bool(float16, float16)", "__hequ({0}, {1})", "a == b or unordered"},
    {"__hfma", "float16(float16, float16, float16)", "__hfma({0}, {1}, {2})", "a * b + c rounded once"},
    {"__hfma_relu", "float16(float16, float16, float16)", "__hfma_relu({0}, {1}, {2})", "max(a * b + c, 0), NaN kept"},
    {"__hfma_sat", "float16(float16, float16, float16)", "__hfma_sat({0}, {1}, {2})", "a * b + c clamped to [0, 1], NaN -> 0"},
    {"__hge", "bool(float16, float16)", "__hge({0}, {1})", "a >= b, ordered"},
    {"__hgeu", "bool(float16, float16)", "__hgeu({0}, {1})", "a >= b or unordered"},
    {"__hgt", "bool(float16, float16)", "__hgt({0}, {1})", "a > b, ordered"},
    {"__hgtu", "bool(float16, float16)", "__hgtu({0}, {1})", "a > b or unordered"},
    {"__hisinf", "int32(float16)", "__hisinf({0})", "-1 for -inf, 1 for +inf, else 0"},
    {"__hisnan", "bool(float16)", "__hisnan({0})", "a is NaN"},
    {"__hle", "bool(float16, float16)", "__hle({0}, {1})", "a <= b, ordered"},
    {"__hleu", "bool(float16, float16)", "__hleu({0}, {1})", "a <= b or unordered"},
    {"__hlt", "bool(float16, float16)", "__hlt({0}, {1})", "a < b, ordered"},
    {"__hltu", "bool(float16, float16)", "__hltu({0}, {1})", "a < b or unordered"},
    {"__hmax", "float16(float16, float16)", "__hmax({0}, {1})", "a NaN operand gives the other"},
    {"__hmax_nan", "float16(float16, float16)", "__hmax_nan({0}, {1})", "NaN if either is NaN"},
    {"__hmin", "float16(float16, float16)", "__hmin({0}, {1})", "a NaN operand gives the other"},
    {"__hmin_nan", "float16(float16, float16)", "__hmin_nan({0}, {1})", "NaN if either is NaN"},
    {"__hmul", "float16(float16, float16)", "__hmul({0}, {1})", "a * b"},
    {"__hmul_rn", "float16(float16, float16)", "__hmul_rn({0}, {1})", "a * b, never contracted into an fma"},
    {"__hmul_sat", "float16(float16, float16)", "__hmul_sat({0}, {1})", "a * b clamped to [0, 1], NaN -> 0"},
    {"__hne", "bool(float16, float16)", "__hne({0}, {1})", "a != b, ordered (False with a NaN)"},
    {"__hneg", "float16(float16)", "__hneg({0})", "-a"},
    {"__hneu", "bool(float16, float16)", "__hneu({0}, {1})", "a != b or unordered"},
    {"__hsub", "float16(float16, float16)", "__hsub({0}, {1})", "a - b"},
    {"__hsub_rn", "float16(float16, float16)", "__hsub_rn({0}, {1})", "a - b, never contracted into an fma"},
    {"__hsub_sat", "float16(float16, float16)", "__hsub_sat({0}, {1})", "a - b clamped to [0, 1], NaN -> 0"},
};

}  // namespace

const std::vector<Builtin>& fp16_intrinsic_rows() {
  static const std::vector<Builtin> rows = fixed_signature_rows("numba.cuda.fp16", "", kFunctions);
  return rows;
}

}  // namespace py2cuda::builtins
