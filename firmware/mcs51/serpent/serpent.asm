; Serpent-128 for the MCS-51, bitsliced a byte at a time, with precomputed
; round keys in external RAM: key setup and encryption (variant serpent).
; cardlab firmware: firmware/mcs51/serpent/serpent.asm (manifest
; serpent.toml)
;
; Written from the Serpent specification (Anderson, Biham, Knudsen, 1998),
; bitslice description, and the S-box circuits of Osvik's "Speeding up
; Serpent" (AES3, 2000). The state is four byte slices in register banks
; 0-3 (R4-R7 = byte j of x0..x3), so one S-box subroutine on R2-R7 serves
; every slice by a bank switch; the linear transform works on the words at
; their direct addresses (serpent51.inc has the map).
;
; Interface (cardlab mcs51 ABI): the key in serpent_key (0x30); LCALL
; serpent_key_setup: K0..K32 to external RAM 0x0000-0x020f. Then, any
; number of times, the plaintext in serpent_block (0x50), LCALL
; serpent_encrypt; the ciphertext is in serpent_block. The key is kept.
;
; Cycles (each file's header has its sum): key setup 14185; encryption
; 12206, of which 32 rounds of S-box (16 + 4 x (S + 2), S = 26-34 a slice)
; and 31 linear transforms with their round key (168 + 64).
; Constant time: no branch depends on the key or the data and no table is
; read; MOVX takes two cycles at any address, and every data address is
; fixed: the timing and the addresses are the same for every key and
; block.
        .include "serpent51.inc"
        .include "lt.inc"

        .area   CSEG (ABS,CODE)
        .org    0x0000

        .include "keysched.inc"
        .include "encrypt.inc"
        .include "prekey.inc"
        .include "sbox.inc"
