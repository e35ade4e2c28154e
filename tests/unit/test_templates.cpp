// templates/ is embedded byte for byte, found by name, and a wrong name is an
// exception that says which template was asked for.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

#include "support/templates.h"

namespace {

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST(Templates, EveryFileOfTheFolderIsEmbeddedVerbatim) {
  const std::filesystem::path dir = std::filesystem::path(PY2CUDA_SOURCE_DIR) / "templates";
  const auto names = py2cuda::template_names();
  ASSERT_FALSE(names.empty());
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
  for (std::string_view name : names) {
    SCOPED_TRACE(std::string(name));
    EXPECT_EQ(py2cuda::template_text(name), read_file(dir / name));
  }
  // ...and the other way round: nothing in the folder was left out (hidden
  // files and editor backups excepted, as cmake/EmbedTemplates.cmake does).
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    const std::string relative = entry.path().lexically_relative(dir).generic_string();
    const bool hidden = relative.front() == '.' || relative.find("/.") != std::string::npos;
    if (!entry.is_regular_file() || hidden || relative.back() == '~') continue;
    EXPECT_NE(std::find(names.begin(), names.end(), relative), names.end()) << relative << " not embedded";
  }
}

TEST(Templates, UnknownNameThrowsNamingIt) {
  try {
    py2cuda::template_text("no-such-template.cu.in");
    FAIL() << "expected std::out_of_range";
  } catch (const std::out_of_range& e) {
    EXPECT_NE(std::string(e.what()).find("no-such-template.cu.in"), std::string::npos) << e.what();
  }
}
