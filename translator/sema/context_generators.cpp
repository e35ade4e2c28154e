// `@contextlib.contextmanager` generators of host code, made classes with __enter__ and __exit__
// before classes are prepared, so that a with statement over one is a with statement over an
// instance (infer/context_managers.cpp):
//
//   @contextmanager                      class timer:
//   def timer(label):                        def __init__(self, label):
//       start = time.perf_counter()              self.label = label
//       try:                                 def __enter__(self):
//           yield start                          label = self.label
//       finally:                                 start = time.perf_counter()
//           print(label, ...)                    self.label = label; self.start = start
//                                                return start
//                                            def __exit__(self):
//                                                label = self.label; start = self.start
//                                                print(label, ...)
//
// What runs before the `yield` is __enter__, what runs after it (the rest of the `try` body, its
// `finally` block, the statements after the `try`) is __exit__, as Python runs them when the
// body of the with statement ends normally. The generator's parameters and the names bound
// before the `yield` pass from one method to the other as attributes. A generator of another
// shape (a `yield` in a loop or a branch, an `except` around it, two of them) is left as it is,
// and reported where it is used.
#include <map>
#include <optional>
#include <set>
#include <string>

#include "frontend/ast_clone.h"
#include "sema/ast_names.h"
#include "sema/module_info.h"

