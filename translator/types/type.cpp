#include "types/type.h"

#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <utility>

// The runtime's float16 conversions (header-only), so frozen values round as the program does.
#include "py2cuda/half.h"

namespace py2cuda {

// Owns every Type. Lookups key on the structure; the returned pointers stay
// valid for the life of the process.
class TypeTable {
 public:
  static TypeTable& instance() {
    static TypeTable table;
    return table;
  }

  TypeRef scalar(TypeKind kind, int bits, bool is_signed) {
    auto key = std::make_tuple(static_cast<int>(kind), bits, is_signed);
    std::lock_guard<std::mutex> lock(mu_);
    auto it = scalars_.find(key);
    if (it != scalars_.end()) return it->second;
    auto t = std::unique_ptr<Type>(new Type());
    t->kind_ = kind;
    t->bits_ = bits;
    t->signed_ = is_signed;
    return scalars_[key] = keep(std::move(t));
  }

  TypeRef array(TypeRef dtype, int ndim, Layout layout, bool readonly, bool device) {
    auto key = std::make_tuple(dtype, ndim, static_cast<int>(layout), readonly, device);
    std::lock_guard<std::mutex> lock(mu_);
    auto it = arrays_.find(key);
    if (it != arrays_.end()) return it->second;
    auto t = std::unique_ptr<Type>(new Type());
    t->kind_ = TypeKind::Array;
    t->elem_ = dtype;
    t->ndim_ = ndim;
    t->layout_ = layout;
    t->readonly_ = readonly;
    t->device_ = device;
    return arrays_[key] = keep(std::move(t));
  }

  TypeRef host_object(const std::string& name) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = objects_.find(name);
    if (it != objects_.end()) return it->second;
    auto t = std::unique_ptr<Type>(new Type());
    t->kind_ = TypeKind::HostObject;
    t->name_ = name;
    return objects_[name] = keep(std::move(t));
  }

  void set_object_bases(std::map<TypeRef, TypeRef> bases) {
    std::lock_guard<std::mutex> lock(mu_);
    object_bases_ = std::move(bases);
  }

  TypeRef object_base(TypeRef t) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = object_bases_.find(t);
    return it == object_bases_.end() ? nullptr : it->second;
  }

  TypeRef optional(TypeRef value) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = optionals_.find(value);
    if (it != optionals_.end()) return it->second;
    auto t = std::unique_ptr<Type>(new Type());
    t->kind_ = TypeKind::Optional;
    t->elem_ = value;
    return optionals_[value] = keep(std::move(t));
  }

  TypeRef dynamic_number(TypeRef widened) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = dynamics_.find(widened);
    if (it != dynamics_.end()) return it->second;
    auto t = std::unique_ptr<Type>(new Type());
    t->kind_ = TypeKind::Dynamic;
    t->elem_ = widened;
    return dynamics_[widened] = keep(std::move(t));
  }

  TypeRef dict(TypeRef key, TypeRef value, const std::string& dict_class) {
    std::lock_guard<std::mutex> lock(mu_);
    auto k = std::make_tuple(key, value, dict_class);
    auto it = dicts_.find(k);
    if (it != dicts_.end()) return it->second;
    auto t = std::unique_ptr<Type>(new Type());
    t->kind_ = TypeKind::Dict;
    t->elem_ = key;
    t->value_ = value;
    t->name_ = dict_class;
    return dicts_[k] = keep(std::move(t));
  }

  TypeRef list(TypeRef element, ListKind kind) {
    std::lock_guard<std::mutex> lock(mu_);
    auto key = std::make_pair(element, kind);
    auto it = lists_.find(key);
    if (it != lists_.end()) return it->second;
    auto t = std::unique_ptr<Type>(new Type());
    t->kind_ = TypeKind::List;
    t->elem_ = element;
    t->list_kind_ = kind;
    return lists_[key] = keep(std::move(t));
  }

  TypeRef tuple(std::vector<TypeRef> elems, bool list_display) {
    std::lock_guard<std::mutex> lock(mu_);
    auto key = std::make_pair(elems, list_display);
    auto it = tuples_.find(key);
    if (it != tuples_.end()) return it->second;
    auto t = std::unique_ptr<Type>(new Type());
    t->kind_ = TypeKind::Tuple;
    t->elems_ = elems;
    t->list_display_ = list_display;
    return tuples_[key] = keep(std::move(t));
  }

 private:
  TypeRef keep(std::unique_ptr<Type> t) {
    all_.push_back(std::move(t));
    return all_.back().get();
  }
  std::mutex mu_;
  std::vector<std::unique_ptr<Type>> all_;
  std::map<std::tuple<int, int, bool>, TypeRef> scalars_;
  std::map<std::tuple<TypeRef, int, int, bool, bool>, TypeRef> arrays_;
  std::map<std::string, TypeRef> objects_;
  std::map<TypeRef, TypeRef> object_bases_;  // set_object_bases
  std::map<std::pair<std::vector<TypeRef>, bool>, TypeRef> tuples_;
  std::map<TypeRef, TypeRef> optionals_;
  std::map<TypeRef, TypeRef> dynamics_;
  std::map<std::tuple<TypeRef, TypeRef, std::string>, TypeRef> dicts_;
  std::map<std::pair<TypeRef, ListKind>, TypeRef> lists_;
};

