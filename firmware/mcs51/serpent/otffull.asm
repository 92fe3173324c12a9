; Serpent for the MCS-51 with the key schedule on the fly: encryption and
; decryption for 128-, 192- and 256-bit keys in one image (variants
; serpentotf192 and serpentotf256).
; cardlab firmware: firmware/mcs51/serpent/otffull.asm
;
; otf.asm and otfdec.asm together; the key sizes differ only in the
; padding of the prekey window. Cycles: encryption 23224, decryption
; 30680, whatever the key size. Constant time, constant addresses.
        .include "serpent51.inc"
        .include "lt.inc"
        .include "ilt.inc"

        .area   CSEG (ABS,CODE)
        .org    0x0000

        .include "otf.inc"
        .include "otfdec.inc"
        .include "prekey.inc"
        .include "bprekey.inc"
        .include "kslices.inc"
        .include "sbox.inc"
        .include "sboxinv.inc"
        .include "sboxkey.inc"
