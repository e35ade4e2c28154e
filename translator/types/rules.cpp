#include "types/rules.h"

#include <algorithm>
#include <array>
#include <string>

namespace py2cuda::rules {

namespace {

bool int_like(TypeRef t) { return t->is_int() || t->is_bool(); }

// Numba's integer operator templates exist only for int64 and uint64; any
// narrower operand converts to one of them, and a signed operand makes the
// result signed (choose_result_int). bool counts as signed here.
TypeRef int_result(TypeRef a, TypeRef b) {
  bool both_unsigned = a->is_int() && !a->is_signed() && b->is_int() && !b->is_signed();
  return both_unsigned ? types::uint64() : types::int64();
}

TypeRef float_result(TypeRef a, TypeRef b) {
  return fits_float32(a) && fits_float32(b) ? types::float32() : types::float64();
}

// numba-cuda types +, -, * and / of float16 with float16, int8 or bool as
// float16 (its fp16 operator templates accept operands that convert to float16
// exactly or safely); every other pair involving float16 falls through to the
// generic templates, where float16 converts to float32 like int8.
bool half_arithmetic(TypeRef a, TypeRef b) {
  auto fits = [](TypeRef t) { return t->is_bool() || (t->is_int() && t->bits() == 8 && t->is_signed()) || t == types::float16(); };
  return (a == types::float16() || b == types::float16()) && fits(a) && fits(b);
}

// Numba's complex operator templates exist for complex64 and complex128; a
// real operand converts to complex64 when it converts to float32 (float32,
// int8, int16, uint8, bool), else to complex128.
TypeRef complex_result(TypeRef a, TypeRef b) {
  auto fits64 = [](TypeRef t) { return t == types::complex64() || fits_float32(t); };
  return fits64(a) && fits64(b) ? types::complex64() : types::complex128();
}

}  // namespace

namespace {

// The scalar types of Numba's casting rules, as indices into the closure below.
constexpr std::array<std::string_view, 14> kCastTypes = {
    "bool",   "int8",   "int16",   "int32",   "int64",   "uint8",     "uint16",
    "uint32", "uint64", "float16", "float32", "float64", "complex64", "complex128"};

int cast_index(TypeRef t) {
  for (size_t i = 0; i < kCastTypes.size(); ++i) {
    if (t == types::scalar_by_name(std::string(kCastTypes[i]))) return static_cast<int>(i);
  }
  return -1;
}

using CastTable = std::array<std::array<Conversion, kCastTypes.size()>, kCastTypes.size()>;

// numba/cuda/typeconv/rules.py (_init_casting_rules), then the closure: the kind
// of a chain is its loosest step, and the strictest chain between two types wins
// (tests/data/numba_math_signatures.tsv holds Numba's own table of every pair).
const CastTable& cast_table() {
  static const CastTable table = [] {
    CastTable t;
    for (auto& row : t) row.fill(Conversion::None);
    auto at = [&](std::string_view a, std::string_view b) -> Conversion& {
      auto index = [](std::string_view n) { return std::find(kCastTypes.begin(), kCastTypes.end(), n) - kCastTypes.begin(); };
      return t[index(a)][index(b)];
    };
    // Each rule: the forward kind, and the backward kind (None: no way back).
    auto rule = [&](std::string_view a, std::string_view b, Conversion forward, Conversion backward) {
      at(a, b) = std::min(at(a, b), forward);
      at(b, a) = std::min(at(b, a), backward);
    };
    using C = Conversion;
    rule("bool", "int8", C::Safe, C::Unsafe);
    rule("bool", "uint8", C::Safe, C::Unsafe);
    rule("int8", "int16", C::Promote, C::Unsafe);
    rule("uint8", "uint16", C::Promote, C::Unsafe);
    rule("int16", "int32", C::Promote, C::Unsafe);
    rule("uint16", "uint32", C::Promote, C::Unsafe);
    rule("int32", "int64", C::Promote, C::Unsafe);
    rule("uint32", "uint64", C::Promote, C::Unsafe);
    rule("uint8", "int16", C::Safe, C::Unsafe);
    rule("uint16", "int32", C::Safe, C::Unsafe);
    rule("uint32", "int64", C::Safe, C::Unsafe);
    rule("int8", "float16", C::Safe, C::Unsafe);
    rule("int16", "float32", C::Safe, C::Unsafe);
    rule("int32", "float64", C::Safe, C::Unsafe);
    rule("int16", "float16", C::Unsafe, C::Unsafe);
    rule("int32", "float32", C::Unsafe, C::Unsafe);
    rule("int64", "float64", C::Safe, C::Unsafe);  // sic: Numba prefers float64 over int64 in mixed arithmetic
    rule("uint64", "float64", C::Safe, C::Unsafe);
    rule("float16", "float32", C::Promote, C::Unsafe);
    rule("float32", "float64", C::Promote, C::Unsafe);
    rule("float32", "complex64", C::Safe, C::None);
    rule("float64", "complex128", C::Safe, C::None);
    rule("complex64", "complex128", C::Promote, C::Unsafe);
    const size_t n = kCastTypes.size();
    for (size_t k = 0; k < n; ++k) {
      for (size_t i = 0; i < n; ++i) {
        for (size_t j = 0; j < n; ++j) {
          if (i != j) t[i][j] = std::min(t[i][j], std::max(t[i][k], t[k][j]));
        }
      }
    }
    for (size_t i = 0; i < n; ++i) t[i][i] = C::Exact;
    return t;
  }();
  return table;
}

std::vector<std::string_view> split_commas(std::string_view text) {
  std::vector<std::string_view> out;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] == '(') ++depth;
    if (i < text.size() && text[i] == ')') --depth;
    if (i == text.size() || (text[i] == ',' && depth == 0)) {
      std::string_view item = text.substr(start, i - start);
      while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
      if (!item.empty()) out.push_back(item);
      start = i + 1;
    }
  }
  return out;
}

