// Thin C++ helpers over tree-sitter's C API and the tree-sitter-python
// grammar: owned parser/tree handles, node kinds as an enum, field ids, and
// child lists. Nothing here knows about the py2cuda AST.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include <tree_sitter/api.h>

extern "C" const TSLanguage* tree_sitter_python(void);

namespace py2cuda::frontend::cst {

// The named node types of tree-sitter-python that the front end looks at.
// Anything else is `Other` (and is converted to an "unsupported" node).
enum class Kind : uint8_t {
  Other,
  Error,
  // statements and their parts
  Module, Block, ExpressionStatement, Assignment, AugmentedAssignment, IfStatement, ElifClause,
  ElseClause, ForStatement, WhileStatement, BreakStatement, ContinueStatement, ReturnStatement,
  PassStatement, FunctionDefinition, DecoratedDefinition, Decorator, ClassDefinition,
  ImportStatement, ImportFromStatement, FutureImportStatement, AliasedImport, DottedName,
  RelativeImport, ImportPrefix, WildcardImport, GlobalStatement, NonlocalStatement,
  AssertStatement, RaiseStatement, DeleteStatement, TryStatement, WithStatement, MatchStatement,
  TypeAliasStatement, PrintStatement, ExecStatement, ExceptClause, ExceptGroupClause,
  FinallyClause, CaseClause, WithClause, WithItem, AsPattern,
  // parameters
  Parameters, LambdaParameters, TypedParameter, DefaultParameter, TypedDefaultParameter,
  ListSplatPattern, DictionarySplatPattern, KeywordSeparator, PositionalSeparator, Type,
  // expressions
  Identifier, Integer, Float, True, False, None, String, ConcatenatedString, StringStart,
  StringContent, StringEnd, Interpolation, TypeConversion, FormatSpecifier, FormatExpression,
  EscapeInterpolation, ForInClause, IfClause, Attribute, Subscript, Slice, Call, ArgumentList,
  KeywordArgument, ListSplat, DictionarySplat, ParenthesizedListSplat, BinaryOperator,
  UnaryOperator, NotOperator, BooleanOperator, ComparisonOperator, ConditionalExpression, Tuple,
  List, ExpressionList, PatternList, TuplePattern, ListPattern, ParenthesizedExpression, Lambda,
  ListComprehension, DictionaryComprehension, SetComprehension, GeneratorExpression, Dictionary,
  Pair, Set, NamedExpression, Yield, Await, Ellipsis,
};

// Field ids of the grammar, looked up once.
struct Fields {
  TSFieldId alias, alternative, argument, arguments, attribute, body, cause, condition, consequence,
      definition, expression, format_specifier, function, left, module_name, name, object, operator_,
      operators, parameters, return_type, right, subscript, type, type_conversion, value, key;
};

const TSLanguage* language();
const Fields& fields();
Kind kind(TSNode n);

struct Child {
  TSNode node;
  TSFieldId field;  // 0 when the child has no field name
};

// All children of `n` in order (named and anonymous), without extras
// (comments, line continuations). Uses one tree cursor, reset per call, so a
// node with many children costs linear time (ts_node_child(n, i) is O(i)).
class ChildWalker {
 public:
  ChildWalker();
  ~ChildWalker();
  ChildWalker(const ChildWalker&) = delete;
  ChildWalker& operator=(const ChildWalker&) = delete;

  std::vector<Child> children(TSNode n);

 private:
  TSTreeCursor cursor_;
  bool live_ = false;
};

// Owning handles.
class Tree {
 public:
  explicit Tree(TSTree* t = nullptr) : tree_(t) {}
  ~Tree() { if (tree_) ts_tree_delete(tree_); }
  Tree(Tree&& o) noexcept : tree_(o.tree_) { o.tree_ = nullptr; }
  Tree& operator=(Tree&& o) noexcept;
  Tree(const Tree&) = delete;
  Tree& operator=(const Tree&) = delete;

  explicit operator bool() const { return tree_ != nullptr; }
  TSNode root() const { return ts_tree_root_node(tree_); }

 private:
  TSTree* tree_;
};

class Parser {
 public:
  Parser();
  ~Parser();
  Parser(const Parser&) = delete;
  Parser& operator=(const Parser&) = delete;

  // Parses UTF-8 text; an empty Tree if tree-sitter gave up.
  Tree parse(std::string_view text);

 private:
  TSParser* parser_;
};

// The source text of `n`; empty for a null node (error recovery can leave
// out a field that the grammar otherwise always has).
inline std::string_view text_of(TSNode n, std::string_view text) {
  if (ts_node_is_null(n)) return {};
  uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
  if (b > text.size()) return {};
  return text.substr(b, std::min<size_t>(e, text.size()) - b);
}

}  // namespace py2cuda::frontend::cst
