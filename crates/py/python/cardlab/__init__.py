"""cardlab from Python: a cycle-accurate lab for block ciphers on smart-card CPUs.

Everything measured is measured by the Rust crates behind the `cardlab`
command line (the extension module ``cardlab._native``); this package turns
the results into numpy arrays and pandas DataFrames, and runs leakage
campaigns on Dask (:func:`campaign`). docs/python.md shows the API.

Errors are :class:`CardlabError` with the command line's one-line messages.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Sequence, Union

import numpy as np
import pandas as pd

from . import _native
from ._native import Accumulator, CardlabError

__all__ = [
    "Accumulator",
    "CardlabError",
    "Run",
    "Target",
    "TraceSet",
    "Verdict",
    "bench",
    "campaign",
    "run",
    "seed_tables",
    "targets",
    "traces",
    "tvla",
]

PathLike = Union[str, Path]

# The components of the power model, in sample order (docs/leakage.md).
COMPONENTS = ("value", "overwrite", "result-bus", "data-bus", "address-bus")


@dataclass(frozen=True)
class Target:
    """A simulated CPU: its name, what it answers to, its cycle unit,
    the chips a program may be linked for (default first) and its memory
    spaces."""

    name: str
    aliases: tuple[str, ...]
    summary: str
    cycle_unit: str
    image_kind: str
    parts: tuple[str, ...]
    spaces: tuple[str, ...]
    has_caches: bool


def targets() -> list[Target]:
    """Every target cardlab simulates, as `cardlab run --help` lists them."""
    return [
        Target(
            name=t["name"],
            aliases=tuple(t["aliases"]),
            summary=t["summary"],
            cycle_unit=t["cycle_unit"],
            image_kind=t["image_kind"],
            parts=tuple(t["parts"]),
            spaces=tuple(t["spaces"]),
            has_caches=t["has_caches"],
        )
        for t in json.loads(_native.targets())
    ]


# One instruction of a trace: the cycle it started at, its address, its cycles.
TRACE_DTYPE = np.dtype([("cycle", "<u8"), ("pc", "<u4"), ("cycles", "<u4")])


@dataclass
class Run:
    """How a run of a program image ended."""

    target: str
    stop: str
    cycles: int
    instructions: int
    cycle_unit: str
    registers: dict[str, int]
    counters: dict[str, int]
    #: (space, start, length) -> the bytes there after the run.
    memory: dict[tuple[str, int, int], bytes] = field(default_factory=dict)
    #: Every instruction (``TRACE_DTYPE``), if asked for.
    trace: Optional[np.ndarray] = None


def run(
    target: str,
    image: PathLike,
    *,
    part: Optional[str] = None,
    entry: Optional[str] = None,
    call: Optional[str] = None,
    max_cycles: int = 50_000_000,
    dump: Sequence[tuple[str, int, int]] = (),
    trace: bool = False,
) -> Run:
    """Run a program image on a simulated CPU until it halts.

    ``entry`` starts at a label or address instead of the reset vector;
    ``call`` calls a subroutine and stops at its return. ``dump`` lists
    (space, start, length) ranges to read after the run; ``trace`` records
    every instruction as a structured array (cycle, pc, cycles)."""
    meta, dumps, steps = _native.run(
        target,
        str(image),
        part=part,
        entry=entry,
        call=call,
        max_cycles=max_cycles,
        dump=[(s, int(a), int(n)) for s, a, n in dump],
        trace=trace,
    )
    m = json.loads(meta)
    out = Run(
        target=m["target"],
        stop=m["stop"],
        cycles=m["cycles"],
        instructions=m["instructions"],
        cycle_unit=m["cycle_unit"],
        registers=m["registers"],
        counters=m["counters"],
        memory={tuple(d): b for d, b in zip(dump, dumps)},
    )
    if steps is not None:
        cycle, pc, cycles = steps
        arr = np.empty(len(pc), dtype=TRACE_DTYPE)
        arr["cycle"], arr["pc"], arr["cycles"] = cycle, pc, cycles
        out.trace = arr
    return out


def bench(
    paths: Sequence[PathLike] = (),
    *,
    target: Optional[str] = None,
    cipher: Optional[str] = None,
    variant: Optional[str] = None,
    firmware: Optional[PathLike] = None,
    vectors: Optional[PathLike] = None,
) -> pd.DataFrame:
    """Build, verify and measure firmware variants: one row per variant,
    key size and operation, with the columns of the report's results.csv
    (a row whose output did not match the oracle says FAIL)."""
    text = _native.bench(
        [str(p) for p in paths],
        target=target,
        cipher=cipher,
        variant=variant,
        firmware=_opt(firmware),
        vectors=_opt(vectors),
    )
    return _numeric(pd.read_csv(io.StringIO(text), dtype=str, keep_default_na=False))


def _numeric(df: pd.DataFrame) -> pd.DataFrame:
    """Columns whose every cell is a number become numbers; the others
    (a cycle range "2132–2140", "39 (+16)") keep the text the report
    prints."""
    for column in df.columns:
        try:
            df[column] = pd.to_numeric(df[column])
        except (ValueError, TypeError):
            pass
    return df


def seed_tables(
    *,
    firmware: Optional[PathLike] = None,
    vectors: Optional[PathLike] = None,
    seeds: Optional[PathLike] = None,
) -> dict[str, pd.DataFrame]:
    """Every seed table our firmware answers, title -> the comparison (the
    columns of the report's seeds.csv: published figure, ours, ratio,
    verdict, our variant). The virtual card's, the hardware flow's and the
    host's tables come from `cardlab report` only."""
    tables = _native.seed_tables(
        firmware=_opt(firmware), vectors=_opt(vectors), seeds=_opt(seeds)
    )
    return {
        title: pd.read_csv(io.StringIO(text), keep_default_na=False)
        for title, text in tables
    }


