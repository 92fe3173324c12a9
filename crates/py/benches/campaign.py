"""Traces per second of a leakage campaign from Python: in this process
(chunk after chunk, each chunk on all cores) and as Dask tasks on a local
cluster of two worker processes. Both verdicts must be equal, or nothing
is printed.

    .venv/bin/python crates/py/benches/campaign.py [VARIANT] [TRACES]

(default mcs51/aes/fast, 100000 traces, chunks of 4096).
"""

import sys
import time

import numpy as np

import cardlab
from cardlab import campaigns


def main():
    variant = sys.argv[1] if len(sys.argv) > 1 else "mcs51/aes/fast"
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    start = time.perf_counter()
    one = campaigns.local(variant, n, second_order=True)
    local_s = time.perf_counter() - start

    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster, Client(cluster) as client:
        client.submit(lambda: None).result()  # workers up before the clock starts
        start = time.perf_counter()
        spread = cardlab.campaign(variant, n, second_order=True, client=client)
        dask_s = time.perf_counter() - start
    if one.report != spread.report or not np.array_equal(one.t, spread.t, equal_nan=True):
        sys.exit("the distributed verdict differs from the local one")
    print(f"{variant}, {n} traces, first and second order, outputs verified")
    print(f"one process:           {local_s:7.2f} s  {n / local_s:9.0f} traces/s")
    print(f"Dask, 2 worker procs:  {dask_s:7.2f} s  {n / dask_s:9.0f} traces/s")


if __name__ == "__main__":
    main()
