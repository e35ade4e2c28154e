// A NumPy dtype chosen when the program runs (`dt = np.float32 if single else np.float64`, or an
// if/elif chain assigning one dtype class per branch): py2cuda types every array at translation
// time, so the statements after the choice, to the end of their block, are translated once per
// dtype, and the copy of the choice made runs. The choice becomes a loop over its dtypes, which
// host code unrolls as it unrolls `for dt in (np.float32, np.float64):` (one copy per dtype,
// each array typed by it), whose body runs only in the iteration the condition picks:
//
//     for dt_choice, dt in enumerate((np.float32, np.float64)):
//         if dt_choice == (0 if single else 1):
//             ...the statements after the choice...
//
// The condition is read once per copy, so it must be free of effects (names, attributes,
// subscripts, literals, comparisons, `and`/`or`/`not`, and builtins that only read, `len(...)`). What the copies bind must not
// be read outside them, and they may not `break` or `continue` a loop around them.
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "frontend/ast_clone.h"
#include "sema/ast_names.h"
#include "sema/module_info.h"

namespace py2cuda::sema {

namespace {

const std::set<std::string> kNumpyDtypeClasses = {
    "float16", "float32", "float64", "int8",  "int16",   "int32",     "int64",      "uint8",
    "uint16",  "uint32",  "uint64",  "bool_", "complex64", "complex128", "intp",    "uintp"};

// An expression that reads the same value however often it is evaluated, and changes nothing.
bool free_of_effects(const ast::Expr& e) {
  switch (e.kind) {
    case ast::ExprKind::Name:
    case ast::ExprKind::IntLit:
    case ast::ExprKind::FloatLit:
    case ast::ExprKind::BoolLit:
    case ast::ExprKind::NoneLit:
    case ast::ExprKind::StrLit: return true;
    case ast::ExprKind::Attribute: return free_of_effects(*ast::as<ast::Attribute>(e).value);
    case ast::ExprKind::Subscript:
      return free_of_effects(*ast::as<ast::Subscript>(e).value) && free_of_effects(*ast::as<ast::Subscript>(e).index);
    case ast::ExprKind::Unary: return free_of_effects(*ast::as<ast::Unary>(e).operand);
    case ast::ExprKind::Binary:
      return free_of_effects(*ast::as<ast::Binary>(e).left) && free_of_effects(*ast::as<ast::Binary>(e).right);
    case ast::ExprKind::BoolOp:
      for (const auto& v : ast::as<ast::BoolOpExpr>(e).values)
        if (!free_of_effects(*v)) return false;
      return true;
    case ast::ExprKind::Compare: {
      const auto& c = ast::as<ast::Compare>(e);
      if (!free_of_effects(*c.left)) return false;
      for (const auto& v : c.comparators)
        if (!free_of_effects(*v)) return false;
      return true;
    }
    case ast::ExprKind::Tuple:
      for (const auto& v : ast::as<ast::TupleExpr>(e).elts)
        if (!free_of_effects(*v)) return false;
      return true;
    case ast::ExprKind::Call: {  // Python's builtins that only read: `len(sys.argv) > 1`
      static const std::set<std::string> kReaders = {"len", "int", "float", "bool", "str", "abs", "min", "max",
                                                     "isinstance"};
      const auto& c = ast::as<ast::Call>(e);
      if (c.func->kind != ast::ExprKind::Name || !kReaders.count(ast::as<ast::Name>(*c.func).id) || !c.keywords.empty() ||
          c.has_star_args) {
        return false;
      }
      for (const auto& a : c.args)
        if (!free_of_effects(*a)) return false;
      return true;
    }
    default: return false;
  }
}

// One dtype choice: the name it binds, the dtype class of each branch, the condition that picks
// each branch but the last.
struct DtypeChoice {
  std::string name;
  Span name_span;
  std::vector<const ast::Expr*> dtypes;
  std::vector<const ast::Expr*> conditions;  // dtypes.size() - 1 of them
};

class DtypeChoiceUnroller {
 public:
  explicit DtypeChoiceUnroller(ast::Module& module) : module_(module), fresh_(module) {
    for (const auto& s : module_.body) {
      for (const auto& [name, path] : import_paths(*s)) imports_[name] = path;
      if (s->kind == ast::StmtKind::FunctionDef) defined_.insert(ast::as<ast::FunctionDef>(*s).name);
    }
  }

  void run() {
    for (auto& s : module_.body) {
      if (s->kind != ast::StmtKind::FunctionDef || !ast::as<ast::FunctionDef>(*s).decorators.empty()) continue;
      auto& def = ast::as<ast::FunctionDef>(*s);
      scope_ = &def.body;
      unroll_in(def.body);
    }
    // The module's code (and `if __name__ == "__main__":`), where no definition follows.
    scope_ = &module_.body;
    module_level_ = true;
    unroll_in(module_.body, /*top_only=*/true);
    for (auto& s : module_.body) {
      if (is_main_guard(*s)) unroll_in(ast::as<ast::If>(*s).body, true);
    }
  }

