// py2cuda host runtime: Python's set, for host code's sets of one element type.
//
// A set prints and iterates in the order of CPython's hash table, so `print({3, 1, 2})`
// shows `{1, 2, 3}` and `for x in s` visits what Python visits. That order is a function
// of the elements' hashes and of the history of adds and removes, so the table here is
// CPython 3.11's (Objects/setobject.c): 8 slots to start, 10 linear probes, then the
// perturbed open-addressing step; removed entries left as dummies, the last of which on a
// later add's probe sequence takes the new key; a resize (to 4x the live count) when the table is 3/5 full; and
// each set operation (|, &, -, ^, their in-place forms and methods) building its result
// the way CPython's does, which decides the order of what it prints.
//
// Hashes are CPython's for numbers (an int modulo 2**61 - 1, a float by its exact value,
// so 2.0 and 2 hash alike) and tuples (the xxHash-based combination). A str's hash is
// randomized per run in CPython (PYTHONHASHSEED), so no order of a set of strings is
// Python's; here it is a fixed FNV-1a hash, deterministic from run to run.
//
// Like Dict, a Set is a handle: `t = s` names the same set, and the mutating methods are
// const (they change the shared table, not the handle).
#pragma once

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "../tuple.h"
#include "dynamic_number.h"
#include "exceptions.h"
#include "iterate.h"
#include "key_order.h"
#include "list.h"
#include "print.h"

namespace py2cuda::host {

namespace set_hash {

inline constexpr uint64_t kModulus = (uint64_t{1} << 61) - 1;  // CPython's _PyHASH_MODULUS
inline constexpr int kBits = 61;
inline constexpr int64_t kInfinity = 314159;  // hash(float('inf'))

// -1 is CPython's error value, so a hash of -1 becomes -2 (hash(-1) == -2).
inline int64_t avoid_minus_one(int64_t h) { return h == -1 ? -2 : h; }

inline int64_t of(int64_t v) {
  const uint64_t magnitude = v < 0 ? uint64_t(0) - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  const int64_t reduced = static_cast<int64_t>(magnitude % kModulus);
  return avoid_minus_one(v < 0 ? -reduced : reduced);
}
inline int64_t of(uint64_t v) { return static_cast<int64_t>(v % kModulus); }

// CPython's _Py_HashDouble: the value's binary digits reduced modulo 2**61 - 1, 28 at a
// time, then rotated by the exponent; an integral float hashes as the int it equals.
inline int64_t of(double v) {
  if (std::isinf(v)) return v > 0 ? kInfinity : -kInfinity;
  if (std::isnan(v)) return 0;  // CPython hashes a NaN by its object's address: no order to match
  int e = 0;
  double m = std::frexp(v, &e);
  int64_t sign = 1;
  if (m < 0) {
    sign = -1;
    m = -m;
  }
  uint64_t x = 0;
  while (m != 0.0) {
    x = ((x << 28) & kModulus) | x >> (kBits - 28);
    m *= 268435456.0;  // 2**28
    e -= 28;
    const uint64_t y = static_cast<uint64_t>(m);
    m -= static_cast<double>(y);
    x += y;
    if (x >= kModulus) x -= kModulus;
  }
  e = e >= 0 ? e % kBits : kBits - 1 - ((-1 - e) % kBits);
  x = ((x << e) & kModulus) | x >> (kBits - e);
  return avoid_minus_one(static_cast<int64_t>(x * static_cast<uint64_t>(sign)));
}

inline int64_t of(const std::string& s) {
  uint64_t h = 14695981039346656037ull;  // FNV-1a: Python's own str hash is randomized per run
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return avoid_minus_one(static_cast<int64_t>(h));
}

template <class T>
int64_t of(const T& v);

// A NumPy scalar hashes as its value (hash(np.float32(0.5)) == hash(0.5)).
template <class T>
int64_t of(const NpScalar<T>& v) {
  return of(v.value);
}

// A number whose type differs by path hashes as the number it holds (hash(1) == hash(1.0)).
inline int64_t of(const DynamicNumber& v) {
  return std::visit([](const auto& x) { return of(x); }, v.value);
}

template <class T>
int64_t of(const T& v) {
  if constexpr (std::is_same_v<T, bool>) {
    return v ? 1 : 0;
  } else if constexpr (std::is_integral_v<T>) {
    return std::is_signed_v<T> ? of(static_cast<int64_t>(v)) : of(static_cast<uint64_t>(v));
  } else if constexpr (std::is_floating_point_v<T>) {
    return of(static_cast<double>(v));  // hash(np.float32(x)) == hash(float(x))
  } else {
    static_assert(detail::IsPyTuple<T>::value, "a set holds numbers, strings and tuples of them");
    // CPython's tuplehash: each element's hash is a lane of xxHash's round.
    constexpr uint64_t kPrime1 = 11400714785074694791ull;
    constexpr uint64_t kPrime2 = 14029467366897019727ull;
    constexpr uint64_t kPrime5 = 2870177450012600261ull;
    uint64_t acc = kPrime5;
    for_each_item(v, [&](const auto& item) {
      acc += static_cast<uint64_t>(of(item)) * kPrime2;
      acc = (acc << 31) | (acc >> 33);
      acc *= kPrime1;
    });
    acc += py2cuda::tuple_size<T>::value ^ (kPrime5 ^ 3527539ull);
    return acc == ~uint64_t{0} ? 1546275796 : static_cast<int64_t>(acc);
  }
}

}  // namespace set_hash

template <class T>
class Set {
 public:
  using value_type = T;

