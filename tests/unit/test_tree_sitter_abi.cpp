// The grammar fetched per third_party.lock must be loadable by the core
// fetched with it: tree-sitter refuses languages outside its ABI window, and
// the pinned grammar (ABI 14) is older than the core (ABI 15).
#include <gtest/gtest.h>
#include <tree_sitter/api.h>
#include <tree_sitter/tree-sitter-python.h>

#include <cstring>
#include <memory>

namespace {

struct ParserDeleter {
  void operator()(TSParser* p) const { ts_parser_delete(p); }
};
struct TreeDeleter {
  void operator()(TSTree* t) const { ts_tree_delete(t); }
};

}  // namespace

TEST(TreeSitterAbi, GrammarAbiIsWithinCoreWindow) {
  const uint32_t abi = ts_language_abi_version(tree_sitter_python());
  EXPECT_GE(abi, static_cast<uint32_t>(TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION));
  EXPECT_LE(abi, static_cast<uint32_t>(TREE_SITTER_LANGUAGE_VERSION));
}

TEST(TreeSitterAbi, ParsesAnAssignment) {
  std::unique_ptr<TSParser, ParserDeleter> parser(ts_parser_new());
  ASSERT_TRUE(ts_parser_set_language(parser.get(), tree_sitter_python()));

  const char* source = "x = 1\n";
  std::unique_ptr<TSTree, TreeDeleter> tree(
      ts_parser_parse_string(parser.get(), nullptr, source, static_cast<uint32_t>(std::strlen(source))));
  ASSERT_NE(tree, nullptr);

  const TSNode root = ts_tree_root_node(tree.get());
  EXPECT_STREQ(ts_node_type(root), "module");
  EXPECT_FALSE(ts_node_has_error(root));
  // module > expression_statement > assignment: the external scanner and the
  // parse tables both took part.
  ASSERT_EQ(ts_node_named_child_count(root), 1u);
  const TSNode statement = ts_node_named_child(root, 0);
  ASSERT_EQ(ts_node_named_child_count(statement), 1u);
  EXPECT_STREQ(ts_node_type(ts_node_named_child(statement, 0)), "assignment");
}
