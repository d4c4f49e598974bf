"""``simulate`` on a real Dask cluster (extra ``dask``): the same result as a thread pool on one machine.

Skipped unless ``distributed`` is installed: ``nox -s adapters`` runs it.
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Iterator
from typing import Any

import pytest

from commerce_rules import CRP, FOSTER, GreedyBot, RandomBot, Rules, simulate

from helpers import optional_import  # noqa: E402

distributed = optional_import("distributed")


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    # Two worker processes of one thread each: the chunks really travel (pickled) to other processes.
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            yield client


@pytest.mark.parametrize(("rules", "games"), [(FOSTER, 60), (CRP, 30)])
def test_a_dask_run_equals_a_thread_pool_run(client: Any, rules: Rules, games: int) -> None:
    bots: list[Any] = [GreedyBot, RandomBot, RandomBot, RandomBot]
    workers = sum(client.nthreads().values())
    on_dask = simulate(rules, bots, games, 17, client.get_executor(), workers=workers)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        on_threads = simulate(rules, bots, games, 17, pool, workers=2)
    assert on_dask == on_threads
    assert on_dask.games == games


def test_a_dask_run_reports_progress_to_the_end(client: Any) -> None:
    seen: list[int] = []
    simulate(FOSTER, [RandomBot] * 3, 25, 3, client.get_executor(), workers=2, chunk_size=4, progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 25 and len(seen) == 7
