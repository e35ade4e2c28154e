// IR expressions -> C++ expression text.
#pragma once

#include <memory>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "ir/effects.h"
#include "ir/ir.h"
#include "lower/source_map.h"

namespace py2cuda::lower {

// A literal's C++ spelling. `typed_ints` wraps integer literals in their type
// (`int64_t(5)`), as needed where overloads must see the exact type.
std::string literal(const ir::Const& c, bool typed_ints);

// The literal a conversion of a literal (or of such a conversion) folds to, or
// nullptr (a float to an integer is left to the C++ conversion).
std::unique_ptr<ir::Const> fold_cast(const ir::Cast& c);

// A note (source_map.h) about an expression just printed; the emitter places it on the
// .cu line the text lands on.
struct PendingNote {
  NoteKind kind;
  Span span;  // the IR node's
  std::string reason;
};

class ExprPrinter {
 public:
  // `host_code`: printing host code, where arrays are owning host/device arrays.
  // `error_model`: the function's, which decides whether dividing by zero raises.
  // `notes`: where to record the work the printed C++ adds (for --annotate), or null.
  // `located_subscripts`: each device subscript's first index carries its Python line and
  // column, and whether an assignment stores to it (--exe/--run builds, for --racecheck's reports).
  // `divmod_pairs`: the function's `//` and `%` that share a division (ir/divmod_pairs.h), or null.
  // `divmod_values`: of these, those whose py2cuda::divmod was declared before their statement,
  // with its variable (lower/emit.cpp), or null.
  explicit ExprPrinter(bool host_code = false, ir::ErrorModel error_model = ir::ErrorModel::Numpy,
                       std::vector<PendingNote>* notes = nullptr, bool located_subscripts = false,
                       const std::set<const ir::Binary*>* divmod_pairs = nullptr,
                       const std::map<const ir::Binary*, std::string>* divmod_values = nullptr)
      : host_code_(host_code),
        error_model_(error_model),
        notes_(notes),
        located_subscripts_(located_subscripts),
        divmod_pairs_(divmod_pairs),
        divmod_values_(divmod_values) {}
  std::string print(const ir::Expr& e);
  // An assignment's target; `augmented`: of `target op= value`, however printed (the element
  // is read, then stored), not of `target = value`.
  std::string print_target(const ir::Expr& e, bool augmented);
  // The value an assignment stores or a return returns: a conversion at its top is the
  // store's (one instruction), not a promotion that makes arithmetic run in float64.
  std::string print_stored(const ir::Expr& e);

  // A launch that picks its kernel instance by the types its DynamicNumber arguments hold
  // (ir::Launch::choices), in statements: the configuration and each argument bound once, in
  // order, then one branch per instance, the widest last. A launch written as a statement is
  // emitted as that block; print() writes the same inside one lambda expression.
  struct LaunchChoice {
    std::vector<std::string> bindings;                          // `auto&& name = value;`
    std::vector<std::pair<std::string, std::string>> branches;  // (condition, `launch_...(...);`)
    std::string otherwise;                                      // the widest instance's launch
  };
  LaunchChoice launch_choice(const ir::Launch& l);

  // `py2cuda::divmod(a, b)` of a paired `a // b` or `a % b` (ir/divmod_pairs.h).
  std::string divmod_call(const ir::Binary& b);

 private:
  bool host_code_;
  ir::ErrorModel error_model_;
  std::vector<PendingNote>* notes_;
  bool located_subscripts_;
  const std::set<const ir::Binary*>* divmod_pairs_;
  const std::map<const ir::Binary*, std::string>* divmod_values_;
  bool stored_ = false;  // the node being printed is print_stored()'s
  // The node being printed is an assignment's target: its subscript is marked as stored
  // (`a[i] = v`) or updated (`a[i] += v`) for --racecheck.
  enum class TargetRole { none, stored, updated };
  TargetRole target_role_ = TargetRole::none;
  void note(NoteKind kind, const Span& span, std::string reason);
  // `/`, `//` or `%` of scalars under a raising error model, or "" where C++'s operator
  // (or the NumPy-semantics runtime function) is what the function's error model does.
  std::string raising_division(const ir::Binary& b);
  std::string launch(const ir::Launch& l);
  std::string launch_config(const ir::Launch& l);
  // `needed`: the precedence the context requires; wraps in parentheses below it.
  std::string print(const ir::Expr& e, int needed);
  std::string call_args(const std::vector<ir::ExprPtr>& args, const std::vector<bool>& evaluated_first = {});
  // Which of a call's arguments must be evaluated first, in order, into temporaries (see .cpp).
  // `pattern`: a builtin call's; its arguments written inside a lambda of it (a comprehension's
  // element, evaluated once an item) are never evaluated ahead of the call.
  std::vector<bool> ordered_args(const std::vector<ir::ExprPtr>& args, std::string_view pattern = {}) const;
  ir::EffectRules effect_rules() const;
  // Which of an atomic's index and value operands are evaluated first, in order (see .cpp).
  std::vector<bool> placed_operands(const ir::BuiltinCall& c, std::vector<const ir::Expr*>& operands);
  std::string in_order(const ir::Expr& call, const std::vector<ir::ExprPtr>& args, const std::vector<bool>& first,
                       const std::string& body);
  std::string in_order(const ir::Expr& call, const std::vector<const ir::Expr*>& args, const std::vector<bool>& first,
                       const std::string& body);
  // A binary operator's or comparison's two operands with effects, evaluated left to right
  // into in_order's temporaries; "" where C++'s own order cannot change what happens.
  std::string ordered_operands(const ir::Expr& e, const ir::Expr& left, const ir::Expr& right);
  // Operands ordered_operands evaluated first: printed as their temporaries' names.
  std::map<const ir::Expr*, std::string> evaluated_first_;
  // An operand of an operator whose other operand is `sibling` (or none).
  std::string operand(const ir::Expr& e, int needed, const ir::Expr* sibling);
  static std::string wrap(std::string s, int own, int needed);
};

}  // namespace py2cuda::lower
