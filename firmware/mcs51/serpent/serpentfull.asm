; Serpent for the MCS-51 with precomputed round keys: key setup for 128-,
; 192- and 256-bit keys, encryption and decryption in one image (variants
; serpent192 and serpent256).
; cardlab firmware: firmware/mcs51/serpent/serpentfull.asm
;
; serpent.asm and serpentdec.asm together. The key sizes differ only in
; the padding of the prekey window (serpent_key_setup,
; serpent_key_setup192, serpent_key_setup256); the rounds are the same.
; Cycles: key setup 14185, encryption 12206, decryption 12998, whatever
; the key size. Constant time, constant addresses.
        .include "serpent51.inc"
        .include "lt.inc"
        .include "ilt.inc"

        .area   CSEG (ABS,CODE)
        .org    0x0000

        .include "keysched.inc"
        .include "encrypt.inc"
        .include "decrypt.inc"
        .include "prekey.inc"
        .include "sbox.inc"
        .include "sboxinv.inc"
