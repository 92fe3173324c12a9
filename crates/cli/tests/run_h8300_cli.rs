//! `cardlab run -t h8300` on a program assembled by h8300-hms-as and linked
//! by h8300-hms-ld the way the lab builds firmware. Expected states are
//! the vendor totals of each instruction (Renesas REJ09B0042 Appendix A,
//! docs/h8300.md), summed by hand in the comments, never taken from the
//! simulator.

mod common;
use common::{cardlab, run_json as json};

const PROGRAM: &str = "
        .text
        .global start, done, double, nap, prefix
start:  mov.w   #5,r0           ; 4
loop:   dec     r0l             ; 2   x5
        bne     loop            ; 4   x5
        mov.w   #0xf600,r1      ; 4
        mov.b   #0x21,r2l       ; 2
        mov.b   r2l,@r1         ; 4
done:   bra     done
double: mov.w   #0xf600,r1      ; 4
        mov.b   @r1,r2l         ; 4
        shll    r2l             ; 2
        mov.b   r2l,@(1,r1)     ; 6
        rts                     ; 8
nap:    sleep                   ; 2
prefix: .word   0x0100          ; the /300H MOV.L prefix
";

fn build() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("prog.s");
    std::fs::write(&source, PROGRAM).unwrap();
    let coff = cardlab_lab::build::assemble(cardlab_sim::h8300::TARGET, &[source], &[], dir.path())
        .unwrap_or_else(|e| panic!("{e}"));
    (dir, coff.to_str().unwrap().to_string())
}

#[test]
fn runs_from_a_label_with_the_manuals_states() {
    let (_dir, coff) = build();
    let v = json(&[
        "-t",
        "h8300",
        &coff,
        "--entry",
        "start",
        "--dump",
        "mem:0xf600:1",
    ]);
    assert_eq!(v["target"], "h8300");
    assert_eq!(v["stop"], "halted");
    assert_eq!(v["cycles"], 4 + 5 * (2 + 4) + 4 + 2 + 4);
    assert_eq!(v["instructions"], 1 + 10 + 3);
    assert_eq!(v["dumps"][0]["bytes"], serde_json::json!([0x21]));
}

#[test]
fn call_measures_one_subroutine_to_its_rts() {
    let (_dir, coff) = build();
    let v = json(&[
        "-t",
        "h8/300",
        &coff,
        "--call",
        "double",
        "--set",
        "mem:0xf600:41",
        "--dump",
        "mem:0xf601:1",
    ]);
    assert_eq!(v["cycles"], 4 + 4 + 2 + 6 + 8);
    assert_eq!(v["dumps"][0]["bytes"], serde_json::json!([0x82]));
}

#[test]
fn sleep_halts_and_an_h8_300h_prefix_stops_the_run_naming_the_pc() {
    let (_dir, coff) = build();
    let v = json(&["-t", "h8300", &coff, "--entry", "nap"]);
    assert_eq!(
        (v["stop"].as_str(), v["cycles"].as_u64()),
        (Some("halted"), Some(2))
    );
    let out = cardlab(&["run", "-t", "h8300", &coff, "--entry", "prefix"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("0100 (not a plain H8/300 instruction)"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}
