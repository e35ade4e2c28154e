// py2cuda host runtime: unittest.TestCase in host code.
//
// numba-cuda's documentation examples are test methods; run as programs they take a
// `unittest.TestCase()` and call its assertion methods. A failed check raises
// AssertionError with unittest's message (CPython 3.11's unittest/case.py: `3 != 4`,
// `0.3 not greater than 0.49`, `... : msg` when a msg is given), and skipTest raises
// unittest.SkipTest: uncaught, either ends the program as Python's does (run_program).
// The values are the scalars, strings and tuples host code has; repr() gives the text
// unittest's safe_repr gives for them (assertEqual takes numbers, whose reprs never reach
// the 80 characters beyond which unittest shortens them).
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>

#include "exceptions.h"
#include "print.h"
#include "support.h"

namespace py2cuda::host {

class TestCase {
 public:
  using Msg = std::optional<std::string>;

  template <class A, class B>
  void assertEqual(const A& first, const B& second, const Msg& msg = std::nullopt) const {
    if (!(first == second)) fail_with(repr(first) + " != " + repr(second), msg);
  }
  template <class A, class B>
  void assertNotEqual(const A& first, const B& second, const Msg& msg = std::nullopt) const {
    if (!(first != second)) fail_with(repr(first) + " == " + repr(second), msg);
  }
  template <class X>
  void assertTrue(const X& x, const Msg& msg = std::nullopt) const {
    if (!truth(x)) fail_with(repr(x) + " is not true", msg);
  }
  template <class X>
  void assertFalse(const X& x, const Msg& msg = std::nullopt) const {
    if (truth(x)) fail_with(repr(x) + " is not false", msg);
  }
  template <class A, class B>
  void assertGreater(const A& a, const B& b, const Msg& msg = std::nullopt) const {
    if (!(a > b)) fail_with(repr(a) + " not greater than " + repr(b), msg);
  }
  template <class A, class B>
  void assertGreaterEqual(const A& a, const B& b, const Msg& msg = std::nullopt) const {
    if (!(a >= b)) fail_with(repr(a) + " not greater than or equal to " + repr(b), msg);
  }
  template <class A, class B>
  void assertLess(const A& a, const B& b, const Msg& msg = std::nullopt) const {
    if (!(a < b)) fail_with(repr(a) + " not less than " + repr(b), msg);
  }
  template <class A, class B>
  void assertLessEqual(const A& a, const B& b, const Msg& msg = std::nullopt) const {
    if (!(a <= b)) fail_with(repr(a) + " not less than or equal to " + repr(b), msg);
  }

  // assertAlmostEqual(first, second, places=None, msg=None, delta=None): equal, or
  // abs(first - second) <= delta, or round(abs(first - second), places (7)) == 0.
  // `places` and `delta` are std::nullopt when not given.
  template <class A, class B, class P, class D>
  void assertAlmostEqual(const A& first, const B& second, const P& places, const D& delta,
                         const Msg& msg = std::nullopt) const {
    if (first == second) return;
    const auto diff = difference(first, second);
    if constexpr (!std::is_same_v<D, std::nullopt_t>) {
      if (diff <= delta) return;
      fail_with(repr(first) + " != " + repr(second) + " within " + repr(delta) + " delta (" + repr(diff) +
                    " difference)",
                msg);
    } else {
      const int64_t n = places_or_7(places);
      if (rounded(diff, n) == 0) return;
      fail_with(repr(first) + " != " + repr(second) + " within " + repr(n) + " places (" + repr(diff) +
                    " difference)",
                msg);
    }
  }
  template <class A, class B, class P, class D>
  void assertNotAlmostEqual(const A& first, const B& second, const P& places, const D& delta,
                            const Msg& msg = std::nullopt) const {
    if constexpr (!std::is_same_v<D, std::nullopt_t>) {
      const auto diff = difference(first, second);
      if (!(first == second) && diff > delta) return;
      fail_with(repr(first) + " == " + repr(second) + " within " + repr(delta) + " delta (" + repr(diff) +
                    " difference)",
                msg);
    } else {
      const int64_t n = places_or_7(places);
      if (!(first == second) && rounded(difference(first, second), n) != 0) return;
      fail_with(repr(first) + " == " + repr(second) + " within " + repr(n) + " places", msg);
    }
  }

  // assertIsNone / assertIsNotNone: host values have static types, so whether one is None
  // is known from its type (the translator passes `is_none`); the value is for the message.
  template <class X>
  void assertIsNone(bool is_none, const X& x, const Msg& msg = std::nullopt) const {
    if (!is_none) fail_with(repr(x) + " is not None", msg);
  }
  void assertIsNotNone(bool is_none, const Msg& msg = std::nullopt) const {
    if (is_none) fail_with("unexpectedly None", msg);
  }

  // assertIn / assertNotIn: a value in a tuple, a substring in a str.
  template <class M, class C>
  void assertIn(const M& member, const C& container, const Msg& msg = std::nullopt) const {
    if (!contains(container, member)) fail_with(repr(member) + " not found in " + repr(container), msg);
  }
  template <class M, class C>
  void assertNotIn(const M& member, const C& container, const Msg& msg = std::nullopt) const {
    if (contains(container, member)) fail_with(repr(member) + " unexpectedly found in " + repr(container), msg);
  }

  // fail(msg=None): AssertionError(msg), whose text for None is "None".
  [[noreturn]] void fail(const Msg& msg = std::nullopt) const { throw AssertionError(msg.value_or("None")); }

  // skipTest(reason): raises unittest.SkipTest; its traceback line names the class by
  // its module, as CPython prints an exception of a module other than builtins.
  [[noreturn]] void skipTest(const std::string& reason) const { throw PyException("unittest.case.SkipTest", reason); }

 private:
  // _formatMessage with longMessage=True: the standard message, then " : msg".
  [[noreturn]] static void fail_with(const std::string& standard, const Msg& msg) {
    throw AssertionError(msg ? standard + " : " + *msg : standard);
  }

  static bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
  template <class M, class... T>
  static bool contains(const py2cuda::tuple<T...>& t, const M& member) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (... || (py2cuda::get<I>(t) == member));
    }(std::index_sequence_for<T...>{});
  }

  template <class X>
  static bool truth(const X& x) {
    if constexpr (std::is_same_v<X, std::string>) return !x.empty();
    else return static_cast<bool>(x);
  }

  // abs(first - second) with the scalar type Python and NumPy 1.x give it: ints and bools
  // an int, two float32 values a float32, any other float a float64.
  template <class A, class B>
  static auto difference(const A& a, const B& b) {
    if constexpr (std::is_same_v<A, float> && std::is_same_v<B, float>) {
      return std::fabs(a - b);
    } else if constexpr (std::is_floating_point_v<A> || std::is_floating_point_v<B>) {
      return std::fabs(static_cast<double>(a) - static_cast<double>(b));
    } else {
      const int64_t d = static_cast<int64_t>(a) - static_cast<int64_t>(b);
      return d < 0 ? -d : d;
    }
  }
  template <class P>
  static int64_t places_or_7(const P& places) {
    if constexpr (std::is_same_v<P, std::nullopt_t>) return 7;
    else return static_cast<int64_t>(places);
  }
  template <class D>
  static D rounded(D diff, int64_t places) {
    if constexpr (std::is_floating_point_v<D>) return round_digits(diff, places);
    else return diff;  // round(int, n) of a non-negative n is the int itself
  }
};

}  // namespace py2cuda::host