 private:
  // Whether `e` names a NumPy dtype class (np.float32) or Python's float, int or bool.
  bool is_dtype_class(const ast::Expr& e) const {
    if (e.kind == ast::ExprKind::Name) {
      const std::string& id = ast::as<ast::Name>(e).id;
      if ((id == "float" || id == "int" || id == "bool") && !defined_.count(id) && !imports_.count(id)) return true;
    }
    const std::string path = imported_path(e, imports_);
    return path.rfind("numpy.", 0) == 0 && kNumpyDtypeClasses.count(path.substr(6));
  }

  // The dtype choice statement `s` makes, if it is one.
  std::optional<DtypeChoice> choice_of(const ast::Stmt& s) const {
    DtypeChoice c;
    auto single_name = [&](const ast::Stmt& st, std::string& name, Span& span, const ast::Expr*& value) {
      if (st.kind != ast::StmtKind::Assign) return false;
      const auto& a = ast::as<ast::Assign>(st);
      if (a.targets.size() != 1 || a.targets[0]->kind != ast::ExprKind::Name) return false;
      name = ast::as<ast::Name>(*a.targets[0]).id;
      span = a.targets[0]->span;
      value = a.value.get();
      return true;
    };
    if (s.kind == ast::StmtKind::Assign) {
      const ast::Expr* value = nullptr;
      if (!single_name(s, c.name, c.name_span, value)) return std::nullopt;
      // `a if c1 else b if c2 else d`
      while (value->kind == ast::ExprKind::IfExp) {
        const auto& x = ast::as<ast::IfExp>(*value);
        if (!is_dtype_class(*x.body) || !free_of_effects(*x.test)) return std::nullopt;
        c.dtypes.push_back(x.body.get());
        c.conditions.push_back(x.test.get());
        value = x.orelse.get();
      }
      if (c.dtypes.empty() || !is_dtype_class(*value)) return std::nullopt;
      c.dtypes.push_back(value);
      return c;
    }
    if (s.kind != ast::StmtKind::If) return std::nullopt;
    // if c1: dt = a / elif c2: dt = b / else: dt = d
    const ast::Stmt* at = &s;
    while (true) {
      const auto& branch = ast::as<ast::If>(*at);
      std::string name;
      Span span;
      const ast::Expr* value = nullptr;
      if (branch.body.size() != 1 || !single_name(*branch.body[0], name, span, value) || !is_dtype_class(*value) ||
          !free_of_effects(*branch.test) || (!c.name.empty() && name != c.name)) {
        return std::nullopt;
      }
      if (c.name.empty()) c.name = name, c.name_span = span;
      c.dtypes.push_back(value);
      c.conditions.push_back(branch.test.get());
      if (branch.orelse.size() != 1) return std::nullopt;  // no else: the name may stay unbound
      const ast::Stmt& next = *branch.orelse[0];
      if (next.kind == ast::StmtKind::If && branch.orelse_is_elif) {
        at = &next;
        continue;
      }
      if (!single_name(next, name, span, value) || name != c.name || !is_dtype_class(*value)) return std::nullopt;
      c.dtypes.push_back(value);
      return c;
    }
  }

  // Whether one of `names` is read in the body being rewritten outside the statements of
  // `block` from `first` on (the choice and the statements after it).
  bool read_outside(ast::Block& block, size_t first, const std::set<std::string>& names) {
    bool found = false;
    std::set<const ast::Stmt*> inside;
    for (size_t i = first; i < block.size(); ++i) inside.insert(block[i].get());
    auto reads = [&](ast::Expr& e) {
      visit_names(&e, [&](ast::Name& n) { found = found || names.count(n.id); });
    };
    std::function<void(ast::Block&)> scan = [&](ast::Block& b) {
      for (auto& s : b) {
        if (inside.count(s.get())) continue;
        if (module_level_ && s->kind == ast::StmtKind::FunctionDef) continue;  // a scope of its own
        std::vector<ast::Block*> blocks = nested_blocks(*s);
        if (blocks.empty()) {
          visit_names(*s, [&](ast::Name& n) { found = found || names.count(n.id); });
          continue;
        }
        for_own_exprs(*s, reads);  // its test, target, iterable...; then its blocks, which may hold the choice
        for (ast::Block* inner : blocks) scan(*inner);
      }
    };
    scan(*scope_);
    return found;
  }

