// FunctionBuilder, host code: Python's random module (runtime host/python_random.h), the
// module functions on its hidden Random instance, with CPython 3.11's parameters and defaults.
// Sequences are lists and tuples, ranges and 1-D host arrays; shuffle() takes a list or a
// 1-D array, which it changes in place.
#include <string>
#include <vector>

#include "builtins/host_table.h"
#include "infer/builtin_typing.h"
#include "infer/function_builder.h"
#include "infer/host_nodes.h"
#include "infer/host_row_args.h"
#include "infer/ir_literals.h"

namespace py2cuda::infer {

namespace {

bool is_sequence_value(TypeRef t) {
  return t->is_list() || t->kind() == TypeKind::Range ||
         (t->is_array() && !t->is_device_array() && t->ndim() == 1);
}

TypeRef item_type(TypeRef t) {
  return t->kind() == TypeKind::Range ? types::int64() : t->dtype();  // an array's or a list's element type
}

}  // namespace

// A sequence argument as the runtime takes it: a list, a range or a 1-D host array as it is;
// a tuple's or other iterable's items as a list (`random.choice(("a", "b"))`).
ir::ExprPtr FunctionBuilder::random_population(const ast::Expr& e, const std::string& what) {
  auto v = expr(e);
  if (!v) return nullptr;
  if (is_sequence_value(v->type) && !v->type->is_untyped_list()) return v;
  if (v->type->is_array()) {
    return fail(e.span, what + "() of " + v->type->str() + " is not supported by py2cuda (a list, a tuple, a range or a "
                               "1-D host array is)");
  }
  TypeRef item = nullptr;
  auto items = comprehension_items(e, item);
  if (!items) return nullptr;
  return call_node(types::list(item), "py2cuda::host::to_list<{t0}>({0})", e.span, args_of(std::move(items)), {item});
}

ir::ExprPtr FunctionBuilder::host_python_random(HostRowArgs& bound) {
  const ast::Call& c = bound.call;
  const std::string& what = bound.what;
  const std::string& rt = bound.rt;
  std::vector<const ast::Expr*>& a = bound.a;
  const std::string name(bound.row.path.substr(bound.row.path.rfind('.') + 1));
  const TypeRef f64 = types::float64(), i64 = types::int64();

  // Argument k as an int64 (Python's ints and bools), or as a float64 (any real number).
  auto integer = [&](size_t k) -> ir::ExprPtr {
    auto v = bound.value(k);
    if (!v) return nullptr;
    if (!v->type->is_int() && !v->type->is_bool()) {
      return fail(a[k]->span, "'" + v->type->str() + "' object cannot be interpreted as an integer (" + what + "())");
    }
    return convert(std::move(v), i64);
  };
  auto real = [&](size_t k) -> ir::ExprPtr {
    auto v = bound.value(k);
    if (!v) return nullptr;
    if (!v->type->is_number()) return fail(a[k]->span, what + "() needs a real number, not " + v->type->str());
    return convert(std::move(v), f64);
  };
  auto float_or = [&](size_t k, double fallback) -> ir::ExprPtr {
    if (!is_none(a[k])) return real(k);
    auto d = std::make_unique<ir::Const>(f64, c.span);
    d->f = fallback;
    return d;
  };
  auto call_with = [&](TypeRef result, std::vector<ir::ExprPtr> args, std::vector<TypeRef> types = {}) {
    const size_t n = args.size();
    return call_node(result, rt + "(" + placeholders(0, n) + ")", c.span, std::move(args), std::move(types));
  };

  if (name == "seed") {
    if (!bound.bind({"a"})) return nullptr;
    if (is_none(a[0])) return call_with(types::none(), {});
    auto s = bound.value(0);
    if (!s) return nullptr;
    if (!s->type->is_int() && !s->type->is_bool()) {
      return fail(a[0]->span, what + "() of a " + s->type->str() + " is not supported by py2cuda (an int seed is; "
                                     "CPython seeds from a float's hash and a str's bytes)");
    }
    return call_with(types::none(), args_of(convert(std::move(s), i64)));
  }
  if (name == "random") {
    if (!bound.bind({})) return nullptr;
    return call_with(f64, {});
  }
  if (name == "getrandbits") {
    if (!bound.bind({"k"}) || !bound.need(0, "k")) return nullptr;
    auto k = integer(0);
    if (!k) return nullptr;
    return call_with(i64, args_of(std::move(k)));
  }
  if (name == "randint" || name == "uniform") {
    // randint(a, b) of ints, uniform(a, b) of real numbers.
    if (!bound.bind({"a", "b"}) || !bound.need(0, "a") || !bound.need(1, "b")) return nullptr;
    const bool ints = name == "randint";
    auto lo = ints ? integer(0) : real(0);
    if (!lo) return nullptr;
    auto hi = ints ? integer(1) : real(1);
    if (!hi) return nullptr;
    return call_with(ints ? i64 : f64, args_of(std::move(lo), std::move(hi)));
  }
  if (name == "randrange") {
    if (!bound.bind({"start", "stop", "step"}) || !bound.need(0, "start")) return nullptr;
    if (is_none(a[1]) && !is_none(a[2])) return fail(c.span, "Missing a non-None stop argument (TypeError)");
    std::vector<ir::ExprPtr> args;
    for (size_t k = 0; k < 3; ++k) {
      if (is_none(a[k])) continue;
      auto v = integer(k);
      if (!v) return nullptr;
      args.push_back(std::move(v));
    }
    return call_with(i64, std::move(args));
  }
  if (name == "gauss" || name == "normalvariate") {
    if (!bound.bind({"mu", "sigma"})) return nullptr;
    auto mu = float_or(0, 0.0);
    if (!mu) return nullptr;
    auto sigma = float_or(1, 1.0);
    if (!sigma) return nullptr;
    return call_with(f64, args_of(std::move(mu), std::move(sigma)));
  }
  if (name == "expovariate") {
    if (!bound.bind({"lambd"}) || !bound.need(0, "lambd")) return nullptr;
    auto lambd = real(0);
    if (!lambd) return nullptr;
    return call_with(f64, args_of(std::move(lambd)));
  }
  if (name == "choice") {
    if (!bound.bind({"seq"}) || !bound.need(0, "seq")) return nullptr;
    auto seq = random_population(*a[0], what);
    if (!seq) return nullptr;
    TypeRef item = item_type(seq->type);
    return call_with(item, args_of(std::move(seq)));
  }
  if (name == "shuffle") {
    if (!bound.bind({"x"}) || !bound.need(0, "x")) return nullptr;
    auto x = bound.value(0);
    if (!x) return nullptr;
    if (!(x->type->is_list() && !x->type->is_sized_tuple()) &&
        !(x->type->is_array() && !x->type->is_device_array() && x->type->ndim() == 1)) {
      return fail(a[0]->span, what + "() of " + x->type->str() + " is not supported by py2cuda (a list or a 1-D host "
                                     "array, changed in place, is)");
    }
    return call_with(types::none(), args_of(std::move(x)));
  }
  if (name == "sample") {
    if (!bound.bind({"population", "k"}) || !bound.need(0, "population") || !bound.need(1, "k")) return nullptr;
    auto population = random_population(*a[0], what);
    if (!population) return nullptr;
    if (population->type->is_array()) {
      return fail(a[0]->span, "Population must be a sequence.  For dicts or sets, use sorted(d). (TypeError: " + what +
                                  "() of a NumPy array)");
    }
    auto k = integer(1);
    if (!k) return nullptr;
    TypeRef item = item_type(population->type);
    return call_with(types::list(item), args_of(std::move(population), std::move(k)));
  }
  if (name == "choices") {
    if (!bound.bind({"population", "weights", "k"}) || !bound.need(0, "population")) return nullptr;
    if (c.args.size() > 2) return fail(c.args[2]->span, what + "() takes k as a keyword (k=...)");
    auto population = random_population(*a[0], what);
    if (!population) return nullptr;
    TypeRef item = item_type(population->type);
    std::vector<ir::ExprPtr> args;
    args.push_back(std::move(population));
    if (!is_none(a[1])) {
      auto weights = random_population(*a[1], what);
      if (!weights) return nullptr;
      if (!item_type(weights->type)->is_number()) return fail(a[1]->span, what + "() needs numbers as weights");
      args.push_back(std::move(weights));
    }
    if (is_none(a[2])) {
      args.push_back(int64_literal(1, c.span));
    } else {
      auto k = integer(2);
      if (!k) return nullptr;
      args.push_back(std::move(k));
    }
    return call_with(types::list(item), std::move(args));
  }
  return fail(c.span, what + "() is not supported by py2cuda");
}

}  // namespace py2cuda::infer
