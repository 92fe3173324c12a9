"""Leakage campaigns as Dask tasks (docs/python.md).

A campaign of n traces is cut into chunks of traces; each chunk is one
task, ``cardlab._native.accumulate``, which simulates its traces (each
trace's class, input and masks come from the seed and the trace number
alone) and returns the exact integer sums of its chunk. The client merges
the sums as tasks finish; merging is adding integers, so neither the order
nor the number of workers changes a bit of the result, and a task that
dies with its worker is run again elsewhere with the same result.
"""

from __future__ import annotations

import json
from typing import Optional

from . import _native


def _chunks(n: int, chunk: int) -> list[tuple[int, int]]:
    if n < 4:
        raise _native.CardlabError(f"n={n}: too few traces for a t-test; give n=4 or more")
    if chunk < 1:
        raise _native.CardlabError(f"chunk={chunk}: give a chunk of 1 trace or more")
    return [(s, min(s + chunk, n)) for s in range(0, n, chunk)]


def _verdict(variant, total, seed, vary, components, second_order, firmware):
    """The verdict of the merged sums of a whole campaign."""
    from . import Verdict

    report, t = _native.judge(
        variant,
        total,
        seed=seed,
        vary=vary,
        components=components,
        second_order=second_order,
        firmware=firmware,
    )
    return Verdict(report=json.loads(report), t=t)


def run_campaign(
    variant: str,
    n: int,
    *,
    chunk: int,
    seed: int,
    vary: str,
    components: Optional[list[str]],
    second_order: bool,
    firmware: Optional[str],
    client,
):
    from dask.distributed import Client, LocalCluster, as_completed

    own = None
    if client is None:
        own = LocalCluster(n_workers=2, threads_per_worker=1, processes=True)
        client = Client(own)
    try:
        futures = [
            client.submit(
                _native.accumulate,
                variant,
                start,
                end,
                seed=seed,
                vary=vary,
                components=components,
                firmware=firmware,
                key=f"cardlab-accumulate-{variant}-{seed}-{vary}-{start}-{end}",
                retries=3,
                pure=True,
            )
            for start, end in _chunks(n, chunk)
        ]
        total = None
        for future in as_completed(futures):
            part = future.result()
            total = part if total is None else total.merge(part)
            future.release()
    finally:
        if own is not None:
            client.close()
            own.close()
    return _verdict(variant, total, seed, vary, components, second_order, firmware)


def local(
    variant: str,
    n: int,
    *,
    chunk: int = 4096,
    seed: int = 1,
    vary: str = "input",
    components: Optional[list[str]] = None,
    second_order: bool = False,
    firmware: Optional[str] = None,
):
    """The same campaign in this process, chunk after chunk, for
    comparison with a distributed one."""
    total = None
    for start, end in _chunks(n, chunk):
        part = _native.accumulate(
            variant, start, end, seed=seed, vary=vary, components=components, firmware=firmware
        )
        total = part if total is None else total.merge(part)
    return _verdict(variant, total, seed, vary, components, second_order, firmware)
