#include "frontend/symbol_table.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>

#include "frontend/cst.h"

namespace py2cuda::frontend {

namespace {

using cst::Kind;

// symtable.h's flags, those the errors look at.
enum : unsigned {
  kGlobal = 1,
  kLocal = 2,
  kParam = 4,
  kNonlocal = 8,
  kUse = 16,
  kImport = 128,
  kAnnot = 256,
  kCompIter = 512,  // a comprehension's iteration variable
};

enum class BlockKind { Module, Function, Class };

struct Block {
  BlockKind kind;
  const char* comprehension = nullptr;  // "list comprehension", ... for a comprehension's block
  // ste_comp_iter_expr: inside a comprehension's iterable (inherited by the blocks within).
  int comp_iter_expr = 0;
  std::vector<std::pair<std::string, unsigned>> symbols;  // in order of first mention, like ste_symbols
  std::unordered_map<std::string, size_t> index;
  std::vector<std::pair<std::string, TSPoint>> directives;  // global/nonlocal statements, in order
  std::vector<std::unique_ptr<Block>> children;
  Block* parent = nullptr;

  unsigned lookup(const std::string& name) const {
    auto it = index.find(name);
    return it == index.end() ? 0 : symbols[it->second].second;
  }
  TSPoint directive(const std::string& name) const {
    for (const auto& [n, at] : directives)
      if (n == name) return at;
    return {};
  }
};

struct Found {
  SyntaxError error;
};

[[noreturn]] void raise_at(TSPoint start, TSPoint end, std::string message) {
  throw Found{SyntaxError{start, end, std::move(message)}};
}
[[noreturn]] void raise_at(TSNode n, std::string message) {
  raise_at(ts_node_start_point(n), ts_node_end_point(n), std::move(message));
}

struct TooDeep {};

enum class Ctx { Load, Store };

// symtable.c's first pass: the blocks and the flags of their names, in CPython's order of visit.
class Builder {
 public:
  Builder(std::string_view text, const std::vector<AnnotationRegion>& annotations) : text_(text) {
    for (const AnnotationRegion& r : annotations)
      if (r.kind == AnnotationRegion::Kind::Variable) annotated_colons_.push_back(r.begin);
    std::sort(annotated_colons_.begin(), annotated_colons_.end());
  }

  std::unique_ptr<Block> module(TSNode root) {
    auto top = std::make_unique<Block>();
    top->kind = BlockKind::Module;
    cur_ = module_ = top.get();
    children_of(root);
    return top;
  }

 private:
  const cst::Fields& F = cst::fields();

  std::string text(TSNode n) const { return std::string(cst::text_of(n, text_)); }
  TSNode field(TSNode n, TSFieldId id) const { return ts_node_child_by_field_id(n, id); }
  std::vector<cst::Child> kids(TSNode n) { return walker_.children(n); }
  static bool is(TSNode n, const char* type) { return std::strcmp(ts_node_type(n), type) == 0; }

  // _Py_Mangle: in a class body (and the functions within), `__x` is the symbol `_Class__x`; the
  // symbol table's messages name what the source spells, its later analysis the mangled symbol.
  std::string mangle(const std::string& name) const {
    if (name.size() < 2 || name.compare(0, 2, "__") != 0) return name;
    if ((name.size() >= 4 && name.compare(name.size() - 2, 2, "__") == 0) || name.find('.') != std::string::npos)
      return name;
    const size_t owner = private_.find_first_not_of('_');
    if (owner == std::string::npos) return name;
    return "_" + private_.substr(owner) + name;
  }
  unsigned lookup(const std::string& name) const { return cur_->lookup(mangle(name)); }

