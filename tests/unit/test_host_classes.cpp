// Classes of host code (sema/classes.cpp, infer/host_classes.cpp): a struct per class, its
// attributes typed from every assignment, methods as host functions taking the instance, and
// the class features py2cuda does not translate reported where they are written.
#include <gtest/gtest.h>

#include "translate_text.h"

using namespace py2cuda;

namespace {

const test::HostProgram run({});  // lines 1-5

using test::has;

}  // namespace

TEST(HostClasses, ClassIsAStructHeldByASharedPtr) {
  TranslateResult r = run("class Config:\n"                          // 6
                          "    N = 4\n"                               // 7
                          "    def __init__(self, n, scale=2.0):\n"  // 8
                          "        self.n = n\n"                      // 9
                          "        self.scale = scale\n"              // 10
                          "        self.a = np.zeros(self.N)\n"       // 11
                          "    def run(self):\n"                      // 12
                          "        inc[1, 1](self.a)\n"               // 13
                          "        return self.a[0] * self.scale\n"   // 14
                          "cfg = Config(3, scale=0.5)\n"              // 15
                          "cfg.n = cfg.n + Config.N\n"                // 16
                          "print(cfg.run(), cfg.n)\n");               // 17
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "struct Config {\n  int64_t n{};\n  double scale{};\n  py2cuda::host::NDArray<double, 1> a{};\n};"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "std::shared_ptr<Config> self = std::make_shared<Config>();")) << r.cu;
  EXPECT_TRUE(has(r.cu, "self->n = n;")) << r.cu;
  EXPECT_TRUE(has(r.cu, "std::shared_ptr<Config> cfg = Config_host(int64_t(3), 0.5);")) << r.cu;
  EXPECT_TRUE(has(r.cu, "Config_run_host(cfg)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.cu;
}

// An attribute given an int and a float holds each value with its own type (a DynamicNumber),
// so `s.total` prints 0 before the first add and 0.5 after, as in Python.
TEST(HostClasses, AttributeOfIntsAndFloatsKeepsEachValuesType) {
  TranslateResult r = run("class Stats:\n"                           // 6
                          "    def __init__(self):\n"                // 7
                          "        self.total = 0\n"                 // 8
                          "    def add(self, v):\n"                  // 9
                          "        self.total += v\n"                // 10
                          "s = Stats()\n"                            // 11
                          "s.add(0.5)\n"                             // 12
                          "a = np.zeros(1)\ninc[1, 1](a)\n"          // 13-14
                          "print(s.total)\n");                       // 15
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "  py2cuda::host::DynamicNumber total{};")) << r.cu;
  EXPECT_TRUE(has(r.cu, "self->total = py2cuda::host::to_dynamic<int64_t>(0);")) << r.cu;
  EXPECT_FALSE(has(r.diagnostics, "warning")) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.cu;
}

TEST(HostClasses, StaticMethodsAndInstancesPassedToFunctions) {
  TranslateResult r = run("class Grid:\n"                            // 6
                          "    def __init__(self, n):\n"             // 7
                          "        self.n = n\n"                     // 8
                          "    @staticmethod\n"                      // 9
                          "    def blocks(n, tpb):\n"                // 10
                          "        return (n + tpb - 1) // tpb\n"    // 11
                          "def launch(g):\n"                         // 12
                          "    a = np.zeros(g.n)\n"                  // 13
                          "    inc[Grid.blocks(g.n, 32), 32](a)\n"   // 14
                          "    return a\n"                           // 15
                          "grids = [Grid(4), Grid(8)]\n"             // 16
                          "for g in grids:\n"                        // 17
                          "    print(launch(g)[0])\n");              // 18
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "Grid_blocks_host(g->n, int64_t(32))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::List<std::shared_ptr<Grid>>")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.cu;
}

