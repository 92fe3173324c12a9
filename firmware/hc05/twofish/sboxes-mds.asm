; Twofish-128 on the ST16CF54 (6805 core) with the S-boxes and their MDS
; products (s_j, 0x5B s_j, 0xEF s_j) precomputed by the host in EEPROM
; (3256 B of key material): g is 16 EEPROM lookups and XORs. Seed 001
; Table 3, "precomputed S-boxes and MDS (3256 B)" (1000 B, 11900 cycles).
; Encrypt and decrypt only: the host did the key schedule. No ROM tables.
; cardlab firmware: firmware/hc05/twofish/sboxes-mds.asm (manifest
; sboxes-mds.toml)
;
; The code: sboxes.inc (its header has the RAM map, the round steps and g's
; cycles). The state stays in place; round 2m is F(P0, P1) into P2, P3,
; round 2m+1 F(P2, P3) into P0, P1; a loop pass is one round pair.
;
; Cycles (HC05 bus cycles, the listing's [n]; entry to RTS inclusive):
;   a round half: ROL1 25 + JSR 6 + F (g0 119 + stores 16 + g1 119
;     + stores with T0 += T1 44 + T1 = T0 + T1 40 + XK 123 + RTS 6
;     = 467) + ROR1 25                                             = 523
;   encrypt: whitening K0..K3 unrolled 16 x 11 176 + CLR kp 5
;     + 8 x (2 x 523 + loop 12) 8464 + swapping whitening 318
;     + RTS 6                                                      = 8969
;   decrypt: 318 + 6 + 8464 + 176 + 6                              = 8970
; ROM: 994 bytes of code (two copies of F, tf_f01 and tf_f23, 279 bytes
; each: the inputs read directly, 13 LDX a g).

        .hc05

MDS             = 0
FCOPY           = 1
WPL             = 16
WSW             = 2

        .include "sboxes.inc"
