; AES-128 encryption with an on-the-fly key schedule and no xtime table:
; the least ROM of our AES-128 variants (the S-box is the only table).
; cardlab firmware: firmware/mcs51/aes/small.asm (manifest small.toml)
;
; The round code is fast.asm's (enc128.inc); only xtime differs: computed
; in six one-cycle instructions without a branch, so the code stays
; constant time: ADD A,R4 doubles x and puts its bit 7 in C; SUBB A,R4
; with R4 = 2x then gives 0 - C = 0x00 or 0xFF, a mask for the reduction
; constant 0x1b (FIPS-197 4.2.1). Every instruction but the ANL is one
; byte: 7 bytes, where ADD A,ACC / SUBB A,ACC would save a cycle and cost
; two bytes (16 XTIMEs: 32 bytes, over the 512-byte code of the row).
;
; Interface, RAM map: as fast.asm, plus
;   R4         x << 1 inside XTIME
;
; Cycles (machine cycles; crates/lab/tests/pipeline.rs pins the total):
;   as fast.asm, but MixColumns+ARK is 26 + 4 x 6 = 50 a column (fast:
;   26 + 4 x 2) and no page switches; MixColumns pass 4 x 50 + AJMP 2 = 202:
;   40 + 10 x (56 + 46 + 2) + 1 + 9 x 202 + 36 = 2935

; xtime computed: 6 cycles, 7 bytes
        .macro  XTIME
        mov     r4,a
        add     a,r4            ; A = x << 1, C = bit 7 of x
        mov     r4,a
        subb    a,r4            ; A = -C
        anl     a,#0x1b
        xrl     a,r4
        .endm
        .macro  TO_XTIME
        .endm
        .macro  TO_SBOX
        .endm

        .include "aes51.inc"
        .include "enc128.inc"
