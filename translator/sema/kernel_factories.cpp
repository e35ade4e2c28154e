// Kernel factories: a module-level function that defines kernels or device functions reading its
// parameters and returns them (`def make_scale(factor): @cuda.jit def scale(a): a[i] *= factor;
// return scale`, numba-cuda's own examples build kernels this way). Each call makes new
// functions, and Numba freezes the call's values of the variables they read when it compiles
// each one: `make_scale(2.0)` and `make_scale(3.0)` are two kernels.
//
// py2cuda copies the factory's body into each call statement (`double = make_scale(2.0)`), the
// parameters bound by plain assignments of the call's arguments and every variable of the body
// renamed apart (`make_scale_factor = 2.0`), the returned definition named as the call's target
// (`def double(a)`). What follows sees an ordinary module-level kernel reading a module variable,
// or one defined in a function reading that function's variable, and freezes it as it freezes
// those (sema/nested_functions.cpp, infer/host_globals.cpp).
//
// A factory is copied only when every use of its name is such a call statement: at module
// level, in `if __name__ == "__main__":`, or in the body of a function (not in a branch, nor in
// a loop, where one call stands for a kernel per iteration, unless the loop runs over values the
// program spells, `for tpb in (32, 64):`, and is unrolled). Otherwise it stays a function and
// the reads of its parameters are reported as before.
#include <algorithm>
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

// The names of the nested definitions `def`'s last statement returns (`return k`, `return k1,
// k2`), when it is a factory: decorated definitions at the top level of its body, one return
// (the last statement), plain parameters, no `global`. Empty otherwise.
std::vector<std::string> factory_results(const ast::FunctionDef& def) {
  if (!def.decorators.empty() || def.body.empty() || def.body.back()->kind != ast::StmtKind::Return) return {};
  for (const auto& p : def.params) {
    if (p.kind == ast::Param::Kind::VarArgs || p.kind == ast::Param::Kind::KwArgs) return {};
  }
  std::set<std::string> decorated;
  for (const auto& s : def.body) {
    if (s->kind == ast::StmtKind::FunctionDef && !ast::as<ast::FunctionDef>(*s).decorators.empty()) {
      decorated.insert(ast::as<ast::FunctionDef>(*s).name);
    }
  }
  const ast::Expr* value = ast::as<ast::Return>(*def.body.back()).value.get();
  if (!value) return {};
  std::vector<const ast::Expr*> returned;
  if (value->kind == ast::ExprKind::Tuple) {
    for (const auto& e : ast::as<ast::TupleExpr>(*value).elts) returned.push_back(e.get());
  } else {
    returned.push_back(value);
  }
  std::vector<std::string> names;
  for (const ast::Expr* e : returned) {
    if (e->kind != ast::ExprKind::Name || !decorated.count(ast::as<ast::Name>(*e).id)) return {};
    names.push_back(ast::as<ast::Name>(*e).id);
  }
  // One definition of each, one return, no `global`, no definition inside a block.
  std::map<std::string, int> definitions;
  bool simple = true;
  std::function<void(const ast::Block&, bool)> scan = [&](const ast::Block& block, bool top) {
    for (const auto& s : block) {
      if (s->kind == ast::StmtKind::Global || s->kind == ast::StmtKind::Unsupported) simple = false;
      if (s->kind == ast::StmtKind::Return && s.get() != def.body.back().get()) simple = false;
      if (s->kind == ast::StmtKind::FunctionDef) {
        if (!top) simple = false;
        ++definitions[ast::as<ast::FunctionDef>(*s).name];
        continue;  // its own returns are its own
      }
      for (const ast::Block* inner : nested_blocks(*s)) scan(*inner, false);
    }
  };
  scan(def.body, true);
  for (const auto& [name, count] : definitions) simple = simple && count == 1;
  std::set<std::string> distinct(names.begin(), names.end());
  if (!simple || distinct.size() != names.size()) return {};
  return names;
}

// A call statement of a factory: `target = factory(args)` or `t1, t2 = factory(args)`.
struct FactoryCall {
  ast::Block* block;
  size_t index;
  const ast::FunctionDef* factory;
  std::vector<std::string> targets;
};

class FactoryInliner {
 public:
  explicit FactoryInliner(ast::Module& module) : module_(module) {}

