/* leon2ext.h: the LEON2 extension cardlab simulates (seed 003's sbox, and
 * gf2mul/gf2mac), for C through inline assembly. The instructions are GNU
 * as macros in leon2ext.inc (gcc's output includes it once per file);
 * encodings in docs/leon2.md. The lab compiles with -Wa,-I<this folder>. */
#ifndef LEON2EXT_H
#define LEON2EXT_H

#include <stdint.h>

__asm__(".include \"leon2ext.inc\"");

/* The sbox immediate: source byte SRC of rs1 (0 = bits 7:0) through the
 * forward (SBOX_FWD) or inverse (SBOX_INV) S-box into byte DST of rd. */
#define SBOX_FWD 0x00
#define SBOX_INV 0x10
#define SBOX_IMM(dir, src, dst) ((dir) | ((dst) << 2) | (src))

/* rd with byte DST replaced by S(byte SRC of rs1). IMM must be a constant. */
#define l2_sbox(rd, rs1, imm)                                                  \
    __asm__("sbox %1, %2, %0" : "+r"(rd) : "r"(rs1), "i"(imm))

/* The low word of a x b (carry-less); the high word goes to %y. */
static inline uint32_t l2_gf2mul(uint32_t a, uint32_t b)
{
    uint32_t lo;
    __asm__ volatile("gf2mul %1, %2, %0" : "=r"(lo) : "r"(a), "r"(b));
    return lo;
}

/* {%y, %asr18} ^= a x b; the new low word. */
static inline uint32_t l2_gf2mac(uint32_t a, uint32_t b)
{
    uint32_t lo;
    __asm__ volatile("gf2mac %1, %2, %0" : "=r"(lo) : "r"(a), "r"(b));
    return lo;
}

/* %y: the high word of the last gf2mul/gf2mac. */
static inline uint32_t l2_rdy(void)
{
    uint32_t y;
    __asm__ volatile("rd %%y, %0" : "=r"(y));
    return y;
}

#endif
