//! Clocks per instruction, as data: the "#Clocks" column for AVRe in the
//! AVR Instruction Set Manual (Microchip DS40002198, "Instruction Set
//! Summary"; the same figures as the ATmega32 datasheet's "Instruction Set
//! Summary", Atmel 2503), for a 16-bit PC. The AVRe core differs from
//! AVRxm/AVRxt here: LD, ST, PUSH and POP take 2 clocks, RCALL and ICALL 3,
//! CALL, RET and RETI 4.
//!
//! An outcome adds to the base: a taken branch one clock; a skip one clock
//! per word skipped (so CPSE, SBRC, SBRS, SBIC, SBIS take 1, 2 or 3).

use super::decode::Op;

/// The clocks of `op` when it does not branch or skip.
pub const fn base(op: Op) -> u32 {
    use Op::*;
    match op {
        // Register and immediate arithmetic, logic, moves, bits, I/O.
        Nop | Movw | Cpc | Sbc | Add | Cpse | Cp | Sub | Adc | And | Eor | Or | Mov | Cpi
        | Sbci | Subi | Ori | Andi | Ldi | Com | Neg | Swap | Inc | Asr | Lsr | Ror | Dec
        | Bset | Bclr | Bld | Bst | Sbrc | Sbrs | In | Out | Sleep | Break | Wdr | Brbs | Brbc
        | Sbic | Sbis => 1,
        // Word arithmetic, the multiplier, data memory, the stack, I/O bit
        // writes (read-modify-write), relative and indirect jumps.
        Adiw | Sbiw | Mul | Muls | Mulsu | Fmul | Fmuls | Fmulsu | Ld | St | Ldd | Std | Lds
        | Sts | Push | Pop | Cbi | Sbi | Rjmp | Ijmp => 2,
        // Program-memory reads, absolute jump, relative and indirect calls.
        LpmR0 | Lpm | LpmInc | Jmp | Rcall | Icall => 3,
        // Absolute call and returns (two-byte return address).
        Call | Ret | Reti => 4,
        // SPM's time depends on the flash operation; it is refused.
        Spm | Illegal => 0,
    }
}

/// Clocks a taken branch (BRBS/BRBC) adds.
pub const TAKEN: u32 = 1;
