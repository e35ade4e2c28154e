// FunctionBuilder, host code: Python dicts of one key type and one value type (the
// runtime's py2cuda::host::Dict, host/dict.h). A display types its dict from its keys and
// values; an empty `{}` takes the types of the first `d[k] = v` that stores into it, as
// Numba's typed dicts are typed by their first insertion. Keys and values keep the type
// they were given: an int key may be stored as another int type, but no other
// conversion is made, since Python keeps each value as it is and printing would differ.
#include "infer/builtin_typing.h"
#include "infer/function_builder.h"
#include "infer/host_nodes.h"
#include "types/rules.h"

namespace py2cuda::infer {

namespace {

// Whether a key or value of type `from` may be held as `to` without changing what
// Python would print: the same type, or another integer type (tuples element by element).
TypeRef mixed_value_type();
bool mixable(TypeRef t);

bool holds_as(TypeRef from, TypeRef to) {
  if (from == to) return true;
  if (to == mixed_value_type() && mixable(from)) return true;  // kept with its Python type
  if (from->is_untyped_list() && to->is_list()) return true;  // `d[k] = []`, `d.setdefault(k, [])`
  if (from->is_int() && to->is_int()) return true;
  if (from->is_tuple() && to->is_tuple() && from->elements().size() == to->elements().size() &&
      from->is_list_display() == to->is_list_display()) {
    for (size_t i = 0; i < from->elements().size(); ++i) {
      if (!holds_as(from->elements()[i], to->elements()[i])) return false;
    }
    return true;
  }
  return false;
}

// A list display ([1, 2]) is typed as a tuple marked as a list; a dict holding it would print
// it as a tuple, so it is not storable (not in a tuple either).
bool storable(TypeRef t) {
  if (t->is_tuple()) {
    if (t->is_list_display()) return false;
    for (TypeRef e : t->elements()) {
      if (!storable(e)) return false;
    }
    return true;
  }
  // Lists too, `[]` included: their appends through `d[k]` type them (FunctionBuilder::refine_list);
  // and instances of the program's classes (`{"a": Point(1, 2)}`), shared as Python shares them.
  return t->is_number() || t->is_string() || t->is_array() || (t->is_dict() && !t->is_untyped_dict()) || t->is_complex() ||
         t->is_list() || t == mixed_value_type() || !instance_class(t).empty();
}

// A dict whose values are numbers, bools and strings of several types (`{"n": 3, "mean":
// 1.5, "name": "x"}`) holds them as the runtime's FormatArg, which keeps each value's Python
// type: it prints, formats and reprs as that type does. Computing with such a value needs
// its one static type, which py2cuda does not know; the program converts it first.
TypeRef mixed_value_type() { return types::host_object("FormatArg"); }
bool mixable(TypeRef t) {
  return ((t->is_number() && !t->is_complex()) || t->is_dynamic() || t->is_string()) || t == mixed_value_type();
}

// Whether a dict may hold keys of type `kt` and values of type `vt`; if not, the error at the
// key's or the value's span.
bool entry_types_supported(Diagnostics& diags, TypeRef kt, Span key_span, TypeRef vt, Span value_span) {
  if (!hashable(kt)) {
    diags.error(key_span, "a dict key of type " + kt->str() + " is not supported by py2cuda (numbers, strings and tuples of them are)");
    return false;
  }
  if (!storable(vt)) {
    diags.error(value_span, "a dict value of type " + vt->str() + " is not supported by py2cuda" +
                                (vt->is_list_display() ? " (a list: use a tuple or a NumPy array)" : ""));
    return false;
  }
  return true;
}

}  // namespace

// A value stored in a dict of values of type `vt`: converted to it, or kept with its Python
// type in a dict of mixed values (and as the value of a host `or` or conditional expression whose
// operands have no one type, FunctionBuilder::either_type).
ir::ExprPtr FunctionBuilder::dict_value(ir::ExprPtr v, TypeRef vt) {
  if (vt != mixed_value_type() || v->type == vt) return convert(std::move(v), vt);
  const Span s = v->span;
  return call_node(vt, "py2cuda::host::FormatArg({0})", s, args_of(format_argument(std::move(v), s)));
}

// An operand read from a dict of mixed values: its type is known only at run time, so it
// prints and formats but does not compute; false after saying so.
bool FunctionBuilder::mixed_dict_value_operand(ir::ExprPtr& l, ir::ExprPtr& r, Span s) {
  if (l->type != mixed_value_type() && r->type != mixed_value_type()) return true;
  // Beside a number or another such value: the number it holds (a str there is Python's
  // TypeError when the program runs).
  auto numeric = [](TypeRef t) { return t->is_number() || t->is_dynamic() || t == mixed_value_type(); };
  if (numeric(l->type) && numeric(r->type)) {
    l = mixed_dict_number(std::move(l));
    r = mixed_dict_number(std::move(r));
    return true;
  }
  D().error(s, "this value comes from a dict whose values have several types (py2cuda keeps each with its Python type; "
               "beside a number it is the number it holds): convert it first, e.g. float(d[k]), int(d[k]) or str(d[k])");
  return false;
}

ir::ExprPtr FunctionBuilder::mixed_dict_number(ir::ExprPtr v) {
  if (!v || v->type != mixed_value_type()) return v;
  const Span s = v->span;
  return call_node(types::dynamic_number(types::float64()), "py2cuda::host::number_of({0})", s, args_of(std::move(v)));
}

// An empty dict given to a function as an argument and typed there by its stores: the function
// would fill a typed copy, and the caller's dict would stay empty. False after saying so.
bool FunctionBuilder::empty_dict_parameter(const std::string& id, Span s) {
  if (!locals_.count(id) || !vars_.count(binding(id)) || !vars_.at(binding(id))->is_param) return true;
  D().error(s, "'" + id + "' is an empty dict the caller passes, typed only by this function's stores: py2cuda "
               "would fill a copy the caller does not see; give the caller's dict its first entry, or return it");
  return false;
}

ir::ExprPtr FunctionBuilder::dict_display(const ast::DictExpr& d) {
  if (d.keys.empty()) return call_node(types::dict(nullptr, nullptr), kEmptyDictPattern, d.span, {});
  std::vector<ir::ExprPtr> keys, values;
  for (size_t i = 0; i < d.keys.size(); ++i) {
    auto k = expr(*d.keys[i]);
    auto v = growable_list(expr(*d.values[i]));  // {'a': [1, 2]}: a list value
    if (!k || !v) return nullptr;
    keys.push_back(std::move(k));
    values.push_back(std::move(v));
  }
  TypeRef kt = keys[0]->type, vt = values[0]->type;
  for (const auto& v : values) {
    if (vt->is_untyped_dict()) vt = v->type;  // {"a": {}, "b": {1: 2.0}}: the typed one says
  }
  for (size_t i = 1; i < keys.size(); ++i) {
    // Python ints of any width meet as int64.
    if (kt != keys[i]->type && kt->is_int() && keys[i]->type->is_int()) kt = types::int64();
    if (vt != values[i]->type && vt->is_int() && values[i]->type->is_int()) vt = types::int64();
  }
  for (const auto& v : values) {
    if (!holds_as(v->type, vt) && mixable(v->type) && mixable(vt)) vt = mixed_value_type();  // {"n": 3, "mean": 1.5}
  }
  if (!entry_types_supported(D(), kt, keys[0]->span, vt, values[0]->span)) return nullptr;
  std::vector<ir::ExprPtr> args;
  std::string pattern = "py2cuda::host::dict_of<{t0}, {t1}>({";
  for (size_t i = 0; i < keys.size(); ++i) {
    for (auto* x : {&keys[i], &values[i]}) {
      TypeRef want = x == &keys[i] ? kt : vt;
      if ((*x)->type->is_untyped_dict() && want->is_dict() && !want->is_untyped_dict()) (*x)->type = want;
      if (!holds_as((*x)->type, want)) {
        return fail((*x)->span, std::string("py2cuda's dicts hold one ") + (x == &keys[i] ? "key" : "value") +
                                    " type: this " + (x == &keys[i] ? "key" : "value") + " is " + (*x)->type->str() +
                                    ", the first is " + want->str() + " (Python would keep and print each as it is)");
      }
    }
    pattern += std::string(i ? ", " : "") + "{{" + std::to_string(2 * i) + "}, {" + std::to_string(2 * i + 1) + "}}";
    args.push_back(convert(std::move(keys[i]), kt));
    args.push_back(dict_value(std::move(values[i]), vt));
  }
  auto node = call_node(types::dict(kt, vt), pattern + "})", d.span, std::move(args));
  auto& b = static_cast<ir::BuiltinCall&>(*node);
  b.type_args = {kt, vt};
  b.orders_args = true;
  return node;
}

// dict(), dict(other) (a copy), and dict(entries) of (key, value) pairs: a list of 2-tuples,
// zip(keys, values), enumerate(xs).
ir::ExprPtr FunctionBuilder::dict_builtin(const ast::Call& c, const std::string& path, bool& handled) {
  handled = false;
  if (path == "collections.defaultdict" || path == "collections.Counter") {
    handled = true;
    return dict_subclass(c, path.substr(12));
  }
  if (path != "dict" || c.func->kind != ast::ExprKind::Name || locals_.count(path)) return nullptr;
  handled = true;
  if (!c.keywords.empty()) return fail(c.keywords[0].span, "dict() with keyword arguments is not supported by py2cuda");
  if (c.args.size() > 1) return fail(c.span, "dict expected at most 1 argument, got " + std::to_string(c.args.size()));
  if (c.args.empty()) return call_node(types::dict(nullptr, nullptr), kEmptyDictPattern, c.span, {});
  if (c.args[0]->kind == ast::ExprKind::Name || c.args[0]->kind == ast::ExprKind::Attribute) {
    auto v = expr(*c.args[0]);
    if (!v) return nullptr;
    if (TypeRef t = v->type; t->is_dict()) {
      if (t->is_untyped_dict()) return call_node(types::dict(nullptr, nullptr), kEmptyDictPattern, c.span, {});
      if (!t->dict_class().empty()) {  // dict(a_defaultdict): a plain dict of its entries
        return call_node(types::dict(t->key_type(), t->value_type()), "py2cuda::host::plain_dict({0})", c.span,
                         args_of(std::move(v)));
      }
      return call_node(t, "{0}.copy()", c.span, args_of(std::move(v)));
    }
  }
  TypeRef entry = nullptr;
  auto entries = comprehension_items(*c.args[0], entry);
  if (!entries) return nullptr;
  if (!entry->is_tuple() || entry->elements().size() != 2) {
    return fail(c.args[0]->span, "dict() takes (key, value) pairs; these items are " + entry->str());
  }
  TypeRef kt = entry->elements()[0], vt = entry->elements()[1];
  // dict([("a", 1), ("b", 2.5)]): numbers of several types, each kept with its own (FormatArg).
  if (vt->is_dynamic()) vt = mixed_value_type();
  if (!entry_types_supported(D(), kt, c.args[0]->span, vt, c.args[0]->span)) return nullptr;
  return call_node(types::dict(kt, vt), "py2cuda::host::dict_of_entries<{t0}, {t1}>({0})", c.span,
                   args_of(std::move(entries)), {kt, vt});
}

// collections.defaultdict(list/int/float/str/bool) and collections.Counter([iterable]): dicts of
// their class (Type::dict_class). A defaultdict's value type is its factory's; its key type
// comes from the first key read or stored (`counts[w] += 1`). Counter counts in int64.
ir::ExprPtr FunctionBuilder::dict_subclass(const ast::Call& c, const std::string& cls) {
  if (!c.keywords.empty()) return fail(c.keywords[0].span, cls + "() with keyword arguments is not supported by py2cuda");
  if (cls == "defaultdict") {
    static const std::map<std::string, TypeRef> kFactories = {{"list", types::list(nullptr)}, {"int", types::int64()},
                                                              {"float", types::float64()}, {"str", types::string()},
                                                              {"bool", types::boolean()}};
    const ast::Expr* f = c.args.size() == 1 ? c.args[0].get() : nullptr;
    auto it = f && f->kind == ast::ExprKind::Name ? kFactories.find(ast::as<ast::Name>(*f).id) : kFactories.end();
    if (it == kFactories.end() || !is_builtin_name(*f, it->first)) {
      return fail(f ? f->span : c.span, "py2cuda's defaultdict takes one default factory: list, int, float, str or bool");
    }
    return call_node(types::dict(nullptr, it->second, cls),
                     "py2cuda::host::EmptyDict{\"defaultdict(<class '" + it->first + "'>, {})\"}", c.span, {});
  }
  if (c.args.size() > 1) return fail(c.span, "Counter expected at most 1 argument, got " + std::to_string(c.args.size()));
  if (c.args.empty()) {
    return call_node(types::dict(nullptr, types::int64(), cls), "py2cuda::host::EmptyDict{\"Counter()\"}", c.span, {});
  }
  TypeRef item = nullptr;
  auto items = comprehension_items(*c.args[0], item);
  if (!items) return nullptr;
  if (!hashable(item)) return fail(c.args[0]->span, "counting " + item->str() + " values is not supported by py2cuda");
  return call_node(types::dict(item, types::int64(), cls), "py2cuda::host::counter_of<{t0}>({0})", c.span,
                   args_of(std::move(items)), {item});
}

// {k: v for ...}: the comprehension's (key, value) tuples, as a list, set in order into a new
// dict (a repeated key keeps its first place and its last value, as in Python).
ir::ExprPtr FunctionBuilder::dict_comprehension(const ast::ComprehensionExpr& g) {
  auto entries = list_comprehension(g);
  if (!entries) return nullptr;
  TypeRef entry = entries->type->dtype();
  if (!entry || !entry->is_tuple() || entry->elements().size() != 2) {
    return fail(g.span, "the entries of this dict comprehension have different types (py2cuda's dicts hold one key "
                        "type and one value type)");
  }
  const auto& key_value = entry->elements();
  TypeRef kt = key_value[0], vt = key_value[1];
  if (vt->is_dynamic()) vt = mixed_value_type();  // {k: v for k, v in pairs} of mixed numbers
  const ast::Expr* innermost = &g;
  while (innermost->kind == ast::ExprKind::Comprehension) innermost = ast::as<ast::ComprehensionExpr>(*innermost).elt.get();
  const auto& parts = ast::as<ast::TupleExpr>(*innermost).elts;
  if (!entry_types_supported(D(), kt, parts[0]->span, vt, parts[1]->span)) return nullptr;
  return call_node(types::dict(kt, vt), "py2cuda::host::dict_of_entries<{t0}, {t1}>({0})", g.span,
                   args_of(std::move(entries)), {kt, vt});
}

ir::ExprPtr FunctionBuilder::dict_key(ir::ExprPtr key, TypeRef dict, Span s) {
  if (!holds_as(key->type, dict->key_type())) {
    return fail(s, "a key of type " + key->type->str() + " for a dict of " + dict->str() + " (py2cuda's dicts hold one key type)");
  }
  return convert(std::move(key), dict->key_type());
}

ir::ExprPtr FunctionBuilder::dict_item(ir::ExprPtr dict, const ast::Subscript& s) {
  if (dict->type->is_untyped_dict() && !final_ && dict->type->value_type() && s.value->kind == ast::ExprKind::Name &&
      s.index->kind != ast::ExprKind::Slice) {
    // `counts = defaultdict(int)`, then `counts[w] += 1`: the first key read types the keys.
    auto k = expr(*s.index);
    if (!k) return nullptr;
    if (!hashable(k->type)) return fail(s.index->span, "a dict key of type " + k->type->str() + " is not supported by py2cuda");
    const std::string& id = ast::as<ast::Name>(*s.value).id;
    if (!empty_dict_parameter(id, s.value->span)) return nullptr;
    TypeRef typed = types::dict_like(dict->type, k->type, dict->type->value_type());
    if (is_module_container(id)) {
      if (!refine_shared_global(id, typed, s.value->span)) return nullptr;
    } else {
      assign_type(binding(id), typed, s.value->span);
    }
    TypeRef vt = dict->type->value_type();
    return call_node(vt, "{0}.at({1})", s.span, args_of(std::move(dict), std::move(k)));
  }
  if (dict->type->is_untyped_dict()) return fail(s.span, "this dict is empty and its key type unknown here");
  if (s.index->kind == ast::ExprKind::Slice) return fail(s.index->span, "a dict cannot be sliced");
  auto k = expr(*s.index);
  if (!k) return nullptr;
  k = dict_key(std::move(k), dict->type, s.index->span);
  if (!k) return nullptr;
  TypeRef vt = dict->type->value_type();
  return with_effects(call_node(vt, "{0}.at({1})", s.span, args_of(std::move(dict), std::move(k))));
}

bool FunctionBuilder::dict_store(const ast::Subscript& target, ir::ExprPtr& value, Span s, ir::Block& out, bool echo,
                                 bool& handled) {
  handled = false;
  auto d = expr(*target.value);
  if (!d) {
    handled = true;  // reported once, here
    return false;
  }
  if (!d->type->is_dict()) return false;
  handled = true;
  value = growable_list(std::move(value));  // d[k] = [v]: a list value
  auto k = expr(*target.index);
  if (!k) return false;
  if (d->type->is_untyped_dict()) {
    // `d = {}` then `d[k] = v`: the stored key and value type the dict.
    if (!hashable(k->type)) {
      D().error(target.index->span, "a dict key of type " + k->type->str() + " is not supported by py2cuda");
      return false;
    }
    if (!storable(value->type)) {
      D().error(s, "a dict value of type " + value->type->str() + " is not supported by py2cuda");
      return false;
    }
    TypeRef typed = types::dict_like(d->type, k->type, value->type);
    // `self.counts = {}` in __init__, `self.counts[key] = n` in a method: the attribute's type.
    if (refine_instance_attribute(*target.value, typed)) return true;  // typed in the next pass
    if (target.value->kind != ast::ExprKind::Name) {
      D().error(target.value->span, "py2cuda types an empty dict by an assignment to it through its name (or an "
                                    "attribute of self)");
      return false;
    }
    const std::string& id = ast::as<ast::Name>(*target.value).id;
    if (!empty_dict_parameter(id, target.value->span)) return false;
    if (is_module_container(id)) return refine_shared_global(id, typed, target.value->span);
    assign_type(binding(id), typed, target.value->span);
    return true;  // typed in the next pass
  }
  k = dict_key(std::move(k), d->type, target.index->span);
  if (!k) return false;
  TypeRef vt = d->type->value_type();
  if (!holds_as(value->type, vt) && !final_ && mixable(value->type) && mixable(vt) && d->type->dict_class().empty() &&
      target.value->kind == ast::ExprKind::Name && !is_module_container(ast::as<ast::Name>(*target.value).id)) {
    // `stats = {}`, `stats["n"] = 3`, `stats["name"] = "x"`: a dict of mixed values.
    assign_type(binding(ast::as<ast::Name>(*target.value).id), types::dict_like(d->type, d->type->key_type(), mixed_value_type()),
                target.value->span);
    return true;  // typed in the next pass
  }
  if (!holds_as(value->type, vt)) {
    D().error(s, "cannot store a value of type " + value->type->str() + " in a dict of " + d->type->str() +
                     " (py2cuda's dicts hold one value type; Python would keep and print each value as it is)");
    return false;
  }
  auto st = std::make_unique<ir::ExprStmt>(
      with_effects(call_node(types::none(), "{0}.set({1}, {2})", s,
                             args_of(std::move(d), std::move(k), dict_value(std::move(value), vt)))),
      s);
  st->echo_line = echo;
  out.push_back(std::move(st));
  return true;
}

void FunctionBuilder::dict_delete(const ast::Subscript& target, Span s, ir::Block& out) {
  auto d = expr(*target.value);
  if (!d) return;
  if (!d->type->is_dict()) {
    D().error(target.span, "'del' of an element of a " + d->type->str() + " is not supported by py2cuda (of a dict's is)");
    return;
  }
  if (d->type->is_untyped_dict()) {
    D().error(target.span, "this dict is empty and its key type unknown here");
    return;
  }
  auto k = expr(*target.index);
  if (!k) return;
  k = dict_key(std::move(k), d->type, target.index->span);
  if (!k) return;
  out.push_back(std::make_unique<ir::ExprStmt>(
      with_effects(call_node(types::none(), "{0}.erase({1})", s, args_of(std::move(d), std::move(k)))), s));
}

ir::ExprPtr FunctionBuilder::dict_contains(bool negated, ir::ExprPtr key, ir::ExprPtr dict, Span s) {
  if (dict->type->is_untyped_dict()) {
    auto c = std::make_unique<ir::Const>(types::boolean(), s);
    c->b = negated;
    return c;
  }
  if (!holds_as(key->type, dict->type->key_type())) {
    return fail(s, "'in' of a " + key->type->str() + " in a dict of " + dict->type->str() +
                       " (py2cuda's dicts hold one key type)");
  }
  key = convert(std::move(key), dict->type->key_type());
  return call_node(types::boolean(), negated ? "!{0}.contains({1})" : "{0}.contains({1})", s,
                   args_of(std::move(dict), std::move(key)));
}

ir::ExprPtr FunctionBuilder::dict_method(const ast::Call& c, const std::string& method, ir::ExprPtr self) {
  const std::string what = "dict." + method;
  TypeRef dt = self->type;
  if (dt->is_untyped_dict()) {
    // `counts[w] = counts.get(w, 0) + 1` on a `{}`: while types settle, the default stands for
    // the value, and setdefault() stores it; the final pass sees the typed dict.
    if (!final_ && (method == "get" || method == "setdefault" || method == "pop") && c.args.size() == 2) {
      auto k = expr(*c.args[0]);
      auto v = expr(*c.args[1]);
      if (!k || !v) return nullptr;
      const auto& m = ast::as<ast::Attribute>(*c.func);
      if (method == "setdefault" && m.value->kind == ast::ExprKind::Name && hashable(k->type) && storable(v->type)) {
        const std::string& id = ast::as<ast::Name>(*m.value).id;
        TypeRef typed = types::dict_like(dt, k->type, v->type);
        if (is_module_container(id)) {
          if (!refine_shared_global(id, typed, m.value->span)) return nullptr;
        } else {
          assign_type(binding(id), typed, m.value->span);
        }
      }
      return v;
    }
    // `d = {}`, then `d.update(other)`: the other dict's types are d's.
    const auto& m = ast::as<ast::Attribute>(*c.func);
    if (!final_ && method == "update" && c.args.size() == 1 && c.keywords.empty() &&
        m.value->kind == ast::ExprKind::Name) {
      auto other = expr(*c.args[0]);
      if (!other) return nullptr;
      if (other->type->is_dict() && !other->type->is_untyped_dict()) {
        const std::string& id = ast::as<ast::Name>(*m.value).id;
        if (is_module_container(id)) {
          if (!refine_shared_global(id, other->type, m.value->span)) return nullptr;
        } else {
          assign_type(binding(id), other->type, m.value->span);
        }
        return call_node(types::none(), "(void){0}", c.span, args_of(std::move(other)));
      }
    }
    return fail(c.span, what + "() of a dict whose key and value types are not known yet");
  }
  if (!c.keywords.empty()) return fail(c.keywords[0].span, what + "() takes no keyword arguments");
  const size_t n = c.args.size();
  auto arity = [&](size_t lo, size_t hi) {
    if (n >= lo && n <= hi) return true;
    D().error(c.span, what + "() takes " + (lo == hi ? std::to_string(lo) : std::to_string(lo) + " or " + std::to_string(hi)) +
                          " argument" + (hi == 1 ? "" : "s") + ", " + std::to_string(n) + " given");
    return false;
  };
  auto key_arg = [&]() -> ir::ExprPtr {
    auto k = expr(*c.args[0]);
    return k ? dict_key(std::move(k), dt, c.args[0]->span) : nullptr;
  };
  auto value_arg = [&](size_t i) -> ir::ExprPtr {
    auto v = expr(*c.args[i]);
    if (!v) return nullptr;
    if (!holds_as(v->type, dt->value_type())) {
      return fail(c.args[i]->span, what + "() of a " + v->type->str() + " for a dict of " + dt->str() +
                                       " (py2cuda's dicts hold one value type)");
    }
    return dict_value(std::move(v), dt->value_type());
  };
  if (dt->dict_class() == "Counter" && method == "most_common") {
    if (!arity(0, 1)) return nullptr;
    TypeRef entry = types::list(types::tuple({dt->key_type(), types::int64()}));
    if (n == 0) return call_node(entry, "{0}.most_common()", c.span, args_of(std::move(self)));
    auto k = expr(*c.args[0]);
    if (!k) return nullptr;
    if (!k->type->is_int()) return fail(c.args[0]->span, "most_common() takes an int, not " + k->type->str());
    return call_node(entry, "{0}.most_common({1})", c.span, args_of(std::move(self), convert(std::move(k), types::int64())));
  }
  if (dt->dict_class() == "Counter" && method == "total") {
    if (!arity(0, 0)) return nullptr;
    return call_node(types::int64(), "{0}.total()", c.span, args_of(std::move(self)));
  }
  if (dt->dict_class() == "Counter" && method == "update") {
    if (!arity(1, 1)) return nullptr;
    TypeRef item = nullptr;
    auto items = comprehension_items(*c.args[0], item);
    if (!items) return nullptr;
    if (!holds_as(item, dt->key_type())) {
      return fail(c.args[0]->span, "Counter.update() of " + item->str() + " items for a " + dt->str());
    }
    return with_effects(call_node(types::none(), "{0}.count_all({1})", c.span, args_of(std::move(self), std::move(items))));
  }
  if (method == "get" && n == 1) {
    // d.get(k): the value or None, an Optional (printed as None, tested with `is None`).
    auto k = key_arg();
    if (!k) return nullptr;
    if (dt->value_type() == mixed_value_type()) {  // a dict of mixed values holds None as one of them
      return call_node(dt->value_type(), "{0}.get({1}, py2cuda::host::FormatArg(py2cuda::Optional<int64_t>()))", c.span,
                       args_of(std::move(self), std::move(k)));
    }
    return call_node(types::optional(dt->value_type()), "{0}.get({1})", c.span, args_of(std::move(self), std::move(k)));
  }
  if (method == "get" || method == "pop" || method == "setdefault") {
    // d.setdefault(k) without a default would store None, which py2cuda's typed values cannot hold.
    const bool needs_default = method != "pop";
    if (!arity(needs_default ? 2 : 1, 2)) {
      if (needs_default && n == 1) {
        D().error(c.span, what + "(key) gives None for a missing key; py2cuda needs the default value: " + what +
                              "(key, default)");
      }
      return nullptr;
    }
    auto k = key_arg();
    if (!k) return nullptr;
    std::vector<ir::ExprPtr> args = args_of(std::move(self), std::move(k));
    if (n == 2) {
      auto v = value_arg(1);
      if (!v) return nullptr;
      args.push_back(std::move(v));
    }
    auto call =
        call_node(dt->value_type(), "{0}." + method + (n == 2 ? "({1}, {2})" : "({1})"), c.span, std::move(args));
    return method == "get" ? std::move(call) : with_effects(std::move(call));  // pop and setdefault change the dict
  }
  if (method == "clear") {
    if (!arity(0, 0)) return nullptr;
    return with_effects(call_node(types::none(), "{0}.clear()", c.span, args_of(std::move(self))));
  }
  if (method == "copy") {
    if (!arity(0, 0)) return nullptr;
    return call_node(dt, "{0}.copy()", c.span, args_of(std::move(self)));
  }
  if (method == "update") {
    if (!arity(1, 1)) return nullptr;
    auto other = expr(*c.args[0]);
    if (!other) return nullptr;
    if (other->type != dt && !other->type->is_untyped_dict()) {
      return fail(c.args[0]->span, what + "() of a " + other->type->str() + " for a dict of " + dt->str() +
                                       " (py2cuda updates a dict from a dict of the same types)");
    }
    if (other->type->is_untyped_dict()) return call_node(types::none(), "(void){0}", c.span, args_of(std::move(self)));
    return with_effects(
        call_node(types::none(), "{0}.update({1})", c.span, args_of(std::move(self), std::move(other))));
  }
  if (method == "items" || method == "keys" || method == "values") {
    // A view as a value (`print(d.keys())`, `len(d.values())`): printed as Python prints it.
    // Loops, comprehensions, list(), sorted(), min(), max() and `in` read the call itself.
    if (!arity(0, 0)) return nullptr;
    return dict_view(method, std::move(self), c.span);
  }
  return fail(c.func->span, what + "() is not supported by py2cuda");
}

}  // namespace py2cuda::infer
