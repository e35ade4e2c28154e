// The program's own decorators on its host functions, as course scripts write them around launch
// helpers (`@timed`, `@log_calls`): a module-level function `deco(fn)` whose body defines one
// wrapper and returns it,
//
//     def timed(fn):
//         @functools.wraps(fn)            # optional
//         def wrapper(*args, **kwargs):
//             start = time.perf_counter()
//             result = fn(*args, **kwargs)
//             print(f"{fn.__name__} took ...")
//             return result
//         return wrapper
//
// `@timed def run(a, n=4): ...` is `run = timed(run)`: py2cuda makes that call at translation
// time. The decorated function keeps its body under the name `run_wrapped`, and `run` becomes
// the wrapper's body with `fn` naming `run_wrapped` and `fn.__name__` the string "run". A wrapper
// taking `*args` (and `**kwargs`) that only passes them on to `fn(*args, **kwargs)` takes the
// decorated function's own parameters instead, passed on by name. Decorators of other shapes
// (a decorator factory `@repeat(3)`, a wrapper reading other variables of the decorator, or
// `*args` read otherwise) are left on the function, and host code reports them
// (infer/statements.cpp) rather than run the function undecorated.
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

// A decorator `deco(fn)` of the shape above: its parameter and its wrapper.
struct WrapperDecorator {
  const ast::FunctionDef* def;
  std::string fn;                   // the decorator's parameter: the decorated function
  const ast::FunctionDef* wrapper;  // the function it returns
};

class DecoratorInliner {
 public:
  explicit DecoratorInliner(ast::Module& module) : module_(module), fresh_(module) {
    for (const auto& s : module_.body) {
      for (const auto& [name, path] : import_paths(*s)) imports_[name] = path;
    }
  }

  void run() {
    std::map<std::string, int> definitions;
    for (const auto& s : module_.body) {
      if (s->kind == ast::StmtKind::FunctionDef) ++definitions[ast::as<ast::FunctionDef>(*s).name];
    }
    std::map<std::string, WrapperDecorator> decorators;
    for (const auto& s : module_.body) {
      if (s->kind != ast::StmtKind::FunctionDef) continue;
      const auto& def = ast::as<ast::FunctionDef>(*s);
      if (definitions[def.name] != 1) continue;
      if (auto d = wrapper_decorator(def)) decorators[def.name] = *d;
    }
    if (decorators.empty()) return;
    for (size_t i = 0; i < module_.body.size();) {
      ast::StmtPtr wrapped;
      if (module_.body[i]->kind == ast::StmtKind::FunctionDef) {
        auto& def = ast::as<ast::FunctionDef>(*module_.body[i]);
        // The outermost decorator applies last: `@timed @cuda.jit def f` is timed(cuda.jit(f)).
        const ast::Expr* outer = def.decorators.empty() ? nullptr : def.decorators.front().get();
        if (outer && outer->kind == ast::ExprKind::Name && decorators.count(ast::as<ast::Name>(*outer).id)) {
          wrapped = apply(decorators.at(ast::as<ast::Name>(*outer).id), def);
        }
      }
      if (!wrapped) {
        ++i;
        continue;
      }
      // The decorated body under its new name first, then the wrapper under the function's; the
      // body's other decorators are applied next (the statement at i again), the innermost last.
      module_.body.insert(module_.body.begin() + static_cast<long>(i), std::move(wrapped));
    }
    // A decorator applied everywhere it is named is not host code any more.
    std::set<std::string> read;
    for (auto& s : module_.body) {
      visit_names(*s, [&](ast::Name& n) { read.insert(n.id); });
      if (s->kind == ast::StmtKind::FunctionDef) {
        for (auto& dec : ast::as<ast::FunctionDef>(*s).decorators) visit_names(dec.get(), [&](ast::Name& n) { read.insert(n.id); });
      }
    }
    for (auto it = module_.body.begin(); it != module_.body.end();) {
      const bool spent = (*it)->kind == ast::StmtKind::FunctionDef && decorators.count(ast::as<ast::FunctionDef>(**it).name) &&
                         !read.count(ast::as<ast::FunctionDef>(**it).name);
      it = spent ? module_.body.erase(it) : std::next(it);
    }
  }

