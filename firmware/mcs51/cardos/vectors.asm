; Reset vector of the card OS. The C code and everything relocatable is
; linked from 0x1300 (--code-loc), above the AES tables at 0x1000-0x12FF
; (sbox.asm, xtime.asm, inv_sbox.asm), so the vector at 0x0000 is placed
; here: a jump to sdcc's start-up (crt0: SP, IRAM and XSEG cleared, then
; main). The card uses no interrupts.

        .area   VECTOR  (ABS,CODE)
        .org    0x0000
        ljmp    __sdcc_gsinit_startup

; The IRAM of the cipher routines, aes51.inc's st (0x30-0x3F) and ky
; (0x40-0x5F, 32 bytes for AES-256), held as an absolute data area so the
; linker allocates the C data, the overlay and the stack around it.
        .area   AESRAM  (ABS,DATA)
        .org    0x30
        .ds     0x30
