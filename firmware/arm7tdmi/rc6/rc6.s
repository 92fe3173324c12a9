@ RC6-32/20/16 encryption with precomputed round keys, for the ARM7TDMI
@ (ARM state), for speed: seed 000's "unrolled key schedule" implementation.
@ cardlab firmware: firmware/arm7tdmi/rc6/rc6.s (manifest rc6.toml)
@
@ Written from the RC6 specification, §2.4; the round is rc6.inc's, the
@ key setup rc6ks.s's (linked with it). Two rounds a loop pass, then
@ (A, B, C, D) -> (C, D, A, B) by six MOVs.
@
@ Interface (cardlab arm7tdmi ABI): BL rc6_key_setup with the key in
@ rc6_key (S to rc6_s); then, any number of times, the plaintext in
@ rc6_block and BL rc6_encrypt; the ciphertext is in rc6_block. Registers
@ but SP may change; the key buffer is left as it was. RAM: S (176 bytes);
@ no stack.
@
@ Cycles (TRM chapter 6; crates/lab/tests/pipeline.rs pins them):
@   key setup: entry 10; fill 11 x (4 ADD + STM 5 + CMP 1 + BNE 3) - 2
@     = 141; set-up 10; mixing 33 passes x (LDM 6 + 4 steps x 8 + ADDEQ 1
@     + STM 5 + CMP 1 + BNE 3) - 3 x 2 + 3 sweeps x (SUB 1 + SUBS 1 +
@     BNE 3) - 2 = 1591; BX 3: 1755
@   encryption (every MUL at m = 4, its most): entry 17; 10 x (2 rounds
@     x 26 + 6 MOV + SUBS 1 + BNE 3) - 2 = 618; exit 14: 649. A MUL whose
@     multiplier's top bytes are all 0 or all 1 ends sooner (TRM 6.6), so
@     the cycles depend on the data.

        .include "rc6.inc"

        .global rc6_encrypt
        .type   rc6_encrypt, %function
rc6_encrypt:
        WHITEN_IN
        mov     r10, #10 * 32           @ 20 rounds, 2 a pass, 32 a pass
rounds: ROUND   r0, r1, r2, r3
        ROUND   r1, r2, r3, r0
        mov     ip, r0                  @ (A, B, C, D) = (C, D, A, B)
        mov     r0, r2
        mov     r2, ip
        mov     ip, r1
        mov     r1, r3
        mov     r3, ip
        subs    r10, r10, #32
        bne     rounds
        WHITEN_OUT
        .ltorg
