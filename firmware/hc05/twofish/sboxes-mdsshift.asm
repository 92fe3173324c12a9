; Twofish-128 on the ST16CF54 (6805 core) with the four key-dependent
; S-boxes precomputed by the host in EEPROM (1208 B of key material) and
; the MDS by shifts and XORs, no 256-byte table (beta^-1 twice, branch-free
; through the 2-byte {0x00, 0xB4}): seed 001 Table 3, "precomputed S-boxes
; (1208 B) smallest code" (850 B, 16600 cycles). Encrypt and decrypt only.
; cardlab firmware: firmware/hc05/twofish/sboxes-mdsshift.asm (manifest
; sboxes-mdsshift.toml)
;
; The code: sboxes.inc (its header has the RAM map, the round steps and g's
; cycles). The state stays in place; round 2m is F(P0, P1) into P2, P3,
; round 2m+1 F(P2, P3) into P0, P1; a loop pass is one round pair.
;
; Cycles (HC05 bus cycles, the listing's [n]; entry to RTS inclusive):
;   a round half: ROL1 25 + LDX #o 2 + JSR 6 + F (STX fo, kq = kp + fo 13
;     + g1 284 + LDX kq 3 + stores with U = T1 + K 52 + g0 287
;     + stores with T0 = g0 + T1 28 + BRSET 5 + XK 115 + RTS 6 = 793)
;     + ROR1 25                                                    = 851
;   encrypt: whitening K0..K3 244 + CLR kp 5 + 8 x (2 x 851 + loop 12)
;     13712 + swapping whitening 318 + RTS 6                      = 14285
;   decrypt: 318 + 6 + 13712 + 244 + 6                            = 14286
; ROM: 844 bytes of code + 2 (tf_b1c) = 846.

        .hc05

MDS             = 3
FCOPY           = 0
WPL             = 8
WSW             = 2

        .include "sboxes.inc"