bool Type::is_uniform_tuple() const {
  if (kind_ != TypeKind::Tuple || elems_.empty()) return false;
  for (TypeRef e : elems_) {
    if (e != elems_[0]) return false;
  }
  return true;
}

static const char* layout_name(Layout l) {
  switch (l) {
    case Layout::C: return "C";
    case Layout::F: return "F";
    case Layout::A: return "A";
  }
  return "A";
}

std::string Type::str() const {
  switch (kind_) {
    case TypeKind::Boolean: return "bool";
    case TypeKind::Integer: return std::string(signed_ ? "int" : "uint") + std::to_string(bits_);
    case TypeKind::Float: return "float" + std::to_string(bits_);
    case TypeKind::Complex: return "complex" + std::to_string(bits_);
    case TypeKind::None: return "none";
    case TypeKind::Range: return "range";
    case TypeKind::Record: return "xoroshiro128p";
    case TypeKind::Optional: return "OptionalType(" + elem_->str() + ")";
    case TypeKind::Dynamic: return "number of a type chosen by path (" + elem_->str() + " at widest)";
    case TypeKind::GridGroup: return "GridGroup";
    case TypeKind::String: return "unicode_type";
    case TypeKind::HostObject: return name_;
    case TypeKind::Dict: {
      const std::string cls = name_.empty() ? "DictType" : name_;
      return elem_ ? cls + "[" + elem_->str() + "," + value_->str() + "]"
                   : cls + "[undefined," + (value_ ? value_->str() : std::string("undefined")) + "]";
    }
    case TypeKind::List:
      if (list_kind_ == ListKind::SizedTuple) return "tuple(" + elem_->str() + " x n)";
      if (list_kind_ == ListKind::Set) return "reflected set(" + (elem_ ? elem_->str() : std::string("undefined")) + ")";
      return "reflected list(" + (elem_ ? elem_->str() : std::string("undefined")) + ")";
    case TypeKind::Array:
      if (device_) return "DeviceNDArray(" + elem_->str() + ", " + std::to_string(ndim_) + "d, " + layout_name(layout_) + ")";
      return std::string(readonly_ ? "readonly " : "") + "array(" + elem_->str() + ", " + std::to_string(ndim_) + "d, " + layout_name(layout_) + ")";
    case TypeKind::Tuple: {
      if (list_display_) {  // Numba's spelling of a list of one type; py2cuda also keeps mixed ones
        std::string s = "list(";
        for (size_t i = 0; i < elems_.size() && (i == 0 || !is_uniform_tuple()); ++i) s += (i ? ", " : "") + elems_[i]->str();
        return s + ")";
      }
      if (is_uniform_tuple()) {
        return "UniTuple(" + elems_[0]->str() + " x " + std::to_string(elems_.size()) + ")";
      }
      std::string s = "Tuple(";
      for (size_t i = 0; i < elems_.size(); ++i) {
        if (i) s += ", ";
        s += elems_[i]->str();
      }
      return s + ")";
    }
  }
  return "?";
}

std::string Type::signature_str() const {
  if (kind_ == TypeKind::Boolean) return "boolean";
  if (kind_ == TypeKind::Record) return "xoroshiro128p_type";
  if (kind_ == TypeKind::Tuple) {
    if (is_uniform_tuple()) return "UniTuple(" + elems_[0]->signature_str() + ", " + std::to_string(elems_.size()) + ")";
    std::string s = "Tuple(";
    for (size_t i = 0; i < elems_.size(); ++i) s += (i ? ", " : "") + elems_[i]->signature_str();
    return s + ")";
  }
  if (kind_ != TypeKind::Array) return str();
  std::string s = elem_->signature_str() + "[";
  for (int d = 0; d < ndim_; ++d) {
    if (d) s += ", ";
    bool contiguous = (layout_ == Layout::C && d == ndim_ - 1) || (layout_ == Layout::F && d == 0);
    s += contiguous ? "::1" : ":";
  }
  return s + "]";
}

