"""The cardlab Python package: its API against the command line's, its
errors, and campaigns on a Dask cluster equal to one process's."""

import json
import os
import subprocess
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import cardlab
from cardlab import campaigns

REPO = Path(__file__).resolve().parents[3]
CARDLAB = REPO / "target" / "debug" / "cardlab"


def intel_hex(code: bytes, at: int = 0) -> str:
    """One Intel HEX data record and the end record."""
    body = bytes([len(code), at >> 8, at & 0xFF, 0]) + code
    check = (-sum(body)) & 0xFF
    return f":{body.hex().upper()}{check:02X}\n:00000001FF\n"


@pytest.fixture
def program(tmp_path):
    # MOV A,#5; ADD A,#3; MOV 0x30,A; SJMP $
    path = tmp_path / "add.ihx"
    path.write_text(intel_hex(bytes([0x74, 0x05, 0x24, 0x03, 0xF5, 0x30, 0x80, 0xFE])))
    return path


def test_targets_are_the_command_lines():
    names = [t.name for t in cardlab.targets()]
    assert names == ["mcs51", "hc05", "h8300", "arm7tdmi", "leon2", "avr"]
    avr = next(t for t in cardlab.targets() if t.name == "avr")
    assert avr.parts[0] == "atmega32" and "at90sc3232c" in avr.parts
    assert "eeprom" in avr.spaces


def test_run_gives_cycles_registers_memory_and_a_structured_trace(program):
    r = cardlab.run("mcs51", program, dump=[("iram", 0x30, 1)], trace=True)
    assert r.stop == "halted"
    assert r.registers["a"] == 8
    assert r.memory[("iram", 0x30, 1)] == b"\x08"
    assert r.trace.dtype == cardlab.TRACE_DTYPE
    assert list(r.trace["pc"]) == [0, 2, 4]
    assert r.cycles == int(r.trace["cycles"].sum()) == r.trace["cycle"][-1] + r.trace["cycles"][-1]


def test_errors_are_exceptions_with_one_line_messages(program, tmp_path):
    cases = [
        (lambda: cardlab.run("z80", program), "unknown target"),
        (lambda: cardlab.run("mcs51", tmp_path / "none.ihx"), "no such file"),
        (lambda: cardlab.run("mcs51", program, dump=[("flash", 0, 1)]), "no space 'flash' on mcs51; use code, iram, sfr, xram"),
        (lambda: cardlab.run("mcs51", program, entry="nowhere"), "'nowhere' is neither a number nor a symbol"),
        (lambda: cardlab.run("mcs51", program, max_cycles=1), "cycle budget"),
        (lambda: cardlab.traces("mcs51/aes/nonesuch", 10), "no such manifest"),
        (lambda: cardlab.traces("mcs51/aes/fast", 10, vary="plaintext"), "use 'input' or 'key'"),
        (lambda: cardlab.traces("mcs51/aes/fast", 10, components=["noise"]), "unknown component"),
        (lambda: cardlab.tvla(np.zeros((3, 4), np.int16), np.zeros(2, np.uint8)), "one label per trace"),
        (lambda: cardlab.bench(target="mcs51", variant="nonesuch"), "no firmware variant matches"),
        (lambda: cardlab.campaign("mcs51/aes/fast", 2), "too few traces"),
    ]
    for call, says in cases:
        with pytest.raises(cardlab.CardlabError) as e:
            call()
        message = str(e.value)
        assert says in message and "\n" not in message, message


def test_bench_has_the_columns_and_rows_of_the_command_line():
    df = cardlab.bench(target="mcs51", cipher="aes", variant="fast")
    cli = subprocess.run(
        [CARDLAB, "bench", "-q", "-t", "mcs51", "-c", "aes", "-v", "fast", "--format", "csv"],
        capture_output=True, text=True, check=True,
    ).stdout
    header, row = cli.strip().splitlines()
    assert list(df.columns) == header.split(",")
    assert [str(v) for v in df.iloc[0]] == row.split(",")
    assert df["cycles"].dtype.kind == "i"


