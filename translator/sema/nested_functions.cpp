// Kernels, device functions, CPU @jit functions and ufuncs defined inside host functions (as
// numba-cuda's documentation writes its examples: inside a test method or a main()) and inside
// `if __name__ == "__main__":`, moved to module level before analysis, so that sema, typing and
// lowering see them as they see top-level ones.
//
// A nested function can read three kinds of names from the function around it: the other nested
// functions (renamed with it), the imports made there (hoisted with it), and local variables,
// which Numba freezes as constants when it compiles the kernel. py2cuda freezes a variable
// whose value at the kernel's first use comes from one plain assignment: a copy of that
// assignment becomes a module constant. Anything else (a parameter, a value set in a loop or a
// branch, an array changed in place before the launch) is an error, since py2cuda cannot know
// the value Numba would freeze.
//
// An undecorated function defined in the function (a helper that launches the kernels, as
// numba-cuda's Monte Carlo example has) moves too when it reads no variable of the function
// around it, only its other functions and imports: then it means at module level what it meant
// nested.
#include <functional>
#include <set>

#include "frontend/ast_clone.h"
#include "sema/ast_names.h"
#include "sema/captured_device_arrays.h"
#include "sema/module_info.h"

namespace py2cuda::sema {

namespace {

bool mentions(ast::Stmt& s, const std::set<std::string>& names) {
  bool found = false;
  visit_names(s, [&](ast::Name& n) { found = found || names.count(n.id); });
  return found;
}

// One binding of a name in a function body: where, and whether it is a plain `name = value`.
struct Binding {
  size_t top_index;  // the statement of the function body that holds it
  bool nested;       // inside a block (if, for, while, ...), not at the body's top level
  const ast::Assign* plain = nullptr;
};

}  // namespace


namespace {

class Hoister {
 public:
  Hoister(ast::Module& module, Diagnostics& diags) : module_(module), diags_(diags) {}

  void run() {
    for (const auto& s : module_.body) bound_names(*s, taken_);
    for (const auto& s : module_.body) {
      for (const auto& [name, path] : import_paths(*s)) module_imports_[name] = path;
    }
    // `if __name__ == "__main__":` runs at module level: its definitions and imports are the
    // module's. Moved out, they are not host statements the block has to run.
    for (auto& s : module_.body) {
      if (!is_main_guard(*s)) continue;
      ast::Block& body = ast::as<ast::If>(*s).body;
      for (auto it = body.begin(); it != body.end();) {
        const ast::StmtKind k = (*it)->kind;
        if (k == ast::StmtKind::FunctionDef || k == ast::StmtKind::Import || k == ast::StmtKind::ImportFrom ||
            is_class(**it)) {
          for (const auto& [name, path] : import_paths(**it)) module_imports_[name] = path;
          module_.hoisted.push_back(std::move(*it));
          it = body.erase(it);
        } else {
          ++it;
        }
      }
      if (body.empty()) body.push_back(std::make_unique<ast::Pass>(s->span));
    }
    std::vector<ast::FunctionDef*> hosts;
    for (auto* block : {&module_.body, &module_.hoisted}) {
      define_lambda_functions(*block);
      for (auto& s : *block) {
        if (s->kind == ast::StmtKind::FunctionDef && ast::as<ast::FunctionDef>(*s).decorators.empty()) {
          hosts.push_back(&ast::as<ast::FunctionDef>(*s));
        }
      }
    }
    for (ast::FunctionDef* host : hosts) hoist_imports(*host);
    for (ast::FunctionDef* host : hosts) hoist_classes(*host);
    for (ast::FunctionDef* host : hosts) define_lambda_functions(host->body);
    for (ast::FunctionDef* host : hosts) hoist_from(*host);
    for (ast::FunctionDef* host : hosts) hoist_jit_bindings(*host);
  }

 private:
  static bool is_class(const ast::Stmt& s) { return dynamic_cast<const ast::ClassDef*>(&s) != nullptr; }

  // A class defined in a host function's body (`def main(): class Stats: ...`) is a module
  // class (sema/classes.cpp) when its name is free there; its methods then read module names
  // only, as they do in most programs (one reading the function's variables is reported there).
  void hoist_classes(ast::FunctionDef& host) {
    for (auto it = host.body.begin(); it != host.body.end();) {
      if (!is_class(**it) || taken_.count(ast::as<ast::ClassDef>(**it).name)) {
        ++it;
        continue;
      }
      taken_.insert(ast::as<ast::ClassDef>(**it).name);
      module_.hoisted.push_back(std::move(*it));
      it = host.body.erase(it);
    }
    if (host.body.empty()) host.body.push_back(std::make_unique<ast::Pass>(host.span));
  }

