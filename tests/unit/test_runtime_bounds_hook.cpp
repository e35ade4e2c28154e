// The P2C_BOUNDS_CHECK hook of py2cuda::Array: called once per dimension with the
// index actually used (after Python's wraparound), by both kinds of indexing, before
// the element is touched. The emulation backend will use it to report out-of-bounds
// accesses; here it records each call and throws for an index outside the array,
// which also lets the tests show, without touching memory, which indices wrap.
//
// The element type is local to this file, so this file's Array instantiations
// (compiled with the hook) are not shared with other test files (compiled without).

#include <stdexcept>
#include <vector>

struct HookCall {
  int dim;
  long long index;
};
static std::vector<HookCall> g_hook_calls;

static void record_access(int dim, long long index, long long extent) {
  g_hook_calls.push_back({dim, index});
  if (index < 0 || index >= extent) throw std::out_of_range("index out of bounds");
}

#define P2C_BOUNDS_CHECK(array, dim, index) record_access((dim), (index), (array).shape[(dim)])

#include <py2cuda/array.h>

#include <gtest/gtest.h>

#include <cstdint>

namespace {

struct Probe {
  int value;
};

TEST(RuntimeArrayBoundsHook, SeesEveryDimensionAfterWraparound) {
  Probe cells[6] = {};
  const py2cuda::Array<Probe, 2> a{cells, {2, 3}, {3, 1}};
  g_hook_calls.clear();
  a.at(-1, 2).value = 5;
  ASSERT_EQ(g_hook_calls.size(), 2u);
  EXPECT_EQ(g_hook_calls[0].dim, 0);
  EXPECT_EQ(g_hook_calls[0].index, 1);  // -1 + 2
  EXPECT_EQ(g_hook_calls[1].dim, 1);
  EXPECT_EQ(g_hook_calls[1].index, 2);
  EXPECT_EQ(cells[5].value, 5);
}

TEST(RuntimeArrayBoundsHook, PlainIndexingIsCheckedToo) {
  Probe cells[6] = {};
  const py2cuda::Array<Probe, 2> a{cells, {2, 3}, {3, 1}};
  g_hook_calls.clear();
  (void)a(1, 0);
  ASSERT_EQ(g_hook_calls.size(), 2u);
  EXPECT_EQ(g_hook_calls[0].index, 1);
  EXPECT_EQ(g_hook_calls[1].index, 0);
  EXPECT_THROW((void)a(-1, 0), std::out_of_range);  // plain indexing does not wrap
}

TEST(RuntimeArrayBoundsHook, UnsignedIndicesNeverWrap) {
  Probe cells[3] = {};
  const py2cuda::Array<Probe, 1> a{cells, {3}, {1}};
  g_hook_calls.clear();
  EXPECT_THROW((void)a.at(uint32_t{0xFFFFFFFFu}), std::out_of_range);
  ASSERT_EQ(g_hook_calls.size(), 1u);
  EXPECT_EQ(g_hook_calls[0].index, 4294967295LL);  // not -1 + 3
  EXPECT_EQ(&a.at(int32_t{-1}), &cells[2]);        // whereas a signed -1 wraps
  EXPECT_THROW((void)a.at(int64_t{-4}), std::out_of_range);
}

}  // namespace