def test_traces_and_tvla_match_the_command_lines_export(tmp_path):
    ts = cardlab.traces("mcs51/aes/fast", 400)
    subprocess.run(
        [CARDLAB, "leak", "-q", "-t", "mcs51", "-c", "aes", "-v", "fast", "-n", "400",
         "--export", tmp_path],
        check=True,
    )
    assert np.array_equal(ts.samples, np.load(tmp_path / "traces.npy"))
    assert np.array_equal(ts.labels, np.load(tmp_path / "labels.npy"))
    assert np.array_equal(ts.inputs, np.load(tmp_path / "inputs.npy"))
    t1 = cardlab.tvla(ts.samples, ts.labels)
    assert np.array_equal(t1, np.load(tmp_path / "t1.npy"), equal_nan=True)
    assert len(ts.map) == ts.samples.shape[1]
    assert set(ts.map.columns) >= {"cycle", "pc", "instruction", "component"}
    # A later slice is the same traces as the same rows of a longer run.
    tail = cardlab.traces("mcs51/aes/fast", 100, start=300)
    assert np.array_equal(tail.samples, ts.samples[300:])


def test_tvla_takes_any_signed_traces():
    rng = np.random.default_rng(1)
    labels = rng.integers(0, 2, 2000).astype(np.uint8)
    samples = rng.integers(-300, 300, (2000, 3)).astype(np.int16)
    samples[:, 1] += (labels == 0) * 100
    t = cardlab.tvla(samples, labels)
    fixed, rand = samples[labels == 0].astype(float), samples[labels == 1].astype(float)
    welch = (fixed.mean(0) - rand.mean(0)) / np.sqrt(
        fixed.var(0, ddof=1) / len(fixed) + rand.var(0, ddof=1) / len(rand)
    )
    assert np.allclose(t, welch, rtol=1e-12, atol=1e-12)
    assert abs(t[1]) > 4.5


def test_accumulators_pickle_and_merge_exactly():
    import pickle

    a = cardlab._native.accumulate("mcs51/aes/fast", 0, 300)
    b = cardlab._native.accumulate("mcs51/aes/fast", 300, 500)
    whole = cardlab._native.accumulate("mcs51/aes/fast", 0, 500)
    assert pickle.loads(pickle.dumps(a)) == a
    assert a.merge(b) == whole == b.merge(a)
    assert whole.traces == 500


@pytest.fixture(scope="module")
def cluster():
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as c, Client(c) as client:
        yield client


def same(a, b):
    assert a.report == b.report
    assert np.array_equal(a.t, b.t, equal_nan=True)


def test_a_distributed_campaign_equals_one_process(cluster):
    local = campaigns.local("mcs51/aes/masked", 3000, chunk=400, second_order=True)
    spread = cardlab.campaign("mcs51/aes/masked", 3000, chunk=400, second_order=True, client=cluster)
    assert len(cluster.scheduler_info()["workers"]) == 2
    same(local, spread)
    assert not spread.leaks and spread.traces == 3000


def test_a_campaign_survives_losing_a_worker(cluster):
    # About two seconds of work on two workers; one dies after half a second.
    n, chunk = 16000, 400
    local = campaigns.local("mcs51/aes/masked", n, chunk=chunk)
    workers = list(cluster.scheduler_info()["workers"])
    done = threading.Event()

    def kill_one():
        time.sleep(0.5)
        assert not done.is_set(), "the campaign ended before the kill: make it longer"
        try:
            cluster.run(os._exit, 1, workers=[workers[0]])
        except Exception:
            pass  # the worker died before it could answer: that is the point

    killer = threading.Thread(target=kill_one)
    killer.start()
    spread = cardlab.campaign("mcs51/aes/masked", n, chunk=chunk, client=cluster)
    done.set()
    killer.join()
    same(local, spread)
    assert workers[0] not in cluster.scheduler_info()["workers"], "the worker was lost"
    # the nanny brings a worker back for the tests after this one
    deadline = time.time() + 30
    while len(cluster.scheduler_info()["workers"]) < 2 and time.time() < deadline:
        time.sleep(0.2)


def test_the_notebook_runs():
    import nbformat
    from nbclient import NotebookClient

    path = REPO / "docs" / "cardlab.ipynb"
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(REPO / "docs")}}).execute()
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("image/png" in o.get("data", {}) for o in outputs), "the plots were drawn"
