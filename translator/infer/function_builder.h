// The two builders behind infer::build_module: one per module, one per
// function instance. Internal to infer/.
#pragma once

#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <set>

#include "builtins/host_table.h"
#include "builtins/table.h"
#include "infer/constant_branches.h"
#include "infer/cpp_names.h"
#include "infer/host_argparse.h"
#include "infer/infer.h"
#include "types/rules.h"

namespace py2cuda::infer {

using sema::FunctionEntry;
using sema::FunctionKind;

class ModuleBuilder;
class HostRowArgs;

// NumPy's ufunc for a binary operator on arrays: "add" for +, "true_divide" for / (infer/host_calls.cpp).
const char* array_ufunc_name(BinOp op);

// `{}` or dict() whose key and value types nothing gives (host/dict.h's EmptyDict).
// A NumPy or Python class passed to a host function as an argument: the parameter's type
// (infer/dtype_classes.cpp), and the class a type names ("" for other types).
TypeRef dtype_tag_type(const std::string& path);
std::string dtype_tag_path(TypeRef t);
// A function passed to a host function as an argument: the parameter's type names it
// (infer/function_values.cpp), and the function a type names (null for other types).

// An instance of the host code class `cls` (infer/host_classes.cpp), and the class a type is an
// instance of ("" for other types).
TypeRef instance_type(const std::string& cls);
std::string instance_class(TypeRef t);

inline constexpr const char* kEmptyDictPattern = "py2cuda::host::EmptyDict{}";
// That pattern, or a defaultdict's or a Counter's never filled, which print as their class does
// (`py2cuda::host::EmptyDict{"Counter()"}`): `{}` where the variable it initialises is typed.
inline bool is_empty_dict_pattern(const std::string& pattern) {
  return pattern.rfind("py2cuda::host::EmptyDict{", 0) == 0;
}

class FunctionBuilder {
 public:
  // `host`: host code (the program's main body, a plain function it calls, a CPU @jit
  // function called from it), typed with the CPU target's and NumPy's rules.
  FunctionBuilder(ModuleBuilder& mb, const FunctionEntry& entry, std::vector<TypeRef> param_types,
                  TypeRef declared_return, bool is_kernel, Diagnostics& diags, bool host = false);
  std::unique_ptr<ir::Function> build();
  std::unique_ptr<ir::Function> build_host_main();
  bool type_body(const std::function<void(ir::Block&)>& walk);

 private:
  // ------------------------------------------------------------ diagnostics
  Diagnostics& D() { return final_ ? diags_ : scratch_; }
  ir::ExprPtr fail(Span s, std::string message) {
    D().error(s, std::move(message));
    return nullptr;
  }
  // An error Numba itself raises for this program (see Diagnostic::numba_rejects).
  ir::ExprPtr numba_rejects(Span s, std::string message) {
    D().error(s, std::move(message)).numba_rejects = true;
    return nullptr;
  }

  // Code the simulator runs but compiled Numba rejects on a GPU: a located warning saying what
  // compiled Numba does and how to write it for both (docs/whole-programs.md lists the cases).
  void not_portable(Span s, const std::string& compiled, const std::string& portable) {
    D().warning(s, "compiled Numba " + compiled + "; the simulator runs it. " + portable);
  }

  // ------------------------------------------------------------ variables
  ir::Variable* variable(const std::string& name) {
    auto it = vars_.find(name);
    if (it != vars_.end()) {
      if (unnamed_versions_.erase(it->second)) {
        it->second->cpp_name = unique_name(cpp_identifier(it->second->name) + "_" +
                                           std::to_string(++versions_named_[it->second->name] + 1));
      }
      return it->second;
    }
    auto v = std::make_unique<ir::Variable>();
    const size_t at = name.find('@');
    v->name = name.substr(0, at);
    // A later binding of a Python name to a new type (host code): its own C++ variable.
    // Its versions are numbered name_2, name_3... in the order they are first typed.
    v->cpp_name = at == std::string::npos
                      ? cpp_identifier(name)
                      : unique_name(cpp_identifier(v->name) + "_" + std::to_string(++versions_named_[v->name] + 1));
    ir::Variable* raw = v.get();
    fn_->variables.push_back(std::move(v));
    vars_[name] = raw;
    return raw;
  }
  ir::Variable* temporary(const std::string& stem, TypeRef type) {
    auto v = std::make_unique<ir::Variable>();
    v->name = "";
    v->cpp_name = unique_name(stem);
    v->type = type;
    ir::Variable* raw = v.get();
    fn_->variables.push_back(std::move(v));
    return raw;
  }
  std::string unique_name(const std::string& stem) {
    std::string name = stem;
    for (int i = 2; taken_names_.count(name) || vars_.count(name); ++i) name = stem + std::to_string(i);
    taken_names_.insert(name);
    return name;
  }
  // Records that `v` appears in the current block; decides where C++ declares it.
  void note_use(ir::Variable* v, bool is_assign, ir::Assign* assign) {
    if (!final_ || v->is_param || v->loop_counter || v->caught_exception) return;
    auto it = decl_path_.find(v);
    if (it == decl_path_.end()) {
      if (is_assign && assign) {
        decl_path_[v] = block_path_;
        decl_stmt_[v] = assign;
      } else {
        decl_path_[v] = {};
        v->hoisted = true;
      }
      return;
    }
    const auto& p = it->second;
    if (v->hoisted) return;
    if (block_path_.size() < p.size() || !std::equal(p.begin(), p.end(), block_path_.begin())) v->hoisted = true;
  }
  // Host code: the key of the binding a Python name refers to now ("out", or "out@2"
  // after `out` was rebound at the top level to a value of another type, which Python
  // allows and Numba's typing does not).
  std::string binding(const std::string& id) const {
    auto it = version_of_.find(id);
    return it == version_of_.end() ? id : it->second;
  }
  bool at_top_level() const { return final_ ? block_path_.size() == 1 : block_path_.empty(); }
  void reset_bindings();  // defined after ModuleBuilder, below

  void assign_type(const std::string& name, TypeRef t, Span s) {
    // A variable whose number type differs by path holds a DynamicNumber (host_flow.cpp).
    if (dynamic_numbers_.count(name)) dynamic_kinds_[name].insert(t->is_number() ? t : nullptr);
    if (t->is_number() && dynamic_numbers_.count(name)) t = types::dynamic_number(t);
    auto it = env_.find(name);
    if (it == env_.end()) {
      env_[name] = t;
      changed_ = true;
      return;
    }
    if (it->second == t) return;
    TypeRef u = rules::unify(it->second, t);
    if (!u) {
      D().error(s, "variable '" + name + "' is assigned values of incompatible types " + it->second->str() +
                       " and " + t->str());
      return;
    }
    if (u != it->second) {
      it->second = u;
      changed_ = true;
      // Device code: the reads after this assignment see the widened type in this pass already.
      // Else a read typed with the type before it can widen the variable further than its final
      // assignments do (uint32 `h`, then `h = (h ^ (h >> 16)) * 73244475`, an int64, then
      // `h = h ^ (h >> 16)` typed with uint32 as uint64: the three met in float64).
      if (auto v = vars_.find(name); !host_ && v != vars_.end() && v->second->type) v->second->type = u;
    }
  }

