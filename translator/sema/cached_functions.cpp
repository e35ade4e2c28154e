// `@functools.lru_cache(maxsize=None)` and `@functools.cache` on a module-level host function (a
// launch-configuration helper, a table built once): Python runs the body once per distinct
// arguments, so its prints and counters run once, which running the function undecorated would
// not reproduce. The decorated body keeps its statements under `f_uncached`, and `f` becomes
// the cache in front of it, written in the Python host code already translates:
//
//     f_cache = {}                       # after the definitions, at module level
//     def f(n, tpb):
//         key = (n, tpb)                 # the one argument itself when there is one
//         if key in f_cache:
//             value = f_cache.pop(key)   # bounded caches only: the key becomes the most recent
//             f_cache[key] = value
//             return f_cache[key]
//         value = f_uncached(n, tpb)
//         f_cache[key] = value
//         if len(f_cache) > MAXSIZE:      # bounded caches only: the least recent key goes
//             del f_cache[list(f_cache)[0]]
//         return value
//
// lru_cache's default maxsize is 128, as Python's; maxsize=0 caches nothing (the decorator goes,
// the function stays). Arguments are the cache's keys, so unhashable ones (arrays, lists) are a
// TypeError in Python and an error here when the key's type is not a dict key's. One difference
// is left: Python keys `f(10, 8)`, `f(10)` (tpb's default 8) and `f(n=10, tpb=8)` apart, where
// here the three are one key, so the body may run fewer times than in Python. Decorated
// functions inside classes or functions, typed=True, and cache_info()/cache_clear() are left
// as they are, for host code to report.
#include <map>
#include <optional>
#include <string>

#include "frontend/ast_clone.h"
#include "sema/ast_names.h"
#include "sema/module_info.h"

namespace py2cuda::sema {

namespace {

class CacheInliner {
 public:
  explicit CacheInliner(ast::Module& module) : module_(module), fresh_(module) {
    for (const auto& s : module_.body) {
      for (const auto& [name, path] : import_paths(*s)) imports_[name] = path;
    }
  }

  void run() {
    ast::Block caches;
    for (size_t i = 0; i < module_.body.size(); ++i) {
      if (module_.body[i]->kind != ast::StmtKind::FunctionDef) continue;
      auto& def = ast::as<ast::FunctionDef>(*module_.body[i]);
      auto bound = cache_bound(def);
      if (!bound) continue;
      def.decorators.erase(def.decorators.begin());
      if (*bound == 0) continue;  // maxsize=0: every call runs the body
      // `f` is the cache; the decorated body runs as `f_uncached`.
      const std::string name = def.name;
      const std::string uncached = fresh_(name + "_uncached");
      const std::string cache = fresh_(name + "_cache");
      auto front = cache_function(def, uncached, cache, *bound);
      def.name = uncached;
      module_.body.insert(module_.body.begin() + static_cast<long>(i) + 1, std::move(front));
      auto init = std::make_unique<ast::Assign>(def.span);
      init->targets.push_back(std::make_unique<ast::Name>(def.name_span, cache));
      init->value = std::make_unique<ast::DictExpr>(def.span);
      caches.push_back(std::move(init));
      ++i;
    }
    if (caches.empty()) return;
    // The caches are made before any statement that may call their functions: after the
    // imports and definitions that open the module.
    size_t at = 0;
    while (at < module_.body.size() && (module_.body[at]->kind == ast::StmtKind::FunctionDef ||
                                        module_.body[at]->kind == ast::StmtKind::Import ||
                                        module_.body[at]->kind == ast::StmtKind::ImportFrom)) {
      ++at;
    }
    for (auto& c : caches) module_.body.insert(module_.body.begin() + static_cast<long>(at++), std::move(c));
  }

 private:
  // The bound of the cache `def`'s outermost decorator makes: std::nullopt when it is no
  // functools cache py2cuda writes, -1 for an unbounded one, else its maxsize.
  std::optional<long> cache_bound(const ast::FunctionDef& def) const {
    if (def.decorators.empty()) return std::nullopt;
    const ast::Expr& d = *def.decorators.front();
    const ast::Expr& callee = d.kind == ast::ExprKind::Call ? *ast::as<ast::Call>(d).func : d;
    const std::string path = imported_path(callee, imports_);
    if (path == "functools.cache") return d.kind == ast::ExprKind::Call ? std::nullopt : std::optional<long>(-1);
    if (path != "functools.lru_cache") return std::nullopt;
    for (const auto& p : def.params) {
      if (p.kind != ast::Param::Kind::Normal) return std::nullopt;  // *args, **kwargs: keys of their own
    }
    if (d.kind != ast::ExprKind::Call) return 128;  // @lru_cache: Python's default bound
    const auto& call = ast::as<ast::Call>(d);
    if (call.has_star_args || call.args.size() + call.keywords.size() > 1) return std::nullopt;
    const ast::Expr* maxsize = nullptr;
    if (!call.args.empty()) maxsize = call.args[0].get();
    if (!call.keywords.empty()) {
      if (call.keywords[0].name != "maxsize") return std::nullopt;  // typed=: left for host code to report
      maxsize = call.keywords[0].value.get();
    }
    if (!maxsize) return 128;
    if (maxsize->kind == ast::ExprKind::NoneLit) return -1;
    if (maxsize->kind == ast::ExprKind::IntLit && !ast::as<ast::IntLit>(*maxsize).overflow) {
      return static_cast<long>(ast::as<ast::IntLit>(*maxsize).value);
    }
    return std::nullopt;
  }

