; AES-128 encryption with an on-the-fly key schedule and no xtime table:
; the least ROM of our AES-128 variants (the S-box is the only table).
; cardlab firmware: firmware/mcs51/aes/small.asm (manifest small.toml)
;
; The round code is fast.asm's (enc128.inc); only xtime differs: computed
; in five one-cycle instructions without a branch, so the code stays
; constant time: ADD A,ACC doubles x and puts its bit 7 in C; SUBB A,R4
; with R4 = 2x then gives 0 - C = 0x00 or 0xFF, a mask for the reduction
; constant 0x1b (FIPS-197 4.2.1).
;
; Interface, RAM map: as fast.asm, plus
;   R4         x << 1 inside XTIME
;
; Cycles (machine cycles; crates/lab/tests/pipeline.rs pins the total):
;   as fast.asm, but MixColumns is 19 + 3 x 5 = 34 a column and the Rcon
;   update 7, with no page switches: rounds 1-9 are 72 + 2 + 41 + 4 x 34
;   + 7 + 2 = 260; 4 + 9 x 260 + 121 = 2465

; xtime computed: 5 cycles, 7 bytes
        .macro  XTIME
        add     a,acc           ; A = x << 1, C = bit 7 of x
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
