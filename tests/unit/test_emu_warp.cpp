// The CPU emulation of Numba's warp-level functions (runtime/include/py2cuda/warp.h,
// emu/warp_collective.h, emu/fiber_block.h): shuffles with full and partial masks, in
// the last partial warp of a block, on 64-bit values, with out-of-range lanes; the votes;
// match_any/all; activemask, lanemask_lt, laneid, syncwarp; and the reports for misuse a
// GPU leaves undefined. Kernels are written as the translator emits them.

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>

#include "../emulation/emu_test_support.h"

namespace warp_errors {
using py2cuda::Array;
using py2cuda::KernelInfo;
// Defined at the end of the file, "in w.py".
__global__ void mask_without_self(Array<int32_t, 1> out);
__global__ void mask_past_block(Array<int32_t, 1> out);
__global__ void lane_returned(Array<int32_t, 1> out);
__global__ void different_functions(Array<int32_t, 1> out);
__global__ void different_masks(Array<int32_t, 1> out);
__global__ void source_outside_mask(Array<int32_t, 1> out);
__global__ void warp_op_and_barrier(Array<int32_t, 1> out);
__global__ void masks_in_a_cycle(Array<int32_t, 1> out);
constexpr KernelInfo kSelfInfo{"mask_without_self", "w.py:10", false, true};
constexpr KernelInfo kPastInfo{"mask_past_block", "w.py:20", false, true};
constexpr KernelInfo kReturnedInfo{"lane_returned", "w.py:30", false, true};
constexpr KernelInfo kFunctionsInfo{"different_functions", "w.py:40", false, true};
constexpr KernelInfo kMasksInfo{"different_masks", "w.py:50", false, true};
constexpr KernelInfo kSourceInfo{"source_outside_mask", "w.py:60", false, true};
constexpr KernelInfo kBarrierInfo{"warp_op_and_barrier", "w.py:70", true, true};
constexpr KernelInfo kCycleInfo{"masks_in_a_cycle", "w.py:80", false, true};
constexpr KernelInfo kNoFibersInfo{"mask_without_self", "w.py:10", false, false};
}  // namespace warp_errors