  void run() {
    auto& factories = factories_;
    auto& results = results_;
    for (const auto& s : module_.body) {
      if (s->kind != ast::StmtKind::FunctionDef) continue;
      const auto& def = ast::as<ast::FunctionDef>(*s);
      auto names = factory_results(def);
      if (names.empty()) continue;
      if (factories.count(def.name)) {  // defined twice: not one function
        factories[def.name] = nullptr;
        continue;
      }
      factories[def.name] = &def;
      results[def.name] = names;
    }
    for (auto it = factories.begin(); it != factories.end();) it = it->second ? std::next(it) : factories.erase(it);
    if (factories.empty()) return;

    // A loop over a few literal values making a kernel per value (`for tpb in (32, 64, 128): k =
    // make_sum(tpb)`) is unrolled first, so that each of its calls is one statement.
    auto unroll_in = [&](ast::Block& block) {
      for (size_t i = 0; i < block.size(); ++i) {
        if (block[i]->kind != ast::StmtKind::For) continue;
        bool makes_kernels = false;
        for (auto& st : ast::as<ast::For>(*block[i]).body) makes_kernels |= factory_call(*st, factories, results).has_value();
        if (!makes_kernels) continue;
        ast::Block copies = unrolled(ast::as<ast::For>(*block[i]));
        if (copies.empty()) continue;
        const size_t n = copies.size();
        block.erase(block.begin() + static_cast<long>(i));
        block.insert(block.begin() + static_cast<long>(i), std::make_move_iterator(copies.begin()),
                     std::make_move_iterator(copies.end()));
        i += n - 1;
      }
    };
    for_each_calling_block(unroll_in);

    // Every read of each factory's name, and the call statements among them.
    std::map<std::string, int> reads;
    for (auto& s : module_.body) {
      visit_names(*s, [&](ast::Name& n) {
        if (factories.count(n.id)) ++reads[n.id];
      });
    }
    std::vector<FactoryCall> calls;
    auto collect = [&](ast::Block& block) {
      for (size_t i = 0; i < block.size(); ++i) {
        if (auto call = factory_call(*block[i], factories, results)) {
          call->block = &block;
          call->index = i;
          calls.push_back(*call);
        }
      }
    };
    for_each_calling_block(collect);
    std::map<std::string, int> call_count;
    for (const FactoryCall& c : calls) ++call_count[c.factory->name];
    std::set<std::string> inlined;
    for (const auto& [name, def] : factories) {
      // One never called makes no kernel (Numba compiles none): it goes too.
      if (call_count[name] == reads[name] && clonable(*def)) inlined.insert(name);
    }
    // Where each factory that stays a function is used otherwise, for the reports of the
    // parameters its kernels read.
    std::set<const ast::Expr*> call_statement_callees;
    for (const FactoryCall& c : calls) {
      call_statement_callees.insert(ast::as<ast::Call>(*ast::as<ast::Assign>(*(*c.block)[c.index]).value).func.get());
    }
    for (auto& s : module_.body) {
      visit_names(*s, [&](ast::Name& n) {
        if (factories.count(n.id) && !inlined.count(n.id) && !call_statement_callees.count(&n)) {
          module_.kernel_factory_uses.emplace(n.id, n.span);
        }
      });
    }
    if (inlined.empty()) return;
    fresh_.emplace(module_);

    // Copies made in source order (their names number in that order), put in place from the
    // last, so that the indices of earlier calls in a block hold.
    std::vector<size_t> in_source_order(calls.size());
    for (size_t i = 0; i < calls.size(); ++i) in_source_order[i] = i;
    auto line = [&](size_t i) { return (*calls[i].block)[calls[i].index]->span.line; };
    std::stable_sort(in_source_order.begin(), in_source_order.end(),
                     [&](size_t a, size_t b) { return line(a) < line(b); });
    std::vector<ast::Block> copies(calls.size());
    for (size_t i : in_source_order) {
      if (inlined.count(calls[i].factory->name)) copies[i] = expand(calls[i], results.at(calls[i].factory->name));
    }
    for (size_t i = calls.size(); i-- > 0;) {
      const FactoryCall* c = &calls[i];
      if (!inlined.count(c->factory->name)) continue;
      ast::Block& copy = copies[i];
      ast::Block& block = *c->block;
      block.erase(block.begin() + static_cast<long>(c->index));
      block.insert(block.begin() + static_cast<long>(c->index), std::make_move_iterator(copy.begin()),
                   std::make_move_iterator(copy.end()));
    }
    for (auto it = module_.body.begin(); it != module_.body.end();) {
      const bool factory = (*it)->kind == ast::StmtKind::FunctionDef &&
                           inlined.count(ast::as<ast::FunctionDef>(**it).name);
      it = factory ? module_.body.erase(it) : std::next(it);
    }
  }