  void add_def(Block& b, const std::string& source_name, unsigned flag, TSNode at) {
    const std::string name = mangle(source_name);
    auto [it, fresh] = b.index.emplace(name, b.symbols.size());
    if (fresh) {
      b.symbols.emplace_back(name, flag);
      return;
    }
    unsigned& val = b.symbols[it->second].second;
    if ((flag & kParam) && (val & kParam))
      raise_at(at, "duplicate argument '" + source_name + "' in function definition");
    val |= flag;
  }
  // A name declared global anywhere is marked global in the module's block too (st_global):
  // `nonlocal x` at module level and `global x` in a function is "nonlocal and global".
  void add_global(const std::string& name, TSNode at) {
    add_def(name, kGlobal, at);
    if (cur_ != module_) add_def(*module_, name, kGlobal, at);
  }
  void add_def(const std::string& name, unsigned flag, TSNode at) { add_def(*cur_, name, flag, at); }

  Block& enter(BlockKind kind, const char* comprehension = nullptr) {
    auto b = std::make_unique<Block>();
    b->kind = kind;
    b->comprehension = comprehension;
    b->comp_iter_expr = cur_->comp_iter_expr;
    b->parent = cur_;
    cur_->children.push_back(std::move(b));
    cur_ = cur_->children.back().get();
    return *cur_;
  }
  void leave() { cur_ = cur_->parent; }

  void children_of(TSNode n, Ctx ctx = Ctx::Load) {
    for (const cst::Child& c : kids(n))
      if (ts_node_is_named(c.node)) visit(c.node, ctx);
  }
  void visit_field(TSNode n, TSFieldId id, Ctx ctx = Ctx::Load) {
    for (const cst::Child& c : kids(n))
      if (c.field == id) visit(c.node, ctx);
  }

  // `x: int` reads as `x` in the masked text: the annotation's ':' follows the name.
  bool annotated(TSNode target) const {
    const uint32_t end = ts_node_end_byte(target);
    auto it = std::lower_bound(annotated_colons_.begin(), annotated_colons_.end(), end);
    if (it == annotated_colons_.end()) return false;
    for (uint32_t k = end; k < *it; ++k)
      if (text_[k] != ' ' && text_[k] != '\t') return false;
    return true;
  }

  // AnnAssign with a simple name target.
  void annotated_name(TSNode target, TSNode stmt) {
    const std::string name = text(target);
    const unsigned cur = lookup(name);
    if ((cur & (kGlobal | kNonlocal)) && cur_->kind != BlockKind::Module)
      raise_at(stmt, "annotated name '" + name + "' can't be " + ((cur & kGlobal) ? "global" : "nonlocal"));
    add_def(name, kAnnot | kLocal, target);
  }

  // The nodes whose elements are the targets where the node is one: `a, (b, *c) = ...`.
  static bool unpacks(Kind k) {
    return k == Kind::Tuple || k == Kind::List || k == Kind::ExpressionList || k == Kind::PatternList ||
           k == Kind::TuplePattern || k == Kind::ListPattern || k == Kind::ParenthesizedExpression ||
           k == Kind::ListSplat || k == Kind::ListSplatPattern;
  }

