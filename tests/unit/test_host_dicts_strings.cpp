// Host code's dicts, str methods and number builtins: how an empty `{}` gets its types from
// later stores, what the emitted C++ calls, and the located warnings for what py2cuda's
// one-key-type, one-value-type dicts cannot hold.
#include <gtest/gtest.h>

#include "translate_text.h"

using namespace py2cuda;

namespace {

const test::HostProgram run({.setup = "a = np.zeros(1, dtype=np.float32)\ninc[1, 1](a)\n"});  // lines 1-7

using test::has;

}  // namespace

TEST(HostDicts, EmptyDictTakesTheTypesOfALaterStoreInALoop) {
  TranslateResult r = run("times = {}\nfor n in (8, 16):\n    times[n] = a.sum()\nprint(times)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::Dict<int64_t, float> times = {};")) << r.cu;
  EXPECT_TRUE(has(r.cu, "times.set(n, ")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.cu;
}

TEST(HostDicts, GetWithADefaultTypesAnEmptyDict) {
  TranslateResult r = run("counts = {}\nfor w in 'a b a'.split():\n    counts[w] = counts.get(w, 0) + 1\nprint(counts)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::Dict<std::string, int64_t> counts = {};")) << r.cu;
  EXPECT_TRUE(has(r.cu, "counts.set(w, counts.get(w, int64_t(0)) + 1)")) << r.cu;
}

TEST(HostDicts, DisplayLoopsAndMembershipBecomeDictCalls) {
  TranslateResult r = run("d = {'x': 1.5, 'y': 2.0}\nfor k, v in d.items():\n    print(k, v)\n"
                          "print('x' in d, len(d))\ndel d['x']\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::dict_of<std::string, double>({{\"x\", 1.5}, {\"y\", 2.0}})")) << r.cu;
  EXPECT_TRUE(has(r.cu, "d.key_at(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "d.value_at(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "d.contains(\"x\")")) << r.cu;
  EXPECT_TRUE(has(r.cu, "d.erase(\"x\");")) << r.cu;
}

// A dict nothing stores into is Python's empty dict (printed, measured); looping over it is a warning.
TEST(HostDicts, DictNeverStoredIntoIsAnEmptyDict) {
  TranslateResult r = run("d = {}\nprint(len(d))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::EmptyDict d = py2cuda::host::EmptyDict{};")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.cu;
  TranslateResult loop = run("d = {}\nfor k in d:\n    print(k)\n");
  EXPECT_TRUE(has(loop.diagnostics, "prog.py:9:10: warning: this dict is empty and its key and value types unknown here"))
      << loop.diagnostics;
}

// Numbers, bools and strings of several types in one dict: each kept with its Python type
// (runtime FormatArg), for printing and formatting, and as the number it holds beside a number.
TEST(HostDicts, MixedValueTypesKeepEachValuesType) {
  TranslateResult r = run("d = {'n': 100, 'alpha': 0.5, 'name': 'x'}\nprint(d, d['n'], f\"{d['alpha']:.2f}\")\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::Dict<std::string, py2cuda::host::FormatArg> d =")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.cu;
  TranslateResult filled = run("d = {}\nd['n'] = 3\nd['name'] = 'x'\ne = {'k': 1}\ne['s'] = a[0]\nprint(d, e, int(d['n']) + 1)\n");
  ASSERT_TRUE(filled.ok) << filled.diagnostics;
  EXPECT_TRUE(has(filled.cu, "py2cuda::host::Dict<std::string, py2cuda::host::FormatArg> d = {};")) << filled.cu;
  EXPECT_TRUE(has(filled.cu, "py2cuda::host::mixed_dict(")) << filled.cu;
  EXPECT_TRUE(has(filled.cu, "int main(")) << filled.cu;
  // Beside a number, the number it holds; joined to a str, a located warning (convert it first).
  TranslateResult sum = run("d = {'n': 100, 'alpha': 0.5}\nprint(d['n'] + 1)\n");
  ASSERT_TRUE(sum.ok) << sum.diagnostics;
  EXPECT_TRUE(has(sum.cu, "py2cuda::host::number_of(d.at(\"n\")) + ")) << sum.cu;
  TranslateResult joined = run("d = {'n': 100, 'name': 'x'}\nprint(d['name'] + 'y')\n");
  EXPECT_TRUE(has(joined.diagnostics, "prog.py:9:7: warning: this value comes from a dict whose values have several types"))
      << joined.diagnostics;
  TranslateResult arrays = run("d = {'n': 100, 'a': a}\nprint(d)\n");
  EXPECT_TRUE(has(arrays.diagnostics, "prog.py:8:21: warning: py2cuda's dicts hold one value type: this value is "))
      << arrays.diagnostics;
}

// A list display as a value is a growable list (printed with brackets); a list's element type
// comes from the appends through the dict (`d[k].append(v)`, `d.setdefault(k, []).append(v)`).
TEST(HostDicts, ListValuesAreListsTypedByTheirAppends) {
  TranslateResult r = run("d = {'a': [1, 2]}\nprint(d)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::Dict<std::string, py2cuda::host::List<int64_t>> d =")) << r.cu;
  TranslateResult g = run("groups = {}\nfor i in range(4):\n    groups.setdefault(i % 2, []).append(a[0] * i)\n"
                          "names = {}\nnames['x'] = []\nnames['x'].append('y')\nprint(groups, names)\n");
  ASSERT_TRUE(g.ok) << g.diagnostics;
  EXPECT_TRUE(has(g.cu, "py2cuda::host::Dict<int64_t, py2cuda::host::List<double>> groups = {};")) << g.cu;
  EXPECT_TRUE(has(g.cu, ".setdefault(")) << g.cu;
  EXPECT_TRUE(has(g.cu, "py2cuda::host::Dict<std::string, py2cuda::host::List<std::string>> names = {};")) << g.cu;
  EXPECT_TRUE(has(g.cu, "int main(")) << g.cu;
}