 private:
  // The blocks whose statements may call a factory: the module's, `if __name__ == "__main__":`'s
  // and the top level of each plain function's body (not a factory's own).
  void for_each_calling_block(const std::function<void(ast::Block&)>& f) {
    f(module_.body);
    for (auto& s : module_.body) {
      if (is_main_guard(*s)) f(ast::as<ast::If>(*s).body);
      if (s->kind == ast::StmtKind::FunctionDef && !factories_.count(ast::as<ast::FunctionDef>(*s).name) &&
          ast::as<ast::FunctionDef>(*s).decorators.empty()) {
        f(ast::as<ast::FunctionDef>(*s).body);
      }
    }
  }

  static std::optional<FactoryCall> factory_call(ast::Stmt& s,
                                                 const std::map<std::string, const ast::FunctionDef*>& factories,
                                                 const std::map<std::string, std::vector<std::string>>& results) {
    if (s.kind != ast::StmtKind::Assign) return std::nullopt;
    auto& a = ast::as<ast::Assign>(s);
    if (a.targets.size() != 1 || a.value->kind != ast::ExprKind::Call) return std::nullopt;
    const auto& call = ast::as<ast::Call>(*a.value);
    if (call.func->kind != ast::ExprKind::Name || call.has_star_args) return std::nullopt;
    auto f = factories.find(ast::as<ast::Name>(*call.func).id);
    if (f == factories.end()) return std::nullopt;
    for (const auto& arg : call.args) {
      if (arg->kind == ast::ExprKind::Starred) return std::nullopt;
    }
    for (const auto& k : call.keywords) {
      if (k.name.empty()) return std::nullopt;  // **kwargs
    }
    std::vector<std::string> targets;
    const ast::Expr& t = *a.targets[0];
    if (t.kind == ast::ExprKind::Name) {
      targets.push_back(ast::as<ast::Name>(t).id);
    } else if (t.kind == ast::ExprKind::Tuple) {
      for (const auto& e : ast::as<ast::TupleExpr>(t).elts) {
        if (e->kind != ast::ExprKind::Name) return std::nullopt;
        targets.push_back(ast::as<ast::Name>(*e).id);
      }
    } else {
      return std::nullopt;
    }
    const bool one_result = results.at(f->first).size() == 1;
    if (one_result ? targets.size() != 1 || t.kind != ast::ExprKind::Name
                   : targets.size() != results.at(f->first).size()) {
      return std::nullopt;
    }
    if (!binds_parameters(*f->second, call)) return std::nullopt;
    return FactoryCall{nullptr, 0, f->second, std::move(targets)};
  }

  // Whether the call's arguments bind each parameter once (else Python's TypeError, reported
  // where the call stays a call).
  static bool binds_parameters(const ast::FunctionDef& def, const ast::Call& call) {
    size_t positional = 0;
    for (const auto& p : def.params) positional += p.kind == ast::Param::Kind::Normal;
    if (call.args.size() > positional) return false;
    for (size_t i = 0; i < def.params.size(); ++i) {
      const ast::Param& p = def.params[i];
      const bool by_position = p.kind == ast::Param::Kind::Normal && i < call.args.size();
      int by_name = 0;
      for (const auto& k : call.keywords) by_name += k.name == p.name;
      if (by_position + by_name > 1 || (by_position + by_name == 0 && !p.default_value)) return false;
    }
    for (const auto& k : call.keywords) {
      bool known = false;
      for (const auto& p : def.params) known |= p.name == k.name;
      if (!known) return false;
    }
    return true;
  }