  void visit(TSNode n, Ctx ctx = Ctx::Load) {
    const Depth depth(depth_);
    if (unpacks(cst::kind(n))) return children_of(n, ctx);
    switch (cst::kind(n)) {
      case Kind::Identifier:
        // CPython's AST optimizer makes a read of __debug__ a constant before the symbol table.
        if (ctx != Ctx::Store && text(n) == "__debug__") return;
        return add_def(text(n), ctx == Ctx::Store ? kLocal : kUse, n);
      case Kind::Attribute: return visit_field(n, F.object);
      case Kind::KeywordArgument: return visit_field(n, F.value);
      case Kind::ExpressionStatement: {
        std::vector<cst::Child> c = kids(n);
        if (c.size() == 1 && cst::kind(c[0].node) == Kind::Identifier && annotated(c[0].node))
          return annotated_name(c[0].node, n);
        return children_of(n);
      }
      case Kind::Assignment: {
        TSNode left = field(n, F.left);
        TSNode type = field(n, F.type);
        const bool annotation = !ts_node_is_null(type) || (!ts_node_is_null(left) && annotated(left));
        if (annotation && cst::kind(left) == Kind::Identifier) {
          annotated_name(left, n);
        } else {
          visit_field(n, F.left, Ctx::Store);
        }
        visit_field(n, F.type);
        visit_field(n, F.right);
        return;
      }
      case Kind::AugmentedAssignment:
        visit_field(n, F.left, Ctx::Store);
        return visit_field(n, F.right);
      case Kind::ForStatement:
        visit_field(n, F.left, Ctx::Store);
        visit_field(n, F.right);
        visit_field(n, F.body);
        return visit_field(n, F.alternative);
      case Kind::DeleteStatement: return children_of(n, Ctx::Store);
      case Kind::AsPattern:
        // `with e as t`, `except E as t`, `case p as t`: the target in field alias.
        for (const cst::Child& c : kids(n)) {
          if (!ts_node_is_named(c.node)) continue;
          if (c.field != F.alias) visit(c.node);
          else if (is(c.node, "as_pattern_target")) children_of(c.node, Ctx::Store);
          else visit(c.node, Ctx::Store);
        }
        return;
      case Kind::ExceptClause: {
        // `except E, name` spelt without an as_pattern: the type, then the name.
        int part = 0;
        for (const cst::Child& c : kids(n)) {
          if (!ts_node_is_named(c.node)) continue;
          Kind k = cst::kind(c.node);
          visit(c.node, k != Kind::Block && k != Kind::AsPattern && part++ == 1 ? Ctx::Store : Ctx::Load);
        }
        return;
      }
      case Kind::TryStatement: return try_statement(n);
      case Kind::ImportStatement:
      case Kind::ImportFromStatement:
      case Kind::FutureImportStatement: return import(n);
      case Kind::GlobalStatement: return declaration(n, kGlobal);
      case Kind::NonlocalStatement: return declaration(n, kNonlocal);
      case Kind::DecoratedDefinition: {
        std::vector<TSNode> decorators;
        for (const cst::Child& c : kids(n))
          if (cst::kind(c.node) == Kind::Decorator) decorators.push_back(c.node);
        TSNode def = field(n, F.definition);
        if (cst::kind(def) == Kind::ClassDefinition) return class_def(def, decorators);
        return function_def(def, decorators);
      }
      case Kind::FunctionDefinition: return function_def(n, {});
      case Kind::ClassDefinition: return class_def(n, {});
      case Kind::Lambda: return lambda(n);
      case Kind::ListComprehension: return comprehension(n, "list comprehension");
      case Kind::SetComprehension: return comprehension(n, "set comprehension");
      case Kind::DictionaryComprehension: return comprehension(n, "dict comprehension");
      case Kind::GeneratorExpression: return comprehension(n, "generator expression");
      case Kind::Yield:
        children_of(n);
        if (cur_->comprehension) raise_at(n, std::string("'yield' inside ") + cur_->comprehension);
        return;
      case Kind::NamedExpression: return named_expression(n);
      case Kind::CaseClause: return case_clause(n);
      default: return children_of(n);
    }
  }

  // Try: body, else, handlers, finally (symtable.c's order).
  void try_statement(TSNode n) {
    visit_field(n, F.body);
    for (Kind k : {Kind::ElseClause, Kind::ExceptClause, Kind::ExceptGroupClause, Kind::FinallyClause})
      for (const cst::Child& c : kids(n))
        if (cst::kind(c.node) == k) visit(c.node);
  }

  void import(TSNode n) {
    for (const cst::Child& c : kids(n)) {
      if (c.field == F.module_name) continue;
      switch (cst::kind(c.node)) {
        case Kind::WildcardImport:
          if (cur_->kind != BlockKind::Module) raise_at(c.node, "import * only allowed at module level");
          break;
        case Kind::AliasedImport: {
          TSNode alias = field(c.node, F.alias);
          add_def(text(alias), kImport, alias);
          break;
        }
        case Kind::DottedName: {
          // `import a.b` binds a.
          std::vector<cst::Child> parts = kids(c.node);
          if (!parts.empty()) add_def(text(parts.front().node), kImport, parts.front().node);
          break;
        }
        default: break;
      }
    }
  }