TEST(HostClasses, SubclassDerivesFromItsBasesStructAndDispatchesOverrides) {
  TranslateResult r = run("class Shape:\n"                           // 6
                          "    def __init__(self, n):\n"             // 7
                          "        self.n = n\n"                     // 8
                          "    def area(self):\n"                    // 9
                          "        return 0.0\n"                     // 10
                          "class Disc(Shape):\n"                     // 11
                          "    def __init__(self, n, r):\n"          // 12
                          "        super().__init__(n)\n"            // 13
                          "        self.r = r\n"                     // 14
                          "    def area(self):\n"                    // 15
                          "        return 3.0 * self.r * self.r\n"   // 16
                          "shapes = [Shape(1), Disc(2, 0.5)]\n"      // 17
                          "a = np.zeros(1)\ninc[1, 1](a)\n"
                          "print([s.area() for s in shapes], isinstance(shapes[1], Disc))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  // The hierarchy's attributes live in the root's struct, which is polymorphic for dynamic_cast.
  EXPECT_TRUE(has(r.cu, "struct Disc : Shape {")) << r.cu;
  EXPECT_TRUE(has(r.cu, "virtual ~Shape() = default;")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::List<std::shared_ptr<Shape>>")) << r.cu;
  EXPECT_TRUE(has(r.cu, "dynamic_cast<Disc*>(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "std::static_pointer_cast<Disc>(")) << r.cu;
}

TEST(HostClasses, MultipleInheritanceIsALocatedWarning) {
  TranslateResult r = run("class Base:\n    pass\n"                   // 6-7
                          "class Other:\n    pass\n"                  // 8-9
                          "class Derived(Base, Other):\n    pass\n"   // 10-11
                          "a = np.zeros(1)\ninc[1, 1](a)\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:10:21: warning: multiple inheritance (a class with more than one base class) "
                                 "is not supported in host code by py2cuda"))
      << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "int main(")) << r.cu;
}

TEST(HostClasses, UncalledSpecialMethodIsALocatedWarning) {
  TranslateResult r = run("class V:\n"                                // 6
                          "    def __init__(self, x):\n"              // 7
                          "        self.x = x\n"                      // 8
                          "    def __iter__(self):\n"                 // 9
                          "        return iter([self.x])\n"           // 10
                          "a = np.zeros(1)\ninc[1, 1](a)\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:9:9: warning: the special method '__iter__' in a class is not supported"))
      << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "int main(")) << r.cu;
}

TEST(HostClasses, PrintingAnInstanceIsALocatedWarning) {
  TranslateResult r = run("class P:\n"                                // 6
                          "    def __init__(self):\n"                 // 7
                          "        self.x = 1\n"                      // 8
                          "p = P()\n"                                 // 9
                          "a = np.zeros(1)\ninc[1, 1](a)\n"           // 10-11
                          "print(p)\n");                              // 12
  EXPECT_TRUE(has(r.diagnostics, "prog.py:12:7: warning: printing an instance of the class 'P'")) << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "int main(")) << r.cu;
}

TEST(HostClasses, PropertiesAndClassMethods) {
  TranslateResult r = run("class G:\n"                                // 6
                          "    def __init__(self, w, h):\n"           // 7
                          "        self.w = w\n"                      // 8
                          "        self.h = h\n"                      // 9
                          "    @classmethod\n"                        // 10
                          "    def square(cls, n):\n"                 // 11
                          "        return cls(n, n)\n"                // 12
                          "    @property\n"                           // 13
                          "    def size(self):\n"                     // 14
                          "        return self.w * self.h\n"          // 15
                          "    @size.setter\n"                        // 16
                          "    def size(self, v):\n"                  // 17
                          "        self.w = v // self.h\n"            // 18
                          "g = G.square(4)\n"                         // 19
                          "g.size = 8\n"                              // 20
                          "a = np.zeros(1)\ninc[1, 1](a)\n"           // 21-22
                          "print(g.size, g.w)\n");                    // 23
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "std::shared_ptr<G> g = G_square_host(int64_t(4));")) << r.cu;
  EXPECT_TRUE(has(r.cu, "G_set_size_host(g, int64_t(8));")) << r.cu;
  EXPECT_TRUE(has(r.cu, "G_size_host(g)")) << r.cu;
}

