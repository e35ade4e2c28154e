// The host half of the builtins table (builtins/host_table.cpp): one row per Python name, since
// find_host() and the generated docs each take a name's first row only.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "builtins/host_table.h"

using namespace py2cuda;

TEST(HostTableRows, EveryPythonNameHasOneRow) {
  std::set<std::string> seen;
  for (const builtins::HostBuiltin& row : builtins::host_rows()) {
    EXPECT_TRUE(seen.insert(std::string(row.path)).second) << "two rows for " << row.path;
    EXPECT_EQ(builtins::find_host(row.path), &row) << row.path;
  }
}
