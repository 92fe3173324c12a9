; AES-128 decryption with an on-the-fly inverse key schedule and no xtime
; table, from the cipher key or from the last round key: decrypt.asm's
; rounds (dec128.inc) with xtime computed (aes51.inc XTIMEC), as small.asm
; is fast.asm's. The S-box (for the key schedule) and the inverse S-box
; are the only tables.
; cardlab firmware: firmware/mcs51/aes/smalldec.asm (manifests
; smalldec.toml, smalldec-lrk.toml)
;
; Interface and RAM map: as decrypt.asm, plus R4 inside XTIME.
;
; Cycles (machine cycles; crates/lab/tests/pipeline.rs pins the totals):
;   as decrypt.asm, but InvMixColumns is 2 x (4 + 2 x 5) + 19 + 3 x 5 = 62
;   a column, and the switch back to the S-box takes 2 cycles, with none
;   after it: 9 passes x (2 + 4 x 62 + 2) = 2268 instead of 1512;
;   from K10 4 + 34 + 1232 + 2268 + 2 = 3540;
;   from the cipher key 485 + 34 + 1232 + 2268 + 2 = 4021

        .include "aes51.inc"
        XTIME_COMPUTED
        .include "dec128.inc"
