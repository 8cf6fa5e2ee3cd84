"""The step check (`Puzzle.judge`) and the Gymnasium environment (`cagey.gym`), issue #47:
each verdict with its reward and words, bad moves named, and an environment that passes
Gymnasium's own checker and pays a player who follows the hints to the end."""

import pickle

import pytest

import cagey
from conftest import CORPORA, KK0, KK0_SOLUTION

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from cagey.gym import CageyEnv  # noqa: E402


def test_a_move_that_follows_names_its_rule_level_and_reason(kk0):
    # r1c1 is a one-cell cage of 1: the engine's first step.
    j = kk0.judge(None, ("place", 1, 1, 1))
    assert j.verdict == "follows" and j.reward == 1.0 and bool(j)
    assert j.rule == "given" and j.level == "easy" and j.steps == 1
    assert "r1c1" in j.reason
    assert j.step.rule == "given" and j.step.placed == [(0, 0, 1)]
    assert j.move == ("place", 1, 1, 1)
    # A digit a few steps in: it follows, at the hardest level on the way.
    j = kk0.judge([[1, 0, 0, 0]] + [[0] * 4] * 3, ("place", 4, 4, KK0_SOLUTION[3][3]))
    assert j.verdict == "follows" and j.steps >= 1 and j.level in cagey.levels()


def test_wrong_moves_say_why_and_cost(kk0):
    j = kk0.judge(None, ("place", 1, 1, 2))
    assert (j.verdict, j.reward, j.rule, j.level) == ("wrong", -1.0, None, None)
    assert j.reason == "place 2 in r1c1: then cage 1 at r1c1 has no layout left"
    board = [[1, 0, 0, 0]] + [[0] * 4] * 3
    j = kk0.judge(board, ("place", 1, 3, 1))
    assert j.verdict == "wrong" and j.reason == "place 1 in r1c3: row 1 already holds 1 at r1c1"
    # Crossing out the solution's digit, and erasing a right one.
    assert kk0.judge(None, ("eliminate", 2, 2, KK0_SOLUTION[1][1])).verdict == "wrong"
    assert kk0.judge(board, ("erase", 1, 1)).verdict == "wrong"


def test_a_right_guess_is_consistent_and_earns_nothing(kk0):
    # On a puzzle Keen grades hard, the easy rules do not reach every digit from a blank
    # board: under max_level="easy" those are right guesses; with every rule they follow.
    hard = cagey.read(CORPORA / "keen" / "keen_5dh.kk")[0]
    solution = hard.solve().grid
    verdicts = {}
    for r in range(5):
        for c in range(5):
            move = ("place", r + 1, c + 1, solution[r][c])
            j = hard.judge(None, move, max_level="easy")
            verdicts.setdefault(j.verdict, []).append(move)
            if j.verdict == "consistent":
                assert j.reward == 0.0 and j.rule is None and j.level is None
                assert "do not derive it" in j.reason
                assert hard.judge(None, move).verdict == "follows"
    assert set(verdicts) <= {"follows", "consistent"} and "consistent" in verdicts
    # On a board with a mistake nothing follows: a right move is only consistent.
    wrong = [[1, 3, 0, 0]] + [[0] * 4] * 3
    j = kk0.judge(wrong, ("place", 4, 4, KK0_SOLUTION[3][3]))
    assert j.verdict == "consistent" and "r1c2" in j.reason
    # Erasing the mistake is consistent too.
    assert kk0.judge(wrong, ("erase", 1, 2)).verdict == "consistent"


def test_pencil_marks_are_read(kk0):
    # r1c2 with only 2 left (its solution's digit) is placed by a naked single.
    board = [[1, [2], 0, 0]] + [[0] * 4] * 3
    j = kk0.judge(board, ("place", 1, 2, 2))
    assert j.verdict == "follows"
    with pytest.raises(ValueError, match="3 is already eliminated from r1c2"):
        kk0.judge(board, ("eliminate", 1, 2, 3))


