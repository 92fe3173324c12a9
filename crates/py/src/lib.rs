//! `cardlab._native`: the Rust half of the `cardlab` Python package. The
//! Python half (`python/cardlab/`) turns what these functions return into
//! DataFrames, structured arrays and dataclasses, and runs campaigns on
//! Dask; everything measured is measured here, by the same code as the
//! command line, with the GIL released.
//!
//! Errors are `cardlab.CardlabError` with the command line's one-line
//! messages; a panic becomes pyo3's `PanicException`, never an abort.

use cardlab_lab::build::{Built, build};
use cardlab_lab::campaign;
use cardlab_lab::leakage::{self, Plan, Sums, Vary};
use cardlab_lab::manifest::{Filter, Manifest, gather};
use cardlab_lab::report::{comparisons_csv, results_csv};
use cardlab_lab::{repo_root, seeds};
use cardlab_sim::observe::downcast;
use cardlab_sim::power::{Component, Components};
use cardlab_sim::target::{ALL, Image, Target};
use cardlab_sim::{Executed, Observer, Space, Stop};
use numpy::{
    IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyReadonlyArray2,
    PyUntypedArrayMethods,
};
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::path::{Path, PathBuf};

pyo3::create_exception!(
    _native,
    CardlabError,
    PyException,
    "A cardlab error: bad input, a build that failed, a wrong output."
);

fn fail(e: impl std::fmt::Display) -> PyErr {
    CardlabError::new_err(e.to_string())
}

/// The checkout's firmware, vectors and seeds folders, unless given.
fn folder(given: Option<PathBuf>, name: &str) -> PyResult<PathBuf> {
    let dir = given.unwrap_or_else(|| repo_root().join(name));
    match dir.is_dir() {
        true => Ok(dir),
        false => Err(fail(format!(
            "{}: no {name} folder there; pass {name}=DIR",
            dir.display()
        ))),
    }
}

/// Every target as JSON: name, aliases, summary, cycle unit, image kind,
/// parts (default first) and memory spaces.
#[pyfunction]
fn targets() -> String {
    let all: Vec<serde_json::Value> = ALL
        .iter()
        .map(|t| {
            let s = t.spec();
            serde_json::json!({
                "name": s.name,
                "aliases": s.aliases,
                "summary": s.summary,
                "cycle_unit": s.cycle_unit,
                "image_kind": s.image_kind,
                "parts": s.parts,
                "spaces": s.spaces.iter().map(|x| x.name()).collect::<Vec<_>>(),
                "has_caches": s.has_caches,
            })
        })
        .collect();
    serde_json::to_string(&all).expect("plain data")
}

/// Every instruction's start cycle, address and cycles.
#[derive(Default)]
struct Steps {
    cycle: Vec<u64>,
    pc: Vec<u32>,
    cycles: Vec<u32>,
    now: u64,
}

impl Observer for Steps {
    fn instruction(&mut self, e: &Executed) {
        self.cycle.push(self.now);
        self.pc.push(e.pc);
        self.cycles.push(e.cycles);
        self.now += e.cycles as u64;
    }
}

/// An address as `cardlab run` takes it, with its message when it is none.
fn address(image: &Image, label: &str, what: &str) -> PyResult<u32> {
    image.address(label).ok_or_else(|| {
        fail(format!(
            "{what} '{label}' is neither a number nor a symbol of the program; export the label or give an address"
        ))
    })
}

type RunOut<'py> = (
    String,
    Vec<Bound<'py, PyBytes>>,
    Option<(
        Bound<'py, PyArray1<u64>>,
        Bound<'py, PyArray1<u32>>,
        Bound<'py, PyArray1<u32>>,
    )>,
);

