// The P2C_BOUNDS_CHECK hook of py2cuda::Array: called once per dimension with the
// index actually used (after Python's wraparound), by both kinds of indexing. The
// emulation backend will use it to report out-of-bounds accesses.
//
// The element type is local to this file, so this file's Array instantiations
// (compiled with the hook) are not shared with other test files (compiled without).

#include <vector>

struct HookCall {
  int dim;
  long long index;
  long long extent;
};
static std::vector<HookCall> g_hook_calls;

#define P2C_BOUNDS_CHECK(array, dim, index) g_hook_calls.push_back({(dim), (index), (array).shape[(dim)]})

#include <py2cuda/array.h>

#include <gtest/gtest.h>

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
  EXPECT_EQ(g_hook_calls[0].extent, 2);
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
}

}  // namespace
