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
// decorated function's own parameters instead, passed on by name.
//
// Two more shapes are applied. A factory of such a decorator, `def repeat(times): def deco(fn):
// ...; return deco`, called with literal arguments (or names the module binds once): `@repeat(3)`
// is its decorator with `times` read as 3 in the wrapper. A decorator that records the function
// and returns it, `def register(fn): TESTS.append(fn.__name__); return fn`: the function stays
// as it is, and the decorator's statements (`fn.__name__` the name) follow its definition.
// Decorators of other shapes (a factory called with values computed at run time, a wrapper
// reading other variables of the decorator, `*args` read otherwise, a class) are left on the
// function, and host code reports them (infer/statements.cpp) rather than run the function
// undecorated.
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

// `def repeat(times): def deco(fn): ...; return deco`: a factory of such a decorator.
struct FactoryDecorator {
  const ast::FunctionDef* def;
  WrapperDecorator deco;
};

// `def register(fn): REGISTRY.append(fn.__name__); return fn`: statements about the function,
// which it returns unchanged.
struct RegisteringDecorator {
  const ast::FunctionDef* def;
  std::string fn;  // the decorator's parameter
  size_t first;    // the first statement of its body after a docstring
};

class DecoratorInliner {
 public:
  explicit DecoratorInliner(ast::Module& module) : module_(module), fresh_(module) {
    for (const auto& s : module_.body) {
      for (const auto& [name, path] : import_paths(*s)) imports_[name] = path;
      std::set<std::string> bound;
      bound_names(*s, bound);
      for (const std::string& n : bound) ++module_bindings_[n];
    }
  }

