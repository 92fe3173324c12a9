; Twofish-128 on the ST16CF54 (6805 core) with the four key-dependent
; S-boxes precomputed by the host in EEPROM (1208 B of key material) and
; the MDS products 0x5B x and 0xEF x from two ROM tables (512 B): seed 001
; Table 3, "precomputed S-boxes (1208 B) largest code" (1300 B, 12700
; cycles). Encrypt and decrypt only: the host did the key schedule.
; cardlab firmware: firmware/hc05/twofish/sboxes-mdstab.asm (manifest
; sboxes-mdstab.toml)
;
; The code: sboxes.inc (its header has the RAM map, the round steps and g's
; cycles). The state stays in place; round 2m is F(P0, P1) into P2, P3,
; round 2m+1 F(P2, P3) into P0, P1; a loop pass is one round pair.
;
; Cycles (HC05 bus cycles, the listing's [n]; entry to RTS inclusive):
;   a round half: ROL1 25 + LDX #o 2 + JSR 6 + F (STX fo 4 + g0 159
;     + stores 16 + g1 162 + stores with T0 += T1 44 + T1 = T0 + T1 40
;     + BRSET 5 + XK 123 + RTS 6 = 559) + ROR1 25                  = 617
;   encrypt: whitening K0..K3 2 + 2 x (8 x 14 + 9) 244 + CLR kp 5
;     + 8 x (2 x 617 + loop 12) 9968 + swapping whitening K4..K7
;     2 + 4 x (2 x 35 + 9) 318 + RTS 6                            = 10541
;   decrypt: the swap 318 + LDA/STA kp 6 + 9968 + 244 + RTS 6      = 10542
; ROM: 751 bytes of code + 512 of tables = 1263.
; The input half through fo costs 32 cycles a round (8 x LDX fo 3 + IX1 1);
; two copies of F (FCOPY = 1) would save 43 a round (9991 cycles) but take
; 1324 bytes, over the 1300.

        .hc05

MDS             = 1
FCOPY           = 0
WPL             = 8
WSW             = 2

        .include "sboxes.inc"