  // A module-level name for `name` from function `host`: the name itself when free, else
  // `host_name`, then `host_name_2`...
  std::string module_name(const std::string& host, const std::string& name) {
    std::string chosen = name;
    if (taken_.count(chosen)) chosen = host + "_" + name;
    for (int i = 2; taken_.count(chosen); ++i) chosen = host + "_" + name + "_" + std::to_string(i);
    taken_.insert(chosen);
    return chosen;
  }

  // The decorated definitions of `block` and of the blocks inside it (not inside other
  // definitions), taken out of it; `top` is the body statement that held each.
  void take_definitions(ast::Block& block, size_t top, bool is_top_level,
                        std::vector<std::pair<std::unique_ptr<ast::FunctionDef>, size_t>>& out) {
    size_t removed = 0;  // the body's positions as written count the definitions taken out
    for (size_t i = 0; i < block.size();) {
      ast::Stmt& s = *block[i];
      const size_t here = is_top_level ? i + removed : top;
      if (s.kind == ast::StmtKind::FunctionDef &&
          (!ast::as<ast::FunctionDef>(s).decorators.empty() || movable_plain_.count(&ast::as<ast::FunctionDef>(s)))) {
        out.emplace_back(static_cast<ast::FunctionDef*>(block[i].release()), here);
        block.erase(block.begin() + static_cast<long>(i));
        ++removed;
        continue;
      }
      auto inner = [&](ast::Block& b) {
        take_definitions(b, here, false, out);
        if (b.empty()) b.push_back(std::make_unique<ast::Pass>(s.span));
      };
      if (s.kind == ast::StmtKind::If) inner(ast::as<ast::If>(s).body);
      if (s.kind == ast::StmtKind::If && !ast::as<ast::If>(s).orelse.empty()) inner(ast::as<ast::If>(s).orelse);
      if (s.kind == ast::StmtKind::For) inner(ast::as<ast::For>(s).body);
      if (s.kind == ast::StmtKind::While) inner(ast::as<ast::While>(s).body);
      if (s.kind == ast::StmtKind::With) inner(ast::as<ast::With>(s).body);
      if (s.kind == ast::StmtKind::Try) {
        ast::as<ast::Try>(s).for_each_block([&](ast::Block& b) {
          if (!b.empty()) inner(b);
        });
      }
      ++i;
    }
  }

  // The imports at the top level of a host function's body (`def main(): import time`): module
  // imports, which the function and any function nested in it read as module names. An import
  // whose name the module binds to something else, or the function assigns, stays (and is
  // reported where host code meets it).
  void hoist_imports(ast::FunctionDef& host) {
    std::set<std::string> assigned;  // names the function binds other than by an import
    for (const auto& p : host.params) assigned.insert(p.name);
    for (const auto& st : host.body) {
      if (st->kind != ast::StmtKind::Import && st->kind != ast::StmtKind::ImportFrom) bound_names(*st, assigned);
    }
    for (auto it = host.body.begin(); it != host.body.end();) {
      std::map<std::string, std::string> paths = import_paths(**it);
      bool agrees = !paths.empty();
      for (const auto& [name, path] : paths) {
        auto m = module_imports_.find(name);
        agrees = agrees && (m != module_imports_.end() ? m->second == path : !taken_.count(name)) &&
                 !assigned.count(name);
      }
      if (!agrees) {
        ++it;
        continue;
      }
      bool known = true;  // every name already the module's import of that path
      for (const auto& [name, path] : paths) {
        known = known && module_imports_.count(name);
        module_imports_[name] = path;
        taken_.insert(name);
      }
      if (!known) module_.hoisted.push_back(std::move(*it));
      it = host.body.erase(it);
    }
    if (host.body.empty()) host.body.push_back(std::make_unique<ast::Pass>(host.span));
  }