namespace py2cuda::sema {

namespace {

// `yield` or `yield value` as a statement: its operand (null for a bare yield) through `value`.
bool is_yield_statement(const ast::Stmt& s, const ast::Expr*& value) {
  if (s.kind != ast::StmtKind::Expr) return false;
  const ast::Expr& e = *ast::as<ast::ExprStmt>(s).value;
  if (e.kind != ast::ExprKind::Unsupported || ast::as<ast::UnsupportedExpr>(e).what != "yield") return false;
  value = ast::as<ast::UnsupportedExpr>(e).value.get();
  return true;
}

bool holds_yield(ast::Stmt& s) {
  bool found = false;
  visit_exprs(s, [&](ast::Expr& e) {
    found = found || (e.kind == ast::ExprKind::Unsupported && ast::as<ast::UnsupportedExpr>(e).what.starts_with("yield"));
  });
  return found;
}

// The generator's body split at its one `yield`: the statements before it, those after it (for a
// normal exit), and the yielded value.
struct Split {
  ast::Block before, after;
  ast::ExprPtr value;
};

// Where the one `yield` is: body statement `top`, or statement `inner` of the `try` (without
// `except` or `else`) that is body statement `top`. False for any other shape.
bool find_yield(ast::FunctionDef& f, size_t& top, std::optional<size_t>& inner) {
  ast::Block& body = f.body;
  std::optional<size_t> found;
  for (size_t k = 0; k < body.size(); ++k) {
    const ast::Expr* value = nullptr;
    if (is_yield_statement(*body[k], value)) {
      if (found) return false;
      found = k;
      continue;
    }
    if (!holds_yield(*body[k])) continue;
    if (found || body[k]->kind != ast::StmtKind::Try) return false;
    auto& t = ast::as<ast::Try>(*body[k]);
    if (!t.handlers.empty() || !t.orelse.empty()) return false;
    for (size_t j = 0; j < t.body.size(); ++j) {
      if (is_yield_statement(*t.body[j], value)) {
        if (inner) return false;
        inner = j;
      } else if (holds_yield(*t.body[j])) {
        return false;
      }
    }
    for (auto& st : t.finalbody) {
      if (holds_yield(*st)) return false;
    }
    if (!inner) return false;
    found = k;
  }
  if (!found) return false;
  top = *found;
  return true;
}

// The generator's body split at its `yield` (found by find_yield), moved out of `f`: the
// statements before it, those after it on a normal exit, and the yielded value.
Split split_at_yield(ast::FunctionDef& f, size_t top, std::optional<size_t> inner) {
  Split out;
  ast::Block& body = f.body;
  const ast::Expr* value = nullptr;
  for (size_t i = 0; i < top; ++i) out.before.push_back(std::move(body[i]));
  if (!inner) {
    is_yield_statement(*body[top], value);
    out.value = ast::clone(value);
  } else {
    auto& t = ast::as<ast::Try>(*body[top]);
    is_yield_statement(*t.body[*inner], value);
    out.value = ast::clone(value);
    for (size_t i = 0; i < *inner; ++i) out.before.push_back(std::move(t.body[i]));
    for (size_t i = *inner + 1; i < t.body.size(); ++i) out.after.push_back(std::move(t.body[i]));
    for (auto& st : t.finalbody) out.after.push_back(std::move(st));
  }
  for (size_t i = top + 1; i < body.size(); ++i) out.after.push_back(std::move(body[i]));
  return out;
}

ast::ExprPtr self_attribute(const std::string& name, Span at) {
  return std::make_unique<ast::Attribute>(at, std::make_unique<ast::Name>(at, "self"), name, at);
}

std::unique_ptr<ast::Assign> assignment(ast::ExprPtr target, ast::ExprPtr value, Span at) {
  auto a = std::make_unique<ast::Assign>(at);
  a->targets.push_back(std::move(target));
  a->value = std::move(value);
  return a;
}

std::unique_ptr<ast::FunctionDef> method(const std::string& name, Span at) {
  auto m = std::make_unique<ast::FunctionDef>(at);
  m->name = name;
  m->name_span = at;
  ast::Param self;
  self.name = "self";
  self.span = at;
  m->params.push_back(std::move(self));
  return m;
}

// The class standing for generator `f`, whose body `split` holds.
std::unique_ptr<ast::ClassDef> manager_class(ast::FunctionDef& f, Split split) {
  const Span at = f.name_span;
  std::set<std::string> kept;  // parameters, then the names bound before the yield
  for (const auto& p : f.params) kept.insert(p.name);
  for (const auto& s : split.before) bound_names(*s, kept);
  auto cls = std::make_unique<ast::ClassDef>(f.span);
  cls->name = f.name;
  cls->name_span = f.name_span;

  auto init = method("__init__", at);
  for (auto& p : f.params) {
    init->body.push_back(assignment(self_attribute(p.name, p.span), std::make_unique<ast::Name>(p.span, p.name), p.span));
    init->params.push_back(std::move(p));
  }
  if (init->body.empty()) init->body.push_back(std::make_unique<ast::Pass>(at));

  auto enter = method("__enter__", at);
  for (const auto& p : init->params) {
    if (p.name != "self") enter->body.push_back(assignment(std::make_unique<ast::Name>(at, p.name), self_attribute(p.name, at), at));
  }
  for (auto& s : split.before) enter->body.push_back(std::move(s));
  for (const std::string& name : kept) {
    enter->body.push_back(assignment(self_attribute(name, at), std::make_unique<ast::Name>(at, name), at));
  }
  if (split.value) {
    auto ret = std::make_unique<ast::Return>(split.value->span);
    ret->value = std::move(split.value);
    enter->body.push_back(std::move(ret));
  }

  auto exit = method("__exit__", at);
  std::set<std::string> read_after;
  for (auto& s : split.after) visit_names(*s, [&](ast::Name& n) { read_after.insert(n.id); });
  for (const std::string& name : kept) {
    if (read_after.count(name)) exit->body.push_back(assignment(std::make_unique<ast::Name>(at, name), self_attribute(name, at), at));
  }
  for (auto& s : split.after) exit->body.push_back(std::move(s));
  if (exit->body.empty()) exit->body.push_back(std::make_unique<ast::Pass>(at));

  cls->body.push_back(std::move(init));
  cls->body.push_back(std::move(enter));
  cls->body.push_back(std::move(exit));
  return cls;
}

}  // namespace

void context_generators_to_classes(ast::Module& module) {
  std::map<std::string, std::string> imports;
  for (auto* block : {&module.body, &module.hoisted}) {
    for (const auto& s : *block) {
      for (const auto& [name, path] : import_paths(*s)) imports[name] = path;
    }
  }
  auto is_contextmanager = [&](const ast::Expr& d) { return imported_path(d, imports) == "contextlib.contextmanager"; };
  for (auto* block : {&module.body, &module.hoisted}) {
    for (auto& s : *block) {
      if (s->kind != ast::StmtKind::FunctionDef) continue;
      auto& f = ast::as<ast::FunctionDef>(*s);
      if (f.decorators.size() != 1 || !is_contextmanager(*f.decorators[0]) || f.is_async) continue;
      bool plain_params = true;
      for (const auto& p : f.params) plain_params = plain_params && p.kind == ast::Param::Kind::Normal;
      if (!plain_params) continue;
      size_t top = 0;
      std::optional<size_t> inner;
      if (!find_yield(f, top, inner)) continue;  // reported where it is used
      s = manager_class(f, split_at_yield(f, top, inner));
    }
  }
}

}  // namespace py2cuda::sema
