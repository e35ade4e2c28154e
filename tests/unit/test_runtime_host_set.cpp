// The host runtime's Python set (runtime/include/py2cuda/host/set.h): CPython's hashes of
// numbers and tuples, and the iteration order of CPython 3.11's hash table through adds,
// removes, pops and the set operations. Every expected value here was printed by CPython
// 3.11 (`hash(x)`, `print(s)`); a set's printed order is its table's slot order, so a
// wrong probe, resize or merge rule shows as a different order.

#include <py2cuda/host.h>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "raised_message.h"

namespace {

namespace h = py2cuda::host;

using py2cuda::test::message;

TEST(RuntimeHostSet, HashesAreCPythons) {
  EXPECT_EQ(h::set_hash::of(int64_t{-1}), -2);
  EXPECT_EQ(h::set_hash::of(int64_t{(int64_t{1} << 61) - 1}), 0);
  EXPECT_EQ(h::set_hash::of(int64_t{1} << 62), 2);
  EXPECT_EQ(h::set_hash::of(std::numeric_limits<int64_t>::min()), -4);
  EXPECT_EQ(h::set_hash::of(2.0), 2);  // an integral float hashes as its int
  EXPECT_EQ(h::set_hash::of(-0.5), -1152921504606846976);
  EXPECT_EQ(h::set_hash::of(1.1), 230584300921369601);
  EXPECT_EQ(h::set_hash::of(1e300), 1224995262755759164);
  EXPECT_EQ(h::set_hash::of(std::numeric_limits<double>::infinity()), 314159);
  EXPECT_EQ(h::set_hash::of(py2cuda::tuple<>{}), 5740354900026072187);
  EXPECT_EQ(h::set_hash::of(py2cuda::tuple<int64_t, int64_t>{1, 2}), -3550055125485641917);
  EXPECT_EQ(h::set_hash::of(py2cuda::tuple<int64_t, int64_t>{0, 0}), -8458139203682520985);
  EXPECT_EQ(h::set_hash::of(py2cuda::tuple<double, int64_t>{1.5, -3}), 2936311641029127278);
  EXPECT_EQ(h::set_hash::of(true), 1);
  EXPECT_EQ(h::set_hash::of(int32_t{-7}), -7);
}

TEST(RuntimeHostSet, PrintsInTheTablesOrder) {
  EXPECT_EQ(h::repr(h::Set<int64_t>{3, 1, 2}), "{1, 2, 3}");
  EXPECT_EQ(h::repr(h::Set<int64_t>{10, 3, 18, 7, 2}), "{2, 3, 7, 10, 18}");
  EXPECT_EQ(h::repr(h::Set<int64_t>{-1, -2, 0}), "{0, -1, -2}");
  EXPECT_EQ(h::repr(h::Set<double>{0.5, 1.25, -3.0, 2.0, 7.1}), "{0.5, 1.25, 2.0, 7.1, -3.0}");
  using Pair = py2cuda::tuple<int64_t, int64_t>;
  EXPECT_EQ(h::repr(h::Set<Pair>{Pair{1, 2}, Pair{3, 4}, Pair{0, 1}, Pair{2, 2}, Pair{-1, 5}}),
            "{(0, 1), (1, 2), (3, 4), (2, 2), (-1, 5)}");
  EXPECT_EQ(h::repr(h::Set<int64_t>{}), "set()");
  EXPECT_EQ(h::str(h::Set<std::string>{"a"}), "{'a'}");
}

TEST(RuntimeHostSet, RemovedSlotsAreReusedAsCPythonReusesThem) {
  h::Set<int64_t> s = h::Set<int64_t>::of(h::List<int64_t>{0, 1, 2, 3, 4});
  s.discard(2);
  s.add(2);  // back into its dummy slot
  EXPECT_EQ(h::repr(s), "{0, 1, 2, 3, 4}");
  h::Set<int64_t> t{1, 2, 3, 4, 5};
  t.discard(1);
  t.add(9);
  EXPECT_EQ(h::repr(t), "{2, 3, 4, 5, 9}");
  // Adds into an 8-slot table skip linear probing: 96 lands by the perturbed step.
  h::Set<int64_t> u{10240, -25};
  for (int64_t x : {96, 33, 34}) u.add(x);
  EXPECT_EQ(h::repr(u), "{10240, 33, 34, 96, -25}");
}

TEST(RuntimeHostSet, PopGoesOnFromItsFingerAcrossClear) {
  h::Set<int64_t> s = h::Set<int64_t>::of(h::Range(0, 20, 1));
  EXPECT_EQ(s.pop(), 0);
  EXPECT_EQ(s.pop(), 1);
  EXPECT_EQ(s.pop(), 2);
  s.clear();
  s.update(h::Range(0, 5, 1));
  EXPECT_EQ(s.pop(), 3);
  EXPECT_EQ(message([] { h::Set<int64_t>{}.pop(); }), "KeyError: 'pop from an empty set'");
  EXPECT_EQ(message([] { h::Set<int64_t>{1}.remove(5); }), "KeyError: 5");
  EXPECT_EQ(message([] { h::Set<std::string>{}.remove("x"); }), "KeyError: 'x'");
}

TEST(RuntimeHostSet, OperationsBuildTheirResultsAsCPythonDoes) {
  h::Set<int64_t> a{10240, -25};
  h::Set<int64_t> b{96, 33, 34, 32, 25600};
  EXPECT_EQ(h::repr(b), "{96, 33, 34, 32, 25600}");
  EXPECT_EQ(h::repr(a ^ b), "{96, 33, 34, 32, 25600, 10240, -25}");
  EXPECT_EQ(h::repr(b ^ a), "{10240, 33, 34, 96, 32, 25600, -25}");
  EXPECT_EQ(h::repr(a | b), "{10240, 96, 33, 34, 32, 25600, -25}");
  h::Set<int64_t> c = a.copy();
  c.symmetric_difference_update(b);
  EXPECT_EQ(h::repr(c), "{10240, 33, 34, 96, 32, 25600, -25}");
  h::Set<int64_t> s{1, 2, 3};
  EXPECT_EQ(h::repr(s.intersection(h::List<int64_t>{3, 2, 2, 9})), "{2, 3}");
  EXPECT_EQ(h::repr(s - h::Set<int64_t>{2}), "{1, 3}");
  EXPECT_EQ(h::repr(s & h::Set<int64_t>{3, 4}), "{3}");
  EXPECT_TRUE((h::Set<int64_t>{1, 2} < s));
  EXPECT_FALSE((s < s));
  EXPECT_TRUE((s <= s));
  EXPECT_TRUE((s == h::Set<int64_t>{3, 2, 1}));
  EXPECT_TRUE(s.isdisjoint(h::Set<int64_t>{7}));
  EXPECT_TRUE(s.issuperset(h::Set<int64_t>{}));
}

TEST(RuntimeHostSet, IsAReferenceAsPythonNamesAre) {
  h::Set<int64_t> a{1};
  h::Set<int64_t> b = a;
  b.add(2);
  EXPECT_EQ(h::len(a), 2);
  EXPECT_TRUE(a.is(b));
  EXPECT_FALSE(a.is(a.copy()));
  EXPECT_EQ((h::sum<int64_t>(a)), 3);
  EXPECT_EQ(h::max(a), 2);
  EXPECT_EQ(h::repr(h::sorted<int64_t>(h::Set<int64_t>{5, 3, 40})), "[3, 5, 40]");
}

// Numbers of a type chosen by path hash as the number they hold (hash(1) == hash(1.0)), and a
// set converted to such numbers keeps its table: it is the same Python set, whose order a
// later add continues. Orders printed by CPython 3.11.
TEST(RuntimeHostSet, DynamicNumbersHashAsTheirValuesAndConvertingKeepsTheTable) {
  EXPECT_EQ(h::set_hash::of(h::DynamicNumber(int64_t{-1})), -2);
  EXPECT_EQ(h::set_hash::of(h::DynamicNumber(2.0)), 2);
  EXPECT_EQ(h::set_hash::of(h::to_dynamic<float>(0.5f)), h::set_hash::of(0.5));
  h::Set<int64_t> ints{9, 17, 1};
  auto mixed = h::Set<h::DynamicNumber>::converted(ints, [](int64_t x) { return h::to_dynamic<int64_t>(x); });
  EXPECT_EQ(h::repr(mixed), h::repr(ints));
  mixed.add(h::DynamicNumber(0.5));
  EXPECT_EQ(h::repr(mixed), "{0.5, 9, 17, 1}");  // s = set([9, 17, 1]); s.add(0.5)
  EXPECT_TRUE(mixed.contains(h::DynamicNumber(1.0)));
}

// `{3, 1, 2, 17, 9}`: CPython's frozenset constant (built in order, rebuilt from its own
// order), merged into an empty set, not the items added in order as set([...]) adds them.
TEST(RuntimeHostSet, ADisplayOfConstantsIsCPythonsFrozensetConstant) {
  EXPECT_EQ(h::repr(h::Set<int64_t>::constant_display({3, 1, 2, 17, 9})), "{1, 2, 3, 17, 9}");
  EXPECT_EQ(h::repr(h::Set<int64_t>{3, 1, 2, 17, 9}), "{1, 2, 3, 9, 17}");
  EXPECT_EQ(h::repr(h::Set<int64_t>::constant_display({-1, -2, 7})), "{-2, -1, 7}");
  EXPECT_EQ(h::repr(h::Set<int64_t>{-1, -2, 7}), "{7, -1, -2}");
}

}  // namespace