/// Run an image until it halts; JSON of the outcome, the dumped memory,
/// and with `trace` the (cycle, pc, cycles) of every instruction.
#[pyfunction]
#[pyo3(signature = (target, image, *, part=None, entry=None, call=None, max_cycles=50_000_000, dump=Vec::new(), trace=false))]
#[allow(clippy::too_many_arguments)]
fn run<'py>(
    py: Python<'py>,
    target: &str,
    image: PathBuf,
    part: Option<String>,
    entry: Option<String>,
    call: Option<String>,
    max_cycles: u64,
    dump: Vec<(String, u32, u32)>,
    trace: bool,
) -> PyResult<RunOut<'py>> {
    let target = Target::parse(target).map_err(fail)?;
    if !image.is_file() {
        return Err(fail(format!(
            "{}: no such file; give an image path",
            image.display()
        )));
    }
    let image = target.read_part(&image, part.as_deref()).map_err(fail)?;
    let spaces: Vec<(Space, u32, u32)> = dump
        .iter()
        .map(|(name, start, len)| Ok((target.space(name).map_err(fail)?, *start, *len)))
        .collect::<PyResult<_>>()?;
    let mut cpu = image.boot();
    if let Some(label) = &entry {
        cpu.set_pc(address(&image, label, "entry")?);
    }
    if let Some(label) = &call {
        cpu.call(address(&image, label, "call")?).map_err(fail)?;
    }
    if trace {
        cpu.set_observer(Some(Box::new(Steps::default())));
    }
    // The CPU is not Send (observers are plain boxes): the run keeps the
    // GIL, as a run of a program image is short.
    let stop = cpu.run(max_cycles, None).map_err(fail)?;
    let registers: serde_json::Map<String, serde_json::Value> = cpu
        .registers()
        .into_iter()
        .map(|r| (r.name.to_string(), r.value.into()))
        .collect();
    let json = serde_json::json!({
        "target": target.name(),
        "stop": match stop { Stop::Halted => "halted", Stop::Breakpoint => "breakpoint" },
        "cycles": cpu.cycles(),
        "instructions": cpu.instructions(),
        "cycle_unit": target.spec().cycle_unit,
        "registers": registers,
        "counters": cpu.counters().into_iter().collect::<std::collections::BTreeMap<_, _>>(),
    });
    let dumps = spaces
        .iter()
        .map(|&(space, start, len)| {
            let bytes: Vec<u8> = (start..start.saturating_add(len))
                .map(|a| cpu.read(space, a).unwrap_or(0))
                .collect();
            PyBytes::new(py, &bytes)
        })
        .collect();
    let steps = cpu.take_observer().and_then(downcast::<Steps>).map(|s| {
        (
            s.cycle.into_pyarray(py),
            s.pc.into_pyarray(py),
            s.cycles.into_pyarray(py),
        )
    });
    Ok((json.to_string(), dumps, steps))
}

/// The manifests under `firmware` (or at `paths`) that `filter` keeps.
fn select(paths: &[PathBuf], firmware: Option<PathBuf>, filter: Filter) -> PyResult<Vec<Manifest>> {
    let root = match paths.is_empty() {
        true => folder(firmware, "firmware")?,
        false => PathBuf::new(),
    };
    let chosen: Vec<Manifest> = gather(&root, paths)
        .map_err(fail)?
        .into_iter()
        .filter(|m| filter.keeps(m))
        .collect();
    match chosen.is_empty() {
        true => Err(fail(
            "no firmware variant matches; cardlab.bench() with no filter lists them all",
        )),
        false => Ok(chosen),
    }
}

struct Quiet;

impl campaign::Progress for Quiet {
    fn start(&self, _: u64) {}
    fn finished(&self, _: &campaign::Job) {}
}

fn measure(manifests: &[Manifest], vectors: Option<PathBuf>) -> PyResult<campaign::Campaign> {
    campaign::run(manifests, &folder(vectors, "vectors")?, &Quiet).map_err(fail)
}

/// Build, verify and measure variants; results.csv's text.
#[pyfunction(name = "bench")]
#[pyo3(signature = (paths=Vec::new(), *, target=None, cipher=None, variant=None, firmware=None, vectors=None))]
fn bench_csv(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    target: Option<String>,
    cipher: Option<String>,
    variant: Option<String>,
    firmware: Option<PathBuf>,
    vectors: Option<PathBuf>,
) -> PyResult<String> {
    let filter = Filter {
        target: target.as_deref(),
        cipher: cipher.as_deref(),
        variant: variant.as_deref(),
    };
    let manifests = select(&paths, firmware, filter)?;
    py.detach(|| {
        let rows = measure(&manifests, vectors)?.rows;
        results_csv(&rows).map_err(fail)
    })
}

