// FunctionBuilder, host code: np.mgrid[...] and np.ogrid[...], NumPy's index grids
// (index_tricks.py's nd_grid), subscripted with slices. The result's type is read from the
// slices as nd_grid reads it: int64 when every start, stop and step is an integer, float64
// when one is a float or a step is complex (start:stop:Nj, N points with stop included).
// The points themselves are computed at run time (runtime host/index_grids.h).
#include "infer/builtin_typing.h"
#include "infer/function_builder.h"
#include "infer/host_nodes.h"
#include "infer/ir_literals.h"

namespace py2cuda::infer {

ir::ExprPtr FunctionBuilder::index_grid(const ast::Subscript& s, bool sparse) {
  const std::string what = sparse ? "np.ogrid" : "np.mgrid";
  std::vector<const ast::Slice*> keys;
  const bool one = s.index->kind == ast::ExprKind::Slice;
  if (one) {
    keys.push_back(&ast::as<ast::Slice>(*s.index));
  } else if (s.index->kind == ast::ExprKind::Tuple) {
    for (const auto& e : ast::as<ast::TupleExpr>(*s.index).elts) {
      if (e->kind != ast::ExprKind::Slice) return fail(e->span, what + "[...] takes slices (start:stop:step) in py2cuda");
      keys.push_back(&ast::as<ast::Slice>(*e));
    }
  } else {
    return fail(s.index->span, what + "[...] takes slices (start:stop:step) in py2cuda");
  }
  // Each axis: start, stop, step, and whether the step is complex (a number of points).
  struct Axis {
    ir::ExprPtr start, stop, step;
    bool points = false;
  };
  std::vector<Axis> axes;
  bool floating = false;
  for (const ast::Slice* k : keys) {
    Axis ax;
    auto part = [&](const ast::ExprPtr& e, bool is_step) -> ir::ExprPtr {
      if (!e || e->kind == ast::ExprKind::NoneLit) return int64_literal(is_step ? 1 : 0, k->span);
      auto v = expr(*e);
      if (!v) return nullptr;
      if (is_step && v->type->is_complex()) {
        ax.points = true;
        return v;
      }
      if (!v->type->is_number()) {
        return fail(e->span, what + "[...] needs numbers in its slices, not " + v->type->str());
      }
      floating = floating || v->type->is_float();
      return v;
    };
    if (!k->upper || k->upper->kind == ast::ExprKind::NoneLit) {
      return fail(k->span, what + "[...] needs each slice's stop (NumPy raises TypeError without it)");
    }
    ax.start = part(k->lower, false);
    ax.stop = part(k->upper, false);
    ax.step = part(k->step, true);
    if (!ax.start || !ax.stop || !ax.step) return nullptr;
    floating = floating || ax.points;
    axes.push_back(std::move(ax));
  }
  const TypeRef dt = floating ? types::float64() : types::int64();
  // One GridAxis<T>: its placeholders numbered from `first` in `args`.
  std::vector<ir::ExprPtr> args;
  auto grid_axis = [&](Axis& ax) {
    const std::string n = std::to_string(args.size());
    const std::string text = std::string("py2cuda::host::") + (ax.points ? "grid_points" : "grid_range") + "<{t0}>({" + n +
                             "}, {" + std::to_string(args.size() + 1) + "}, {" + std::to_string(args.size() + 2) + "})";
    args.push_back(convert(std::move(ax.start), types::float64()));
    args.push_back(convert(std::move(ax.stop), types::float64()));
    args.push_back(ax.points ? std::move(ax.step) : convert(std::move(ax.step), types::float64()));
    return text;
  };
  if (one) {
    Axis& ax = axes[0];
    if (!ax.points) {
      // nd_grid's one-slice case is np.arange(start, stop, step), with arange's own length and values.
      args.push_back(std::move(ax.start));
      args.push_back(std::move(ax.stop));
      args.push_back(std::move(ax.step));
      return call_node(types::array(dt, 1, Layout::C), "py2cuda::np::arange<{t0}>({0}, {1}, {2})", s.span, std::move(args), {dt});
    }
    std::string axis = grid_axis(ax);
    return call_node(types::array(dt, 1, Layout::C), "py2cuda::host::grid_axis(" + axis + ")", s.span, std::move(args), {dt});
  }
  const int n = static_cast<int>(axes.size());
  if (sparse) {
    // ogrid: a list of n arrays, array d of extent 1 but along axis d (kept as a list display).
    std::vector<ir::ExprPtr> parts;
    std::vector<TypeRef> types_of;
    for (int d = 0; d < n; ++d) {
      args.clear();
      std::string axis = grid_axis(axes[static_cast<size_t>(d)]);
      const TypeRef t = types::array(dt, n, Layout::C);
      parts.push_back(call_node(t, "py2cuda::host::ogrid_axis<{t0}, " + std::to_string(n) + ">(" + axis + ", " + std::to_string(d) + ")",
                                s.span, std::move(args), {dt}));
      types_of.push_back(t);
    }
    auto list = std::make_unique<ir::TupleMake>(types::list_display(types_of), s.span);
    list->elements = std::move(parts);
    return list;
  }
  std::string pattern = "py2cuda::host::mgrid<{t0}, " + std::to_string(n) + ">({";
  for (int d = 0; d < n; ++d) pattern += (d ? ", " : "") + grid_axis(axes[static_cast<size_t>(d)]);
  return call_node(types::array(dt, n + 1, Layout::C), pattern + "})", s.span, std::move(args), {dt});
}

}  // namespace py2cuda::infer
