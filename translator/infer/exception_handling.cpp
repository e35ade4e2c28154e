// Host code's try statements: `try:` is a C++ try block catching py2cuda::host::PyException,
// the runtime's Python exception, and the except clauses an if/else-if chain over
// py2cuda::host::isinstance(e, {...}) that rethrows what none of them names (Python's
// matching through the built-in class hierarchy, host/exception_handling.h). `else:` runs
// after a flag the body sets at its end; `finally:` is a scope guard. Kernels have no try
// statement: Numba's CUDA target does not support one.
#include <algorithm>

#include "infer/ast_queries.h"
#include "infer/function_builder.h"
#include "py2cuda/host/exception_handling.h"
#include "sema/module_info.h"

namespace py2cuda::infer {

namespace {

TypeRef exception_type() { return types::host_object("PyException"); }

// Classes outside the builtins that the runtime raises, by the paths a program names them.
const std::map<std::string, std::string>& library_exception_classes() {
  static const std::map<std::string, std::string> paths = {
      {"numpy.AxisError", "AxisError"},
      {"numpy.exceptions.AxisError", "AxisError"},
      {"numpy.linalg.LinAlgError", "LinAlgError"},
      {"unittest.SkipTest", "SkipTest"},
      {"unittest.case.SkipTest", "SkipTest"},
  };
  return paths;
}

}  // namespace

// The catch parameter and the else flag live in the try statement's own C++ scope: a nested
// try statement's may shadow them, so they keep their stem unless a variable of the
// function has it.
ir::Variable* FunctionBuilder::scoped_temporary(const std::string& stem, TypeRef type) {
  bool taken = locals_.count(stem) > 0;
  for (const auto& v : fn_->variables) taken = taken || (!v->name.empty() && v->cpp_name == stem);
  if (taken) return temporary(stem, type);
  auto v = std::make_unique<ir::Variable>();
  v->cpp_name = stem;
  v->type = type;
  ir::Variable* raw = v.get();
  fn_->variables.push_back(std::move(v));
  return raw;
}

std::string FunctionBuilder::exception_class(const ast::Expr& e) const {
  if (e.kind == ast::ExprKind::Name) {
    const std::string& id = ast::as<ast::Name>(e).id;
    if (mb_.info().exception_classes.count(id) && !locals_.count(id)) return id;  // the program's
    if (is_builtin_name(e, id) && host::is_exception_class(id) && id != "AxisError" && id != "LinAlgError" &&
        id != "SkipTest") {
      return id;
    }
  }
  auto it = library_exception_classes().find(sema::resolve_path(mb_.info(), e));
  return it == library_exception_classes().end() ? "" : it->second;
}

// Whether an except clause's class (or tuple of classes) names `cls`.
bool FunctionBuilder::names_class(const ast::Expr& type, const std::string& cls) const {
  if (type.kind == ast::ExprKind::Tuple) {
    for (const auto& e : ast::as<ast::TupleExpr>(type).elts) {
      if (exception_class(*e) == cls) return true;
    }
    return false;
  }
  return exception_class(type) == cls;
}

bool FunctionBuilder::handler_classes(const ast::Expr* type, std::vector<std::string>& classes) {
  classes.clear();
  if (!type) return true;  // a bare `except:`
  std::vector<const ast::Expr*> named;
  if (type->kind == ast::ExprKind::Tuple) {
    for (const auto& e : ast::as<ast::TupleExpr>(*type).elts) named.push_back(e.get());
  } else {
    named.push_back(type);
  }
  bool every = false;
  for (const ast::Expr* e : named) {
    std::string cls = exception_class(*e);
    if (cls.empty()) {
      D().error(e->span, "py2cuda catches Python's built-in exception classes (ValueError, IndexError, KeyError, "
                         "ZeroDivisionError, AssertionError, Exception...) and NumPy's AxisError and LinAlgError; "
                         "an except clause names a class or a tuple of classes");
      return false;
    }
    every = every || cls == "Exception" || cls == "BaseException";
    classes.push_back(cls);
  }
  // Every exception the runtime raises is an Exception: the clause catches all of them.
  if (every) {
    classes.clear();
    return true;
  }
  // The program's exception classes deriving from one named: `except ValueError` catches a
  // ShapeError(ValueError) too (the runtime knows the built-in hierarchy only).
  const auto& user = mb_.info().exception_classes;
  const std::vector<std::string> named_classes = classes;
  auto is_named = [&](const std::string& x) {
    return std::find(named_classes.begin(), named_classes.end(), x) != named_classes.end();
  };
  // Up the program's classes, then the built-in class they end in.
  auto derives = [&](std::string x) {
    for (; user.count(x); x = user.at(x)) {
      if (is_named(x)) return true;
    }
    for (const std::string& n : named_classes) {
      if (host::exception_is_subclass(x, n)) return true;
    }
    return false;
  };
  for (const auto& [cls, base] : user) {
    if (!is_named(cls) && derives(cls)) classes.push_back(cls);
  }
  return true;
}

void FunctionBuilder::try_stmt(const ast::Try& t, ir::Block& out) {
  if (!host_) {
    D().error(t.span, "try statement is not supported in CUDA kernels; kernels cannot catch exceptions; test for "
                      "the condition with if (Numba's CUDA target cannot compile one either)");
    return;
  }
  if (!python_host() && !t.finalbody.empty()) {
    D().error(t.finally_span, "a finally clause in a CPU @jit function is not supported (Numba fails on it)");
    return;
  }
  if (const ast::Stmt* leave = early_exit(t.finalbody, false)) {
    D().error(leave->span, "leaving a finally block with return, break or continue is not supported by py2cuda "
                           "(it would discard the exception being raised); let the block run to its end");
    return;
  }
  std::vector<std::vector<std::string>> classes(t.handlers.size());
  for (size_t i = 0; i < t.handlers.size(); ++i) {
    const ast::ExceptHandler& h = t.handlers[i];
    if (!handler_classes(h.type.get(), classes[i])) return;
    if (!python_host() && (!classes[i].empty() || h.name)) {
      // Numba's CPU target: "exception_match" has no implementation for a class, and
      // "Exception object cannot be stored into variable".
      D().error(h.span, "a CPU @jit function catches exceptions only with a bare 'except:' or 'except Exception:' "
                        "(without 'as'), as Numba does");
      return;
    }
    if (h.name && h.name->kind != ast::ExprKind::Name) {
      D().error(h.name->span, "the name after 'as' in an except clause must be a plain name");
      return;
    }
  }

  auto node = std::make_unique<ir::Try>(t.span);
  BlockScopes scopes(*this);
  block(t.body, node->body);

  if (!t.handlers.empty()) {
    // The catch's parameter is the clauses' `as` name when they all use one (or none).
    std::set<std::string> names;
    for (const auto& h : t.handlers)
      if (h.name) names.insert(ast::as<ast::Name>(*h.name).id);
    auto bind = [&](const ast::Expr& name) -> ir::Variable* {
      const std::string key = binding(ast::as<ast::Name>(name).id);
      assign_type(key, exception_type(), name.span);
      ir::Variable* v = variable(key);
      v->caught_exception = true;
      if (!v->type && env_[key] == exception_type()) v->type = exception_type();
      return v->type == exception_type() ? v : nullptr;
    };
    if (names.size() == 1) {
      for (const auto& h : t.handlers)
        if (h.name && !node->caught) node->caught = bind(*h.name);
      if (!node->caught) return;
    } else {
      node->caught = scoped_temporary("exception", exception_type());
    }
    ir::Block* chain = &node->handlers;  // where the next clause's test goes
    bool caught_all = false;
    for (size_t i = 0; i < t.handlers.size() && !caught_all; ++i) {
      const ast::ExceptHandler& h = t.handlers[i];
      scopes.next();
      ir::Block body;
      if (h.name) {
        ir::Variable* v = bind(*h.name);
        if (!v) return;
        if (v != node->caught) {
          // `except ValueError as e:` after clauses with other names: `e` is the caught exception.
          auto alias = std::make_unique<ir::Assign>(std::make_unique<ir::VarRef>(v, h.name->span),
                                                    std::make_unique<ir::VarRef>(node->caught, h.name->span), h.span);
          alias->declare = true;
          alias->echo_line = false;
          body.push_back(std::move(alias));
        }
      }
      handled_exceptions_.push_back(node->caught);
      ir::Variable* bound = h.name ? variable(binding(ast::as<ast::Name>(*h.name).id)) : nullptr;
      if (bound) bound_exceptions_.insert(bound);
      block(h.body, body);
      if (bound) bound_exceptions_.erase(bound_exceptions_.find(bound));
      handled_exceptions_.pop_back();
      const bool every_but_exit = classes[i].empty() && h.type && !names_class(*h.type, "BaseException") &&
                                  !names_class(*h.type, "SystemExit");
      if (classes[i].empty() && !every_but_exit) {
        // Catches every exception: the chain's last branch (later clauses are never reached).
        caught_all = true;
        if (chain == &node->handlers) node->catch_all_span = h.span;
        for (auto& s : body) chain->push_back(std::move(s));
        break;
      }
      std::string list;
      for (const std::string& cls : classes[i]) list += (list.empty() ? "\"" : ", \"") + cls + "\"";
      auto test = std::make_unique<ir::BuiltinCall>(types::boolean(), "py2cuda::host::isinstance({0}, {" + list + "})",
                                                    h.span);
      if (classes[i].empty()) {
        // `except Exception:` catches everything the runtime raises but SystemExit, which goes
        // on to the clauses after it.
        test->pattern = "!py2cuda::host::isinstance({0}, {\"SystemExit\"})";
      }
      test->args.push_back(std::make_unique<ir::VarRef>(node->caught, h.span));
      auto branch = std::make_unique<ir::If>(h.span);
      branch->cond = std::move(test);
      branch->then_body = std::move(body);
      ir::If* raw = branch.get();
      chain->push_back(std::move(branch));
      chain = &raw->else_body;
    }
    if (!caught_all) {
      // No clause names it: the exception goes on, as `raise` would send it.
      auto rethrow = std::make_unique<ir::ExprStmt>(std::make_unique<ir::BuiltinCall>(types::none(), "throw", t.span),
                                                    t.span);
      rethrow->echo_line = false;
      chain->push_back(std::move(rethrow));
    }
    // `} else if (isinstance(...)) {` for each clause after the first.
    for (ir::Block* b = &node->handlers; b->size() == 1 && (*b)[0]->kind == ir::StmtKind::If;) {
      auto& branch = static_cast<ir::If&>(*(*b)[0]);
      branch.else_is_elif = branch.else_body.size() == 1 && branch.else_body[0]->kind == ir::StmtKind::If &&
                            static_cast<ir::If&>(*branch.else_body[0]).cond->kind == ir::ExprKind::Builtin;
      if (!branch.else_is_elif) break;
      b = &branch.else_body;
    }
  }

  if (!t.orelse.empty()) {
    scopes.next();
    // When no handler can end normally (each returns or raises), only a body that ended normally
    // reaches past the try block: the else block follows it without a flag (and C++ sees that
    // a function whose branches all return does return).
    bool handler_ends_normally = false;
    for (const auto& h : t.handlers) handler_ends_normally = handler_ends_normally || !always_returns(h.body, decided_);
    if (handler_ends_normally) node->completed = scoped_temporary("try_completed", types::boolean());
    node->else_span = t.else_span;
    block(t.orelse, node->else_body);
  }
  if (!t.finalbody.empty()) {
    scopes.next();
    node->finally_span = t.finally_span;
    // The block runs in a lambda: a bare raise there has no exception to re-raise.
    std::vector<ir::Variable*> outer;
    std::swap(outer, handled_exceptions_);
    block(t.finalbody, node->finally_body);
    std::swap(outer, handled_exceptions_);
  }
  out.push_back(std::move(node));
}

}  // namespace py2cuda::infer
