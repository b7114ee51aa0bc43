#!/usr/bin/env python3
"""Reference answers from kiwisolver (PyPI) for the Solver tests and benchmarks.

Reads one JSON request on stdin, writes one JSON answer on stdout.

{"mode": "weighted", "systems": [S...]}
    S = {"variables": [names], "constraints": [C...], "edits": [[name, strength]],
         "suggestions": [[[name, value], ...], ...]}
    C = {"terms": [[name, coefficient]], "constant": k, "op": "==|<=|>=", "strength": s}
    s is a kiwi strength name (required, strong, medium, weak, plus the enaml benchmark's
    mmedium and smedium) or a number. Kiwi solves it as it does natively (weighted strengths).
    Answer: per system, per suggestion step (or one step when there are none), the values of
    all variables in order.

{"mode": "lexicographic", "systems": [L...]}
    L = {"variables": n, "constraints": [{"terms": [[index, coefficient]], "constant": k,
         "op": ..., "priority": p, "required": bool}]}
    The optimum where a higher priority beats any amount of error at lower ones (Auto Layout's
    rule), computed with kiwi as preemptive goal programming: the errors of each level are
    explicit non-negative variables; level by level, kiwi minimizes the level's total error with
    the better levels' totals held at their optima. Answer: per system, the variable values,
    or null when kiwi refuses a required constraint (the required ones cannot hold together).

{"mode": "time", "system": S, "rounds": n}
    Times kiwi building S, and re-solving it for each step of S's "suggestions" (suggestValue
    for each pair, then updateVariables, as kiwi's own enaml benchmark does). Answer (medians,
    nanoseconds): {"build_ns", "step_ns" (per step), "call_ns" (one trivial kiwisolver call,
    hasEditVariable: the Python-to-C overhead each suggestValue/updateVariables also pays)}.
"""
import json
import sys
import time

from kiwisolver import Expression, Solver, Term, UnsatisfiableConstraint, Variable, strength

NAMED = {
    "required": strength.required,
    "strong": strength.strong,
    "medium": strength.medium,
    "weak": strength.weak,
    "mmedium": strength.create(0, 1, 0, 1.25),
    "smedium": strength.create(0, 100, 0),
}


def relation(expression, op):
    if op == "==":
        return expression == 0
    if op == "<=":
        return expression <= 0
    if op == ">=":
        return expression >= 0
    raise ValueError(f"unknown op {op!r}")


def strength_of(s):
    return NAMED[s] if isinstance(s, str) else float(s)


def build_weighted(system):
    solver = Solver()
    variables = {name: Variable(name) for name in system["variables"]}
    for name, s in system.get("edits", []):
        solver.addEditVariable(variables[name], strength_of(s))
    for c in system["constraints"]:
        e = Expression([Term(variables[n], k) for n, k in c["terms"]], c["constant"])
        solver.addConstraint(relation(e, c["op"]) | strength_of(c["strength"]))
    return solver, variables


def weighted(system):
    solver, variables = build_weighted(system)
    names = system["variables"]
    steps = system.get("suggestions") or [[]]
    answers = []
    for step in steps:
        for name, value in step:
            solver.suggestValue(variables[name], value)
        solver.updateVariables()
        answers.append([variables[n].value() for n in names])
    return answers


def total(variables):
    return Expression([Term(v, 1.0) for v in variables], 0.0)


def lexicographic(system):
    n = system["variables"]
    constraints = system["constraints"]
    soft = [c for c in constraints if not c["required"]]
    levels = sorted({c["priority"] for c in soft}, reverse=True)
    optima = []

    def build():
        solver = Solver()
        xs = [Variable(f"x{i}") for i in range(n)]
        errors = {p: [] for p in levels}
        for c in constraints:
            e = Expression([Term(xs[i], k) for i, k in c["terms"]], c["constant"])
            if c["required"]:
                try:
                    solver.addConstraint(relation(e, c["op"]))
                except UnsatisfiableConstraint:
                    return None, xs, errors
                continue
            # e op 0 relaxed by non-negative error variables.
            if c["op"] == "==":
                plus, minus = Variable(), Variable()
                solver.addConstraint(plus >= 0)
                solver.addConstraint(minus >= 0)
                solver.addConstraint(e == plus - minus)
                errors[c["priority"]] += [plus, minus]
            else:
                err = Variable()
                solver.addConstraint(err >= 0)
                solver.addConstraint(e - err <= 0 if c["op"] == "<=" else e + err >= 0)
                errors[c["priority"]].append(err)
        return solver, xs, errors

    solver, xs, errors = build()
    if solver is None:
        return None
    solver.updateVariables()
    for k, p in enumerate(levels):
        solver, xs, errors = build()
        for j in range(k):
            # Hold the better level at its optimum, with the least slack round-off allows.
            for slack in (0.0, 1e-12, 1e-10, 1e-8):
                try:
                    solver.addConstraint(total(errors[levels[j]]) <= optima[j] + slack * max(1.0, optima[j]))
                    break
                except UnsatisfiableConstraint:
                    continue
        level_total = total(errors[p])
        solver.addConstraint((level_total == 0) | "weak")
        solver.updateVariables()
        optima.append(max(0.0, level_total.value()))
    return [x.value() for x in xs]


def median(samples):
    samples = sorted(samples)
    return samples[len(samples) // 2]


def timed(system, rounds):
    builds = []
    for _ in range(max(11, rounds // 50)):
        t0 = time.perf_counter_ns()
        build_weighted(system)
        builds.append(time.perf_counter_ns() - t0)
    solver, variables = build_weighted(system)
    steps = [[(variables[n], v) for n, v in step] for step in system["suggestions"]]
    probe = steps[0][0][0]
    for step in steps:
        for v, value in step:
            solver.suggestValue(v, value)
        solver.updateVariables()
    step_samples = []
    call_samples = []
    for _ in range(rounds):
        t0 = time.perf_counter_ns()
        for step in steps:
            for v, value in step:
                solver.suggestValue(v, value)
            solver.updateVariables()
        step_samples.append((time.perf_counter_ns() - t0) / len(steps))
        t0 = time.perf_counter_ns()
        for _ in range(64):
            solver.hasEditVariable(probe)
        call_samples.append((time.perf_counter_ns() - t0) / 64)
    return {"build_ns": median(builds), "step_ns": median(step_samples), "call_ns": median(call_samples)}


def main():
    request = json.load(sys.stdin)
    mode = request["mode"]
    if mode == "weighted":
        answer = [weighted(s) for s in request["systems"]]
    elif mode == "lexicographic":
        answer = [lexicographic(s) for s in request["systems"]]
    elif mode == "time":
        answer = timed(request["system"], request.get("rounds", 2000))
    else:
        raise SystemExit(f"unknown mode {mode!r}")
    json.dump(answer, sys.stdout)


if __name__ == "__main__":
    main()