  void run() {
    std::map<std::string, int> definitions;
    for (const auto& s : module_.body) {
      if (s->kind == ast::StmtKind::FunctionDef) ++definitions[ast::as<ast::FunctionDef>(*s).name];
    }
    std::map<std::string, WrapperDecorator> decorators;
    std::map<std::string, FactoryDecorator> factories;
    std::map<std::string, RegisteringDecorator> registering;
    for (const auto& s : module_.body) {
      if (s->kind != ast::StmtKind::FunctionDef) continue;
      const auto& def = ast::as<ast::FunctionDef>(*s);
      if (definitions[def.name] != 1) continue;
      // A factory first: its body has the shape of a wrapper decorator's too.
      if (auto f = factory_decorator(def)) factories[def.name] = *f;
      else if (auto d = wrapper_decorator(def)) decorators[def.name] = *d;
      else if (auto r = registering_decorator(def)) registering[def.name] = *r;
    }
    if (decorators.empty() && factories.empty() && registering.empty()) return;
    std::set<std::string> applied;  // the decorators applied, factories and registering ones included
    for (size_t i = 0; i < module_.body.size();) {
      ast::StmtPtr wrapped;
      ast::Block registration;
      if (module_.body[i]->kind == ast::StmtKind::FunctionDef) {
        auto& def = ast::as<ast::FunctionDef>(*module_.body[i]);
        // The outermost decorator applies last: `@timed @cuda.jit def f` is timed(cuda.jit(f)).
        const ast::Expr* outer = def.decorators.empty() ? nullptr : def.decorators.front().get();
        const std::string name = outer && outer->kind == ast::ExprKind::Name ? ast::as<ast::Name>(*outer).id : "";
        const std::string factory = outer && outer->kind == ast::ExprKind::Call &&
                                            ast::as<ast::Call>(*outer).func->kind == ast::ExprKind::Name
                                        ? ast::as<ast::Name>(*ast::as<ast::Call>(*outer).func).id
                                        : "";
        if (decorators.count(name)) {
          wrapped = apply(decorators.at(name), def);
        } else if (factories.count(factory)) {
          wrapped = apply_factory(factories.at(factory), ast::as<ast::Call>(*outer), def);
        } else if (registering.count(name)) {
          registration = registration_of(registering.at(name), def);
        }
        if (wrapped || !registration.empty()) applied.insert(name.empty() ? factory : name);
      }
      if (!registration.empty()) {
        // `@register def f`: f stays itself; the decorator's statements run after its definition.
        ++i;
        for (auto& st : registration) module_.body.insert(module_.body.begin() + static_cast<long>(i++), std::move(st));
        continue;
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
      const bool spent = (*it)->kind == ast::StmtKind::FunctionDef && applied.count(ast::as<ast::FunctionDef>(**it).name) &&
                         !read.count(ast::as<ast::FunctionDef>(**it).name);
      it = spent ? module_.body.erase(it) : std::next(it);
    }
  }

 private:
  // `def repeat(times): def deco(fn): ...wrapper...; return deco`: a decorator factory whose
  // decorator has the wrapper shape; `@repeat(3)` is that decorator with `times` the value 3.
  std::optional<FactoryDecorator> factory_decorator(const ast::FunctionDef& def) const {
    const size_t first = has_docstring(def) ? 1 : 0;
    if (!def.decorators.empty() || def.body.size() != first + 2 || def.body[first]->kind != ast::StmtKind::FunctionDef ||
        def.body[first + 1]->kind != ast::StmtKind::Return) {
      return std::nullopt;
    }
    for (const auto& p : def.params) {
      if (p.kind != ast::Param::Kind::Normal) return std::nullopt;
    }
    const auto& deco = ast::as<ast::FunctionDef>(*def.body[first]);
    const ast::Expr* returned = ast::as<ast::Return>(*def.body[first + 1]).value.get();
    if (!returned || !names(*returned, deco.name)) return std::nullopt;
    auto wrapper = wrapper_decorator(deco);
    if (!wrapper) return std::nullopt;
    // The factory's parameters are read, never rebound, by the wrapper (a closure's variables).
    const std::set<std::string> wrapper_locals = locals_of(*wrapper->wrapper);
    for (const auto& p : def.params) {
      if (p.name == wrapper->fn || wrapper_locals.count(p.name)) return std::nullopt;
    }
    return FactoryDecorator{&def, *wrapper};
  }

  // `@repeat(3) def step(a)`: the factory's decorator applied, its parameters read in the wrapper
  // replaced by the call's values. Those must be values that read the same anywhere (literals, or
  // names bound once at module level), else `def` is left as it is.
  ast::StmtPtr apply_factory(const FactoryDecorator& f, const ast::Call& call, ast::FunctionDef& def) {
    if (call.has_star_args || call.args.size() > f.def->params.size()) return nullptr;
    std::map<std::string, const ast::Expr*> values;
    for (size_t k = 0; k < f.def->params.size(); ++k) {
      const ast::Param& p = f.def->params[k];
      const ast::Expr* v = k < call.args.size() ? call.args[k].get() : nullptr;
      for (const auto& kw : call.keywords) {
        if (kw.name == p.name) v = kw.value.get();
      }
      if (!v) v = p.default_value.get();
      if (!v || !frozen_value(*v)) return nullptr;
      values[p.name] = v;
    }
    for (const auto& kw : call.keywords) {
      if (!values.count(kw.name)) return nullptr;  // a keyword the factory does not take
    }
    std::map<std::string, ast::ExprPtr> copies;  // the call's values, kept while the call is replaced
    for (const auto& [name, v] : values) copies[name] = ast::clone(v);
    ast::StmtPtr wrapped = apply(f.deco, def);
    if (!wrapped) return nullptr;
    visit_expr_slots(def.body, [&](ast::ExprPtr& e) {
      if (e->kind != ast::ExprKind::Name) return;
      auto it = copies.find(ast::as<ast::Name>(*e).id);
      if (it != copies.end()) e = ast::clone(it->second.get());
    });
    return wrapped;
  }

  // A value a factory's parameter may be replaced by in the wrapper: a literal, a negated one, a
  // tuple of them, or a name the module binds once.
  bool frozen_value(const ast::Expr& e) const {
    return constant_syntax(e, [&](const std::string& id) {
      auto it = module_bindings_.find(id);
      return it != module_bindings_.end() && it->second == 1;
    });
  }

  // `def register(fn): REGISTRY.append(fn.__name__); return fn`: a decorator that records the
  // function and returns it unchanged. Its statements may read `fn` only as `fn.__name__` and
  // bind no names of their own (they run at module level, after the definition).
  std::optional<RegisteringDecorator> registering_decorator(const ast::FunctionDef& def) const {
    if (!def.decorators.empty() || def.params.size() != 1 || def.params[0].kind != ast::Param::Kind::Normal) {
      return std::nullopt;
    }
    const size_t first = has_docstring(def) ? 1 : 0;
    if (def.body.size() < first + 2 || def.body.back()->kind != ast::StmtKind::Return) return std::nullopt;
    const ast::Expr* returned = ast::as<ast::Return>(*def.body.back()).value.get();
    const std::string& fn = def.params[0].name;
    if (!returned || !names(*returned, fn)) return std::nullopt;
    auto& body = const_cast<ast::FunctionDef&>(def).body;
    for (size_t k = first; k + 1 < body.size(); ++k) {
      std::set<std::string> bound;
      bound_names(*body[k], bound);
      if (!bound.empty() || body[k]->kind == ast::StmtKind::Return || leaves_enclosing_loop(*body[k])) return std::nullopt;
      int reads = 0, name_reads = 0;  // of `fn`, and of `fn.__name__`
      visit_expr_slots(*body[k], [&](ast::ExprPtr& e) {
        name_reads += e->kind == ast::ExprKind::Attribute && names(*ast::as<ast::Attribute>(*e).value, fn) &&
                      ast::as<ast::Attribute>(*e).attr == "__name__";
        reads += names(*e, fn);
      });
      if (reads != name_reads) return std::nullopt;
    }
    return RegisteringDecorator{&def, fn, first};
  }

  // The registering decorator's statements for `def`, `fn.__name__` its name; the decorator
  // taken off `def`.
  ast::Block registration_of(const RegisteringDecorator& r, ast::FunctionDef& def) {
    ast::Block out;
    for (size_t k = r.first; k + 1 < r.def->body.size(); ++k) {
      ast::StmtPtr st = ast::clone(r.def->body[k].get());
      if (!st) return {};
      visit_expr_slots(*st, [&](ast::ExprPtr& e) {
        if (e->kind == ast::ExprKind::Attribute && names(*ast::as<ast::Attribute>(*e).value, r.fn)) {
          auto name = std::make_unique<ast::StrLit>(e->span);
          name->value = python_name(def.name);
          e = std::move(name);
        }
      });
      out.push_back(std::move(st));
    }
    def.decorators.erase(def.decorators.begin());
    return out;
  }

  static bool has_docstring(const ast::FunctionDef& def) {
    return !def.body.empty() && def.body[0]->kind == ast::StmtKind::Expr &&
           ast::as<ast::ExprStmt>(*def.body[0]).value->kind == ast::ExprKind::StrLit;
  }

  // `def deco(fn): [@functools.wraps(fn)] def wrapper(...): ...; return wrapper`.
  std::optional<WrapperDecorator> wrapper_decorator(const ast::FunctionDef& def) const {
    const size_t first = has_docstring(def) ? 1 : 0;  // a docstring first is only that
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
  std::map<std::string, int> module_bindings_;        // how many module-level statements bind each name
};

}  // namespace

void inline_host_decorators(ast::Module& module) { DecoratorInliner(module).run(); }

}  // namespace py2cuda::sema