// A type as Numba prints it: a scalar name, "Tuple(a, b)" or "UniTuple(a x n)".
TypeRef parse_numba_type(std::string_view text) {
  if (text.starts_with("Tuple(")) {
    std::vector<TypeRef> elements;
    for (std::string_view e : split_commas(text.substr(6, text.size() - 7))) elements.push_back(parse_numba_type(e));
    return types::tuple(elements);
  }
  if (text.starts_with("UniTuple(")) {
    std::string_view inner = text.substr(9, text.size() - 10);
    size_t x = inner.find(" x ");
    TypeRef element = parse_numba_type(inner.substr(0, x));
    return types::tuple(std::vector<TypeRef>(std::stoul(std::string(inner.substr(x + 3))), element));
  }
  return types::scalar_by_name(std::string(text));
}

}  // namespace

Conversion conversion_kind(TypeRef from, TypeRef to) {
  if (from == to) return Conversion::Exact;
  const int a = cast_index(from), b = cast_index(to);
  return a < 0 || b < 0 ? Conversion::None : cast_table()[a][b];
}

Signature parse_signature(std::string_view text) {
  // The argument list is the last parenthesised group; the result may hold parentheses.
  size_t open = text.size() - 1;
  for (int depth = 0; open > 0; --open) {
    if (text[open] == ')') ++depth;
    if (text[open] == '(' && --depth == 0) break;
  }
  Signature sig{parse_numba_type(text.substr(0, open)), {}};
  for (std::string_view a : split_commas(text.substr(open + 1, text.size() - open - 2))) {
    sig.params.push_back(parse_numba_type(a));
  }
  return sig;
}

int choose_signature(std::span<const Signature> candidates, std::span<const TypeRef> args) {
  int best = -1;
  std::array<int, 3> best_rating{};  // unsafe, safe, promote conversions
  for (size_t c = 0; c < candidates.size(); ++c) {
    const Signature& sig = candidates[c];
    if (sig.params.size() != args.size()) continue;
    std::array<int, 3> rating{};
    bool accepted = true;
    for (size_t i = 0; i < args.size() && accepted; ++i) {
      switch (conversion_kind(args[i], sig.params[i])) {
        case Conversion::Exact: break;
        case Conversion::Promote: ++rating[2]; break;
        case Conversion::Safe: ++rating[1]; break;
        case Conversion::Unsafe: ++rating[0]; break;
        case Conversion::None: accepted = false; break;
      }
    }
    // Strictly better only: a tie keeps the first declared (Numba's stable sort).
    if (accepted && (best < 0 || rating < best_rating)) {
      best = static_cast<int>(c);
      best_rating = rating;
    }
  }
  return best;
}