 private:
  // `def deco(fn): [@functools.wraps(fn)] def wrapper(...): ...; return wrapper`.
  std::optional<WrapperDecorator> wrapper_decorator(const ast::FunctionDef& def) const {
    // A docstring first is only that.
    const bool docstring = !def.body.empty() && def.body[0]->kind == ast::StmtKind::Expr &&
                           ast::as<ast::ExprStmt>(*def.body[0]).value->kind == ast::ExprKind::StrLit;
    const size_t first = docstring ? 1 : 0;
    if (!def.decorators.empty() || def.params.size() != 1 || def.params[0].kind != ast::Param::Kind::Normal ||
        def.body.size() != first + 2 || def.body[first]->kind != ast::StmtKind::FunctionDef ||
        def.body[first + 1]->kind != ast::StmtKind::Return) {
      return std::nullopt;
    }
    const auto& wrapper = ast::as<ast::FunctionDef>(*def.body[first]);
    const ast::Expr* returned = ast::as<ast::Return>(*def.body[first + 1]).value.get();
    if (!returned || returned->kind != ast::ExprKind::Name || ast::as<ast::Name>(*returned).id != wrapper.name) {
      return std::nullopt;
    }
    const std::string fn = def.params[0].name;
    for (const auto& d : wrapper.decorators) {
      // functools.wraps(fn) only copies the name and docstring over.
      const bool wraps = d->kind == ast::ExprKind::Call && imported_path(*ast::as<ast::Call>(*d).func, imports_) == "functools.wraps";
      if (!wraps) return std::nullopt;
    }
    // The decorator's locals are `fn` and the wrapper: the wrapper may read `fn`, not rebind it,
    // and not read itself (`wrapper.calls += 1` keeps state on the function object).
    const std::set<std::string> own = locals_of(wrapper);
    bool other = false;
    visit_names(const_cast<ast::FunctionDef&>(wrapper).body, [&](ast::Name& n) {
      other = other || (!own.count(n.id) && (n.id == wrapper.name));
    });
    if (other || own.count(fn)) return std::nullopt;
    return WrapperDecorator{&def, fn, &wrapper};
  }

