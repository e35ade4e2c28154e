#include "frontend/cst.h"

#include <string>
#include <unordered_map>

namespace py2cuda::frontend::cst {

const TSLanguage* language() {
  static const TSLanguage* lang = tree_sitter_python();
  return lang;
}

namespace {

// Named node types by grammar name. Several symbol ids can carry one name
// (aliases), so the table below is keyed by symbol id and built from names.
const std::unordered_map<std::string_view, Kind>& kinds_by_name() {
  static const std::unordered_map<std::string_view, Kind> table = {
      {"ERROR", Kind::Error},
      {"module", Kind::Module},
      {"block", Kind::Block},
      {"expression_statement", Kind::ExpressionStatement},
      {"assignment", Kind::Assignment},
      {"augmented_assignment", Kind::AugmentedAssignment},
      {"if_statement", Kind::IfStatement},
      {"elif_clause", Kind::ElifClause},
      {"else_clause", Kind::ElseClause},
      {"for_statement", Kind::ForStatement},
      {"while_statement", Kind::WhileStatement},
      {"break_statement", Kind::BreakStatement},
      {"continue_statement", Kind::ContinueStatement},
      {"return_statement", Kind::ReturnStatement},
      {"pass_statement", Kind::PassStatement},
      {"function_definition", Kind::FunctionDefinition},
      {"decorated_definition", Kind::DecoratedDefinition},
      {"decorator", Kind::Decorator},
      {"class_definition", Kind::ClassDefinition},
      {"import_statement", Kind::ImportStatement},
      {"import_from_statement", Kind::ImportFromStatement},
      {"future_import_statement", Kind::FutureImportStatement},
      {"aliased_import", Kind::AliasedImport},
      {"dotted_name", Kind::DottedName},
      {"relative_import", Kind::RelativeImport},
      {"import_prefix", Kind::ImportPrefix},
      {"wildcard_import", Kind::WildcardImport},
      {"global_statement", Kind::GlobalStatement},
      {"nonlocal_statement", Kind::NonlocalStatement},
      {"assert_statement", Kind::AssertStatement},
      {"raise_statement", Kind::RaiseStatement},
      {"delete_statement", Kind::DeleteStatement},
      {"try_statement", Kind::TryStatement},
      {"with_statement", Kind::WithStatement},
      {"with_clause", Kind::WithClause},
      {"with_item", Kind::WithItem},
      {"as_pattern", Kind::AsPattern},
      {"match_statement", Kind::MatchStatement},
      {"type_alias_statement", Kind::TypeAliasStatement},
      {"print_statement", Kind::PrintStatement},
      {"exec_statement", Kind::ExecStatement},
      {"except_clause", Kind::ExceptClause},
      {"except_group_clause", Kind::ExceptGroupClause},
      {"finally_clause", Kind::FinallyClause},
      {"case_clause", Kind::CaseClause},
      {"parameters", Kind::Parameters},
      {"lambda_parameters", Kind::LambdaParameters},
      {"typed_parameter", Kind::TypedParameter},
      {"default_parameter", Kind::DefaultParameter},
      {"typed_default_parameter", Kind::TypedDefaultParameter},
      {"list_splat_pattern", Kind::ListSplatPattern},
      {"dictionary_splat_pattern", Kind::DictionarySplatPattern},
      {"keyword_separator", Kind::KeywordSeparator},
      {"positional_separator", Kind::PositionalSeparator},
      {"type", Kind::Type},
      {"identifier", Kind::Identifier},
      {"integer", Kind::Integer},
      {"float", Kind::Float},
      {"true", Kind::True},
      {"false", Kind::False},
      {"none", Kind::None},
      {"string", Kind::String},
      {"concatenated_string", Kind::ConcatenatedString},
      {"string_start", Kind::StringStart},
      {"string_content", Kind::StringContent},
      {"string_end", Kind::StringEnd},
      {"interpolation", Kind::Interpolation},
      {"type_conversion", Kind::TypeConversion},
      {"format_specifier", Kind::FormatSpecifier},
      {"format_expression", Kind::FormatExpression},
      {"escape_interpolation", Kind::EscapeInterpolation},
      {"for_in_clause", Kind::ForInClause},
      {"if_clause", Kind::IfClause},
      {"attribute", Kind::Attribute},
      {"subscript", Kind::Subscript},
      {"slice", Kind::Slice},
      {"call", Kind::Call},
      {"argument_list", Kind::ArgumentList},
      {"keyword_argument", Kind::KeywordArgument},
      {"list_splat", Kind::ListSplat},
      {"dictionary_splat", Kind::DictionarySplat},
      {"parenthesized_list_splat", Kind::ParenthesizedListSplat},
      {"binary_operator", Kind::BinaryOperator},
      {"unary_operator", Kind::UnaryOperator},
      {"not_operator", Kind::NotOperator},
      {"boolean_operator", Kind::BooleanOperator},
      {"comparison_operator", Kind::ComparisonOperator},
      {"conditional_expression", Kind::ConditionalExpression},
      {"tuple", Kind::Tuple},
      {"list", Kind::List},
      {"expression_list", Kind::ExpressionList},
      {"pattern_list", Kind::PatternList},
      {"tuple_pattern", Kind::TuplePattern},
      {"list_pattern", Kind::ListPattern},
      {"parenthesized_expression", Kind::ParenthesizedExpression},
      {"lambda", Kind::Lambda},
      {"list_comprehension", Kind::ListComprehension},
      {"dictionary_comprehension", Kind::DictionaryComprehension},
      {"set_comprehension", Kind::SetComprehension},
      {"generator_expression", Kind::GeneratorExpression},
      {"dictionary", Kind::Dictionary},
      {"pair", Kind::Pair},
      {"set", Kind::Set},
      {"named_expression", Kind::NamedExpression},
      {"yield", Kind::Yield},
      {"await", Kind::Await},
      {"ellipsis", Kind::Ellipsis},
  };
  return table;
}

std::vector<Kind> build_kind_table() {
  const TSLanguage* lang = language();
  uint32_t count = ts_language_symbol_count(lang);
  std::vector<Kind> table(count, Kind::Other);
  const auto& names = kinds_by_name();
  for (uint32_t sym = 0; sym < count; ++sym) {
    // Anonymous tokens share names with named nodes ("yield", "type",
    // "await"); only named symbols map to a Kind.
    if (ts_language_symbol_type(lang, static_cast<TSSymbol>(sym)) != TSSymbolTypeRegular) continue;
    auto it = names.find(ts_language_symbol_name(lang, static_cast<TSSymbol>(sym)));
    if (it != names.end()) table[sym] = it->second;
  }
  return table;
}

TSFieldId field(const char* name) {
  return ts_language_field_id_for_name(language(), name, static_cast<uint32_t>(std::char_traits<char>::length(name)));
}

}  // namespace

const Fields& fields() {
  static const Fields f = {
      field("alias"),        field("alternative"),      field("argument"),    field("arguments"),
      field("attribute"),    field("body"),             field("cause"),       field("condition"),
      field("consequence"),  field("definition"),       field("expression"),  field("format_specifier"),
      field("function"),     field("left"),             field("module_name"), field("name"),
      field("object"),       field("operator"),         field("operators"),   field("parameters"),
      field("return_type"),  field("right"),            field("subscript"),   field("type"),
      field("type_conversion"), field("value"),    field("key"),
  };
  return f;
}

Kind kind(TSNode n) {
  static const std::vector<Kind> table = build_kind_table();
  if (ts_node_is_null(n)) return Kind::Other;
  if (ts_node_is_error(n)) return Kind::Error;
  if (!ts_node_is_named(n)) return Kind::Other;
  TSSymbol sym = ts_node_symbol(n);
  return sym < table.size() ? table[sym] : Kind::Other;
}

ChildWalker::ChildWalker() = default;

ChildWalker::~ChildWalker() {
  if (live_) ts_tree_cursor_delete(&cursor_);
}

std::vector<Child> ChildWalker::children(TSNode n) {
  std::vector<Child> out;
  if (ts_node_is_null(n) || ts_node_child_count(n) == 0) return out;
  if (live_) {
    ts_tree_cursor_reset(&cursor_, n);
  } else {
    cursor_ = ts_tree_cursor_new(n);
    live_ = true;
  }
  out.reserve(ts_node_child_count(n));
  if (!ts_tree_cursor_goto_first_child(&cursor_)) return out;
  do {
    TSNode c = ts_tree_cursor_current_node(&cursor_);
    if (ts_node_is_extra(c) && !ts_node_is_error(c)) continue;
    out.push_back({c, ts_tree_cursor_current_field_id(&cursor_)});
  } while (ts_tree_cursor_goto_next_sibling(&cursor_));
  return out;
}

Tree& Tree::operator=(Tree&& o) noexcept {
  if (this != &o) {
    if (tree_) ts_tree_delete(tree_);
    tree_ = o.tree_;
    o.tree_ = nullptr;
  }
  return *this;
}

Parser::Parser() : parser_(ts_parser_new()) { ts_parser_set_language(parser_, language()); }

Parser::~Parser() { ts_parser_delete(parser_); }

Tree Parser::parse(std::string_view text) {
  return Tree(ts_parser_parse_string(parser_, nullptr, text.data(), static_cast<uint32_t>(text.size())));
}

}  // namespace py2cuda::frontend::cst