  void hoist_from(ast::FunctionDef& host) {
    // Indices below refer to the body as written; removing definitions shifts them, so the
    // body's statements are first remembered by their original positions.
    std::vector<std::pair<std::unique_ptr<ast::FunctionDef>, size_t>> defs;
    const std::set<std::string> host_locals = locals_of(host);
    // A nested function defined twice under one name: each later definition its own (`k_2`).
    std::set<std::string> taken = host_locals;
    visit_names(host.body, [&](ast::Name& n) { taken.insert(n.id); });
    rename_redefined_definitions(host.body, std::move(taken));
    std::vector<ast::Stmt*> original;  // the body as written, definitions included
    for (auto& s : host.body) original.push_back(s.get());
    movable_plain_ = plain_functions_to_move(host, host_locals);
    take_definitions(host.body, 0, true, defs);
    if (defs.empty()) return;
    pass_captured_variables(host, defs);

    // Renamed functions: the host's and the other nested functions' references follow.
    std::map<std::string, std::string> function_names;
    std::set<std::string> nested_names;
    for (auto& [def, top] : defs) nested_names.insert(def->name);
    for (auto& [def, top] : defs) function_names[def->name] = module_name(host.name, def->name);
    visit_names(host.body, [&](ast::Name& n) {
      auto it = function_names.find(n.id);
      if (it != function_names.end()) n.id = it->second;
    });

    // Which nested functions read which (a device function is compiled with the kernels
    // that call it).
    std::map<std::string, std::set<std::string>> readers;  // function -> the functions that read it
    for (auto& [def, top] : defs) {
      const std::set<std::string> own = locals_of(*def);
      const std::string reader = def->name;
      visit_names(*def, [&](ast::Name& n) {
        if (!own.count(n.id) && nested_names.count(n.id) && n.id != reader) readers[n.id].insert(reader);
      });
    }
    std::map<std::pair<std::string, const void*>, std::string> captured;  // (variable, binding) -> constant
    std::set<std::pair<std::string, std::string>> reported;                // (variable, reader)
    for (auto& [def, top] : defs) {
      // The first body statement after the definition that uses it, or a function that reads
      // it: there Numba compiles, and freezes the values of that moment.
      std::set<std::string> users = {def->name};
      for (bool grew = true; grew;) {
        grew = false;
        for (const std::string& u : std::set<std::string>(users)) {
          for (const std::string& r : readers[u]) grew = users.insert(r).second || grew;
        }
      }
      std::set<std::string> user_names;
      for (const std::string& u : users) user_names.insert(function_names.at(u));
      size_t first_use = original.size();
      for (size_t i = top + 1; i < original.size(); ++i) {
        bool was_removed = false;
        for (auto& [other, other_top] : defs) was_removed = was_removed || original[i] == other.get();
        if (!was_removed && mentions(*original[i], user_names)) {
          first_use = i;
          break;
        }
      }
      const std::set<std::string> own = locals_of(*def);
      std::map<std::string, std::string> renames;
      std::vector<std::pair<std::string, Span>> reads;
      visit_names(*def, [&](ast::Name& n) {
        if (own.count(n.id) || !host_locals.count(n.id)) return;
        reads.emplace_back(n.id, n.span);
      });
      for (const auto& [name, span] : reads) {
        if (renames.count(name)) continue;
        if (nested_names.count(name)) {
          renames[name] = function_names.at(name);
        } else if (module_imports_.count(name) && !assigned_in(host, name)) {
          renames[name] = name;
        } else if (auto constant = capture(host, name, span, *def, original, first_use, captured, reported)) {
          renames[name] = *constant;
        } else {
          renames[name] = name;
        }
      }
      visit_names(*def, [&](ast::Name& n) {
        if (own.count(n.id)) return;
        auto it = renames.find(n.id);
        if (it != renames.end()) n.id = it->second;
      });
      def->name = function_names.at(def->name);
      module_.hoisted.push_back(std::move(def));
    }
  }

  // Whether `e` spells numba's cuda.jit through the module's imports (`cuda.jit`, `jit` from
  // numba.cuda, `numba.cuda.jit`).
  bool is_cuda_jit_name(const ast::Expr& e) const { return is_numba_path(e, {"numba.cuda.jit"}); }

  // Whether `e` spells, through the module's imports, one of `paths`.
  bool is_numba_path(const ast::Expr& e, std::initializer_list<const char*> paths) const {
    const std::string path = imported_path(e, module_imports_);
    if (path.empty()) return false;
    for (const char* p : paths) {
      if (path == p) return true;
    }
    return false;
  }

  // A decorator a lambda is handed to: `cuda.reduce(lambda a, b: a + b)`, `cuda.jit(device=True)(lambda
  // v: v * v)`, `njit(lambda ...)`: numba's reduce, jit and vectorize, called or not.
  bool lambda_decorator(const ast::Expr& e) const {
    static const std::initializer_list<const char*> kDecorators = {
        "numba.cuda.reduce", "numba.cuda.Reduce", "numba.cuda.jit", "numba.jit", "numba.njit", "numba.vectorize",
        "numba.cuda.vectorize"};
    if (is_numba_path(e, kDecorators)) return true;
    return e.kind == ast::ExprKind::Call && is_numba_path(*ast::as<ast::Call>(e).func, kDecorators);
  }

