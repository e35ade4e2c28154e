// FunctionBuilder: `for` loops over arrays, tuples, enumerate(), zip(), and in host code
// np.ndenumerate() and np.ndindex().
//
// Each becomes a counted loop over an index: the iterables are evaluated once
// before it (into temporaries where they are not plain names), the index runs
// from 0 to the shortest length, and the body starts by assigning the loop
// targets from the elements at that index, as Python would bind them.
#include <algorithm>
#include <functional>

#include "infer/ast_queries.h"
#include "infer/builtin_typing.h"
#include "infer/function_builder.h"
#include "infer/ir_literals.h"
#include "types/rules.h"

namespace py2cuda::infer {

namespace {

// What one step of the loop binds: a single value, or a tuple of items
// (enumerate's (index, value), zip's values).
struct Item {
  std::function<ir::ExprPtr()> value;  // builds the element's IR afresh for each use
  TypeRef type = nullptr;
  std::vector<Item> parts;  // non-empty for a tuple
};

ir::ExprPtr ref(ir::Variable* v, Span s) { return std::make_unique<ir::VarRef>(v, s); }

}  // namespace

// The element type Numba gives range(): int32 when every argument fits,
// uint64 when all are unsigned, int64 otherwise.
TypeRef FunctionBuilder::range_type(const std::vector<ir::ExprPtr>& args) {
  bool fits32 = true, all_unsigned = true;
  for (const auto& a : args) {
    TypeRef t = a->type;
    if (!(t->is_bool() || (t->is_signed() && t->bits() <= 32) || (!t->is_signed() && t->bits() <= 16))) fits32 = false;
    if (t->is_bool() || t->is_signed()) all_unsigned = false;
  }
  return fits32 ? types::int32() : all_unsigned ? types::uint64() : types::int64();
}

bool FunctionBuilder::read_once(const ast::Expr& e) const {
  if (iterated_ == &e) return true;
  if (!iterated_ || iterated_->kind != ast::ExprKind::Call) return false;
  const auto& call = ast::as<ast::Call>(*iterated_);
  const std::string path = resolve_path(mb_.info(), *call.func);
  if (path != "enumerate" && path != "zip") return false;
  return std::any_of(call.args.begin(), call.args.end(), [&](const ast::ExprPtr& a) { return a.get() == &e; });
}

// The Python class of an iterable reversed() refuses (zip, enumerate, a generator), or "".
std::string FunctionBuilder::not_reversible(const ast::Expr& iterable) {
  if (iterable.kind == ast::ExprKind::Comprehension && !ast::as<ast::ComprehensionExpr>(iterable).is_list) return "generator";
  if (iterable.kind != ast::ExprKind::Call) return "";
  const std::string path = resolve_path(mb_.info(), *ast::as<ast::Call>(iterable).func);
  if (path == "zip" || path == "enumerate" || path == "map" || path == "filter") return path;
  if (path == "numpy.ndindex") return "ndindex";
  if (path == "numpy.ndenumerate") return "ndenumerate";
  return "";
}

void FunctionBuilder::for_each(const ast::For& f, ir::Block& out, const LoopBody& body) {
  Span s = f.iter->span;
  const size_t first_new = out.size();
  // A value evaluated once before the loop: a temporary unless it is a name or a literal.
  auto settle = [&](ir::ExprPtr v, const std::string& stem) -> std::function<ir::ExprPtr()> {
    if (v->kind == ir::ExprKind::Const) {
      auto c = std::shared_ptr<ir::Const>(static_cast<ir::Const*>(v.release()));
      return [c]() {
        auto copy = std::make_unique<ir::Const>(c->type, c->span);
        copy->bits = c->bits, copy->f = c->f, copy->b = c->b, copy->im = c->im, copy->str = c->str;
        return ir::ExprPtr(std::move(copy));
      };
    }
    ir::Variable* holder = nullptr;
    if (v->kind == ir::ExprKind::Var) {
      holder = static_cast<ir::VarRef&>(*v).var;
    } else {
      holder = temporary(stem, v->type);
      auto st = std::make_unique<ir::Assign>(ref(holder, s), std::move(v), f.span);
      st->declare = true;
      out.push_back(std::move(st));
    }
    return [holder, s]() { return ref(holder, s); };
  };

  std::vector<ir::ExprPtr> lengths;
  ir::Variable* index = nullptr;  // the loop counter, made below
  // An iterable host code reads by position: py2cuda::host::len(x) trips, item k `at_pattern` of (x, k).
  auto by_position = [&](ir::ExprPtr v, const char* stem, TypeRef item_type, const char* at_pattern, Item& item) {
    auto items = settle(std::move(v), stem);
    auto n = std::make_unique<ir::BuiltinCall>(types::int64(), "py2cuda::host::len({0})", s);
    n->args.push_back(items());
    lengths.push_back(std::move(n));
    item.type = item_type;
    item.value = [items, item_type, at_pattern, &index, s]() {
      auto at = std::make_unique<ir::BuiltinCall>(item_type, at_pattern, s);
      at->args.push_back(items());
      at->args.push_back(ref(index, s));
      return ir::ExprPtr(std::move(at));
    };
    return true;
  };
  // A 1-D array's elements, read by the loop's counter: its extent trips, item k `array[k]`.
  auto elements_of = [&](std::function<ir::ExprPtr()> array, TypeRef array_type, Item& item) {
    lengths.push_back(std::make_unique<ir::Shape>(array(), 0, s));
    item.type = array_type->dtype();
    item.value = [array, array_type, &index, s]() {
      auto ix = std::make_unique<ir::Index>(array_type->dtype(), array(), s);
      ix->indices.push_back(ref(index, s));
      return ir::ExprPtr(std::move(ix));
    };
  };
  std::function<bool(const ast::Expr&, Item&)> source = [&](const ast::Expr& e, Item& item) -> bool {
    std::string path = e.kind == ast::ExprKind::Call ? resolve_path(mb_.info(), *ast::as<ast::Call>(e).func) : "";
    if (host_ && path == "zip" && ast::as<ast::Call>(e).has_star_args && ast::as<ast::Call>(e).args.size() == 1 &&
        ast::as<ast::Call>(e).keywords.empty() && ast::as<ast::Call>(e).args[0]->kind == ast::ExprKind::Starred) {
      // zip(*t) of a tuple of 1-D arrays (`for r, c in zip(*np.nonzero(b))`): zip of its items,
      // the tuple evaluated once, before the loop. (zip(*rows) of a list is typed below.)
      const ast::Expr& inner = *ast::as<ast::Starred>(*ast::as<ast::Call>(e).args[0]).value;
      auto v = expr(inner);
      if (!v) return false;
      const TypeRef t = v->type;
      if (t->is_tuple() && !t->is_list_display() && !t->elements().empty()) {
        auto tuple = settle(std::move(v), "zipped");
        for (size_t k = 0; k < t->elements().size(); ++k) {
          const TypeRef part_type = t->elements()[k];
          if (!part_type->is_array() || part_type->is_device_array() || part_type->ndim() != 1) {
            D().error(inner.span, "zip(*t) in a for loop takes a tuple of 1-D arrays (np.nonzero(b)), not one of " +
                                      part_type->str());
            return false;
          }
          Item element;
          elements_of([tuple, part_type, k, s]() {
            return ir::ExprPtr(std::make_unique<ir::TupleGet>(part_type, tuple(), static_cast<int>(k), s));
          }, part_type, element);
          item.parts.push_back(std::move(element));
        }
        return true;
      }
    }
    if ((path == "enumerate" || path == "zip") && !ast::as<ast::Call>(e).has_star_args) {
      const auto& call = ast::as<ast::Call>(e);
      if (!call.keywords.empty() && !(path == "enumerate" && call.keywords.size() == 1 && call.keywords[0].name == "start")) {
        D().error(call.keywords[0].span, path + "() keyword arguments are not supported here");
        return false;
      }
      if (path == "enumerate") {
        if (call.args.empty() || call.args.size() > 2) {
          D().error(call.span, "enumerate() takes an iterable and an optional start");
          return false;
        }
        const ast::Expr* start_ast = call.args.size() == 2 ? call.args[1].get()
                                     : call.keywords.empty() ? nullptr : call.keywords[0].value.get();
        std::function<ir::ExprPtr()> start;  // empty: counting from 0
        if (start_ast) {
          auto v = expr(*start_ast);
          if (!v) return false;
          if (!v->type->is_int()) {
            D().error(start_ast->span, "enumerate() start must be an integer, not " + v->type->str());
            return false;
          }
          start = settle(convert(std::move(v), types::int64()), "start");
        }
        Item counter;
        counter.type = types::int64();
        counter.value = [this, start, &index, s]() {
          return start ? binary_values(BinOp::Add, start(), ref(index, s), s) : ref(index, s);
        };
        Item inner;
        if (!source(*call.args[0], inner)) return false;
        item.parts.push_back(std::move(counter));
        item.parts.push_back(std::move(inner));
        return true;
      }
      if (call.args.empty()) {
        D().error(call.span, "zip() of nothing is an empty loop; give it one or more iterables");
        return false;
      }
      for (const auto& a : call.args) {
        Item part;
        if (!source(*a, part)) return false;
        item.parts.push_back(std::move(part));
      }
      return true;
    }
    if (path == "range") {
      const auto& call = ast::as<ast::Call>(e);
      if (call.args.empty() || call.args.size() > 3 || !call.keywords.empty()) {
        D().error(call.span, "range expects 1 to 3 integer arguments, got " + std::to_string(call.args.size()));
        return false;
      }
      std::vector<ir::ExprPtr> args;
      for (const auto& a : call.args) {
        auto v = expr(*a);
        if (!v) return false;
        if (!v->type->is_int() && !v->type->is_bool()) {
          D().error(a->span, "range arguments must be integers, not " + v->type->str());
          return false;
        }
        args.push_back(std::move(v));
      }
      TypeRef t = range_type(args);
      if (args.size() == 1) args.insert(args.begin(), int64_literal(0, s));
      if (args.size() == 2) args.push_back(int64_literal(1, s));
      auto start = settle(convert(std::move(args[0]), types::int64()), "range_start");
      auto stop = settle(convert(std::move(args[1]), types::int64()), "range_stop");
      auto step = settle(convert(std::move(args[2]), types::int64()), "range_step");
      auto len = std::make_unique<ir::BuiltinCall>(types::int64(), "py2cuda::range_len({0}, {1}, {2})", s);
      len->args.push_back(start());
      len->args.push_back(stop());
      len->args.push_back(step());
      lengths.push_back(std::move(len));
      item.type = t;
      item.value = [this, start, step, t, &index, s]() {
        auto offset = binary_values(BinOp::Mul, ref(index, s), step(), s);
        return convert(binary_values(BinOp::Add, start(), std::move(offset), s), t);
      };
      return true;
    }
    if (host_ && path == "reversed") {
      // reversed() inside zip() or enumerate(): its items as a new list, last first (a loop over
      // reversed() alone counts down instead).
      TypeRef element = nullptr;
      auto items = comprehension_items(e, element);
      if (!items) return false;
      return by_position(std::move(items), "reversed_items", element, "{0}.at({1})", item);
    }
    if (host_ && (path == "numpy.ndenumerate" || path == "numpy.ndindex")) {
      // NumPy's multi-index iterators, in C order: the loop counts over the product of the
      // extents, and each index is the counter unravelled (`index / a.shape(1) % a.shape(0)`).
      const auto& call = ast::as<ast::Call>(e);
      const std::string what = path == "numpy.ndenumerate" ? "np.ndenumerate()" : "np.ndindex()";
      if (!call.keywords.empty()) {
        D().error(call.keywords[0].span, what + " keyword arguments are not supported here");
        return false;
      }
      std::vector<std::function<ir::ExprPtr()>> extents;  // each read once before the loop
      std::function<ir::ExprPtr()> array;                 // ndenumerate's
      TypeRef array_type = nullptr;
      if (path == "numpy.ndenumerate") {
        if (call.args.size() != 1) {
          D().error(call.span, "np.ndenumerate() takes one array");
          return false;
        }
        auto v = expr(*call.args[0]);
        if (!v) return false;
        array_type = v->type;
        if (!array_type->is_array() || array_type->is_device_array()) {
          D().error(call.args[0]->span, "np.ndenumerate() needs a host array here, not " + array_type->str());
          return false;
        }
        array = settle(std::move(v), "array");
        for (int d = 0; d < array_type->ndim(); ++d) {
          extents.push_back([array, d, s]() { return ir::ExprPtr(std::make_unique<ir::Shape>(array(), d, s)); });
        }
      } else {
        // np.ndindex(3, 4), np.ndindex((3, 4)), np.ndindex(a.shape)
        auto extent = [&](ir::ExprPtr v, Span at) -> bool {
          if (!v->type->is_int()) {
            D().error(at, "np.ndindex() extents must be integers, not " + v->type->str());
            return false;
          }
          extents.push_back(settle(convert(std::move(v), types::int64()), "extent"));
          return true;
        };
        for (const auto& a : call.args) {
          auto v = expr(*a);
          if (!v) return false;
          if (call.args.size() == 1 && v->type->is_tuple()) {
            TypeRef t = v->type;
            auto shape = settle(std::move(v), "shape");
            for (size_t k = 0; k < t->elements().size(); ++k) {
              auto part = std::make_unique<ir::TupleGet>(t->elements()[k], shape(), static_cast<int>(k), a->span);
              if (!extent(std::move(part), a->span)) return false;
            }
            continue;
          }
          if (!extent(std::move(v), a->span)) return false;
        }
      }
      const size_t ndim = extents.size();
      if (ndim == 0) {
        D().error(call.span, what + " of no dimensions (one empty index) is not supported by py2cuda");
        return false;
      }
      // The trip count: an array's shape multiplied out; np.ndindex's extents through the
      // runtime's count, which raises NumPy's ValueError for a negative one (two negative
      // extents would otherwise multiply to a positive count of trips NumPy never makes).
      auto trips = std::make_unique<ir::BuiltinCall>(types::int64(), "", s);
      std::string listed;  // {0} * {1} ... of a shape, {0}, {1} ... of np.ndindex's extents
      for (size_t k = 0; k < ndim; ++k) {
        listed += (k ? (array ? " * {" : ", {") : "{") + std::to_string(k) + "}";
        trips->args.push_back(extents[k]());
      }
      if (array && ndim == 1) {
        lengths.push_back(std::move(trips->args[0]));
      } else {
        trips->pattern = array ? listed
                               : "py2cuda::host::detail::checked_element_count(std::array<int64_t, " +
                                     std::to_string(ndim) + ">{" + listed + "})";
        lengths.push_back(std::move(trips));
      }
      // Dimension k: the counter divided by the extents after k, modulo extent k.
      auto unravelled = [extents, ndim, &index, s](size_t k) -> ir::ExprPtr {
        if (ndim == 1) return ref(index, s);
        auto at = std::make_unique<ir::BuiltinCall>(types::int64(), "{0}", s);
        at->args.push_back(ref(index, s));
        if (k + 1 < ndim) {
          at->pattern += " / ";
          if (k + 2 < ndim) at->pattern += "(";
          for (size_t j = k + 1; j < ndim; ++j) {
            at->pattern += (j > k + 1 ? " * {" : "{") + std::to_string(at->args.size()) + "}";
            at->args.push_back(extents[j]());
          }
          if (k + 2 < ndim) at->pattern += ")";
        }
        if (k > 0) {
          at->pattern += " % {" + std::to_string(at->args.size()) + "}";
          at->args.push_back(extents[k]());
        }
        return at;
      };
      Item position;
      for (size_t k = 0; k < ndim; ++k) {
        Item axis;
        axis.type = types::int64();
        axis.value = [unravelled, k]() { return unravelled(k); };
        position.parts.push_back(std::move(axis));
      }
      if (!array) {
        item = std::move(position);
        return true;
      }
      Item element;
      element.type = array_type->dtype();
      element.value = [array, array_type, unravelled, ndim, s]() {
        auto ix = std::make_unique<ir::Index>(array_type->dtype(), array(), s);
        for (size_t k = 0; k < ndim; ++k) ix->indices.push_back(unravelled(k));
        return ir::ExprPtr(std::move(ix));
      };
      item.parts.push_back(std::move(position));
      item.parts.push_back(std::move(element));
      return true;
    }
    // d.keys(), d.values(), d.items() of a dict: its entries in insertion order.
    std::string dict_view;
    const ast::Expr* iterable = &e;
    if (host_ && e.kind == ast::ExprKind::Call && ast::as<ast::Call>(e).args.empty() &&
        ast::as<ast::Call>(e).keywords.empty() && ast::as<ast::Call>(e).func->kind == ast::ExprKind::Attribute) {
      const auto& m = ast::as<ast::Attribute>(*ast::as<ast::Call>(e).func);
      if ((m.attr == "keys" || m.attr == "values" || m.attr == "items") && resolve_path(mb_.info(), m).empty()) {
        dict_view = m.attr;
        iterable = m.value.get();
      }
    }
    auto v = expr(*iterable);
    if (!v) return false;
    TypeRef t = v->type;
    if (!dict_view.empty() && !t->is_dict()) {
      v = expr(e);  // a method of something else: its value is the iterable
      if (!v) return false;
      t = v->type;
    } else if (host_ && t->is_dict()) {
      if (t->is_untyped_dict()) {
        D().error(e.span, "this dict is empty and its key and value types unknown here");
        return false;
      }
      if (dict_view.empty()) dict_view = "keys";
      auto dict = settle(std::move(v), "entries");
      auto n = std::make_unique<ir::BuiltinCall>(types::int64(), "py2cuda::host::len({0})", s);
      n->args.push_back(dict());
      lengths.push_back(std::move(n));
      auto entry = [dict, &index, s](TypeRef type, const char* pattern) {
        return [dict, &index, s, type, pattern]() {
          auto at = std::make_unique<ir::BuiltinCall>(type, pattern, s);
          at->args.push_back(dict());
          at->args.push_back(ref(index, s));
          return ir::ExprPtr(std::move(at));
        };
      };
      Item key, value;
      key.type = t->key_type();
      key.value = entry(t->key_type(), "{0}.key_at({1})");
      value.type = t->value_type();
      value.value = entry(t->value_type(), "{0}.value_at({1})");
      if (dict_view == "items") {
        item.parts.push_back(std::move(key));
        item.parts.push_back(std::move(value));
      } else {
        item = std::move(dict_view == "keys" ? key : value);
      }
      return true;
    }
    if (t->is_array() && !(host_ && t->is_device_array()) && t->ndim() > 1) {
      // NumPy (and Numba, in a kernel) iterates over the first axis: each item is a view of
      // one row (for row in image:).
      auto arr = settle(std::move(v), "rows");
      lengths.push_back(std::make_unique<ir::Shape>(arr(), 0, s));
      std::vector<rules::ViewIndex> kinds(static_cast<size_t>(t->ndim()), rules::ViewIndex::Slice);
      kinds[0] = rules::ViewIndex::Integer;
      TypeRef row = types::array(t->dtype(), t->ndim() - 1, rules::view_layout(t, kinds), t->is_readonly());
      std::string pattern = "py2cuda::view({0}, {1}";
      for (int d = 1; d < t->ndim(); ++d) pattern += ", py2cuda::slice()";
      pattern += ")";
      item.type = row;
      item.value = [arr, row, pattern, &index, s]() {
        auto view = std::make_unique<ir::BuiltinCall>(row, pattern, s);
        view->args.push_back(arr());
        view->args.push_back(ref(index, s));
        view->bare_literals = true;
        return ir::ExprPtr(std::move(view));
      };
      return true;
    }
    if (t->is_array()) {
      if (t->ndim() != 1) {
        D().error(e.span, "iterating over " + t->str() + " yields sub-arrays, which this version of py2cuda does not "
                                                         "support; iterate over indices with range(a.shape[0])");
        return false;
      }
      elements_of(settle(std::move(v), "items"), t, item);
      return true;
    }
    if (host_ && t->is_string()) {
      // The characters of a str, one-character strings.
      return by_position(std::move(v), "text", types::string(), "py2cuda::host::str_at({0}, {1})", item);
    }
    if (host_ && t == types::host_object("DeviceList")) {
      // cuda.gpus, cuda.list_devices(): each device in order.
      return by_position(std::move(v), "devices", types::host_object("ManagedDevice"), "py2cuda::host::device_at({0}, {1})",
                         item);
    }
    if (host_ && t == types::host_object("str_list")) {
      // sys.argv and its slices: the strings in order.
      return by_position(std::move(v), "items", types::string(), "{0}.at({1})", item);
    }
    if (host_ && t->is_list()) {
      if (!t->dtype()) {
        D().error(e.span, "the element type of this list is never known (nothing is appended to it)");
        return false;
      }
      return by_position(std::move(v), "items", t->dtype(), "{0}.at({1})", item);
    }
    if (host_ && t->kind() == TypeKind::Range) {
      return by_position(std::move(v), "range", types::int64(), "{0}.item({1})", item);  // a variable holding range(...)
    }
    if (t->is_uniform_tuple()) {
      auto tup = settle(std::move(v), "items");
      lengths.push_back(int64_literal(static_cast<int64_t>(t->elements().size()), s));
      item.type = t->elements()[0];
      item.value = [tup, t, &index, s]() {
        auto at = std::make_unique<ir::BuiltinCall>(t->elements()[0], "py2cuda::tuple_at({0}, {1})", s);
        at->args.push_back(tup());
        at->args.push_back(ref(index, s));
        return ir::ExprPtr(std::move(at));
      };
      return true;
    }
    if (host_ && t->is_tuple() && &e == f.iter.get() &&
        (e.kind == ast::ExprKind::List || e.kind == ast::ExprKind::Tuple) && !mixed_displays_.count(&e)) {
      // `for name, m in [("a", x32), ("b", x64)]`: a display whose items' types differ only
      // once typed; the next pass unrolls the loop over it, one copy of the body per item.
      mixed_displays_.insert(&e);
      changed_ = true;
    }
    D().error(e.span, "cannot iterate over a value of type " + t->str() +
                          (t->is_tuple() ? " (a tuple of mixed types)" : "") +
                          "; loops go over range(), 1-D arrays, tuples of one type, enumerate() and zip()");
    return false;
  };

  // `for x in reversed(seq)`: the same items, the loop counting down (host code).
  const ast::Expr* iterable = f.iter.get();
  const bool reverse = host_ && iterable->kind == ast::ExprKind::Call &&
                       resolve_path(mb_.info(), *ast::as<ast::Call>(*iterable).func) == "reversed";
  if (reverse) {
    iterable = reversed_sequence(ast::as<ast::Call>(*iterable));
    if (!iterable) return;
  }
  Item item;
  iterated_ = f.iter.get();
  if (!source(*iterable, item)) return;

  // The shortest length, once.
  ir::ExprPtr n;
  if (lengths.size() == 1) {
    n = std::move(lengths[0]);
  } else {
    std::string pattern = "py2cuda::py_min_generic(";
    for (size_t i = 0; i < lengths.size(); ++i) pattern += (i ? ", {" : "{") + std::to_string(i) + "}";
    auto m = std::make_unique<ir::BuiltinCall>(types::int64(), pattern + ")", s);
    m->args = std::move(lengths);
    n = std::move(m);
  }
  if (n->kind != ir::ExprKind::Const && n->kind != ir::ExprKind::Shape) {
    ir::Variable* count = temporary("count", types::int64());
    auto st = std::make_unique<ir::Assign>(ref(count, s), std::move(n), f.span);
    st->declare = true;
    out.push_back(std::move(st));
    n = ref(count, s);
  }

  auto loop = std::make_unique<ir::ForRange>(f.span);
  index = temporary("index", types::int64());
  index->loop_counter = true;
  loop->counter = index;
  loop->target = index;
  if (reverse) {
    loop->start = binary_values(BinOp::Sub, std::move(n), int64_literal(1, s), s);
    loop->stop = int64_literal(-1, s);
    loop->step = int64_literal(-1, s);
    loop->step_sign = -1;
  } else {
    loop->start = int64_literal(0, s);
    loop->stop = std::move(n);
    loop->step = int64_literal(1, s);
    loop->step_sign = 1;
  }
  // The loop's target, bound where the loop is: a name rebound to a number of another type
  // gets its own C++ variable, as straight-line code's (assign_name).
  const bool target_at_top = at_top_level();
  block_path_.push_back(next_block_id_++);
  ++loop_depth_;
  std::function<void(const ast::Expr&, const Item&)> bind = [&](const ast::Expr& target, const Item& it) {
    if (!it.parts.empty() && (target.kind == ast::ExprKind::Tuple || target.kind == ast::ExprKind::List)) {
      const auto& elts = target.kind == ast::ExprKind::Tuple ? ast::as<ast::TupleExpr>(target).elts
                                                             : ast::as<ast::ListExpr>(target).elts;
      if (elts.size() != it.parts.size()) {
        D().error(target.span, "cannot unpack " + std::to_string(it.parts.size()) + " values into " +
                                   std::to_string(elts.size()) + " names");
        return;
      }
      for (size_t i = 0; i < elts.size(); ++i) bind(*elts[i], it.parts[i]);
      return;
    }
    ir::ExprPtr value;
    if (it.parts.empty()) {
      value = it.value();
    } else {
      std::function<ir::ExprPtr(const Item&)> make = [&](const Item& x) -> ir::ExprPtr {
        if (x.parts.empty()) return x.value();
        std::vector<TypeRef> ts;
        auto t = std::make_unique<ir::TupleMake>(nullptr, s);
        for (const auto& p : x.parts) {
          auto e = make(p);
          if (!e) return nullptr;
          ts.push_back(e->type);
          t->elements.push_back(std::move(e));
        }
        t->type = types::tuple(ts);
        return t;
      };
      value = make(it);
    }
    if (!value) return;
    rebinding_at_top_ = target_at_top;
    assign(target, std::move(value), f.span, loop->body, false);
    rebinding_at_top_ = false;
  };
  bind(*f.target, item);
  if (body) {
    body(loop->body);
  } else {
    block(f.body, loop->body);
  }
  --loop_depth_;
  block_path_.pop_back();
  out.push_back(std::move(loop));
  // The Python line is echoed once, above the first statement the loop made.
  for (size_t i = first_new; i < out.size(); ++i) out[i]->echo_line = i == first_new;
}

}  // namespace py2cuda::infer