/// The seed tables our firmware answers: (title, seeds.csv text of its
/// lines) per table.
#[pyfunction]
#[pyo3(signature = (*, firmware=None, vectors=None, seeds=None))]
fn seed_tables(
    py: Python<'_>,
    firmware: Option<PathBuf>,
    vectors: Option<PathBuf>,
    seeds: Option<PathBuf>,
) -> PyResult<Vec<(String, String)>> {
    let figures_path = folder(seeds, "seeds")?.join("figures.csv");
    let manifests = select(&[], firmware, Filter::default())?;
    py.detach(|| {
        let figures = seeds::load(&figures_path).map_err(fail)?;
        let rows = measure(&manifests, vectors)?.rows;
        seeds::compare(&figures, &rows)
            .into_iter()
            .map(|c| {
                Ok((
                    c.title.clone(),
                    comparisons_csv(std::slice::from_ref(&c)).map_err(fail)?,
                ))
            })
            .collect()
    })
}

/// A manifest by path, or by "target/cipher/variant" under the firmware
/// folder; built.
fn variant(spec: &str, firmware: Option<PathBuf>) -> PyResult<(Manifest, Built)> {
    let path = match spec.ends_with(".toml") {
        true => PathBuf::from(spec),
        false => folder(firmware, "firmware")?.join(format!("{spec}.toml")),
    };
    if !path.is_file() {
        return Err(fail(format!(
            "{}: no such manifest; give a <variant>.toml or target/cipher/variant",
            path.display()
        )));
    }
    let m = Manifest::load(&path).map_err(fail)?;
    let built = build(&m).map_err(fail)?;
    Ok((m, built))
}

fn plan(
    traces: u64,
    seed: u64,
    vary: &str,
    components: Option<Vec<String>>,
    second_order: bool,
) -> PyResult<Plan> {
    let mut plan = Plan::new(traces.max(1));
    plan.seed = seed;
    plan.second_order = second_order;
    plan.vary = match vary {
        "input" => Vary::Input,
        "key" => Vary::Key,
        other => return Err(fail(format!("vary='{other}': use 'input' or 'key'"))),
    };
    if let Some(names) = components {
        let list = names
            .iter()
            .map(|n| Component::parse(n).map_err(fail))
            .collect::<PyResult<Vec<_>>>()?;
        plan.components = Components::of(&list);
    }
    Ok(plan)
}

type TraceOut<'py> = (
    Bound<'py, PyArray2<i16>>,
    Bound<'py, PyArray2<u8>>,
    Bound<'py, PyArray2<u8>>,
    Bound<'py, PyArray1<u8>>,
    String,
);

/// Traces `start..start+n` of a campaign: samples (N x S int16), inputs,
/// keys, labels, and the JSON of the set and its sample map.
#[pyfunction]
#[pyo3(signature = (variant_spec, n, *, start=0, seed=1, vary="input", components=None, firmware=None))]
#[allow(clippy::too_many_arguments)]
fn traces<'py>(
    py: Python<'py>,
    variant_spec: &str,
    n: u64,
    start: u64,
    seed: u64,
    vary: &str,
    components: Option<Vec<String>>,
    firmware: Option<PathBuf>,
) -> PyResult<TraceOut<'py>> {
    let (m, built) = variant(variant_spec, firmware)?;
    let plan = plan(n, seed, vary, components, false)?;
    let set = py
        .detach(|| leakage::traces(&built, &m, &plan, start..start + n, &|_| {}))
        .map_err(fail)?;
    let rows = set.labels.len();
    let width = |v: &Vec<u8>| v.len() / rows.max(1);
    let (iw, kw) = (width(&set.inputs), width(&set.keys));
    let meta = set.describe().to_string();
    // The vectors become the arrays' buffers: no copy of the samples.
    Ok((
        set.samples.into_pyarray(py).reshape([rows, set.len])?,
        set.inputs.into_pyarray(py).reshape([rows, iw])?,
        set.keys.into_pyarray(py).reshape([rows, kw])?,
        set.labels.into_pyarray(py),
        meta,
    ))
}

/// Welch's t of order 1 or 2 of any int16 traces (N x S) with labels
/// (0 fixed, 1 random), from exact moments; NaN where data-independent.
#[pyfunction]
#[pyo3(signature = (samples, labels, order=1))]
fn tvla<'py>(
    py: Python<'py>,
    samples: PyReadonlyArray2<'py, i16>,
    labels: PyReadonlyArray1<'py, u8>,
    order: u8,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    if !(1..=2).contains(&order) {
        return Err(fail(format!("order={order}: use 1 or 2")));
    }
    let [rows, len] = [samples.shape()[0], samples.shape()[1]];
    if labels.len() != rows {
        return Err(fail(format!(
            "{} labels for {rows} traces; give one label per trace",
            labels.len()
        )));
    }
    let data = samples.as_array().iter().copied().collect::<Vec<i16>>();
    let labels = labels.as_array().iter().copied().collect::<Vec<u8>>();
    let t = py.detach(|| leakage::t_vector(&data, len, &labels, order));
    Ok(t.into_iter()
        .map(|t| t.unwrap_or(f64::NAN))
        .collect::<Vec<_>>()
        .into_pyarray(py))
}