  // `op = cuda.reduce(lambda a, b: a + b)`, as numba-cuda's documentation writes a reduction, is
  // `@cuda.reduce def op(a, b): return a + b`, and so for the other decorators above: each such
  // statement of `block` becomes that definition, in its place (a nested one then moves to module
  // level like any other).
  void define_lambda_functions(ast::Block& block) {
    for (auto& st : block) {
      if (st->kind != ast::StmtKind::Assign) continue;
      auto& a = ast::as<ast::Assign>(*st);
      if (a.targets.size() != 1 || a.targets[0]->kind != ast::ExprKind::Name) continue;
      if (a.value->kind != ast::ExprKind::Call) continue;
      auto& call = ast::as<ast::Call>(*a.value);
      if (call.args.size() != 1 || call.has_star_args) continue;
      if (call.args[0]->kind != ast::ExprKind::Lambda || !lambda_decorator(*call.func)) continue;
      // `cuda.jit(lambda v: v * v, device=True)`: the options are the decorator's, `@cuda.jit(device=True)`.
      if (!call.keywords.empty()) {
        if (call.func->kind == ast::ExprKind::Call) continue;
        auto options = std::make_unique<ast::Call>(call.span, std::move(call.func));
        options->keywords = std::move(call.keywords);
        call.func = std::move(options);
      }
      auto& l = ast::as<ast::LambdaExpr>(*call.args[0]);
      auto def = std::make_unique<ast::FunctionDef>(a.span);
      def->name = ast::as<ast::Name>(*a.targets[0]).id;
      def->name_span = a.targets[0]->span;
      def->params = std::move(l.params);
      auto ret = std::make_unique<ast::Return>(l.body->span);
      ret->value = std::move(l.body);
      def->body.push_back(std::move(ret));
      def->decorators.push_back(std::move(call.func));
      st = std::move(def);
    }
  }

  // `compiled = cuda.jit(SIG)(f)` at the top level of a function's body, `f` a module-level
  // function and SIG made of module-level names and literals: the name of a kernel compiled from
  // `f`, as numba-cuda's tests write them (a name may be rebound to another signature further
  // down). Each such statement moves to module level under a name of its own, and the uses that
  // follow it, up to the name's next binding, read that name: what `k = cuda.jit(SIG)(f)` at
  // module level means. A name bound any other way in the function stays as it is.
  void hoist_jit_bindings(ast::FunctionDef& host) {
    const std::set<std::string> host_locals = locals_of(host);
    std::set<std::string> module_functions;
    for (auto* block : {&module_.body, &module_.hoisted}) {
      for (const auto& st : *block) {
        if (st->kind == ast::StmtKind::FunctionDef) module_functions.insert(ast::as<ast::FunctionDef>(*st).name);
      }
    }
    auto jit_binding = [&](ast::Stmt& st) -> std::string {
      if (st.kind != ast::StmtKind::Assign) return "";
      auto& a = ast::as<ast::Assign>(st);
      if (a.targets.size() != 1 || a.targets[0]->kind != ast::ExprKind::Name) return "";
      if (a.value->kind != ast::ExprKind::Call) return "";
      auto& outer = ast::as<ast::Call>(*a.value);
      if (outer.args.size() != 1 || !outer.keywords.empty() || outer.has_star_args) return "";
      if (outer.args[0]->kind != ast::ExprKind::Name) return "";
      const std::string& f = ast::as<ast::Name>(*outer.args[0]).id;
      if (host_locals.count(f) || !module_functions.count(f)) return "";
      if (outer.func->kind != ast::ExprKind::Call) return "";
      auto& dec = ast::as<ast::Call>(*outer.func);
      if (!is_cuda_jit_name(*dec.func)) return "";
      bool reads_locals = false;
      visit_names(outer.func.get(), [&](ast::Name& n) { reads_locals |= host_locals.count(n.id) > 0; });
      if (reads_locals) return "";
      return ast::as<ast::Name>(*a.targets[0]).id;
    };
    // The names every binding of which is such a statement at the body's top level.
    std::map<std::string, size_t> jit_count;
    for (auto& st : host.body) {
      std::string name = jit_binding(*st);
      if (!name.empty()) ++jit_count[name];
    }
    std::set<std::string> names;
    for (const auto& [name, count] : jit_count) {
      bool param = false;
      for (const auto& p : host.params) param |= p.name == name;
      std::vector<Binding> all;
      for (size_t i = 0; i < host.body.size(); ++i) bindings(*host.body[i], name, i, false, all);
      if (!param && all.size() == count) names.insert(name);
    }
    if (names.empty()) return;
    std::map<std::string, std::string> current;  // name -> the module-level kernel it reads now
    for (size_t i = 0; i < host.body.size();) {
      ast::Stmt& st = *host.body[i];
      std::string name = jit_binding(st);
      if (!name.empty() && names.count(name)) {
        current[name] = module_name(host.name, name);
        ast::as<ast::Name>(*ast::as<ast::Assign>(st).targets[0]).id = current[name];
        module_.hoisted.push_back(std::move(host.body[i]));
        host.body.erase(host.body.begin() + static_cast<long>(i));
        continue;
      }
      visit_names(st, [&](ast::Name& n) {
        auto it = current.find(n.id);
        if (it != current.end()) n.id = it->second;
      });
      ++i;
    }
    if (host.body.empty()) host.body.push_back(std::make_unique<ast::Pass>(host.span));
  }

