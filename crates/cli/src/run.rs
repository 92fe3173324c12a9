//! `cardlab run`: any program image on a simulated CPU, to its halt.

use crate::Failure;
use cardlab_sim::leon2::{CacheConfig, MemoryConfig};
use cardlab_sim::observe::Trace;
use cardlab_sim::target::{ALL, BootOptions, Program, Target, parse_number};
use cardlab_sim::{Cpu, Register, SimError, Space, Stop};
use clap::{Args, ValueEnum};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::PathBuf;

#[derive(Args)]
pub struct RunArgs {
    /// The CPU (the targets are listed by --help).
    #[arg(short, long, value_name = "TARGET")]
    target: String,
    /// The program image (each target's kind is listed by --help).
    file: PathBuf,
    /// Start at this label or address instead of the reset vector or entry
    /// point.
    #[arg(long, value_name = "LABEL", conflicts_with = "call")]
    entry: Option<String>,
    /// Call this label or address as a subroutine and stop when it returns.
    #[arg(long, value_name = "LABEL")]
    call: Option<String>,
    /// Stop with an error past this many cycles (the target's own cycle unit).
    #[arg(long, value_name = "N", default_value_t = 100_000_000)]
    max_cycles: u64,
    /// Print memory after the run: SPACE:START:LEN (the spaces each target
    /// has are listed by --help; START a number or a label; numbers decimal
    /// or 0x hex). Repeatable.
    #[arg(long, value_name = "SPACE:START:LEN")]
    dump: Vec<String>,
    /// Write bytes before the run: SPACE:START:HEX (e.g. iram:aes_key:000102...). Repeatable.
    #[arg(long, value_name = "SPACE:START:HEX")]
    set: Vec<String>,
    /// Print every instruction as it executes (to stderr with --format json).
    #[arg(long)]
    trace: bool,
    /// The chip the image is linked for, on targets with more than one
    /// (listed by --help)
    #[arg(long, value_name = "PART")]
    part: Option<String>,
    /// leon2: the instruction cache, [WAYSx]SIZEk[/LINE][:random|lrr|lru]
    /// (4k, 2x8k/16:lru), or `ideal` for one where every fetch hits
    /// [default: 4k, the LEON2 RTL reference configuration]
    #[arg(long, value_name = "CACHE")]
    icache: Option<String>,
    /// leon2: the data cache, as --icache [default: 4k]
    #[arg(long, value_name = "CACHE")]
    dcache: Option<String>,
    /// leon2: SRAM and PROM wait states, 0 to 3 [default: 0]
    #[arg(long, value_name = "N")]
    wait_states: Option<u32>,
    /// leon2: instruction burst fetch off (CCR.IB = 0)
    #[arg(long)]
    no_burst: bool,
    /// leon2: run to the halt once unmeasured, then again from the start
    /// with memory and caches as the first run left them; the figures,
    /// the trace and the dumps are the second run's
    #[arg(long)]
    warm: bool,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Text,
    Json,
}

/// A memory range to print after the run.
#[derive(Debug, Clone, PartialEq, Eq)]
struct DumpRequest {
    space: Space,
    start: u32,
    len: u32,
}

#[derive(Serialize)]
struct Dump {
    space: Space,
    start: u32,
    bytes: Vec<u8>,
}

/// What `cardlab run` reports, in both formats.
#[derive(Serialize)]
struct Report {
    target: &'static str,
    image: String,
    /// "halted" (the halt convention, or the return of --call) or "error".
    stop: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    cycles: u64,
    clocks: u64,
    instructions: u64,
    /// The CPU's event counters (leon2: cache hits and misses).
    counters: BTreeMap<&'static str, u64>,
    registers: Registers,
    dumps: Vec<Dump>,
}

/// Registers in the CPU's order; JSON gets an object keyed by name.
struct Registers(Vec<Register>);

impl Serialize for Registers {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for r in &self.0 {
            map.serialize_entry(r.name, &r.value)?;
        }
        map.end()
    }
}