bool numpy_can_cast_safe(TypeRef from, TypeRef to) {
  if (from == to) return true;
  if (!from->is_numeric() || !to->is_numeric()) return false;
  if (from->is_bool()) return true;
  if (to->is_bool()) return false;
  // The bits of an integer's magnitude, or a float's (and a complex part's) significand.
  auto precision = [](TypeRef t) {
    if (t->is_int()) return t->bits() - (t->is_signed() ? 1 : 0);
    const int bits = t->is_complex() ? t->bits() / 2 : t->bits();
    return bits == 16 ? 11 : bits == 32 ? 24 : 53;
  };
  if (from->is_int()) {
    if (to->is_int()) return to->is_signed() ? to->bits() > from->bits() || (from->is_signed() && to->bits() == from->bits())
                                             : !from->is_signed() && to->bits() >= from->bits();
    // float64 (complex128) takes every integer, int64 included: NumPy calls that safe.
    return precision(to) == 53 || precision(to) >= from->bits();
  }
  if (from->is_float()) {
    if (to->is_float()) return to->bits() >= from->bits();
    return to->is_complex() && to->bits() / 2 >= from->bits();
  }
  return from->is_complex() && to->is_complex() && to->bits() >= from->bits();
}

std::vector<UfuncLoop> parse_ufunc_loops(std::string_view text) {
  auto type_of = [](char c) -> TypeRef {
    switch (c) {
      case '?': return types::boolean();
      case 'b': return types::int8();
      case 'B': return types::uint8();
      case 'h': return types::int16();
      case 'H': return types::uint16();
      case 'i': return types::int32();
      case 'I': return types::uint32();
      case 'l': case 'q': return types::int64();  // long and long long: 64 bits on Linux
      case 'L': case 'Q': return types::uint64();
      case 'e': return types::float16();
      case 'f': return types::float32();
      case 'd': return types::float64();
      case 'F': return types::complex64();
      case 'D': return types::complex128();
      default: return nullptr;  // g, G, O, m, M
    }
  };
  std::vector<UfuncLoop> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view loop = text.substr(start, end - start);
    start = end + 1;
    const size_t arrow = loop.find("->");
    if (arrow == std::string_view::npos || loop.size() != arrow + 3) continue;
    UfuncLoop l{{}, type_of(loop[arrow + 2])};
    bool known = l.output != nullptr;
    for (char c : loop.substr(0, arrow)) {
      l.inputs.push_back(type_of(c));
      known = known && l.inputs.back() != nullptr;
    }
    if (known) out.push_back(std::move(l));
  }
  return out;
}

int choose_ufunc_loop(std::span<const UfuncLoop> loops, std::span<const TypeRef> args) {
  // numpy_support.py's has_mixed_inputs: dtype kinds 'iu' (bool is 'b') and 'cf'.
  const bool any_int = std::any_of(args.begin(), args.end(), [](TypeRef t) { return t->is_int(); });
  const bool any_inexact =
      std::any_of(args.begin(), args.end(), [](TypeRef t) { return t->is_float() || t->is_complex(); });
  const bool mixed = any_int && any_inexact;
  for (size_t k = 0; k < loops.size(); ++k) {
    const UfuncLoop& loop = loops[k];
    if (loop.inputs.size() != args.size()) continue;
    bool viable = true;
    for (size_t i = 0; i < args.size() && viable; ++i) {
      const TypeRef in = loop.inputs[i];
      if (in == types::float16()) viable = false;  // Numba has no float16 loops
      else if (!(mixed && args[i]->is_int() && (in->is_float() || in->is_complex())) &&
               !numpy_can_cast_safe(args[i], in)) {
        viable = false;
      }
    }
    if (viable) return static_cast<int>(k);
  }
  return -1;
}

bool fits_float32(TypeRef t) {
  if (t->is_bool()) return true;
  if (t->is_float()) return t->bits() <= 32;
  if (t->is_int()) return t->bits() <= 8 || (t->bits() == 16 && t->is_signed());
  return false;
}

