"""Time SymPy's groebner on the systems of one bench/compare run.

Run by bench/compare (embedded in the Go program), never by hand:

    python3 sympy_bench.py < job.json

The job on stdin is JSON: {"timeout": seconds, "budget": seconds,
"repeat": N, "systems": [{"name": ..., "vars": [...], "polys": [...]}]},
the polynomials in Singular syntax ("3/2*x^2*y - 1"). For every system it
times groebner(..., order='grevlex') and a lex basis: grevlex followed by
fglm('lex') when the ideal is zero-dimensional, the grevlex basis itself for
the unit ideal, groebner(..., order='lex') otherwise. Each measurement is one warm-up and then up to N timed runs,
stopping early once the measurement has used `budget` seconds; each single
run is cut off by signal.setitimer after `timeout` seconds.

Output, one line each, flushed as it happens (times in microseconds):

    VERSION <sympy version>
    START <system> <order>
    WARM <system> <order> <us> <elements>
    RUN <system> <order> <us> <elements>
    DONE <system> <order>
    BASIS <system> <order> <polynomial>,<polynomial>,...
    TIMEOUT <system> <order>
    SKIP <system> <order> <reason>
    ERROR <system> <order> <message>
    END
"""

import json
import signal
import sys
import time


class Timeout(Exception):
    """Raised by the SIGALRM handler when a run exceeds the timeout."""


def on_alarm(signum, frame):
    raise Timeout()


def out(*fields):
    print(" ".join(str(f) for f in fields), flush=True)


def timed(fn, timeout):
    """Run fn under an interval timer; return (microseconds, result)."""
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        t0 = time.perf_counter()
        res = fn()
        t1 = time.perf_counter()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return int(round((t1 - t0) * 1e6)), res


def measure(name, order, fn, job):
    """One measurement: warm-up plus timed runs. Returns fn's result or None."""
    out("START", name, order)
    timeout, budget, repeat = job["timeout"], job["budget"], job["repeat"]
    try:
        us, res = timed(fn, timeout)
        out("WARM", name, order, us, len(res))
        used = us / 1e6
        for _ in range(repeat):
            if used > budget:
                break
            us, res = timed(fn, timeout)
            used += us / 1e6
            out("RUN", name, order, us, len(res))
    except Timeout:
        out("TIMEOUT", name, order)
        return None
    except Exception as e:  # report and go on with the next system
        msg = (type(e).__name__ + ": " + str(e)).replace("\n", " ")[:200]
        out("ERROR", name, order, msg)
        return None
    out("DONE", name, order)
    out("BASIS", name, order, ",".join(str(e) for e in res.exprs))
    return res


def main():
    job = json.load(sys.stdin)
    import sympy
    from sympy import Symbol, groebner
    from sympy.parsing.sympy_parser import parse_expr

    out("VERSION", sympy.__version__)
    signal.signal(signal.SIGALRM, on_alarm)
    for s in job["systems"]:
        name = s["name"]
        gens = [Symbol(v) for v in s["vars"]]
        local = {v: g for v, g in zip(s["vars"], gens)}
        try:
            F = [parse_expr(p.replace("^", "**"), local_dict=local) for p in s["polys"]]
        except Exception as e:
            msg = ("parse: " + str(e)).replace("\n", " ")[:200]
            out("START", name, "grevlex")
            out("ERROR", name, "grevlex", msg)
            out("START", name, "lex")
            out("ERROR", name, "lex", msg)
            continue

        def grevlex():
            return groebner(F, *gens, order="grevlex", domain="QQ")

        G = measure(name, "grevlex", grevlex, job)
        if G is None:
            out("START", name, "lex")
            out("SKIP", name, "lex", "grevlex did not finish")
            continue
        if len(G) == 1 and G.exprs[0] == 1:
            # The unit ideal: the grevlex basis [1] is the lex basis too.
            lex = grevlex
        elif G.is_zero_dimensional:
            def lex():
                return groebner(F, *gens, order="grevlex", domain="QQ").fglm("lex")
        else:
            def lex():
                return groebner(F, *gens, order="lex", domain="QQ")
        measure(name, "lex", lex, job)
    out("END")


if __name__ == "__main__":
    main()