impl Registers {
    fn get(&self, name: &str) -> Option<u64> {
        self.0.iter().find(|r| r.name == name).map(|r| r.value)
    }

    /// `name=value` pairs, each value at its register's width.
    fn line(&self) -> String {
        let pairs: Vec<String> = self
            .0
            .iter()
            .map(|r| {
                format!(
                    "{}={:0width$x}",
                    r.name,
                    r.value,
                    width = (r.bits as usize).div_ceil(4)
                )
            })
            .collect();
        pairs.join(" ")
    }
}

/// A number (decimal or 0x hex) or a symbol of the program.
fn address(text: &str, symbols: &BTreeMap<String, u32>, what: &str) -> Result<u32, Failure> {
    parse_number(text).or_else(|| symbols.get(text).copied()).ok_or_else(|| {
        Failure::Input(format!(
            "{what} '{text}' is neither a number nor a symbol of the program; export the label or give an address"
        ))
    })
}

/// How one `SPACE:START:X` option reads its last field.
struct RangeOption {
    name: &'static str,
    form: &'static str,
    last_error: &'static str,
}

const DUMP: RangeOption = RangeOption {
    name: "--dump",
    form: "expected SPACE:START:LEN, e.g. iram:0x30:16",
    last_error: "LEN must be a positive number",
};

const SET: RangeOption = RangeOption {
    name: "--set",
    form: "expected SPACE:START:HEX, e.g. iram:0x30:00112233",
    last_error: "HEX must be whole bytes in hex",
};

/// `SPACE:START:X` of `--dump` or `--set`, checked against the CPU's
/// spaces; `last` reads X into a value and the length it covers.
fn parse_range<T>(
    option: &RangeOption,
    target: Target,
    text: &str,
    symbols: &BTreeMap<String, u32>,
    cpu: &dyn Cpu,
    last: impl FnOnce(&str) -> Option<(T, u32)>,
) -> Result<(Space, u32, T, u32), Failure> {
    let bad = |why: &str| Failure::Input(format!("{} {text}: {why}", option.name));
    let [space, start, tail] = text.split(':').collect::<Vec<_>>()[..] else {
        return Err(bad(option.form));
    };
    let space = target.space(space).map_err(|e| bad(&e.to_string()))?;
    let start = address(start, symbols, "start")?;
    let (value, len) = last(tail)
        .filter(|&(_, n)| n > 0)
        .ok_or_else(|| bad(option.last_error))?;
    let end = start
        .checked_add(len - 1)
        .ok_or_else(|| bad("the range overflows"))?;
    if cpu.read(space, start).is_none() || cpu.read(space, end).is_none() {
        return Err(bad(&format!(
            "{start:#x}..={end:#x} is outside {} on this target",
            space.name()
        )));
    }
    Ok((space, start, value, len))
}

fn parse_dump(
    target: Target,
    text: &str,
    symbols: &BTreeMap<String, u32>,
    cpu: &dyn Cpu,
) -> Result<DumpRequest, Failure> {
    let (space, start, _, len) = parse_range(&DUMP, target, text, symbols, cpu, |t| {
        parse_number(t).map(|n| (n, n))
    })?;
    Ok(DumpRequest { space, start, len })
}

/// Apply one `--set SPACE:START:HEX`.
fn apply_set(
    target: Target,
    text: &str,
    symbols: &BTreeMap<String, u32>,
    cpu: &mut dyn Cpu,
) -> Result<(), Failure> {
    let (space, start, bytes, _) = parse_range(&SET, target, text, symbols, cpu, |t| {
        hex::decode(t).ok().map(|b| {
            let n = b.len() as u32;
            (b, n)
        })
    })?;
    for (i, &b) in bytes.iter().enumerate() {
        cpu.write(space, start + i as u32, b);
    }
    Ok(())
}