// collections.defaultdict and Counter are dicts of their class: the key type comes from the
// first key read (`counts[w] += 1`), the value type from the factory.
TEST(HostDicts, DefaultdictAndCounterAreDictsOfTheirClass) {
  TranslateResult r = run("from collections import defaultdict, Counter\nd = defaultdict(list)\nfor w in 'ab ab c'.split():\n"
                          "    d[w].append(len(w))\nc = Counter()\nfor w in 'ab ab c'.split():\n    c[w] += 1\n"
                          "n = defaultdict(int)\nn[3] += 2\nprint(d, c, n, Counter([1, 1, 2]).most_common(1))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::DefaultDict<std::string, py2cuda::host::List<int64_t>> d = {};")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::Counter<std::string> c = {};")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::DefaultDict<int64_t, int64_t> n = {};")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::counter_of<int64_t>(")) << r.cu;
  EXPECT_TRUE(has(r.cu, ".most_common(1)")) << r.cu;
  TranslateResult bad = run("from collections import defaultdict\nd = defaultdict(lambda: 0)\nprint(d)\n");
  EXPECT_TRUE(has(bad.diagnostics, "prog.py:9:17: warning: py2cuda's defaultdict takes one default factory")) << bad.diagnostics;
}

TEST(HostDicts, GetWithoutADefaultIsAnOptional) {
  TranslateResult r = run("d = {1: 2}\nprint(d.get(1))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "d.get(int64_t(1))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.cu;
  TranslateResult bad = run("d = {1: 2}\nprint(d.setdefault(1))\n");
  EXPECT_TRUE(has(bad.diagnostics, "prog.py:9:7: warning: dict.setdefault(key) gives None for a missing key")) << bad.diagnostics;
}

TEST(HostStrings, MethodsSlicesAndMembershipBecomeRuntimeCalls) {
  TranslateResult r = run("s = ' a,b '\nparts = s.strip().split(',')\nprint('-'.join(parts), s[1:3], 'a' in s, s.zfill(6))\n"
                          "for ch in s:\n    print(ch.upper())\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::str_split(py2cuda::host::str_strip(s), \",\")")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::str_join(\"-\", parts)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::str_slice(s, int64_t(1), true, int64_t(3), true)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::str_contains(s, \"a\")")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::str_at(s, ")) << r.cu;
}

// The line and right-hand splitting methods: splitlines takes keepends by keyword, rsplit a
// maxsplit without a separator (the whitespace split), partition gives a tuple of three str.
TEST(HostStrings, LineAndRightSplitsAndPartitions) {
  TranslateResult r = run("s = 'a\\nb'\nlines = s.splitlines(keepends=True)\nhead, sep, tail = s.rpartition('/')\n"
                          "print(lines, s.rsplit(maxsplit=1), head, s.removesuffix('b'), '-'.join(s))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::str_splitlines(s, int64_t(1))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::str_rpartition(s, \"/\")")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::str_rsplit(s, int64_t(1))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::str_join(\"-\", s)")) << r.cu;
}

TEST(HostNumbers, DivmodIsIntOrFloatByItsOperands) {
  TranslateResult r = run("q, r = divmod(17, 5)\nx, y = divmod(7.5, 2)\nprint(q, r, x, y, pow(3, 4, 5), chr(65), hex(255))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::tuple<int64_t, int64_t> tup = py2cuda::host::divmod(int64_t(17), int64_t(5));")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::tuple<double, double> tup2 = py2cuda::host::divmod(7.5, 2.0);")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::pow_mod(int64_t(3), int64_t(4), int64_t(5))")) << r.cu;
}

// `{k: [] for k in names}` appended to through `d[k]`: the dict's values are lists of what is
// appended, the comprehension's empty lists converted where it is assigned.
TEST(HostDictsStrings, ADictOfEmptyListsTakesTheTypeOfTheirAppends) {
  TranslateResult r = run("groups = {k: [] for k in ['a', 'b']}\ngroups['a'].append(1.5)\nprint(groups)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::Dict<std::string, py2cuda::host::List<double>> groups")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::dict_of_entries<std::string, py2cuda::host::List<double>>(")) << r.cu;
}

// A dict of mixed values gives its numbers to a launch configuration (the int it holds) and
// takes back a number whose type differs by path (`d["hits"] += 1` beside a float).
TEST(HostDictsStrings, MixedValuesConfigureLaunchesAndTakeComputedNumbers) {
  TranslateResult r = run("cfg = {'tpb': 64, 'eps': 1e-6}\ninc[1, cfg['tpb']](a)\nstats = {'hits': 0, 'rate': 0.5}\n"
                          "stats['hits'] += 1\nprint(stats)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(r.diagnostics, "");
  EXPECT_TRUE(has(r.cu, "py2cuda::host::from_dynamic<int64_t>(py2cuda::host::number_of(cfg.at(\"tpb\")))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "stats.set(\"hits\", py2cuda::host::FormatArg(")) << r.cu;
}
