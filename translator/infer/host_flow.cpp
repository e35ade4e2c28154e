// Host code's numbers across control flow. CPython gives a name the type of its last
// assignment; py2cuda gives each C++ variable one type. Straight-line code at a function's
// top level gets a new variable per type (assign_name). A loop, an if or a try at the top
// level (a flow region) that rebinds a number bound before it to a number of another type
// gets a version of its own from its entry: code before the region keeps the name's type
// (`total = 0; print(total)` prints 0), and the region and what follows it see the type
// the region's assignments widen it to (`total += v` of a float: float64). Where a value of
// one type then meets a variable of another that prints otherwise (an int on one path, a
// float on another; the value before an if whose branch is not taken), py2cuda cannot
// print it as CPython would on every path, and says so with a located warning. A loop of
// no iteration is the one such path left unwarned (enter_flow_region says why).
#include "infer/function_builder.h"

namespace py2cuda::infer {

namespace {

// Python shows these two numbers differently: a bool, an int and a float print apart
// (True, 1, 1.0), and so do NumPy's float32 and float64 (0.1 and 0.10000000149011612).
// Integers of other widths print alike.
bool prints_differently(TypeRef a, TypeRef b) {
  if (a == b || !a->is_number() || !b->is_number()) return false;
  if (a->kind() != b->kind()) return true;
  return a->is_float() && a->bits() != b->bits();
}

std::string python_kind(TypeRef t) {
  if (t->is_bool()) return "a bool";
  if (t->is_int()) return "an int (" + t->str() + ")";
  return "a float (" + t->str() + ")";
}

const char* region_word(const ast::Stmt& s) {
  switch (s.kind) {
    case ast::StmtKind::For:
    case ast::StmtKind::While: return "loop";
    case ast::StmtKind::If: return "if statement";
    default: return "try statement";
  }
}

}  // namespace

bool FunctionBuilder::opens_flow_region(const ast::Stmt& s) const {
  switch (s.kind) {
    case ast::StmtKind::For:
    case ast::StmtKind::While:
    case ast::StmtKind::Try: return true;
    case ast::StmtKind::If: return !is_main_guard(ast::as<ast::If>(s));
    default: return false;
  }
}

void FunctionBuilder::enter_flow_region(const ast::Stmt& s, ir::Block& out) {
  flow_region_ = &s;
  bound_before_region_.clear();
  for (const std::string& id : bound_this_pass_) bound_before_region_[id] = binding(id);
  auto wanted = region_versions_.find(&s);
  if (wanted == region_versions_.end()) return;
  for (const std::string& id : wanted->second) {
    if (!bound_this_pass_.count(id)) continue;
    const std::string before = binding(id);
    auto it = env_.find(before);
    if (it == env_.end() || !it->second->is_number()) continue;
    // Keyed by the region's place, as straight-line code's versions are by theirs.
    const std::string key = place_key(id, s.span);
    version_of_[id] = key;
    assign_type(key, it->second, s.span);
    ir::Variable* from = variable(before);
    ir::Variable* v = variable(key);
    if (!from->type || !v->type) continue;  // still being inferred
    note_use(from, false, nullptr);
    ir::ExprPtr value = std::make_unique<ir::VarRef>(from, s.span);
    if (v->type != from->type) {
      // A loop is not warned at: compiled Numba holds a loop-widened number in the wider type
      // too, and CPython shows the difference only after a loop whose assignments never ran,
      // which would make the warning fire on every accumulation loop (`total = 0` then
      // `total += v`). A branch not taken is an ordinary path, so an if or a try is.
      const bool may_skip_often = s.kind == ast::StmtKind::If || s.kind == ast::StmtKind::Try;
      if (!final_ && may_skip_often && prints_differently(from->type, v->type)) dynamic_number_candidate(key);
      if (final_ && may_skip_often && prints_differently(from->type, v->type)) {
        D().warning(s.span, "'" + id + "' is " + python_kind(from->type) + " before this " + region_word(s) +
                                " and " + python_kind(v->type) + " where the " + region_word(s) +
                                " assigns it; py2cuda holds it as " + v->type->str() +
                                " from here on, so where no assignment of the " + region_word(s) +
                                " runs (no iteration, another branch) it prints as " + v->type->str() +
                                " where CPython keeps the type it had before");
      }
      value = std::make_unique<ir::Cast>(v->type, std::move(value), s.span);
    }
    auto st = std::make_unique<ir::Assign>(std::make_unique<ir::VarRef>(v, s.span), std::move(value), s.span);
    note_use(v, true, st.get());
    out.push_back(std::move(st));
  }
}

bool FunctionBuilder::needs_region_version(const std::string& id, TypeRef value_type) {
  if (final_ || !flow_region_ || at_top_level() || !value_type->is_number()) return false;
  auto before = bound_before_region_.find(id);
  if (before == bound_before_region_.end() || before->second != binding(id)) return false;
  auto it = env_.find(before->second);
  if (it == env_.end() || !it->second->is_number() || it->second == value_type) return false;
  // Only a rebinding that widens the name's type: `i += 1` of an int leaves it one, and
  // `x = 1` of a float x is stored as a float (warn_merged_number says so).
  TypeRef widened = rules::unify(it->second, value_type);
  if (!widened || widened == it->second) return false;
  region_versions_[flow_region_].insert(id);
  changed_ = true;
  restart_typing_ = true;
  return true;
}

void FunctionBuilder::warn_merged_number(const std::string& id, const std::string& key, TypeRef value_type,
                                         TypeRef variable_type, Span s) {
  if (!prints_differently(value_type, variable_type)) return;
  if (!final_) {
    dynamic_number_candidate(key);
    return;
  }
  D().warning(s, "'" + id + "' is assigned " + python_kind(value_type) + " here and " + python_kind(variable_type) +
                     " on another path that reaches the same code (a branch, another iteration); py2cuda holds it "
                     "as " + variable_type->str() + ", so after this assignment it prints as " +
                     variable_type->str() + " where CPython prints " + python_kind(value_type) +
                     ": give it one type on every path (e.g. float(...))");
}

void FunctionBuilder::dynamic_number_candidate(const std::string& key) {
  if (!dynamic_numbers_.count(key)) dynamic_candidates_.insert(key);
}

bool FunctionBuilder::promote_dynamic_numbers() {
  // Only a pass whose types have settled says which variables differ by path: an earlier
  // pass may see a variable before a loop widened it.
  if (dynamic_candidates_.empty()) return false;
  dynamic_numbers_.insert(dynamic_candidates_.begin(), dynamic_candidates_.end());
  dynamic_candidates_.clear();
  return true;
}

std::string FunctionBuilder::place_key(const std::string& id, Span s) const {
  return id + "@" + std::to_string(s.line) + ":" + std::to_string(s.col) + unrolled_copy_;
}

}  // namespace py2cuda::infer