  // ------------------------------------------------------------ expressions
  ir::ExprPtr expr(const ast::Expr& e);
  ir::ExprPtr name(const ast::Name& n);
  ir::ExprPtr global(const std::string& id, Span s);
  ir::ExprPtr launch_frozen_read(const std::string& id, Span s);
  ir::ExprPtr attribute(const ast::Attribute& a);
  ir::ExprPtr subscript(const ast::Subscript& s);
  // np.mgrid[...] / np.ogrid[...] (sparse) in host code (infer/index_grids.cpp).
  ir::ExprPtr index_grid(const ast::Subscript& s, bool sparse);
  // An expression that may be Optional (a function returning a value or None):
  // only assignments to names, returns and `is None` tests take it as it is;
  // expr() unwraps it everywhere else.
  ir::ExprPtr maybe_optional(const ast::Expr& e);
  ir::ExprPtr unwrap_optional(ir::ExprPtr v);
  ir::ExprPtr is_none_test(const ast::Compare& c);
  // The value of a bare `return` in a function returning Optional (null otherwise).
  ir::ExprPtr none_result(Span s);
  // The return type given the values returned so far and the None paths.
  TypeRef with_implicit_none(TypeRef returned, const ast::FunctionDef& def) const;
  // `a[i, lo:hi]`, `a[i]` of a 2-D array: a view. `integers[k]` is index k, or null
  // where idxs[k] is a slice.
  ir::ExprPtr array_view(ir::ExprPtr base, std::vector<ir::ExprPtr> integers, const std::vector<const ast::Expr*>& idxs,
                         const ast::Subscript& s);
  // A slice bound converted to int64; null when absent or None (and on error).
  ir::ExprPtr slice_bound(const ast::Expr* bound);
  bool slice_start_stop(const ast::Slice& sl, std::vector<ir::ExprPtr>& args, std::string& text);
  // `a[lo:hi] = value`: a scalar stored into every element of the view.
  void slice_store(ir::ExprPtr view, ir::ExprPtr value, Span s, ir::Block& out, bool echo);
  ir::ExprPtr call(const ast::Call& c);
  // `self`: a method's instance, its first parameter (the call's arguments fill the others).
  ir::ExprPtr call_function(const ast::Call& c, const FunctionEntry& f, ir::ExprPtr self = nullptr);
  // `given`: the values of the first parameters, evaluated already (an operator's operands).
  ir::ExprPtr call_function(const ast::Call& c, const FunctionEntry& f, std::vector<ir::ExprPtr> given);
  // Classes of host code (infer/host_classes.cpp): a class's name not shadowed by a local, whether
  // an expression may hold an instance (tested before evaluating it), method calls and the
  // constructor's new object, attribute reads and stores.
  const sema::ClassInfo* class_named(const ast::Expr& e) const;
  bool may_be_instance(const ast::Expr& e);
  // What `e` in `e.attr` is: a class (`k` set, nothing evaluated), an instance (`base` its value,
  // `k` its class), Failed (evaluating it failed, reported), or Neither (left to other paths).
  enum class ClassOperand { Neither, Class, Instance, Failed };
  ClassOperand class_operand(const ast::Expr& e, const sema::ClassInfo*& k, ir::ExprPtr& base);
  // The special method `name` (`__add__`, `__len__`, `__str__`...) of instances of `t`; null
  // when `t` is no instance or its class does not define it. call_special calls it with `args`.
  const FunctionEntry* special_method(TypeRef t, const std::string& name) const;
  const sema::ClassInfo* special_class(TypeRef t) const;  // the class of instances of `t`, or null
  ir::ExprPtr call_special(const FunctionEntry& m, std::vector<ir::ExprPtr> args, Span s);
  // `l op r` and `l cmp r` where an operand is an instance: its special method, as Python
  // calls it (`==` of a class without __eq__ is identity); null with `handled` false otherwise.
  ir::ExprPtr instance_binary(BinOp op, ir::ExprPtr& l, ir::ExprPtr& r, Span s, bool& handled);
  ir::ExprPtr instance_comparison(CmpOp op, ir::ExprPtr& l, ir::ExprPtr& r, Span s, bool& handled);
  // `-v`, `+v` of an instance: its __neg__ / __pos__.
  ir::ExprPtr instance_unary(UnaryOp op, ir::ExprPtr& v, Span s, bool& handled);
  ir::ExprPtr class_call(const ast::Call& c, bool& handled);
  // The method or property getter `name` of class `k` called on `self` (`call` builds the call of
  // one definition): Python finds it on the object's own class, so each subclass overriding it
  // is tested for at run time, most derived first. `super().m(...)`: the base's, with `self`.
  ir::ExprPtr dispatch(const sema::ClassInfo& k, const std::string& name, bool property, ir::ExprPtr self, Span s,
                       const std::function<ir::ExprPtr(const FunctionEntry&, ir::ExprPtr)>& call);
  // What `value(c, object)` gives for the object's own class at run time: `k`'s value, or that
  // of each subclass `overrides` says defines it otherwise, tested most derived first.
  // `mismatch` is the error when two of them have no one type (%s the subclass, %t its type,
  // %u k's).
  ir::ExprPtr by_object_class(const sema::ClassInfo& k, ir::ExprPtr self, Span s, const std::string& mismatch,
                              const std::function<bool(const sema::ClassInfo&)>& overrides,
                              const std::function<ir::ExprPtr(const sema::ClassInfo&, ir::ExprPtr)>& value,
                              const std::function<bool(const sema::ClassInfo&)>& never_returns = nullptr);
  ir::ExprPtr super_call(const ast::Call& c, const ast::Attribute& m);
  ir::ExprPtr instance_call(const ast::Call& c, bool& handled);
  ir::ExprPtr attribute_of_call(const ast::Attribute& a, bool& handled);
  // `body` over `value` evaluated once: a variable's read as it is, anything else held in a
  // temporary (named after `stem`) by a Let around the body. Null where the body fails.
  ir::ExprPtr with_held(ir::ExprPtr value, const std::string& stem,
                        const std::function<ir::ExprPtr(ir::Variable*)>& body);
  ir::ExprPtr numpy_append(const ast::Call& c);
  // A literal format string's fields, each its own value (see format_fields).
  struct FormatFields {
    std::string text;                  // the fields numbered {0}, {1}, ... in order
    std::vector<ast::ExprPtr> values;  // a field's argument with its .attribute/[index] parts
    bool rewritten = false;            // a keyword or a part: the values replace the arguments
    bool reaches_into = false;         // a field has .attribute or [index] parts
    std::string unsupported;           // why py2cuda cannot rewrite it; empty when it can
  };
  FormatFields format_fields(const std::string& text, const ast::Call& c) const;
  ir::ExprPtr tuple_slice(ir::ExprPtr base, const ast::Subscript& s);
  // Whether class `derived` is `base` or derives from it.
  bool is_subclass(const std::string& derived, const std::string& base) const;
  ir::ExprPtr class_attribute(const ast::Attribute& a, bool& handled);
  bool class_attribute_store(const ast::Attribute& target, ir::ExprPtr& value, Span s, ir::Block& out, bool echo);
  // str() and repr() of a dataclass instance: `Config(n=4, name='run')`, each field's repr
  // (`handled` false, `v` left as it is, for an instance of another class).
  ir::ExprPtr dataclass_repr(ir::ExprPtr& v, Span s, bool& handled);
  // A call of a function declared with cuda.declare_device.
  ir::ExprPtr call_external(const ast::Call& c, const sema::ExternalFunction& f);
  // A method called on a value: g.sync() on a cuda.cg.this_grid() group.
  ir::ExprPtr method_call(const ast::Call& c, const ast::Attribute& m);
  ir::ExprPtr print_call(const ast::Call& c);
  ir::ExprPtr array_alloc(const ast::Call& c, bool shared);
  ir::ExprPtr atomic_call(const ast::Call& c, const builtins::Builtin& row);
  ir::ExprPtr with_effects(ir::ExprPtr e);
  // `np.sin(x, r)`, `np.maximum(a, b, c)`: a NumPy ufunc called with arrays in a kernel.
  ir::ExprPtr ufunc_with_out(const ast::Call& c, const builtins::Builtin& row, const std::string& path,
                             std::vector<ir::ExprPtr> operands);
  TypeRef dtype_of(const ast::Expr& e);
  ir::ExprPtr binary(const ast::Binary& b);
  // `l op r` of two numbers: NumPy's scalar rules where one is a sized NumPy scalar in host
  // code (binary_parts, aug_assign), else Numba's (binary_values).
  ir::ExprPtr number_binary(BinOp op, ir::ExprPtr l, ir::ExprPtr r, Span s);
  ir::ExprPtr binary_values(BinOp op, ir::ExprPtr l, ir::ExprPtr r, Span s);
  ir::ExprPtr unary(const ast::Unary& u);
  ir::ExprPtr boolop(const ast::BoolOpExpr& b);
  ir::ExprPtr compare(const ast::Compare& c);
  ir::ExprPtr compare_from(const ast::Compare& c, size_t i, ir::ExprPtr left);
  ir::ExprPtr comparison(CmpOp op, ir::ExprPtr l, ir::ExprPtr r, Span span);
  ir::ExprPtr ifexp(const ast::IfExp& i);
  // The type host code's `a or b` / `x if c else y` takes: the values' one type, or, where they have
  // none (a list or a str), the runtime's FormatArg, which keeps each value's Python type for
  // printing and formatting; nullptr where neither.
  TypeRef either_type(TypeRef a, TypeRef b) const;
  ir::ExprPtr literal_int(const ast::IntLit& lit);
  ir::ExprPtr constant(const sema::ConstValue& v, Span s);
  ir::ExprPtr condition(const ast::Expr& e);
  ir::ExprPtr truth(ir::ExprPtr e);
  ir::ExprPtr index_expr(const ast::Expr& idx);