@dataclass
class TraceSet:
    """Leakage traces of a variant (docs/leakage.md)."""

    #: N x S int16 samples; sample s is cycle s // len(components),
    #: component s % len(components).
    samples: np.ndarray
    #: N x block bytes, the input of each trace.
    inputs: np.ndarray
    #: N x key bytes.
    keys: np.ndarray
    #: N labels: 0 fixed class, 1 random.
    labels: np.ndarray
    #: Each sample's cycle, pc, instruction and component.
    map: pd.DataFrame
    target: str
    variant: str
    components: tuple[str, ...]


def traces(
    variant: str,
    n: int,
    *,
    start: int = 0,
    seed: int = 1,
    vary: str = "input",
    components: Optional[Sequence[str]] = None,
    firmware: Optional[PathLike] = None,
) -> TraceSet:
    """Simulated power traces ``start .. start+n`` of a fixed-vs-random
    campaign on ``variant`` ("target/cipher/variant" or a manifest path);
    every output is checked against the oracle. The same seed gives the
    same traces, however they are requested."""
    samples, inputs, keys, labels, meta = _native.traces(
        str(variant),
        int(n),
        start=int(start),
        seed=int(seed),
        vary=vary,
        components=_components(components),
        firmware=_opt(firmware),
    )
    m = json.loads(meta)
    return TraceSet(
        samples=samples,
        inputs=inputs,
        keys=keys,
        labels=labels,
        map=pd.DataFrame(m["samples"]),
        target=m["target"],
        variant=m["variant"],
        components=tuple(m["components"]),
    )


def tvla(samples: np.ndarray, labels: np.ndarray, order: int = 1) -> np.ndarray:
    """Welch's t per sample between label 0 (fixed) and 1 (random), of the
    samples (order 1) or their centred squares (order 2), from exact
    integer moments; NaN where a sample is data-independent."""
    samples = np.ascontiguousarray(samples, dtype=np.int16)
    labels = np.ascontiguousarray(labels, dtype=np.uint8)
    return _native.tvla(samples, labels, int(order))


@dataclass
class Verdict:
    """A campaign's TVLA verdict (the JSON of `cardlab leak --format json`)
    and its first-order t per sample."""

    report: dict
    t: np.ndarray

    @property
    def leaks(self) -> bool:
        return bool(self.report["first_order"]["leaks"])

    @property
    def max_abs_t(self) -> Optional[float]:
        return self.report["first_order"]["max_abs_t"]

    @property
    def traces(self) -> int:
        return int(self.report["traces"])


def campaign(
    variant: str,
    n: int,
    *,
    chunk: int = 4096,
    seed: int = 1,
    vary: str = "input",
    components: Optional[Sequence[str]] = None,
    second_order: bool = False,
    firmware: Optional[PathLike] = None,
    client=None,
) -> Verdict:
    """A fixed-vs-random campaign of ``n`` traces split into chunks that
    run as tasks on a ``dask.distributed`` cluster (``client``; a local
    cluster of two worker processes if None). Each task returns the exact
    sums of its chunk; merging them is adding integers, so the verdict is
    the same bits on one worker or many, and a task lost with its worker
    is recomputed the same."""
    from .campaigns import run_campaign

    return run_campaign(
        variant,
        n,
        chunk=chunk,
        seed=seed,
        vary=vary,
        components=_components(components),
        second_order=second_order,
        firmware=_opt(firmware),
        client=client,
    )


def _opt(path: Optional[PathLike]) -> Optional[str]:
    return None if path is None else str(path)


def _components(components: Optional[Sequence[str]]) -> Optional[list[str]]:
    return None if components is None else [str(c) for c in components]