@pytest.mark.parametrize(
    "board, move, message",
    [
        (None, ("place", 5, 1, 1), "r5c1 is off the 4x4 grid"),
        (None, ("place", 1, 0, 1), "r1c0 is off the 4x4 grid"),
        (None, ("place", 2, 3, 7), "digit 7 for r2c3 is outside 1..=4"),
        (None, ("fill", 2, 3, 1), "unknown move `fill`"),
        (None, ("erase", 2, 3), "r2c3 holds no digit to erase"),
        ([[1, 0, 0, 0]] + [[0] * 4] * 3, ("place", 1, 1, 2), "r1c1 already holds 1"),
        ([[0] * 4] * 3, ("place", 1, 1, 1), "the board has 3 rows"),
        ([[0, 9, 0, 0]] + [[0] * 4] * 3, ("place", 1, 1, 1), "r1c2 holds 9, outside 0..=4"),
        (None, "place 1 in r1c1", "a move is a tuple"),
    ],
)
def test_bad_moves_and_boards_are_named(kk0, board, move, message):
    with pytest.raises(ValueError, match=message):
        kk0.judge(board, move)


def test_a_judgement_pickles(kk0):
    for move in [("place", 1, 1, 1), ("place", 1, 1, 2)]:
        j = kk0.judge(None, move)
        back = pickle.loads(pickle.dumps(j))
        assert (back.verdict, back.reward, back.rule, back.level, back.reason, back.move) == (
            j.verdict, j.reward, j.rule, j.level, j.reason, j.move)
        assert back.to_dict() == j.to_dict() and str(back) == str(j)


@pytest.mark.parametrize("observation", ["arrays", "text"])
def test_the_environment_passes_gymnasiums_checker(observation):
    env = CageyEnv(size=4, difficulty="easy", observation=observation, render_mode="ansi")
    check_env(env, skip_render_check=False)
    env = CageyEnv(puzzles=[cagey.Puzzle.parse(KK0)], observation=observation)
    check_env(env)


def test_the_environment_is_registered():
    env = gymnasium.make("cagey/Cagey-v0", size=4, difficulty="easy", render_mode="ansi")
    check_env(env.unwrapped)
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs) and info["puzzle"].size == 4


def _follow_hints(env, seed):
    obs, info = env.reset(seed=seed)
    puzzle = info["puzzle"]
    total, terminated, truncated, verdicts = 0.0, False, False, []
    while not (terminated or truncated):
        digits = [[d if isinstance(d, int) else 0 for d in row] for row in env.board()]
        hint = puzzle.hint(progress=digits, level=3)
        assert hint.kind == "step", hint.text
        row, col, digit = hint.step.placed[-1]
        obs, reward, terminated, truncated, info = env.step((0, row, col, digit - 1))
        assert env.observation_space.contains(obs)
        verdicts.append(info["verdict"])
        total += reward
    return total, terminated, verdicts


@pytest.mark.parametrize("kind, size", [("kenken", 4), ("kenken", 6), ("killer", 9)])
def test_an_episode_that_follows_the_hints_is_solved_with_a_positive_return(kind, size):
    env = CageyEnv(size=size, kind=kind, difficulty="easy")
    total, terminated, verdicts = _follow_hints(env, seed=3)
    assert terminated
    assert set(verdicts) == {"follows"}, verdicts
    assert total == len(verdicts) + env.solve_bonus


def test_moves_are_judged_and_made_as_a_player_makes_them():
    env = CageyEnv(puzzles=[cagey.Puzzle.parse(KK0)], max_steps=3)
    obs, _ = env.reset(seed=0)
    assert obs["grid"].sum() == 0 and obs["candidates"].all()
    assert obs["operation"][0, 0] == 5 and obs["target"][0, 0] == 1
    # A wrong digit costs and stays on the board; erasing it is consistent.
    obs, reward, terminated, truncated, info = env.step((0, 0, 0, 1))
    assert (reward, info["verdict"], obs["grid"][0, 0]) == (-1.0, "wrong", 2)
    obs, reward, terminated, truncated, info = env.step((1, 0, 0, 0))
    assert (reward, info["verdict"], obs["grid"][0, 0]) == (0.0, "consistent", 0)
    # Erasing an empty cell is a move the board cannot take: named, and it changes nothing.
    obs, reward, terminated, truncated, info = env.step((1, 0, 0, 0))
    assert reward == env.invalid_reward and "r1c1 holds no digit" in info["error"]
    assert truncated and not terminated


def test_text_observations_are_the_prompt_and_the_board():
    env = CageyEnv(puzzles=[cagey.Puzzle.parse(KK0)], observation="text")
    obs, _ = env.reset(seed=0)
    assert obs.startswith("Solve this 4×4 KenKen puzzle.")
    obs, *_ = env.step((2, 0, 1, 0))  # cross 1 out of r1c2
    assert "r1c2: 2 3 4" in obs
