#include "support/operators.h"

namespace py2cuda {

std::string_view python_spelling(BinOp op) {
  switch (op) {
    case BinOp::Add: return "+";
    case BinOp::Sub: return "-";
    case BinOp::Mul: return "*";
    case BinOp::TrueDiv: return "/";
    case BinOp::FloorDiv: return "//";
    case BinOp::Mod: return "%";
    case BinOp::Pow: return "**";
    case BinOp::LShift: return "<<";
    case BinOp::RShift: return ">>";
    case BinOp::BitAnd: return "&";
    case BinOp::BitOr: return "|";
    case BinOp::BitXor: return "^";
    case BinOp::MatMul: return "@";
  }
  return "?";
}

std::string_view python_spelling(UnaryOp op) {
  switch (op) {
    case UnaryOp::Neg: return "-";
    case UnaryOp::Pos: return "+";
    case UnaryOp::Invert: return "~";
    case UnaryOp::Not: return "not";
  }
  return "?";
}

std::string_view python_spelling(CmpOp op) {
  switch (op) {
    case CmpOp::Lt: return "<";
    case CmpOp::LtE: return "<=";
    case CmpOp::Gt: return ">";
    case CmpOp::GtE: return ">=";
    case CmpOp::Eq: return "==";
    case CmpOp::NotEq: return "!=";
    case CmpOp::Is: return "is";
    case CmpOp::IsNot: return "is not";
    case CmpOp::In: return "in";
    case CmpOp::NotIn: return "not in";
  }
  return "?";
}

}  // namespace py2cuda
