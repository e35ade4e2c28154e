// numba.cuda.random (random.h, random_host.h) against Numba's own numbers.
//
// tests/random/random_cases.txt was written by tests/random/gen_random_cases.py,
// which runs numba-cuda's random.py itself; that script documents the format.
//
// What must be exact and what may differ by an ulp:
//   - states, the uint64 draws and both uniforms are integer arithmetic and exact
//     float conversions: compared bit for bit;
//   - the normals call log, sqrt and cos. The expectations come from Numba's CPU
//     target, which calls the C library of the machine that generated them; this
//     test calls the C library of the machine it runs on, and the GPU calls libdevice.
//     log and cos are not correctly rounded, so implementations may disagree in the
//     last bit: finite non-zero normals may differ by at most 2 ulp. Zeros, infinities
//     and NaNs (u1 = 1 gives -0.0, u1 = 0 gives inf) must match exactly, sign included.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <py2cuda/random.h>
#include <py2cuda/random_host.h>

namespace {

using py2cuda::Xoroshiro128pState;

constexpr int kDraws = 20;
const std::vector<std::string> kMixedOrder = {"next",           "uniform_float64", "uniform_float32",
                                              "normal_float64", "normal_float32",  "jump"};

// ---- the case file ------------------------------------------------------------

std::vector<std::vector<std::string>> read_records() {
  std::ifstream in(std::string(PY2CUDA_SOURCE_DIR) + "/tests/random/random_cases.txt");
  std::vector<std::vector<std::string>> records;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::vector<std::string> tokens;
    for (std::string t; fields >> t;) tokens.push_back(t);
    records.push_back(std::move(tokens));
  }
  return records;
}

const std::vector<std::vector<std::string>>& records() {
  static const auto all = read_records();
  return all;
}

std::vector<std::vector<std::string>> records_of(const std::string& type) {
  std::vector<std::vector<std::string>> out;
  for (const auto& r : records()) {
    if (!r.empty() && r[0] == type) out.push_back(r);
  }
  return out;
}

uint64_t dec(const std::string& s) { return std::stoull(s, nullptr, 10); }
int64_t sdec(const std::string& s) { return std::stoll(s, nullptr, 10); }
uint64_t hex(const std::string& s) { return std::stoull(s, nullptr, 16); }

// ---- comparing draws --------------------------------------------------------------

