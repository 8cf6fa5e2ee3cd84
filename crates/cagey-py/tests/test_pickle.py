"""Every result type pickles and comes back equal field by field (issue #47), so that
Dask, Ray and multiprocessing can return them."""

import pickle

import pytest

import cagey
from conftest import CORPORA

#: The fields each result is compared on after a round trip (besides to_dict()).
FIELDS = {
    "SolveResult": ["verdict", "grid", "solutions", "message", "nodes", "guesses", "seconds"],
    "Count": ["count", "exact", "end"],
    "Check": ["solved"],
    "Violation": ["rule", "cells", "message"],
    "Grade": ["level", "score", "steps", "rules"],
    "Step": ["rule", "level", "weight", "house", "cells", "placed", "eliminated", "text",
             "description", "hints"],
    "Explanation": ["verdict", "message", "level"],
    "Hint": ["kind", "text", "message", "cells"],
    "Verification": ["verdict", "solved", "wrong", "empty", "message"],
    "Judgement": ["verdict", "reward", "rule", "level", "reason", "steps", "move"],
}


def results(p: cagey.Puzzle) -> list:
    """One of every result type for `p`, some of each kind of verdict."""
    solution = p.solve().grid
    partial = [[solution[0][0]] + [0] * (p.size - 1)] + [[0] * p.size] * (p.size - 1)
    several = cagey.read(CORPORA / "random" / "several-5x5.kk")[0]
    explanation = p.explain()
    return [
        p.solve(),
        several.solve(),
        p.solve(max_nodes=1),
        p.count(),
        p.count(limit=1),
        p.check(partial),
        p.check(solution),
        p.check(partial)[0],
        p.grade(),
        explanation,
        explanation[0],
        p.explain(progress=partial),
        p.hint(),
        p.hint(progress=solution),
        p.hint(progress=partial, level=3),
        p.verify(partial),
        p.verify(solution),
        p.judge(None, ("place", 1, 1, solution[0][0])),
        p.judge(None, ("place", 1, 1, solution[0][0] % p.size + 1)),
        p.judge(partial, ("erase", 1, 1)),
    ]


def same(a, b):
    kind = type(a).__name__
    assert type(b) is type(a)
    for field in FIELDS[kind]:
        assert getattr(b, field) == getattr(a, field), (kind, field)
    assert b.to_dict() == a.to_dict(), kind
    assert str(b) == str(a) and repr(b) == repr(a), kind


@pytest.mark.parametrize("name", ["kk0", "killer"])
def test_every_result_pickles_and_round_trips(name):
    made = results(cagey.Puzzle.example(name))
    assert {type(r).__name__ for r in made} == set(FIELDS)
    for result in made:
        for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
            same(result, pickle.loads(pickle.dumps(result, protocol=protocol)))
    explanation = made[9]
    back = pickle.loads(pickle.dumps(explanation))
    assert len(back) == len(explanation) and [s.rule for s in back] == [s.rule for s in explanation]
    hint = pickle.loads(pickle.dumps(made[12]))
    assert hint.step.to_dict() == made[12].step.to_dict()


def test_a_damaged_pickle_says_so():
    with pytest.raises(ValueError, match="is no result cagey pickles"):
        cagey._unpickle("Nothing", ())
    with pytest.raises(ValueError, match="a pickled Grade is damaged"):
        cagey._unpickle("Grade", ("{}",))
