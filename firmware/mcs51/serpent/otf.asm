; Serpent-128 encryption for the MCS-51 with the key schedule on the fly,
; bitsliced a byte at a time, internal RAM only (variant serpentotf).
; cardlab firmware: firmware/mcs51/serpent/otf.asm (manifest
; serpentotf.toml)
;
; No round keys are kept: each round steps the 32-byte prekey window and
; makes its round key in R0-R3 of the banks, beside the state in R4-R7
; (otf.inc). Everything, key and block buffers included, lies below 0x80.
;
; Interface (cardlab mcs51 ABI): the key in serpent_key, the plaintext in
; serpent_block; LCALL serpent_encrypt; the ciphertext is in
; serpent_block, the key kept.
;
; Cycles: 23224 (a round 468 + 4 (SK + S): four prekey steps 176, the key
; S-box beside the state 24 + 4 SK, the key copied in and XORed 72, the
; S-box 24 + 4 S, the linear transform 172).
; Constant time, constant addresses.
        .include "serpent51.inc"
        .include "lt.inc"

        .area   CSEG (ABS,CODE)
        .org    0x0000

        .include "otf.inc"
        .include "prekey.inc"
        .include "kslices.inc"
        .include "sbox.inc"
        .include "sboxkey.inc"