TypeRef binary_result(BinOp op, TypeRef a, TypeRef b) {
  if (a->is_numeric() && b->is_numeric() && (a->is_complex() || b->is_complex())) {
    bool arithmetic = op == BinOp::Add || op == BinOp::Sub || op == BinOp::Mul || op == BinOp::TrueDiv || op == BinOp::Pow;
    return arithmetic ? complex_result(a, b) : nullptr;  // no //, %, shifts or bitwise ops on complex
  }
  if (!a->is_number() || !b->is_number()) return nullptr;
  bool any_float = a->is_float() || b->is_float();
  switch (op) {
    case BinOp::Add:
    case BinOp::Sub:
    case BinOp::Mul:
      if (half_arithmetic(a, b)) return types::float16();
      [[fallthrough]];
    case BinOp::FloorDiv:
    case BinOp::Mod:
      return any_float ? float_result(a, b) : int_result(a, b);
    case BinOp::TrueDiv:
      if (half_arithmetic(a, b)) return types::float16();
      return any_float ? float_result(a, b) : types::float64();
    case BinOp::Pow:
      if (!any_float) return int_result(a, b);
      // float32 ** integer keeps float32 (Numba's real ** int template);
      // float16 has no such template and computes in float32.
      if (a->is_float() && int_like(b)) return a->bits() == 16 ? types::float32() : a;
      return float_result(a, b);
    case BinOp::LShift:
    case BinOp::RShift:
      if (any_float) return nullptr;
      return a->is_int() && !a->is_signed() ? types::uint64() : types::int64();
    case BinOp::BitAnd:
    case BinOp::BitOr:
    case BinOp::BitXor:
      if (any_float) return nullptr;
      if (a->is_bool() && b->is_bool()) return types::boolean();
      return int_result(a, b);
    case BinOp::MatMul:
      return nullptr;
  }
  return nullptr;
}

TypeRef divmod_operand(TypeRef a, TypeRef b) {
  for (TypeRef t : {a, b}) {
    if (!t->is_int() && !t->is_bool() && !t->is_float()) return nullptr;
    if (t->is_float() && t->bits() == 16) return nullptr;
  }
  if (a->is_float() || b->is_float()) {
    // float32 only beside what converts to it with a promotion or a safe conversion Numba
    // ranks above float64's: bool, int8, int16, uint8 and float32 (checked against njit).
    auto small = [](TypeRef t) {
      return t->is_bool() || (t->is_float() && t->bits() == 32) || (t->is_int() && t->is_signed() && t->bits() <= 16) ||
             (t->is_int() && !t->is_signed() && t->bits() == 8);
    };
    return small(a) && small(b) ? types::float32() : types::float64();
  }
  const bool any_signed = (a->is_int() && a->is_signed()) || (b->is_int() && b->is_signed());
  const bool any_unsigned = (a->is_int() && !a->is_signed()) || (b->is_int() && !b->is_signed());
  const bool any_uint64 = (a->is_int() && !a->is_signed() && a->bits() == 64) || (b->is_int() && !b->is_signed() && b->bits() == 64);
  if (any_signed && any_uint64) return types::float64();  // no integer case holds both
  if (any_unsigned && !any_signed) return types::uint64();
  return types::int64();  // a signed operand, or two bools
}

TypeRef unary_result(UnaryOp op, TypeRef a) {
  if (a->is_complex()) {
    if (op == UnaryOp::Not) return types::boolean();
    return op == UnaryOp::Invert ? nullptr : a;
  }
  if (op == UnaryOp::Not) return a->is_number() ? types::boolean() : nullptr;
  if (!a->is_number()) return nullptr;
  if (a->is_float()) return op == UnaryOp::Invert ? nullptr : a;
  if (a->is_bool()) return op == UnaryOp::Invert ? types::boolean() : types::int64();
  return a->is_signed() ? types::int64() : types::uint64();
}

TypeRef comparison_operand(CmpOp op, TypeRef a, TypeRef b) {
  // Complex numbers have == and != only (Numba, like Python, does not order them).
  if (a->is_complex() || b->is_complex()) {
    if (op != CmpOp::Eq && op != CmpOp::NotEq) return nullptr;
    return a->is_numeric() && b->is_numeric() ? unify(a, b) : nullptr;
  }
  return comparison_operand(a, b);
}

TypeRef comparison_operand(TypeRef a, TypeRef b) {
  if (!a->is_number() || !b->is_number()) return nullptr;
  if (a->is_bool() && b->is_bool()) return types::boolean();
  // Numba's ordered comparisons exist per type; mixed operands meet in
  // NumPy's promoted type, so int64 against uint64 compares as float64
  // (2**63 - 1 < 2**63 is False) and int32 against uint32 as int64.
  return unify(a, b);
}

