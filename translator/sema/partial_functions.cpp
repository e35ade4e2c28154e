// `run16 = functools.partial(run, tpb=16)`: a name for a function with some of its arguments
// given, as course scripts make launch helpers of one block size. Each call `run16(k, x)` becomes
// the call it stands for, `run(k, x, tpb=16)`: the partial's positional arguments before the
// call's, its keywords merged under the call's (a keyword the call gives again wins, as
// functools.partial merges them). Python evaluates the partial's arguments once, where it is
// made; the rewrite copies them into each call, so it applies only where that is the same:
// arguments that are literals or names bound once in the module, a partial name bound once and
// only ever called. Anything else is left as it is, for host code to report.
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "frontend/ast_clone.h"
#include "sema/ast_names.h"
#include "sema/module_info.h"

namespace py2cuda::sema {

namespace {

class PartialInliner {
 public:
  explicit PartialInliner(ast::Module& module) : module_(module) {
    for (const auto& s : module_.body) {
      for (const auto& [name, path] : import_paths(*s)) imports_[name] = path;
    }
  }

  void run() {
    count_bindings(module_.body);
    std::map<std::string, const ast::Call*> partials;  // the name -> its functools.partial(...) call
    find_partials(module_.body, partials);
    if (partials.empty()) return;
    // A partial name read other than as a call's callee (passed on, printed) keeps its
    // statement: host code reports it.
    std::map<std::string, int> reads, calls;
    visit_exprs(module_.body, [&](ast::Expr& e) {
      if (e.kind == ast::ExprKind::Name) ++reads[ast::as<ast::Name>(e).id];
      if (e.kind == ast::ExprKind::Call && ast::as<ast::Call>(e).func->kind == ast::ExprKind::Name) {
        ++calls[ast::as<ast::Name>(*ast::as<ast::Call>(e).func).id];
      }
    });
    for (auto it = partials.begin(); it != partials.end();) {
      // The assignment's target is one read of the name's Name nodes.
      it = reads[it->first] == calls[it->first] + 1 ? std::next(it) : partials.erase(it);
    }
    if (partials.empty()) return;
    visit_expr_slots(module_.body, [&](ast::ExprPtr& slot) {
      if (slot->kind != ast::ExprKind::Call) return;
      auto& call = ast::as<ast::Call>(*slot);
      if (call.func->kind != ast::ExprKind::Name) return;
      auto it = partials.find(ast::as<ast::Name>(*call.func).id);
      if (it != partials.end()) expand(call, *it->second);
    });
    remove_assignments(module_.body, partials);
  }

 private:
  void count_bindings(ast::Block& block) {
    for (auto& s : block) {
      std::set<std::string> bound;
      bound_names(*s, bound, false);
      for (const std::string& n : bound) ++bindings_[n];
      if (s->kind == ast::StmtKind::FunctionDef) {
        auto& def = ast::as<ast::FunctionDef>(*s);
        for (const auto& p : def.params) ++bindings_[p.name];
        count_bindings(def.body);
      }
      for (ast::Block* inner : nested_blocks(*s)) count_bindings(*inner);
    }
  }

  // An argument whose value is the same wherever it is read: a literal, a negated one, a tuple
  // of them, or a name bound once in the module.
  bool stable(const ast::Expr& e) const {
    return constant_syntax(e, [&](const std::string& id) {
      auto it = bindings_.find(id);
      return it == bindings_.end() || it->second <= 1;
    });
  }

  // `name = functools.partial(f, args..., keywords...)`, name bound once, f a name.
  void find_partials(ast::Block& block, std::map<std::string, const ast::Call*>& out) {
    for (auto& s : block) {
      if (s->kind == ast::StmtKind::FunctionDef) find_partials(ast::as<ast::FunctionDef>(*s).body, out);
      for (ast::Block* inner : nested_blocks(*s)) find_partials(*inner, out);
      if (s->kind != ast::StmtKind::Assign) continue;
      const auto& a = ast::as<ast::Assign>(*s);
      if (a.targets.size() != 1 || a.targets[0]->kind != ast::ExprKind::Name || a.value->kind != ast::ExprKind::Call) continue;
      const auto& call = ast::as<ast::Call>(*a.value);
      if (imported_path(*call.func, imports_) != "functools.partial" || call.has_star_args || call.args.empty()) continue;
      if (call.args[0]->kind != ast::ExprKind::Name) continue;
      const std::string& name = ast::as<ast::Name>(*a.targets[0]).id;
      if (bindings_[name] != 1) continue;
      bool all_stable = true;
      for (size_t i = 1; i < call.args.size(); ++i) all_stable &= stable(*call.args[i]);
      for (const auto& k : call.keywords) all_stable &= !k.name.empty() && stable(*k.value);
      if (all_stable) out[name] = &call;
    }
  }

  static void expand(ast::Call& call, const ast::Call& partial) {
    call.func = ast::clone(partial.args[0].get());
    std::vector<ast::ExprPtr> args;
    for (size_t i = 1; i < partial.args.size(); ++i) args.push_back(ast::clone(partial.args[i].get()));
    for (auto& a : call.args) args.push_back(std::move(a));
    call.args = std::move(args);
    std::vector<ast::Keyword> keywords;
    for (const auto& k : partial.keywords) {
      bool given_again = false;
      for (const auto& mine : call.keywords) given_again |= mine.name == k.name;
      if (!given_again) keywords.push_back(ast::Keyword{k.name, ast::clone(k.value.get()), k.span});
    }
    for (auto& k : call.keywords) keywords.push_back(std::move(k));
    call.keywords = std::move(keywords);
  }

  // Each partial's assignment becomes `pass` (its block may hold nothing else).
  static void remove_assignments(ast::Block& block, const std::map<std::string, const ast::Call*>& partials) {
    for (auto& s : block) {
      if (s->kind == ast::StmtKind::FunctionDef) remove_assignments(ast::as<ast::FunctionDef>(*s).body, partials);
      for (ast::Block* inner : nested_blocks(*s)) remove_assignments(*inner, partials);
      const bool spent = s->kind == ast::StmtKind::Assign && ast::as<ast::Assign>(*s).targets.size() == 1 &&
                         ast::as<ast::Assign>(*s).targets[0]->kind == ast::ExprKind::Name &&
                         partials.count(ast::as<ast::Name>(*ast::as<ast::Assign>(*s).targets[0]).id);
      if (spent) s = std::make_unique<ast::Pass>(s->span);
    }
  }

  ast::Module& module_;
  std::map<std::string, std::string> imports_;
  std::map<std::string, int> bindings_;  // how many times each name is bound, all scopes together
};

}  // namespace

void inline_partial_functions(ast::Module& module) { PartialInliner(module).run(); }

}  // namespace py2cuda::sema
