; Twofish-128 on the ST16CF54 (6805 core) with the four key-dependent
; S-boxes precomputed by the host in EEPROM (1208 B of key material) and
; the MDS by the single beta^-2 table (256 B) and a branch-free beta^-1
; shift: seed 001 Table 3, "precomputed S-boxes (1208 B) 1100 B code"
; (15500 cycles). Encrypt and decrypt only: the host did the key schedule.
; cardlab firmware: firmware/hc05/twofish/sboxes-mdsb2.asm (manifest
; sboxes-mdsb2.toml)
;
; The code: sboxes.inc (its header has the RAM map, the round steps and g's
; cycles). The state stays in place; round 2m is F(P0, P1) into P2, P3,
; round 2m+1 F(P2, P3) into P0, P1; a loop pass is one round pair.
;
; Cycles (HC05 bus cycles, the listing's [n]; entry to RTS inclusive):
;   a round half: ROL1 25 + LDX #o 2 + JSR 6 + F (STX fo, kq = kp + fo 13
;     + g1 256 + LDX kq 3 + stores with U = T1 + K 52 + g0 259
;     + stores with T0 = g0 + T1 28 + BRSET 5 + XK 115 + RTS 6 = 737)
;     + ROR1 25                                                    = 795
;   encrypt: whitening K0..K3 244 + CLR kp 5 + 8 x (2 x 795 + loop 12)
;     12816 + swapping whitening 318 + RTS 6                      = 13389
;   decrypt: 318 + 6 + 12816 + 244 + 6                            = 13390
; ROM: 828 bytes of code + 256 (tf_mb2) + 2 (tf_b1c) = 1086.

        .hc05

MDS             = 2
FCOPY           = 0
WPL             = 8
WSW             = 2

        .include "sboxes.inc"
