//! Speed of the ARM7TDMI simulator against unicorn on one long program
//! (about 6 million instructions of loads, ALU work with shifts, multiplies,
//! stores and loops), with observers off and with the full instruction
//! trace (disassembled and formatted, written to a sink). unicorn is QEMU's
//! JIT, without hooks (it then counts nothing): it is expected to be
//! faster; the ratio says by how much.
//!
//! `cargo bench -p cardlab-sim --bench arm7tdmi_vs_unicorn`. Both must end
//! with the same r0, or the figures are not printed.

use cardlab_sim::Cpu;
use cardlab_sim::Observer;
use cardlab_sim::arm7tdmi::{self, Arm7tdmi, Config};
use cardlab_sim::observe::Trace;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

const BASE: u32 = 0x8000;

/// 200 × 2500 iterations of 12 instructions over a 64-word table.
const PROGRAM: &str = "
        .text
        .arm
start:  ldr     r8, =table
        mov     r0, #0
        mov     r5, #200
outer:  ldr     r6, =2500
inner:  and     r1, r6, #63
        ldr     r2, [r8, r1, lsl #2]
        add     r0, r0, r2, ror #7
        eor     r3, r0, r6, lsl #3
        mul     r4, r3, r2
        add     r0, r0, r4, lsr #11
        str     r0, [r8, r1, lsl #2]
        tst     r0, #1
        subne   r0, r0, r6
        subs    r6, r6, #1
        bne     inner
        subs    r5, r5, #1
        bne     outer
halt:   b       halt
        .ltorg
table:  .fill   64, 4, 0x9e3779b9
";

fn build(dir: &std::path::Path) -> (Vec<u8>, u32) {
    std::fs::write(dir.join("speed.s"), PROGRAM).unwrap();
    let run = |tool: &str, args: &[&str]| {
        let ok = Command::new(tool)
            .args(args)
            .current_dir(dir)
            .status()
            .unwrap()
            .success();
        assert!(ok, "{tool} failed");
    };
    run(
        "arm-none-eabi-as",
        &["-mcpu=arm7tdmi", "-o", "speed.o", "speed.s"],
    );
    run(
        "arm-none-eabi-ld",
        &["-e", "0", "-Ttext=0x8000", "-o", "speed.elf", "speed.o"],
    );
    run(
        "arm-none-eabi-objcopy",
        &["-O", "binary", "speed.elf", "speed.bin"],
    );
    let elf = arm7tdmi::elf::parse(&std::fs::read(dir.join("speed.elf")).unwrap()).unwrap();
    (
        std::fs::read(dir.join("speed.bin")).unwrap(),
        elf.symbols["halt"],
    )
}

/// Best of three: (instructions, cycles, time, r0).
fn ours(
    code: &[u8],
    observer: impl Fn() -> Option<Box<dyn Observer>>,
) -> (u64, u64, Duration, u64) {
    let mut best = None::<(u64, u64, Duration, u64)>;
    for _ in 0..3 {
        let mut cpu = Arm7tdmi::new(Config::default());
        cpu.load(BASE, code);
        cpu.boot(BASE);
        cpu.set_observer(observer());
        let start = Instant::now();
        cpu.run(u64::MAX, None).expect("runs to halt");
        let time = start.elapsed();
        if best.as_ref().is_none_or(|b| time < b.2) {
            best = Some((
                cpu.instructions(),
                cpu.cycles(),
                time,
                cpu.registers()[0].value,
            ));
        }
    }
    best.unwrap()
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let (code, halt) = build(dir.path());
    let (n, cycles, plain, r0) = ours(&code, || None);
    let (_, _, traced, _) = ours(&code, || {
        Some(Box::new(Trace::new(
            Box::new(std::io::sink()),
            arm7tdmi::disassemble,
            0,
        )))
    });

    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/unicorn_speed.py");
    let venv = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../.venv/bin/python3");
    let python = if venv.exists() {
        venv
    } else {
        "python3".into()
    };
    let out = Command::new(python)
        .arg(script)
        .arg(dir.path().join("speed.bin"))
        .args([format!("{BASE:#x}"), format!("{halt:#x}")])
        .output()
        .expect("python3 with unicorn (scripts/install)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let [their_r0, seconds] = text.split_whitespace().collect::<Vec<_>>()[..] else {
        panic!("unicorn_speed.py printed {text}");
    };
    assert_eq!(
        their_r0.parse::<u64>().unwrap(),
        r0,
        "unicorn and cardlab disagree on r0"
    );
    let unicorn = Duration::from_secs_f64(seconds.parse().unwrap());

    let rate = |t: Duration| n as f64 / t.as_secs_f64();
    println!("arm7tdmi speed: {n} instructions, {cycles} cycles, the same r0 on both");
    println!(
        "  {:<36} {:>8.1} M instructions/s  {:>7.3} s",
        "unicorn (QEMU JIT, no hooks)",
        rate(unicorn) / 1e6,
        unicorn.as_secs_f64()
    );
    for (name, time) in [
        ("cardlab, observers off", plain),
        ("cardlab, trace observer (to a sink)", traced),
    ] {
        println!(
            "  {name:<36} {:>8.1} M instructions/s  {:>7.3} s  {:>6.2}× unicorn",
            rate(time) / 1e6,
            time.as_secs_f64(),
            rate(time) / rate(unicorn)
        );
    }
}
