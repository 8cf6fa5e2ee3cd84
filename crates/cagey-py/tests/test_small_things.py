"""The small things of issue #47: sequences that slice and reverse, real defaults in
help(), negative arguments named in a ValueError, Python's words in messages, a version,
rich display in notebooks, and a generator shared between threads."""

import inspect
import threading

import pytest

import cagey


def test_an_explanation_slices_and_reverses_as_a_sequence(kk0):
    e = kk0.explain()
    rules = [s.rule for s in e]
    assert [s.rule for s in e[1:4]] == rules[1:4]
    assert [s.rule for s in e[::-2]] == rules[::-2]
    assert e[2:2] == []
    assert [s.rule for s in reversed(e)] == rules[::-1]
    assert e[-1].rule == rules[-1]
    with pytest.raises(IndexError):
        e[len(e)]
    with pytest.raises(TypeError):
        e["first"]
    c = kk0.check([[1, 1, 1, 1]] * 4)
    messages = [v.message for v in c]
    assert [v.message for v in c[:2]] == messages[:2]
    assert [v.message for v in reversed(c)] == messages[::-1]


def public_callables():
    for name in cagey.__all__:
        thing = getattr(cagey, name)
        if inspect.isclass(thing):
            for attribute, member in vars(thing).items():
                if callable(member) and not attribute.startswith("_"):
                    yield f"{name}.{attribute}", getattr(thing, attribute)
        elif callable(thing):
            yield name, thing


def test_help_shows_real_defaults():
    checked = 0
    for name, function in public_callables():
        try:
            signature = inspect.signature(function)
        except ValueError:
            continue
        for parameter in signature.parameters.values():
            assert parameter.default is not Ellipsis, f"{name}({parameter.name}=...)"
        checked += 1
    assert checked > 20
    assert "max_nodes=None" in str(inspect.signature(cagey.Puzzle.solve))


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda p: p.count(limit=-1), "limit"),
        (lambda p: p.solve(max_nodes=-5), "max_nodes"),
        (lambda p: p.solve(threads=-1), "threads"),
        (lambda p: p.hint(level=-1), "level"),
        (lambda p: p.png(size=-10), "size"),
        (lambda p: cagey.generate(size=-4), "size"),
        (lambda p: cagey.generate(count=-1), "count"),
        (lambda p: cagey.generate(seed=-7), "seed"),
        (lambda p: cagey.generate(first=-1), "first"),
        (lambda p: cagey.generate(jobs=-2), "jobs"),
        (lambda p: cagey.generate(givens=-1), "givens"),
        (lambda p: cagey.generate(score=(-1, 5), difficulty="hard"), "score"),
        (lambda p: cagey.solve_many([p], jobs=-1), "jobs"),
        (lambda p: cagey.print_pdf([p], per_page=-4), "per_page"),
        (lambda p: cagey.parse_answer("12\n21", -2), "size"),
    ],
)
def test_a_negative_argument_is_a_value_error_naming_it(kk0, call, name):
    with pytest.raises(ValueError, match=f"^{name} must be 0 or more, not -"):
        call(kk0)


def test_a_huge_argument_is_named_too(kk0):
    with pytest.raises(ValueError, match="^jobs is 1180591620717411303424, more than it can hold"):
        cagey.solve_many([kk0], jobs=2**70)
    with pytest.raises(TypeError, match="^argument 'limit': must be an int, not str"):
        kk0.count(limit="many")


def test_messages_name_python_arguments_not_flags(kk0):
    calls = [
        lambda: cagey.generate(difficulty="impossible"),
        lambda: cagey.generate(difficulty="any", score=(1, 5)),
        lambda: cagey.generate(time_limit=-1),
        lambda: cagey.generate(size=99),
        lambda: cagey.generate(size=4, givens=99),
        lambda: cagey.generate(kind="killer", hidden_ops=True),
        lambda: cagey.print_pdf([kk0], bleed=-1),
        lambda: cagey.print_pdf([kk0], level_names="a,b"),
        lambda: cagey.generate(kind="chess"),
        lambda: cagey.generate(ops="^"),
        lambda: cagey.generate(cage_size="0"),
        lambda: cagey.generate(style="wild"),
        lambda: kk0.solve(time_limit=-1),
        lambda: kk0.solve(method="guesswork"),
        lambda: kk0.to("nothing"),
        lambda: kk0.hint(level=4),
        lambda: kk0.count(limit=0),
        lambda: cagey.print_pdf([kk0], paper="napkin"),
        lambda: cagey.print_pdf([kk0], answers="later"),
    ]
    for call in calls:
        with pytest.raises(ValueError) as caught:
            call()
        assert "--" not in str(caught.value), caught.value


def test_the_package_has_a_version():
    assert isinstance(cagey.__version__, str)
    assert cagey.__version__.count(".") == 2


def test_puzzles_and_results_show_richly_in_a_notebook(kk0):
    assert kk0._repr_svg_().startswith("<svg") or "<svg" in kk0._repr_svg_()[:200]
    solution = kk0.solve().grid
    shown = [
        kk0.solve(), kk0.count(), kk0.check(solution), kk0.check([[0] * 4] * 4),
        kk0.check([[0] * 4] * 4)[0], kk0.grade(), kk0.explain(), kk0.explain()[0],
        kk0.hint(), kk0.verify(solution),
    ]
    for result in shown:
        html = result._repr_html_()
        assert html.startswith("<div>") and html.endswith("</div>"), html
    assert "<td>4</td>" in kk0.solve()._repr_html_()
    explanation = kk0.explain()
    assert explanation._repr_html_().count("<li>") == len(explanation)
    # The library's words are escaped.
    assert "<b>" not in kk0.explain()[0].description


def test_a_generator_shared_between_threads_hands_out_each_puzzle_once():
    shared = cagey.generate(size=4, count=40, seed=11, jobs=2)
    taken = [[] for _ in range(4)]
    errors = []

    def take(into):
        try:
            for p in shared:
                into.append(p.seed)
        except Exception as error:  # noqa: BLE001 - the test reports any
            errors.append(error)

    threads = [threading.Thread(target=take, args=(t,)) for t in taken]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    seeds = [seed for part in taken for seed in part]
    assert sorted(seeds, key=lambda s: int(s.split("/")[1])) == [f"11/{i}" for i in range(40)]
    for part in taken:  # each thread saw its puzzles in index order
        indices = [int(s.split("/")[1]) for s in part]
        assert indices == sorted(indices)
