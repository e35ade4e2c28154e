// py2cuda's types, modelled on Numba's so that messages read the way Numba
// users expect: `float32`, `array(float32, 2d, C)`, `UniTuple(int64 x 2)`.
//
// Types are interned: there is one object per distinct type for the life of
// the process, so they are compared by pointer and passed as `TypeRef`.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace py2cuda {

enum class TypeKind {
  Boolean,
  Integer,
  Float,
  Complex,  // complex64 / complex128: two floats / two doubles
  Array,
  Tuple,  // UniTuple when all elements are the same type
  None,   // the type of `None` and of a function that returns nothing
  Range,  // the value of range(...) before iteration; never stored
  Record, // a structured dtype; for now only numba.cuda.random's xoroshiro128p state
  Optional,  // a value or None: what a function returning both gives (Numba's OptionalType)
  GridGroup,  // cuda.cg.this_grid()'s value (Numba's GridGroup)
  String,     // a str in host code (Numba's unicode_type): literals, f-strings, dtype names
  HostObject, // an object of host code with no arithmetic: a CUDA stream, an event, a module
  Dict,       // a dict of host code, one key type and one value type (Numba's DictType)
  List,       // a growable Python list of one element type in host code (Numba's reflected list)
  Dynamic,    // a host number whose Python/NumPy type differs by path (runtime DynamicNumber)
};

enum class Layout { C, F, A };

// The three containers of TypeKind::List: what indexing, methods and printing they have.
enum class ListKind { List, SizedTuple, Set };

class Type;
using TypeRef = const Type*;

class Type {
 public:
  TypeKind kind() const { return kind_; }
  bool is_bool() const { return kind_ == TypeKind::Boolean; }
  bool is_int() const { return kind_ == TypeKind::Integer; }
  bool is_float() const { return kind_ == TypeKind::Float; }
  // bool, ints and floats: what arithmetic accepts.
  bool is_number() const { return is_bool() || is_int() || is_float(); }
  bool is_complex() const { return kind_ == TypeKind::Complex; }
  // Real numbers and complex numbers: what array elements, casts and the
  // arithmetic operators accept (the math functions take real numbers only).
  bool is_numeric() const { return is_number() || is_complex(); }
  bool is_scalar() const { return is_number(); }
  bool is_array() const { return kind_ == TypeKind::Array; }
  bool is_tuple() const { return kind_ == TypeKind::Tuple; }
  bool is_none() const { return kind_ == TypeKind::None; }
  bool is_record() const { return kind_ == TypeKind::Record; }
  bool is_optional() const { return kind_ == TypeKind::Optional; }
  bool is_grid_group() const { return kind_ == TypeKind::GridGroup; }
  bool is_string() const { return kind_ == TypeKind::String; }
  bool is_host_object() const { return kind_ == TypeKind::HostObject; }
  bool is_dict() const { return kind_ == TypeKind::Dict; }
  // `{}` before an assignment `d[k] = v` tells its key and value types.
  bool is_untyped_dict() const { return kind_ == TypeKind::Dict && !elem_; }
  bool is_list() const { return kind_ == TypeKind::List; }
  // A host number whose Python/NumPy type is chosen at run time (`best = 0.0` then `best = v`
  // of a float32 array: a float on one path, an np.float32 on another); dtype() is the static
  // type the paths widen to, what a use that needs one static type converts it to.
  bool is_dynamic() const { return kind_ == TypeKind::Dynamic; }
  // A list whose element type nothing has told yet (`xs = []` before its first append).
  bool is_untyped_list() const { return kind_ == TypeKind::List && !elem_; }
  // A tuple of one element type whose length is known only when the program runs (the
  // tuples `zip(*pairs)` gives): a List to py2cuda, printed with parentheses.
  bool is_sized_tuple() const { return kind_ == TypeKind::List && list_kind_ == ListKind::SizedTuple; }
  // A Python set of one element type in host code (Numba's reflected set): a List to the
  // code that only reads items (len, `in`, loops, sorted, sum), with its own methods,
  // operators and printing, and no indexing.
  bool is_set() const { return kind_ == TypeKind::List && list_kind_ == ListKind::Set; }
  // An array in GPU memory (Numba's DeviceNDArray: what cuda.to_device returns). Inside a
  // kernel every array is one; the flag tells host code's two kinds of array apart.
  bool is_device_array() const { return kind_ == TypeKind::Array && device_; }

  // Integer, Float and Complex (64 or 128 for complex)
  int bits() const { return bits_; }
  bool is_signed() const { return signed_; }

  // Array: the element type; Optional: the type of the value; Dynamic: the widened type; List: the element type
  // (null for a list whose element type is not known yet)
  TypeRef dtype() const { return elem_; }
  // Dict: the key and value types (null for an untyped `{}`)
  TypeRef key_type() const { return elem_; }
  TypeRef value_type() const { return value_; }
  // Dict: which of Python's dict classes: "" (dict), "defaultdict" (a missing key read is
  // stored with the value type's zero: int() 0, list() []) or "Counter" (a missing key
  // reads 0, not stored). The two print as their class does.
  const std::string& dict_class() const { return name_; }
  int ndim() const { return ndim_; }
  Layout layout() const { return layout_; }
  // A frozen module-level NumPy array (Numba's "readonly array"): never stored to.
  bool is_readonly() const { return readonly_; }