/// The exact sums of some traces of a campaign: what one Dask task
/// returns. Merging is adding integers, so any split and any order give
/// the same bits; pickled as its JSON.
#[pyclass(module = "cardlab._native")]
#[derive(Clone)]
struct Accumulator {
    sums: Sums,
}

#[pymethods]
impl Accumulator {
    /// Traces accumulated.
    #[getter]
    fn traces(&self) -> u64 {
        self.sums.traces()
    }

    /// These traces and `other`'s (disjoint ones), as a new accumulator.
    fn merge(&self, other: &Accumulator) -> Accumulator {
        let mut sums = self.sums.clone();
        sums.merge(&other.sums);
        Accumulator { sums }
    }

    fn __eq__(&self, other: &Accumulator) -> bool {
        self.sums == other.sums
    }

    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &serde_json::to_vec(&self.sums).expect("plain data"))
    }

    #[staticmethod]
    fn from_bytes(data: &[u8]) -> PyResult<Accumulator> {
        let sums =
            serde_json::from_slice(data).map_err(|e| fail(format!("not an accumulator: {e}")))?;
        Ok(Accumulator { sums })
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyBytes>,))> {
        let py = slf.py();
        let from = slf.getattr("from_bytes")?;
        Ok((from, (slf.borrow().to_bytes(py),)))
    }
}

/// The sums of traces `start..end` of a campaign.
#[pyfunction]
#[pyo3(signature = (variant_spec, start, end, *, seed=1, vary="input", components=None, firmware=None))]
#[allow(clippy::too_many_arguments)]
fn accumulate(
    py: Python<'_>,
    variant_spec: &str,
    start: u64,
    end: u64,
    seed: u64,
    vary: &str,
    components: Option<Vec<String>>,
    firmware: Option<PathBuf>,
) -> PyResult<Accumulator> {
    let (m, built) = variant(variant_spec, firmware)?;
    let plan = plan(end.saturating_sub(start), seed, vary, components, false)?;
    let sums = py
        .detach(|| leakage::accumulate(&built, &m, &plan, start..end))
        .map_err(fail)?;
    Ok(Accumulator { sums })
}

/// The verdict of merged sums: its JSON and the first-order t per sample.
#[pyfunction]
#[pyo3(signature = (variant_spec, accumulator, *, seed=1, vary="input", components=None, second_order=false, firmware=None))]
#[allow(clippy::too_many_arguments)]
fn judge<'py>(
    py: Python<'py>,
    variant_spec: &str,
    accumulator: &Accumulator,
    seed: u64,
    vary: &str,
    components: Option<Vec<String>>,
    second_order: bool,
    firmware: Option<PathBuf>,
) -> PyResult<(String, Bound<'py, PyArray1<f64>>)> {
    let (m, built) = variant(variant_spec, firmware)?;
    let plan = plan(
        accumulator.sums.traces(),
        seed,
        vary,
        components,
        second_order,
    )?;
    let v = py
        .detach(|| leakage::judge(&built, &m, &plan, &accumulator.sums))
        .map_err(fail)?;
    let t: Vec<f64> = v.t.iter().map(|t| t.unwrap_or(f64::NAN)).collect();
    Ok((
        serde_json::to_string(&v).expect("plain data"),
        t.into_pyarray(py),
    ))
}

/// Where the checkout's folders are, as this build sees them.
#[pyfunction]
fn repo() -> String {
    Path::new(&repo_root()).display().to_string()
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("CardlabError", m.py().get_type::<CardlabError>())?;
    m.add_class::<Accumulator>()?;
    for f in [
        wrap_pyfunction!(targets, m)?,
        wrap_pyfunction!(run, m)?,
        wrap_pyfunction!(bench_csv, m)?,
        wrap_pyfunction!(seed_tables, m)?,
        wrap_pyfunction!(traces, m)?,
        wrap_pyfunction!(tvla, m)?,
        wrap_pyfunction!(accumulate, m)?,
        wrap_pyfunction!(judge, m)?,
        wrap_pyfunction!(repo, m)?,
    ] {
        m.add_function(f)?;
    }
    Ok(())
}