TEST(HostClasses, SpecialMethodsAreCalledWherePythonCallsThem) {
  TranslateResult r = run("class V:\n"                                // 6
                          "    def __init__(self, x):\n"              // 7
                          "        self.x = x\n"                      // 8
                          "    def __add__(self, o):\n"               // 9
                          "        return V(self.x + o.x)\n"          // 10
                          "    def __repr__(self):\n"                 // 11
                          "        return f'V({self.x})'\n"           // 12
                          "    def __len__(self):\n"                  // 13
                          "        return 1\n"                        // 14
                          "v = V(1) + V(2)\n"                         // 15
                          "a = np.zeros(1)\ninc[1, 1](a)\n"           // 16-17
                          "print(v, len(v), v == v)\n");              // 18
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "return V_op_add_host(py2cuda_arg0, py2cuda_arg1);")) << r.cu;  // operands left to right
  EXPECT_TRUE(has(r.cu, "V_op_repr_host(v)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "V_op_len_host(v)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "(v == v)")) << r.cu;
}

TEST(HostClasses, OperatorWithoutItsMethodIsALocatedWarning) {
  TranslateResult r = run("class V:\n"                                // 6
                          "    def __init__(self, x):\n"              // 7
                          "        self.x = x\n"                      // 8
                          "v = V(1)\n"                                // 9
                          "a = np.zeros(1)\ninc[1, 1](a)\n"           // 10-11
                          "print((v * 2).x)\n");                      // 12
  EXPECT_TRUE(has(r.diagnostics, "prog.py:12:8: warning: unsupported operand type(s) for *: 'V' and 'int'"))
      << r.diagnostics;
}

TEST(HostClasses, AssigningAFrozenDataclassFieldIsALocatedWarning) {
  TranslateResult r = run("from dataclasses import dataclass\n"       // 6
                          "@dataclass(frozen=True)\n"                 // 7
                          "class S:\n"                                // 8
                          "    n: int\n"                              // 9
                          "s = S(1)\n"                                // 10
                          "s.n = 2\n"                                 // 11
                          "a = np.zeros(1)\ninc[1, 1](a)\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:11:1: warning: cannot assign to field 'n' of the frozen dataclass 'S'"))
      << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "int main(")) << r.cu;
}

TEST(HostClasses, PrintingAListOfInstancesIsALocatedWarning) {
  TranslateResult r = run("class V:\n"                                // 6
                          "    def __repr__(self):\n"                 // 7
                          "        return 'V'\n"                      // 8
                          "a = np.zeros(1)\ninc[1, 1](a)\n"           // 9-10
                          "print([V(), V()])\n");                     // 11
  EXPECT_TRUE(has(r.diagnostics, "prog.py:11:7: warning: printing a list(instance V) holding instances of a class"))
      << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "int main(")) << r.cu;
}

// An empty list given to a constructor that keeps it (`self.log = log`) and appended to by a
// method is a list of what the method appends, in the caller too; an attribute whose name C++
// reserves (`log`, C's log()) is declared by the C++ name its reads and writes use.
TEST(HostClasses, AnEmptyListKeptByAConstructorTakesTheMethodsType) {
  TranslateResult r = run("class Recorder:\n    def __init__(self, log):\n        self.log = log\n"
                          "    def note(self, text):\n        self.log.append(text)\n"
                          "inc[1, 1](np.zeros(1))\nlog = []\nrec = Recorder(log)\nrec.note('x')\nprint(log)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::List<std::string> log_ = py2cuda::host::List<std::string>();")) << r.cu;
  EXPECT_TRUE(has(r.cu, "  py2cuda::host::List<std::string> log_{};\n")) << r.cu;
}

// A class attribute the program assigns is one value for the class and its instances
// (sema/class_variables.cpp): a module variable the class body's value initializes, which
// `Counter.total`, `cls.total` and `self.total` (no instance attribute of that name) all name.
TEST(HostClasses, AssignedClassAttributeIsOneModuleVariable) {
  TranslateResult r = run("class Counter:\n"                   // 6
                          "    total = 0\n"                    // 7
                          "    LIMIT = 9\n"                    // 8
                          "    def __init__(self):\n"          // 9
                          "        Counter.total += 1\n"       // 10
                          "    def seen(self):\n"              // 11
                          "        return self.total\n"        // 12
                          "    @classmethod\n"                 // 13
                          "    def reset(cls):\n"              // 14
                          "        cls.total = 0\n"            // 15
                          "c = Counter()\n"                    // 16
                          "inc[1, 1](np.zeros(1))\n"           // 17
                          "print(c.seen(), c.total, Counter.LIMIT)\n"  // 18
                          "Counter.reset()\n");                // 19
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "static int64_t Counter_total_global{};")) << r.cu;
  EXPECT_TRUE(has(r.cu, "Counter_total_global = (Counter_total_global + 1);")) << r.cu;
  EXPECT_TRUE(has(r.cu, "return Counter_total_global;")) << r.cu;
  EXPECT_TRUE(has(r.cu, "Counter_total_global = 0;")) << r.cu;
  // LIMIT is never assigned: a constant, as before.
  EXPECT_TRUE(has(r.cu, "int64_t(9)")) << r.cu;
}