  // ------------------------------------------------------------ host code (infer/host_*.cpp)
  // A call in host code: a launch, a method of an array, a host-table row; null
  // with `handled` false for what kernels and host code type alike (math.*).
  ir::ExprPtr host_call(const ast::Call& c, bool& handled);
  ir::ExprPtr host_row_call(const ast::Call& c, const builtins::HostBuiltin& row, ir::ExprPtr self);
  ir::ExprPtr host_row_node(const ast::Call& c, const builtins::HostBuiltin& row, ir::ExprPtr self);
  // np.zeros, np.arange, np.array, np.eye, np.concatenate...: NumPy's array constructors
  // (infer/host_array_creation.cpp).
  ir::ExprPtr host_array_creation(HostRowArgs& bound);
  // a.sum(axis=0), np.mean, np.trace, np.dot, np.allclose, np.testing.assert_*: reductions and
  // whole-array comparisons (infer/host_reductions.cpp).
  ir::ExprPtr host_reduction(HostRowArgs& bound, ir::ExprPtr self);
  // np.random.seed, rng.normal, np.random.randint, rng.choice...: NumPy's random numbers
  // (infer/host_random.cpp).
  ir::ExprPtr host_random(HostRowArgs& bound, ir::ExprPtr self);
  // Python's random module (infer/host_python_random.cpp); random_population is a sequence
  // argument as its runtime takes it.
  ir::ExprPtr host_python_random(HostRowArgs& bound);
  // time.sleep, os.environ.get / os.getenv, warnings.warn (infer/host_process.cpp).
  ir::ExprPtr process_call(HostRowArgs& bound);
  bool floating_point_modes(const ast::Call& c, const std::string& what);
  ir::ExprPtr ufunc_reduce(const ast::Call& c, const FunctionEntry& f);
  // Kernels' tuple operators and builtins (infer/kernel_tuples.cpp): `t + u`, `t * 3`,
  // divmod(a, b), max(t) / min(t); each operand evaluated once (bound by ir::Let).
  ir::ExprPtr kernel_tuple_binary(BinOp op, ir::ExprPtr l, ir::ExprPtr r, Span s);
  ir::ExprPtr kernel_tuple_comparison(CmpOp op, ir::ExprPtr l, ir::ExprPtr r, Span s);
  ir::ExprPtr kernel_divmod(const ast::Call& c);
  ir::ExprPtr kernel_minmax_of_tuple(const ast::Call& c, bool is_max);
  // `v` where it can be written again (reusable(), element reads too with `element_reads`),
  // else a temporary bound to it in `lets` (infer/kernel_tuples.cpp).
  ir::ExprPtr evaluated_once(ir::ExprPtr v, const char* stem, std::vector<std::unique_ptr<ir::Let>>& lets,
                             bool element_reads);
  std::vector<ir::ExprPtr> tuple_parts(ir::ExprPtr t, std::vector<std::unique_ptr<ir::Let>>& lets, bool repeated);
  ir::ExprPtr random_population(const ast::Expr& e, const std::string& what);
  // a.astype, a.copy, a.reshape, a.ravel, a.T, a.tolist, a.fill (infer/host_array_methods.cpp).
  ir::ExprPtr host_array_method(HostRowArgs& bound, ir::ExprPtr self);
  // cuda.to_device, d.copy_to_host, cuda.event, cuda.stream, cuda.synchronize...: numba.cuda's
  // host API (infer/host_cuda_api.cpp).
  ir::ExprPtr host_cuda_api(HostRowArgs& bound, ir::ExprPtr self);
  // The rows of NumPy's elementwise functions: the ufuncs, where, clip, round (infer/host_calls.cpp).
  ir::ExprPtr host_elementwise(const ast::Call& c, const builtins::HostBuiltin& row, ir::ExprPtr self);
  // Python's math module on the host: CPython's float and int functions (infer/host_calls.cpp).
  ir::ExprPtr host_python_math(const ast::Call& c, const builtins::HostBuiltin& row);
  // np.sort, np.cumsum, np.median, np.histogram...: sorting, searching, cumulative,
  // statistics and rearranging rows (infer/host_array_functions.cpp).
  ir::ExprPtr host_array_function(const ast::Call& c, const builtins::HostBuiltin& row, ir::ExprPtr self);
  // np.finfo(dtype).ATTR / np.iinfo(dtype).ATTR: the constant (infer/host_array_functions.cpp);
  // `handled` false when `a` is not such an attribute.
  ir::ExprPtr host_type_info(const ast::Attribute& a, bool& handled);
  ir::ExprPtr test_case_assert(const ast::Call& c, const builtins::HostBuiltin& row, ir::ExprPtr self);
  ir::ExprPtr launch(const ast::Call& c, const FunctionEntry& kernel, const ast::Subscript& config);
  ir::ExprPtr reduction_call(const ast::Call& c, const FunctionEntry& f);
  ir::ExprPtr cooperative_blocks(const ast::Call& c, const FunctionEntry& kernel);
  ir::ExprPtr forall_launch(const ast::Call& c, const FunctionEntry& kernel, const ast::Call& configure);
  ir::ExprPtr launch_arguments(const ast::Call& c, const FunctionEntry& kernel, std::unique_ptr<ir::Launch> node);
  // A call of a @vectorize/@guvectorize function (infer/ufuncs.cpp).
  ir::ExprPtr ufunc_call(const ast::Call& c, const FunctionEntry& f);
  ir::ExprPtr host_print(const ast::Call& c);
  ir::ExprPtr fstring(const ast::FStringExpr& f);
  ir::ExprPtr fstring_text(const std::vector<ast::FStringPart>& parts, Span s);
  ir::ExprPtr as_python_list(ir::ExprPtr v);
  ir::ExprPtr none_text(ir::ExprPtr v, Span s);  // "None", after evaluating a call that returns nothing
  ir::ExprPtr format_value(ir::ExprPtr v, char conversion, const std::string& spec, Span s);
  // A value as an argument of `%` formatting or str.format (runtime FormatArg).
  ir::ExprPtr format_argument(ir::ExprPtr v, Span s);
  ir::ExprPtr format_call(const std::string& runtime, std::vector<ir::ExprPtr> args, Span s);
  ir::ExprPtr percent_format(ir::ExprPtr fmt, const ast::Expr& right, Span s);
  ir::ExprPtr range_member(ir::ExprPtr x);
  ir::ExprPtr range_membership(bool negated, ir::ExprPtr x, const ast::Call& range, Span s);
  ir::ExprPtr kernel_range_membership(bool negated, ir::ExprPtr x, const ast::Call& range, Span s);
  // Host code: an int expression of literals whose value leaves int64 is an error (infer/host_numbers.cpp).
  bool int_constant_fits(const ast::Expr& b, bool& literal_ints);
  ir::ExprPtr binary_parts(const ast::Binary& b);
  ir::ExprPtr unary_parts(const ast::Unary& u);
  ir::ExprPtr unary_values(UnaryOp op, ir::ExprPtr v, Span s);
  // Host numbers whose type differs by path (infer/host_dynamic_numbers.cpp). expr() gives a
  // static number (static_number converts a DynamicNumber to the type its paths widen to);
  // dynamic_operand keeps it, for the operators below, truth, print() and formatting.
  ir::ExprPtr static_number(ir::ExprPtr v);
  // Two values, one of which a program's Python code gives (a conditional expression's arms, a
  // method each class defines): numbers of different types are both held as DynamicNumbers,
  // which keep each one's Python/NumPy type, and the type they share is returned; else null.
  TypeRef either_held_number(ir::ExprPtr& a, ir::ExprPtr& b);
  ir::ExprPtr dynamic_operand(const ast::Expr& e);
  ir::ExprPtr dynamic_binary(BinOp op, ir::ExprPtr l, ir::ExprPtr r, Span s);
  ir::ExprPtr dynamic_comparison(CmpOp op, ir::ExprPtr l, ir::ExprPtr r, Span s);
  ir::ExprPtr dynamic_unary(UnaryOp op, ir::ExprPtr v, Span s);
  ir::ExprPtr dynamic_number_builtin(const ast::Call& c, const std::string& path, bool& applies);
  ir::ExprPtr mixed_items_extreme(const ast::Call& c, const std::string& path, bool& applies);
  // The Numba types a DynamicNumber launch argument may hold at run time, the widened one last.
  std::vector<TypeRef> dynamic_launch_types(const ast::Expr& arg, TypeRef widened);
  bool dynamic_launch(const ast::Call& c, const FunctionEntry& kernel, const std::vector<TypeRef>& params,
                      ir::Launch& node);
  // operator.add(a, b), operator.lt(a, b), operator.neg(a), ... in a kernel: the operator's own typing.
  ir::ExprPtr operator_call(const ast::Call& c, const std::string& path);
  bool in_int_constant_ = false;  // building the parts of a literal int expression already checked
  ir::ExprPtr percent_format_items(std::vector<ir::ExprPtr> args, std::vector<ir::ExprPtr> items, Span s);
  // sys.argv and its elements and slices (a list of str).
  ir::ExprPtr str_list_subscript(ir::ExprPtr base, const ast::Subscript& s);
  ir::ExprPtr string_const(std::string text, Span s);
  // `a op b` where a or b is an array (NumPy's elementwise operators and promotion).
  // `left_value`/`right_value`: a scalar operand's value when its syntax is a constant
  // (constant_operand_value), for NumPy's value-based casting.
  ir::ExprPtr array_binary(BinOp op, ir::ExprPtr l, ir::ExprPtr r, Span s, std::optional<double> left_value = {},
                           std::optional<double> right_value = {});
  std::optional<double> constant_operand_value(const ast::Expr& e);
  ir::ExprPtr array_compare(CmpOp op, ir::ExprPtr l, ir::ExprPtr r, Span s);
  // `.shape`, `.dtype`, `.T`... of a host or device array; null with `handled` false otherwise.
  ir::ExprPtr device_transpose(ir::ExprPtr d, Span s);
  ir::ExprPtr host_attribute(const ast::Attribute& a, bool& handled);
  // argparse (infer/host_argparse.cpp): ArgumentParser(...), its methods, and args.NAME.
  ir::ExprPtr argparse_parser_new(const ast::Call& c);
  ir::ExprPtr argparse_method(const ast::Call& c, const ast::Attribute& m, ir::ExprPtr self);
  ir::ExprPtr argparse_add_argument(const ast::Call& c, int parser, ir::ExprPtr self);
  ir::ExprPtr namespace_attribute(const ast::Attribute& a, ir::ExprPtr base);
  // `a[mask]`, `a[idx]`, `a[None, :]`, `a[..., 0]` in host code (infer/host_indexing.cpp):
  // `handled` false (nothing consumed) for integers and slices alone. With `store`, an
  // advanced index gives the none-typed store itself; other subscripts give the element
  // or view to store into, leaving *store alone.
  ir::ExprPtr host_subscript(ir::ExprPtr& base, const ast::Subscript& s, ir::ExprPtr* store, bool& handled);
  ir::ExprPtr point_subscript(ir::ExprPtr base, std::vector<ir::ExprPtr>& index, const ast::Subscript& s,
                              ir::ExprPtr* store_into);
  // A dtype argument: np.float32, numba.float32, 'float32', float, int, bool, a.dtype.
  TypeRef host_dtype(const ast::Expr& e);
  TypeRef host_dtype_named(const ast::Expr& e);  // host_dtype before its support check
  // A shape argument (an int or a tuple of ints): the C++ std::array, and its rank.
  ir::ExprPtr shape_value(const ast::Expr& e, int& ndim);
  ir::ExprPtr list_value(const ast::ListExpr& l);
  // `sep.join(text for v in xs if cond)`, `sum(x * x for x in xs)`: the iterable, the
  // element type, and C++ lambdas over a variable standing for the loop target.
  ir::ExprPtr comprehension_call(const std::string& what, const ast::ComprehensionExpr& g, ir::ExprPtr sep);
  // Dicts (infer/host_dicts.cpp): `{k: v}`, `d[k]`, `d[k] = v` (true when stored; `handled`
  // false when the subscripted value is no dict), `del d[k]`, `k in d`, `d.get(k, v)`...
  ir::ExprPtr dict_display(const ast::DictExpr& d);
  ir::ExprPtr dict_comprehension(const ast::ComprehensionExpr& g);
  ir::ExprPtr dict_builtin(const ast::Call& c, const std::string& path, bool& handled);
  ir::ExprPtr dict_subclass(const ast::Call& c, const std::string& cls);  // defaultdict(f), Counter(items)
  bool empty_dict_parameter(const std::string& id, Span s);
  ir::ExprPtr dict_key(ir::ExprPtr key, TypeRef dict, Span s);
  ir::ExprPtr dict_value(ir::ExprPtr v, TypeRef vt);
  // An operand that is a value of a dict of mixed values (FormatArg): beside a number, the
  // number it holds (mixed_dict_number, a DynamicNumber); false after reporting another use.
  bool mixed_dict_value_operand(ir::ExprPtr& l, ir::ExprPtr& r, Span s);
  ir::ExprPtr mixed_dict_number(ir::ExprPtr v);
  ir::ExprPtr dict_item(ir::ExprPtr dict, const ast::Subscript& s);
  // `value` is taken only when the target is a dict's entry.
  bool dict_store(const ast::Subscript& target, ir::ExprPtr& value, Span s, ir::Block& out, bool echo, bool& handled);
  void dict_delete(const ast::Subscript& target, Span s, ir::Block& out);
  // `del xs[i]`, `del xs[a:b]` of a list; false when the target is no list.
  bool list_delete(const ast::Subscript& target, Span s, ir::Block& out);
  // A list slice's bounds as the runtime's py2cuda::slice(...) pattern, its values appended to
  // `args`; nullopt when a bound was reported.
  std::optional<std::string> list_slice(const ast::Slice& slice, std::vector<ir::ExprPtr>& args);
  ir::ExprPtr dict_contains(bool negated, ir::ExprPtr key, ir::ExprPtr dict, Span s);
  ir::ExprPtr dict_method(const ast::Call& c, const std::string& method, ir::ExprPtr self);
  // Strings (infer/host_strings.cpp): the str.* rows, `s[i]`, `s[a:b]`, `sub in s`.
  ir::ExprPtr str_method(const ast::Call& c, const builtins::HostBuiltin& row, ir::ExprPtr self);
  ir::ExprPtr str_subscript(ir::ExprPtr base, const ast::Subscript& s);
  ir::ExprPtr str_contains(bool negated, ir::ExprPtr sub, ir::ExprPtr text, Span s);
  // divmod, pow, chr, ord, hex, bin, oct (infer/host_numbers.cpp).
  ir::ExprPtr number_builtin(const ast::Call& c, const builtins::HostBuiltin& row);
  ir::ExprPtr isinstance_call(const ast::Call& c);
  // Lists (infer/host_lists.cpp).
  ir::ExprPtr empty_list(TypeRef list_type, Span s);
  // A list display of one element type as a growable list; anything else as it is.
  ir::ExprPtr growable_list(ir::ExprPtr v);
  // The list type after `owner` (the expression holding a list of `list_type`) takes a value
  // of type `element`; null after reporting one it cannot hold.
  TypeRef refine_list(const ast::Expr& owner, TypeRef list_type, TypeRef element, Span s);
  // The type a list's owner (a name, or an element of one: `rows[i]`) has so far, without
  // translating it; null where it is not one of these.
  TypeRef container_type(const ast::Expr& owner) const;
  // `self.items` (a name's attribute, `owner`) of an instance's class retyped as `t`, which
  // the next pass sees; false when `owner` is not such an attribute.
  bool refine_instance_attribute(const ast::Expr& owner, TypeRef t);
  ir::ExprPtr list_method(const ast::Call& c, const ast::Attribute& m, ir::ExprPtr self);
  ir::ExprPtr list_subscript(ir::ExprPtr base, const ast::Subscript& s);
  // `xs[i] = value`: true when the target was a list's element (handled, maybe with an error).
  bool list_store(const ast::Subscript& target, ir::ExprPtr& value, Span s, ir::Block& out, bool echo);
  ir::ExprPtr list_binary(BinOp op, ir::ExprPtr l, ir::ExprPtr r, Span s);
  // `x in xs`, `xs == ys`.
  ir::ExprPtr list_compare(CmpOp op, ir::ExprPtr l, ir::ExprPtr r, Span s);
  ir::ExprPtr comprehension_items(const ast::Expr& iter, TypeRef& item);
  std::string not_reversible(const ast::Expr& iterable);
  const ast::Expr* reversed_sequence(const ast::Call& call);
  ir::ExprPtr range_values(ir::ExprPtr v, Span s);
  ir::ExprPtr range_object(const ast::Call& call);
  // np.ndenumerate(a) / np.ndindex(...) as an iterable object (a `for` loop counts them out instead).
  ir::ExprPtr multi_index_items(const ast::Call& call, const std::string& path, TypeRef& item);
  bool bind_comprehension_target(const ast::Expr& target, TypeRef item, size_t type_slot, std::string& head, const ast::Expr* iter = nullptr);
  bool comprehension_clause(const ast::ComprehensionExpr& g, TypeRef& item, ir::ExprPtr& items, std::string& head,
                            ir::ExprPtr& cond);
  ir::ExprPtr short_circuit_generator(const ast::ComprehensionExpr& g, bool any);
  ir::ExprPtr list_comprehension(const ast::ComprehensionExpr& g);
  // key=f of sorted(), list.sort(), min(), max(): the key of one item, in a C++ lambda from `head`.
  ir::ExprPtr key_function(const ast::Expr& key, TypeRef item, size_t type_slot, std::string& head);
  ir::ExprPtr array_from_list(ir::ExprPtr list, TypeRef dtype, Span s);
  // rng.normal(loc, scale, size) with an array loc or scale (infer/host_random.cpp).
  ir::ExprPtr normal_of_arrays(const ast::Call& c, const ast::Expr* loc, const ast::Expr* scale, const ast::Expr* size);
  // print(xs) of a list or dict of instances: its text (infer/host_classes.cpp).
  ir::ExprPtr instance_container_text(const ast::Expr& container, ir::ExprPtr& value);
  // A comprehension's element, numbers whose type differs by item kept so (infer/host_lists.cpp).
  ir::ExprPtr comprehension_element(const ast::Expr& e);
  // A list of DynamicNumbers as a list of the type they widen to; anything else as it is.
  ir::ExprPtr static_list(ir::ExprPtr list);
  // A list (np.sort(times)) or a list display (np.isin(v, [2, 3])) where NumPy takes an array:
  // the array NumPy makes of it; anything else as it is.
  ir::ExprPtr listed_array(ir::ExprPtr v, Span s);
  ir::ExprPtr list_builtin(const ast::Call& c, const std::string& path, bool& handled);
  // Sets (infer/host_sets.cpp): set(...) and the displays, methods, operators, comparisons.
  ir::ExprPtr set_builtin(const ast::Call& c);
  ir::ExprPtr set_operand(const ast::Expr& e, TypeRef set_type, bool iterables, const std::string& what);
  ir::ExprPtr set_method(const ast::Call& c, const ast::Attribute& m, ir::ExprPtr self);
  ir::ExprPtr set_binary(BinOp op, ir::ExprPtr l, ir::ExprPtr r, Span s);
  void set_aug_assign(const ast::AugAssign& a, ir::ExprPtr current, ir::ExprPtr rhs, ir::Block& out);
  // `target op= value` as `target.method(value)`, changing the object in place (infer/statements.cpp).
  void in_place_method(const ast::AugAssign& a, const std::string& method, ir::Block& out);
  ir::ExprPtr set_compare(CmpOp op, ir::ExprPtr l, ir::ExprPtr r, Span s);
  ir::ExprPtr tuple_of(const ast::Call& c);
  // tuple(f(x) for x in t) over tuples of a length known here (zip() and enumerate() of them
  // too): the tuple of the items written out. `handled` false when the generator is not of
  // that form (tuple_of then reports it).
  ir::ExprPtr tuple_of_items(const ast::ComprehensionExpr& g, bool& handled);
  bool is_main_guard(const ast::If& i) const;
  // Functions held in names (infer/function_values.cpp): the function `e` names (a
  // module function, or a name bound to one), else null.
  const FunctionEntry* function_value(const ast::Expr& e) const;
  bool holds_function_values(const ast::Expr& e) const;
  bool bind_function(const std::string& id, const FunctionEntry& f, Span s, bool in_unrolled_copy);
  // `id` holds `what` (a function, a lambda...) here and is a variable on another path: an error.
  void report_alias_beside_variable(const std::string& id, Span s, const std::string& what, const std::string& only);
  // How the messages of bind_syntax_alias name what a name holds.
  struct AliasWords {
    std::string one;   // "a lambda"
    std::string two;   // "two lambdas"
    std::string only;  // "lambdas": a name holding them must hold only them
  };
  template <class Node>
  void bind_syntax_alias(std::map<std::string, const Node*>& aliases, const std::string& id, const Node* node, Span s,
                         const AliasWords& words);
  // The key of the version of `id` bound at `s`: the same in every typing pass.
  std::string place_key(const std::string& id, Span s) const;
  // `k = some_kernel`, `self.kern = kern`: true when the statement bound a function (handled).
  bool function_alias_assign(const ast::Assign& a, ir::Block& out);
  // `f = lambda x: ...`: true when the statement bound a lambda (handled); `f(v)` applies it.
  bool lambda_alias_assign(const ast::Assign& a);
  // `def f(x): return expr` inside a function: the lambda of expr (infer/function_values.cpp).
  bool returning_def_alias(const ast::FunctionDef& def);
  std::map<const ast::FunctionDef*, std::unique_ptr<ast::LambdaExpr>> def_lambdas_;
  ir::ExprPtr lambda_call(const ast::Call& c, const ast::LambdaExpr& l);
  // `kernels = [naive, tiled]`: true when the statement bound a display of functions (handled).
  bool display_alias_assign(const ast::Assign& a);
  const ast::Expr* function_display(const ast::Expr& e) const;
  const ast::Expr* display_named(const ast::Expr& e) const;
  const ast::Expr& var_args_tuple(const ast::Call& c, size_t from);
  const ast::Expr* tuple_items(const ast::Expr& e) const;
  const ast::Expr* made_display(const ast::Expr& site, const std::function<void(ast::ListExpr&)>& fill) const;
  // A loop over a display of functions, NumPy classes or values of different types, unrolled.
  void unroll_over_functions(const ast::For& f, const ast::Expr& display, ir::Block& out);
  // [run(k) for k in kernels]: a list display of the element, once per function.
  ir::ExprPtr comprehension_over_functions(const ast::ComprehensionExpr& g, const ast::Expr& display);
  // A tuple or list display whose elements have different types (`for v in (1, 2.5, True)`).
  bool display_is_mixed(const ast::Expr& e) const;
  // NumPy's scalar classes and Python's int/float/bool held in names (infer/dtype_classes.cpp):
  // the class `e` names ("numpy.float32", "float"), else "".
  std::string dtype_class_path(const ast::Expr& e) const;
  bool holds_dtype_classes(const ast::Expr& e) const;
  // A loop over a display of dtype names the body makes arrays of (infer/dtype_classes.cpp),
  // and the alias a name bound to one such string holds ("str:float32").
  static constexpr std::string_view kDtypeNamePrefix = "str:";
  bool loops_over_dtype_names(const ast::For& f) const;
  // A module constant holding a display of NumPy classes or dtype names (`DTYPES = (np.float32,
  // np.float64)`), which a loop over it unrolls as over the display itself; else null.
  const ast::Expr* module_dtype_display(const ast::Expr& e) const;
  // The display of dtype names a loop goes over (`("float32", "int64")`, or a module constant
  // holding one), else null.
  const ast::Expr* dtype_name_display(const ast::Expr& iterable) const;
  // `for k, name in enumerate(("float32", "int64"))` whose body makes arrays of `name`: the
  // display of (index, name) pairs the loop is unrolled over; else null.
  const ast::Expr* enumerated_dtype_names(const ast::For& f) const;
  // Whether `body` makes arrays of the name `id` (dtype=id, x.astype(id), np.dtype(id)).
  bool makes_arrays_of(const ast::Block& body, const std::string& id) const;
  bool unrolling_dtype_names_ = false;  // binding a display of dtype names in an unrolled loop
  std::string dtype_name_alias(const ast::Expr& e) const;
  TypeRef dtype_class_type(const std::string& path) const;
  ir::ExprPtr dtype_class_repr(const std::string& path, Span s);
  // repr() of a dtype object (`a.dtype`, `np.dtype(np.float32)`): "dtype('float32')"; null when
  // `e` is no dtype object. Host code holds a dtype as its name, so this is read from the syntax.
  ir::ExprPtr dtype_object_repr(const ast::Expr& e);
  // An item of a list or tuple display: a class or dtype object as a runtime PyObjectText
  // (its str and repr differ: print([a.dtype]) shows dtype('float32')), else expr(e).
  ir::ExprPtr display_item(const ast::Expr& e);
  // The path a call's callee names: a dtype alias's class, else resolve_path's.
  std::string callee_path(const ast::Expr& func) const;
  // `dt = np.float32`: true when the statement bound a class (handled).
  bool dtype_alias_assign(const ast::Assign& a);
  bool bind_dtype_class(const std::string& id, const std::string& path, Span s, bool in_unrolled_copy);
  ir::ExprPtr dtype_class_attribute(const ast::Attribute& a, bool& handled);
  ir::ExprPtr dtype_class_comparison(const ast::Compare& c, bool& handled);
  ir::ExprPtr dtype_class_membership(const ast::Compare& c, bool& handled);
  ir::ExprPtr join_array_list(const ast::Call& c, const std::string& name, const std::vector<const ast::Expr*>& a,
                              const std::string& what);
  std::optional<int64_t> join_axis(const ast::Expr* arg, Span call_span, int result_ndim, const std::string& what);
  std::string unused_global_name(std::initializer_list<const char*> candidates) const;
  ir::ExprPtr tuple_membership(bool negated, ir::ExprPtr item, ir::ExprPtr tuple, Span s);
  ir::ExprPtr tuple_display_membership(bool negated, ir::ExprPtr left, const ast::TupleExpr& items, Span s);
  void loop_with_else(const ast::Block& orelse, Span s, const std::function<void(ir::Block&)>& loop, ir::Block& out);
  // f(*args), k[g, b](*args), print(*xs) (infer/starred_arguments.cpp).
  ir::ExprPtr starred_call(const ast::Call& c);
  // `first, *rest = xs`: a starred target takes the values between the others, as a list.
  void starred_unpack(const std::vector<ast::ExprPtr>& targets, ir::ExprPtr value, Span s, ir::Block& out, bool echo);
  // `a, b, c = np.split(x, 3)`, `lo, hi = np.percentile(x, [5, 95])`: a list or a host array,
  // whose length Python checks when it runs, unpacked into as many names.
  void sized_unpack(const std::vector<ast::ExprPtr>& targets, ir::ExprPtr value, Span s, ir::Block& out, bool echo);