/// `cardlab run`'s help, completed from the target list: the targets,
/// each one's image kind and start, memory spaces and parts.
pub fn describe_targets(cmd: clap::Command) -> clap::Command {
    let each = |line: fn(&Target) -> Option<String>| -> String {
        ALL.iter()
            .filter_map(|t| line(t).map(|text| format!("{}: {text}", t.name())))
            .collect::<Vec<_>>()
            .join("; ")
    };
    let spaces = each(|t| {
        let names: Vec<&str> = t.spaces().iter().map(|s| s.name()).collect();
        Some(names.join(", "))
    });
    let parts = each(|t| match t.spec().parts {
        [] => None,
        [default, rest @ ..] => Some(format!("{default} (default), {}", rest.join(", "))),
    });
    cmd.mut_arg("target", |a| {
        a.help(format!("The CPU: {}", Target::names()))
    })
    .mut_arg("file", |a| {
        a.help(format!(
            "The program image ({})",
            each(|t| Some(t.spec().run_help.to_string()))
        ))
    })
    .mut_arg("dump", |a| {
        a.help(format!(
            "Print memory after the run: SPACE:START:LEN (spaces: {spaces}; START a number or a label; numbers decimal or 0x hex). Repeatable."
        ))
    })
    .mut_arg("part", |a| {
        a.help(format!("The chip the image is linked for: {parts}"))
    })
}

/// The LEON2 memory system the cache options ask for.
fn boot_options(target: Target, args: &RunArgs) -> Result<BootOptions, Failure> {
    let given = args.icache.is_some()
        || args.dcache.is_some()
        || args.wait_states.is_some()
        || args.no_burst;
    if !given {
        return Ok(BootOptions::default());
    }
    if !target.has_caches() {
        return Err(Failure::Input(format!(
            "--icache, --dcache, --wait-states and --no-burst configure the leon2 target; {} has no cache",
            target.name()
        )));
    }
    let cache = |option: &str, text: &Option<String>, default| match text.as_deref() {
        None => Ok(default),
        Some("ideal") => Ok(None),
        Some(t) => CacheConfig::parse(t)
            .map(Some)
            .map_err(|e| Failure::Input(format!("{option}: {e}"))),
    };
    let default = MemoryConfig::default();
    let wait_states = args.wait_states.unwrap_or(default.wait_states);
    if wait_states > 3 {
        return Err(Failure::Input(format!(
            "--wait-states {wait_states}: the LEON2 memory controller has 0 to 3"
        )));
    }
    Ok(BootOptions {
        leon2_memory: Some(MemoryConfig {
            icache: cache("--icache", &args.icache, default.icache)?,
            dcache: cache("--dcache", &args.dcache, default.dcache)?,
            wait_states,
            burst: !args.no_burst,
        }),
    })
}

