// -MD/-MF: taking the options out of the command line, and the depfile's text.
#include <gtest/gtest.h>

#include "driver/depfile.h"

namespace {

using py2cuda::depfile::extract_options;
using py2cuda::depfile::Request;

TEST(Depfile, ExtractsMdAndMfAndKeepsTheRest) {
  std::vector<std::string> args = {"k.py", "-o", "k.cu", "-MD", "-MF", "deps/k.d", "--header", "k.h"};
  Request request;
  std::string error;
  ASSERT_TRUE(extract_options(args, request, error)) << error;
  EXPECT_TRUE(request.wanted);
  EXPECT_EQ(request.path, "deps/k.d");
  EXPECT_EQ(args, (std::vector<std::string>{"k.py", "-o", "k.cu", "--header", "k.h"}));
}

TEST(Depfile, AcceptsMfJoinedToItsFile) {
  std::vector<std::string> args = {"-MD", "-MFk.d", "k.py"};
  Request request;
  std::string error;
  ASSERT_TRUE(extract_options(args, request, error)) << error;
  EXPECT_EQ(request.path, "k.d");
  EXPECT_EQ(args, (std::vector<std::string>{"k.py"}));
}

TEST(Depfile, LeavesProgramArgumentsAfterDashesAlone) {
  std::vector<std::string> args = {"k.py", "--run", "--", "-MD", "-MF", "x"};
  Request request;
  std::string error;
  ASSERT_TRUE(extract_options(args, request, error)) << error;
  EXPECT_FALSE(request.wanted);
  EXPECT_TRUE(request.path.empty());
  EXPECT_EQ(args.size(), 6u);
}

TEST(Depfile, MfWithoutAFileIsAnError) {
  for (std::vector<std::string> args : {std::vector<std::string>{"k.py", "-MD", "-MF"},
                                        std::vector<std::string>{"-MD", "-MF", "--", "x"}}) {
    Request request;
    std::string error;
    EXPECT_FALSE(extract_options(args, request, error));
    EXPECT_NE(error.find("-MF needs a file name"), std::string::npos) << error;
  }
}

TEST(Depfile, DefaultPathReplacesTheExtension) {
  EXPECT_EQ(py2cuda::depfile::default_path("out/kernels.cu"), "out/kernels.d");
  EXPECT_EQ(py2cuda::depfile::default_path("kernels"), "kernels.d");
}

TEST(Depfile, RendersARuleWithEmptyRulesForAllButTheInput) {
  EXPECT_EQ(py2cuda::depfile::render("out/k.cu", {"k.py", "/src/ext.cu"}),
            "out/k.cu: \\\n  k.py \\\n  /src/ext.cu\n"
            "\n/src/ext.cu:\n");
  EXPECT_EQ(py2cuda::depfile::render("k.cu", {"k.py"}), "k.cu: \\\n  k.py\n");
}

TEST(Depfile, EscapesWhatMakeWouldSplitOrExpand) {
  EXPECT_EQ(py2cuda::depfile::render("my out.cu", {"a b#1$x.py"}), "my\\ out.cu: \\\n  a\\ b\\#1$$x.py\n");
}

}  // namespace
