//! Compiled keying: x86-64 encryption code whose 40 subkeys are immediate
//! operands. As the Pentium implementations did, the code is assembled
//! once (here by dynasmrt, when the instance is made) and each key setup
//! writes the new key's subkeys into its immediates: key setup = full
//! keying + 40 stores into code, encryption = full keying without a
//! single subkey load. The code lives in a read-write-execute mapping so
//! that rekeying needs no system call (x86 keeps instruction fetch
//! coherent with stores to code).

use dynasmrt::x64::X64Relocation;
use dynasmrt::{DynasmApi, VecAssembler, dynasm};

/// Registers: R0..R3 rotate among eax, ecx, edx, r8d (renamed each round
/// instead of moved); r9d/r10d hold g's results, r11 the table index, rsi
/// the tables, rdi the block.
const STATE: [u8; 4] = [0, 1, 2, 8];
const T0: u8 = 9;
const T1: u8 = 10;
const IDX: u8 = 11;

pub(crate) struct Code {
    mem: *mut u8,
    len: usize,
    /// Where the immediate of each subkey K0..K39 sits in `mem`.
    imm: [usize; 40],
}

// The mapping is owned and only written through &mut self.
unsafe impl Send for Code {}
unsafe impl Sync for Code {}

/// g of the word in `x` into `out` from the four u32 tables at rsi;
/// `rot8`: of the word rotated left by 8 (byte j read from byte j-1).
fn g(ops: &mut VecAssembler<X64Relocation>, x: u8, out: u8, rot8: bool) {
    for j in 0..4u8 {
        let byte = if rot8 { (j + 3) % 4 } else { j };
        let table = 1024 * j as i32;
        dynasm!(ops
            ; .arch x64
            ; mov Rd(IDX), Rd(x)
        );
        if byte > 0 {
            dynasm!(ops ; .arch x64 ; shr Rd(IDX), (8 * byte) as i8);
        }
        if byte < 3 {
            dynasm!(ops ; .arch x64 ; movzx Rd(IDX), Rb(IDX));
        }
        if j == 0 {
            dynasm!(ops ; .arch x64 ; mov Rd(out), DWORD [rsi + Rq(IDX) * 4 + table]);
        } else {
            dynasm!(ops ; .arch x64 ; xor Rd(out), DWORD [rsi + Rq(IDX) * 4 + table]);
        }
    }
}

impl Code {
    /// The encryption code, reading the full-keying tables at `tables`
    /// (their heap address is fixed for the instance's life).
    pub(crate) fn new(tables: &[[u32; 256]; 4]) -> Code {
        let mut ops = VecAssembler::<X64Relocation>::new(0);
        let mut imm = [0usize; 40];
        let at = |ops: &VecAssembler<X64Relocation>| ops.offset().0 - 4;
        let base = tables.as_ptr() as i64;
        dynasm!(ops
            ; .arch x64
            ; mov rsi, QWORD base
        );
        // input whitening: Ri = Pi ^ Ki
        for (i, &r) in STATE.iter().enumerate() {
            dynasm!(ops
                ; .arch x64
                ; mov Rd(r), DWORD [rdi + 4 * i as i32]
                ; xor Rd(r), DWORD 0
            );
            imm[i] = at(&ops);
        }
        let mut s = STATE;
        for round in 0..16 {
            let [r0, r1, r2, r3] = s;
            g(&mut ops, r0, T0, false);
            g(&mut ops, r1, T1, true);
            // PHT and the round subkeys: F0 = T0 + T1 + K, F1 = T0 + 2 T1 + K
            dynasm!(ops
                ; .arch x64
                ; add Rd(T0), Rd(T1)
                ; add Rd(T1), Rd(T0)
                ; add Rd(T0), DWORD 0
            );
            imm[2 * round + 8] = at(&ops);
            dynasm!(ops ; .arch x64 ; add Rd(T1), DWORD 0);
            imm[2 * round + 9] = at(&ops);
            dynasm!(ops
                ; .arch x64
                ; xor Rd(r2), Rd(T0)
                ; ror Rd(r2), 1
                ; rol Rd(r3), 1
                ; xor Rd(r3), Rd(T1)
            );
            s = [r2, r3, r0, r1];
        }
        // output whitening, undoing the last swap: Ci = R(i+2) ^ K(i+4)
        for i in 0..4 {
            let r = s[(i + 2) % 4];
            dynasm!(ops
                ; .arch x64
                ; xor Rd(r), DWORD 0
            );
            imm[i + 4] = at(&ops);
            dynasm!(ops ; .arch x64 ; mov DWORD [rdi + 4 * i as i32], Rd(r));
        }
        dynasm!(ops ; .arch x64 ; ret);
        let bytes = ops.finalize().expect("no labels to resolve");
        let len = bytes.len();
        // SAFETY: a fresh anonymous private mapping, checked below.
        let mem = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE | libc::PROT_EXEC,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert!(mem != libc::MAP_FAILED, "cannot map {len} bytes of code");
        let mem = mem as *mut u8;
        // SAFETY: `mem` holds `len` writable bytes.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), mem, len) };
        Code { mem, len, imm }
    }

    /// Key setup's part: each subkey into its immediate.
    pub(crate) fn set_subkeys(&mut self, subkeys: &[u32; 40]) {
        for (k, &at) in subkeys.iter().zip(&self.imm) {
            // SAFETY: every offset was recorded inside the code, 4 bytes
            // before the end of an instruction with an imm32.
            unsafe { (self.mem.add(at) as *mut u32).write_unaligned(*k) };
        }
    }

    pub(crate) fn encrypt(&self, block: &mut [u8; 16]) {
        // SAFETY: the mapping holds the function assembled above, which
        // reads and writes the 16 bytes at rdi and the tables it was given.
        let f: extern "sysv64" fn(*mut u8) = unsafe { std::mem::transmute(self.mem) };
        f(block.as_mut_ptr())
    }
}

impl Drop for Code {
    fn drop(&mut self) {
        // SAFETY: the mapping made in `new`, unmapped once.
        unsafe { libc::munmap(self.mem as *mut libc::c_void, self.len) };
    }
}
