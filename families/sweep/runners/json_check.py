#!/usr/bin/env python3
"""Checks the exported systems with exact rational arithmetic and no
computer algebra: python3 check.py systems.json

For each system: the class agrees with the basis (inconsistent exactly when
the basis is 1), the member solves the equations with every number nonzero
and is a zero of the expected basis, and a rational family evaluated at a
few random rational parameter values solves the equations and is a zero of
the expected basis. Prints "N passed, N failed".
"""
import json
import random
import re
import sys
from fractions import Fraction

NUMBER = re.compile(r"\d+")


def evaluate(text, values):
    """Evaluates a polynomial or rational expression in Singular's syntax
    exactly; values maps names to Fractions."""
    code = NUMBER.sub(lambda m: "F(%s)" % m.group(0), text.replace("^", "**"))
    return eval(code, {"__builtins__": {}, "F": Fraction}, dict(values))


def main(path):
    systems = json.load(open(path))
    rng = random.Random(2010)
    passed = failed = 0

    def check(system, what, ok):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAILED %s %s: %s" % (system["name"], what, system["ops"]), flush=True)

    for s in systems:
        inconsistent = s["basis"] == ["1"]
        check(s, "class", inconsistent == (s["class"] == "inconsistent")
              and (s["class"] != "finite" or (s["dimension"] == 0 and s.get("degree"))))
        points = []
        if s.get("member"):
            m = {k: Fraction(v) for k, v in s["member"].items()}
            check(s, "member", all(evaluate(e, m) == 0 for e in s["equations"])
                  and all(evaluate(z, m) != 0 for z in s["nonzero"]))
            points.append(m)
        f = s.get("family")
        if f and f["kind"] == "rational" and f["parameters"]:
            ok, tries = True, 0
            while len(points) < 4 and tries < 50:
                tries += 1
                p = {k: Fraction(rng.randint(-99, 99), rng.randint(1, 30)) for k in f["parameters"]}
                try:
                    x = {k: evaluate(v, p) for k, v in f["solution"].items()}
                except ZeroDivisionError:
                    continue
                if any(evaluate(z, x) == 0 for z in s["nonzero"]):
                    continue
                ok = ok and all(evaluate(e, x) == 0 for e in s["equations"])
                points.append(x)
            check(s, "family", ok and tries < 50)
        if points:
            check(s, "basis vanishes on the solutions",
                  all(evaluate(b, x) == 0 for b in s["basis"] for x in points))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "systems.json"))
