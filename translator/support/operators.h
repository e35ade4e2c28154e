// Python operators, shared by the AST, the type rules and the IR.
#pragma once

#include <string_view>

namespace py2cuda {

enum class BinOp { Add, Sub, Mul, TrueDiv, FloorDiv, Mod, Pow, LShift, RShift, BitAnd, BitOr, BitXor, MatMul };
enum class UnaryOp { Neg, Pos, Invert, Not };
enum class CmpOp { Lt, LtE, Gt, GtE, Eq, NotEq, Is, IsNot, In, NotIn };

std::string_view python_spelling(BinOp op);
std::string_view python_spelling(UnaryOp op);
std::string_view python_spelling(CmpOp op);

}  // namespace py2cuda
