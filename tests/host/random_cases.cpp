// Driver of run_host_random.py: runs a script of draws on py2cuda::host's NumPy
// generators and prints every value exactly (doubles and floats as the hex of
// their bits, integers in decimal), for comparison with NumPy's own draws.
//
// Script lines (whitespace separated):
//   case NAME                   starts a case: prints "case NAME"
//   rs_seed N | rs_seed_array A B ... | rs_ss N    new RandomState: seed(N),
//                               seed([A, B, ...]), RandomState(MT19937(SeedSequence(N)))
//   gen_seed N | gen_words W0 W1 ...   new Generator: default_rng(N) / a big int
//   gen_tables PATH             later Generators use the tables in PATH (binary:
//                               ki wi fi ke we fe, 256 little-endian 8-byte each)
//   tables                      prints the built-in ziggurat tables (ziggurat_tables.h)
//   OP MODE N ARGS...           a draw: MODE s = N scalar calls, f = one fill of N
// Errors (the runtime's Python exceptions) print "error TYPE: message" and end the line's work.
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "py2cuda/host/generator.h"
#include "py2cuda/host/random_state.h"

using namespace py2cuda::host;

namespace {

void put(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  std::printf("%016" PRIx64 "\n", b);
}
void put(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  std::printf("%08" PRIx32 "\n", b);
}
void put(int64_t v) { std::printf("%" PRId64 "\n", v); }
void put(int32_t v) { std::printf("%" PRId32 "\n", v); }
void put(int16_t v) { put(int64_t{v}); }
void put(uint16_t v) { put(int64_t{v}); }
void put(int8_t v) { put(int64_t{v}); }
void put(uint8_t v) { put(int64_t{v}); }
template <class T>
void put_all(const std::vector<T>& v) {
  for (const T& x : v) put(x);
}

std::unique_ptr<RandomState> rs;
std::unique_ptr<Generator> gen;
ZigguratTables injected;
bool use_injected = false;

double D(const std::vector<std::string>& a, size_t i) { return std::stod(a.at(i)); }
int64_t I(const std::vector<std::string>& a, size_t i) { return std::stoll(a.at(i)); }

// Draws n values with a scalar call per value (mode s) or one fill (mode f).
template <class T, class Scalar, class Fill>
void draw(bool fill, int64_t n, Scalar scalar, Fill filler) {
  std::vector<T> out(static_cast<size_t>(n));
  if (fill) {
    filler(out.data(), n);
  } else {
    for (auto& x : out) x = scalar();
  }
  put_all(out);
}

// randint/integers of an 8- or 16-bit dtype: NumPy's buffered draws; a scalar draw starts a
// fresh buffer (a fill of one), as NumPy's size=None draw does.
template <class T, class FillOne>
void draw_small(bool f, int64_t n, FillOne fill) {
  draw<T>(
      f, n,
      [&] {
        T v;
        fill(&v, 1);
        return v;
      },
      [&](T* o, int64_t k) { fill(o, k); });
}

// The dtype an op's suffix names (`randint_u8`), and the draw of that type.
template <class Fill>
bool draw_small_dtype(const std::string& suffix, bool f, int64_t n, Fill fill) {
  if (suffix == "i8") draw_small<int8_t>(f, n, [&](int8_t* o, int64_t k) { fill(o, k); });
  else if (suffix == "u8") draw_small<uint8_t>(f, n, [&](uint8_t* o, int64_t k) { fill(o, k); });
  else if (suffix == "i16") draw_small<int16_t>(f, n, [&](int16_t* o, int64_t k) { fill(o, k); });
  else if (suffix == "u16") draw_small<uint16_t>(f, n, [&](uint16_t* o, int64_t k) { fill(o, k); });
  else return false;
  return true;
}

void run_rs(const std::string& op, bool f, int64_t n, const std::vector<std::string>& a) {
  RandomState& r = *rs;
  if (op == "random_sample") {
    draw<double>(f, n, [&] { return r.random_sample(); }, [&](double* o, int64_t k) { r.fill_random_sample(o, k); });
  } else if (op == "uniform") {
    const double lo = D(a, 3), hi = D(a, 4);
    draw<double>(f, n, [&] { return r.uniform(lo, hi); }, [&](double* o, int64_t k) { r.fill_uniform(o, k, lo, hi); });
  } else if (op == "standard_normal") {
    draw<double>(f, n, [&] { return r.standard_normal(); }, [&](double* o, int64_t k) { r.fill_standard_normal(o, k); });
  } else if (op == "normal") {
    const double loc = D(a, 3), sc = D(a, 4);
    draw<double>(f, n, [&] { return r.normal(loc, sc); }, [&](double* o, int64_t k) { r.fill_normal(o, k, loc, sc); });
  } else if (op == "standard_exponential") {
    draw<double>(
        f, n, [&] { return r.standard_exponential(); }, [&](double* o, int64_t k) { r.fill_standard_exponential(o, k); });
  } else if (op == "exponential") {
    const double sc = D(a, 3);
    draw<double>(f, n, [&] { return r.exponential(sc); }, [&](double* o, int64_t k) { r.fill_exponential(o, k, sc); });
  } else if (op == "randint") {
    const int64_t lo = I(a, 3), hi = I(a, 4);
    draw<int64_t>(f, n, [&] { return r.randint(lo, hi); }, [&](int64_t* o, int64_t k) { r.fill_randint(o, k, lo, hi); });
  } else if (op == "randint32") {
    const int64_t lo = I(a, 3), hi = I(a, 4);
    draw<int32_t>(
        f, n,
        [&] {
          int32_t v;
          r.fill_randint(&v, 1, lo, hi);
          return v;
        },
        [&](int32_t* o, int64_t k) { r.fill_randint(o, k, lo, hi); });
  } else if (op.rfind("randint_", 0) == 0) {
    const int64_t lo = I(a, 3), hi = I(a, 4);
    if (!draw_small_dtype(op.substr(8), f, n, [&](auto* o, int64_t k) { r.fill_randint(o, k, lo, hi); })) {
      throw std::runtime_error("unknown RandomState op " + op);
    }
  } else if (op == "choice") {
    const int64_t pop = I(a, 3);
    const bool replace = I(a, 4) != 0;
    draw<int64_t>(
        f, n, [&] { return r.choice(pop, replace); }, [&](int64_t* o, int64_t k) { r.fill_choice(o, k, pop, replace); });
  } else if (op == "choice_array") {  // a = arange(pop) * 0.5 - 3
    const int64_t pop = I(a, 3);
    const bool replace = I(a, 4) != 0;
    std::vector<double> arr(static_cast<size_t>(pop));
    for (int64_t i = 0; i < pop; ++i) arr[static_cast<size_t>(i)] = static_cast<double>(i) * 0.5 - 3;
    draw<double>(
        f, n, [&] { return r.choice(arr.data(), pop, replace); },
        [&](double* o, int64_t k) { r.fill_choice(o, k, arr.data(), pop, replace); });
  } else if (op == "permutation") {  // n = the length
    std::vector<int64_t> out(static_cast<size_t>(n));
    r.fill_permutation(out.data(), n);
    put_all(out);
  } else if (op == "shuffle_rows") {  // arange(n * cols).reshape(n, cols)
    const int64_t cols = I(a, 3);
    std::vector<int64_t> out(static_cast<size_t>(n * cols));
    for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<int64_t>(i);
    r.shuffle_rows(out.data(), n, cols);
    put_all(out);
  } else {
    throw std::runtime_error("unknown RandomState op " + op);
  }
}

void run_gen(const std::string& op, bool f, int64_t n, const std::vector<std::string>& a) {
  Generator& g = *gen;
  if (op == "g_random") {
    draw<double>(f, n, [&] { return g.random(); }, [&](double* o, int64_t k) { g.fill_random(o, k); });
  } else if (op == "g_random32") {
    draw<float>(f, n, [&] { return g.random_float32(); }, [&](float* o, int64_t k) { g.fill_random(o, k); });
  } else if (op == "g_uniform") {
    const double lo = D(a, 3), hi = D(a, 4);
    draw<double>(f, n, [&] { return g.uniform(lo, hi); }, [&](double* o, int64_t k) { g.fill_uniform(o, k, lo, hi); });
  } else if (op == "g_standard_normal") {
    draw<double>(f, n, [&] { return g.standard_normal(); }, [&](double* o, int64_t k) { g.fill_standard_normal(o, k); });
  } else if (op == "g_normal") {
    const double loc = D(a, 3), sc = D(a, 4);
    draw<double>(f, n, [&] { return g.normal(loc, sc); }, [&](double* o, int64_t k) { g.fill_normal(o, k, loc, sc); });
  } else if (op == "g_standard_exponential") {
    draw<double>(
        f, n, [&] { return g.standard_exponential(); }, [&](double* o, int64_t k) { g.fill_standard_exponential(o, k); });
  } else if (op == "g_exponential") {
    const double sc = D(a, 3);
    draw<double>(f, n, [&] { return g.exponential(sc); }, [&](double* o, int64_t k) { g.fill_exponential(o, k, sc); });
  } else if (op == "g_integers" || op == "g_integers32") {
    const int64_t lo = I(a, 3), hi = I(a, 4);
    const bool endpoint = I(a, 5) != 0;
    if (op == "g_integers") {
      draw<int64_t>(
          f, n, [&] { return g.integers(lo, hi, endpoint); },
          [&](int64_t* o, int64_t k) { g.fill_integers(o, k, lo, hi, endpoint); });
    } else {
      draw<int32_t>(
          f, n,
          [&] {
            int32_t v;
            g.fill_integers(&v, 1, lo, hi, endpoint);
            return v;
          },
          [&](int32_t* o, int64_t k) { g.fill_integers(o, k, lo, hi, endpoint); });
    }
  } else if (op.rfind("g_integers_", 0) == 0) {
    const int64_t lo = I(a, 3), hi = I(a, 4);
    const bool endpoint = I(a, 5) != 0;
    if (!draw_small_dtype(op.substr(11), f, n, [&](auto* o, int64_t k) { g.fill_integers(o, k, lo, hi, endpoint); })) {
      throw std::runtime_error("unknown Generator op " + op);
    }
  } else {
    throw std::runtime_error("unknown Generator op " + op);
  }
}

void run_line(const std::vector<std::string>& a) {
  const std::string& op = a[0];
  if (op == "case") {
    std::printf("case %s\n", a.at(1).c_str());
  } else if (op == "rs_seed") {
    rs = std::make_unique<RandomState>(static_cast<int64_t>(std::stoll(a.at(1))));
  } else if (op == "rs_seed_array") {
    std::vector<int64_t> key;
    for (size_t i = 1; i < a.size(); ++i) key.push_back(std::stoll(a[i]));
    rs = std::make_unique<RandomState>(key);
  } else if (op == "rs_ss") {
    MT19937 mt;
    mt.seed_from_words(SeedSequence(std::stoull(a.at(1))).generate_state_u32(MT19937::kStateWords).data());
    rs = std::make_unique<RandomState>(mt);
  } else if (op == "gen_seed" || op == "gen_words") {
    std::vector<uint32_t> words;
    if (op == "gen_seed") {
      words = SeedSequence::int_words(std::stoll(a.at(1)));
    } else {
      for (size_t i = 1; i < a.size(); ++i) words.push_back(static_cast<uint32_t>(std::stoull(a[i])));
    }
    gen = std::make_unique<Generator>(PCG64(SeedSequence(words)), use_injected ? injected : kNumpyZigguratTables);
  } else if (op == "gen_tables") {
    std::ifstream in(a.at(1), std::ios::binary);
    std::vector<char> buf(6 * 256 * 8);
    if (!in.read(buf.data(), static_cast<std::streamsize>(buf.size()))) throw std::runtime_error("short tables file");
    char* p = buf.data();
    std::memcpy(injected.ki, p + 0 * 2048, 2048);
    std::memcpy(injected.wi, p + 1 * 2048, 2048);
    std::memcpy(injected.fi, p + 2 * 2048, 2048);
    std::memcpy(injected.ke, p + 3 * 2048, 2048);
    std::memcpy(injected.we, p + 4 * 2048, 2048);
    std::memcpy(injected.fe, p + 5 * 2048, 2048);
    use_injected = true;
  } else if (op == "tables") {
    const ZigguratTables& t = kNumpyZigguratTables;
    for (int i = 0; i < 256; ++i)
      std::printf("%016" PRIx64 " %a %a %016" PRIx64 " %a %a\n", t.ki[i], t.wi[i], t.fi[i], t.ke[i], t.we[i], t.fe[i]);
  } else {
    const bool fill = a.at(1) == "f";
    const int64_t n = I(a, 2);
    if (op.rfind("g_", 0) == 0) {
      run_gen(op, fill, n, a);
    } else {
      run_rs(op, fill, n, a);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: random_cases SCRIPT\n");
    return 2;
  }
  std::ifstream script(argv[1]);
  std::string line;
  while (std::getline(script, line)) {
    std::istringstream words(line);
    std::vector<std::string> a;
    for (std::string w; words >> w;) a.push_back(w);
    if (a.empty()) continue;
    try {
      run_line(a);
    } catch (const PyException& e) {
      std::printf("error %s: %s\n", e.type_name().c_str(), e.what());
    }
  }
  return 0;
}
