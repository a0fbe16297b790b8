"""Every probe of the Python package against the millbase command, on thousands of random
positions of six and five: values and distances, plain and under the 50-ply rule; every
move of analyze; the computer's move among the best moves probe names."""
import pytest

import millbase
from conftest import random_counters, random_positions

WDL = {"win": 1, "draw": 0, "loss": -1}
VARIANTS = ["six", "five"]


def signed(answer):
    """Returns the signed plies of a CLI answer: +N win, -N loss, 0 draw."""
    if answer["result"] == "draw":
        return 0
    return answer["distance"] if answer["result"] == "win" else -answer["distance"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_plain_probes(variant, cli, tables_dir):
    db = tables_dir(variant, "plain")
    positions = random_positions(variant, 3000, seed=1)
    answers = cli(["probe", "--variant", variant, "--db", db, "--json", "-"], positions)
    wdl_only = cli(["probe", "--variant", variant, "--db", db, "--wdl", "--json", "-"], positions)
    assert len(answers) == len(wdl_only) == len(positions)
    results = {"win": 0, "draw": 0, "loss": 0}
    with millbase.open_tablebase(variant, db) as tb:
        assert tb.rule == "plain"
        for text, answer, plane in zip(positions, answers, wdl_only):
            assert answer["position"] == text
            results[answer["result"]] += 1
            assert tb.probe_wdl(text) == WDL[answer["result"]] == WDL[plane["result"]], text
            assert tb.probe_distance(text) == signed(answer), text
            value = tb.probe(text)
            assert (value.wdl, value.distance, value.kind) == (
                WDL[answer["result"]], answer["distance"], answer["result"]), text
            assert answer["text"].endswith(value.text), text
        assert list(tb.probe_wdl_many(positions)) == [WDL[a["result"]] for a in answers]
        assert list(tb.probe_distance_many(positions)) == [signed(a) for a in answers]
    assert min(results.values()) > 100, results  # the sample holds every result


@pytest.mark.parametrize("variant", VARIANTS)
def test_fifty_probes(variant, cli, tables_dir):
    db, plain = tables_dir(variant, "fifty"), tables_dir(variant, "plain")
    positions = random_positions(variant, 3000, seed=2)
    counters = random_counters(positions, seed=3)
    lines = ["%s counter %d" % (p, c) for p, c in zip(positions, counters)]
    answers = cli(["probe", "--variant", variant, "--rule", "fifty", "--db", db, "--plain", plain,
                   "--json", "-"], lines)
    assert len(answers) == len(positions)
    classes = set()
    with millbase.open_tablebase(variant, db) as tb:
        assert tb.rule == "fifty"
        for text, counter, answer in zip(positions, counters, answers):
            assert (answer["position"], answer["counter"]) == (text, counter)
            classes.add(answer["class"])
            assert tb.probe_wdl(text, counter) == WDL[answer["result"]], (text, counter)
            assert tb.probe_distance(text, counter) == signed(answer), (text, counter)
            value = tb.probe_fifty(text, counter)
            assert (value.wdl, value.distance, value.kind, value.z) == (
                WDL[answer["result"]], answer["distance"], answer["class"], answer["z"])
        assert list(tb.probe_wdl_many(positions, counters)) == [
            WDL[a["result"]] for a in answers]
        assert list(tb.probe_distance_many(positions, counters)) == [signed(a) for a in answers]
    assert {"win", "draw", "loss"} <= classes, classes


def moves_of(answer):
    return [(m["move"], WDL[m["result"]], m["distance"], m.get("class", m["result"]), m.get("z"))
            for m in answer["moves"]]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("rule", ["plain", "fifty"])
def test_analyze(variant, rule, cli, tables_dir):
    db = tables_dir(variant, rule)
    positions = random_positions(variant, 400, seed=4)
    counters = random_counters(positions, seed=5) if rule == "fifty" else [0] * len(positions)
    lines = ["%s counter %d" % pc if rule == "fifty" else pc[0] for pc in zip(positions, counters)]
    answers = cli(["analyze", "--variant", variant, "--rule", rule, "--db", db, "--json", "-"],
                  lines)
    moves = 0
    with millbase.open_tablebase(variant, db) as tb:
        for text, counter, answer in zip(positions, counters, answers):
            mine = tb.analyze(text, counter)
            assert [(m.move, m.value.wdl, m.value.distance, m.value.kind, m.value.z)
                    for m in mine] == moves_of(answer), (text, counter)
            moves += len(mine)
    assert moves > 2000


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("rule", ["plain", "fifty"])
def test_best_move(variant, rule, cli, tables_dir):
    db = tables_dir(variant, rule)
    positions = random_positions(variant, 500, seed=6)
    counters = random_counters(positions, seed=7) if rule == "fifty" else [0] * len(positions)
    lines = ["%s counter %d" % pc if rule == "fifty" else pc[0] for pc in zip(positions, counters)]
    args = ["probe", "--variant", variant, "--rule", rule, "--db", db, "--json", "-"]
    if rule == "fifty":
        args[-2:-2] = ["--plain", tables_dir(variant, "plain")]
    answers = cli(args, lines)
    over = 0
    with millbase.open_tablebase(variant, db) as tb:
        for i, (text, counter, answer) in enumerate(zip(positions, counters, answers)):
            move = tb.best_move(text, counter=counter, seed=i)
            # No move when the game is over, or drawn by the rule at 50 (rules.md).
            if not answer["best_moves"] or (rule == "fifty" and counter == 50):
                assert move is None, (text, counter, move)
                over += 1
                continue
            assert move in answer["best_moves"], (text, counter, move, answer["best_moves"])
            assert tb.best_move(text, counter=counter, seed=i) == move  # the same seed
            for level in (1, 3, "5"):
                legal = [m.move for m in tb.analyze(text, counter)]
                assert tb.best_move(text, level=level, counter=counter, seed=i) in legal
    assert over < len(positions)