  Set() : table_(std::make_shared<Table>()) {}
  // A display, `{3, 1, 2}`: each item added in order, as CPython's BUILD_SET does.
  Set(std::initializer_list<T> items) : Set() {
    for (const T& x : items) add(x);
  }
  // A display of more than two constants, `{3, 1, 2, 17, 9}`: CPython's compiler folds it to
  // a frozenset constant (the items added in order), rebuilds that frozenset from its own
  // iteration order when it merges the code object's constants, and the code merges it into
  // an empty set (BUILD_SET 0, SET_UPDATE), so it prints {1, 2, 3, 17, 9}, not {1, 2, 3, 9, 17}.
  static Set constant_display(std::initializer_list<T> items) {
    const Set folded(items);
    Set rebuilt;
    for (const T& x : folded.items()) rebuilt.add(x);
    return of(rebuilt);
  }
  // set(iterable): a set's table is merged; other items are added in their order.
  template <class Items>
  static Set of(const Items& items) {
    Set out;
    out.update(items);
    return out;
  }

  // The same set's elements in another representation (a set of ints the translator widens
  // to DynamicNumbers): each key converted in its slot, the table and its history kept, since
  // in Python it is the same set object, whose order a later add continues.
  template <class U, class Convert>
  static Set converted(const Set<U>& other, Convert convert) {
    Set out;
    const auto& from = *other.table_;
    Table& to = *out.table_;
    to.slots.assign(from.slots.size(), Slot{});
    for (std::size_t i = 0; i < from.slots.size(); ++i) {
      to.slots[i].state = static_cast<typename Slot::State>(from.slots[i].state);
      to.slots[i].hash = from.slots[i].hash;
      if (from.slots[i].state == Set<U>::Slot::Active) to.slots[i].key = T(convert(from.slots[i].key));
    }
    to.fill = from.fill;
    to.used = from.used;
    to.finger = from.finger;
    return out;
  }

  int64_t size() const { return table_->used; }
  bool contains(const T& key) const { return find(key, set_hash::of(key)) >= 0; }

  // The live elements in table order: what iteration, printing and sorted() read. Valid
  // until the set next changes.
  const std::vector<T>& items() const {
    if (!table_->order_valid) {
      table_->order.clear();
      for (const Slot& s : table_->slots) {
        if (s.state == Slot::Active) table_->order.push_back(s.key);
      }
      table_->order_valid = true;
    }
    return table_->order;
  }
  // The i-th element of a loop over the set: a loop whose body removed elements ends with
  // CPython's error (one that adds them goes on in the new order, where CPython stops too).
  T at(int64_t i) const {
    if (i >= size()) throw PyException("RuntimeError", "Set changed size during iteration");
    return items()[static_cast<std::size_t>(i)];
  }

  void add(const T& key) const { add_entry(key, set_hash::of(key)); }
  // s.discard(x): no error when absent.
  void discard(const T& key) const { discard_entry(key, set_hash::of(key)); }
  // s.remove(x): KeyError(repr(x)) when absent.
  void remove(const T& key) const {
    if (!discard_entry(key, set_hash::of(key))) throw KeyError(repr(key));
  }
  // s.pop(): the first live slot from where the last pop stopped (CPython's "finger").
  T pop() const {
    Table& t = *table_;
    if (t.used == 0) throw KeyError("'pop from an empty set'");
    const std::size_t mask = t.slots.size() - 1;
    std::size_t i = t.finger & mask;
    while (t.slots[i].state != Slot::Active) i = i == mask ? 0 : i + 1;
    T key = std::move(t.slots[i].key);
    make_dummy(t.slots[i]);
    --t.used;
    t.finger = i + 1;
    t.order_valid = false;
    return key;
  }
  void clear() const {
    const std::size_t finger = table_->finger;
    *table_ = Table();
    table_->finger = finger;
  }
  Set copy() const { return of(*this); }

