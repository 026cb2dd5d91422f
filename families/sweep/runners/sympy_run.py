#!/usr/bin/env python3
"""Checks every exported system with SymPy: python3 run.py systems.json

For each system: the saturation of the equations by the nonzero conditions
has the expected reduced grevlex basis, dimension and degree; the member
solves the equations with every number nonzero; the family's component
contains the saturated ideal, and a rational family solves the equations
over the field of its parameters. Prints "N passed, N failed".
"""
import itertools
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
    h = sympy.Symbol("h_sat")
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
    if list(G.exprs) == [1]:
        return -1
    lms = leading(G, gens)
    n = len(gens)
    for size in range(n, -1, -1):
        for U in itertools.combinations(range(n), size):
            if all(any(m[i] > 0 and i not in U for i in range(n)) for m in lms):
                return size
    return 0


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


def main(path):
    systems = json.load(open(path))
    passed = failed = 0

    def check(system, what, ok):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAILED %s %s: %s" % (system["name"], what, system["ops"]), flush=True)

    for s in systems:
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
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "systems.json"))
