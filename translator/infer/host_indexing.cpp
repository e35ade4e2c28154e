// FunctionBuilder, host code: NumPy indexing beyond integers and slices (runtime
// host/indexing.h): `np.newaxis`/None, `...`, a boolean mask, an integer array or list.
//
// A subscript is reduced to a basic view of the array (the kernels' integers and slices,
// `...` expanded into full slices, the advanced index's axes kept whole) and then, at
// most, one advanced index applied along one axis of that view, which NumPy's rule puts
// in place when the advanced indices (the array and any integers) are adjacent. Other
// combinations (index arrays beside slices, None beside an array, integers apart from the array)
// are located warnings, but for an index array on every axis (m[rows, cols]: points).
#include <algorithm>
#include <memory>

#include "infer/builtin_typing.h"
#include "infer/function_builder.h"
#include "infer/host_nodes.h"
#include "types/rules.h"

namespace py2cuda::infer {

namespace {

bool is_ellipsis(const ast::Expr& e) {
  return e.kind == ast::ExprKind::Unsupported && ast::as<ast::UnsupportedExpr>(e).what == "ellipsis";
}

enum class IndexKind { Integer, Slice, NewAxis, Ellipsis, Array };

}  // namespace

ir::ExprPtr FunctionBuilder::host_subscript(ir::ExprPtr& base, const ast::Subscript& s, ir::ExprPtr* store_into, bool& handled) {
  handled = false;
  TypeRef bt = base->type;
  std::vector<const ast::Expr*> idxs;
  if (s.index->kind == ast::ExprKind::Tuple) {
    for (const auto& e : ast::as<ast::TupleExpr>(*s.index).elts) idxs.push_back(e.get());
  } else {
    idxs.push_back(s.index.get());
  }
  std::vector<IndexKind> kinds;
  std::vector<ir::ExprPtr> values(idxs.size());
  bool special = false;
  for (size_t k = 0; k < idxs.size(); ++k) {
    const ast::Expr& e = *idxs[k];
    if (e.kind == ast::ExprKind::Slice) {
      kinds.push_back(IndexKind::Slice);
    } else if (e.kind == ast::ExprKind::NoneLit || (e.kind == ast::ExprKind::Attribute && resolve_path(mb_.info(), e) == "numpy.newaxis")) {
      kinds.push_back(IndexKind::NewAxis);
      special = true;
    } else if (is_ellipsis(e)) {
      kinds.push_back(IndexKind::Ellipsis);
      special = true;
    } else if (e.kind == ast::ExprKind::List) {
      // a[[0, 2]]: NumPy makes an intp array of the list.
      const auto& elts = ast::as<ast::ListExpr>(e).elts;
      if (elts.empty()) {
        handled = true;
        return fail(e.span, "indexing with an empty list is not supported by py2cuda");
      }
      auto array = std::make_unique<ir::BuiltinCall>(types::array(types::int64(), 1, Layout::C), "", e.span);
      std::string elements;
      for (size_t i = 0; i < elts.size(); ++i) {
        auto v = expr(*elts[i]);
        if (!v) {
          handled = true;
          return nullptr;
        }
        if (!v->type->is_int()) {
          handled = true;
          return fail(elts[i]->span, "a list used as an index must hold integers in py2cuda, not " + v->type->str());
        }
        elements += (i ? ", {" : "{") + std::to_string(i) + "}";
        array->args.push_back(convert(std::move(v), types::int64()));
      }
      array->pattern = "py2cuda::np::array_from<int64_t>(py2cuda::host::shape(" + std::to_string(elts.size()) + "), {" +
                       elements + "})";
      values[k] = std::move(array);
      kinds.push_back(IndexKind::Array);
      special = true;
    } else {
      auto v = expr(e);
      if (!v) {
        handled = true;
        return nullptr;
      }
      if (v->type->is_array()) {
        if (v->type->is_device_array()) {
          handled = true;
          return fail(e.span, "indexing with a device array is not supported on the host: copy_to_host() it first");
        }
        if (!v->type->dtype()->is_int() && !v->type->dtype()->is_bool()) {
          handled = true;
          return fail(e.span, "arrays used as indices must be of integer (or boolean) type, not " + v->type->str());
        }
        kinds.push_back(IndexKind::Array);
        special = true;
      } else {
        kinds.push_back(IndexKind::Integer);
        if (v->type->is_bool() || v->type->is_tuple()) {
          // A bool scalar (NumPy's 0-d mask) or a tuple of indices: the kernels' rules, if any.
          if (idxs.size() > 1 || special) {
            handled = true;
            return fail(e.span, "an index of type " + v->type->str() + " here is not supported by py2cuda");
          }
          return nullptr;
        }
        if (!v->type->is_int()) {
          handled = true;
          return fail(e.span, "array index must be an integer, not " + v->type->str());
        }
      }
      values[k] = std::move(v);
    }
  }
  if (!special) return nullptr;
  handled = true;
  if (bt->is_device_array()) {
    return fail(s.index->span, "this index of a device array is not supported on the host by py2cuda (integers and "
                               "slices are): copy_to_host() first");
  }
  const int ndim = bt->ndim();
  int consumed = 0, ellipses = 0, arrays = 0, newaxes = 0;
  size_t array_at = 0;
  for (size_t k = 0; k < idxs.size(); ++k) {
    switch (kinds[k]) {
      case IndexKind::Integer:
      case IndexKind::Slice: ++consumed; break;
      case IndexKind::NewAxis: ++newaxes; break;
      case IndexKind::Ellipsis: ++ellipses; break;
      case IndexKind::Array: {
        ++arrays;
        array_at = k;
        const TypeRef at = values[k]->type;
        consumed += at->dtype()->is_bool() ? at->ndim() : 1;
        break;
      }
    }
  }
  if (ellipses > 1) return fail(s.index->span, "an index can only have a single ellipsis ('...') (IndexError)");
  if (consumed > ndim) {
    return fail(s.index->span, "too many indices for array: array is " + std::to_string(ndim) + "-dimensional, but " +
                                   std::to_string(consumed) + " were indexed (IndexError)");
  }
  if (arrays > 1 && arrays == static_cast<int>(idxs.size()) && arrays == ndim) {
    return point_subscript(std::move(base), values, s, store_into);  // m[rows, cols]
  }
  if (arrays > 1) {
    return fail(s.index->span, "indexing with more than one index array is not supported by py2cuda: index one axis "
                               "at a time");
  }
  if (arrays == 1 && newaxes > 0) {
    return fail(s.index->span, "np.newaxis beside an index array is not supported by py2cuda: index in two steps");
  }
  // Integers beside an index array are advanced indices too: NumPy keeps the result's axes
  // in place only when all of them are adjacent.
  if (arrays == 1) {
    size_t first = array_at, last = array_at;
    for (size_t k = 0; k < idxs.size(); ++k) {
      if (kinds[k] == IndexKind::Integer) first = std::min(first, k), last = std::max(last, k);
    }
    for (size_t k = first; k <= last; ++k) {
      if (kinds[k] != IndexKind::Integer && kinds[k] != IndexKind::Array) {
        return fail(s.index->span, "integer indices apart from an index array (NumPy moves the result's axes to the "
                                   "front) are not supported by py2cuda: index in two steps");
      }
    }
  }

  // The basic view: every index but the Nones, `...` expanded, the array's axes whole.
  auto full = std::make_unique<ast::Slice>(s.index->span);
  std::vector<const ast::Expr*> view_idxs;
  std::vector<ir::ExprPtr> integers;
  std::vector<int> new_axis_at;
  int kept = 0, axis = 0, array_ndim = 0;
  bool whole = true;  // the view would be the array itself
  auto keep_whole = [&]() {
    view_idxs.push_back(full.get());
    integers.push_back(nullptr);
    ++kept;
  };
  for (size_t k = 0; k < idxs.size(); ++k) {
    switch (kinds[k]) {
      case IndexKind::Integer:
        view_idxs.push_back(idxs[k]);
        integers.push_back(std::move(values[k]));
        whole = false;
        break;
      case IndexKind::Slice: {
        const auto& sl = ast::as<ast::Slice>(*idxs[k]);
        auto absent = [](const ast::ExprPtr& b) { return !b || b->kind == ast::ExprKind::NoneLit; };
        if (!absent(sl.lower) || !absent(sl.upper) || !absent(sl.step)) whole = false;
        view_idxs.push_back(idxs[k]);
        integers.push_back(nullptr);
        ++kept;
        break;
      }
      case IndexKind::NewAxis: new_axis_at.push_back(kept + static_cast<int>(new_axis_at.size())); break;
      case IndexKind::Ellipsis:
        for (int d = consumed; d < ndim; ++d) keep_whole();
        break;
      case IndexKind::Array: {
        axis = kept;
        const TypeRef at = values[k]->type;
        array_ndim = at->ndim();
        for (int d = 0; d < (at->dtype()->is_bool() ? at->ndim() : 1); ++d) keep_whole();
        break;
      }
    }
  }
  const int view_ndim = ndim - static_cast<int>(std::count(kinds.begin(), kinds.end(), IndexKind::Integer));
  if (view_ndim == 0) {
    if (!new_axis_at.empty()) {
      return fail(s.index->span, "np.newaxis with an integer for every dimension is not supported by py2cuda");
    }
    // `m[..., 0]` of a 1-D array: one element.
    auto node = std::make_unique<ir::Index>(bt->dtype(), std::move(base), s.span);
    for (auto& i : integers) node->indices.push_back(std::move(i));
    return node;  // a store: the caller stores into the element
  }
  ir::ExprPtr view = whole ? std::move(base) : array_view(std::move(base), std::move(integers), view_idxs, s);
  if (!view) return nullptr;
  if (arrays == 0) {
    if (new_axis_at.empty()) return view;
    std::string positions;
    for (size_t k = 0; k < new_axis_at.size(); ++k) positions += (k ? ", " : "") + std::to_string(new_axis_at[k]);
    const int n = static_cast<int>(new_axis_at.size());
    TypeRef t = types::array(bt->dtype(), view->type->ndim() + n, view->type->layout(), bt->is_readonly());
    auto call = std::make_unique<ir::BuiltinCall>(t, "py2cuda::host::new_axes<" + positions + ">({0})", s.span);
    call->args.push_back(std::move(view));
    return call;
  }
  ir::ExprPtr index = std::move(values[array_at]);
  const bool mask = index->type->dtype()->is_bool();
  const int result_ndim = mask ? view->type->ndim() - array_ndim + 1 : view->type->ndim() - 1 + array_ndim;
  const std::string at = "<" + std::to_string(axis) + ">";
  if (store_into) {
    ir::ExprPtr& store = *store_into;
    if (bt->is_readonly()) return fail(s.span, readonly_array_message(bt));
    if (store->type->is_device_array()) {
      return fail(store->span, "assigning a device array through an index array is not supported on the host: "
                               "copy_to_host() it first");
    }
    // `y[[0, 2]] = [1.0, 2.0]`: NumPy's array of the list, then assigned.
    if (store->type->is_list_display() || store->type->is_list()) {
      const Span listed = store->span;
      store = listed_array(std::move(store), listed);
    }
    if (!store || (!store->type->is_array() && !store->type->is_number())) {
      return fail(s.span, "cannot store a value of type " + (store ? store->type->str() : std::string("this")) +
                              " through an index array");
    }
    auto call = std::make_unique<ir::BuiltinCall>(
        types::none(), std::string(mask ? "py2cuda::host::assign_mask" : "py2cuda::host::assign_take") + at + "({0}, {1}, {2})",
        s.span);
    call->args.push_back(std::move(view));
    call->args.push_back(std::move(index));
    call->args.push_back(std::move(store));
    call->has_effects = true;
    return call;
  }
  auto call = std::make_unique<ir::BuiltinCall>(types::array(bt->dtype(), result_ndim, Layout::C),
                                                std::string(mask ? "py2cuda::host::take_mask" : "py2cuda::host::take") + at +
                                                    "({0}, {1})",
                                                s.span);
  call->args.push_back(std::move(view));
  call->args.push_back(std::move(index));
  return call;
}

// m[r, c]: an integer array (or list) for every axis, NumPy's point selection (runtime
// take_points/assign_points). The index arrays broadcast together.
ir::ExprPtr FunctionBuilder::point_subscript(ir::ExprPtr base, std::vector<ir::ExprPtr>& index, const ast::Subscript& s,
                                             ir::ExprPtr* store_into) {
  int k = 0;
  for (const auto& i : index) {
    if (i->type->dtype()->is_bool()) {
      return fail(s.index->span, "a boolean mask beside another index array is not supported by py2cuda: index in two steps");
    }
    k = std::max(k, i->type->ndim());
  }
  for (auto& i : index) {
    // m[r[:, None], c]: NumPy broadcasts the index arrays, their shapes aligned at the right;
    // one of fewer dimensions gets extent-1 axes in front (a view), as broadcasting reads it.
    const int missing = k - i->type->ndim();
    if (missing == 0) continue;
    std::string positions;
    for (int d = 0; d < missing; ++d) positions += (d ? ", " : "") + std::to_string(d);
    TypeRef t = types::array(i->type->dtype(), k, i->type->layout(), i->type->is_readonly());
    const Span at = i->span;
    i = call_node(t, "py2cuda::host::new_axes<" + positions + ">({0})", at, args_of(std::move(i)));
  }
  std::vector<ir::ExprPtr> args;
  args.push_back(std::move(base));
  if (store_into) {
    ir::ExprPtr& store = *store_into;
    if (args[0]->type->is_readonly()) return fail(s.span, readonly_array_message(args[0]->type));
    if (store->type->is_device_array() || (!store->type->is_array() && !store->type->is_number())) {
      return fail(store->span, "cannot store a value of type " + store->type->str() + " through index arrays");
    }
    args.push_back(std::move(store));
  }
  for (auto& i : index) args.push_back(std::move(i));
  const std::string operands = placeholders(0, args.size());
  if (store_into) {
    return with_effects(call_node(types::none(), "py2cuda::host::assign_points(" + operands + ")", s.span, std::move(args)));
  }
  TypeRef t = types::array(args[0]->type->dtype(), k, Layout::C);
  return call_node(t, "py2cuda::host::take_points(" + operands + ")", s.span, std::move(args));
}

}  // namespace py2cuda::infer
