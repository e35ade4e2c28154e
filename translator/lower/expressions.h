// IR expressions -> C++ expression text.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/ir.h"

namespace py2cuda::lower {

// A literal's C++ spelling. `typed_ints` wraps integer literals in their type
// (`int64_t(5)`), as needed where overloads must see the exact type.
std::string literal(const ir::Const& c, bool typed_ints);

// The literal a conversion of a literal (or of such a conversion) folds to, or
// nullptr (a float to an integer is left to the C++ conversion).
std::unique_ptr<ir::Const> fold_cast(const ir::Cast& c);

class ExprPrinter {
 public:
  // `host_code`: printing host code, where arrays are owning host/device arrays.
  // `error_model`: the function's, which decides whether dividing by zero raises.
  explicit ExprPrinter(bool host_code = false, ir::ErrorModel error_model = ir::ErrorModel::Numpy)
      : host_code_(host_code), error_model_(error_model) {}
  std::string print(const ir::Expr& e);

 private:
  bool host_code_;
  ir::ErrorModel error_model_;
  // `/`, `//` or `%` of scalars under a raising error model, or "" where C++'s operator
  // (or the NumPy-semantics runtime function) is what the function's error model does.
  std::string raising_division(const ir::Binary& b);
  std::string launch(const ir::Launch& l);
  // `needed`: the precedence the context requires; wraps in parentheses below it.
  std::string print(const ir::Expr& e, int needed);
  std::string call_args(const std::vector<ir::ExprPtr>& args);
  // An operand of an operator whose other operand is `sibling` (or none).
  std::string operand(const ir::Expr& e, int needed, const ir::Expr* sibling);
  static std::string wrap(std::string s, int own, int needed);
};

}  // namespace py2cuda::lower
