#!/usr/bin/env python3
"""Checks the exported systems with exact rational arithmetic and no
computer algebra: python3 check.py systems.json

For each system: the class agrees with the basis (inconsistent exactly when
the basis is 1), the member solves the equations with every number nonzero
and is a zero of the expected basis, and a rational family evaluated at a
few random rational parameter values solves the equations and is a zero of
the expected basis. Prints "N passed, N failed" and exits with status 1
unless every check passed and, given N (python3 check.py systems.json N),
N checks passed: a system that raises an error fails and runs none of its
remaining checks.
"""
import json
import random
import re
import sys
from fractions import Fraction

# A number on its own, not the digits of a name such as x_1_2.
NUMBER = re.compile(r"\b\d+\b")


def evaluate(text, values):
    """Evaluates a polynomial or rational expression in Singular's syntax
    exactly; values maps names to Fractions. The constructor's name starts
    with fam_, which no number has."""
    code = NUMBER.sub(lambda m: "fam_F(%s)" % m.group(0), text.replace("^", "**"))
    return eval(code, {"__builtins__": {}, "fam_F": Fraction}, dict(values))


def main(path, expected=None):
    systems = json.load(open(path))
    rng = random.Random(2010)
    passed = failed = errors = 0

    def check(system, what, ok):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAILED %s %s: %s" % (system["name"], what, system["ops"]), flush=True)

    def check_system(s):
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

    for s in systems:
        try:
            check_system(s)
        except Exception as err:  # this system's checks stop, not the run
            errors += 1
            print("FAILED %s: %s: %r" % (s["name"], s["ops"], err), flush=True)
    print("%d passed, %d failed" % (passed, failed))
    if expected is not None and passed + failed != expected:
        print("FAILED: %d of %d checks did not run" % (expected - passed - failed, expected))
    return 0 if failed == errors == 0 and expected in (None, passed) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "systems.json",
                  int(sys.argv[2]) if len(sys.argv) > 2 else None))