  // The undecorated functions defined once at the top level of `host`'s body that may move to
  // module level, each with the variables of `host` it reads (its captures, in name order).
  //
  // One that reads only names bound in `host` by a `def` or an import (other nested functions,
  // the function's imports) moves as it is: Python's closure reads such a name's one value.
  //
  // One that reads variables of `host` (`def main(): n = 8; def make(k): return np.arange(n) * k`)
  // moves with each such variable as a keyword-only parameter of its own name, and every call of
  // it passes the variable by name (`make(2)` becomes `make(2, n=n)`), the calls in `host` and in
  // the other nested functions alike. A closure reads the variable's value at the call, which is
  // what the call passes, and an array, list or object passed is the same object, so a call means
  // what it meant nested. That holds while the function is only called: one whose name is read
  // any other way (passed as a value, returned, rebound), one with `**kwargs`, or one that calls a
  // nested function that cannot move, stays nested and is reported as unsupported.
  static std::map<const ast::FunctionDef*, std::vector<std::string>> plain_functions_to_move(
      ast::FunctionDef& host, const std::set<std::string>& host_locals) {
    auto only_defined = [&](const std::string& name) {
      for (const auto& p : host.params)
        if (p.name == name) return false;
      for (const auto& st : host.body) {
        std::set<std::string> bound;
        bound_names(*st, bound);
        if (!bound.count(name)) continue;
        const bool def = st->kind == ast::StmtKind::FunctionDef && ast::as<ast::FunctionDef>(*st).name == name;
        const bool import = st->kind == ast::StmtKind::Import || st->kind == ast::StmtKind::ImportFrom;
        if (!def && !import) return false;
      }
      return true;
    };
    std::map<std::string, int> definitions;  // name -> the `def`s of it at the top level
    for (const auto& st : host.body) {
      if (st->kind == ast::StmtKind::FunctionDef) ++definitions[ast::as<ast::FunctionDef>(*st).name];
    }
    struct Candidate {
      ast::FunctionDef* def;
      std::set<std::string> captures;  // variables of `host` it reads, directly or through a call
      std::set<std::string> calls;     // the other candidates it reads
    };
    std::map<std::string, Candidate> candidates;
    for (const auto& st : host.body) {
      if (st->kind != ast::StmtKind::FunctionDef || !ast::as<ast::FunctionDef>(*st).decorators.empty()) continue;
      auto& def = ast::as<ast::FunctionDef>(*st);
      if (definitions[def.name] != 1) continue;
      candidates[def.name] = Candidate{&def, {}, {}};
    }
    for (auto& [name, c] : candidates) {
      const std::set<std::string> own = locals_of(*c.def);
      visit_names(*c.def, [&](ast::Name& n) {
        if (own.count(n.id) || !host_locals.count(n.id)) return;
        if (candidates.count(n.id)) c.calls.insert(n.id);
        else if (!only_defined(n.id)) c.captures.insert(n.id);
      });
      c.calls.erase(name);
    }
    for (bool grew = true; grew;) {  // a caller passes on the variables of the functions it calls
      grew = false;
      for (auto& [name, c] : candidates) {
        for (const std::string& callee : c.calls) {
          for (const std::string& v : candidates.at(callee).captures) grew = c.captures.insert(v).second || grew;
        }
      }
    }
    // Where the name of a function with captures is read other than as the callee of a call.
    auto only_called = [&](const std::string& name) {
      int reads = 0, calls = 0;
      auto count = [&](ast::Expr& e) {
        if (e.kind == ast::ExprKind::Name && ast::as<ast::Name>(e).id == name) ++reads;
        if (e.kind == ast::ExprKind::Call) {
          const ast::Expr& f = *ast::as<ast::Call>(e).func;
          calls += f.kind == ast::ExprKind::Name && ast::as<ast::Name>(f).id == name;
        }
      };
      for (auto& st : host.body) {
        if (st->kind != ast::StmtKind::FunctionDef) visit_exprs(*st, count);
        else if (!locals_of(ast::as<ast::FunctionDef>(*st)).count(name)) visit_exprs(ast::as<ast::FunctionDef>(*st), count);
      }
      return reads == calls;
    };
    std::set<std::string> staying;
    for (auto& [name, c] : candidates) {
      bool keyword_dict = false;
      for (const auto& p : c.def->params) keyword_dict |= p.kind == ast::Param::Kind::KwArgs;
      if (!c.captures.empty() && (keyword_dict || !only_called(name))) staying.insert(name);
    }
    for (bool grew = true; grew;) {  // a function calling one that stays cannot pass its variables
      grew = false;
      for (auto& [name, c] : candidates) {
        if (staying.count(name)) continue;
        for (const std::string& callee : c.calls) {
          if (staying.count(callee) && !candidates.at(callee).captures.empty()) grew = staying.insert(name).second || grew;
        }
      }
    }
    std::map<const ast::FunctionDef*, std::vector<std::string>> out;
    for (auto& [name, c] : candidates) {
      if (!staying.count(name)) out[c.def] = std::vector<std::string>(c.captures.begin(), c.captures.end());
    }
    return out;
  }