  // ------------------------------------------------------------ statements
  void block(const ast::Block& in, ir::Block& out);
  void block(const std::vector<const ast::Stmt*>& in, ir::Block& out);
  void stmt(const ast::Stmt& s, ir::Block& out);
  void stmt_kind(const ast::Stmt& s, ir::Block& out);
  // Host code's flow-sensitive numbers (infer/host_flow.cpp): a loop, an if or a try at a
  // function's top level opens a flow region; a name bound before it to a number that the
  // region rebinds to a number of another type gets its own version from the region's entry,
  // so that the code before it sees the name's own type.
  bool opens_flow_region(const ast::Stmt& s) const;
  void enter_flow_region(const ast::Stmt& s, ir::Block& out);
  // True when assigning `value_type` to `id` inside the flow region asks for a version of
  // `id` at the region's entry that this pass lacks (the pass then types another one).
  bool needs_region_version(const std::string& id, TypeRef value_type);
  // The located warning for a number stored into a variable whose type prints otherwise.
  void warn_merged_number(const std::string& id, const std::string& key, TypeRef value_type, TypeRef variable_type,
                          Span s);
  // A variable (by key) whose number type differs by path, found by a typing pass. The
  // candidates of a pass whose types have settled become DynamicNumber variables
  // (promote_dynamic_numbers), and the typing goes on; the final pass then has none to warn of.
  void dynamic_number_candidate(const std::string& key);
  bool promote_dynamic_numbers();
  void assign(const ast::Expr& target, ir::ExprPtr value, Span s, ir::Block& out, bool echo);
  bool kernel_parallel_assign(const ast::Assign& a, ir::Block& out);
  void assign_name(const std::string& id, Span target_span, ir::ExprPtr value, Span s, ir::Block& out, bool echo);
  void aug_assign(const ast::AugAssign& a, ir::Block& out);
  void host_aug_assign(const ast::AugAssign& a, ir::ExprPtr current, ir::ExprPtr rhs, ir::Block& out);
  // A loop's body as the IR it makes: empty for the loop's own statements (block(f.body)).
  using LoopBody = std::function<void(ir::Block&)>;
  void for_stmt(const ast::For& f, ir::Block& out, const LoopBody& body = {});
  void for_each(const ast::For& f, ir::Block& out, const LoopBody& body = {});
  // `for a, b in itertools.product(xs, ys):` as loops nested in the iterables' order
  // (infer/product_loops.cpp); false (nothing reported) when the loop is not such a loop.
  bool product_loops(const ast::For& f, ir::Block& out);
  TypeRef range_type(const std::vector<ir::ExprPtr>& args);
  void return_stmt(const ast::Return& r, ir::Block& out);
  void raise_stmt(const ast::Stmt& s, ir::Block& out);
  void host_raise(const ast::Stmt& s, ir::Block& out);
  void unsupported_stmt(const ast::Stmt& s);
  void with_stmt(const ast::With& w, ir::Block& out);  // infer/context_managers.cpp
  // `with manager [as target]:` over an instance of the program's classes: binds the manager,
  // calls __enter__ (into the target) and adds the __exit__ call to `exits`. False when reported.
  bool enter_instance(const ast::WithItem& item, const ast::With& w, ir::Block& out, std::vector<ir::ExprPtr>& exits);
  // The value a with statement's manager was made from, held for its exit: the variable
  // `spelled` names when the body does not rebind it, else a copy (a temporary named `stem`).
  ir::Variable* held_for_exit(ir::ExprPtr value, const ast::Expr& spelled, const ast::With& w, const std::string& stem,
                              ir::Block& out);
  // try/except/else/finally in host code (infer/exception_handling.cpp).
  void try_stmt(const ast::Try& t, ir::Block& out);
  ir::Variable* scoped_temporary(const std::string& stem, TypeRef type);
  // The class names an except clause catches ({} for every exception); false after an error.
  bool names_class(const ast::Expr& type, const std::string& cls) const;
  bool handler_classes(const ast::Expr* type, std::vector<std::string>& classes);
  // The class a raise or an except clause names (ValueError, np.linalg.LinAlgError), or "".
  std::string exception_class(const ast::Expr& e) const;
  ir::ExprPtr python_type_of(const ast::Call& c, bool name_only);  // infer/python_types.cpp
  // Where an int, float or bool value comes from (python_types.cpp's Origin): `following`
  // holds the names being followed to their assignments.
  int scalar_origin(const ast::Expr& e, std::set<std::string>& following);
  // False after reporting each decorator of host function `def` py2cuda cannot apply.
  bool unsupported_decorators_reported(const ast::FunctionDef& def);
  // np.fromfunction(f, shape, dtype=): f of the index grids (host_calls.cpp).
  ir::ExprPtr from_function(const ast::Call& c);
  // The 1-D array of a tuple of numbers (host_array_creation.cpp); dtype `dt`, or NumPy's for them.
  ir::ExprPtr stacked_arrays(ir::ExprPtr first, const std::vector<const ast::Expr*>& items, const ast::Expr* dtype, Span s,
                             const std::string& what);
  ir::ExprPtr array_from_tuple(ir::ExprPtr v, TypeRef dt, Span s);
  // The origin of what a loop or comprehension target binds to `id`, going over `iter`.
  int element_origin(const std::string& id, const ast::Expr& target, const ast::Expr& iter,
                     std::set<std::string>& following);
  // Whether `e` is a NumPy scalar rather than a Python number, as scalar_origin tells.
  bool is_numpy_scalar(const ast::Expr& e);
  // Whether `e` names Python's builtin `name`: no variable or module-level name shadows it.
  bool is_builtin_name(const ast::Expr& e, const std::string& name) const;

