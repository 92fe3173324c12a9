//! `cardlab leak`: simulated power traces of a variant's encryption, fixed
//! input against random input, judged by TVLA; or the traces exported as
//! numpy arrays (docs/leakage.md).

use crate::Failure;
use crate::bench::{FirmwareArg, Selection, selected};
use crate::data::{Data, firmware_root, shown};
use crate::progress::Progress;
use cardlab_lab::build::build;
use cardlab_lab::leakage::{self, OrderVerdict, Plan, Verdict, point_text, verdict_text};
use cardlab_sim::power::{Component, Components};
use clap::{Args, ValueEnum};
use comfy_table::{Table, presets::UTF8_FULL_CONDENSED};
use std::path::PathBuf;

#[derive(Args)]
pub struct LeakArgs {
    #[command(flatten)]
    selection: Selection,
    #[command(flatten)]
    firmware: FirmwareArg,
    /// Traces per variant, fixed and random classes interleaved at random.
    #[arg(short = 'n', long, default_value_t = 10_000)]
    traces: u64,
    /// Seed of the classes, random inputs and masks (the same seed gives the same traces).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// What the random class varies: the input block (TVLA's non-specific test; the key is TVLA's) or the key (the input fixed).
    #[arg(long, value_enum, default_value_t = VaryArg::Input)]
    vary: VaryArg,
    /// Power-model components to sum into the samples, comma-separated [default: all: value, overwrite, result-bus, data-bus, address-bus].
    #[arg(long, value_delimiter = ',', value_parser = Component::parse)]
    components: Vec<Component>,
    /// Also test second order, univariate (centred squares of each sample).
    #[arg(long)]
    second_order: bool,
    /// Also test second order, bivariate: centred products of sample pairs at most this many samples apart.
    #[arg(long, value_name = "SAMPLES")]
    bivariate: Option<usize>,
    /// Cycles the bivariate test covers, as START..END [default: the whole trace].
    #[arg(long, value_name = "START..END", value_parser = parse_range, requires = "bivariate")]
    cycles: Option<(u32, u32)>,
    /// Write the traces of one variant to DIR as traces.npy, inputs.npy, labels.npy and map.json instead of testing.
    #[arg(long, value_name = "DIR")]
    export: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum VaryArg {
    Input,
    Key,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Table,
    Json,
}

fn parse_range(s: &str) -> Result<(u32, u32), String> {
    let err = || format!("'{s}' is not a cycle range; write START..END, e.g. 0..2000");
    let (a, b) = s.split_once("..").ok_or_else(err)?;
    let (a, b) = (a.parse().map_err(|_| err())?, b.parse().map_err(|_| err())?);
    match a < b {
        true => Ok((a, b)),
        false => Err(err()),
    }
}

impl LeakArgs {
    fn plan(&self) -> Plan {
        let mut plan = Plan::new(self.traces);
        plan.seed = self.seed;
        plan.vary = match self.vary {
            VaryArg::Input => leakage::Vary::Input,
            VaryArg::Key => leakage::Vary::Key,
        };
        if !self.components.is_empty() {
            plan.components = Components::of(&self.components);
        }
        plan.second_order = self.second_order;
        plan.bivariate = self.bivariate.map(|w| (w, self.cycles));
        plan
    }
}

fn order_text(o: &OrderVerdict) -> String {
    match o.leaks {
        true => format!("leaks ({} samples)", o.leaking),
        false => "no leak".into(),
    }
}

pub fn run(args: LeakArgs, quiet: bool) -> Result<(), Failure> {
    if args.traces < 4 {
        return Err(Failure::Input(format!(
            "--traces {}: too few for a t-test; give --traces 4 or more",
            args.traces
        )));
    }
    let data = Data::locate()?;
    let root = firmware_root(&data, args.firmware.firmware.as_deref())?;
    let manifests: Vec<_> = selected(&args.selection, &root)?
        .into_iter()
        .filter(|m| leakage::traced_op(m).is_some())
        .collect();
    if manifests.is_empty() {
        return Err(Failure::Input(
            "no selected variant has an encrypt or decrypt operation to trace".into(),
        ));
    }
    let plan = args.plan();
    let progress = Progress::new("leak", quiet);
    if let Some(dir) = &args.export {
        let [m] = manifests.as_slice() else {
            return Err(Failure::Input(format!(
                "--export writes one variant's traces; {} are selected: add -t, -c and -v",
                manifests.len()
            )));
        };
        let built = build(m).map_err(|e| Failure::Input(e.to_string()))?;
        progress.set_total(plan.traces);
        let label = shown(&m.path, &root);
        let len = leakage::export(&built, m, &plan, dir, &|n| progress.set_done(n, &label))
            .map_err(|e| Failure::Finding(e.to_string()))?;
        progress.finish();
        println!(
            "{} traces of {} samples of {} written to {}",
            plan.traces,
            len,
            m.variant,
            dir.display()
        );
        return Ok(());
    }
    progress.set_total(plan.traces * manifests.len() as u64);
    let mut verdicts = vec![];
    for (k, m) in manifests.iter().enumerate() {
        let label = shown(&m.path, &root);
        let built = build(m).map_err(|e| Failure::Input(e.to_string()))?;
        let base = k as u64 * plan.traces;
        let v = leakage::campaign(&built, m, &plan, &|n| progress.set_done(base + n, &label))
            .map_err(|e| Failure::Finding(e.to_string()))?;
        verdicts.push(v);
    }
    progress.finish();
    match args.format {
        Format::Json => println!(
            "{}",
            serde_json::to_string_pretty(&verdicts).expect("plain data")
        ),
        Format::Table => print_table(&verdicts, &plan),
    }
    Ok(())
}

fn print_table(verdicts: &[Verdict], plan: &Plan) {
    let mut t = Table::new();
    let mut header = vec![
        "target",
        "cipher",
        "variant",
        "op",
        "cycles",
        "first order",
        "max |t|",
        "where",
    ];
    if plan.second_order {
        header.extend(["2nd order", "max |t| (2nd)", "where (2nd)"]);
    }
    if plan.bivariate.is_some() {
        header.extend(["bivariate", "max |t| (pairs)", "pair"]);
    }
    t.load_preset(UTF8_FULL_CONDENSED).set_header(header);
    for v in verdicts {
        let mut row = vec![
            v.target.to_string(),
            v.cipher.clone(),
            v.variant.clone(),
            v.op.name().to_string(),
            v.cycles_per_trace.to_string(),
            verdict_text(v),
            leakage::t_text(v.first_order.max_abs_t),
            point_text(&v.first_order.at),
        ];
        if let Some(o) = &v.second_order {
            row.extend([
                order_text(o),
                leakage::t_text(o.max_abs_t),
                point_text(&o.at),
            ]);
        }
        if let Some(o) = &v.bivariate {
            row.extend([
                order_text(o),
                leakage::t_text(o.max_abs_t),
                format!("{} & {}", point_text(&o.at), point_text(&o.with)),
            ]);
        }
        t.add_row(row);
    }
    println!("{t}");
    println!(
        "{} traces each, fixed vs random {} (TVLA, seed {}); a sample leaks if |t| > 4.5 in both halves. Components: {}. Not modelled: {}.",
        plan.traces,
        match plan.vary {
            leakage::Vary::Input => "input",
            leakage::Vary::Key => "key",
        },
        plan.seed,
        plan.components
            .list()
            .iter()
            .map(|c| c.name())
            .collect::<Vec<_>>()
            .join(", "),
        leakage::NOT_MODELLED
    );
}