  ast::StmtPtr cache_function(const ast::FunctionDef& def, const std::string& uncached, const std::string& cache,
                              long bound) {
    const Span at = def.span;
    auto name = [&](const std::string& id) { return std::make_unique<ast::Name>(at, id); };
    auto subscript = [&](const std::string& container, const std::string& index) {
      return std::make_unique<ast::Subscript>(at, name(container), name(index));
    };
    auto assign = [&](ast::ExprPtr target, ast::ExprPtr value) {
      auto a = std::make_unique<ast::Assign>(at);
      a->targets.push_back(std::move(target));
      a->value = std::move(value);
      return a;
    };
    auto ret = [&](ast::ExprPtr value) {
      auto r = std::make_unique<ast::Return>(at);
      r->value = std::move(value);
      return r;
    };
    auto call = [&](ast::ExprPtr func, std::vector<ast::ExprPtr> args) {
      auto c = std::make_unique<ast::Call>(at, std::move(func));
      c->args = std::move(args);
      return c;
    };
    const std::string key = fresh_("key"), value = fresh_("value");

    auto front = std::make_unique<ast::FunctionDef>(def.span);
    front->name = def.name;
    front->name_span = def.name_span;
    front->params = ast::clone(def.params);
    front->returns = ast::clone(def.returns.get());
    // key = the arguments (a tuple of them, the one argument, or 0 for none)
    ast::ExprPtr key_value;
    if (def.params.size() == 1) {
      key_value = name(def.params[0].name);
    } else if (def.params.empty()) {
      key_value = ast::int_literal(0, at);
    } else {
      auto t = std::make_unique<ast::TupleExpr>(at);
      for (const auto& p : def.params) t->elts.push_back(name(p.name));
      key_value = std::move(t);
    }
    front->body.push_back(assign(name(key), std::move(key_value)));
    // if key in cache: [value = cache.pop(key); cache[key] = value]; return cache[key]
    auto hit = std::make_unique<ast::If>(at);
    auto test = std::make_unique<ast::Compare>(at, name(key));
    test->ops.push_back(CmpOp::In);
    test->comparators.push_back(name(cache));
    hit->test = std::move(test);
    if (bound > 0) {
      std::vector<ast::ExprPtr> pop_args;
      pop_args.push_back(name(key));
      hit->body.push_back(
          assign(name(value), call(std::make_unique<ast::Attribute>(at, name(cache), "pop", at), std::move(pop_args))));
      hit->body.push_back(assign(subscript(cache, key), name(value)));
    }
    hit->body.push_back(ret(subscript(cache, key)));
    front->body.push_back(std::move(hit));
    // value = f_uncached(args); cache[key] = value
    std::vector<ast::ExprPtr> args;
    for (const auto& p : def.params) args.push_back(name(p.name));
    front->body.push_back(assign(name(value), call(name(uncached), std::move(args))));
    front->body.push_back(assign(subscript(cache, key), name(value)));
    if (bound > 0) {
      // if len(cache) > bound: del cache[list(cache)[0]]
      auto full = std::make_unique<ast::If>(at);
      std::vector<ast::ExprPtr> len_args;
      len_args.push_back(name(cache));
      auto over = std::make_unique<ast::Compare>(at, call(name("len"), std::move(len_args)));
      over->ops.push_back(CmpOp::Gt);
      over->comparators.push_back(ast::int_literal(static_cast<uint64_t>(bound), at));
      full->test = std::move(over);
      std::vector<ast::ExprPtr> list_args;
      list_args.push_back(name(cache));
      auto oldest = std::make_unique<ast::Subscript>(at, call(name("list"), std::move(list_args)), ast::int_literal(0, at));
      auto del = std::make_unique<ast::Delete>(at);
      del->targets.push_back(std::make_unique<ast::Subscript>(at, name(cache), std::move(oldest)));
      full->body.push_back(std::move(del));
      front->body.push_back(std::move(full));
    }
    front->body.push_back(ret(name(value)));
    return front;
  }

  ast::Module& module_;
  FreshNames fresh_;
  std::map<std::string, std::string> imports_;
};

}  // namespace

void inline_cached_functions(ast::Module& module) { CacheInliner(module).run(); }

}  // namespace py2cuda::sema
