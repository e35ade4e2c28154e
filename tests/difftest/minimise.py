"""Delta debugging of a failing generated program, over its statements and expressions.

Each round makes every one-step reduction of the current program (drop one statement or
branch, replace one expression by one of its operands of the same type or by a literal) and
runs them all as one batch (one Numba module, one py2cuda build); the smallest that still
fails the same way becomes the current program. Rounds stop when no reduction still fails.
"""
from __future__ import annotations

import copy
import re
from pathlib import Path

import gen


def _stmt_lists(p: gen.Program):
    """Every statement list of the program, as (owner, list)."""
    def walk(stmts):
        yield stmts
        for s in stmts:
            if s.body is not None:
                yield from walk(s.body)
            if s.orelse is not None:
                yield from walk(s.orelse)
    for f in p.functions + [p.body]:
        yield from walk(f.body)


def _exprs(p: gen.Program):
    """Every expression slot: (container list, index)."""
    def in_expr(e):
        for j, k in enumerate(e.kids):
            yield e.kids, j
            yield from in_expr(k)
    for stmts in _stmt_lists(p):
        for s in stmts:
            for j, e in enumerate(s.exprs):
                yield s.exprs, j
                yield from in_expr(e)
    for f in p.functions:
        for holder in ([f.ret] if f.ret is not None else []) + (f.ret_tuple or []):
            yield from in_expr(holder)


def size(p: gen.Program) -> int:
    return len(gen.CUDA_PRELUDE + p.render_cuda())


def reductions(p: gen.Program):
    """One-step reductions of p (fresh copies)."""
    n_lists = sum(1 for _ in _stmt_lists(p))
    for li in range(n_lists):
        stmts = list(_stmt_lists(p))[li]
        for si, s in enumerate(stmts):
            if s.removable:
                q = copy.deepcopy(p)
                del list(_stmt_lists(q))[li][si]
                yield q
            if s.orelse is not None:
                q = copy.deepcopy(p)
                list(_stmt_lists(q))[li][si].orelse = None
                yield q
            if s.body is not None and s.head.startswith("if "):
                # the statement's body in its place
                q = copy.deepcopy(p)
                lst = list(_stmt_lists(q))[li]
                lst[si:si + 1] = lst[si].body
                yield q
    slots = list(_exprs(p))
    for xi in range(len(slots)):
        holder, j = slots[xi]
        e = holder[j]
        options = [k for k in e.kids if k.type == e.type and (k.exact or not e.exact)]
        if e.kids or e.text not in ("0", "True", "False", "0.0"):
            lit = {"bool": "False", "int64": "0", "float64": "0.0"}.get(e.type)
            options.append(gen.Expr(e.type, lit) if lit else gen.Expr(e.type, f"{gen.NP[e.type]}(0)"))
        for o in options:
            q = copy.deepcopy(p)
            qh, qj = list(_exprs(q))[xi]
            qh[qj] = copy.deepcopy(o)
            yield q


def retag(case, tag: str):
    """The case with its functions renamed for `tag` (so that variants share a module)."""
    pat = re.compile(r"\b([bdsk])" + re.escape(case.tag) + r"(?=[_(])")
    c = copy.copy(case)
    c.cuda = pat.sub(lambda m: m.group(1) + tag, case.cuda)
    c.cpu = pat.sub(lambda m: m.group(1) + tag, case.cpu)
    c.tag = tag
    return c


def minimise(case, work: Path, py2cuda: Path, include: Path, max_rounds: int = 40):
    """The smallest failing variant found, and what its failure is."""
    import difftest
    program = gen.generate(case.seed, case.tag)
    base = difftest.Case.of(program)
    first = difftest.run_batch([base], work / "r0", py2cuda, include, "m0")[0]
    if first.status in ("ok", "invalid"):
        return base, f"did not fail again: {first.status}"
    status, why = first.status, first.detail
    for rnd in range(1, max_rounds + 1):
        variants = sorted(reductions(program), key=size)[:16]
        if not variants:
            break
        cases = []
        for j, v in enumerate(variants):
            c = retag(difftest.Case.of(v), f"{case.seed}{rnd:02d}{j:03d}")
            cases.append(c)
        res = difftest.run_batch(cases, work / f"r{rnd}", py2cuda, include, f"m{rnd}")
        # A variant fails the same way: same status (and for a translation failure, Numba accepts it).
        failing = [(size(v), v, r) for v, r in zip(variants, res) if r.status == status]
        if not failing:
            break
        _, program, r = min(failing, key=lambda t: t[0])
        why = r.detail
    return difftest.Case.of(program), f"{status}: {why}"