  // s.update(items), s |= items
  template <class Items>
  void update(const Items& items) const {
    if constexpr (std::is_same_v<Items, Set>) {
      merge(items);
    } else {
      for_each_item(items, [&](const auto& v) { add(T(v)); });
    }
  }
  // s & other, s.intersection(other): other's elements found in s, in other's order, unless
  // other is the larger (then s's found in other, as CPython swaps the two).
  Set intersection(const Set& other) const {
    if (other.is(*this)) return copy();
    const Set* iterated = &other;
    const Set* probed = this;
    if (other.size() > size()) std::swap(iterated, probed);
    Set out;
    iterated->for_each_entry([&](const Slot& s) {
      if (probed->find(s.key, s.hash) >= 0) out.add_entry(s.key, s.hash);
    });
    return out;
  }
  template <class Items>
  Set intersection(const Items& items) const {
    Set out;
    for_each_item(items, [&](const auto& v) {
      const T key = T(v);
      const int64_t h = set_hash::of(key);
      if (find(key, h) >= 0) out.add_entry(key, h);
    });
    return out;
  }
  // s - other, s.difference(other)
  Set difference(const Set& other) const {
    // A set much larger than `other` is copied, then other's elements removed.
    if ((size() >> 2) > other.size()) {
      Set out = copy();
      out.difference_update(other);
      return out;
    }
    Set out;
    for_each_entry([&](const Slot& s) {
      if (other.find(s.key, s.hash) < 0) out.add_entry(s.key, s.hash);
    });
    return out;
  }
  template <class Items>
  Set difference(const Items& items) const {
    Set out = copy();
    out.difference_update(items);
    return out;
  }
  // s ^ other, s.symmetric_difference(other): a copy of other, updated by s.
  Set symmetric_difference(const Set& other) const {
    Set out = other.copy();
    out.symmetric_difference_update(*this);
    return out;
  }
  template <class Items>
  Set symmetric_difference(const Items& items) const {
    Set out = of(items);
    out.symmetric_difference_update(*this);
    return out;
  }
  // s.union(a, b, ...): a copy of s updated by each argument that is not s itself.
  template <class... Items>
  Set union_of(const Items&... others) const {
    Set out = copy();
    auto update_with = [&](const auto& other) {
      if constexpr (std::is_same_v<std::decay_t<decltype(other)>, Set>) {
        if (other.is(*this)) return;
      }
      out.update(other);
    };
    (update_with(others), ...);
    return out;
  }

  // s &= other, s.intersection_update(other): the intersection's table replaces s's (pop()
  // goes on from where it was, as CPython's set_swap_bodies leaves the finger).
  template <class Items>
  void intersection_update(const Items& items) const {
    Set result = intersection(items);
    const std::size_t finger = table_->finger;
    *table_ = std::move(*result.table_);
    table_->finger = finger;
  }
  // s -= other, s.difference_update(other)
  template <class Items>
  void difference_update(const Items& items) const {
    if constexpr (std::is_same_v<Items, Set>) {
      if (items.is(*this)) {
        clear();
        return;
      }
      // CPython removes the intersection instead when `other` is over 8 times larger.
      const Set removed = (items.size() >> 3) > size() ? intersection(items) : items;
      removed.for_each_entry([&](const Slot& s) { discard_entry(s.key, s.hash); });
    } else {
      for_each_item(items, [&](const auto& v) { discard(T(v)); });
    }
    Table& t = *table_;
    // More than a quarter of the slots dummies: the table is rebuilt without them.
    if (static_cast<std::size_t>(t.fill - t.used) > (t.slots.size() - 1) / 4) resize(t.used > 50000 ? t.used * 2 : t.used * 4);
  }
  // s ^= other, s.symmetric_difference_update(other)
  template <class Items>
  void symmetric_difference_update(const Items& items) const {
    if constexpr (std::is_same_v<Items, Set>) {
      if (items.is(*this)) {
        clear();
        return;
      }
      const Set other = items;
      other.for_each_entry([&](const Slot& s) {
        if (!discard_entry(s.key, s.hash)) add_entry(s.key, s.hash);
      });
    } else {
      symmetric_difference_update(of(items));
    }
  }