namespace {

using emu_test::error_of;
using py2cuda::Array;
using py2cuda::KernelInfo;

constexpr uint32_t kFull = 0xffffffffu;

// Each warp's sum by a shfl_down tree; lane 0 writes it. Threads past n add 0.
__global__ void warp_sums(Array<int32_t, 1> x, Array<int32_t, 1> sums) {
  const int64_t i = py2cuda::grid1();
  int32_t v = i < x.size() ? x(i) : 0;
  for (int32_t offset = 16; offset > 0; offset /= 2) v += py2cuda::shfl_down_sync(kFull, v, offset);
  if (py2cuda::laneid() == 0) sums(i / 32) = v;
}
constexpr KernelInfo kWarpSumsInfo{"warp_sums", "warp.py:1", false, true};

// Only lanes 0-15 take part: a butterfly (xor) sum over the half warp.
__global__ void half_warp_xor(Array<int32_t, 1> out) {
  const int32_t lane = py2cuda::laneid();
  const int32_t t = int32_t(threadIdx.x);
  int32_t v = t + 1;
  if (lane < 16) {
    for (int32_t m = 8; m > 0; m /= 2) v += py2cuda::shfl_xor_sync(0x0000ffffu, v, m);
  }
  out(t) = v;
}
constexpr KernelInfo kHalfInfo{"half_warp_xor", "warp.py:2", false, true};

// Each warp broadcasts its lane 2's value to the lanes activemask() names; in a block
// of 40 threads the second warp has lanes 0-7 only.
__global__ void broadcast_active(Array<int64_t, 1> out, Array<int64_t, 1> masks) {
  const int32_t t = int32_t(threadIdx.x);
  const uint32_t mask = py2cuda::activemask();
  masks(t) = mask;
  out(t) = py2cuda::shfl_sync(mask, int64_t(t) * 1000000000000LL + 7, 2);
}
constexpr KernelInfo kBroadcastInfo{"broadcast_active", "warp.py:3", false, true};

// 64-bit values keep every bit; up/down past the warp give the caller's own value;
// only the low 5 bits of a lane operand count.
__global__ void shuffles_64(Array<int64_t, 1> up, Array<double, 1> down, Array<int64_t, 1> idx,
                            Array<float, 1> wrap) {
  const int32_t t = int32_t(threadIdx.x);
  const int64_t big = (int64_t(t) << 40) | 0x12345678LL;
  up(t) = py2cuda::shfl_up_sync(kFull, big, 3);
  down(t) = py2cuda::shfl_down_sync(kFull, double(t) + 0.25, 5);
  idx(t) = py2cuda::shfl_sync(kFull, -big, -1);  // lane 31
  wrap(t) = py2cuda::shfl_sync(kFull, float(t) * 0.5f, 33);  // lane 1
}
constexpr KernelInfo kShuffles64Info{"shuffles_64", "warp.py:4", false, true};

__global__ void votes(Array<int32_t, 1> out) {
  const int32_t t = int32_t(threadIdx.x);
  const int32_t lane = py2cuda::laneid();
  int32_t* row = &out(int64_t(t) * 8);
  row[0] = py2cuda::all_sync(kFull, lane < 32);
  row[1] = py2cuda::all_sync(kFull, lane != 5);
  row[2] = py2cuda::any_sync(kFull, lane == 31);
  row[3] = py2cuda::any_sync(kFull, false);
  row[4] = py2cuda::eq_sync(kFull, lane >= 0);
  row[5] = py2cuda::eq_sync(kFull, lane % 2 == 0);
  row[6] = py2cuda::ballot_sync(kFull, lane % 2 == 1);
  // A partial mask: only the lanes of 0x000000f0 vote, and only they call.
  row[7] = (0xf0u >> lane) & 1u ? py2cuda::ballot_sync(0xf0u, lane != 6) : -1;
}
constexpr KernelInfo kVotesInfo{"votes", "warp.py:5", false, true};

__global__ void matches_small(Array<int32_t, 1> any, Array<int32_t, 1> all, Array<int32_t, 1> all_flag,
                              Array<int32_t, 1> floats) {
  const int32_t t = int32_t(threadIdx.x);
  const int32_t lane = py2cuda::laneid();
  any(t) = py2cuda::match_any_sync(kFull, int64_t(lane % 3) << 33);
  const py2cuda::tuple<int32_t, bool> same = py2cuda::match_all_sync(kFull, 42);
  all(t) = py2cuda::get<0>(same);
  // Lanes 0-3 bring one value, lanes 4 and 5 two: (mask, true) and (0, false).
  all_flag(t) = -1;
  if (lane < 4) {
    const py2cuda::tuple<int32_t, bool> one = py2cuda::match_all_sync(0xfu, int32_t(7));
    all_flag(t) = 10 * py2cuda::get<0>(one) + py2cuda::get<1>(one);
  } else if (lane < 6) {
    const py2cuda::tuple<int32_t, bool> two = py2cuda::match_all_sync(0x30u, float(lane));
    all_flag(t) = 10 * py2cuda::get<0>(two) + py2cuda::get<1>(two);
  }
  if (lane < 4) floats(t) = py2cuda::match_any_sync(0xfu, lane % 2 ? 0.0 : -0.0);
}
constexpr KernelInfo kMatchesInfo{"matches_small", "warp.py:6", false, true};

// Lanes 20-31 return at once; the others read activemask, and syncwarp orders their
// shared-memory writes before the reads of their neighbours.
__global__ void active_after_return(Array<int64_t, 1> out) {
  __shared__ int32_t slots[64];
  const int32_t t = int32_t(threadIdx.x);
  const int32_t lane = py2cuda::laneid();
  if (lane >= 20) return;
  const uint32_t mask = py2cuda::activemask();
  slots[t] = t * 3;
  py2cuda::syncwarp(mask);
  out(int64_t(t) * 3) = mask;
  out(int64_t(t) * 3 + 1) = py2cuda::lanemask_lt();
  out(int64_t(t) * 3 + 2) = slots[t - lane + (lane + 1) % 20];
}
constexpr KernelInfo kActiveInfo{"active_after_return", "warp.py:7", false, true};

// Lanes 16-31 skip the half-warp ballot and wait at the full-warp syncwarp for lanes 0-15,
// which finish their ballot among themselves first (as on sm_70+).
__global__ void half_then_full(Array<int32_t, 1> out) {
  const int32_t t = int32_t(threadIdx.x);
  const int32_t lane = py2cuda::laneid();
  int32_t half = -1;
  if (lane < 16) half = py2cuda::ballot_sync(0x0000ffffu, lane % 3 == 0);
  py2cuda::syncwarp();
  out(t) = half + 100 * py2cuda::shfl_xor_sync(kFull, lane, 16);
}
constexpr KernelInfo kHalfThenFullInfo{"half_then_full", "warp.py:9", false, true};

// laneid along the linear thread index of a 2-D block: in loop mode and in fiber mode.
__global__ void lanes_2d(Array<int32_t, 1> out) {
  const int64_t t = int64_t(threadIdx.x) + int64_t(threadIdx.y) * int64_t(blockDim.x);
  out(t) = py2cuda::laneid() + 100 * py2cuda::warpsize;
}
constexpr KernelInfo kLanesLoopInfo{"lanes_2d", "warp.py:8", false, false};
constexpr KernelInfo kLanesFiberInfo{"lanes_2d", "warp.py:8", false, true};

TEST(EmuWarp, ShuffleDownReductionPerWarpWithPartialLastBlock) {
  py2cuda::HostArray<int32_t, 1> x({100});
  for (int64_t i = 0; i < 100; ++i) x(i) = int32_t(i * i - 50);
  auto sums = emu_test::filled<int32_t>(4, -1);
  py2cuda::launch(warp_sums, {2, 64}, kWarpSumsInfo, py2cuda::to_device(x), sums);
  const auto s = sums.copy_to_host();
  for (int64_t w = 0; w < 4; ++w) {
    int32_t expected = 0;
    for (int64_t i = 32 * w; i < 32 * w + 32 && i < 100; ++i) expected += x(i);
    EXPECT_EQ(s(w), expected) << "warp " << w;
  }
}

TEST(EmuWarp, HalfWarpMaskLeavesTheOtherLanesOut) {
  auto out = emu_test::filled<int32_t>(64, 0);
  py2cuda::launch(half_warp_xor, {1, 64}, kHalfInfo, out);
  const auto o = out.copy_to_host();
  for (int32_t t = 0; t < 64; ++t) {
    const int32_t warp = t / 32;
    const int32_t expected = t % 32 < 16 ? 16 * (32 * warp) + 136 : t + 1;  // sum of (32w+1 .. 32w+16)
    EXPECT_EQ(o(t), expected) << "thread " << t;
  }
}

TEST(EmuWarp, ActivemaskOfTheLastPartialWarpAndBroadcast) {
  auto out = emu_test::filled<int64_t>(40, 0);
  auto masks = emu_test::filled<int64_t>(40, 0);
  py2cuda::launch(broadcast_active, {1, 40}, kBroadcastInfo, out, masks);
  const auto o = out.copy_to_host();
  const auto m = masks.copy_to_host();
  for (int32_t t = 0; t < 40; ++t) {
    const int64_t source = t < 32 ? 2 : 34;
    EXPECT_EQ(o(t), source * 1000000000000LL + 7) << "thread " << t;
    EXPECT_EQ(m(t), t < 32 ? int64_t{0xffffffff} : int64_t{0xff}) << "thread " << t;
  }
}

TEST(EmuWarp, SixtyFourBitShufflesAndLaneOperandsOutOfRange) {
  auto up = emu_test::filled<int64_t>(64, 0);
  auto down = emu_test::filled<double>(64, 0);
  auto idx = emu_test::filled<int64_t>(64, 0);
  auto wrap = emu_test::filled<float>(64, 0);
  py2cuda::launch(shuffles_64, {1, 64}, kShuffles64Info, up, down, idx, wrap);
  const auto u = up.copy_to_host();
  const auto d = down.copy_to_host();
  const auto x = idx.copy_to_host();
  const auto w = wrap.copy_to_host();
  for (int64_t t = 0; t < 64; ++t) {
    const int64_t lane = t % 32, base = t - lane;
    const int64_t from_up = lane >= 3 ? t - 3 : t;
    EXPECT_EQ(u(t), (from_up << 40) | 0x12345678LL) << t;
    const int64_t from_down = lane + 5 < 32 ? t + 5 : t;
    EXPECT_EQ(d(t), double(from_down) + 0.25) << t;
    EXPECT_EQ(x(t), -(((base + 31) << 40) | 0x12345678LL)) << t;
    EXPECT_EQ(w(t), float(base + 1) * 0.5f) << t;
  }
}

TEST(EmuWarp, VotesWithFullAndPartialMasks) {
  auto out = emu_test::filled<int32_t>(64 * 8, 0);
  py2cuda::launch(votes, {1, 64}, kVotesInfo, out);
  const auto o = out.copy_to_host();
  for (int64_t t = 0; t < 64; ++t) {
    const int64_t lane = t % 32;
    EXPECT_EQ(o(8 * t + 0), 1);
    EXPECT_EQ(o(8 * t + 1), 0);
    EXPECT_EQ(o(8 * t + 2), 1);
    EXPECT_EQ(o(8 * t + 3), 0);
    EXPECT_EQ(o(8 * t + 4), 1);
    EXPECT_EQ(o(8 * t + 5), 0);
    EXPECT_EQ(o(8 * t + 6), int32_t(0xaaaaaaaau));  // lane 31 set: negative as int32
    EXPECT_EQ(o(8 * t + 7), lane >= 4 && lane < 8 ? 0xb0 : -1);
  }
}

TEST(EmuWarp, MatchAnyAndAllCompareBits) {
  auto any = emu_test::filled<int32_t>(64, 0);
  auto all = emu_test::filled<int32_t>(64, 0);
  auto flag = emu_test::filled<int32_t>(64, -1);
  auto floats = emu_test::filled<int32_t>(64, -1);
  py2cuda::launch(matches_small, {1, 64}, kMatchesInfo, any, all, flag, floats);
  const auto a = any.copy_to_host();
  const auto l = all.copy_to_host();
  const auto f = flag.copy_to_host();
  const auto fl = floats.copy_to_host();
  const uint32_t by_residue[3] = {0x49249249u, 0x92492492u, 0x24924924u};
  for (int64_t t = 0; t < 64; ++t) {
    const int64_t lane = t % 32;
    EXPECT_EQ(uint32_t(a(t)), by_residue[lane % 3]) << t;
    EXPECT_EQ(l(t), -1) << t;  // every lane, 0xffffffff as int32
    EXPECT_EQ(f(t), lane < 4 ? 151 : lane < 6 ? 0 : -1) << t;
    EXPECT_EQ(fl(t), lane < 4 ? (lane % 2 ? 0xa : 0x5) : -1) << t;
  }
}

TEST(EmuWarp, ActivemaskAfterLanesReturnLanemaskAndSyncwarp) {
  auto out = emu_test::filled<int64_t>(64 * 3, -1);
  py2cuda::launch(active_after_return, {1, 64}, kActiveInfo, out);
  const auto o = out.copy_to_host();
  for (int64_t t = 0; t < 64; ++t) {
    const int64_t lane = t % 32;
    if (lane >= 20) {
      EXPECT_EQ(o(3 * t), -1);
      continue;
    }
    EXPECT_EQ(o(3 * t), 0xfffff) << t;
    EXPECT_EQ(o(3 * t + 1), (int64_t{1} << lane) - 1) << t;
    EXPECT_EQ(o(3 * t + 2), 3 * (t - lane + (lane + 1) % 20)) << t;
  }
}

TEST(EmuWarp, LanesWaitForLanesStillInAnEarlierCollective) {
  auto out = emu_test::filled<int32_t>(64, 0);
  py2cuda::launch(half_then_full, {1, 64}, kHalfThenFullInfo, out);
  const auto o = out.copy_to_host();
  for (int32_t t = 0; t < 64; ++t) {
    const int32_t lane = t % 32;
    EXPECT_EQ(o(t), (lane < 16 ? 0x9249 : -1) + 100 * (lane ^ 16)) << t;
  }
}

TEST(EmuWarp, LaneidAndWarpsizeInLoopAndFiberModes) {
  for (const KernelInfo* info : {&kLanesLoopInfo, &kLanesFiberInfo}) {
    auto out = emu_test::filled<int32_t>(6 * 9, -1);
    py2cuda::launch(lanes_2d, {py2cuda::Dim3(1), py2cuda::Dim3(6, 9)}, *info, out);
    const auto o = out.copy_to_host();
    for (int32_t t = 0; t < 54; ++t) EXPECT_EQ(o(t), t % 32 + 3200) << t;
  }
}

// The arithmetic alone (emu/warp_collective.h), without fibers.
TEST(EmuWarp, ShuffleSourceLanesFollowPtx) {
  using py2cuda::emu::detail::shfl_source;
  using py2cuda::emu::detail::WarpOp;
  EXPECT_EQ(shfl_source(WarpOp::shfl_idx, 7, 40), 8u);   // 40 % 32
  EXPECT_EQ(shfl_source(WarpOp::shfl_idx, 7, -1), 31u);  // low 5 bits of -1
  EXPECT_EQ(shfl_source(WarpOp::shfl_up, 2, 3), 2u);     // below lane 0: own value
  EXPECT_EQ(shfl_source(WarpOp::shfl_up, 5, 3), 2u);
  EXPECT_EQ(shfl_source(WarpOp::shfl_down, 30, 2), 30u);  // past lane 31: own value
  EXPECT_EQ(shfl_source(WarpOp::shfl_down, 29, 2), 31u);
  EXPECT_EQ(shfl_source(WarpOp::shfl_down, 3, 32), 3u);   // delta 32 has low bits 0
  EXPECT_EQ(shfl_source(WarpOp::shfl_xor, 5, 33), 4u);
}

TEST(EmuWarp, ThirtyTwoBitValuesCompareTheirLowBitsOnly) {
  using namespace py2cuda::emu::detail;
  WarpArrival lanes[kWarpSize];
  const WarpArrival* arrivals[kWarpSize] = {};
  WarpResult results[kWarpSize];
  for (uint32_t l = 0; l < 4; ++l) {
    lanes[l].op = WarpOp::match_all;
    lanes[l].mask = 0xfu;
    lanes[l].width = 4;
    lanes[l].value = 0x5u | (uint64_t{l} << 32);  // garbage above bit 31 must not count
    arrivals[l] = &lanes[l];
  }
  ASSERT_FALSE(warp_results(arrivals, 0xfu, results).has_value());
  EXPECT_EQ(results[2].value, 0xfu);
  EXPECT_TRUE(results[2].flag);
  for (uint32_t l = 0; l < 4; ++l) lanes[l].width = 8;
  ASSERT_FALSE(warp_results(arrivals, 0xfu, results).has_value());
  EXPECT_EQ(results[2].value, 0u);
  EXPECT_FALSE(results[2].flag);
}

// ---- misuse: reported, never hung ----------------------------------------------------

std::string launch_error(void (*kernel)(Array<int32_t, 1>), const KernelInfo& info, uint32_t threads) {
  auto out = emu_test::filled<int32_t>(64, 0);
  return emu_test::within_seconds(30, [&] { return error_of([&] { py2cuda::launch(kernel, {1, threads}, info, out); }); });
}

TEST(EmuWarp, MaskWithoutTheCallersLane) {
  EXPECT_EQ(launch_error(warp_errors::mask_without_self, warp_errors::kSelfInfo, 32),
            "w.py:12: cuda.ballot_sync in kernel 'mask_without_self' at w.py:10, block (0,0,0), thread (0,0,0): "
            "its mask 0x0000fffe does not include the calling thread's lane 0");
}

TEST(EmuWarp, MaskNamingLanesPastTheBlock) {
  EXPECT_EQ(launch_error(warp_errors::mask_past_block, warp_errors::kPastInfo, 40),
            "w.py:22: cuda.shfl_down_sync in kernel 'mask_past_block' at w.py:20, block (0,0,0), thread (32,0,0): "
            "its mask 0xffffffff names lanes that do not exist: warp 1 of this block of 40 threads has lanes 0-7");
}

TEST(EmuWarp, MaskNamingALaneThatReturned) {
  EXPECT_EQ(launch_error(warp_errors::lane_returned, warp_errors::kReturnedInfo, 32),
            "w.py:33: cuda.all_sync in kernel 'lane_returned' at w.py:30, block (0,0,0), thread (1,0,0): "
            "its mask 0xffffffff names lane 0 (thread (0,0,0)), which has returned");
}

TEST(EmuWarp, LanesOfOneMaskCallingDifferentFunctions) {
  EXPECT_EQ(launch_error(warp_errors::different_functions, warp_errors::kFunctionsInfo, 32),
            "w.py:45: cuda.any_sync in kernel 'different_functions' at w.py:40, block (0,0,0), thread (1,0,0): "
            "lane 0 (thread (0,0,0)) waits at cuda.all_sync with mask 0xffffffff at w.py:43, this lane calls "
            "cuda.any_sync with mask 0xffffffff at w.py:45: the lanes of a mask must call the same warp function "
            "with the same mask");
}

TEST(EmuWarp, LanesOfOneMaskWithDifferentMasks) {
  EXPECT_EQ(launch_error(warp_errors::different_masks, warp_errors::kMasksInfo, 32),
            "w.py:53: cuda.syncwarp in kernel 'different_masks' at w.py:50, block (0,0,0), thread (1,0,0): "
            "lane 0 (thread (0,0,0)) waits at cuda.syncwarp with mask 0xffffffff at w.py:53, this lane calls "
            "cuda.syncwarp with mask 0x00000003 at w.py:53: the lanes of a mask must call the same warp function "
            "with the same mask");
}

TEST(EmuWarp, ShuffleFromALaneOutsideTheMask) {
  EXPECT_EQ(launch_error(warp_errors::source_outside_mask, warp_errors::kSourceInfo, 32),
            "w.py:62: cuda.shfl_sync in kernel 'source_outside_mask' at w.py:60, block (0,0,0), thread (0,0,0): "
            "reads lane 20, which is not in the mask 0x0000ffff (a GPU leaves the result undefined)");
}

TEST(EmuWarp, LanesWaitingWhileOthersWaitAtABarrier) {
  EXPECT_EQ(launch_error(warp_errors::warp_op_and_barrier, warp_errors::kBarrierInfo, 32),
            "w.py:73: warp function cuda.shfl_xor_sync in kernel 'warp_op_and_barrier' at w.py:70, block (0,0,0): "
            "31 threads (1,0,0)-(31,0,0) wait at cuda.shfl_xor_sync with mask 0xffffffff at w.py:73, "
            "but thread (0,0,0) waits at the barrier at w.py:72");
}

TEST(EmuWarp, MasksNamingEachOtherInACycle) {
  EXPECT_EQ(launch_error(warp_errors::masks_in_a_cycle, warp_errors::kCycleInfo, 32),
            "w.py:83: warp function cuda.syncwarp in kernel 'masks_in_a_cycle' at w.py:80, block (0,0,0): "
            "thread (0,0,0) waits at cuda.syncwarp with mask 0x00000003 at w.py:83, but thread (1,0,0) waits at "
            "cuda.syncwarp with mask 0x00000006 at w.py:83");
}

TEST(EmuWarp, WarpFunctionInAKernelLaunchedWithoutFibers) {
  EXPECT_EQ(launch_error(warp_errors::mask_without_self, warp_errors::kNoFibersInfo, 32),
            "w.py:12: kernel 'mask_without_self' at w.py:10 called cuda.ballot_sync, but was launched without warp "
            "functions (its KernelInfo says uses_warp_ops = false), so its threads run one after another and "
            "cannot exchange values");
}

}  // namespace

