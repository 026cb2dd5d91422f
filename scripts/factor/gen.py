#!/usr/bin/env python3
"""Write the factorization test inputs to testdata/factor/inputs.txt.

Deterministic (seeded), standard library only. One input per line:

    category|var1,var2,...|polynomial in Singular syntax

Categories: uni (univariate), sd (Swinnerton-Dyer), cyclo (cyclotomic
products), multi (random products in 2-6 variables), grid (shapes from grid
systems), hard (classic hard or tricky cases), wide (7-12 variables).
scripts/factor/singular_golden.sh turns the file into golden.txt.
"""

import os
import random
import sys

SEED = 20240601
rng = random.Random(SEED)


# ---------------------------------------------------------------- printing

def mono_str(vars_, exps):
    parts = []
    for v, e in zip(vars_, exps):
        if e == 1:
            parts.append(v)
        elif e > 1:
            parts.append("%s^%d" % (v, e))
    return "*".join(parts)


def poly_str(vars_, p):
    """p: dict exps-tuple -> int coefficient."""
    terms = sorted(((e, c) for e, c in p.items() if c), key=lambda t: (-sum(t[0]), [-x for x in t[0]]))
    if not terms:
        return "0"
    out = []
    for e, c in terms:
        m = mono_str(vars_, e)
        a = abs(c)
        if m == "":
            body = str(a)
        elif a == 1:
            body = m
        else:
            body = "%d*%s" % (a, m)
        if not out:
            out.append(("-" if c < 0 else "") + body)
        else:
            out.append((" - " if c < 0 else " + ") + body)
    return "".join(out)


def prod_str(factors):
    return "*".join("(%s)" % f for f in factors)


# ---------------------------------------------------------------- arithmetic

def padd(a, b):
    r = dict(a)
    for e, c in b.items():
        r[e] = r.get(e, 0) + c
        if r[e] == 0:
            del r[e]
    return r


def pmul(a, b):
    r = {}
    for ea, ca in a.items():
        for eb, cb in b.items():
            e = tuple(x + y for x, y in zip(ea, eb))
            r[e] = r.get(e, 0) + ca * cb
    return {e: c for e, c in r.items() if c}


def rand_poly(n, deg, terms, coef=5, need_var=None):
    p = {}
    for _ in range(50 * terms):
        if len(p) >= terms:
            break
        d = rng.randint(0, deg)
        e = [0] * n
        for _ in range(d):
            e[rng.randrange(n)] += 1
        c = rng.randint(-coef, coef)
        if c:
            p[tuple(e)] = c
    if need_var is not None and all(e[need_var] == 0 for e in p):
        e = [0] * n
        e[need_var] = 1
        p[tuple(e)] = 1
    return p


def nonconst(p):
    return any(sum(e) > 0 for e in p)


# ---------------------------------------------------------------- univariate

def upoly_str(coeffs, v="x"):
    """coeffs[i] is the coefficient of x^i."""
    return poly_str([v], {(i,): c for i, c in enumerate(coeffs) if c})