  // The values a for loop runs over when the program spells them: a tuple or list display, a
  // module name bound once to one, or range() of non-negative integer literals; at most
  // kMaxUnrolled of them (copies), else none.
  static constexpr size_t kMaxUnrolled = 16;
  std::vector<ast::ExprPtr> literal_values(const ast::Expr& iter, int depth = 0) {
    std::vector<ast::ExprPtr> out;
    if (iter.kind == ast::ExprKind::Tuple || iter.kind == ast::ExprKind::List) {
      const auto& elts = iter.kind == ast::ExprKind::Tuple ? ast::as<ast::TupleExpr>(iter).elts
                                                           : ast::as<ast::ListExpr>(iter).elts;
      for (const auto& e : elts) {
        if (e->kind == ast::ExprKind::Starred) return {};
        out.push_back(ast::clone(e.get()));
      }
    } else if (iter.kind == ast::ExprKind::Name && depth == 0) {
      const ast::Assign* only = nullptr;
      int bindings = 0;
      for (const auto& st : module_.body) {
        std::set<std::string> bound;
        bound_names(*st, bound);
        if (!bound.count(ast::as<ast::Name>(iter).id)) continue;
        ++bindings;
        if (st->kind == ast::StmtKind::Assign && ast::as<ast::Assign>(*st).targets.size() == 1) only = &ast::as<ast::Assign>(*st);
      }
      if (bindings == 1 && only) return literal_values(*only->value, depth + 1);
    } else if (iter.kind == ast::ExprKind::Call) {
      const auto& call = ast::as<ast::Call>(iter);
      const bool is_range = call.func->kind == ast::ExprKind::Name && ast::as<ast::Name>(*call.func).id == "range";
      if (!is_range || call.args.empty() || call.args.size() > 3 || !call.keywords.empty()) return {};
      std::vector<uint64_t> a;
      for (const auto& e : call.args) {
        if (e->kind != ast::ExprKind::IntLit || ast::as<ast::IntLit>(*e).overflow) return {};
        a.push_back(ast::as<ast::IntLit>(*e).value);
      }
      const uint64_t start = a.size() > 1 ? a[0] : 0, stop = a.size() > 1 ? a[1] : a[0], step = a.size() > 2 ? a[2] : 1;
      if (step == 0) return {};
      for (uint64_t v = start; v < stop && out.size() <= kMaxUnrolled; v += step) {
        out.push_back(ast::int_literal(v, iter.span));
      }
    }
    if (out.size() > kMaxUnrolled) out.clear();
    return out;
  }

  // `for v in (a, b): body` as `v = a` then the body, `v = b` then the body; empty when the loop
  // is not that simple (no break, continue or else; values the program spells).
  ast::Block unrolled(const ast::For& loop) {
    if (!loop.orelse.empty()) return {};
    bool leaves = false;
    for (const auto& st : loop.body) leaves = leaves || leaves_enclosing_loop(*st);
    std::vector<ast::ExprPtr> values = literal_values(*loop.iter);
    if (leaves || values.empty()) return {};
    ast::Block out;
    for (ast::ExprPtr& v : values) {
      // The iteration's values by name, written into the arguments of its factory calls (a
      // shared array's size must be a constant; the loop variable, bound several times, is not).
      std::map<std::string, const ast::Expr*> known;
      const size_t first = out.size();
      // `for name, n in [("a", 1), ...]`: one plain assignment a name, which a kernel can freeze.
      const bool pairs = loop.target->kind == ast::ExprKind::Tuple && v->kind == ast::ExprKind::Tuple &&
                         ast::as<ast::TupleExpr>(*loop.target).elts.size() == ast::as<ast::TupleExpr>(*v).elts.size();
      if (pairs) {
        auto& names = ast::as<ast::TupleExpr>(*loop.target).elts;
        auto& items = ast::as<ast::TupleExpr>(*v).elts;
        for (size_t k = 0; k < names.size(); ++k) {
          auto bind = std::make_unique<ast::Assign>(loop.span);
          bind->targets.push_back(ast::clone(names[k].get()));
          bind->value = std::move(items[k]);
          out.push_back(std::move(bind));
        }
      } else {
        auto bind = std::make_unique<ast::Assign>(loop.span);
        bind->targets.push_back(ast::clone(loop.target.get()));
        bind->value = std::move(v);
        out.push_back(std::move(bind));
      }
      for (size_t k = first; k < out.size(); ++k) {
        const auto& bind = ast::as<ast::Assign>(*out[k]);
        if (bind.targets[0]->kind == ast::ExprKind::Name) known[ast::as<ast::Name>(*bind.targets[0]).id] = bind.value.get();
      }
      for (const auto& st : loop.body) {
        ast::StmtPtr copy = ast::clone(st.get());
        if (!copy) return {};
        if (factory_call(*copy, factories_, results_)) {
          for (auto& arg : ast::as<ast::Call>(*ast::as<ast::Assign>(*copy).value).args) substitute(arg, known);
          for (auto& kw : ast::as<ast::Call>(*ast::as<ast::Assign>(*copy).value).keywords) substitute(kw.value, known);
        }
        std::set<std::string> rebound;
        bound_names(*copy, rebound);
        for (const std::string& name : rebound) known.erase(name);
        out.push_back(std::move(copy));
      }
    }
    return out;
  }