  // HostObject: what it is ("Stream", "Event")
  const std::string& object_name() const { return name_; }

  // Tuple
  const std::vector<TypeRef>& elements() const { return elems_; }
  bool is_uniform_tuple() const;
  // A tuple made by a list display (`[1, 2, 3]` in host code): py2cuda keeps host lists as
  // tuples of their values, and this tells print(), str() and formatting to show brackets.
  bool is_list_display() const { return list_display_; }

  // Numba's spelling: "int64", "array(float32, 1d, C)", "UniTuple(int64 x 2)".
  std::string str() const;
  // The spelling in Numba signature syntax: "float32[:, ::1]", "int64".
  std::string signature_str() const;

 private:
  friend class TypeTable;
  Type() = default;
  TypeKind kind_ = TypeKind::None;
  int bits_ = 0;
  bool signed_ = false;
  TypeRef elem_ = nullptr;
  TypeRef value_ = nullptr;
  int ndim_ = 0;
  Layout layout_ = Layout::A;
  bool readonly_ = false;
  bool device_ = false;
  bool list_display_ = false;
  ListKind list_kind_ = ListKind::List;
  std::string name_;
  std::vector<TypeRef> elems_;
};

// Constructors of interned types.
namespace types {
TypeRef boolean();
TypeRef integer(int bits, bool is_signed);
TypeRef int8();
TypeRef int16();
TypeRef int32();
TypeRef int64();
TypeRef uint8();
TypeRef uint16();
TypeRef uint32();
TypeRef uint64();
TypeRef float16();
TypeRef float32();
TypeRef float64();
TypeRef floating(int bits);
TypeRef complex64();
TypeRef complex128();
// complex64 or complex128 by total width.
TypeRef complex(int bits);
// The float type of each part of a complex type: float32 for complex64.
TypeRef complex_part(TypeRef complex_type);
TypeRef none();
TypeRef range();
// The record dtype of numba.cuda.random's generator states (two uint64 words).
TypeRef xoroshiro128p();
// The cooperative group of every thread of the grid: cuda.cg.this_grid().
TypeRef grid_group();
TypeRef array(TypeRef dtype, int ndim, Layout layout, bool readonly = false);
// The same array in GPU memory (a DeviceNDArray of host code) or in host memory.
TypeRef device_array(TypeRef dtype, int ndim, Layout layout);
TypeRef with_device(TypeRef array, bool device);
TypeRef string();
TypeRef host_object(const std::string& name);
// The program's class hierarchy (infer/module_builder.cpp sets it per module): the host object
// an instance of a derived class also is (its base class's instance), or null.
void set_object_bases(std::map<TypeRef, TypeRef> bases);
TypeRef object_base(TypeRef t);
TypeRef tuple(std::vector<TypeRef> elements);
// The tuple a list display of these values is kept as (Type::is_list_display).
TypeRef list_display(std::vector<TypeRef> elements);
// A host dict of these key and value types; dict(nullptr, nullptr) is an empty `{}` whose
// types later assignments tell.
TypeRef dict(TypeRef key, TypeRef value, const std::string& dict_class = "");
// `d`'s dict class with these key and value types.
TypeRef dict_like(TypeRef d, TypeRef key, TypeRef value);
// A growable host list of `element` values; nullptr: the type of `[]` until an append,
// extend or assignment tells its element type (unify() then gives the typed list).
TypeRef list(TypeRef element);
// A tuple of `element` values whose length is known only at run time (Type::is_sized_tuple).
TypeRef sized_tuple(TypeRef element);
// A host set of `element` values; nullptr: the type of `set()` until an add or update tells
// its element type.
TypeRef set(TypeRef element);
// A container of `list_type`'s kind (list, sized tuple or set) holding `element` values.
TypeRef list_like(TypeRef list_type, TypeRef element);
// A host number whose type differs by path, `widened` the static type its paths unify to.
TypeRef dynamic_number(TypeRef widened);
// `value` or None; optional(optional(T)) is optional(T).
TypeRef optional(TypeRef value);

// `v` rounded (to nearest, ties to even) to the float type `t`: float16,
// float32 or float64 (unchanged).
double round_to_float(double v, TypeRef t);

// Looks up a scalar type by Numba/NumPy name: "float32", "f4", "int_", "intp",
// "bool_", "double", "uint", ... Returns nullptr if unknown.
TypeRef scalar_by_name(const std::string& name);
// Every scalar type, in Numba's order, for tables and tests.
const std::vector<TypeRef>& all_scalars();
}  // namespace types

}  // namespace py2cuda