pub fn run(args: RunArgs) -> Result<(), Failure> {
    let target = Target::parse(&args.target).map_err(|e| Failure::Input(e.to_string()))?;
    let options = boot_options(target, &args)?;
    if args.warm && !target.has_caches() {
        return Err(Failure::Input(format!(
            "--warm reruns a program in warm caches; {} has none",
            target.name()
        )));
    }
    let Program {
        mut cpu, symbols, ..
    } = target
        .load_with(&args.file, args.part.as_deref(), &options)
        .map_err(|e| Failure::Input(e.to_string()))?;
    let dumps = args
        .dump
        .iter()
        .map(|d| parse_dump(target, d, &symbols, cpu.as_ref()))
        .collect::<Result<Vec<_>, _>>()?;
    for set in &args.set {
        apply_set(target, set, &symbols, cpu.as_mut())?;
    }
    if let Some(label) = &args.entry {
        cpu.set_pc(address(label, &symbols, "--entry")?);
    }
    if let Some(label) = &args.call {
        let entry = address(label, &symbols, "--call")?;
        cpu.call(entry)
            .map_err(|e| Failure::Input(format!("--call {label}: {e}")))?;
    }
    let start = cpu.pc();
    if args.warm {
        cpu.run(args.max_cycles, None).map_err(|e| {
            Failure::Finding(format!(
                "{} (first run of --warm): {e}",
                args.file.display()
            ))
        })?;
        cpu.restart(start);
    }
    let (cycles0, instructions0) = (cpu.cycles(), cpu.instructions());
    let counters0: BTreeMap<_, _> = cpu.counters().into_iter().collect();
    if args.trace {
        let out: Box<dyn std::io::Write> = match args.format {
            Format::Text => Box::new(std::io::BufWriter::new(std::io::stdout())),
            Format::Json => Box::new(std::io::BufWriter::new(std::io::stderr())),
        };
        cpu.set_observer(Some(Box::new(Trace::new(
            out,
            cpu.disassembler(),
            cpu.cycles(),
        ))));
    }

    let outcome = cpu.run(cycles0 + args.max_cycles, None);
    if let Some(observer) = cpu.take_observer()
        && let Some(trace) = cardlab_sim::observe::downcast::<Trace>(observer)
    {
        trace
            .finish()
            .map_err(|e| Failure::Input(format!("writing the trace: {e}")))?;
    }
    let mut report = report(target, &args, cpu.as_ref(), &outcome, &dumps);
    report.cycles -= cycles0;
    report.clocks = report.cycles * cpu.clocks_per_cycle() as u64;
    report.instructions -= instructions0;
    for (name, n) in report.counters.iter_mut() {
        *n -= counters0.get(name).copied().unwrap_or(0);
    }
    match args.format {
        Format::Text => print!("{}", text(&report)),
        Format::Json => println!(
            "{}",
            serde_json::to_string_pretty(&report).expect("report serialises")
        ),
    }
    match outcome {
        Ok(_) => Ok(()),
        Err(e @ SimError::CycleBudget { .. }) => Err(Failure::Finding(format!(
            "{}: {e}; raise --max-cycles if it should run longer",
            args.file.display()
        ))),
        Err(e) => Err(Failure::Finding(format!("{}: {e}", args.file.display()))),
    }
}

fn report(
    target: Target,
    args: &RunArgs,
    cpu: &dyn Cpu,
    outcome: &Result<Stop, SimError>,
    dumps: &[DumpRequest],
) -> Report {
    Report {
        target: target.name(),
        image: args.file.display().to_string(),
        stop: if outcome.is_ok() { "halted" } else { "error" },
        error: outcome.as_ref().err().map(|e| e.to_string()),
        cycles: cpu.cycles(),
        clocks: cpu.cycles() * cpu.clocks_per_cycle() as u64,
        instructions: cpu.instructions(),
        counters: cpu.counters().into_iter().collect(),
        registers: Registers(cpu.registers()),
        dumps: dumps
            .iter()
            .map(|d| Dump {
                space: d.space,
                start: d.start,
                bytes: (d.start..d.start + d.len)
                    .map(|a| cpu.read(d.space, a).expect("range checked"))
                    .collect(),
            })
            .collect(),
    }
}

/// The text form: a few labelled lines, then each dump as hex rows.
fn text(r: &Report) -> String {
    let mut out = String::new();
    let status = match &r.error {
        None => format!("halted at pc={:#06x}", r.registers.get("pc").unwrap_or(0)),
        Some(e) => format!("stopped: {e}"),
    };
    out += &format!("{} {}: {status}\n", r.target, r.image);
    out += &format!("cycles        {} ({} clocks)\n", r.cycles, r.clocks);
    out += &format!("instructions  {}\n", r.instructions);
    if !r.counters.is_empty() {
        let pairs: Vec<String> = r.counters.iter().map(|(k, v)| format!("{k}={v}")).collect();
        out += &format!("counters      {}\n", pairs.join(" "));
    }
    out += &format!("registers     {}\n", r.registers.line());
    for d in &r.dumps {
        let end = d.start + d.bytes.len() as u32 - 1;
        let digits = if end > 0xFFFF { 8 } else { 4 };
        out += &format!(
            "{} {:#0w$x}..{:#0w$x}\n",
            d.space.name(),
            d.start,
            end,
            w = digits + 2
        );
        for (i, row) in d.bytes.chunks(16).enumerate() {
            let hex: Vec<String> = row.iter().map(|b| format!("{b:02x}")).collect();
            let at = d.start as usize + 16 * i;
            out += &format!("  {at:0digits$x}  {}\n", hex.join(" "));
        }
    }
    out
}