  bool issubset(const Set& other) const {
    if (size() > other.size()) return false;
    for (const T& x : items()) {
      if (!other.contains(x)) return false;
    }
    return true;
  }
  bool issuperset(const Set& other) const { return other.issubset(*this); }
  bool isdisjoint(const Set& other) const {
    const Set& small = size() <= other.size() ? *this : other;
    const Set& large = size() <= other.size() ? other : *this;
    for (const T& x : small.items()) {
      if (large.contains(x)) return false;
    }
    return true;
  }
  // `a is b`: the same set object.
  bool is(const Set& other) const { return table_ == other.table_; }

  friend Set operator|(const Set& a, const Set& b) { return a.union_of(b); }
  friend Set operator&(const Set& a, const Set& b) { return a.intersection(b); }
  friend Set operator-(const Set& a, const Set& b) { return a.difference(b); }
  friend Set operator^(const Set& a, const Set& b) { return a.symmetric_difference(b); }
  friend bool operator==(const Set& a, const Set& b) { return a.size() == b.size() && a.issubset(b); }
  friend bool operator!=(const Set& a, const Set& b) { return !(a == b); }
  // <, <=, >, >= are the subset relations.
  friend bool operator<=(const Set& a, const Set& b) { return a.issubset(b); }
  friend bool operator<(const Set& a, const Set& b) { return a.size() < b.size() && a.issubset(b); }
  friend bool operator>=(const Set& a, const Set& b) { return b.issubset(a); }
  friend bool operator>(const Set& a, const Set& b) { return b < a; }

 private:
  static constexpr std::size_t kMinSize = 8;     // PySet_MINSIZE
  static constexpr std::size_t kLinearProbes = 9;  // LINEAR_PROBES
  static constexpr int kPerturbShift = 5;

  template <class U>
  friend class Set;

  struct Slot {
    enum State : uint8_t { Unused, Dummy, Active };
    State state = Unused;
    int64_t hash = 0;
    T key{};
  };
  struct Table {
    std::vector<Slot> slots = std::vector<Slot>(kMinSize);
    int64_t fill = 0;  // active and dummy slots
    int64_t used = 0;  // active slots
    std::size_t finger = 0;  // where pop() looks first
    std::vector<T> order;
    bool order_valid = false;
  };

  static void make_dummy(Slot& s) {
    s.state = Slot::Dummy;
    s.hash = -1;
    s.key = T{};
  }

  template <class F>
  void for_each_entry(F&& f) const {
    for (const Slot& s : table_->slots) {
      if (s.state == Slot::Active) f(s);
    }
  }

  // CPython's probe sequence: from hash & mask, the next kLinearProbes slots when they fit
  // below the end, then i = i * 5 + 1 + perturb with perturb shifted down each round.
  // `visit(slot_index)` returns true to stop.
  template <class Visit>
  static void probe(const std::vector<Slot>& slots, int64_t hash, Visit visit) {
    const std::size_t mask = slots.size() - 1;
    std::size_t perturb = static_cast<std::size_t>(hash);
    std::size_t i = static_cast<std::size_t>(hash) & mask;
    while (true) {
      const std::size_t probes = i + kLinearProbes <= mask ? kLinearProbes : 0;
      for (std::size_t j = 0; j <= probes; ++j) {
        if (visit(i + j)) return;
      }
      perturb >>= kPerturbShift;
      i = (i * 5 + 1 + perturb) & mask;
    }
  }

  // The slot holding `key`, or -1.
  int64_t find(const T& key, int64_t hash) const {
    int64_t found = -1;
    probe(table_->slots, hash, [&](std::size_t i) {
      const Slot& s = table_->slots[i];
      if (s.state == Slot::Unused) return true;
      if (s.state == Slot::Active && s.hash == hash && python_equal(s.key, key)) {
        found = static_cast<int64_t>(i);
        return true;
      }
      return false;
    });
    return found;
  }