  // The moving functions that read variables of the function around them take each as a
  // keyword-only parameter, and every call of one in `host`'s body or in `defs` passes them.
  void pass_captured_variables(ast::FunctionDef& host,
                               std::vector<std::pair<std::unique_ptr<ast::FunctionDef>, size_t>>& defs) {
    std::map<std::string, std::vector<std::string>> captures;  // function -> its variables
    for (auto& [def, top] : defs) {
      auto it = movable_plain_.find(def.get());
      if (it == movable_plain_.end() || it->second.empty()) continue;
      captures[def->name] = it->second;
      for (const std::string& v : it->second) {
        ast::Param p;
        p.kind = ast::Param::Kind::KeywordOnly;
        p.name = v;
        p.span = def->name_span;
        def->params.push_back(std::move(p));
      }
    }
    if (captures.empty()) return;
    auto pass = [&](ast::Expr& e) {
      if (e.kind != ast::ExprKind::Call) return;
      auto& call = ast::as<ast::Call>(e);
      if (call.func->kind != ast::ExprKind::Name) return;
      auto it = captures.find(ast::as<ast::Name>(*call.func).id);
      if (it == captures.end()) return;
      for (const std::string& v : it->second) {
        call.keywords.push_back(ast::Keyword{v, std::make_unique<ast::Name>(call.span, v), call.span});
      }
    };
    visit_exprs(host.body, pass);
    for (auto& [def, top] : defs) {
      // A function's own local of the same name is not the nested function it calls.
      const std::set<std::string> own = locals_of(*def);
      bool shadows = false;
      for (const auto& [name, vars] : captures) shadows |= own.count(name) > 0;
      if (!shadows) visit_exprs(*def, pass);
    }
  }

  static bool assigned_in(const ast::FunctionDef& host, const std::string& name) {
    for (const auto& p : host.params)
      if (p.name == name) return true;
    std::set<std::string> bound;
    for (const auto& s : host.body) bound_names(*s, bound);
    return bound.count(name) > 0;
  }