uint64_t bits_of(double v) {
  uint64_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

uint32_t bits_of(float v) {
  uint32_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

// Ulps between two finite floats of the same sign (bit patterns of one sign are ordered).
template <class Bits>
Bits ulps_apart(Bits a, Bits b) {
  return a > b ? a - b : b - a;
}

template <class F, class Bits>
::testing::AssertionResult near_numba(F got, Bits want_bits) {
  F want;
  std::memcpy(&want, &want_bits, sizeof want);
  const Bits got_bits = bits_of(got);
  if (got_bits == want_bits) return ::testing::AssertionSuccess();
  const bool exact_only = !std::isfinite(want) || want == 0 || !std::isfinite(got) || got == 0;
  if (!exact_only && std::signbit(got) == std::signbit(want) && ulps_apart(got_bits, want_bits) <= 2) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure() << "got " << got << " (bits " << std::hex << got_bits << "), Numba gave "
                                       << want << " (bits " << want_bits << ")";
}

// Makes one call of `kind` on states[index], checks it against the text token(s) at
// `*pos` and moves past them. `where` says which record and draw, for failures.
void check_draw(const std::string& kind, py2cuda::Array<Xoroshiro128pState, 1> states, int64_t index,
                const std::vector<std::string>& tokens, std::size_t* pos, const std::string& where) {
  ASSERT_LT(*pos, tokens.size()) << where << ": record too short";
  const std::string& token = tokens[(*pos)++];
  if (kind == "next") {
    EXPECT_EQ(py2cuda::xoroshiro128p_next(states, index), hex(token)) << where;
  } else if (kind == "uniform_float64") {
    EXPECT_EQ(bits_of(py2cuda::xoroshiro128p_uniform_float64(states, index)), hex(token)) << where;
  } else if (kind == "uniform_float32") {
    EXPECT_EQ(bits_of(py2cuda::xoroshiro128p_uniform_float32(states, index)), static_cast<uint32_t>(hex(token)))
        << where;
  } else if (kind == "normal_float64") {
    EXPECT_TRUE(near_numba(py2cuda::xoroshiro128p_normal_float64(states, index), hex(token))) << where;
  } else if (kind == "normal_float32") {
    EXPECT_TRUE(near_numba(py2cuda::xoroshiro128p_normal_float32(states, index), static_cast<uint32_t>(hex(token))))
        << where;
  } else if (kind == "jump") {
    ASSERT_LT(*pos, tokens.size()) << where << ": record too short";
    py2cuda::xoroshiro128p_jump(states, index);
    const Xoroshiro128pState& s = states.at(index);
    EXPECT_EQ(s.s0, hex(token)) << where << " (s0 after the jump)";
    EXPECT_EQ(s.s1, hex(tokens[(*pos)++])) << where << " (s1 after the jump)";
  } else {
    FAIL() << where << ": unknown kind " << kind;
  }
}

// Twenty draws of `kind` ("mixed": the kinds in turn) from states[index], checked
// against tokens[first...], which must be used up exactly.
void check_sequence(const std::string& kind, py2cuda::Array<Xoroshiro128pState, 1> states, int64_t index,
                    const std::vector<std::string>& tokens, std::size_t first, const std::string& record) {
  std::size_t pos = first;
  for (int i = 0; i < kDraws; ++i) {
    const std::string& k = kind == "mixed" ? kMixedOrder[static_cast<std::size_t>(i) % kMixedOrder.size()] : kind;
    check_draw(k, states, index, tokens, &pos, record + ", draw " + std::to_string(i) + " (" + k + ")");
  }
  EXPECT_EQ(pos, tokens.size()) << record << ": tokens left over";
}

std::vector<Xoroshiro128pState> init_states(int64_t n, uint64_t seed, uint64_t sub) {
  std::vector<Xoroshiro128pState> states(static_cast<std::size_t>(n));
  py2cuda::init_xoroshiro128p_states(states.data(), n, seed, sub);
  return states;
}

py2cuda::Array<Xoroshiro128pState, 1> view(std::vector<Xoroshiro128pState>& states) {
  return py2cuda::c_array_view(states.data(), std::array<int64_t, 1>{static_cast<int64_t>(states.size())});
}

// The digest gen_random_cases.py writes: FNV-1a's constants over the 64-bit words.
uint64_t digest(const std::vector<Xoroshiro128pState>& states) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (const Xoroshiro128pState& s : states) {
    h = (h ^ s.s0) * 0x100000001b3ull;
    h = (h ^ s.s1) * 0x100000001b3ull;
  }
  return h;
}

std::string joined(const std::vector<std::string>& tokens, std::size_t count) {
  std::string text;
  for (std::size_t i = 0; i < count && i < tokens.size(); ++i) text += (i ? " " : "") + tokens[i];
  return text;
}

}  // namespace

TEST(RuntimeRandom, StateLayoutIsNumbas) {
  // xoroshiro128p_dtype: [("s0", "<u8"), ("s1", "<u8")], align=True -> itemsize 16, alignment 8.
  EXPECT_EQ(sizeof(Xoroshiro128pState), 16u);
  EXPECT_EQ(alignof(Xoroshiro128pState), 8u);
  EXPECT_EQ(offsetof(Xoroshiro128pState, s0), 0u);
  EXPECT_EQ(offsetof(Xoroshiro128pState, s1), 8u);
}

TEST(RuntimeRandom, CaseFileIsComplete) {
  // 4 seeds x 2 subsequence starts x 3 state counts; 6 draw sites x 7 kinds for each
  // seed and start; 4 raw states x 7 kinds.
  EXPECT_EQ(records_of("states").size(), 24u);
  EXPECT_EQ(records_of("draws").size(), 4u * 2u * 6u * 7u);
  EXPECT_EQ(records_of("raw").size(), 4u * 7u);
  EXPECT_EQ(records().size(), 24u + 4u * 2u * 6u * 7u + 4u * 7u) << "a record of an unknown type";
}

TEST(RuntimeRandom, InitMatchesNumba) {
  for (const auto& r : records_of("states")) {
    const std::string record = joined(r, 4);
    ASSERT_GE(r.size(), 6u) << record;
    const auto states = init_states(sdec(r[3]), dec(r[1]), dec(r[2]));
    EXPECT_EQ(digest(states), hex(r[4])) << record;
    const std::size_t listed = dec(r[5]);
    ASSERT_EQ(r.size(), 6 + 3 * listed) << record;
    for (std::size_t k = 0; k < listed; ++k) {
      const auto i = static_cast<std::size_t>(dec(r[6 + 3 * k]));
      ASSERT_LT(i, states.size()) << record;
      EXPECT_EQ(states[i].s0, hex(r[7 + 3 * k])) << record << ", state " << i << " s0";
      EXPECT_EQ(states[i].s1, hex(r[8 + 3 * k])) << record << ", state " << i << " s1";
    }
  }
}

