// unittest.TestCase in host code: each assertion's AssertionError text is CPython 3.11's
// (the expected strings were printed by CPython's unittest for the same values), and
// skipTest's exception is named unittest.case.SkipTest.

#include <py2cuda/host.h>

#include <gtest/gtest.h>

#include <optional>
#include <string>

namespace {

namespace h = py2cuda::host;

template <class F>
std::string failure(F f) {
  try {
    f();
  } catch (const h::AssertionError& e) {
    return e.python_line();
  }
  return "passed";
}

TEST(RuntimeTestCase, FailedAssertionsSayWhatUnittestSays) {
  const h::TestCase t;
  const std::string why = "why";
  EXPECT_EQ(failure([&] { t.assertEqual(int64_t{3}, int64_t{4}); }), "AssertionError: 3 != 4");
  EXPECT_EQ(failure([&] { t.assertNotEqual(1.5, 1.5); }), "AssertionError: 1.5 == 1.5");
  EXPECT_EQ(failure([&] { t.assertTrue(int64_t{0}); }), "AssertionError: 0 is not true");
  EXPECT_EQ(failure([&] { t.assertFalse(std::string("x")); }), "AssertionError: 'x' is not false");
  EXPECT_EQ(failure([&] { t.assertGreater(0.3f, 0.49); }), "AssertionError: 0.3 not greater than 0.49");
  EXPECT_EQ(failure([&] { t.assertGreaterEqual(int64_t{1}, int64_t{2}); }),
            "AssertionError: 1 not greater than or equal to 2");
  EXPECT_EQ(failure([&] { t.assertLess(2.5, int64_t{2}); }), "AssertionError: 2.5 not less than 2");
  EXPECT_EQ(failure([&] { t.assertLessEqual(int64_t{3}, int64_t{2}, why); }),
            "AssertionError: 3 not less than or equal to 2 : why");
  EXPECT_EQ(failure([&] { t.assertAlmostEqual(1.0, 1.1, std::nullopt, std::nullopt); }),
            "AssertionError: 1.0 != 1.1 within 7 places (0.10000000000000009 difference)");
  EXPECT_EQ(failure([&] { t.assertAlmostEqual(1.0f, 1.5f, int64_t{3}, std::nullopt); }),
            "AssertionError: 1.0 != 1.5 within 3 places (0.5 difference)");
  EXPECT_EQ(failure([&] { t.assertAlmostEqual(int64_t{10}, int64_t{20}, std::nullopt, int64_t{3}); }),
            "AssertionError: 10 != 20 within 3 delta (10 difference)");
  EXPECT_EQ(failure([&] { t.assertNotAlmostEqual(1.0, 1.0000000001, std::nullopt, std::nullopt); }),
            "AssertionError: 1.0 == 1.0000000001 within 7 places");
  EXPECT_EQ(failure([&] { t.assertNotAlmostEqual(1.0, 1.5, std::nullopt, int64_t{1}); }),
            "AssertionError: 1.0 == 1.5 within 1 delta (0.5 difference)");
  EXPECT_EQ(failure([&] { t.assertIn(int64_t{5}, py2cuda::make_tuple(int64_t{1}, int64_t{2})); }),
            "AssertionError: 5 not found in (1, 2)");
  EXPECT_EQ(failure([&] { t.assertNotIn(std::string("a"), std::string("abc")); }),
            "AssertionError: 'a' unexpectedly found in 'abc'");
  EXPECT_EQ(failure([&] { t.assertIsNone(false, 2.5); }), "AssertionError: 2.5 is not None");
  EXPECT_EQ(failure([&] { t.fail(); }), "AssertionError: None");
  EXPECT_EQ(failure([&] { t.fail(std::string("boom")); }), "AssertionError: boom");
}

TEST(RuntimeTestCase, PassingAssertionsRaiseNothing) {
  const h::TestCase t;
  EXPECT_EQ(failure([&] {
              t.assertEqual(true, 1.0);
              t.assertAlmostEqual(1.0, 1.00000001, std::nullopt, std::nullopt);
              t.assertAlmostEqual(0.1f * 3.0, 0.3, int64_t{6}, std::nullopt);
              t.assertIn(std::string("cuda"), std::string("numba.cuda"));
              t.assertNotIn(int64_t{4}, py2cuda::make_tuple(int64_t{1}, 2.0));
              t.assertIsNotNone(false);
              t.assertIsNone(true, std::string("None"));
            }),
            "passed");
}

TEST(RuntimeTestCase, SkipTestEndsTheProgramWithUnittestsSkipTest) {
  char prog[] = "prog";
  char* argv[] = {prog};
  testing::internal::CaptureStderr();
  const int status = h::run_program(1, argv, [] { h::TestCase().skipTest("no coop grid"); });
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(status, 1);
  EXPECT_NE(err.find("\nunittest.case.SkipTest: no coop grid\n"), std::string::npos) << err;
}

}  // namespace