def swinnerton_dyer(k):
    """Coefficients of S_k = prod (x +- sqrt2 +- sqrt3 ... +- sqrt p_k),
    built as S_j(x) = S_{j-1}(x + t) * S_{j-1}(x - t) = A^2 - p*B^2 where
    S_{j-1}(x + t) = A(x) + t*B(x) and t^2 = p."""
    from math import comb
    s = [0, 1]  # S_0 = x
    for p in [2, 3, 5, 7, 11, 13][:k]:
        n = len(s) - 1
        A = [0] * (n + 1)
        B = [0] * (n + 1)
        for i, c in enumerate(s):
            for j in range(i + 1):  # (x + t)^i term x^(i-j) t^j
                v = c * comb(i, j) * p ** (j // 2)
                if j % 2 == 0:
                    A[i - j] += v
                else:
                    B[i - j] += v
        AA = umul(A, A)
        BB = umul(B, B)
        s = [a - p * b for a, b in zip(AA, BB + [0] * (len(AA) - len(BB)))]
        while s and s[-1] == 0:
            s.pop()
    return s


def umul(a, b):
    r = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            r[i + j] += x * y
    return r


def cyclotomic(n):
    # Phi_n = (x^n - 1) / prod_{d | n, d < n} Phi_d, by exact division.
    num = [-1] + [0] * (n - 1) + [1]
    for d in range(1, n):
        if n % d == 0:
            num = udiv(num, cyclotomic(d))
    return num


def udiv(a, b):
    a = list(a)
    q = [0] * (len(a) - len(b) + 1)
    for k in range(len(q) - 1, -1, -1):
        c = a[k + len(b) - 1] // b[-1]
        q[k] = c
        for j, y in enumerate(b):
            a[k + j] -= c * y
    assert not any(a[: len(b) - 1])
    return q


def rand_upoly(deg, coef=9):
    c = [rng.randint(-coef, coef) for _ in range(deg + 1)]
    while c[-1] == 0:
        c[-1] = rng.randint(-coef, coef)
    if c[0] == 0:
        c[0] = 1
    return c


def univariate():
    out = []
    for k in (2, 3, 4, 5):
        out.append(("sd", "x", upoly_str(swinnerton_dyer(k))))
    # S_3 * S_2 and S_3 shifted: recombination with two true factors.
    out.append(("sd", "x", upoly_str(umul(swinnerton_dyer(3), swinnerton_dyer(2)))))
    s3 = swinnerton_dyer(3)
    out.append(("sd", "x", upoly_str(umul(s3, [1, 0, 0, 0, 0, 0, 0, 0, 3]))))
    for n in (12, 15, 24, 30, 36, 40):
        out.append(("cyclo", "x", upoly_str([-1] + [0] * (n - 1) + [1])))
    for ns in ((5, 7), (3, 8, 9), (12, 20), (7, 11, 13), (16, 17)):
        p = [1]
        for n in ns:
            p = umul(p, cyclotomic(n))
        out.append(("cyclo", "x", upoly_str(p)))
    out.append(("cyclo", "x", upoly_str([1] + [0] * 19 + [1])))  # x^20 + 1
    # Random products, some with multiplicities and big coefficients.
    for i in range(24):
        nf = rng.randint(2, 4)
        fs = []
        total = 0
        for _ in range(nf):
            d = rng.randint(1, 8)
            if total + d > 40:
                break
            total += d
            fs.append(upoly_str(rand_upoly(d, 9 if i % 3 else 999)))
        if i % 4 == 0:
            fs.append(fs[0])
        out.append(("uni", "x", prod_str(fs)))
    # Many linear factors and a Wilkinson-type product.
    out.append(("uni", "x", prod_str(["x - %d" % k for k in range(1, 21)])))
    out.append(("uni", "x", prod_str(["%d*x - %d" % (k + 1, 2 * k + 1) for k in range(12)])))
    out.append(("uni", "x", "x^4 + 1"))
    out.append(("uni", "x", "(x^2 + 1)^5*(x - 3)^3"))
    out.append(("uni", "x", "x^40 - 1"))
    out.append(("uni", "x", "2/3*x^3 - 1/6*x + 5/2"))
    out.append(("uni", "x", "12345678901234567890*x^2 - 98765432109876543210"))
    out.append(("uni", "x", "x^16 + 4"))
    out.append(("uni", "x", "x^12 - 3*x^6 + 1"))
    return out


# ---------------------------------------------------------------- multivariate

NAMES = ["x", "y", "z", "u", "v", "w", "a", "b", "c", "d", "g", "h"]


def multivariate():
    out = []
    for i in range(50):
        n = 2 + i % 5  # 2..6 variables
        vars_ = NAMES[:n]
        nf = rng.randint(2, 3)
        fs = []
        for j in range(nf):
            deg = rng.randint(1, 4 if n > 3 else 5)
            terms = rng.randint(2, 6)
            f = rand_poly(n, deg, terms, coef=7, need_var=(i + j) % n)
            while not nonconst(f):
                f = rand_poly(n, deg, terms, coef=7)
            fs.append(poly_str(vars_, f))
        if i % 7 == 0:
            fs.append(fs[-1])
        out.append(("multi", ",".join(vars_), prod_str(fs)))
    return out


def grid():
    rows = [
        ("a,d,h", "a*d - h"),
        ("b,h", "b*h^2 - b*h"),
        ("f,g", "(f + 2)*(2*f + 4)"),
        ("h", "h*(h - 1)*(h - 2)*(h - 3)"),
        ("a,b,c,d", "a*d - b*c"),
        ("a,b,c,d", "(a*d - b*c)^2 - (a + d)^2"),
        ("x,y", "x^2*y - x*y^2"),
        ("a,b,c", "a^2*b - a^2*c - a*b^2 + a*c^2 + b^2*c - b*c^2"),
        ("p,q,r,s", "p*q*r*s - p*q - r*s + 1"),
        ("x1,x2,x3,x4", "x1*x2 - x3*x4 + x1*x3 - x2*x4"),
        ("a,b,c,d,e", "(a - b)*(b - c)*(c - d)*(d - e)*(e - a)"),
        ("h1,h2,h3", "h1^2*h2 - h1*h2 + h1^2*h3 - h1*h3"),
        ("s,t", "s^3*t^3 - s*t"),
        ("a,b,c,d", "a*b*c*d - a*b*c - a*b*d - a*c*d - b*c*d + a*b + a*c + a*d + b*c + b*d + c*d - a - b - c - d + 1"),
        ("x,y,z", "x^2 + y^2 + z^2 - 2*x*y - 2*y*z + 2*x*z"),
        ("x,y,z", "2*x*y*z - 4*x*y + 6*x*z - 12*x"),
        ("a,b", "(a + 1)^3*(b - 2)^2*(a*b + 1)"),
        ("u,v,w", "u^2*v^2*w^2 - 1"),
        ("c1,c2,c3,c4,c5,c6", "c1*c2*c3 - c4*c5*c6"),
        ("c1,c2,c3,c4,c5,c6", "(c1 + c2)*(c3 + c4)*(c5 + c6)"),
        ("k,l,m", "k*l - k*m + l*m - m^2"),
        ("x,y", "6*x^2*y^3 - 3*x*y^2 + 9*x^3*y"),
        ("f,g,h", "(f + 2*g)*(2*f + 4*g)*(h - 1)^2*h"),
        ("a,b,c,d,h", "a*d*h - b*c*h - a*d + b*c"),
    ]
    return [("grid", v, p) for v, p in rows]


def hard():
    rows = [
        ("x,y", "x^4 + y^4"),
        ("x,y", "x^4 + 4*y^4"),
        ("x,y", "x^6 - y^6"),
        ("x,y", "x^8 - y^8"),
        ("x,y,z", "x^3 + y^3 + z^3 - 3*x*y*z"),
        ("x,y", "(x^2 + y^2 + 1)*(x^2 - y^2 - 1)*(x*y - 1)"),
        ("x,y,z", "((y + 1)*x^2 + z)*((y + 1)*x + y*z)*((y + 1)^2*x - 1)"),
        ("x,y,z", "(y*z*x^3 + y + z)*(y^2*x^2 + z^2)*((y - z)*x + 1)"),
        ("x,y,z", "(x^2*y^2*z^2 + 1)*(x*y*z - 2)"),
        # Wang-style: leading coefficients sharing factors.
        ("x,y,z,t", "(y^2*z + t)*(x^3*y*z + x*t - 1)*(x^2*y*t + z^2 - 3)"),
        ("x,y,z", "(x^3 + y^3 + z^3)*(x^2*y + y^2*z + z^2*x)"),
        ("x,y", "(x^2 - 2*y^2)*(x^2 - 3*y^2)*(x^2 - 6*y^2)"),
        ("x,y", "x^10 - y^10"),
        ("x,y", "(x + y)^6*(x - y)^2"),
        ("x,y,z", "(x + y + z)^4 - (x - y - z)^4"),
        ("x,y", "(x^2*y + 1)^3*(x*y^2 + 2)^2"),
        ("x,y", "x^4 - 10*x^2*y^2 + y^4"),
        ("x,y", "(x^4 - 10*x^2 + 1)*(y^4 - 10*y^2 + 1)"),
        ("x,y,z", "x^2*y^2 + x^2*z^2 + y^2*z^2 + 2*x*y*z*(x + y + z)"),
        ("x,y,z,u", "(x*y + z*u)*(x*z + y*u)*(x*u + y*z)"),
    ]
    return [("hard", v, p) for v, p in rows]


def wide():
    out = []
    for i in range(8):
        n = 7 + i % 6  # 7..12 variables
        vars_ = NAMES[:n]
        fs = []
        for j in range(rng.randint(2, 3)):
            deg = rng.randint(1, 3)
            f = rand_poly(n, deg, rng.randint(2, 5), coef=4, need_var=(i + 3 * j) % n)
            fs.append(poly_str(vars_, f))
        out.append(("wide", ",".join(vars_), prod_str(fs)))
    return out


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    path = os.path.join(root, "testdata", "factor", "inputs.txt")
    rows = univariate() + multivariate() + grid() + hard() + wide()
    with open(path, "w") as fh:
        for cat, vars_, p in rows:
            fh.write("%s|%s|%s\n" % (cat, vars_, p))
    print("wrote %d inputs to %s" % (len(rows), os.path.normpath(path)), file=sys.stderr)


if __name__ == "__main__":
    main()