// The misbehaving kernels, "in w.py": every line from here on belongs to w.py.
// Nothing may follow them.
namespace warp_errors {
#line 10 "w.py"
__global__ void mask_without_self(Array<int32_t, 1> out) {
  const int32_t lane = py2cuda::laneid();
  out(lane) = py2cuda::ballot_sync(0x0000fffeu, true);
}
#line 20 "w.py"
__global__ void mask_past_block(Array<int32_t, 1> out) {
  const int32_t t = int32_t(threadIdx.x);
  out(t) = py2cuda::shfl_down_sync(0xffffffffu, t, 1);
}
#line 30 "w.py"
__global__ void lane_returned(Array<int32_t, 1> out) {
  const int32_t t = int32_t(threadIdx.x);
  if (t == 0) return;
  out(t) = py2cuda::all_sync(0xffffffffu, true);
}
#line 40 "w.py"
__global__ void different_functions(Array<int32_t, 1> out) {
  const int32_t t = int32_t(threadIdx.x);
  if (t == 0) {
    out(t) = py2cuda::all_sync(0xffffffffu, true);
  } else {
    out(t) = py2cuda::any_sync(0xffffffffu, true);
  }
}
#line 50 "w.py"
__global__ void different_masks(Array<int32_t, 1> out) {
  const int32_t t = int32_t(threadIdx.x);
  const uint32_t mask = t == 0 ? 0xffffffffu : 0x3u;
  py2cuda::syncwarp(mask);
  out(t) = t;
}
#line 60 "w.py"
__global__ void source_outside_mask(Array<int32_t, 1> out) {
  const int32_t t = int32_t(threadIdx.x);
  if (t < 16) out(t) = py2cuda::shfl_sync(0x0000ffffu, t, 20);
}
#line 70 "w.py"
__global__ void warp_op_and_barrier(Array<int32_t, 1> out) {
  const int32_t t = int32_t(threadIdx.x);
  if (t == 0) __syncthreads();
  out(t) = py2cuda::shfl_xor_sync(0xffffffffu, t, 1);
}
#line 80 "w.py"
__global__ void masks_in_a_cycle(Array<int32_t, 1> out) {
  const int32_t lane = py2cuda::laneid();
  const uint32_t masks[3] = {0x3u, 0x6u, 0x5u};
  if (lane < 3) py2cuda::syncwarp(masks[lane]);
  out(lane) = lane;
}
}  // namespace warp_errors