TypeRef unify(TypeRef a, TypeRef b) {
  if (a == b) return a;
  // None meets a value as Optional(value), and Optionals meet by their values
  // (numba/core/typeconv/rules.py; typing/context.py unify_pairs).
  if (a->is_none() || b->is_none()) {
    TypeRef other = a->is_none() ? b : a;
    // Host code's strings and dicts too: `name = None`, then `name = "..."`.
    return other->is_numeric() || other->is_tuple() || other->is_optional() || other->is_string() ||
                   (other->is_dict() && !other->is_untyped_dict())
               ? types::optional(other)
               : nullptr;
  }
  if (a->is_dynamic() || b->is_dynamic()) {
    // A number whose type differs by path meets a number as such a number of the wider type.
    TypeRef sa = a->is_dynamic() ? a->dtype() : a;
    TypeRef sb = b->is_dynamic() ? b->dtype() : b;
    if (!sa->is_number() || !sb->is_number()) return nullptr;
    TypeRef u = unify(sa, sb);
    return u ? types::dynamic_number(u) : nullptr;
  }
  if (a->is_optional() || b->is_optional()) {
    TypeRef u = unify(a->is_optional() ? a->dtype() : a, b->is_optional() ? b->dtype() : b);
    return u ? types::optional(u) : nullptr;
  }
  if (a->is_numeric() && b->is_numeric() && (a->is_complex() || b->is_complex())) {
    // NumPy's promotion: the parts' float type meets the other operand's.
    TypeRef pa = a->is_complex() ? types::complex_part(a) : a;
    TypeRef pb = b->is_complex() ? types::complex_part(b) : b;
    return types::complex(unify(pa, pb)->bits() * 2);
  }
  if (a->is_number() && b->is_number()) {
    if (a->is_bool()) return b;
    if (b->is_bool()) return a;
    if (a->is_float() || b->is_float()) {
      if (a->is_float() && b->is_float()) return a->bits() >= b->bits() ? a : b;
      TypeRef f = a->is_float() ? a : b;
      TypeRef i = a->is_float() ? b : a;
      // numpy: float32 holds int8/16 and uint8/16 exactly, nothing wider;
      // float16 holds int8 and uint8.
      if (f->bits() == 16 && i->bits() <= 16) return i->bits() <= 8 ? f : types::float32();
      bool small = i->bits() <= 16;
      return f->bits() == 32 && small ? f : types::float64();
    }
    if (a->is_signed() == b->is_signed()) return a->bits() >= b->bits() ? a : b;
    TypeRef s = a->is_signed() ? a : b;
    TypeRef u = a->is_signed() ? b : a;
    if (u->bits() < s->bits()) return s;
    if (u->bits() == 64) return types::float64();
    return types::integer(u->bits() * 2, true);
  }
  if (a->is_dict() && b->is_dict()) {
    // `{}` takes the types of the dict it meets; typed dicts meet only their own type, as
    // Python keeps each value's own type and a conversion would change what prints.
    // A defaultdict or a Counter meets only its own class.
    if (a->dict_class() != b->dict_class()) return nullptr;
    if (a->is_untyped_dict()) return b;
    if (b->is_untyped_dict()) return a;
    // Dicts of lists meet by their lists: `d[k] = []`, then `d[k].append(v)` types the values.
    if (a->key_type() == b->key_type() && a->value_type()->is_list() && b->value_type()->is_list()) {
      TypeRef v = unify(a->value_type(), b->value_type());
      return v ? types::dict_like(a, a->key_type(), v) : nullptr;
    }
    // `d = {}`, then `d["n"] = 3` and `d["name"] = "x"`: host code's dict of mixed values
    // (runtime FormatArg, each value kept with its Python type) takes numbers and strings.
    const TypeRef mixed = types::host_object("FormatArg");
    auto mixable = [&](TypeRef t) { return (t->is_number() && !t->is_complex()) || t->is_string() || t == mixed; };
    if (a->key_type() == b->key_type() && (a->value_type() == mixed || b->value_type() == mixed) &&
        mixable(a->value_type()) && mixable(b->value_type())) {
      return types::dict_like(a, a->key_type(), mixed);
    }
    return nullptr;
  }
  if (a->is_tuple() && b->is_tuple() && a->elements().size() == b->elements().size()) {
    std::vector<TypeRef> elems;
    for (size_t i = 0; i < a->elements().size(); ++i) {
      TypeRef e = unify(a->elements()[i], b->elements()[i]);
      if (!e) return nullptr;
      elems.push_back(e);
    }
    return types::tuple(std::move(elems));
  }
  if (a->is_list() && b->is_list() && a->is_set() == b->is_set()) {
    // `[]` takes the element type its appends give it; two typed lists meet by their elements
    // as Numba's reflected lists do (an int list given a float becomes a float list). Sets
    // likewise, never with a list.
    auto container = [&](TypeRef e) { return a->is_set() ? types::set(e) : types::list(e); };
    if (!a->dtype() || !b->dtype()) return container(a->dtype() ? a->dtype() : b->dtype());
    TypeRef e = unify(a->dtype(), b->dtype());
    return e && !e->is_optional() ? container(e) : nullptr;
  }
  if (a->is_array() && b->is_array() && a->dtype() == b->dtype() && a->ndim() == b->ndim()) {
    // Numba's Array.unify: read-only when either is (a frozen module array).
    // Host code: an array in GPU memory and one in host memory are different objects.
    if (a->is_device_array() != b->is_device_array()) return nullptr;
    TypeRef merged = types::array(a->dtype(), a->ndim(), Layout::A, a->is_readonly() || b->is_readonly());
    return a->is_device_array() ? types::with_device(merged, true) : merged;
  }
  if (a->is_host_object() && b->is_host_object()) {
    // Host code's instances of two classes of one hierarchy meet as their nearest common base.
    for (TypeRef x = a; x; x = types::object_base(x)) {
      for (TypeRef y = b; y; y = types::object_base(y)) {
        if (x == y) return x;
      }
    }
  }
  return nullptr;
}