  ModuleBuilder& mb_;
  const FunctionEntry& entry_;
  std::vector<TypeRef> param_types_;
  TypeRef declared_return_;
  bool is_kernel_;
  bool host_;
  // Plain Python host code (not a CPU @jit or @vectorize body, which follow Numba's rules):
  // CPython's math module and NumPy's scalar arithmetic.
  bool python_host() const { return host_ && entry_.kind == FunctionKind::Plain; }
  Diagnostics& diags_;
  Diagnostics scratch_;
  std::unique_ptr<ir::Function> fn_;

  std::set<std::string> locals_;
  // The tests Numba (or CPython, for host code) decides before typing: only their live arm
  // is typed and translated.
  DecidedBranches decided_;
  // Host names bound to numba types (`sig = void(int32[:])`), read by decorators only.
  std::set<std::string> type_values_;
  std::map<std::string, ir::Variable*> vars_;
  std::map<std::string, TypeRef> env_;
  // Host code's `if` statements whose test typing decided (a Const), with the arm that runs,
  // as last typed (infer/statements.cpp).
  std::map<const ast::Stmt*, bool> decided_host_ifs_;
  std::set<std::string> taken_names_;
  std::set<std::string> poisoned_;  // names whose assignment failed
  // Module globals this host function declares `global`, or (main) rebinds at module level.
  std::set<std::string> shared_globals_here_;
  ir::ExprPtr shared_global_read(const std::string& id, Span s);
  void shared_global_store(const std::string& id, ir::ExprPtr value, Span s, ir::Block& out, bool echo);
  // A module variable this host function reaches without binding it (infer/host_globals.cpp).
  bool is_module_container(const std::string& id) const;
  bool refine_shared_global(const std::string& id, TypeRef t, Span s);
  // AST this builder made to type a statement as another (`xs += ys` as `xs.extend(ys)`).
  std::vector<ast::ExprPtr> synthetic_ast_;
  std::vector<ast::StmtPtr> synthetic_stmts_;  // statements it made to type one as others
  std::map<std::string, uint32_t> augmented_indexes_;  // `xs[f()] += v`: the index's variable, its line
  std::map<std::string, std::string> version_of_;  // Python name -> current binding key
  // Device code: the (line, col) of assignments that may start a version of their own.
  std::set<std::pair<uint32_t, uint32_t>> separable_rebindings_;
  std::set<std::pair<uint32_t, uint32_t>> self_contained_bindings_;  // infer/ssa_versions.h
  std::map<std::string, ir::Variable*> comprehension_vars_;  // a comprehension's target while it is typed
  // The target and iterable each comprehension variable is bound by, while it is typed (whether
  // its values are NumPy scalars: python_types.cpp).
  std::map<std::string, std::pair<const ast::Expr*, const ast::Expr*>> comprehension_sources_;
  std::map<std::string, int> version_count_;
  std::map<std::string, int> versions_named_;  // C++ variables made for a name's versions
  // The final pass names the versions again in the order the program binds them.
  std::set<ir::Variable*> unnamed_versions_;
  std::map<int, ir::Variable*> break_flags_;  // loop_depth_ of a loop with an else block -> its break flag
  std::vector<std::unique_ptr<ast::Call>> synthesized_;  // calls with their *args spread, alive as the IR
  std::map<std::string, std::string> dtype_aliases_;  // host code: names holding a NumPy class now
  std::map<std::string, const FunctionEntry*> function_aliases_;  // host code: names holding a function now
  std::map<std::string, const ast::LambdaExpr*> lambda_aliases_;  // host code: names holding a lambda now
  std::map<std::string, const ast::Expr*> display_aliases_;  // host code: names holding a display of functions
  mutable std::map<const ast::Expr*, ast::ExprPtr> made_displays_;  // enumerate(kernels), ops.items(): as displays
  std::map<const ast::Call*, ast::ExprPtr> var_args_tuples_;  // a call's arguments for a *args parameter
  mutable std::map<std::pair<const ast::Expr*, size_t>, ast::ExprPtr> tuple_items_;  // (t[0], t[1], ...) by length
  std::set<std::string> bound_this_pass_;  // host code: names assigned so far in this pass
  bool rebinding_at_top_ = false;  // binding the target of a for loop at the function's top level
  // Host code: the top-level loop, if or try being typed (null outside one), the bindings
  // of the names bound before it, and, over every pass, the names each region versions.
  const ast::Stmt* flow_region_ = nullptr;
  std::map<std::string, std::string> bound_before_region_;
  std::map<const ast::Stmt*, std::set<std::string>> region_versions_;
  std::set<std::string> dynamic_numbers_;        // variable keys held as DynamicNumber
  // The static number types assigned to each DynamicNumber variable, in every pass so far
  // (null: a value whose type is itself known only at run time): the kernel instances a
  // launch with it may need (dynamic_launch_types).
  std::map<std::string, std::set<TypeRef>> dynamic_kinds_;
  std::set<std::string> dynamic_candidates_;     // found by the current typing pass
  bool restart_typing_ = false;  // the next pass types from the parameters' types again
  int unrolled_depth_ = -1;  // loop_depth_ of the body of the loop over functions being unrolled
  // Which copy of an unrolled body is being typed ("#1", "#0#2" when nested): part of the
  // place keys of versions, since every copy binds its names at the same source places.
  std::string unrolled_copy_;
  const ast::Expr* alloc_site_ = nullptr;  // the one place an array allocation may appear now
  // The iterable a loop or comprehension is reading now, in one pass: where a device array's
  // split() may stay the generator compiled Numba returns.
  const ast::Expr* iterated_ = nullptr;
  // Whether `e` is read once, as a generator may be: the iterable being read, or an argument of
  // the enumerate() or zip() that is.
  bool read_once(const ast::Expr& e) const;
  TypeRef return_type_ = nullptr;
  TypeRef inferred_return_ = nullptr;  // from the last inference pass
  bool returns_value_ = false, returns_bare_ = false;
  bool final_ = false;
  bool changed_ = false;
  // Loop displays found to hold items of several types once typed (infer/iteration.cpp): later
  // passes unroll their loops, as they do a display mixed by its syntax (display_is_mixed).
  std::set<const ast::Expr*> mixed_displays_;
  int loop_depth_ = 0;
  // The exceptions the enclosing except clauses caught, innermost last: a bare `raise` rethrows.
  std::vector<ir::Variable*> handled_exceptions_;
  // The `as` names of the except clauses being typed (each one exists only inside its clause).
  std::multiset<ir::Variable*> bound_exceptions_;
  std::vector<int> block_path_;
  int next_block_id_ = 0;
  // A statement whose blocks are each a C++ scope of its own (try, with): the first block's
  // scope starts here, next() starts the next block's, and the statement's end leaves them
  // (note_use hoists what is used across them).
  class BlockScopes {
   public:
    explicit BlockScopes(FunctionBuilder& b) : b_(b) { b_.block_path_.push_back(b_.next_block_id_++); }
    BlockScopes(const BlockScopes&) = delete;
    BlockScopes& operator=(const BlockScopes&) = delete;
    ~BlockScopes() { b_.block_path_.pop_back(); }
    void next() { b_.block_path_.back() = b_.next_block_id_++; }

