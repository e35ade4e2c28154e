// FunctionBuilder, host code: NumPy's random numbers, the legacy np.random functions and
// RandomState, and Generator (np.random.default_rng): seeds, draws of each distribution with
// NumPy's parameter names and defaults, choice and permutations (runtime host/random_state.h,
// pcg64.h, mt19937.h).
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "builtins/host_table.h"
#include "frontend/ast_clone.h"
#include "infer/builtin_typing.h"
#include "infer/function_builder.h"
#include "infer/host_nodes.h"
#include "infer/host_row_args.h"
#include "infer/ir_literals.h"

namespace py2cuda::infer {

using builtins::HostRule;

ir::ExprPtr FunctionBuilder::host_random(HostRowArgs& bound, ir::ExprPtr self) {
  const ast::Call& c = bound.call;
  const builtins::HostBuiltin& row = bound.row;
  const std::string& what = bound.what;
  const std::string& rt = bound.rt;
  std::vector<const ast::Expr*>& a = bound.a;
  switch (row.rule) {
    case HostRule::RandomSeed: {
      if (!bound.bind({"seed"})) return nullptr;
      if (is_none(a[0])) {
        if (self) return call_node(types::none(), rt + "({0})", c.span, args_of(std::move(self)));
        return call_node(types::none(), rt + "()", c.span, {});
      }
      auto s = bound.value(0);
      if (!s) return nullptr;
      if (!s->type->is_int()) return fail(a[0]->span, what + "() needs an integer seed");
      std::vector<ir::ExprPtr> args;
      if (self) args.push_back(std::move(self));  // RandomState.seed
      args.push_back(convert(std::move(s), types::int64()));
      return call_node(types::none(), rt + "(" + placeholders(0, args.size()) + ")", c.span, std::move(args));
    }
    case HostRule::RandomDraw:
    case HostRule::GeneratorDraw: {
      // The distribution's parameters, then the output shape (size=, or rand(d0, d1, ...)).
      const std::string name = std::string(row.path.substr(row.path.rfind('.') + 1));
      const bool dims_as_args = name == "rand" || name == "randn";
      std::vector<std::string> params;
      std::vector<double> defaults;
      if (name == "uniform") params = {"low", "high"}, defaults = {0.0, 1.0};
      if (name == "normal") params = {"loc", "scale"}, defaults = {0.0, 1.0};
      if (name == "exponential") params = {"scale"}, defaults = {1.0};
      if (name == "randint" || name == "integers") params = {"low", "high"}, defaults = {0.0, NAN};
      std::vector<std::string> names = params;
      if (!dims_as_args) names.push_back("size");
      if (name == "randint" || name == "integers") names.push_back("dtype");
      // Generator.random(size=None, dtype=np.float64): float32 has a draw of its own.
      const bool random_dtype = row.path == "Generator.random";
      if (random_dtype) names.push_back("dtype");
      // Generator.integers(low, high=None, size=None, dtype=np.int64, endpoint=False)
      const bool integers_endpoint = row.path == "Generator.integers";
      if (integers_endpoint) names.push_back("endpoint");
      ir::ExprPtr shape;
      int ndim = 0;
      if (dims_as_args) {
        if (!c.keywords.empty()) return fail(c.keywords[0].span, what + "() takes the dimensions as positional arguments");
        if (!c.args.empty()) {
          std::vector<ir::ExprPtr> dims;
          for (const auto& d : c.args) {
            auto v = expr(*d);
            if (!v) return nullptr;
            if (!v->type->is_int()) return fail(d->span, what + "() dimensions must be integers");
            dims.push_back(convert(std::move(v), types::int64()));
          }
          ndim = static_cast<int>(dims.size());
          shape = call_node(types::tuple(std::vector<TypeRef>(dims.size(), types::int64())),
                            "py2cuda::host::shape(" + placeholders(0, dims.size()) + ")", c.span, std::move(dims));
        }
        a.clear();
      } else {
        if (!bound.bind(names)) return nullptr;
        const ast::Expr* size = a[params.size()];
        if (!is_none(size)) {
          shape = shape_value(*size, ndim);
          if (!shape) return nullptr;
        }
      }
      if (name == "normal" && !dims_as_args && c.func->kind == ast::ExprKind::Attribute) {
        // normal(loc, scale) of an array loc or scale: NumPy draws loc + scale * z for each element
        // of their broadcast shape (or of size=), in C order, z the standard normal draws; the same
        // arithmetic on rng.standard_normal(shape) gives its values bit for bit.
        bool array_param = false;
        for (size_t k = 0; k < 2; ++k) {
          if (is_none(a[k])) continue;
          auto v = expr(*a[k]);
          if (!v) return nullptr;
          array_param = array_param || v->type->is_array();
        }
        if (array_param) return normal_of_arrays(c, a[0], a[1], is_none(a[2]) ? nullptr : a[2]);
      }
      std::vector<ir::ExprPtr> args;
      if (self) args.push_back(std::move(self));
      const size_t first = args.size();
      for (size_t k = 0; k < params.size(); ++k) {
        if (!is_none(a[k])) {
          auto v = bound.value(k);
          if (!v) return nullptr;
          if (!v->type->is_number()) return fail(a[k]->span, what + "() parameters must be numbers");
          args.push_back(convert(std::move(v), name == "randint" || name == "integers" ? types::int64() : types::float64()));
        } else if (!std::isnan(defaults[k])) {
          auto d = std::make_unique<ir::Const>(name == "randint" || name == "integers" ? types::int64() : types::float64(), c.span);
          if (d->type->is_float()) d->f = defaults[k];
          else d->bits = static_cast<uint64_t>(static_cast<int64_t>(defaults[k]));
          args.push_back(std::move(d));
        } else if (k == 1 && (name == "randint" || name == "integers")) {
          // randint(high): the range [0, high).
          auto zero = int64_literal(0, c.span);
          args.insert(args.begin() + static_cast<std::ptrdiff_t>(first), std::move(zero));
        } else {
          return fail(c.span, what + "() missing required argument '" + params[k] + "'");
        }
      }
      TypeRef dt = name == "randint" || name == "integers" ? types::int64() : types::float64();
      if ((name == "randint" || name == "integers") && !is_none(a.size() > params.size() + 1 ? a[params.size() + 1] : nullptr)) {
        dt = host_dtype(*a[params.size() + 1]);
        if (!dt) return nullptr;
        const bool supported = dt == types::int64() || dt == types::int32() || dt == types::int16() ||
                               dt == types::uint16() || dt == types::int8() || dt == types::uint8();
        if (!supported) {
          return fail(a[params.size() + 1]->span, what + "(dtype=...) supports int64, int32, int16, uint16, int8 and uint8");
        }
      }
      std::string draw = rt;
      if (random_dtype && a.size() > params.size() + 1 && !is_none(a[params.size() + 1])) {
        const TypeRef want = host_dtype(*a[params.size() + 1]);
        if (!want) return nullptr;
        if (want == types::float32()) {
          if (shape) dt = want;  // a scalar draw is a Python float holding the float32 value
          draw = rt + "_float32";
        } else if (want != types::float64()) {
          return fail(a[params.size() + 1]->span, "Unsupported dtype dtype('" + want->str() + "') for random (TypeError)");
        }
      }
      if (integers_endpoint && !is_none(a[params.size() + 2])) {
        auto endpoint = bound.value(params.size() + 2);
        if (!endpoint) return nullptr;
        args.push_back(convert(truth(std::move(endpoint)), types::boolean()));
        draw = rt + "_endpoint";
      }
      TypeRef t = shape ? types::array(dt, ndim, Layout::C) : dt;
      if (shape) args.push_back(std::move(shape));
      std::string list = placeholders(0, args.size());
      std::string pattern = draw + (name == "randint" || name == "integers" ? "<{t0}>(" : "(") + list + ")";
      return call_node(t, pattern, c.span, std::move(args), {dt});
    }
    case HostRule::RandomChoice: {
      if (!bound.bind({"a", "size", "replace", "p"}) || !bound.need(0, "a")) return nullptr;
      if (!is_none(a[3])) return fail(a[3]->span, what + "(p=...) is not supported by py2cuda (draws with equal probabilities are)");
      if (self && row.path.starts_with("Generator.") && !is_none(a[2]) && !(a[2]->kind == ast::ExprKind::BoolLit && ast::as<ast::BoolLit>(*a[2]).value)) {
        // The Generator draws without replacement by Floyd's algorithm or a tail shuffle.
        return fail(a[2]->span, what + "(replace=False) is not supported by py2cuda (replace=True is)");
      }
      auto pool = bound.value(0);
      if (!pool) return nullptr;
      TypeRef item;
      if (pool->type->is_int()) {
        item = types::int64();
        pool = convert(std::move(pool), types::int64());
      } else if (pool->type->is_array() && !pool->type->is_device_array() && pool->type->ndim() == 1) {
        item = pool->type->dtype();
      } else {
        return fail(a[0]->span, "a must be 1-dimensional or an integer (" + what + "() of " + pool->type->str() + ")");
      }
      std::vector<ir::ExprPtr> args;
      if (self) args.push_back(std::move(self));  // Generator.choice
      args.push_back(std::move(pool));
      if (is_none(a[2])) {
        args.push_back(std::make_unique<ir::Const>(types::boolean(), c.span));
        static_cast<ir::Const&>(*args.back()).b = true;
      } else {
        auto r = bound.value(2);
        if (!r) return nullptr;
        args.push_back(truth(std::move(r)));
      }
      int ndim = 0;
      if (!is_none(a[1])) {
        auto shape = shape_value(*a[1], ndim);
        if (!shape) return nullptr;
        args.push_back(std::move(shape));
      }
      TypeRef t = ndim ? types::array(item, ndim, Layout::C) : item;
      return call_node(t, rt + "(" + placeholders(0, args.size()) + ")", c.span, std::move(args));
    }
    case HostRule::RandomPermute: {
      const bool in_place = row.path.ends_with("shuffle");
      if (!bound.bind({"x"}) || !bound.need(0, "x")) return nullptr;
      auto x = bound.value(0);
      if (!x) return nullptr;
      std::vector<ir::ExprPtr> args;
      if (self) args.push_back(std::move(self));  // Generator.permutation / shuffle
      TypeRef t;
      if (!in_place && x->type->is_int()) {
        t = types::array(types::int64(), 1, Layout::C);
        args.push_back(convert(std::move(x), types::int64()));
      } else if (!x->type->is_array() || x->type->is_device_array() || x->type->ndim() < 1) {
        return fail(a[0]->span, what + "() needs a host array" + (in_place ? "" : " or an integer") + " (got " +
                                    x->type->str() + ")");
      } else {
        t = in_place ? types::none() : types::array(x->type->dtype(), x->type->ndim(), Layout::C);
        args.push_back(std::move(x));
      }
      return call_node(t, rt + "(" + placeholders(0, args.size()) + ")", c.span, std::move(args));
    }
    case HostRule::DefaultRng: {
      // default_rng(seed) makes a Generator, RandomState(seed) a legacy generator of its own.
      if (!bound.bind({"seed"})) return nullptr;
      const TypeRef made = types::host_object(row.path.ends_with("RandomState") ? "RandomState" : "Generator");
      if (is_none(a[0])) return call_node(made, rt + "()", c.span, {});
      auto s = bound.value(0);
      if (!s) return nullptr;
      if (!s->type->is_int()) return fail(a[0]->span, what + "() needs an integer seed");
      return call_node(made, rt + "({0})", c.span, args_of(convert(std::move(s), types::int64())));
    }
    default:
      break;
  }
  return fail(bound.call.span, bound.what + "() is not supported in host code by py2cuda");
}

// rng.normal(loc, scale, size) with an array loc or scale (Generator or np.random's legacy draws):
// loc + scale * rng.standard_normal(shape), which NumPy's per-element loop computes in the same
// order and arithmetic. loc and scale are read more than once here, so they must be names, attributes,
// literals or subscripts of them (a value with effects is refused).
ir::ExprPtr FunctionBuilder::normal_of_arrays(const ast::Call& c, const ast::Expr* loc, const ast::Expr* scale,
                                              const ast::Expr* size) {
  // Names, literals, and attributes, slices and subscripts of them (`clean[:3]`): no effects.
  std::function<bool(const ast::Expr*)> plain = [&](const ast::Expr* e) {
    if (!e) return true;
    switch (e->kind) {
      case ast::ExprKind::Name:
      case ast::ExprKind::IntLit:
      case ast::ExprKind::FloatLit:
      case ast::ExprKind::NoneLit: return true;
      case ast::ExprKind::Unary: return plain(ast::as<ast::Unary>(*e).operand.get());
      case ast::ExprKind::Attribute: return plain(ast::as<ast::Attribute>(*e).value.get());
      case ast::ExprKind::Subscript:
        return plain(ast::as<ast::Subscript>(*e).value.get()) && plain(ast::as<ast::Subscript>(*e).index.get());
      case ast::ExprKind::Slice: {
        const auto& sl = ast::as<ast::Slice>(*e);
        return plain(sl.lower.get()) && plain(sl.upper.get()) && plain(sl.step.get());
      }
      default: return false;
    }
  };
  for (const ast::Expr* e : {loc, scale}) {
    if (!plain(e)) {
      return fail(e->span, "normal() of an array loc or scale reads them twice in py2cuda: give them as names, "
                           "numbers or subscripts of names (assign this value to a name first)");
    }
  }
  const auto none = [](const ast::Expr* e) { return !e || e->kind == ast::ExprKind::NoneLit; };
  const Span s = c.span;
  ast::ExprPtr shape;
  if (size) {
    shape = ast::clone(size);
  } else {
    ast::ExprPtr both = none(loc)     ? ast::clone(scale)
                        : none(scale) ? ast::clone(loc)
                                      : std::make_unique<ast::Binary>(s, BinOp::Add, ast::clone(loc), ast::clone(scale));
    shape = std::make_unique<ast::Attribute>(s, std::move(both), "shape", s);
  }
  const auto& method = ast::as<ast::Attribute>(*c.func);
  auto draw = std::make_unique<ast::Call>(
      s, std::make_unique<ast::Attribute>(s, ast::clone(method.value.get()), "standard_normal", method.attr_span));
  draw->args.push_back(std::move(shape));
  ast::ExprPtr value = std::move(draw);
  if (!none(scale)) value = std::make_unique<ast::Binary>(s, BinOp::Mul, ast::clone(scale), std::move(value));
  if (!none(loc)) value = std::make_unique<ast::Binary>(s, BinOp::Add, ast::clone(loc), std::move(value));
  auto v = expr(*value);
  synthetic_ast_.push_back(std::move(value));
  return v;
}

}  // namespace py2cuda::infer