// An instance that assigns its own attribute of the name keeps it (Python's lookup finds the
// instance's first); the class's stays the module variable.
TEST(HostClasses, InstanceAttributeShadowsTheAssignedClassAttribute) {
  TranslateResult r = run("class Tally:\n"                     // 6
                          "    count = 0\n"                    // 7
                          "    def __init__(self):\n"          // 8
                          "        self.count = 10\n"          // 9
                          "        Tally.count += 1\n"         // 10
                          "t = Tally()\n"                      // 11
                          "inc[1, 1](np.zeros(1))\n"           // 12
                          "print(t.count, Tally.count)\n");    // 13
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "self->count = 10;")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::print(t->count, Tally_count_global);")) << r.cu;
}

// A constant a subclass overrides, read through an instance of the base's static type (a list
// of stages): the object's own class's, tested at run time as an overridden method is.
TEST(HostClasses, ConstantReadThroughAnInstanceIsItsOwnClasss) {
  TranslateResult r = run("class Stage:\n"                        // 6
                          "    name = 'stage'\n"                  // 7
                          "class Blur(Stage):\n"                  // 8
                          "    name = 'blur'\n"                   // 9
                          "inc[1, 1](np.zeros(1))\n"              // 10
                          "stages = [Stage(), Blur()]\n"          // 11
                          "for s in stages:\n"                    // 12
                          "    print(s.name, Stage.name)\n");     // 13
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::print((dynamic_cast<Blur*>(s.get()) != nullptr) ? \"blur\" : \"stage\", \"stage\");"))
      << r.diagnostics << r.cu;
}

// A class-level array (or list, dict, set) is one object for the class and its instances: a
// module variable, so that a kernel launched on `self.cells` writes what `Grid.cells` reads,
// never a constant re-evaluated (a new array) wherever it is read.
TEST(HostClasses, AClassLevelArrayIsOneSharedObject) {
  TranslateResult r = run("class Grid:\n"                            // 6
                          "    cells = np.zeros(3)\n"                // 7
                          "    def update(self):\n"                  // 8
                          "        inc[1, 1](self.cells)\n"          // 9
                          "g = Grid()\n"                             // 10
                          "g.update()\n"                             // 11
                          "print(g.cells, Grid.cells)\n");           // 12
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "Grid_cells")) << r.cu;
  EXPECT_FALSE(has(r.cu, "frozen_array")) << r.cu;
}

// An inherited class method called through a subclass: cls is the subclass (its own instance,
// reading the subclass's constant), as Python binds it.
TEST(HostClasses, AnInheritedClassMethodBindsTheSubclass) {
  SourceFile file("c.py", "import numpy as np\nfrom numba import cuda\n"
                          "class Base:\n    tpb = 32\n    @classmethod\n    def blocks(cls, n):\n"
                          "        return (n + cls.tpb - 1) // cls.tpb\n"
                          "class Small(Base):\n    tpb = 8\n"
                          "print(Base.blocks(20), Small.blocks(20))\n");
  TranslateResult r = translate(file, TranslateOptions{});
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "Base_blocks_host(int64_t(20))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "Small_blocks_host(int64_t(20))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int64_t Small_blocks_host(int64_t n) {\n  // c.py:7: return (n + cls.tpb - 1) // cls.tpb\n"
                        "  return py2cuda::floordiv(n + 8 - 1, 8);"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "return py2cuda::floordiv(n + 32 - 1, 32);")) << r.cu;
}
