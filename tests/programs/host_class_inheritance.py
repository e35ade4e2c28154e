# oracle: whole-program (host classes with single inheritance: super().__init__(...) and super(Class, self), overridden methods, properties and __str__ dispatched on the object's own class in a list of base instances, inherited methods and attributes, a subclass without __init__, isinstance against the program's classes, identity == between a class and its base, a dataclass extending a dataclass)
"""Shapes rasterised by one kernel each, the way a course exercise grows a class hierarchy:
a Shape base holding the grid, subclasses overriding how they fill it, and a list of shapes
walked through the base's interface. Python finds each method on the object's own class."""
from dataclasses import dataclass

import numpy as np
from numba import cuda


@cuda.jit
def fill_disc(out, cx, cy, r):
    x, y = cuda.grid(2)
    if y < out.shape[0] and x < out.shape[1]:
        dx = x - cx
        dy = y - cy
        out[y, x] = 1.0 if dx * dx + dy * dy <= r * r else 0.0


@cuda.jit
def fill_box(out, x0, y0, w, h):
    x, y = cuda.grid(2)
    if y < out.shape[0] and x < out.shape[1]:
        out[y, x] = 1.0 if x0 <= x < x0 + w and y0 <= y < y0 + h else 0.0


class Shape:
    BLOCK = 8

    def __init__(self, name, n=16):
        self.name = name
        self.n = n
        self.mask = np.zeros((n, n))
        self.runs = 0

    def launch(self, d_out):
        pass

    def rasterise(self):
        d_out = cuda.to_device(self.mask)
        self.launch(d_out)
        self.mask = d_out.copy_to_host()
        self.runs += 1
        return self

    def area(self):
        return 0.0

    def covered(self):
        return int(self.mask.sum())

    @property
    def kind(self):
        return "shape"

    def blocks(self):
        b = (self.n + self.BLOCK - 1) // self.BLOCK
        return (b, b)

    def __str__(self):
        return f"{self.kind} {self.name}: area {self.area():.2f}, {self.covered()} cells"


class Disc(Shape):
    def __init__(self, name, cx, cy, r):
        super().__init__(name)
        self.cx = cx
        self.cy = cy
        self.r = r

    def launch(self, d_out):
        fill_disc[self.blocks(), (self.BLOCK, self.BLOCK)](d_out, self.cx, self.cy, self.r)

    def area(self):
        return 3.141592653589793 * self.r * self.r

    @property
    def kind(self):
        return "disc"


class Box(Shape):
    def __init__(self, name, x0, y0, w, h, n=16):
        super().__init__(name, n)
        self.x0 = x0
        self.y0 = y0
        self.w = w
        self.h = h

    def launch(self, d_out):
        fill_box[self.blocks(), (self.BLOCK, self.BLOCK)](d_out, self.x0, self.y0, self.w, self.h)

    def area(self):
        return float(self.w * self.h)

    @property
    def kind(self):
        return "box"


class Square(Box):
    def __init__(self, name, x0, y0, side):
        super(Square, self).__init__(name, x0, y0, side, side)

    def __str__(self):
        return "square " + super().__str__()


class Blank(Shape):
    """No __init__ of its own: Shape's runs, with Shape's parameters."""


@dataclass
class Run:
    label: str
    cells: int = 0


@dataclass
class TimedRun(Run):
    ms: float = 0.0


if __name__ == "__main__":
    shapes = [Disc("d", 8, 8, 5), Box("b", 2, 3, 6, 4), Square("s", 10, 10, 5), Blank("blank", 8)]
    for s in shapes:
        s.rasterise()
        print(s)
    total = 0
    for s in shapes:
        total += s.covered()
    print("total", total, [s.kind for s in shapes], [s.runs for s in shapes])
    print([round(s.area(), 1) for s in shapes], shapes[3].n, shapes[3].mask.shape)
    print([isinstance(s, Box) for s in shapes], [isinstance(s, Shape) for s in shapes])
    sq = shapes[2]
    print(isinstance(sq, Square), isinstance(sq, Disc), sq == shapes[2], sq == shapes[1], sq is shapes[2])
    biggest = shapes[0]
    for s in shapes:
        if s.area() > biggest.area():
            biggest = s
    print("biggest:", biggest.name, biggest.kind)
    b = Box("wide", 0, 0, 16, 2)
    b.rasterise().rasterise()
    print(b, b.runs, b.mask[1, :4], b.mask[2, :4])
    timed = TimedRun("timed", 5, 1.5)
    print(timed, TimedRun("zero"), Run("plain", 3), TimedRun("t", 1, 2.0) == TimedRun("t", 1, 2.0))
    runs = [Run("plain", 3), timed, TimedRun("zero")]
    print(sum(r.cells for r in runs), [r.label for r in runs], isinstance(runs[1], TimedRun))
