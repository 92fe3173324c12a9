; Serpent-128 decryption for the MCS-51, bitsliced a byte at a time, with
; precomputed round keys in external RAM: key setup and decryption (variant
; serpentdec).
; cardlab firmware: firmware/mcs51/serpent/serpentdec.asm (manifest
; serpentdec.toml)
;
; serpent.asm's key setup, then decrypt.inc: the inverse S-boxes
; (sboxinv.inc) and the inverse linear transform (ilt.inc), the round keys
; read downwards.
;
; Interface (cardlab mcs51 ABI): the key in serpent_key; LCALL
; serpent_key_setup; then the ciphertext in serpent_block, LCALL
; serpent_decrypt; the plaintext is in serpent_block.
;
; Cycles: key setup 14185, decryption 12998 (S^-1 16 + 4 x (S + 2), the
; round key and the inverse transform 64 + 191 a round).
; Constant time, constant addresses.
        .include "serpent51.inc"
        .include "ilt.inc"

        .area   CSEG (ABS,CODE)
        .org    0x0000

        .include "keysched.inc"
        .include "decrypt.inc"
        .include "prekey.inc"
        .include "sbox.inc"
        .include "sboxinv.inc"
