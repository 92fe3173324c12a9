//! The applet VM (`firmware/cardvm`, portable C shared by the card OSes):
//! its host test suite, built with the host's cc and, for the AES applets,
//! clang -target bpf. Every accepted opcode and its edge cases, every
//! hostile program with its status word and the VM usable after it, and
//! the key-expansion and encryption applets on FIPS-197 C.1
//! (firmware/cardvm/README.md).

use std::path::PathBuf;
use std::process::Command;

#[test]
fn the_applet_vm_passes_its_host_tests_and_runs_the_aes_applets() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../firmware/cardvm/test");
    let build = tempfile::tempdir().unwrap();
    let out = Command::new("make")
        .arg("-C")
        .arg(&dir)
        .arg(format!("B={}", build.path().display()))
        .output()
        .expect("make runs (scripts/install installs build-essential)");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let last = text
        .lines()
        .rev()
        .find(|l| l.contains(" passed, "))
        .unwrap();
    let count = |word: &str| -> u32 {
        let at = last.find(&format!(" {word}")).unwrap();
        last[..at]
            .rsplit(|c: char| !c.is_ascii_digit())
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    assert!(count("passed") > 500, "{last}");
    assert_eq!(count("failed"), 0, "{last}");
    if count("skipped") > 0 {
        // Only the applets skip, when clang or llvm-objcopy is missing.
        assert!(
            std::env::var("CI").is_err(),
            "{last}: scripts/install installs clang and llvm"
        );
        eprintln!("skipped: {last}");
    }
}

/// One eBPF instruction slot.
fn slot(op: u8, dst: u8, src: u8, off: i16, imm: i32) -> [u8; 8] {
    let [o0, o1] = off.to_le_bytes();
    let [i0, i1, i2, i3] = imm.to_le_bytes();
    [op, dst | src << 4, o0, o1, i0, i1, i2, i3]
}

/// The registers a random program computes with: r1 holds the memory's
/// address (a host pointer on rbpf, an applet address on the card VM), so
/// it is only ever a base; r10 is the frame pointer.
const REGS: [u8; 9] = [0, 2, 3, 4, 5, 6, 7, 8, 9];
/// Bytes of memory lent to the program: random data in the first 64, the
/// registers stored after it at the end (tests/cardvm/batch.c's MEM).
const MEM: usize = 128;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<T: Copy>(&mut self, from: &[T]) -> T {
        from[self.below(from.len() as u64) as usize]
    }
}

/// A random straight-and-forward program of the 32-bit subset: registers
/// set, `body` instructions of every ALU32 operation (K and X; division
/// and modulo by non-zero constants only, where eBPF's x/0 = 0 and the
/// card's status word part ways), END, loads and stores of every width
/// through r1, and forward JMP32/JA branches; then every register stored
/// to memory, and EXIT.
fn random_program(rng: &mut Rng, body: usize) -> Vec<[u8; 8]> {
    let mut p: Vec<[u8; 8]> = REGS
        .iter()
        .map(|&r| slot(0xb4, r, 0, 0, rng.next() as i32))
        .collect();
    let start = p.len();
    for i in 0..body {
        let (dst, src) = (rng.pick(&REGS), rng.pick(&REGS));
        let left = (body - i) as i16; // slots to the epilogue, this one included
        let s = match rng.below(10) {
            0 | 1 => slot(
                rng.pick(&[0x04, 0x14, 0x24, 0x44, 0x54, 0xa4, 0xb4]),
                dst,
                0,
                0,
                rng.next() as i32,
            ),
            2 => slot(
                rng.pick(&[0x64, 0x74, 0xc4]),
                dst,
                0,
                0,
                rng.below(32) as i32,
            ),
            3 => slot(
                rng.pick(&[0x34, 0x94]),
                dst,
                0,
                0,
                (rng.next() as i32 >> rng.below(31)) | 1,
            ),
            4 | 5 => slot(
                rng.pick(&[0x0c, 0x1c, 0x2c, 0x4c, 0x5c, 0xac, 0xbc, 0x6c, 0x7c, 0xcc]),
                dst,
                src,
                0,
                0,
            ),
            6 => match rng.below(3) {
                0 => slot(0x84, dst, 0, 0, 0),
                _ => slot(rng.pick(&[0xd4, 0xdc]), dst, 0, 0, rng.pick(&[16, 32])),
            },
            7 => {
                let (op, size) = rng.pick(&[(0x61, 4), (0x69, 2), (0x71, 1)]);
                slot(op, dst, 1, (rng.below(64 / size) * size) as i16, 0)
            }
            8 => {
                let (stx, st, size) =
                    rng.pick(&[(0x63, 0x62, 4), (0x6b, 0x6a, 2), (0x73, 0x72, 1)]);
                let off = (rng.below(64 / size) * size) as i16;
                match rng.below(2) {
                    0 => slot(stx, 1, src, off, 0),
                    _ => slot(st, 1, 0, off, rng.next() as i32),
                }
            }
            _ => {
                let off = rng.below(left as u64) as i16;
                match rng.below(6) {
                    0 => slot(0x05, 0, 0, off, 0),
                    k => {
                        let op = rng.pick(&[
                            0x16, 0x26, 0x36, 0x46, 0x56, 0x66, 0x76, 0xa6, 0xb6, 0xc6, 0xd6,
                        ]);
                        match k % 2 {
                            0 => slot(op, dst, 0, off, rng.next() as i32 >> rng.below(32)),
                            _ => slot(op | 0x08, dst, src, off, 0),
                        }
                    }
                }
            }
        };
        p.push(s);
    }
    debug_assert_eq!(p.len(), start + body);
    for (k, &r) in REGS.iter().enumerate() {
        p.push(slot(0x63, 1, r, (64 + 4 * k) as i16, 0));
    }
    p.push(slot(0x95, 0, 0, 0, 0));
    p
}

