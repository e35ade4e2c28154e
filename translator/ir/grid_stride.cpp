#include "ir/grid_stride.h"

#include <set>
#include <string>

#include "ir/effects.h"

namespace py2cuda::ir {

namespace {

// The launch geometry: cuda.grid, cuda.gridsize, threadIdx, blockIdx, blockDim, gridDim, warpsize.
bool geometry(const BuiltinCall& c) {
  return c.args.empty() && (c.pattern.rfind("py2cuda::grid", 0) == 0 || c.pattern.find("Idx.") != std::string::npos ||
                            c.pattern.find("Dim.") != std::string::npos || c.pattern == "py2cuda::warpsize");
}

// Whether `e`, computed again later in the same thread, gives the same value and does nothing
// else: no array element, call or effect, only variables, constants, shapes, the geometry and
// arithmetic on them (a kernel's division by zero gives a value, NumPy's error model).
bool recomputable(const Expr& e) {
  auto sub = [](const ExprPtr& x) { return x && recomputable(*x); };
  switch (e.kind) {
    case ExprKind::Const:
    case ExprKind::Var:
    case ExprKind::Global: return true;
    case ExprKind::Cast: return sub(static_cast<const Cast&>(e).operand);
    case ExprKind::Unary: return sub(static_cast<const Unary&>(e).operand);
    case ExprKind::Binary: return sub(static_cast<const Binary&>(e).left) && sub(static_cast<const Binary&>(e).right);
    case ExprKind::Compare: return sub(static_cast<const Compare&>(e).left) && sub(static_cast<const Compare&>(e).right);
    case ExprKind::Logical: return sub(static_cast<const Logical&>(e).left) && sub(static_cast<const Logical&>(e).right);
    case ExprKind::Select: {
      const auto& s = static_cast<const Select&>(e);
      return sub(s.cond) && sub(s.then_value) && sub(s.else_value);
    }
    // An array's shape is the same for the whole launch.
    case ExprKind::Shape: return sub(static_cast<const Shape&>(e).array);
    case ExprKind::Size: return sub(static_cast<const Size&>(e).array);
    case ExprKind::TupleMake: {
      for (const auto& x : static_cast<const TupleMake&>(e).elements) {
        if (!sub(x)) return false;
      }
      return true;
    }
    case ExprKind::TupleGet: return sub(static_cast<const TupleGet&>(e).tuple);
    case ExprKind::Builtin: return geometry(static_cast<const BuiltinCall&>(e));
    default: return false;
  }
}

// cuda.gridsize(1), one dimension of cuda.gridsize(2|3), or a variable the prefix set to one.
bool grid_size(const Expr& e, const std::set<const Variable*>& grid_size_vars) {
  switch (e.kind) {
    case ExprKind::Builtin: return static_cast<const BuiltinCall&>(e).pattern.rfind("py2cuda::gridsize", 0) == 0;
    case ExprKind::Cast: return grid_size(*static_cast<const Cast&>(e).operand, grid_size_vars);
    case ExprKind::TupleGet: return grid_size(*static_cast<const TupleGet&>(e).tuple, grid_size_vars);
    case ExprKind::Var: return grid_size_vars.count(static_cast<const VarRef&>(e).var) > 0;
    default: return false;
  }
}

// Whether `e` calls a function of the user's that may have an effect (Function::call_has_effects),
// shared memory among them: the runtime runs several blocks' trips in turn on one OS thread, so
// a __shared__ array a called function keeps would be shared between them.
bool calls_with_effects(const Expr& e) {
  if (e.kind == ExprKind::Call) {
    const Function* callee = static_cast<const Call&>(e).callee;
    if (!callee || callee->call_has_effects) return true;
  }
  return any_operand(e, calls_with_effects);
}

// Whether trips of a loop whose body is `b` are independent but for memory: no `return`, no
// `break` of the loop itself (`nested`: inside a nested loop, whose own break is fine), no
// cuda.local.array, no call of a function with effects, and every variable assigned declared in `b` (a fresh C++ variable each trip).
// `declared` collects those declarations; statements are visited in order, so a variable is
// declared before its later assignments are checked.
bool trips_independent(const Block& b, bool nested, std::set<const Variable*>& declared) {
  auto effects = [](const ExprPtr& e) { return e && calls_with_effects(*e); };
  for (const auto& s : b) {
    switch (s->kind) {
      case StmtKind::Assign: {
        const auto& a = static_cast<const Assign&>(*s);
        if (a.value->kind == ExprKind::LocalArray || effects(a.target) || effects(a.value)) return false;
        if (a.target->kind != ExprKind::Var) break;  // a store into an array: memory
        const Variable* v = static_cast<const VarRef&>(*a.target).var;
        if (a.declare) declared.insert(v);
        if (!declared.count(v)) return false;
        break;
      }
      case StmtKind::If: {
        const auto& i = static_cast<const If&>(*s);
        if (effects(i.cond)) return false;
        // A declaration inside a branch is scoped to it, and so fresh each trip as well.
        if (!trips_independent(i.then_body, nested, declared) || !trips_independent(i.else_body, nested, declared))
          return false;
        break;
      }
      case StmtKind::ForRange: {
        const auto& l = static_cast<const ForRange&>(*s);
        if (!l.declare_counter || l.target != l.counter || effects(l.start) || effects(l.stop) || effects(l.step))
          return false;
        declared.insert(l.counter);
        if (!trips_independent(l.body, true, declared)) return false;
        break;
      }
      case StmtKind::While:
        if (effects(static_cast<const While&>(*s).cond)) return false;
        if (!trips_independent(static_cast<const While&>(*s).body, true, declared)) return false;
        break;
      case StmtKind::Break:
        if (!nested) return false;
        break;
      case StmtKind::Return:
      case StmtKind::Try: return false;
      case StmtKind::Expr:
        if (effects(static_cast<const ExprStmt&>(*s).value)) return false;
        break;
      case StmtKind::Continue: break;
    }
  }
  return true;
}

// Whether `f`, a kernel run in loop mode, ends in a loop that may run trip-major; marks it.
void mark(Function& f) {
  if (f.body.empty() || f.body.back()->kind != StmtKind::ForRange) return;
  auto& loop = static_cast<ForRange&>(*f.body.back());
  std::set<const Variable*> prefix_vars, grid_size_vars;
  for (size_t k = 0; k + 1 < f.body.size(); ++k) {
    if (f.body[k]->kind != StmtKind::Assign) return;
    const auto& a = static_cast<const Assign&>(*f.body[k]);
    if (a.target->kind != ExprKind::Var || !recomputable(*a.value)) return;
    const Variable* v = static_cast<const VarRef&>(*a.target).var;
    if (a.has_compound_op || prefix_vars.count(v)) {  // assigned twice: no longer just its first value
      grid_size_vars.erase(v);
    } else if (grid_size(*a.value, grid_size_vars)) {
      grid_size_vars.insert(v);
    }
    prefix_vars.insert(v);
  }
  if (loop.step_sign <= 0 || loop.target != loop.counter || !loop.declare_counter ||
      !grid_size(*loop.step, grid_size_vars) || !recomputable(*loop.start) || !recomputable(*loop.stop))
    return;
  std::set<const Variable*> declared{loop.counter};
  if (!trips_independent(loop.body, false, declared)) return;
  loop.grid_stride = true;
  f.grid_stride = true;
}

}  // namespace

void mark_grid_stride_loops(Module& module) {
  for (auto& f : module.functions) {
    if (f->is_kernel && !f->uses_barrier && !f->uses_warp_ops && !f->cooperative) mark(*f);
  }
}

}  // namespace py2cuda::ir