  // The names of `known` in `slot` replaced by copies of their values.
  static void substitute(ast::ExprPtr& slot, const std::map<std::string, const ast::Expr*>& known) {
    visit_expr_slots(slot, [&](ast::ExprPtr& e) {
      if (e->kind != ast::ExprKind::Name) return;
      auto it = known.find(ast::as<ast::Name>(*e).id);
      if (it != known.end()) e = ast::clone(it->second);
    });
  }

  static bool clonable(const ast::FunctionDef& def) {
    for (const auto& s : def.body) {
      if (!ast::clone(s.get())) return false;
    }
    return true;
  }

  // The statements that replace call `c`: its arguments bound to the renamed parameters, then the
  // factory's body renamed, the returned definitions named as the call's targets.
  ast::Block expand(const FactoryCall& c, const std::vector<std::string>& returned) {
    const ast::FunctionDef& def = *c.factory;
    auto& call_stmt = ast::as<ast::Assign>(*(*c.block)[c.index]);
    auto& call = ast::as<ast::Call>(*call_stmt.value);
    // The factory's variables: parameters and the names its body binds, but not its imports
    // (a module's one meaning).
    std::set<std::string> variables;
    for (const auto& p : def.params) variables.insert(p.name);
    for (const auto& s : def.body) {
      if (s->kind == ast::StmtKind::Import || s->kind == ast::StmtKind::ImportFrom) continue;
      bound_names(*s, variables);
    }
    std::map<std::string, std::string> renames;
    for (size_t i = 0; i < returned.size(); ++i) renames[returned[i]] = c.targets[i];
    for (const std::string& v : variables) {
      if (!renames.count(v)) renames[v] = (*fresh_)(def.name + "_" + v);
    }
    ast::Block out;
    for (size_t i = 0; i < def.params.size(); ++i) {
      const ast::Param& p = def.params[i];
      ast::ExprPtr value;
      if (p.kind == ast::Param::Kind::Normal && i < call.args.size()) value = std::move(call.args[i]);
      for (auto& k : call.keywords) {
        if (k.name == p.name) value = std::move(k.value);
      }
      Span span = value ? value->span : p.span;
      if (!value) value = ast::clone(p.default_value.get());
      auto assign = std::make_unique<ast::Assign>(call_stmt.span);
      assign->targets.push_back(std::make_unique<ast::Name>(span, renames.at(p.name)));
      assign->value = std::move(value);
      out.push_back(std::move(assign));
    }
    for (size_t i = 0; i + 1 < def.body.size(); ++i) {
      ast::StmtPtr s = ast::clone(def.body[i].get());
      rename(*s, renames);
      out.push_back(std::move(s));
    }
    return out;
  }

  // Renames the factory's variables in statement `s` of its body; a nested definition's own
  // parameters and locals keep their names inside it.
  static void rename(ast::Stmt& s, const std::map<std::string, std::string>& renames) {
    auto apply = [](const std::map<std::string, std::string>& r) {
      return [&r](ast::Name& n) {
        auto it = r.find(n.id);
        if (it != r.end()) n.id = it->second;
      };
    };
    if (s.kind != ast::StmtKind::FunctionDef) {
      visit_names(s, apply(renames));
      return;
    }
    auto& def = ast::as<ast::FunctionDef>(s);
    auto it = renames.find(def.name);
    if (it != renames.end()) def.name = it->second;
    for (auto& d : def.decorators) visit_names(d.get(), apply(renames));
    for (auto& p : def.params) {
      visit_names(p.annotation.get(), apply(renames));
      visit_names(p.default_value.get(), apply(renames));
    }
    visit_names(def.returns.get(), apply(renames));
    std::map<std::string, std::string> inside = renames;
    for (const std::string& own : locals_of(def)) inside.erase(own);
    visit_names(def.body, apply(inside));
  }

  ast::Module& module_;
  std::map<std::string, const ast::FunctionDef*> factories_;     // by name
  std::map<std::string, std::vector<std::string>> results_;      // factory -> the definitions it returns
  std::optional<FreshNames> fresh_;  // made when a factory is copied
};

}  // namespace

void inline_kernel_factories(ast::Module& module) { FactoryInliner(module).run(); }

}  // namespace py2cuda::sema