/// The card's VM against rbpf 0.4 (the reference interpreter on the
/// host): 3,000 random programs of the subset, the result and every byte
/// of memory (the registers stored into it) equal.
#[test]
fn the_applet_vm_computes_what_rbpf_computes() {
    let dir = tempfile::tempdir().unwrap();
    let vm = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../firmware/cardvm");
    let batch = dir.path().join("batch");
    let cc = Command::new("cc")
        .args(["-std=c99", "-O2", "-Wall", "-Werror", "-I"])
        .arg(&vm)
        .arg("-o")
        .arg(&batch)
        .arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/cardvm/batch.c"))
        .arg(vm.join("cvm.c"))
        .status()
        .expect("cc runs");
    assert!(cc.success());
    let mut rng = Rng(0x5EED_CA4D_1234_5678);
    let cases: Vec<(Vec<u8>, Vec<u8>)> = (0..3000)
        .map(|i| {
            let prog = random_program(&mut rng, 20 + i % 60).concat();
            let mem = (0..MEM).map(|_| rng.next() as u8).collect();
            (prog, mem)
        })
        .collect();
    let mut input = vec![];
    for (prog, mem) in &cases {
        input.extend_from_slice(&((prog.len() / 8) as u16).to_le_bytes());
        input.extend_from_slice(prog);
        input.extend_from_slice(mem);
    }
    let records = dir.path().join("programs.bin");
    std::fs::write(&records, &input).unwrap();
    let out = Command::new(&batch)
        .stdin(std::fs::File::open(&records).unwrap())
        .output()
        .unwrap();
    assert!(out.status.success());
    let lines: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines.len(), cases.len());
    for (i, ((prog, mem), line)) in cases.iter().zip(&lines).enumerate() {
        let mut theirs = mem.clone();
        let rbpf = rbpf::EbpfVmRaw::new(Some(prog)).unwrap();
        let r0 = rbpf
            .execute_program(&mut theirs)
            .unwrap_or_else(|e| panic!("program {i}: rbpf: {e}"));
        let mut fields = line.split(' ');
        let status = fields.next().unwrap();
        let ours_r0 = u32::from_str_radix(fields.next().unwrap(), 16).unwrap();
        let ours_mem = hex::decode(fields.next().unwrap()).unwrap();
        let listing: Vec<String> = prog.chunks(8).map(hex::encode).collect();
        let what = format!("program {i} ({})", listing.join(" "));
        assert_eq!(status, "0", "{what}: status");
        assert_eq!(r0 >> 32, 0, "{what}: rbpf's r0 is wider than 32 bits");
        assert_eq!(ours_r0, r0 as u32, "{what}: r0");
        assert_eq!(ours_mem, theirs, "{what}: memory");
    }
}