  void declaration(TSNode n, unsigned flag) {
    const char* what = flag == kGlobal ? "global" : "nonlocal";
    for (const cst::Child& c : kids(n)) {
      if (cst::kind(c.node) != Kind::Identifier) continue;
      const std::string name = text(c.node);
      const unsigned cur = lookup(name);
      if (cur & (kParam | kLocal | kUse | kAnnot)) {
        std::string message = (cur & kParam)  ? "name '" + name + "' is parameter and " + what
                              : (cur & kUse)  ? "name '" + name + "' is used prior to " + what + " declaration"
                              : (cur & kAnnot) ? "annotated name '" + name + "' can't be " + what
                                               : "name '" + name + "' is assigned to before " + what + " declaration";
        raise_at(n, std::move(message));
      }
      if (flag == kGlobal) add_global(name, c.node);
      else add_def(name, flag, c.node);
      cur_->directives.emplace_back(mangle(name), ts_node_start_point(n));
    }
  }

  // A parameter list: defaults in the enclosing block first (visit_defaults), then, in the
  // function's block, the names in symtable_visit_arguments' order: positional and keyword-only
  // ones, then *args, then **kwargs.
  void parameter_defaults(TSNode params) {
    if (ts_node_is_null(params)) return;
    for (const cst::Child& c : kids(params)) {
      Kind k = cst::kind(c.node);
      if (k == Kind::DefaultParameter || k == Kind::TypedDefaultParameter) visit_field(c.node, F.value);
    }
  }
  void parameter_annotations(TSNode params) {
    if (ts_node_is_null(params)) return;
    for (const cst::Child& c : kids(params)) {
      Kind k = cst::kind(c.node);
      if (k == Kind::TypedParameter || k == Kind::TypedDefaultParameter) visit_field(c.node, F.type);
    }
  }
  static TSNode first_identifier(TSNode n) {
    if (cst::kind(n) == Kind::Identifier) return n;
    uint32_t count = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < count; ++i) {
      TSNode found = first_identifier(ts_node_named_child(n, i));
      if (!ts_node_is_null(found)) return found;
    }
    return TSNode{};
  }
  void parameter_names(TSNode params) {
    if (ts_node_is_null(params)) return;
    std::vector<TSNode> plain, star, starstar;
    for (const cst::Child& c : kids(params)) {
      if (!ts_node_is_named(c.node)) continue;
      Kind k = cst::kind(c.node);
      if (k == Kind::KeywordSeparator || k == Kind::PositionalSeparator) continue;
      TSNode target = c.node;
      if (k == Kind::DefaultParameter || k == Kind::TypedDefaultParameter) target = field(c.node, F.name);
      if (k == Kind::TypedParameter) {
        std::vector<cst::Child> inner = kids(c.node);
        if (!inner.empty()) target = inner.front().node;
      }
      Kind tk = cst::kind(target);
      TSNode name = first_identifier(target);
      if (ts_node_is_null(name)) continue;
      (tk == Kind::ListSplatPattern ? star : tk == Kind::DictionarySplatPattern ? starstar : plain).push_back(name);
    }
    for (const auto* group : {&plain, &star, &starstar})
      for (TSNode name : *group) add_def(text(name), kParam, name);
  }

  void function_def(TSNode n, const std::vector<TSNode>& decorators) {
    TSNode name = field(n, F.name);
    add_def(text(name), kLocal, name);
    TSNode params = field(n, F.parameters);
    parameter_defaults(params);
    parameter_annotations(params);
    visit_field(n, F.return_type);
    for (TSNode d : decorators) children_of(d);
    enter(BlockKind::Function);
    parameter_names(params);
    visit_field(n, F.body);
    leave();
  }

