//! `cardlab run -t hc05` on a program assembled by sdas6808 and linked by
//! sdld6808 the way the lab builds firmware. Expected cycles come from the
//! assembler listing's `[n]` column, never from the simulator.

mod common;
use common::{cardlab, run_json as json};

/// Straight-line code from the reset vector (every instruction runs once),
/// a subroutine to `--call`, and an HC08-only opcode.
const PROGRAM: &str = "
        .hc05
        .area CODE (ABS)
        .org 0x0300
start:: lda  #0x21
        ldx  #0x03
        mul
        sta  *0x50
        sta  0x0250
        stx  0x60,x
        com  *0x50
        tax
        lsrx
done::  bra  done
double::
        lda  *0x50
        lsla
        sta  0x0251
        rts
psha::  .db  0x87
        .org 0xfffe
        .dw  start
";

/// The listing's cycles for the lines from `from` up to `to` (labels),
/// MUL counted at the vendor table's 11 (sdas6808 prints none for it).
fn listed_cycles(listing: &str, from: &str, to: &str) -> u64 {
    let mut inside = false;
    let mut total = 0;
    for line in listing.lines() {
        if line.contains(&format!("{from}::")) {
            inside = true;
        }
        if line.contains(&format!("{to}::")) {
            break;
        }
        if !inside {
            continue;
        }
        if let Some(open) = line.find('[') {
            total += line[open + 1..line.find(']').unwrap()]
                .trim()
                .parse::<u64>()
                .unwrap();
        } else if line.contains(" mul") {
            total += 11;
        }
    }
    total
}

fn build() -> (tempfile::TempDir, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("prog.asm");
    std::fs::write(&source, PROGRAM).unwrap();
    let ihx = cardlab_lab::build::assemble(cardlab_sim::hc05::TARGET, &[source], &[], dir.path())
        .unwrap_or_else(|e| panic!("{e}"));
    let listing = std::fs::read_to_string(dir.path().join("prog.lst")).unwrap();
    (dir, ihx.to_str().unwrap().to_string(), listing)
}

#[test]
fn runs_from_the_reset_vector_with_the_listings_cycles() {
    let (_dir, ihx, listing) = build();
    let v = json(&[
        "-t",
        "hc05",
        &ihx,
        "--dump",
        "mem:0x50:1",
        "--dump",
        "mem:0x250:1",
    ]);
    assert_eq!(v["target"], "hc05");
    assert_eq!(v["stop"], "halted");
    let cycles = listed_cycles(&listing, "start", "done");
    assert_eq!(v["cycles"], cycles);
    assert_eq!(v["clocks"], 2 * cycles, "bus clock = oscillator / 2");
    assert_eq!(v["instructions"], 9);
    // 0x21 * 3 = 0x0063: X:A = 00:63; COM and LSRX by hand.
    assert_eq!(v["dumps"][0]["bytes"], serde_json::json!([!0x63u8]));
    assert_eq!(v["dumps"][1]["bytes"], serde_json::json!([0x63]));
    assert_eq!(v["registers"]["x"], 0x63 >> 1);
    assert_eq!(v["registers"]["sp"], 0xFF);
}

#[test]
fn call_measures_one_subroutine_to_its_rts() {
    let (_dir, ihx, listing) = build();
    let v = json(&[
        "-t",
        "6805",
        &ihx,
        "--call",
        "double",
        "--set",
        "mem:0x50:41",
    ]);
    assert_eq!(v["cycles"], listed_cycles(&listing, "double", "psha"));
    assert_eq!(v["registers"]["a"], 0x82);
    assert_eq!(
        v["registers"]["sp"], 0xFF,
        "RTS pulled what the call pushed"
    );
}

#[test]
fn an_hc08_opcode_stops_the_run_naming_the_pc() {
    let (_dir, ihx, _) = build();
    let out = cardlab(&["run", "-t", "hc05", &ihx, "--entry", "psha"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("illegal opcode 0x87 at PC="), "{stderr}");
}
