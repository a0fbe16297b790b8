"""One Tablebase probed by many Python threads at once, single and batch calls, with a
cache small enough that blocks are evicted and read again all the time."""
import random
import threading

import millbase
from conftest import random_counters, random_positions


def test_threaded_stress(tables_dir):
    positions = random_positions("six", 3000, seed=21) + random_positions("six", 1000, seed=22,
                                                                           placement_share=1)
    counters = random_counters(positions, seed=23)
    with millbase.open_tablebase("six", tables_dir("six", "fifty")) as reference:
        wdl = [reference.probe_wdl(p, c) for p, c in zip(positions, counters)]
        distance = [reference.probe_distance(p, c) for p, c in zip(positions, counters)]
    failures = []
    with millbase.open_tablebase("six", tables_dir("six", "fifty"), cache_mb=1) as tb:
        def work(seed):
            try:
                rng = random.Random(seed)
                for _ in range(3):
                    order = list(range(len(positions)))
                    rng.shuffle(order)
                    for i in order[:800]:
                        assert tb.probe_wdl(positions[i], counters[i]) == wdl[i]
                        assert tb.probe_distance(positions[i], counters[i]) == distance[i]
                    chosen = order[800:2800]
                    got = tb.probe_wdl_many([positions[i] for i in chosen],
                                            [counters[i] for i in chosen], threads=2)
                    assert got.tolist() == [wdl[i] for i in chosen]
                    got = tb.probe_distance_many([positions[i] for i in chosen],
                                                 [counters[i] for i in chosen])
                    assert got.tolist() == [distance[i] for i in chosen]
            except Exception as e:  # reported by the main thread
                failures.append(repr(e))

        threads = [threading.Thread(target=work, args=(seed,)) for seed in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert failures == []