  void class_def(TSNode n, const std::vector<TSNode>& decorators) {
    TSNode name = field(n, F.name);
    add_def(text(name), kLocal, name);
    for (const cst::Child& c : kids(n))
      if (c.field != F.name && c.field != F.body && ts_node_is_named(c.node)) visit(c.node);
    for (TSNode d : decorators) children_of(d);
    enter(BlockKind::Class);
    const std::string outer = std::exchange(private_, text(name));
    visit_field(n, F.body);
    private_ = outer;
    leave();
  }

  void lambda(TSNode n) {
    TSNode params = field(n, F.parameters);
    parameter_defaults(params);
    enter(BlockKind::Function);
    parameter_names(params);
    visit_field(n, F.body);
    leave();
  }

  // symtable_handle_comprehension: the first iterable in the enclosing block; then, in the
  // comprehension's own, the first target, its conditions, the other clauses, the value, the key.
  void comprehension(TSNode n, const char* what) {
    std::vector<cst::Child> parts = kids(n);
    auto clause = std::find_if(parts.begin(), parts.end(),
                               [](const cst::Child& c) { return cst::kind(c.node) == Kind::ForInClause; });
    if (clause == parts.end()) return children_of(n);
    iterable(clause->node);
    enter(BlockKind::Function, what);
    bool first = true;
    for (const cst::Child& c : parts) {
      Kind k = cst::kind(c.node);
      if (k == Kind::ForInClause) {
        for (const cst::Child& t : kids(c.node))
          if (t.field == F.left) comprehension_target(t.node);
        if (!first) iterable(c.node);
        first = false;
      } else if (k == Kind::IfClause) {
        children_of(c.node);
      }
    }
    for (const cst::Child& c : parts) {
      Kind k = cst::kind(c.node);
      if (k == Kind::ForInClause || k == Kind::IfClause || !ts_node_is_named(c.node)) continue;
      if (k == Kind::Pair) {
        visit_field(c.node, F.value);
        visit_field(c.node, F.key);
      } else {
        visit(c.node);
      }
    }
    leave();
  }
  void iterable(TSNode for_in_clause) {
    ++cur_->comp_iter_expr;
    visit_field(for_in_clause, F.right);
    --cur_->comp_iter_expr;
  }
  void comprehension_target(TSNode t) {
    if (cst::kind(t) == Kind::Identifier) return add_def(text(t), kLocal | kCompIter, t);
    if (!unpacks(cst::kind(t))) return visit(t, Ctx::Store);
    for (const cst::Child& c : kids(t))
      if (ts_node_is_named(c.node)) comprehension_target(c.node);
  }

  // No assignment expression in a comprehension's iterable, whatever block encloses it there
  // (symtable_visit_expr); symtable_extend_namedexpr_scope: in a comprehension, the target binds
  // in the enclosing function (or module); a class body's comprehension may not bind.
  void named_expression(TSNode n) {
    TSNode target = field(n, F.name);
    const std::string name = text(target);
    if (cur_->comp_iter_expr > 0) raise_at(n, "assignment expression cannot be used in a comprehension iterable expression");
    if (cur_->comprehension) {
      Block* b = cur_;
      for (; b->comprehension; b = b->parent)
        if (b->lookup(name) & kCompIter)
          raise_at(target, "assignment expression cannot rebind comprehension iteration variable '" + name + "'");
      if (b->kind == BlockKind::Class)
        raise_at(target, "assignment expression within a comprehension cannot be used in a class body");
      const bool global = b->kind == BlockKind::Module || (b->lookup(name) & kGlobal);
      if (global) add_global(name, target);
      else add_def(name, kNonlocal, target);
      cur_->directives.emplace_back(mangle(name), ts_node_start_point(target));
      if (b->kind != BlockKind::Module) add_def(*b, name, kLocal, target);
    }
    visit_field(n, F.value);
    visit(target, Ctx::Store);
  }