   private:
    FunctionBuilder& b_;
  };
  std::map<ir::Variable*, std::vector<int>> decl_path_;
  std::map<ir::Variable*, ir::Assign*> decl_stmt_;
  friend class ModuleBuilder;
  friend class HostRowArgs;
};

class ModuleBuilder {
 public:
  ModuleBuilder(sema::ModuleInfo& info, Diagnostics& diags);

  std::unique_ptr<ir::Module> run();

  // The instance of `f` for these parameter types, typed and built on first
  // request, and added to the module. nullptr on error (already reported).
  const ir::Function* instantiate(const FunctionEntry& f, const std::vector<TypeRef>& params, TypeRef ret,
                                  bool is_kernel, Span call_site);

  // The return type `f` would have for these parameter types, without
  // keeping anything: used while a caller's own types are still settling.
  TypeRef probe_return_type(const FunctionEntry& f, const std::vector<TypeRef>& params, TypeRef ret);

  // Records the function an instance is building, so that a recursive call
  // (allowed with an explicit signature, as in Numba) can refer to it.
  void building(const FunctionEntry& f, const std::vector<TypeRef>& params, ir::Function* fn) {
    building_[Key{&f, params}] = fn;
  }

  // The host-code instance of a plain or CPU @jit function for these argument types.
  // Errors go to `diags`, the calling host code's: they make the program untranslatable.
  const ir::Function* instantiate_host(const FunctionEntry& f, const std::vector<TypeRef>& params, Span call_site,
                                       Diagnostics& diags);
  TypeRef probe_host_return_type(const FunctionEntry& f, const std::vector<TypeRef>& params);
  // The types a probed host instance's parameters ended with (after probe_host_return_type):
  // an empty list passed in is a list of what the function appends to it. Empty if unknown.
  std::vector<TypeRef> probed_host_param_types(const FunctionEntry& f, const std::vector<TypeRef>& params) const;