TEST(RuntimeRandom, DrawsMatchNumba) {
  // Includes negative indices, which Numba wraps (-1 is the last state).
  for (const auto& r : records_of("draws")) {
    const std::string record = joined(r, 6);
    ASSERT_GE(r.size(), 6u) << record;
    auto states = init_states(sdec(r[4]), dec(r[2]), dec(r[3]));
    check_sequence(r[1], view(states), sdec(r[5]), r, 6, record);
  }
}

TEST(RuntimeRandom, DrawsFromRawStatesMatchNumba) {
  // (0, 0): uniform 0, normal +inf; s0 + s1 = 2**64 - 1: float32 uniform 1.0, normal -0.0.
  for (const auto& r : records_of("raw")) {
    const std::string record = joined(r, 4);
    ASSERT_GE(r.size(), 4u) << record;
    std::vector<Xoroshiro128pState> states{{hex(r[2]), hex(r[3])}};
    check_sequence(r[1], view(states), 0, r, 4, record);
  }
}

TEST(RuntimeRandom, IndexIsConvertedToInt64ThenWrapped) {
  // Numba's int64(index): an unsigned index of 2**64 - 1 is -1, the last state.
  auto a = init_states(3, 7, 0);
  auto b = a;
  EXPECT_EQ(py2cuda::xoroshiro128p_next(view(a), ~uint64_t{0}), py2cuda::xoroshiro128p_next(view(b), 2));
  EXPECT_EQ(a[2].s0, b[2].s0);
  EXPECT_EQ(a[0].s0, b[0].s0);  // untouched
}

TEST(RuntimeRandom, InitEdgeCases) {
  EXPECT_NO_THROW(py2cuda::init_xoroshiro128p_states(nullptr, 0, 1));
  Xoroshiro128pState one{};
  EXPECT_THROW(py2cuda::init_xoroshiro128p_states(&one, -1, 1), py2cuda::Error);
  // A prefix does not depend on how many states follow it.
  const auto few = init_states(3, 42, 3);
  const auto many = init_states(50, 42, 3);
  for (std::size_t i = 0; i < few.size(); ++i) {
    EXPECT_EQ(few[i].s0, many[i].s0);
    EXPECT_EQ(few[i].s1, many[i].s1);
  }
}

TEST(RuntimeRandom, CreateAndInitOnDeviceArrays) {
  // create_xoroshiro128p_states / init_xoroshiro128p_states(DeviceArray&) copy the
  // host-computed states to device memory (here the emulation backend's).
  const auto want = init_states(1000, 2, 1);
  const auto created = py2cuda::create_xoroshiro128p_states(1000, 2, 1);
  ASSERT_EQ(created.size(), 1000);
  std::vector<Xoroshiro128pState> got(1000);
  created.copy_to_host(got.data());
  EXPECT_EQ(digest(got), digest(want));

  auto reinit = py2cuda::create_xoroshiro128p_states(1000, 99);
  py2cuda::init_xoroshiro128p_states(reinit, 2, 1);
  reinit.copy_to_host(got.data());
  EXPECT_EQ(digest(got), digest(want));

  EXPECT_EQ(py2cuda::create_xoroshiro128p_states(0, 1).size(), 0);
  EXPECT_THROW(py2cuda::create_xoroshiro128p_states(-1, 1), py2cuda::Error);
}

TEST(RuntimeRandom, BadIndexIsReportedWhereTheCallIs) {
  // Host builds: the emulation's bounds check names the caller's line, not random.h's
  // (under #line directives, the Python line that passed the index). Last in the file:
  // the #line below renumbers everything after it.
  auto states = init_states(4, 1, 0);
  try {
#line 9001 "draws.py"
    py2cuda::xoroshiro128p_normal_float32(view(states), 4);
    FAIL() << "index 4 of 4 states was not reported";
  } catch (const py2cuda::Error& e) {
    EXPECT_NE(std::string(e.what()).find("draws.py:9001: out-of-bounds access: index 4"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(py2cuda::xoroshiro128p_jump(view(states), -5), py2cuda::Error);
}
