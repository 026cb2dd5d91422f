#!/usr/bin/env python3
"""Checks every exported system with SymPy: python3 run.py systems.json [N]

For each system: the saturation of the equations by the nonzero conditions
has the expected reduced grevlex basis, dimension and degree; the member
solves the equations with every number nonzero; the family's component
contains the saturated ideal, and a rational family solves the equations
over the field of its parameters. Prints "N passed, N failed" and exits
with status 1 unless every check passed and, given N, N checks passed: a
system that raises an error fails and runs none of its remaining checks.
"""
import functools
import json
import sys

import sympy
from sympy import Poly, groebner, sympify


def parse(text, env):
    return sympify(text.replace("^", "**"), locals=env)


def saturate(eqs, gens):
    """The reduced grevlex basis of (eqs) : (product of gens)^oo.

    Only grevlex bases, no elimination order: the ideal is homogenized
    with a new variable h (from a grevlex basis, a degree order), then
    saturated by each variable x with x last in grevlex, where dividing
    every basis element by its highest power of x gives a basis of the
    saturation (Bayer); setting h = 1 gives the saturation of the ideal.
    """
    # Every name the runner adds starts with fam_, which no number has.
    h = sympy.Symbol("fam_h")
    B = groebner(eqs, *gens, order="grevlex")
    if list(B.exprs) == [1]:
        return B
    hom = [Poly(g, *gens).homogenize(h).as_expr() for g in B.exprs]
    for x in gens:
        order = [g for g in gens if g != x] + [h, x]
        G = groebner(hom, *order, order="grevlex")
        hom = []
        for g in G.exprs:
            p = Poly(g, *order)
            k = min(m[-1] for m in p.monoms())
            hom.append(sympy.expand(g / x**k))
    return groebner([g.subs(h, 1) for g in hom], *gens, order="grevlex")


def leading(G, gens):
    return [Poly(g, *gens).monoms(order="grevlex")[0] for g in G.exprs]


def dimension(G, gens):
    """The size of a largest set of variables that contains the support of
    no leading monomial: the number of variables less the size of a
    smallest set that meets every support. Searching the small sets rather
    than all subsets keeps 25 variables (a 5x5 grid) fast."""
    if list(G.exprs) == [1]:
        return -1
    supports = frozenset(frozenset(i for i, e in enumerate(m) if e) for m in leading(G, gens))
    return len(gens) - cover(supports)


@functools.lru_cache(maxsize=None)
def cover(supports):
    """The size of a smallest set meeting every set of supports: one
    element of the smallest support is in it."""
    if not supports:
        return 0
    smallest = min(supports, key=len)
    return 1 + min(cover(frozenset(s for s in supports if i not in s)) for i in smallest)


def degree(G, gens):
    """The number of standard monomials of a zero-dimensional basis."""
    lms = leading(G, gens)
    n = len(gens)
    seen, todo, count = set(), [(0,) * n], 0
    while todo:
        m = todo.pop()
        if m in seen:
            continue
        seen.add(m)
        if any(all(m[i] >= l[i] for i in range(n)) for l in lms):
            continue
        count += 1
        for i in range(n):
            todo.append(m[:i] + (m[i] + 1,) + m[i + 1:])
    return count


def main(path, expected=None):
    systems = json.load(open(path))
    passed = failed = errors = 0

    def check(system, what, ok):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAILED %s %s: %s" % (system["name"], what, system["ops"]), flush=True)

    for s in systems:
        try:
            check_system(s, check)
        except Exception as err:  # this system's checks stop, not the run
            errors += 1
            print("FAILED %s: %s: %r" % (s["name"], s["ops"], err), flush=True)
    print("%d passed, %d failed" % (passed, failed))
    if expected is not None and passed + failed != expected:
        print("FAILED: %d of %d checks did not run" % (expected - passed - failed, expected))
    return 0 if failed == errors == 0 and expected in (None, passed) else 1


def check_system(s, check):
    """Runs the checks of one system."""
    gens = sympy.symbols(s["vars"])
    env = {str(g): g for g in gens}
    eqs = [parse(e, env) for e in s["equations"]]
    nonzero = [parse(e, env) for e in s["nonzero"]]
    S = saturate(eqs, gens)
    want = {Poly(parse(b, env), *gens).monic() for b in s["basis"]}
    got = {Poly(g, *gens).monic() for g in S.exprs}
    check(s, "basis", got == want)
    check(s, "dimension", dimension(S, gens) == s["dimension"])
    if s.get("degree") is not None:
        check(s, "degree", degree(S, gens) == s["degree"])
    if s.get("member"):
        val = {env[k]: sympy.Integer(v) for k, v in s["member"].items()}
        check(s, "member", all(e.subs(val) == 0 for e in eqs) and all(z.subs(val) != 0 for z in nonzero))
    f = s.get("family")
    if f:
        B = groebner([parse(b, env) for b in f["basis"]], *gens, order="grevlex")
        check(s, "family component",
              all(B.reduce(g)[1] == 0 for g in S.exprs) and dimension(B, gens) == f["dimension"])
        if f["kind"] == "rational" and f["parameters"]:
            img = {env[k]: parse(v, env) for k, v in f["solution"].items()}
            check(s, "family", all(sympy.cancel(e.subs(img, simultaneous=True)) == 0 for e in eqs))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "systems.json",
                  int(sys.argv[2]) if len(sys.argv) > 2 else None))
