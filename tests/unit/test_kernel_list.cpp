// TranslateResult::kernels, what `py2cuda FILE --list-kernels` prints: each kernel instance
// with its Python name, its C++ name and its signature in Numba's notation, whether the
// signature came from the decorator or from the host code's launches (bench/sass.py gives
// Numba these signatures, so both compile the same instance).
#include <gtest/gtest.h>

#include <string>

#include "driver/translate.h"

using namespace py2cuda;

namespace {

TEST(KernelList, DecoratorAndLaunchSignatures) {
  SourceFile file("t.py",
                  "import numpy as np\nfrom numba import cuda\n"
                  "@cuda.jit('void(float32[:], int64)')\ndef scale(x, n):\n    x[0] = n\n"
                  "@cuda.jit\ndef fill(out, v):\n    out[cuda.grid(1)] = v\n"
                  "@cuda.jit(device=True)\ndef helper(a):\n    return a\n"
                  "if __name__ == '__main__':\n"
                  "    a = np.zeros(4, dtype=np.int32)\n"
                  "    fill[1, 4](a, 3)\n"
                  "    b = np.zeros(4)\n"
                  "    fill[1, 4](b, 2.5)\n");
  TranslateResult r = translate(file, TranslateOptions{});
  ASSERT_TRUE(r.ok) << r.diagnostics;
  ASSERT_EQ(r.kernels.size(), 3u);
  EXPECT_EQ(r.kernels[0].name, "scale");
  EXPECT_EQ(r.kernels[0].cpp_name, "scale");
  EXPECT_EQ(r.kernels[0].signature, "void(float32[:], int64)");
  EXPECT_EQ(r.kernels[1].name, "fill");
  EXPECT_EQ(r.kernels[2].name, "fill");
  EXPECT_NE(r.kernels[1].cpp_name, r.kernels[2].cpp_name);  // two instances, two C++ names
  EXPECT_NE(r.kernels[1].signature, r.kernels[2].signature);
  for (const KernelInstance& k : r.kernels) {
    EXPECT_NE(r.cu.find("__global__ void " + k.cpp_name + "("), std::string::npos) << k.cpp_name;
  }
}

}  // namespace
