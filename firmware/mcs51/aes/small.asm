; AES-128 encryption with an on-the-fly key schedule and no xtime table:
; the least ROM of our AES-128 variants (the S-box is the only table).
; cardlab firmware: firmware/mcs51/aes/small.asm (manifest small.toml)
;
; The round code is fast.asm's (enc128.inc); only xtime differs: computed
; without a table or a branch (aes51.inc XTIMEC), so the code stays
; constant time.
;
; Interface, RAM map: as fast.asm, plus
;   R4         x << 1 inside XTIME
;
; Cycles (machine cycles; crates/lab/tests/pipeline.rs pins the total):
;   as fast.asm, but MixColumns is 19 + 3 x 5 = 34 a column and the Rcon
;   update 7, with no page switches: rounds 1-9 are 72 + 2 + 41 + 4 x 34
;   + 7 + 2 = 260; 4 + 9 x 260 + 121 = 2465

        .include "aes51.inc"

        XTIME_COMPUTED
        .include "enc128.inc"