  void add_entry(const T& key, int64_t hash) const {
    Table& t = *table_;
    std::size_t unused = 0;
    int64_t dummy = -1;
    bool present = false;
    probe(t.slots, hash, [&](std::size_t i) {
      const Slot& s = t.slots[i];
      if (s.state == Slot::Unused) {
        unused = i;
        return true;
      }
      if (s.state == Slot::Active && s.hash == hash && python_equal(s.key, key)) {
        present = true;
        return true;
      }
      if (s.state == Slot::Dummy) dummy = static_cast<int64_t>(i);
      return false;
    });
    if (present) return;
    t.order_valid = false;
    ++t.used;
    if (dummy >= 0) {  // the last dummy on the way is reused (CPython's freeslot); fill is unchanged
      t.slots[static_cast<std::size_t>(dummy)] = Slot{Slot::Active, hash, key};
      return;
    }
    ++t.fill;
    t.slots[unused] = Slot{Slot::Active, hash, key};
    const std::size_t mask = t.slots.size() - 1;
    if (static_cast<std::size_t>(t.fill) * 5 >= mask * 3) resize(t.used > 50000 ? t.used * 2 : t.used * 4);
  }

  // True when `key` was there.
  bool discard_entry(const T& key, int64_t hash) const {
    const int64_t i = find(key, hash);
    if (i < 0) return false;
    make_dummy(table_->slots[static_cast<std::size_t>(i)]);
    --table_->used;
    table_->order_valid = false;
    return true;
  }

  // CPython's set_insert_clean: the first unused slot of the probe sequence (no dummies,
  // no equal keys in a table being rebuilt).
  static void insert_clean(std::vector<Slot>& slots, const Slot& entry) {
    probe(slots, entry.hash, [&](std::size_t i) {
      if (slots[i].state != Slot::Unused) return false;
      slots[i] = entry;
      return true;
    });
  }

  // A table of the smallest power of two above `min_used` slots (at least 8), the live
  // entries reinserted in slot order.
  void resize(int64_t min_used) const {
    Table& t = *table_;
    std::size_t size = kMinSize;
    while (size <= static_cast<std::size_t>(min_used)) size <<= 1;
    std::vector<Slot> old = std::move(t.slots);
    t.slots = std::vector<Slot>(size);
    t.fill = t.used;
    for (const Slot& s : old) {
      if (s.state == Slot::Active) insert_clean(t.slots, s);
    }
    t.order_valid = false;
  }

  // CPython's set_merge: one resize up front, then the other's slots copied as they are
  // (an empty table of the same size, no dummies), inserted clean (an empty table) or
  // added one by one.
  void merge(const Set& other) const {
    if (other.is(*this) || other.size() == 0) return;
    Table& t = *table_;
    const Table& o = *other.table_;
    if (static_cast<std::size_t>(t.fill + o.used) * 5 >= (t.slots.size() - 1) * 3) resize((t.used + o.used) * 2);
    t.order_valid = false;
    if (t.fill == 0 && t.slots.size() == o.slots.size() && o.fill == o.used) {
      t.slots = o.slots;
      t.fill = o.fill;
      t.used = o.used;
      return;
    }
    if (t.fill == 0) {
      t.fill = o.used;
      t.used = o.used;
      other.for_each_entry([&](const Slot& s) { insert_clean(t.slots, s); });
      return;
    }
    other.for_each_entry([&](const Slot& s) { add_entry(s.key, s.hash); });
  }

  std::shared_ptr<Table> table_;
};

template <class T>
int64_t len(const Set<T>& s) {
  return s.size();
}

template <class T, class F>
void for_each_item(const Set<T>& s, F&& f) {
  for (const T& x : std::vector<T>(s.items())) f(x);
}

// min(), max(), sum(), any() and all() of a set read its elements in table order.
template <class T>
T max(const Set<T>& s) {
  if (s.size() == 0) throw ValueError("max() arg is an empty sequence");
  return max(List<T>(s.items()));
}
template <class T>
T min(const Set<T>& s) {
  if (s.size() == 0) throw ValueError("min() arg is an empty sequence");
  return min(List<T>(s.items()));
}
template <class R, class T>
R sum(const Set<T>& s) {
  return sum<R>(List<T>(s.items()));
}
template <class T>
bool any(const Set<T>& s) {
  return any(List<T>(s.items()));
}
template <class T>
bool all(const Set<T>& s) {
  return all(List<T>(s.items()));
}

// `{1, 2, 3}`; an empty set prints as `set()`.
template <class T>
std::string repr(const Set<T>& s) {
  if (s.size() == 0) return "set()";
  std::string out = "{";
  bool first = true;
  for (const T& x : s.items()) {
    if (!first) out += ", ";
    first = false;
    out += repr(x);
  }
  return out + "}";
}
template <class T>
std::string str(const Set<T>& s) {
  return repr(s);
}
template <class T>
std::string format(const Set<T>& s, std::string_view spec) {
  if (!spec.empty()) throw TypeError("unsupported format string passed to set.__format__");
  return repr(s);
}

}  // namespace py2cuda::host