  // Every binding of `name` among the statements of the body as written.
  static void bindings(const ast::Stmt& s, const std::string& name, size_t top, bool nested,
                       std::vector<Binding>& out) {
    std::set<std::string> here;
    bound_names(s, here, false);
    if (here.count(name)) {
      const ast::Assign* plain = nullptr;
      if (s.kind == ast::StmtKind::Assign && ast::as<ast::Assign>(s).targets.size() == 1 &&
          ast::as<ast::Assign>(s).targets[0]->kind == ast::ExprKind::Name) {
        plain = &ast::as<ast::Assign>(s);
      }
      out.push_back(Binding{top, nested, plain});
    }
    auto block = [&](const ast::Block& b) {
      for (const auto& x : b) bindings(*x, name, top, true, out);
    };
    if (s.kind == ast::StmtKind::If) block(ast::as<ast::If>(s).body), block(ast::as<ast::If>(s).orelse);
    if (s.kind == ast::StmtKind::For) block(ast::as<ast::For>(s).body), block(ast::as<ast::For>(s).orelse);
    if (s.kind == ast::StmtKind::While) block(ast::as<ast::While>(s).body), block(ast::as<ast::While>(s).orelse);
    if (s.kind == ast::StmtKind::With) block(ast::as<ast::With>(s).body);
    if (s.kind == ast::StmtKind::Try) ast::as<ast::Try>(s).for_each_block(block);
    if (s.kind == ast::StmtKind::Unsupported) block(ast::as<ast::UnsupportedStmt>(s).body);
  }

  // Whether statement `s` may change the array or object `name` holds in place
  // (`name[i] = v`, `name[:] += v`, `name.fill(0)`, ...).
  static bool mutates(ast::Stmt& s, const std::string& name) {
    bool found = false;
    auto target_base = [&](const ast::Expr* t) {
      while (t && (t->kind == ast::ExprKind::Subscript || t->kind == ast::ExprKind::Attribute)) {
        t = t->kind == ast::ExprKind::Subscript ? ast::as<ast::Subscript>(*t).value.get()
                                                : ast::as<ast::Attribute>(*t).value.get();
        if (t->kind == ast::ExprKind::Name && ast::as<ast::Name>(*t).id == name) found = true;
      }
    };
    std::function<void(ast::Stmt&)> walk = [&](ast::Stmt& x) {
      if (x.kind == ast::StmtKind::Assign)
        for (auto& t : ast::as<ast::Assign>(x).targets) target_base(t.get());
      if (x.kind == ast::StmtKind::AugAssign) target_base(ast::as<ast::AugAssign>(x).target.get());
      auto block = [&](ast::Block& b) {
        for (auto& y : b) walk(*y);
      };
      if (x.kind == ast::StmtKind::If) block(ast::as<ast::If>(x).body), block(ast::as<ast::If>(x).orelse);
      if (x.kind == ast::StmtKind::For) block(ast::as<ast::For>(x).body);
      if (x.kind == ast::StmtKind::While) block(ast::as<ast::While>(x).body);
      if (x.kind == ast::StmtKind::With) block(ast::as<ast::With>(x).body);
      if (x.kind == ast::StmtKind::Try) ast::as<ast::Try>(x).for_each_block(block);
    };
    walk(s);
    // A method call on it (`name.fill(0)`, `name.sort()`) may change it too.
    std::function<void(ast::Expr*)> calls = [&](ast::Expr* e) {
      if (!e || e->kind != ast::ExprKind::Call) return;
      auto& c = ast::as<ast::Call>(*e);
      if (c.func->kind == ast::ExprKind::Attribute) {
        const ast::Expr* base = ast::as<ast::Attribute>(*c.func).value.get();
        if (base->kind == ast::ExprKind::Name && ast::as<ast::Name>(*base).id == name) found = true;
      }
    };
    if (s.kind == ast::StmtKind::Expr) calls(ast::as<ast::ExprStmt>(s).value.get());
    return found;
  }