namespace types {

TypeRef boolean() { return TypeTable::instance().scalar(TypeKind::Boolean, 8, false); }
TypeRef integer(int bits, bool is_signed) { return TypeTable::instance().scalar(TypeKind::Integer, bits, is_signed); }
TypeRef int8() { return integer(8, true); }
TypeRef int16() { return integer(16, true); }
TypeRef int32() { return integer(32, true); }
TypeRef int64() { return integer(64, true); }
TypeRef uint8() { return integer(8, false); }
TypeRef uint16() { return integer(16, false); }
TypeRef uint32() { return integer(32, false); }
TypeRef uint64() { return integer(64, false); }
TypeRef floating(int bits) { return TypeTable::instance().scalar(TypeKind::Float, bits, true); }
TypeRef float16() { return floating(16); }
TypeRef float32() { return floating(32); }
TypeRef float64() { return floating(64); }
TypeRef complex(int bits) { return TypeTable::instance().scalar(TypeKind::Complex, bits, true); }
TypeRef complex64() { return complex(64); }
TypeRef complex128() { return complex(128); }
TypeRef complex_part(TypeRef t) { return floating(t->bits() / 2); }
TypeRef none() { return TypeTable::instance().scalar(TypeKind::None, 0, false); }
TypeRef range() { return TypeTable::instance().scalar(TypeKind::Range, 0, false); }
TypeRef xoroshiro128p() { return TypeTable::instance().scalar(TypeKind::Record, 128, false); }
TypeRef grid_group() { return TypeTable::instance().scalar(TypeKind::GridGroup, 0, false); }
TypeRef array(TypeRef dtype, int ndim, Layout layout, bool readonly) {
  return TypeTable::instance().array(dtype, ndim, layout, readonly, false);
}
TypeRef device_array(TypeRef dtype, int ndim, Layout layout) {
  return TypeTable::instance().array(dtype, ndim, layout, false, true);
}
TypeRef with_device(TypeRef a, bool device) {
  return TypeTable::instance().array(a->dtype(), a->ndim(), a->layout(), a->is_readonly(), device);
}
TypeRef string() { return TypeTable::instance().scalar(TypeKind::String, 0, false); }
TypeRef host_object(const std::string& name) { return TypeTable::instance().host_object(name); }
void set_object_bases(std::map<TypeRef, TypeRef> bases) { TypeTable::instance().set_object_bases(std::move(bases)); }
TypeRef object_base(TypeRef t) { return TypeTable::instance().object_base(t); }
TypeRef tuple(std::vector<TypeRef> elements) { return TypeTable::instance().tuple(std::move(elements), false); }
TypeRef list_display(std::vector<TypeRef> elements) { return TypeTable::instance().tuple(std::move(elements), true); }
TypeRef dict(TypeRef key, TypeRef value, const std::string& dict_class) {
  return TypeTable::instance().dict(key, value, dict_class);
}
TypeRef dict_like(TypeRef d, TypeRef key, TypeRef value) { return dict(key, value, d->dict_class()); }
TypeRef list(TypeRef element) { return TypeTable::instance().list(element, ListKind::List); }
TypeRef sized_tuple(TypeRef element) { return TypeTable::instance().list(element, ListKind::SizedTuple); }
TypeRef set(TypeRef element) { return TypeTable::instance().list(element, ListKind::Set); }
TypeRef list_like(TypeRef list_type, TypeRef element) {
  return list_type->is_set() ? set(element) : list_type->is_sized_tuple() ? sized_tuple(element) : list(element);
}
TypeRef dynamic_number(TypeRef widened) {
  return TypeTable::instance().dynamic_number(widened->is_dynamic() ? widened->dtype() : widened);
}
TypeRef optional(TypeRef value) { return value->is_optional() ? value : TypeTable::instance().optional(value); }

double round_to_float(double v, TypeRef t) {
  // The runtime's double -> binary16 conversion rounds once, as numpy does (and,
  // unlike _Float16, builds with every compiler: clang before 15 lacks it on x86).
  if (t->bits() == 16) return static_cast<double>(half_bits::to_float(half_bits::from_double(v)));
  if (t->bits() == 32) return static_cast<double>(static_cast<float>(v));
  return v;
}

TypeRef scalar_by_name(const std::string& name) {
  static const std::map<std::string, TypeRef (*)()> names = {
      {"boolean", boolean}, {"bool_", boolean},   {"b1", boolean},     {"bool", boolean},
      {"int8", int8},       {"i1", int8},         {"byte", int8},      {"int16", int16},
      {"i2", int16},        {"short", int16},     {"int32", int32},    {"i4", int32},
      {"intc", int32},      {"int64", int64},     {"i8", int64},       {"intp", int64},
      {"int_", int64},      {"long", int64},      {"longlong", int64}, {"uint8", uint8},
      {"u1", uint8},        {"ubyte", uint8},     {"uint16", uint16},  {"u2", uint16},
      {"ushort", uint16},   {"uint32", uint32},   {"u4", uint32},      {"uintc", uint32},
      {"uint64", uint64},   {"u8", uint64},       {"uintp", uint64},   {"uint", uint64},
      {"ulonglong", uint64}, {"float16", float16}, {"f2", float16},   {"half", float16},
      {"float32", float32}, {"f4", float32},    {"single", float32},
      {"float64", float64}, {"f8", float64},      {"double", float64}, {"float_", float64},
      {"complex64", complex64}, {"c8", complex64},    {"csingle", complex64}, {"complex128", complex128},
      {"c16", complex128},  {"cdouble", complex128}, {"complex_", complex128},
  };
  auto it = names.find(name);
  return it == names.end() ? nullptr : it->second();
}

const std::vector<TypeRef>& all_scalars() {
  static const std::vector<TypeRef> all = {boolean(), int8(),   int16(),  int32(),   int64(),  uint8(),
                                           uint16(),  uint32(), uint64(), float16(), float32(), float64()};
  return all;
}

}  // namespace types
}  // namespace py2cuda