  // Makes `def` the wrapper of decorator `d` around a copy of itself, renamed, which it returns
  // (null, `def` unchanged, where the wrapper's parameters cannot be written as the function's).
  ast::StmtPtr apply(const WrapperDecorator& d, ast::FunctionDef& def) {
    const ast::FunctionDef& w = *d.wrapper;
    std::string star, stars;  // the wrapper's *args and **kwargs
    for (const auto& p : w.params) {
      if (p.kind == ast::Param::Kind::VarArgs) star = p.name;
      if (p.kind == ast::Param::Kind::KwArgs) stars = p.name;
    }
    const bool forwards = !star.empty() || !stars.empty();
    if (forwards && w.params.size() != static_cast<size_t>(!star.empty()) + static_cast<size_t>(!stars.empty())) {
      return nullptr;  // named parameters beside *args: not rewritten
    }
    auto body_copy = std::make_unique<ast::FunctionDef>(w.span);
    for (const auto& s : w.body) {
      ast::StmtPtr c = ast::clone(s.get());
      if (!c) return nullptr;
      body_copy->body.push_back(std::move(c));
    }
    const std::string wrapped_name = fresh_(def.name + "_wrapped");
    python_names_[wrapped_name] = python_name(def.name);  // the same function object as Python's
    // fn(*args, **kwargs) -> run_wrapped(a, n); fn -> run_wrapped; fn.__name__ -> "run".
    bool other_use = false;
    std::vector<std::string> own_params;
    for (const auto& p : def.params) {
      if (p.kind == ast::Param::Kind::KwArgs) return nullptr;
      own_params.push_back(p.name);
    }
    for (auto& s : body_copy->body) {
      visit_expr_slots(*s, [&](ast::ExprPtr& e) {
        if (e->kind == ast::ExprKind::Attribute) {
          auto& a = ast::as<ast::Attribute>(*e);
          if (a.value->kind == ast::ExprKind::Name && ast::as<ast::Name>(*a.value).id == d.fn && a.attr == "__name__") {
            auto name = std::make_unique<ast::StrLit>(e->span);
            name->value = python_name(def.name);
            e = std::move(name);
            return;
          }
        }
        if (e->kind == ast::ExprKind::Call && forwards) {
          auto& c = ast::as<ast::Call>(*e);
          if (c.func->kind == ast::ExprKind::Name && ast::as<ast::Name>(*c.func).id == d.fn) {
            const bool passes_on = (star.empty() || (c.args.size() == 1 && c.args[0]->kind == ast::ExprKind::Starred &&
                                                     names(*ast::as<ast::Starred>(*c.args[0]).value, star))) &&
                                   (stars.empty() ? c.keywords.empty()
                                                  : c.keywords.size() == 1 && c.keywords[0].name.empty() &&
                                                        names(*c.keywords[0].value, stars)) &&
                                   (!star.empty() || c.args.empty());
            if (!passes_on) {
              other_use = true;
              return;
            }
            auto call = std::make_unique<ast::Call>(e->span, std::make_unique<ast::Name>(c.func->span, wrapped_name));
            for (const auto& p : def.params) {
              if (p.kind == ast::Param::Kind::VarArgs) {
                call->args.push_back(std::make_unique<ast::Starred>(e->span, std::make_unique<ast::Name>(e->span, p.name)));
                call->has_star_args = true;
              } else if (p.kind == ast::Param::Kind::KeywordOnly) {
                call->keywords.push_back(ast::Keyword{p.name, std::make_unique<ast::Name>(e->span, p.name), e->span});
              } else {
                call->args.push_back(std::make_unique<ast::Name>(e->span, p.name));
              }
            }
            e = std::move(call);
            return;
          }
        }
        if (e->kind == ast::ExprKind::Name) {
          auto& n = ast::as<ast::Name>(*e);
          if (n.id == d.fn) n.id = wrapped_name;
          else if (forwards && (n.id == star || n.id == stars)) other_use = true;  // *args read otherwise
        }
      });
    }
    if (other_use) return nullptr;
    // The wrapper's body binds names of its own; the function's parameters must not clash with them.
    if (forwards) {
      std::set<std::string> bound;
      for (const auto& s : body_copy->body) bound_names(*s, bound);
      for (const std::string& p : own_params) {
        if (bound.count(p)) return nullptr;
      }
    }
    // The decorated function, renamed, keeps its other decorators.
    auto wrapped = std::make_unique<ast::FunctionDef>(def.span);
    wrapped->name = wrapped_name;
    wrapped->name_span = def.name_span;
    for (size_t k = 1; k < def.decorators.size(); ++k) wrapped->decorators.push_back(std::move(def.decorators[k]));
    wrapped->params = ast::clone(def.params);
    wrapped->returns = ast::clone(def.returns.get());
    wrapped->body = std::move(def.body);
    // The function's name now runs the wrapper: its parameters (the function's own where the
    // wrapper passes *args on), its body.
    def.decorators.clear();
    if (!forwards) def.params = ast::clone(w.params);
    def.body = std::move(body_copy->body);
    return wrapped;
  }

  static bool names(const ast::Expr& e, const std::string& id) {
    return e.kind == ast::ExprKind::Name && ast::as<ast::Name>(e).id == id;
  }

  // The name Python's function object has: a body renamed `run_wrapped` is still `run`.
  std::string python_name(const std::string& name) const {
    auto it = python_names_.find(name);
    return it == python_names_.end() ? name : it->second;
  }

  ast::Module& module_;
  std::map<std::string, std::string> imports_;
  FreshNames fresh_;
  std::map<std::string, std::string> python_names_;  // renamed decorated body -> its __name__
};

}  // namespace

void inline_host_decorators(ast::Module& module) { DecoratorInliner(module).run(); }

}  // namespace py2cuda::sema