  // Capture patterns bind; value patterns (a.b), class names and keywords do not.
  void case_clause(TSNode n) {
    for (const cst::Child& c : kids(n)) {
      if (!ts_node_is_named(c.node)) continue;
      Kind k = cst::kind(c.node);
      if (k == Kind::Block || k == Kind::IfClause || c.field == F.consequence) visit(c.node);
      else pattern(c.node);
    }
  }
  void pattern(TSNode n) {
    if (cst::kind(n) == Kind::DottedName) {
      std::vector<cst::Child> parts = kids(n);
      if (parts.size() == 1 && text(n) != "_") add_def(text(n), kLocal, n);
      return;
    }
    if (cst::kind(n) == Kind::Identifier) {
      if (text(n) != "_") add_def(text(n), kLocal, n);
      return;
    }
    bool skip_first = is(n, "class_pattern") || is(n, "keyword_pattern");
    for (const cst::Child& c : kids(n)) {
      if (!ts_node_is_named(c.node)) continue;
      if (skip_first) {
        skip_first = false;
        continue;
      }
      if (c.field == F.alias) {
        visit(c.node, Ctx::Store);
        continue;
      }
      pattern(c.node);
    }
  }

  // Nesting deeper than this (a sum of thousands of terms) gives no verdict rather than
  // overflowing the stack; CPython itself stops at its recursion limit. The depth counts levels
  // of the concrete syntax tree, a few per level of a program's nesting, and each costs a frame
  // of visit(): about 12 KB under AddressSanitizer, whose `make sanitize` run overflowed the
  // 8 MB main stack at the old limit of 1500 (tests/unit FrontendRobustness.DeeplyNestedOperators).
  struct Depth {
    explicit Depth(int& d) : d_(d) {
      if (++d_ > kMaxDepth) throw TooDeep{};
    }
    ~Depth() { --d_; }
    int& d_;
  };
  static constexpr int kMaxDepth = 400;
  int depth_ = 0;

  std::string_view text_;
  std::vector<uint32_t> annotated_colons_;
  cst::ChildWalker walker_;
  Block* cur_ = nullptr;
  Block* module_ = nullptr;
  std::string private_;  // st_private: the name of the class whose body encloses the visit
};

// symtable.c's analyze_block: names resolved block by block, the module first, each block's
// names in the order they were first met, then its children.
void analyze(const Block& b, std::set<std::string>* bound) {
  std::set<std::string> local;
  for (const auto& [name, flags] : b.symbols) {
    if (flags & kGlobal) {
      if (flags & kNonlocal) {
        TSPoint at = b.directive(name);
        raise_at(at, at, "name '" + name + "' is nonlocal and global");
      }
      if (bound) bound->erase(name);
      continue;
    }
    if (flags & kNonlocal) {
      TSPoint at = b.directive(name);
      if (!bound) raise_at(at, at, "nonlocal declaration not allowed at module level");
      if (!bound->count(name)) raise_at(at, at, "no binding for nonlocal '" + name + "' found");
      continue;
    }
    if (flags & (kLocal | kParam | kImport)) local.insert(name);
  }
  for (const auto& child : b.children) {
    std::set<std::string> newbound;
    if (b.kind == BlockKind::Function) newbound = local;
    if (bound) newbound.insert(bound->begin(), bound->end());
    analyze(*child, &newbound);
  }
}

}  // namespace

std::optional<SyntaxError> find_symbol_table_error(TSNode root, std::string_view text,
                                                   const std::vector<AnnotationRegion>& annotations) {
  try {
    std::unique_ptr<Block> top = Builder(text, annotations).module(root);
    analyze(*top, nullptr);
  } catch (const Found& f) {
    return f.error;
  } catch (const TooDeep&) {
  }
  return std::nullopt;
}

}  // namespace py2cuda::frontend
