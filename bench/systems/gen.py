#!/usr/bin/env python3
"""Writes the systems of bench/giac.sh (bench/systems/*.sys).

katsura-n, cyclic-n and reimer-n come from the generator of the golden
systems (scripts/golden/gen_systems.py); eco-n (A. Morgan, Solving
Polynomial Systems Using Continuation for Engineering and Scientific
Problems, 1987) and noon-n (V. W. Noonburg, "A neural network modeled by an
adaptive Lotka-Volterra system", SIAM J. Appl. Math. 49, 1989) are the
standard definitions of the PoSSo and PHCpack test suites, noon-n with
the coefficient 1.1 scaled to integers (10*x_i*(sum_{j!=i} x_j^2) - 11*x_i + 10).
henrion-5 (D. Henrion's system, as in the zero-dimensional examples of
msolve, J. Berthomieu, C. Eder and M. Safey El Din, ISSAC 2021) is
written out as published. quad5 is five dense quadrics in five variables
with 30-digit coefficients from a fixed 64-bit linear congruential
generator (Knuth's MMIX constants): the case where the result's
coefficients, not the linear algebra, set the cost.

    python3 bench/systems/gen.py
"""
import itertools
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "scripts", "golden"))
import gen_systems as g  # noqa: E402
from gen_systems import Poly  # noqa: E402


def eco(n):
    vs = tuple("x%d" % i for i in range(1, n + 1))
    X = [Poly.var(vs, v) for v in vs]
    polys = []
    for k in range(1, n):
        s = X[k - 1]
        for i in range(1, n - k):
            s = s + X[i - 1] * X[i + k - 1]
        polys.append(s * X[n - 1] - k)
    lin = Poly.const(vs, 1)
    for i in range(n - 1):
        lin = lin + X[i]
    polys.append(lin)
    return vs, polys


def noon(n):
    vs = tuple("x%d" % i for i in range(1, n + 1))
    X = [Poly.var(vs, v) for v in vs]
    polys = []
    for i in range(n):
        s = Poly(vs)
        for j in range(n):
            if j != i:
                s = s + X[j] * X[j]
        polys.append(10 * X[i] * s - 11 * X[i] + 10)
    return vs, polys


HENRION5 = """vars: f1 f2 f3 f4 f5 t
# henrion-5 (D. Henrion; the system of the msolve examples, zero-dimensional/henrion5)
2*f1*f2*f3*f4*f5 - 9823275
21/5*f1*f2*f4*f5 + 16/5*f1*f3*f4*f5 + 9/5*f2*f3*f4*f5 + 24/5*f1*f2*f3*f5 + 5*f1*f2*f3*f4 - 4465125
14/5*f1*f4*f5 + 14/5*f2*f4*f5 + 8/5*f3*f4*f5 + 18/5*f1*f2*f5 + 24/5*f1*f3*f5 + 18/5*f2*f3*f5 + 4*f1*f2*f3 + 6*f1*f2*f4 + 6*f1*f3*f4 + 4*f2*f3*f4 - 441486
7/5*f4*f5 + 12/5*f1*f5 + 12/5*f2*f5 + 12/5*f3*f5 + 3*f1*f2 + 4*f1*f3 + 4*f1*f4 + 3*f2*f3 + 4*f2*f4 + 3*f3*f4 - 15498
6/5*f5 + 2*f4 + 2*f3 + 2*f2 + 2*f1 - 215
f1 + 2*f2 + 3*f3 + 4*f4 + 5*f5 + 6*t
"""


def quadrics(n, digits, seed):
    vs = tuple("x%d" % i for i in range(1, n + 1))
    state = seed

    def rnd():
        nonlocal state
        state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        return state

    def coef():
        v = (rnd() << 64) | rnd()
        v = 10 ** (digits - 1) + v % (9 * 10 ** (digits - 1))
        return -v if rnd() & 1 else v

    mons = [m for d in (2, 1, 0) for m in itertools.combinations_with_replacement(range(n), d)]
    lines = []
    for _ in range(n):
        s = ""
        for m in mons:
            c = coef()
            t = str(abs(c)) + "".join("*" + vs[i] for i in m)
            if s:
                s += (" - " if c < 0 else " + ") + t
            else:
                s = ("-" if c < 0 else "") + t
        lines.append(s)
    return "vars: %s\n# quad%d: %d dense quadrics in %d variables, %d-digit coefficients (bench/systems/gen.py, seed %d)\n%s\n" % (
        " ".join(vs), n, n, n, digits, seed, "\n".join(lines))


def main():
    out = here
    for n in (8, 9, 10):
        g.write_sys(out, "katsura%d" % n, *g.katsura(n), ["katsura-%d (standard definition; %d variables u0..u%d)" % (n, n + 1, n)])
    for n in (7, 8):
        g.write_sys(out, "cyclic%d" % n, *g.cyclic(n), ["cyclic-%d (standard definition)" % n])
    g.write_sys(out, "eco10", *eco(10), ["eco-10 (Morgan; standard definition)"])
    g.write_sys(out, "noon6", *noon(6), ["noon-6 (Noonburg; 1.1 scaled to 11/10, times 10)"])
    for n in (5, 6):
        g.write_sys(out, "reimer%d" % n, *g.reimer(n), ["reimer-%d (standard definition; %d variables x1..x%d)" % (n, n, n)])
    with open(os.path.join(out, "henrion5.sys"), "w") as f:
        f.write(HENRION5)
    with open(os.path.join(out, "quad5.sys"), "w") as f:
        f.write(quadrics(5, 30, 20261127))


if __name__ == "__main__":
    main()