  // The module constant that freezes the enclosing function's variable `name` as the
  // nested function `reader` reads it, made on first need; nullopt (reported) when its
  // value at the first use is not one plain assignment. A device array that a kernel reads
  // (not one a constant's value reads: `n = len(d_a)`) is not frozen but becomes the kernel's
  // captured parameter (sema/captured_device_arrays.h): then the name itself.
  std::optional<std::string> capture(ast::FunctionDef& host, const std::string& name, Span read,
                                     ast::FunctionDef& reader, const std::vector<ast::Stmt*>& original,
                                     size_t first_use,
                                     std::map<std::pair<std::string, const void*>, std::string>& captured,
                                     std::set<std::pair<std::string, std::string>>& reported,
                                     bool in_constant = false) {
    if (!reported.insert({in_constant ? name + " (in a constant)" : name, reader.name}).second) {
      for (const auto& [key, constant] : captured) {
        if (key.first == name && !constant.empty()) return constant;
      }
      return std::nullopt;
    }
    const std::string what = "'" + reader.name + "' reads '" + name + "' from the function '" + host.name + "' around it";
    const std::string why =
        "Numba freezes such a variable's value when it compiles the function; py2cuda can freeze it only when the "
        "value comes from one plain assignment `" + name + " = ...` in the body of '" + host.name +
        "' before the function is first used (pass the value as an argument otherwise)";
    for (const auto& p : host.params) {
      if (p.name == name) {
        auto& d = diags_.error(read, what + ", a parameter of '" + host.name + "'");
        Diagnostics::note(d, p.span, why);
        auto use = module_.kernel_factory_uses.find(host.name);
        if (use != module_.kernel_factory_uses.end()) {
          Diagnostics::note(d, use->second,
                            "py2cuda makes a kernel of each call `k = " + host.name + "(...)` that is a statement of its "
                            "own (outside branches, and in loops over values the program spells), but '" + host.name +
                            "' is used here otherwise");
        }
        return std::nullopt;
      }
    }
    std::vector<Binding> found;
    for (size_t i = 0; i < original.size(); ++i) bindings(*original[i], name, i, false, found);
    const Binding* in_effect = nullptr;
    bool ambiguous = false;
    for (const Binding& b : found) {
      if (b.top_index >= first_use) break;
      if (b.nested) ambiguous = true;
      in_effect = &b;
    }
    if (!in_effect || ambiguous || !in_effect->plain || in_effect->nested) {
      auto& d = diags_.error(read, what + (in_effect ? ", which is not set by one plain assignment before its first use"
                                                     : ", which is not assigned before its first use"));
      Diagnostics::note(d, in_effect && in_effect->plain ? in_effect->plain->span : read, why);
      return std::nullopt;
    }
    if (!in_constant && makes_device_array(*in_effect->plain->value, module_imports_)) {
      // Numba captures a device array by its pointer: the kernel sees what later copies write
      // into it, so it is not frozen but passed by each launch.
      if (found.size() > 1) {
        auto& d = diags_.error(read, what + ", a device array bound more than once");
        Diagnostics::note(d, in_effect->plain->span,
                          "Numba keeps the array bound at the kernel's first launch, while py2cuda passes the one "
                          "bound at each launch; bind the device array once, or pass it as an argument");
        return std::nullopt;
      }
      if (!capture_device_array(reader, name, read, "the function '" + host.name + "' around it", module_imports_, diags_))
        return std::nullopt;
      return name;
    }
    for (size_t i = in_effect->top_index + 1; i < first_use && i < original.size(); ++i) {
      if (mutates(*original[i], name)) {
        auto& d = diags_.error(read, what + ", which is changed in place before the first use");
        Diagnostics::note(d, original[i]->span, "changed here; " + why);
        return std::nullopt;
      }
    }
    auto done = captured.find({name, in_effect->plain});
    if (done != captured.end()) return done->second;
    const std::string constant = module_name(host.name, name);
    captured[{name, in_effect->plain}] = constant;
    module_.closure_variables[constant] = {name, host.name};
    auto assign = std::make_unique<ast::Assign>(in_effect->plain->span);
    assign->targets.push_back(std::make_unique<ast::Name>(in_effect->plain->targets[0]->span, constant));
    assign->value = ast::clone(in_effect->plain->value.get());
    // The value may read other variables of the function: frozen the same way.
    const std::set<std::string> host_locals = locals_of(host);
    std::map<std::string, std::string> renames;
    visit_names(assign->value.get(), [&](ast::Name& n) {
      if (!host_locals.count(n.id) || renames.count(n.id)) return;
      if (module_imports_.count(n.id) && !assigned_in(host, n.id)) {
        renames[n.id] = n.id;
      } else if (auto c = capture(host, n.id, n.span, reader, original, first_use, captured, reported, true)) {
        renames[n.id] = *c;
      } else {
        renames[n.id] = n.id;
      }
    });
    visit_names(assign->value.get(), [&](ast::Name& n) {
      auto it = renames.find(n.id);
      if (it != renames.end()) n.id = it->second;
    });
    module_.hoisted.push_back(std::move(assign));
    return constant;
  }

  ast::Module& module_;
  Diagnostics& diags_;
  std::set<std::string> taken_;                          // module-level names, hoisted ones included
  // The current host's undecorated functions that move, with the variables each reads.
  std::map<const ast::FunctionDef*, std::vector<std::string>> movable_plain_;
  std::map<std::string, std::string> module_imports_;    // module-level import name -> path
};

}  // namespace

void hoist_nested_functions(ast::Module& module, Diagnostics& diags) { Hoister(module, diags).run(); }

}  // namespace py2cuda::sema
