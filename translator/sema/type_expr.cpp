// Numba type expressions: `float32`, `float32[:, ::1]`, `void(int64[:], int32)`.
// The same code reads decorator signature strings (parsed as Python
// expressions), numba type objects in decorators, and annotations.
#include "sema/module_info.h"

namespace py2cuda::sema {

namespace {

// The numba/numpy type name an expression denotes ("float32", "void"), or "".
std::string type_name(const ModuleInfo& info, const ast::Expr& e) {
  std::string path = resolve_path(info, e);
  if (path.empty() && e.kind == ast::ExprKind::Name) {
    // Inside signature strings Numba resolves names in its own namespace,
    // whatever the module imported.
    return ast::as<ast::Name>(e).id;
  }
  // numba.cuda re-exports numba's type objects (cuda.float32, cuda.void).
  for (const char* prefix : {"numba.cuda.types.", "numba.cuda.", "numba.", "numpy."}) {
    std::string p(prefix);
    if (path.rfind(p, 0) == 0 && path != "numba.cuda.random.xoroshiro128p_type") return path.substr(p.size());
  }
  return path.empty() ? "" : path == "numba.cuda.random.xoroshiro128p_type" ? "xoroshiro128p_type" : "?" + path;
}

bool is_unit_step(const ast::Slice& s) {
  return s.step && s.step->kind == ast::ExprKind::IntLit && ast::as<ast::IntLit>(*s.step).value == 1;
}

bool is_plain_slice(const ast::Slice& s) { return !s.lower && !s.upper && (!s.step || is_unit_step(s)); }

std::string describe(const ast::Expr& e) {
  if (e.kind == ast::ExprKind::Name) return ast::as<ast::Name>(e).id;
  if (e.kind == ast::ExprKind::Attribute) {
    const auto& a = ast::as<ast::Attribute>(e);
    return describe(*a.value) + "." + a.attr;
  }
  return "this expression";
}

TypeRef array_type(const ModuleInfo& info, const ast::Subscript& sub, Diagnostics& diags) {
  TypeRef dtype = type_from_expr(info, *sub.value, diags);
  if (!dtype) return nullptr;
  if (!dtype->is_numeric() && !dtype->is_record()) {
    diags.error(sub.value->span, "array element type must be a scalar type, not " + dtype->str());
    return nullptr;
  }
  std::vector<const ast::Slice*> dims;
  if (sub.index->kind == ast::ExprKind::Slice) {
    dims.push_back(&ast::as<ast::Slice>(*sub.index));
  } else if (sub.index->kind == ast::ExprKind::Tuple) {
    for (const auto& e : ast::as<ast::TupleExpr>(*sub.index).elts) {
      if (e->kind != ast::ExprKind::Slice) {
        diags.error(e->span, "array type dimensions are written ':' or '::1', as in float32[:, ::1]");
        return nullptr;
      }
      dims.push_back(&ast::as<ast::Slice>(*e));
    }
  } else {
    diags.error(sub.index->span, "array type dimensions are written ':' or '::1', as in float32[:, ::1]");
    return nullptr;
  }
  for (const ast::Slice* s : dims) {
    if (!is_plain_slice(*s)) {
      diags.error(s->span, "array type dimensions are written ':' or '::1', as in float32[:, ::1]");
      return nullptr;
    }
  }
  int ndim = static_cast<int>(dims.size());
  if (ndim > 3) {
    diags.error(sub.span, "arrays of more than 3 dimensions are not supported (got " + std::to_string(ndim) + ")");
    return nullptr;
  }
  Layout layout = Layout::A;
  if (is_unit_step(*dims.back())) layout = Layout::C;
  else if (ndim > 1 && is_unit_step(*dims.front())) layout = Layout::F;
  for (int d = 0; d < ndim; ++d) {
    bool allowed = (layout == Layout::C && d == ndim - 1) || (layout == Layout::F && d == 0);
    if (is_unit_step(*dims[d]) && !allowed) {
      diags.error(dims[d]->span, "'::1' may only mark the first or the last dimension");
      return nullptr;
    }
  }
  return types::array(dtype, ndim, layout);
}

}  // namespace

TypeRef type_from_expr(const ModuleInfo& info, const ast::Expr& expr, Diagnostics& diags) {
  switch (expr.kind) {
    case ast::ExprKind::Name:
    case ast::ExprKind::Attribute: {
      std::string name = type_name(info, expr);
      if (name == "void" || name == "none") return types::none();
      if (name == "xoroshiro128p_type") return types::xoroshiro128p();
      if (TypeRef t = types::scalar_by_name(name)) return t;
      if (expr.kind == ast::ExprKind::Name) {
        // `nbtype = float32` (at module level, or in the function that defines the kernel, as
        // numba-cuda's test_freevar writes it): the type the name is bound to.
        auto it = info.globals.find(ast::as<ast::Name>(expr).id);
        if (it != info.globals.end() && it->second.kind == Symbol::Kind::Constant && it->second.value_expr &&
            (it->second.value_expr->kind == ast::ExprKind::Attribute ||
             (it->second.value_expr->kind == ast::ExprKind::Name &&
              ast::as<ast::Name>(*it->second.value_expr).id != ast::as<ast::Name>(expr).id))) {
          return type_from_expr(info, *it->second.value_expr, diags);
        }
      }
      diags.error(expr.span, "unknown type '" + describe(expr) + "'");
      return nullptr;
    }
    case ast::ExprKind::Subscript: return array_type(info, ast::as<ast::Subscript>(expr), diags);
    case ast::ExprKind::StrLit: {
      // An annotation written as a string: "float32[:]" is not parsed again here.
      diags.error(expr.span, "string type annotations are not supported; write the numba type itself");
      return nullptr;
    }
    case ast::ExprKind::NoneLit: return types::none();
    case ast::ExprKind::Call: {
      // UniTuple(float32, 2) and Tuple(float32, int64), as Numba spells tuple types.
      const auto& call = ast::as<ast::Call>(expr);
      std::string name = type_name(info, *call.func);
      if (name == "UniTuple" && call.args.size() == 2 && call.args[1]->kind == ast::ExprKind::IntLit) {
        TypeRef elem = type_from_expr(info, *call.args[0], diags);
        uint64_t n = ast::as<ast::IntLit>(*call.args[1]).value;
        if (!elem) return nullptr;
        if (n == 0 || n > 64) {
          diags.error(call.args[1]->span, "UniTuple length must be between 1 and 64");
          return nullptr;
        }
        return types::tuple(std::vector<TypeRef>(n, elem));
      }
      if (name == "Tuple" && !call.args.empty()) {
        std::vector<TypeRef> elems;
        const std::vector<ast::ExprPtr>* items = &call.args;
        if (call.args.size() == 1 && call.args[0]->kind == ast::ExprKind::Tuple) items = &ast::as<ast::TupleExpr>(*call.args[0]).elts;
        for (const auto& a : *items) {
          TypeRef t = type_from_expr(info, *a, diags);
          if (!t) return nullptr;
          elems.push_back(t);
        }
        return types::tuple(std::move(elems));
      }
      if (name == "CPointer") {
        diags.error(expr.span, "CPointer parameters (raw device addresses, as from __cuda_array_interface__) are not "
                               "supported; pass the device array itself and type the parameter as an array, "
                               "uint8[:]");
        return nullptr;
      }
      diags.error(expr.span, "expected a numba type such as float32, float32[:] or UniTuple(float32, 2)");
      return nullptr;
    }
    default:
      diags.error(expr.span, "expected a numba type such as float32 or float32[:]");
      return nullptr;
  }
}

bool is_type_expression(const ModuleInfo& info, const ast::Expr& expr) {
  switch (expr.kind) {
    case ast::ExprKind::Name:
    case ast::ExprKind::Attribute: {
      // numba's type objects only: np.float32 is a NumPy scalar type, a host value's maker.
      if (resolve_path(info, expr).rfind("numba.", 0) != 0) return false;
      std::string name = type_name(info, expr);
      return name == "void" || name == "none" || name == "xoroshiro128p_type" || name == "CPointer" ||
             name == "UniTuple" || name == "Tuple" || types::scalar_by_name(name) != nullptr;
    }
    case ast::ExprKind::Subscript: return is_type_expression(info, *ast::as<ast::Subscript>(expr).value);
    case ast::ExprKind::Call: {
      // void(int32[:]) is a signature; float32(1.5) converts a value.
      const auto& call = ast::as<ast::Call>(expr);
      if (!is_type_expression(info, *call.func)) return false;
      const bool counted = type_name(info, *call.func) == "UniTuple";  // UniTuple(float32, 2)
      for (const auto& a : call.args) {
        if (!is_type_expression(info, *a) && !(counted && a->kind == ast::ExprKind::IntLit)) return false;
      }
      return call.keywords.empty();
    }
    case ast::ExprKind::Tuple: {
      const auto& elts = ast::as<ast::TupleExpr>(expr).elts;
      if (elts.empty()) return false;
      for (const auto& e : elts) {
        if (!is_type_expression(info, *e)) return false;
      }
      return true;
    }
    default: return false;
  }
}

std::optional<Signature> signature_from_expr(const ModuleInfo& info, const ast::Expr& expr, Diagnostics& diags) {
  Signature sig;
  const std::vector<ast::ExprPtr>* params = nullptr;
  if (expr.kind == ast::ExprKind::Call) {
    const auto& call = ast::as<ast::Call>(expr);
    if (!call.keywords.empty() || call.has_star_args) {
      diags.error(expr.span, "invalid signature: parameter types are listed without names or stars");
      return std::nullopt;
    }
    sig.return_type = type_from_expr(info, *call.func, diags);
    if (!sig.return_type) return std::nullopt;
    params = &call.args;
  } else if (expr.kind == ast::ExprKind::Tuple) {
    params = &ast::as<ast::TupleExpr>(expr).elts;
  } else {
    diags.error(expr.span,
                "invalid signature: expected 'return_type(arg_types...)' or '(arg_types...)', as in "
                "\"void(float32[:], int64)\"");
    return std::nullopt;
  }
  bool ok = true;
  for (const auto& p : *params) {
    TypeRef t = type_from_expr(info, *p, diags);
    if (!t) {
      ok = false;
      continue;
    }
    if (t->is_none()) {
      diags.error(p->span, "invalid signature: 'void' is only a return type");
      ok = false;
      continue;
    }
    sig.params.push_back(t);
  }
  if (!ok) return std::nullopt;
  sig.text = sig.return_type ? (sig.return_type->is_none() ? "void" : sig.return_type->signature_str()) : "";
  sig.text += "(";
  for (size_t i = 0; i < sig.params.size(); ++i) sig.text += (i ? ", " : "") + sig.params[i]->signature_str();
  sig.text += ")";
  return sig;
}

}  // namespace py2cuda::sema