  // Registers a frozen module constant and returns its C++ name.
  // `for_host`: a host function reads it (an array then also gets a host copy).
  std::string constant_name(const std::string& name, const sema::Symbol& sym, const sema::ConstValue& v,
                            bool for_host = false);

  sema::ModuleInfo& info() { return info_; }
  // `f.py_func` of a CPU @jit or device function: the Python function itself, a plain host
  // function of the same definition (Python's semantics, not Numba's), made on first use.
  const FunctionEntry& py_func_of(const FunctionEntry& f);
  // The C++ namespace the .cu declares the program's names in.
  const std::string& module_namespace() const { return module_->name; }
  // Classes of host code (infer/host_classes.cpp): the struct of a class (made on first use), and
  // its attributes' types, each the unification of every value assigned to it; a change makes the
  // functions being typed take another pass, as a shared global's does.
  ir::Module::HostClass& host_class(const std::string& cls);
  const std::string& root_class(const std::string& cls) const;
  TypeRef class_attribute_type(const std::string& cls, const std::string& attr);
  void set_class_attribute_type(const std::string& cls, const std::string& attr, TypeRef t);
  ArgparseParsers& argparse_parsers() { return argparse_parsers_; }
  // A function passed to a host function or held by an attribute: the type naming it (its
  // tag), and the function a tag type names, or null (infer/function_values.cpp).
  TypeRef function_tag_type(const FunctionEntry& f);
  const FunctionEntry* function_tag_entry(TypeRef t) const;

