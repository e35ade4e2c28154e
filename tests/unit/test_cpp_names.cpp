// Python names as C++ names (infer/cpp_names.cpp) and the generated code's own names beside
// the user's (lower/emit.cpp's launch stubs): a file `01_intro.py`, a parameter `config`, a
// constant `INT_MAX` must neither break the build nor change what a name means.
#include <gtest/gtest.h>

#include "driver/translate.h"
#include "infer/cpp_names.h"

using namespace py2cuda;

namespace {

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

TEST(CppNames, NamesThatAreNoIdentifiersGetOne) {
  EXPECT_EQ(infer::cpp_identifier("01_intro"), "py_01_intro");
  EXPECT_EQ(infer::cpp_identifier("lab-03"), "lab_03");
  EXPECT_EQ(infer::cpp_identifier("my prog.v2"), "my_prog_v2");
  EXPECT_EQ(infer::cpp_identifier("INT_MAX"), "INT_MAX_");
  EXPECT_EQ(infer::cpp_identifier("M_PI"), "M_PI_");
  EXPECT_EQ(infer::cpp_identifier("saxpy"), "saxpy");
}

TEST(CppNames, LaunchStubNamesStepAsideForTheParameters) {
  SourceFile file("03-lab.py",
                  "import numpy as np\nfrom numba import cuda\n@cuda.jit\ndef threshold(img, threshold, config, info):\n"
                  "    img[0] = threshold + config + info\n"
                  "a = np.zeros(2)\nthreshold[1, 1](a, 0.5, 1.0, 2.0)\n");
  TranslateResult r = translate(file, TranslateOptions{});
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "namespace lab_03 {") || has(r.cu, "namespace py_03_lab {")) << r.cu;
  EXPECT_TRUE(has(r.cu, "const py2cuda::LaunchConfig& config_,")) << r.cu;
  EXPECT_TRUE(has(r.cu, "static constexpr py2cuda::KernelInfo info_{")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::launch<py_03_lab::threshold>(config_, info_, img, threshold, config, info);")) << r.cu;
}

// A module's namespace is opened at global scope, after the C library's and CUDA's headers: a
// file stem they declare there (index(), time(), y0(), select()) gets a trailing underscore.
TEST(CppNames, ModuleNamespacesAvoidTheCLibrarysGlobalNames) {
  EXPECT_EQ(infer::cpp_namespace_name("index"), "index_");
  EXPECT_EQ(infer::cpp_namespace_name("time"), "time_");
  EXPECT_EQ(infer::cpp_namespace_name("y0"), "y0_");
  EXPECT_EQ(infer::cpp_namespace_name("select"), "select_");
  EXPECT_EQ(infer::cpp_namespace_name("saxpy"), "saxpy");
  EXPECT_EQ(infer::cpp_namespace_name("monte_carlo_pi"), "monte_carlo_pi");
  EXPECT_EQ(infer::cpp_namespace_name("lab-03"), "lab_03");
}

}  // namespace