bool can_convert(TypeRef from, TypeRef to) {
  if (from == to) return true;
  if (to->is_optional()) return from->is_none() || can_convert(from->is_optional() ? from->dtype() : from, to->dtype());
  if (from->is_number() && to->is_number()) return true;
  // A number whose type differs by path converts to and from any number (runtime DynamicNumber).
  if ((from->is_dynamic() || from->is_number()) && (to->is_dynamic() || to->is_number())) return true;
  if (from->is_untyped_dict() && to->is_dict()) return true;
  // An instance of a derived class is an instance of its bases.
  for (TypeRef b = from->is_host_object() ? types::object_base(from) : nullptr; b; b = types::object_base(b)) {
    if (b == to) return true;
  }
  // Real to complex, and between complex widths; never complex to real.
  if (from->is_numeric() && to->is_complex()) return true;
  if (from->is_tuple() && to->is_tuple() && from->elements().size() == to->elements().size()) {
    for (size_t i = 0; i < from->elements().size(); ++i) {
      if (!can_convert(from->elements()[i], to->elements()[i])) return false;
    }
    return true;
  }
  // An empty list is a list of anything; lists convert element by element (a copy).
  if (from->is_list() && to->is_list() && from->is_set() == to->is_set()) {
    return !from->dtype() || (to->dtype() && can_convert(from->dtype(), to->dtype()));
  }
  if (from->is_array() && to->is_array()) {
    // A mutable array may be viewed read-only, never the reverse (Numba's Array.can_convert_to).
    return from->dtype() == to->dtype() && from->ndim() == to->ndim() &&
           (to->layout() == Layout::A || from->layout() == to->layout()) && (!from->is_readonly() || to->is_readonly());
  }
  return false;
}

namespace {

// Whether indexing with `outer` (from outermost to innermost dimension in memory
// order) keeps the kept elements contiguous: integers always do, a slice only as
// the innermost index and without a step.
bool keeps_contiguity(const std::vector<ViewIndex>& outer) {
  for (size_t k = 0; k < outer.size(); ++k) {
    const bool innermost = k + 1 == outer.size();
    if (outer[k] == ViewIndex::Integer) continue;
    if (!(innermost && outer[k] == ViewIndex::Slice)) return false;
  }
  return true;
}

}  // namespace

Layout view_layout(TypeRef array, const std::vector<ViewIndex>& indices) {
  const bool all_given = static_cast<int>(indices.size()) == array->ndim();
  switch (array->layout()) {
    case Layout::C:
      // Integers on the left keep a C array contiguous.
      return keeps_contiguity(indices) ? Layout::C : Layout::A;
    case Layout::F: {
      // Numba puts indices written without an ellipsis on the left: unless every
      // dimension is indexed, the untouched ones are on the right, the
      // contiguous side of an F array, and it gives up.
      if (!all_given) return Layout::A;
      std::vector<ViewIndex> reversed(indices.rbegin(), indices.rend());
      return keeps_contiguity(reversed) ? Layout::F : Layout::A;
    }
    case Layout::A: return Layout::A;
  }
  return Layout::A;
}

}  // namespace py2cuda::rules