  // The expressions of a compound statement outside its blocks (a test, a loop's target and
  // iterable, a with's items, a handler's type and name).
  static void for_own_exprs(ast::Stmt& s, const std::function<void(ast::Expr&)>& f) {
    auto each = [&](ast::ExprPtr& e) {
      if (e) f(*e);
    };
    switch (s.kind) {
      case ast::StmtKind::If: each(ast::as<ast::If>(s).test); break;
      case ast::StmtKind::For: each(ast::as<ast::For>(s).target), each(ast::as<ast::For>(s).iter); break;
      case ast::StmtKind::While: each(ast::as<ast::While>(s).test); break;
      case ast::StmtKind::With:
        for (auto& item : ast::as<ast::With>(s).items) each(item.context), each(item.target);
        break;
      case ast::StmtKind::Try:
        for (auto& h : ast::as<ast::Try>(s).handlers) each(h.type), each(h.name);
        break;
      default: break;
    }
  }

  void unroll_in(ast::Block& block, bool top_only = false) {
    for (size_t i = 0; i < block.size(); ++i) {
      std::optional<DtypeChoice> choice = choice_of(*block[i]);
      if (!choice) {
        if (!top_only) {
          for (ast::Block* inner : nested_blocks(*block[i])) unroll_in(*inner);
        }
        continue;
      }
      if (i + 1 == block.size()) continue;  // nothing after it reads the dtype here
      bool movable = true;
      std::set<std::string> bound = {choice->name};
      for (size_t k = i + 1; k < block.size(); ++k) {
        const ast::Stmt& s = *block[k];
        bound_names(s, bound);
        const bool definition = s.kind == ast::StmtKind::FunctionDef || s.kind == ast::StmtKind::Import ||
                                s.kind == ast::StmtKind::ImportFrom || s.kind == ast::StmtKind::Unsupported;
        movable = movable && !leaves_enclosing_loop(s) && s.kind != ast::StmtKind::Global && !(module_level_ && definition);
      }
      if (!movable || read_outside(block, i, bound)) continue;
      ast::Block rest;
      for (size_t k = i + 1; k < block.size(); ++k) rest.push_back(std::move(block[k]));
      ast::StmtPtr loop_stmt = make_loop(*choice, std::move(rest), choice->name_span);  // copies from block[i]
      block.resize(i);
      block.push_back(std::move(loop_stmt));
      // The copies may hold another choice (a second dtype after the first).
      auto& loop = ast::as<ast::For>(*block.back());
      unroll_in(ast::as<ast::If>(*loop.body[0]).body);
      return;
    }
  }


  // `for NAME_choice, NAME in enumerate((d0, d1, ...)): if NAME_choice == (0 if c0 else 1 ...): rest`
  ast::StmtPtr make_loop(const DtypeChoice& c, ast::Block rest, Span span) {
    const std::string index = fresh_(c.name + "_choice");
    auto loop = std::make_unique<ast::For>(span);
    auto target = std::make_unique<ast::TupleExpr>(span);
    target->elts.push_back(std::make_unique<ast::Name>(span, index));
    target->elts.push_back(std::make_unique<ast::Name>(c.name_span, c.name));
    loop->target = std::move(target);
    auto dtypes = std::make_unique<ast::TupleExpr>(span);
    for (const ast::Expr* d : c.dtypes) dtypes->elts.push_back(ast::clone(d));
    auto enumerate = std::make_unique<ast::Call>(span, std::make_unique<ast::Name>(span, "enumerate"));
    enumerate->args.push_back(std::move(dtypes));
    loop->iter = std::move(enumerate);
    // The index of the branch taken: (0 if c0 else (1 if c1 else 2)).
    ast::ExprPtr picked = ast::int_literal(c.dtypes.size() - 1, span);
    for (size_t k = c.conditions.size(); k-- > 0;) {
      auto pick = std::make_unique<ast::IfExp>(span);
      pick->test = ast::clone(c.conditions[k]);
      pick->body = ast::int_literal(k, span);
      pick->orelse = std::move(picked);
      picked = std::move(pick);
    }
    auto test = std::make_unique<ast::Compare>(span, std::make_unique<ast::Name>(span, index));
    test->ops.push_back(CmpOp::Eq);
    test->comparators.push_back(std::move(picked));
    auto run = std::make_unique<ast::If>(span);
    run->test = std::move(test);
    run->body = std::move(rest);
    loop->body.push_back(std::move(run));
    return loop;
  }

  ast::Module& module_;
  std::map<std::string, std::string> imports_;  // module-level import name -> path
  std::set<std::string> defined_;               // module-level function names
  FreshNames fresh_;
  ast::Block* scope_ = nullptr;                 // the body being rewritten (function or module)
  bool module_level_ = false;
};

}  // namespace

void unroll_dtype_choices(ast::Module& module) { DtypeChoiceUnroller(module).run(); }

}  // namespace py2cuda::sema