  // Module variables a plain host function rebinds (`global counter` in its body) or changes
  // in place (`timings[k] = t`, `results.append(x)`, the name not bound in it): one
  // C++ variable at namespace scope that the module's code and every host function share,
  // as Python's module dict is (infer/host_globals.cpp).
  bool is_shared_global(const std::string& name);
  // Its C++ name and type: the type of its first assignment; nullptr while none is typed.
  std::string shared_global_cpp_name(const std::string& name) const;
  TypeRef shared_global_type(const std::string& name) const;
  void set_shared_global_type(const std::string& name, TypeRef t);
  int shared_global_changes() const { return shared_global_changes_; }
  // Whether the module's code changes the module variable `name` in place, or a function
  // changes it in place or rebinds it under `global`.
  bool changed_by_host_code(const std::string& name);
  // A module global kernels read whose value only the running program knows: bound more than
  // once or from what py2cuda does not evaluate, or changed before a launch. Its kernels read
  // a __constant__ copy that the first launch sets from the host program's variable, a shared
  // global (infer/host_globals.cpp). Only in a program with host code.
  bool frozen_at_launch(const std::string& name);
  // The globals `f`'s body reads that are such (a function with a signature reading one is
  // typed after the module's code, which gives the global its type).
  std::set<std::string> frozen_globals_read(const FunctionEntry& f);
  // The __constant__ copy's C++ name, declared once for `type`.
  std::string launch_frozen_global(const std::string& name, TypeRef type);

  // Ufuncs (infer/ufuncs.cpp): the module's entry for `f`, its loop for these core
  // parameter types (built on first request), and run()'s eager CUDA loops.
  ir::Ufunc* ufunc_of(const FunctionEntry& f);
  const ir::UfuncLoop* ufunc_loop(const FunctionEntry& f, const std::vector<TypeRef>& params, TypeRef ret,
                                  const std::string& text, Span site);
  void build_ufunc(const FunctionEntry& f);

 private:
  using Key = std::pair<const FunctionEntry*, std::vector<TypeRef>>;
  sema::ModuleInfo& info_;
  Diagnostics& diags_;
  Diagnostics scratch_;
  std::unique_ptr<ir::Module> module_;
  std::map<Key, const ir::Function*> instances_;
  std::map<Key, TypeRef> probes_;
  std::map<Key, ir::Function*> building_;
  std::set<const FunctionEntry*> in_progress_;
  std::set<std::string> kernel_names_;
  // Device function instances by their parameter types as C++ sees them (array
  // layouts erased): instances C++ overloading cannot tell apart get new names.
  std::map<Key, int> cpp_signatures_;
  std::map<std::string, std::string> constant_names_;
  std::map<Key, const ir::Function*> host_instances_;
  // Failed host instances whose errors reached real diagnostics (not only a probe's scratch_).
  std::set<Key> host_failures_reported_;
  std::map<Key, TypeRef> host_probes_;
  std::map<Key, std::vector<TypeRef>> host_probe_params_;
  std::set<const FunctionEntry*> host_in_progress_;
  std::set<std::string> host_names_;
  std::unique_ptr<FunctionEntry> host_main_;
  std::map<const FunctionEntry*, size_t> ufunc_index_;  // into module_->ufuncs
  ArgparseParsers argparse_parsers_;
  std::vector<std::pair<std::string, const FunctionEntry*>> function_tags_;  // tag names: "function NAME", "function NAME#2"
  std::optional<std::set<std::string>> shared_globals_;
  std::map<std::string, TypeRef> shared_global_types_;
  std::map<std::string, bool> frozen_at_launch_;
  std::map<const FunctionEntry*, std::unique_ptr<FunctionEntry>> py_funcs_;
  // Bumped by each change of a shared variable's type: the function typing then takes another pass.
  int shared_global_changes_ = 0;
  void build_host_program();
  void warn_about_missing_gpu_code();
};

inline void FunctionBuilder::reset_bindings() {
  version_of_.clear();
  version_count_.clear();
  function_aliases_.clear();
  dtype_aliases_.clear();
  // A parameter given a class: an alias of it for the whole body.
  for (const ir::Variable* p : fn_ ? fn_->params : std::vector<ir::Variable*>{}) {
    if (std::string path = dtype_tag_path(p->param_type); !path.empty()) dtype_aliases_[p->name] = path;
    if (const FunctionEntry* f = mb_.function_tag_entry(p->param_type)) function_aliases_[p->name] = f;
  }
  lambda_aliases_.clear();
  display_aliases_.clear();
  bound_this_pass_.clear();
}

}  // namespace py2cuda::infer
