/*
 * Host tests of cardvm: hand-assembled programs for every accepted opcode
 * and its edge cases, hostile programs with their statuses (the VM reused
 * after each), and, when the applets were built (Makefile, clang), the
 * AES-128 applets against FIPS-197 C.1.
 *
 *   run_tests [APPLET_DIR]     APPLET_DIR holds aes_expand.bin,
 *                              aes_encrypt.bin, aes_encrypt_rk.bin
 *
 * Ends with the line "N passed, N failed, N skipped"; exit 1 on a failure.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cvm.h"

static int passed, failed, skipped;

#define CHECK(cond, ...) check_((cond), __LINE__, __VA_ARGS__)

static void check_(int ok, int line, const char *fmt, ...)
{
    va_list ap;
    if (ok) {
        passed++;
        return;
    }
    failed++;
    printf("FAIL (line %d): ", line);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
}

/* ---- a tiny assembler ------------------------------------------------------ */

static uint8_t prog[8 * (CVM_MAX_INSNS + 2)];
static uint16_t plen;

static void E(uint8_t op, uint8_t dst, uint8_t src, int16_t off, uint32_t imm)
{
    uint8_t *p = prog + 8 * plen++;
    p[0] = op;
    p[1] = (uint8_t)(src << 4 | dst);
    p[2] = (uint8_t)((uint16_t)off & 0xff);
    p[3] = (uint8_t)((uint16_t)off >> 8);
    p[4] = (uint8_t)imm;
    p[5] = (uint8_t)(imm >> 8);
    p[6] = (uint8_t)(imm >> 16);
    p[7] = (uint8_t)(imm >> 24);
}

/* ALU: op codes with class; add SRC_X (0x08) for the register source */
enum {
    ADD = 0x04, SUB = 0x14, MUL = 0x24, DIV = 0x34, OR = 0x44, AND = 0x54,
    LSH = 0x64, RSH = 0x74, NEG = 0x84, MOD = 0x94, XOR = 0xa4, MOV = 0xb4,
    ARSH = 0xc4, LE = 0xd4, BE = 0xdc,
    X = 0x08, A64 = 0x03,   /* ALU | 3 = ALU64 */
    JA = 0x05, JEQ = 0x15, JGT = 0x25, JGE = 0x35, JSET = 0x45, JNE = 0x55,
    JSGT = 0x65, JSGE = 0x75, CALL = 0x85, EXIT = 0x95, JLT = 0xa5,
    JLE = 0xb5, JSLT = 0xc5, JSLE = 0xd5,
    J32 = 0x03,             /* JMP ^ 3 = JMP32 */
    LDXW = 0x61, LDXH = 0x69, LDXB = 0x71, LDXDW = 0x79,
    STXW = 0x63, STXH = 0x6b, STXB = 0x73, STXDW = 0x7b,
    STW = 0x62, STH = 0x6a, STB = 0x72, STDW = 0x7a,
    LDDW = 0x18
};

#define MOVK(d, k) E(MOV, d, 0, 0, (uint32_t)(k))
#define EXITI()    E(EXIT, 0, 0, 0, 0)
#define LDDWI(d, lo, hi) (E(LDDW, d, 0, 0, lo), E(0, 0, 0, 0, hi))

/* ---- the host side --------------------------------------------------------- */

static struct cvm vm;
static uint8_t stack[512];
static uint8_t ro[16] = { 0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                          0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff };
static uint8_t rw[16];
static uint8_t sbox_host[256];
static uint8_t big[1024];   /* a second writable region, for the applets */

#define RO_BASE   0x00001000ul
#define RW_BASE   0x00002000ul
#define SBOX_BASE 0x00010000ul
#define BIG_BASE  0x00020000ul
static struct cvm_region regions[4];

/* applet I/O: helper 1 reads the input stream, helper 2 appends to output */
static const uint8_t *in_data;
static uint32_t in_len, in_pos;
static uint8_t out_data[512];
static uint32_t out_len;

static uint32_t h_read(struct cvm *v)
{
    uint32_t n = v->r[2];
    uint8_t *p;
    if (n > in_len - in_pos)
        n = in_len - in_pos;
    p = cvm_mem(v, v->r[1], n, 1);
    if (p == NULL) {
        cvm_fail(v, CVM_OOB_STORE);
        return 0;
    }
    memcpy(p, in_data + in_pos, n);
    in_pos += n;
    return n;
}

static uint32_t h_write(struct cvm *v)
{
    uint32_t n = v->r[2];
    const uint8_t *p = cvm_mem(v, v->r[1], n, 0);
    if (p == NULL || n > sizeof out_data - out_len) {
        cvm_fail(v, CVM_OOB_LOAD);
        return 0;
    }
    memcpy(out_data + out_len, p, n);
    out_len += n;
    return n;
}

static uint32_t h_sum(struct cvm *v)         /* helper 3: r1+r2+r3+r4+r5 */
{
    return v->r[1] + v->r[2] + v->r[3] + v->r[4] + v->r[5];
}

static uint32_t h_fail(struct cvm *v)        /* helper 4: fails with 40 */
{
    cvm_fail(v, 40);
    return 0x5555;
}

/* helper 0 is left unknown (NULL), as eBPF's helper 0 */
static const cvm_helper helpers[5] = { NULL, h_read, h_write, h_sum, h_fail };

static void set_io(const uint8_t *d, uint32_t n)
{
    in_data = d;
    in_len = n;
    in_pos = 0;
    out_len = 0;
}

static void setup(uint16_t stack_size)
{
    static const uint8_t sb[256] = {
        0x63,0x7c,0x77,0x7b,0xf2,0x6b,0x6f,0xc5,0x30,0x01,0x67,0x2b,0xfe,0xd7,0xab,0x76,
        0xca,0x82,0xc9,0x7d,0xfa,0x59,0x47,0xf0,0xad,0xd4,0xa2,0xaf,0x9c,0xa4,0x72,0xc0,
        0xb7,0xfd,0x93,0x26,0x36,0x3f,0xf7,0xcc,0x34,0xa5,0xe5,0xf1,0x71,0xd8,0x31,0x15,
        0x04,0xc7,0x23,0xc3,0x18,0x96,0x05,0x9a,0x07,0x12,0x80,0xe2,0xeb,0x27,0xb2,0x75,
        0x09,0x83,0x2c,0x1a,0x1b,0x6e,0x5a,0xa0,0x52,0x3b,0xd6,0xb3,0x29,0xe3,0x2f,0x84,
        0x53,0xd1,0x00,0xed,0x20,0xfc,0xb1,0x5b,0x6a,0xcb,0xbe,0x39,0x4a,0x4c,0x58,0xcf,
        0xd0,0xef,0xaa,0xfb,0x43,0x4d,0x33,0x85,0x45,0xf9,0x02,0x7f,0x50,0x3c,0x9f,0xa8,
        0x51,0xa3,0x40,0x8f,0x92,0x9d,0x38,0xf5,0xbc,0xb6,0xda,0x21,0x10,0xff,0xf3,0xd2,
        0xcd,0x0c,0x13,0xec,0x5f,0x97,0x44,0x17,0xc4,0xa7,0x7e,0x3d,0x64,0x5d,0x19,0x73,
        0x60,0x81,0x4f,0xdc,0x22,0x2a,0x90,0x88,0x46,0xee,0xb8,0x14,0xde,0x5e,0x0b,0xdb,
        0xe0,0x32,0x3a,0x0a,0x49,0x06,0x24,0x5c,0xc2,0xd3,0xac,0x62,0x91,0x95,0xe4,0x79,
        0xe7,0xc8,0x37,0x6d,0x8d,0xd5,0x4e,0xa9,0x6c,0x56,0xf4,0xea,0x65,0x7a,0xae,0x08,
        0xba,0x78,0x25,0x2e,0x1c,0xa6,0xb4,0xc6,0xe8,0xdd,0x74,0x1f,0x4b,0xbd,0x8b,0x8a,
        0x70,0x3e,0xb5,0x66,0x48,0x03,0xf6,0x0e,0x61,0x35,0x57,0xb9,0x86,0xc1,0x1d,0x9e,
        0xe1,0xf8,0x98,0x11,0x69,0xd9,0x8e,0x94,0x9b,0x1e,0x87,0xe9,0xce,0x55,0x28,0xdf,
        0x8c,0xa1,0x89,0x0d,0xbf,0xe6,0x42,0x68,0x41,0x99,0x2d,0x0f,0xb0,0x54,0xbb,0x16
    };
    memcpy(sbox_host, sb, 256);
    regions[0].base = RO_BASE;   regions[0].len = sizeof ro;  regions[0].host = ro;  regions[0].writable = 0;
    regions[1].base = RW_BASE;   regions[1].len = sizeof rw;  regions[1].host = rw;  regions[1].writable = 1;
    regions[2].base = SBOX_BASE; regions[2].len = 256; regions[2].host = sbox_host; regions[2].writable = 0;
    regions[3].base = BIG_BASE;  regions[3].len = sizeof big; regions[3].host = big; regions[3].writable = 1;
    cvm_init(&vm, helpers, 5, regions, 4, stack, stack_size);
}

/* ---- running ----------------------------------------------------------------- */

static const char *sname(cvm_status s)
{
    static char buf[16];
    switch (s) {
    case CVM_OK: return "OK";
    case CVM_BAD_OPCODE: return "BAD_OPCODE";
    case CVM_BAD_REGISTER: return "BAD_REGISTER";
    case CVM_BAD_JUMP: return "BAD_JUMP";
    case CVM_BAD_IMM: return "BAD_IMM";
    case CVM_UNKNOWN_HELPER: return "UNKNOWN_HELPER";
    case CVM_TOO_LONG: return "TOO_LONG";
    case CVM_NO_EXIT: return "NO_EXIT";
    case CVM_NOT_LOADED: return "NOT_LOADED";
    case CVM_OOB_LOAD: return "OOB_LOAD";
    case CVM_OOB_STORE: return "OOB_STORE";
    case CVM_DIV_ZERO: return "DIV_ZERO";
    case CVM_BUDGET: return "BUDGET";
    case CVM_WIDE_LOAD: return "WIDE_LOAD";
    case CVM_HELPER_FAILED: return "HELPER_FAILED";
    }
    sprintf(buf, "status %u", s);
    return buf;
}

/* a good program: the VM must load and run it after any refusal or abort */
static void check_reusable(const char *what, int line)
{
    static uint8_t good[8 * 4];
    uint8_t save[sizeof good];
    uint16_t save_len = plen;
    cvm_status s;

    memcpy(save, prog, sizeof save);
    plen = 0;
    MOVK(0, 7);
    E(ADD, 0, 0, 0, 35);
    EXITI();
    memcpy(good, prog, 8 * plen);
    s = cvm_load(&vm, good, plen);
    if (s == CVM_OK)
        s = cvm_run(&vm, 0, 100);
    check_(s == CVM_OK && vm.r[0] == 42, line, "%s: VM not reusable afterwards (%s)", what, sname(s));
    memcpy(prog, save, sizeof save);
    plen = save_len;
}

/* load the program in prog[]; expect load status `ls`; if it loads, run it
 * and expect run status `rs` and (if rs is OK) r0 == r0want */
static void expect_(int line, const char *what, cvm_status ls, cvm_status rs,
                    uint32_t r0want, uint32_t budget)
{
    cvm_status s = cvm_load(&vm, prog, plen);
    if (s != ls) {
        check_(0, line, "%s: load %s, want %s (pc %u)", what, sname(s), sname(ls), vm.pc);
        return;
    }
    if (ls != CVM_OK) {
        check_(1, line, "");
        s = cvm_run(&vm, 0, 1000);
        check_(s == CVM_NOT_LOADED, line, "%s: run after a refusal gave %s", what, sname(s));
        check_reusable(what, line);
        return;
    }
    s = cvm_run(&vm, 0, budget);
    if (s != rs)
        check_(0, line, "%s: run %s, want %s (pc %u)", what, sname(s), sname(rs), vm.pc);
    else if (rs == CVM_OK)
        check_(vm.r[0] == r0want, line, "%s: r0 = 0x%08lx, want 0x%08lx", what,
               (unsigned long)vm.r[0], (unsigned long)r0want);
    else
        check_(1, line, "");
    if (rs != CVM_OK)
        check_reusable(what, line);
}
#define LOADS(what, st)            expect_(__LINE__, what, st, CVM_OK, 0, 0)
#define RUNS(what, st)             expect_(__LINE__, what, CVM_OK, st, 0, 100000)
#define GIVES(what, want)          expect_(__LINE__, what, CVM_OK, CVM_OK, want, 100000)

/* ---- ALU ----------------------------------------------------------------------- */

/* w1 = a; w2 = b; op r1, r2 (or imm b); r0 = r1; exit */
static void alu(int line, uint8_t op, uint32_t a, uint32_t b, uint32_t want)
{
    char what[64];
    plen = 0;
    MOVK(1, a);
    MOVK(2, b);
    if (op & X)
        E(op, 1, 2, 0, 0);
    else
        E(op, 1, 0, 0, b);
    E(MOV | X, 0, 1, 0, 0);
    EXITI();
    sprintf(what, "alu op 0x%02x a 0x%lx b 0x%lx", op, (unsigned long)a, (unsigned long)b);
    expect_(line, what, CVM_OK, CVM_OK, want, 100);
}
#define ALU(op, a, b, want) alu(__LINE__, op, a, b, want)
/* both the immediate and the register form */
#define ALU2(op, a, b, want) (alu(__LINE__, op, a, b, want), alu(__LINE__, (op) | X, a, b, want))

static void unary(int line, uint8_t op, uint32_t imm, uint32_t a, uint32_t want)
{
    plen = 0;
    MOVK(0, a);
    E(op, 0, 0, 0, imm);
    EXITI();
    expect_(line, "unary", CVM_OK, CVM_OK, want, 100);
}
#define UNARY(op, imm, a, want) unary(__LINE__, op, imm, a, want)

static void test_alu(void)
{
    ALU2(ADD, 0xffffffff, 2, 1);
    ALU2(SUB, 1, 2, 0xffffffff);
    ALU2(MUL, 0x10001, 0x10001, 0x00020001);
    ALU2(MUL, 0xffffffff, 0xffffffff, 1);
    ALU2(DIV, 0xffffffff, 16, 0x0fffffff);
    ALU2(DIV, 0xfffffffe, 0xffffffff, 0);           /* unsigned, imm too */
    ALU2(DIV, 0xffffffff, 0xffffffff, 1);
    ALU2(DIV, 7, 8, 0);
    ALU2(MOD, 100, 7, 2);
    ALU2(MOD, 0xffffffff, 10, 5);
    ALU2(MOD, 5, 0xffffffff, 5);
    ALU2(OR, 0xf0f00000, 0x0000000f, 0xf0f0000f);
    ALU2(AND, 0xf0f0ffff, 0x0ff0f00f, 0x00f0f00f);
    ALU2(XOR, 0xffff0000, 0x0ff00ff0, 0xf00f0ff0);
    ALU2(MOV, 0, 0xffffffff, 0xffffffff);
    ALU2(LSH, 1, 31, 0x80000000);
    ALU2(LSH, 1, 32, 1);                            /* shift & 31 */
    ALU2(LSH, 1, 33, 2);
    ALU2(LSH, 3, 0xffffffe1, 6);
    ALU2(RSH, 0x80000000, 31, 1);
    ALU2(RSH, 0x80000000, 32, 0x80000000);
    ALU2(RSH, 0x80000000, 36, 0x08000000);
    ALU2(ARSH, 0x80000000, 31, 0xffffffff);
    ALU2(ARSH, 0x80000000, 4, 0xf8000000);
    ALU2(ARSH, 0x40000000, 4, 0x04000000);
    ALU2(ARSH, 0x80000010, 32, 0x80000010);
    ALU2(ARSH, 0xfffffff0, 0, 0xfffffff0);
    ALU2(ARSH, 0xfffffff0, 35, 0xfffffffe);
    UNARY(NEG, 0, 1, 0xffffffff);
    UNARY(NEG, 0, 0, 0);
    UNARY(NEG, 0, 0x80000000, 0x80000000);
    UNARY(LE, 16, 0x12345678, 0x5678);
    UNARY(LE, 32, 0x12345678, 0x12345678);
    UNARY(BE, 16, 0x12345678, 0x7856);
    UNARY(BE, 32, 0x12345678, 0x78563412);
    UNARY(BE, 32, 0x80000001, 0x01000080);

    /* ALU64 subset, computed on 32 bits */
    ALU2(ADD | A64, 5, 0xfffffff9, 0xfffffffe);     /* 5 + (-7) */
    ALU2(ADD | A64, 0xfffffff0, 0x20, 0x10);        /* wraps at 32 bits */
    ALU2(SUB | A64, 5, 7, 0xfffffffe);
    ALU2(AND | A64, 0x12345678, 0xffff0000, 0x12340000);
    ALU2(OR | A64, 0x12345678, 0x80000000, 0x92345678);
    ALU2(XOR | A64, 0x12345678, 0xffffffff, 0xedcba987);
    ALU2(MOV | A64, 1, 0xfffffe00, 0xfffffe00);
    ALU(LSH | A64, 0x12345678, 4, 0x23456780);
    ALU(RSH | A64, 0x12345678, 4, 0x01234567);
    ALU(RSH | A64, 0xff000000, 24, 0xff);
    ALU(LSH | A64, 0x12345678, 31, 0);
    ALU(RSH | A64, 0x12345678, 0, 0x12345678);

    /* r10 as a source is fine */
    plen = 0;
    E(MOV | X, 0, 10, 0, 0);
    EXITI();
    GIVES("w0 = w10", CVM_STACK_TOP);
}

/* refused ALU encodings */
static void alu_refused(int line, uint8_t op, uint8_t dst, uint8_t src, int16_t off,
                        uint32_t imm, cvm_status want)
{
    char what[64];
    plen = 0;
    MOVK(1, 5);
    MOVK(2, 3);
    E(op, dst, src, off, imm);
    EXITI();
    sprintf(what, "op 0x%02x dst %u src %u off %d imm %lu", op, dst, src, off, (unsigned long)imm);
    expect_(line, what, want, CVM_OK, 0, 0);
}
#define REFUSED(op, dst, src, off, imm, want) alu_refused(__LINE__, op, dst, src, off, imm, want)

static void test_alu_refused(void)
{
    /* ALU64 beyond the subset */
    REFUSED(MUL | A64, 1, 0, 0, 3, CVM_BAD_OPCODE);
    REFUSED(MUL | A64 | X, 1, 2, 0, 0, CVM_BAD_OPCODE);
    REFUSED(DIV | A64, 1, 0, 0, 3, CVM_BAD_OPCODE);
    REFUSED(MOD | A64 | X, 1, 2, 0, 0, CVM_BAD_OPCODE);
    REFUSED(ARSH | A64, 1, 0, 0, 3, CVM_BAD_OPCODE);
    REFUSED(NEG | A64, 1, 0, 0, 0, CVM_BAD_OPCODE);
    REFUSED(LSH | A64 | X, 1, 2, 0, 0, CVM_BAD_OPCODE);
    REFUSED(RSH | A64 | X, 1, 2, 0, 0, CVM_BAD_OPCODE);
    REFUSED(LSH | A64, 1, 0, 0, 32, CVM_BAD_IMM);       /* the <<32 >>32 idiom */
    REFUSED(RSH | A64, 1, 0, 0, 32, CVM_BAD_IMM);
    REFUSED(0xd7, 1, 0, 0, 32, CVM_BAD_OPCODE);         /* BSWAP (v4) */
    /* v4 signed division and sign-extending moves */
    REFUSED(DIV, 1, 0, 1, 3, CVM_BAD_OPCODE);           /* SDIV */
    REFUSED(MOD | X, 1, 2, 1, 0, CVM_BAD_OPCODE);       /* SMOD */
    REFUSED(DIV | A64 | X, 1, 2, 1, 0, CVM_BAD_OPCODE);
    REFUSED(MOV | X, 1, 2, 8, 0, CVM_BAD_OPCODE);       /* MOVSX */
    REFUSED(MOV | A64 | X, 1, 2, 16, 0, CVM_BAD_OPCODE);
    /* END */
    REFUSED(LE, 1, 0, 0, 64, CVM_BAD_IMM);
    REFUSED(BE, 1, 0, 0, 64, CVM_BAD_IMM);
    REFUSED(BE, 1, 0, 0, 8, CVM_BAD_IMM);
    REFUSED(LE, 1, 2, 0, 16, CVM_BAD_OPCODE);           /* src must be 0 */
    /* NEG only with K, imm 0 */
    REFUSED(NEG | X, 1, 2, 0, 0, CVM_BAD_OPCODE);
    REFUSED(NEG, 1, 0, 0, 1, CVM_BAD_OPCODE);
    /* unknown ALU operations, reserved fields */
    REFUSED(0xe4, 1, 0, 0, 0, CVM_BAD_OPCODE);
    REFUSED(0xfc, 1, 2, 0, 0, CVM_BAD_OPCODE);
    REFUSED(0xe7, 1, 0, 0, 0, CVM_BAD_OPCODE);
    REFUSED(ADD, 1, 2, 0, 3, CVM_BAD_OPCODE);           /* K form with src */
    REFUSED(ADD | X, 1, 2, 0, 3, CVM_BAD_OPCODE);       /* X form with imm */
    REFUSED(ADD, 1, 0, 4, 3, CVM_BAD_OPCODE);           /* offset */
    /* division by a constant zero is refused at load */
    REFUSED(DIV, 1, 0, 0, 0, CVM_DIV_ZERO);
    REFUSED(MOD, 1, 0, 0, 0, CVM_DIV_ZERO);
    /* registers */
    REFUSED(MOV, 10, 0, 0, 0, CVM_BAD_REGISTER);        /* r10 written */
    REFUSED(ADD | A64, 10, 0, 0, 8, CVM_BAD_REGISTER);
    REFUSED(NEG, 10, 0, 0, 0, CVM_BAD_REGISTER);
    REFUSED(BE, 10, 0, 0, 16, CVM_BAD_REGISTER);
    REFUSED(MOV, 11, 0, 0, 0, CVM_BAD_REGISTER);
    REFUSED(MOV | X, 1, 11, 0, 0, CVM_BAD_REGISTER);
    REFUSED(ADD | X, 15, 15, 0, 0, CVM_BAD_REGISTER);
    REFUSED(LDXW, 10, 1, 0, 0, CVM_BAD_REGISTER);
    REFUSED(LDXW, 1, 12, 0, 0, CVM_BAD_REGISTER);
    REFUSED(STXW, 13, 1, 0, 0, CVM_BAD_REGISTER);
    /* other classes and modes */
    REFUSED(0xff, 0, 0, 0, 0, CVM_BAD_OPCODE);
    REFUSED(0x00, 0, 0, 0, 0, CVM_BAD_OPCODE);
    REFUSED(0x20, 0, 0, 0, 0, CVM_BAD_OPCODE);          /* LD ABS (legacy) */
    REFUSED(0x40, 0, 1, 0, 0, CVM_BAD_OPCODE);          /* LD IND */
    REFUSED(0x91, 1, 10, -4, 0, CVM_BAD_OPCODE);        /* LDXSB (v4 MEMSX) */
    REFUSED(0xc3, 10, 1, -8, 0, CVM_BAD_OPCODE);        /* atomic add W */
    REFUSED(0xdb, 10, 1, -8, 0, CVM_BAD_OPCODE);        /* atomic DW */
    REFUSED(STDW, 10, 0, -8, 1, CVM_BAD_OPCODE);        /* ST DW imm */
    REFUSED(LDXDW, 1, 2, 0, 0, CVM_BAD_OPCODE);         /* DW not via r10 */
    REFUSED(STXDW, 2, 1, 0, 0, CVM_BAD_OPCODE);
    REFUSED(LDXW, 1, 10, -4, 5, CVM_BAD_OPCODE);        /* LDX imm */
    REFUSED(STW, 10, 1, -4, 5, CVM_BAD_OPCODE);         /* ST with src */
    REFUSED(0xf5, 0, 0, 0, 0, CVM_BAD_OPCODE);          /* JMP op 0xf0 */
    REFUSED(0xe6, 1, 0, 0, 0, CVM_BAD_OPCODE);          /* JMP32 op 0xe0 */
    REFUSED(0x86, 0, 0, 0, 3, CVM_BAD_OPCODE);          /* CALL in JMP32 */
    REFUSED(0x96, 0, 0, 0, 0, CVM_BAD_OPCODE);          /* EXIT in JMP32 */
    REFUSED(0x8d, 0, 1, 0, 0, CVM_BAD_OPCODE);          /* CALLX */
    REFUSED(CALL, 0, 1, 0, 0, CVM_BAD_OPCODE);          /* BPF-to-BPF call */
    REFUSED(CALL, 0, 2, 0, 3, CVM_BAD_OPCODE);          /* kfunc */
    REFUSED(EXIT, 0, 0, 0, 1, CVM_BAD_OPCODE);          /* EXIT with imm */
    REFUSED(0x0d, 0, 1, 0, 0, CVM_BAD_OPCODE);          /* JA with X */
    REFUSED(JEQ, 1, 2, 0, 3, CVM_BAD_OPCODE);           /* K form with src */
}

/* ---- jumps ---------------------------------------------------------------------- */

/* w1 = a; w2 = b; if r1 op r2/imm goto taken; r0 = 0; exit; taken: r0 = 1; exit */
static void jmp(int line, uint8_t op, uint32_t a, uint32_t b, int taken)
{
    char what[64];
    plen = 0;
    MOVK(1, a);
    MOVK(2, b);
    if (op & X)
        E(op, 1, 2, 2, 0);
    else
        E(op, 1, 0, 2, b);
    MOVK(0, 0);
    EXITI();
    MOVK(0, 1);
    EXITI();
    sprintf(what, "jmp op 0x%02x a 0x%lx b 0x%lx", op, (unsigned long)a, (unsigned long)b);
    expect_(line, what, CVM_OK, CVM_OK, (uint32_t)taken, 100);
}
/* JMP32 (K and X) and JMP X give the same answer; JMP K too when b >= 0 */
#define J4(op, a, b, t) (jmp(__LINE__, (op) ^ J32, a, b, t), jmp(__LINE__, ((op) ^ J32) | X, a, b, t), \
                         jmp(__LINE__, (op) | X, a, b, t), jmp(__LINE__, op, a, b, t))
#define J(op, a, b, t) jmp(__LINE__, op, a, b, t)

static void test_jmp(void)
{
    /* equal */
    J4(JEQ, 5, 5, 1); J4(JNE, 5, 5, 0); J4(JGT, 5, 5, 0); J4(JGE, 5, 5, 1);
    J4(JLT, 5, 5, 0); J4(JLE, 5, 5, 1); J4(JSGT, 5, 5, 0); J4(JSGE, 5, 5, 1);
    J4(JSLT, 5, 5, 0); J4(JSLE, 5, 5, 1);
    /* small, positive */
    J4(JEQ, 3, 5, 0); J4(JNE, 3, 5, 1); J4(JGT, 3, 5, 0); J4(JGE, 3, 5, 0);
    J4(JLT, 3, 5, 1); J4(JLE, 3, 5, 1); J4(JSGT, 3, 5, 0); J4(JSGE, 3, 5, 0);
    J4(JSLT, 3, 5, 1); J4(JSLE, 3, 5, 1);
    J4(JSET, 0x10, 0x30, 1); J4(JSET, 0x10, 0x0f, 0);
    J4(JGT, 0xffffffff, 1, 1); J4(JLT, 0xffffffff, 1, 0);
    /* signed 32-bit compares: 0xffffffff is -1 */
    J(JSGT ^ J32, 0xffffffff, 1, 0); J((JSGT ^ J32) | X, 0xffffffff, 1, 0);
    J(JSLT ^ J32, 0xffffffff, 1, 1); J((JSLT ^ J32) | X, 0xffffffff, 1, 1);
    J(JSGE ^ J32, 0x80000000, 0x7fffffff, 0); J((JSLE ^ J32) | X, 0x80000000, 0x7fffffff, 1);
    J((JSGT ^ J32) | X, 0xfffffffe, 0xfffffffd, 1);
    J(JEQ ^ J32, 0xffffffff, 0xffffffff, 1);          /* imm -1 */
    J(JGT ^ J32, 0xfffffffe, 0xffffffff, 0);
    /* 64-bit compares of zero-extended registers: 0xffffffff is 4294967295 */
    J(JSGT | X, 0xffffffff, 1, 1); J(JSLT | X, 0xffffffff, 1, 0);
    J(JSGE | X, 0x80000000, 0x7fffffff, 1); J(JSLE | X, 0x80000000, 0x7fffffff, 0);
    /* ... and a negative immediate is sign-extended to 64 bits */
    J(JEQ, 0xffffffff, 0xffffffff, 0); J(JNE, 0xffffffff, 0xffffffff, 1);
    J(JGT, 0xffffffff, 0xffffffff, 0); J(JGE, 0xffffffff, 0xffffffff, 0);
    J(JLT, 0xffffffff, 0xffffffff, 1); J(JLE, 0x0, 0xffffffff, 1);
    J(JSGT, 0xffffffff, 0xffffffff, 1); J(JSGE, 0, 0x80000000, 1);
    J(JSLT, 0, 0xffffffff, 0); J(JSLE, 0xffffffff, 0xffffffff, 0);
    J(JSET, 0x80000000, 0xffff0000, 1); J(JSET, 0x0000ffff, 0xffff0000, 0);
    J(JSGT, 0xffffffff, 0x7fffffff, 1); J(JSLT, 0x7ffffffe, 0x7fffffff, 1);

    /* a loop: r0 = sum 1..10 with a backward JA and a JNE */
    plen = 0;
    MOVK(0, 0);
    MOVK(1, 10);
    E(ADD | X, 0, 1, 0, 0);         /* 2: */
    E(SUB, 1, 0, 0, 1);
    E(JEQ, 1, 0, 1, 0);             /* done -> 6 */
    E(JA, 0, 0, -4, 0);             /* -> 2 */
    EXITI();
    GIVES("loop", 55);
    /* JMP32 JA (gotol): the offset is imm */
    plen = 0;
    MOVK(0, 1);
    E(JA ^ J32, 0, 0, 0, 1);
    MOVK(0, 2);
    EXITI();
    GIVES("gotol", 1);
    /* a program ending in a backward JA loads */
    plen = 0;
    MOVK(0, 9);
    E(JA, 0, 0, 1, 0);
    E(JA, 0, 0, -2, 0);
    EXITI();
    GIVES("JA over JA", 9);
    plen = 0;
    MOVK(0, 9);
    E(JEQ, 0, 0, 1, 9);
    E(JA, 0, 0, -3, 0);
    EXITI();
    GIVES("program ends with EXIT after JA", 9);
}

/* ---- helpers -------------------------------------------------------------------- */

static void test_calls(void)
{
    plen = 0;
    MOVK(1, 1); MOVK(2, 20); MOVK(3, 300); MOVK(4, 4000); MOVK(5, 50000);
    E(CALL, 0, 0, 0, 3);
    EXITI();
    GIVES("helper sum", 54321);

    /* a failing helper stops the run with its status; r0 is not written */
    plen = 0;
    MOVK(0, 77);
    E(CALL, 0, 0, 0, 4);
    MOVK(0, 1);
    EXITI();
    RUNS("helper fails", 40);
    plen = 0;
    MOVK(0, 77);
    E(CALL, 0, 0, 0, 4);
    EXITI();
    CHECK(cvm_load(&vm, prog, plen) == CVM_OK && cvm_run(&vm, 0, 100) == 40
          && vm.pc == 1 && vm.r[0] == 77 && vm.count[CVM_CNT_CALL] == 0
          && vm.count[CVM_CNT_ALU] == 1, "after a failing helper: pc %u r0 %lu",
          vm.pc, (unsigned long)vm.r[0]);

    /* helper I/O through cvm_mem: read 4 bytes to the stack, write them back */
    {
        static const uint8_t data[4] = { 0xde, 0xad, 0xbe, 0xef };
        set_io(data, 4);
        plen = 0;
        E(MOV | A64 | X, 1, 10, 0, 0);
        E(ADD | A64, 1, 0, 0, (uint32_t)-8);
        MOVK(2, 4);
        E(CALL, 0, 0, 0, 1);
        E(MOV | A64 | X, 1, 10, 0, 0);
        E(ADD | A64, 1, 0, 0, (uint32_t)-8);
        MOVK(2, 4);
        E(CALL, 0, 0, 0, 2);
        E(LDXW, 0, 10, -8, 0);
        EXITI();
        GIVES("read/write helpers", 0xefbeadde);
        CHECK(out_len == 4 && memcmp(out_data, data, 4) == 0, "helper output");
        /* a helper handed a bad pointer fails the run */
        set_io(data, 4);
        plen = 0;
        MOVK(1, RO_BASE);
        MOVK(2, 4);
        E(CALL, 0, 0, 0, 1);
        EXITI();
        RUNS("read into read-only region", CVM_OOB_STORE);
    }

    /* r1 carries the run's argument */
    plen = 0;
    E(MOV | X, 0, 1, 0, 0);
    EXITI();
    CHECK(cvm_load(&vm, prog, plen) == CVM_OK && cvm_run(&vm, 0xabcdef01, 10) == CVM_OK
          && vm.r[0] == 0xabcdef01, "argument in r1");

    /* unknown helpers */
    plen = 0; E(CALL, 0, 0, 0, 0); EXITI(); LOADS("helper 0 (NULL)", CVM_UNKNOWN_HELPER);
    plen = 0; E(CALL, 0, 0, 0, 5); EXITI(); LOADS("helper 5", CVM_UNKNOWN_HELPER);
    plen = 0; E(CALL, 0, 0, 0, 0xffffffff); EXITI(); LOADS("helper -1", CVM_UNKNOWN_HELPER);
    plen = 0; E(CALL, 0, 0, 0, 0x101); EXITI(); LOADS("helper 257", CVM_UNKNOWN_HELPER);
}

/* ---- memory ---------------------------------------------------------------------- */

static void test_memory(void)
{
    /* stores and loads of every size on the stack, little-endian */
    plen = 0;
    LDDWI(1, 0x11223344, 0);
    E(STXW, 10, 1, -8, 0);
    E(LDXB, 0, 10, -8, 0);          /* 0x44 */
    E(LDXH, 2, 10, -6, 0);          /* 0x1122 */
    E(LSH, 2, 0, 0, 8);
    E(OR | X, 0, 2, 0, 0);          /* 0x112244 */
    EXITI();
    GIVES("STXW/LDXB/LDXH", 0x112244);
    plen = 0;
    E(STW, 10, 0, -4, 0xcafebabe);
    E(STH, 10, 0, -6, 0x12345678);  /* stores 0x5678 */
    E(STB, 10, 0, -7, 0xab);
    E(STB, 10, 0, -8, 0x1ff);       /* stores 0xff */
    E(LDXW, 0, 10, -8, 0);
    E(LDXW, 1, 10, -4, 0);
    E(XOR | X, 0, 1, 0, 0);
    EXITI();
    GIVES("ST W/H/B", 0x5678abff ^ 0xcafebabe);
    plen = 0;
    MOVK(1, 0xa5a5a5a5);
    E(STXH, 10, 1, -2, 0);
    E(STXB, 10, 1, -3, 0);
    E(LDXW, 0, 10, -4, 0);
    EXITI();
    GIVES("STXH/STXB", 0xa5a5a500);
    /* the whole stack is reachable: lowest byte r10-256, highest r10-1 */
    plen = 0;
    E(STB, 10, 0, -256, 1);
    E(STB, 10, 0, -1, 2);
    E(LDXB, 0, 10, -256, 0);
    E(LDXB, 1, 10, -1, 0);
    E(LSH, 1, 0, 0, 8);
    E(OR | X, 0, 1, 0, 0);
    EXITI();
    GIVES("stack ends", 0x0201);
    /* the stack is zeroed at each run */
    plen = 0;
    E(LDXW, 0, 10, -8, 0);
    EXITI();
    GIVES("stack zeroed", 0);

    /* regions */
    plen = 0;
    MOVK(1, RO_BASE);
    E(LDXW, 0, 1, 12, 0);           /* last word: ccddeeff */
    EXITI();
    GIVES("region word", 0xffeeddcc);
    plen = 0;
    MOVK(1, RO_BASE + 15);
    E(LDXB, 0, 1, 0, 0);
    EXITI();
    GIVES("region last byte", 0xff);
    memset(rw, 0, sizeof rw);
    plen = 0;
    MOVK(1, RW_BASE);
    MOVK(2, 0x04030201);
    E(STXW, 1, 2, 12, 0);
    E(LDXW, 0, 1, 12, 0);
    EXITI();
    GIVES("writable region", 0x04030201);
    CHECK(rw[12] == 1 && rw[15] == 4, "host sees the region store");

    /* DW spill and fill through r10 slots: the upper half is written 0 */
    plen = 0;
    E(STW, 10, 0, -12, 0x77777777);
    E(STW, 10, 0, -4, 0xffffffff);
    MOVK(1, 0x89abcdef);
    E(STXDW, 10, 1, -8, 0);
    E(LDXDW, 0, 10, -8, 0);
    EXITI();
    GIVES("STXDW/LDXDW", 0x89abcdef);
    CHECK(stack[sizeof stack / 2 - 4] == 0 && stack[sizeof stack / 2 - 1] == 0
          && stack[sizeof stack / 2 - 8] == 0xef && stack[sizeof stack / 2 - 9] == 0x77,
          "STXDW bytes");
    /* a fill whose upper half is not 0 does not fit a register */
    plen = 0;
    MOVK(0, 3);
    E(STW, 10, 0, -4, 1);
    E(LDXDW, 0, 10, -8, 0);
    EXITI();
    RUNS("LDXDW of a 64-bit value", CVM_WIDE_LOAD);
    CHECK(cvm_load(&vm, prog, plen) == CVM_OK && cvm_run(&vm, 0, 100) == CVM_WIDE_LOAD
          && vm.r[0] == 3 && vm.pc == 2, "r0 kept after WIDE_LOAD");

    /* out of bounds */
    plen = 0; MOVK(1, RO_BASE); E(LDXW, 0, 1, 13, 0); EXITI();
    RUNS("load straddling a region's end", CVM_OOB_LOAD);
    plen = 0; MOVK(1, RO_BASE); E(LDXB, 0, 1, 16, 0); EXITI();
    RUNS("load just past a region", CVM_OOB_LOAD);
    plen = 0; MOVK(1, RO_BASE); E(LDXB, 0, 1, -1, 0); EXITI();
    RUNS("load just before a region", CVM_OOB_LOAD);
    plen = 0; MOVK(1, 0xfffffffe); E(LDXW, 0, 1, 0, 0); EXITI();
    RUNS("load wrapping the address space", CVM_OOB_LOAD);
    plen = 0; E(LDXB, 0, 10, 0, 0); EXITI();
    RUNS("load at r10", CVM_OOB_LOAD);
    plen = 0; E(LDXW, 0, 10, -258, 0); EXITI();
    RUNS("load below the stack", CVM_OOB_LOAD);
    plen = 0; E(LDXB, 0, 10, -257, 0); EXITI();
    RUNS("load one byte below the stack", CVM_OOB_LOAD);
    plen = 0; E(LDXDW, 0, 10, -4, 0); EXITI();
    RUNS("LDXDW straddling r10", CVM_OOB_LOAD);
    plen = 0; MOVK(1, RO_BASE); E(STB, 1, 0, 0, 1); EXITI();
    RUNS("store to a read-only region", CVM_OOB_STORE);
    CHECK(ro[0] == 0x00, "read-only region unchanged");
    plen = 0; MOVK(1, SBOX_BASE); E(STXB, 1, 1, 0, 0); EXITI();
    RUNS("store to the S-box", CVM_OOB_STORE);
    plen = 0; E(STB, 10, 0, -257, 1); EXITI();
    RUNS("store one byte below the stack", CVM_OOB_STORE);
    plen = 0; E(STXW, 10, 10, 0, 0); EXITI();
    RUNS("store at r10", CVM_OOB_STORE);
    plen = 0; E(STXDW, 10, 1, -32768, 0); EXITI();
    RUNS("STXDW far below the stack", CVM_OOB_STORE);
    /* a store straddling the end of a writable region writes nothing */
    memset(rw, 0x5a, sizeof rw);
    plen = 0;
    MOVK(0, 99);
    MOVK(1, RW_BASE);
    E(STW, 1, 0, 14, 0x01020304);
    EXITI();
    RUNS("store straddling a region's end", CVM_OOB_STORE);
    CHECK(rw[14] == 0x5a && rw[15] == 0x5a, "no partial store");
    CHECK(cvm_load(&vm, prog, plen) == CVM_OK && cvm_run(&vm, 0, 100) == CVM_OOB_STORE
          && vm.pc == 2 && vm.r[0] == 99 && vm.r[1] == RW_BASE && vm.count[CVM_CNT_ALU] == 2
          && vm.count[CVM_CNT_LDST] == 0, "state after OOB_STORE: pc %u", vm.pc);
    plen = 0; MOVK(1, RW_BASE); E(STXH, 1, 1, 16, 0); EXITI();
    RUNS("store just past a writable region", CVM_OOB_STORE);
    plen = 0; MOVK(1, RW_BASE); E(STXH, 1, 1, -1, 0); EXITI();
    RUNS("store just before a writable region", CVM_OOB_STORE);

    /* LDDW */
    plen = 0; LDDWI(0, 0x12345678, 0); EXITI();
    GIVES("LDDW", 0x12345678);
    plen = 0; LDDWI(0, 0x80000000, 0xffffffff); EXITI();
    GIVES("LDDW sign-extended", 0x80000000);
    plen = 0; LDDWI(0, 0x80000000, 0); EXITI();
    GIVES("LDDW 2^31", 0x80000000);
    plen = 0; LDDWI(0, 0x7fffffff, 0xffffffff); EXITI();
    LOADS("LDDW upper not the sign", CVM_BAD_IMM);
    plen = 0; LDDWI(0, 0, 1); EXITI();
    LOADS("LDDW 2^32", CVM_BAD_IMM);
    plen = 0; E(LDDW, 0, 0, 0, 5); E(MOV, 0, 0, 0, 0); EXITI();
    LOADS("LDDW second slot not zero", CVM_BAD_OPCODE);
    plen = 0; E(LDDW, 0, 0, 0, 5); E(0, 0, 0, 1, 0); EXITI();
    LOADS("LDDW second slot with offset", CVM_BAD_OPCODE);
    plen = 0; E(LDDW, 1, 1, 0, 5); E(0, 0, 0, 0, 0); EXITI();
    LOADS("LDDW map fd (src 1)", CVM_BAD_OPCODE);
    plen = 0; LDDWI(10, 5, 0); EXITI();
    LOADS("LDDW into r10", CVM_BAD_REGISTER);
    plen = 0; EXITI(); E(LDDW, 0, 0, 0, 5);
    LOADS("LDDW truncated at the end", CVM_BAD_OPCODE);
    plen = 0; EXITI(); LDDWI(0, 5, 0);
    LOADS("program ending with LDDW", CVM_NO_EXIT);

    /* division by a zero register */
    plen = 0; MOVK(0, 5); MOVK(1, 0); E(DIV | X, 0, 1, 0, 0); EXITI();
    RUNS("DIV by zero", CVM_DIV_ZERO);
    CHECK(cvm_load(&vm, prog, plen) == CVM_OK && cvm_run(&vm, 0, 100) == CVM_DIV_ZERO
          && vm.r[0] == 5 && vm.r[1] == 0 && vm.pc == 2, "r0 kept after DIV_ZERO");
    plen = 0; MOVK(0, 5); MOVK(1, 0); E(MOD | X, 0, 1, 0, 0); EXITI();
    RUNS("MOD by zero", CVM_DIV_ZERO);
    plen = 0; MOVK(0, 5); E(DIV | X, 0, 3, 0, 0); EXITI();
    RUNS("DIV by an untouched register (0)", CVM_DIV_ZERO);
}

/* ---- verifier --------------------------------------------------------------------- */

static void test_verifier(void)
{
    uint16_t i;

    plen = 0; MOVK(0, 1); E(JA, 0, 0, 2, 0); EXITI();
    LOADS("JA past the end", CVM_BAD_JUMP);
    plen = 0; MOVK(0, 1); E(JA, 0, 0, 1, 0); EXITI();
    LOADS("JA to one past the end", CVM_BAD_JUMP);
    plen = 0; MOVK(0, 1); E(JEQ, 0, 0, -3, 0); EXITI();
    LOADS("jump before the start", CVM_BAD_JUMP);
    plen = 0; MOVK(0, 1); E((JNE ^ J32) | X, 0, 1, 30000, 0); EXITI();
    LOADS("far jump", CVM_BAD_JUMP);
    plen = 0; E(JA, 0, 0, -32768, 0); EXITI();
    LOADS("jump -32768", CVM_BAD_JUMP);
    plen = 0; MOVK(0, 1); E(JA ^ J32, 0, 0, 0, 0x10000); EXITI();
    LOADS("gotol far", CVM_BAD_JUMP);
    plen = 0; MOVK(0, 1); E(JA ^ J32, 0, 0, 0, 0xfffffffd); EXITI();
    LOADS("gotol before the start", CVM_BAD_JUMP);
    plen = 0; E(JA, 0, 0, 1, 0); LDDWI(0, 5, 0); EXITI();
    LOADS("jump into LDDW's second slot", CVM_BAD_JUMP);
    plen = 0; E(JA, 0, 0, 0, 0); LDDWI(0, 5, 0); EXITI();
    GIVES("jump onto LDDW's first slot", 5);
    plen = 0; LDDWI(0, 5, 0); E(JEQ, 0, 0, -2, 5); EXITI();
    LOADS("backward jump into LDDW's second slot", CVM_BAD_JUMP);
    plen = 0; LDDWI(0, 5, 0); E(JEQ ^ J32, 0, 0, -3, 7); EXITI();
    GIVES("backward jump onto LDDW", 5);

    plen = 0; MOVK(0, 1);
    LOADS("no EXIT", CVM_NO_EXIT);
    plen = 0; MOVK(0, 1); E(JEQ, 0, 0, -2, 1);
    LOADS("ends with a conditional jump", CVM_NO_EXIT);
    plen = 0;
    LOADS("empty", CVM_NO_EXIT);
    plen = 0; E(CALL, 0, 0, 0, 3);
    LOADS("ends with CALL", CVM_NO_EXIT);

    plen = 0;
    for (i = 0; i < CVM_MAX_INSNS - 1; i++)
        MOVK(0, i);
    EXITI();
    GIVES("CVM_MAX_INSNS slots", CVM_MAX_INSNS - 2);
    MOVK(0, 0);
    EXITI();    /* one slot more than the cap (plen is now max + 1) */
    plen = CVM_MAX_INSNS + 1;
    LOADS("too long", CVM_TOO_LONG);

    /* load failure reports the slot */
    plen = 0; MOVK(0, 1); MOVK(1, 2); E(0xff, 0, 0, 0, 0); EXITI();
    CHECK(cvm_load(&vm, prog, plen) == CVM_BAD_OPCODE && vm.pc == 2, "refusal at pc 2");
    CHECK(cvm_run(&vm, 0, 10) == CVM_NOT_LOADED, "not loaded after a refusal");
}

/* ---- budget and counters -------------------------------------------------------- */

static void test_budget(void)
{
    plen = 0;
    MOVK(0, 1);
    E(JA, 0, 0, -1, 0);             /* spins */
    EXITI();
    CHECK(cvm_load(&vm, prog, plen) == CVM_OK, "load spin");
    CHECK(cvm_run(&vm, 0, 1000) == CVM_BUDGET && vm.pc == 1 && vm.budget == 0
          && vm.count[CVM_CNT_JMP] == 999 && vm.count[CVM_CNT_ALU] == 1,
          "infinite loop hits the budget (pc %u jmp %lu)", vm.pc,
          (unsigned long)vm.count[CVM_CNT_JMP]);
    check_reusable("budget", __LINE__);

    /* a budget of exactly the instructions run is enough */
    plen = 0;
    MOVK(0, 1);
    MOVK(1, 2);
    EXITI();
    CHECK(cvm_load(&vm, prog, plen) == CVM_OK && cvm_run(&vm, 0, 3) == CVM_OK, "budget 3");
    CHECK(cvm_run(&vm, 0, 2) == CVM_BUDGET && vm.pc == 2, "budget 2");
    CHECK(cvm_run(&vm, 0, 0) == CVM_BUDGET && vm.pc == 0, "budget 0");
    CHECK(cvm_run(&vm, 0, 3) == CVM_OK && vm.r[0] == 1, "rerun after BUDGET");

    /* counts per class */
    plen = 0;
    LDDWI(1, 8, 0);                 /* LDST */
    E(STXW, 10, 1, -4, 0);          /* LDST */
    E(LDXW, 0, 10, -4, 0);          /* LDST */
    E(ADD, 0, 0, 0, 1);             /* ALU */
    E(JEQ, 0, 0, 0, 9);             /* JMP */
    E(CALL, 0, 0, 0, 3);            /* CALL */
    EXITI();                        /* JMP */
    CHECK(cvm_load(&vm, prog, plen) == CVM_OK && cvm_run(&vm, 0, 100) == CVM_OK
          && vm.count[CVM_CNT_LDST] == 3 && vm.count[CVM_CNT_ALU] == 1
          && vm.count[CVM_CNT_JMP] == 2 && vm.count[CVM_CNT_CALL] == 1
          && vm.budget == 93, "counters %lu %lu %lu %lu",
          (unsigned long)vm.count[0], (unsigned long)vm.count[1],
          (unsigned long)vm.count[2], (unsigned long)vm.count[3]);
}

/* ---- the AES applets ----------------------------------------------------------- */

static uint16_t read_bin(const char *dir, const char *name, uint8_t *buf, size_t cap)
{
    char path[512];
    FILE *f;
    size_t n;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "rb");
    if (f == NULL)
        return 0;
    n = fread(buf, 1, cap, f);
    fclose(f);
    if (n % 8 != 0)
        return 0;
    return (uint16_t)(n / 8);
}

static void report(const char *what)
{
    unsigned long t = vm.count[0] + vm.count[1] + vm.count[2] + vm.count[3];
    printf("applet %-34s ALU %5lu  JMP %5lu  LD/ST %5lu  CALL %2lu  total %6lu  (%u slots)\n",
           what, (unsigned long)vm.count[CVM_CNT_ALU], (unsigned long)vm.count[CVM_CNT_JMP],
           (unsigned long)vm.count[CVM_CNT_LDST], (unsigned long)vm.count[CVM_CNT_CALL],
           t, vm.len);
}

static int hexeq(const uint8_t *b, const char *hex)
{
    unsigned v;
    while (*hex) {
        if (sscanf(hex, "%2x", &v) != 1 || *b++ != v)
            return 0;
        hex += 2;
    }
    return 1;
}

static void test_applets(const char *dir)
{
    static uint8_t expand[8 * 1024], encrypt[8 * 1024], encrypt_rk[8 * 1024];
    static const uint8_t key[16] = { 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                                     0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f };
    static const uint8_t pt[16] = { 0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                    0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff };
    static const char *ct = "69c4e0d86a7b0430d8cdb78070b4c55a";
    uint8_t rk[176], in[192];
    uint16_t ne, nc, nr;
    cvm_status s;

    ne = read_bin(dir, "aes_expand.bin", expand, sizeof expand);
    nc = read_bin(dir, "aes_encrypt.bin", encrypt, sizeof encrypt);
    nr = read_bin(dir, "aes_encrypt_rk.bin", encrypt_rk, sizeof encrypt_rk);
    if (!ne || !nc || !nr) {
        printf("applets not found in %s (build them with clang: make applets): skipped\n", dir);
        skipped += 3;
        return;
    }

    /* key expansion: key in, 176 bytes of round keys out */
    setup(256);
    set_io(key, 16);
    s = cvm_load(&vm, expand, ne);
    CHECK(s == CVM_OK, "aes_expand load: %s at %u", sname(s), vm.pc);
    s = cvm_run(&vm, 0, 100000);
    CHECK(s == CVM_OK && vm.r[0] == 0 && out_len == 176, "aes_expand run: %s r0 %lu out %lu",
          sname(s), (unsigned long)vm.r[0], (unsigned long)out_len);
    report("aes_expand (AES-128 key expansion)");
    CHECK(hexeq(out_data + 16, "d6aa74fdd2af72fadaa678f1d6ab76fe")
          && hexeq(out_data + 160, "13111d7fe3944a17f307a78b4d2b30c5"),
          "FIPS-197 C.1 round keys 1 and 10");
    memcpy(rk, out_data, 176);

    /* encryption: block, then round keys; ciphertext out */
    memcpy(in, pt, 16);
    memcpy(in + 16, rk, 176);
    set_io(in, 192);
    s = cvm_load(&vm, encrypt, nc);
    CHECK(s == CVM_OK, "aes_encrypt load: %s at %u", sname(s), vm.pc);
    s = cvm_run(&vm, 0, 100000);
    CHECK(s == CVM_OK && vm.r[0] == 0 && out_len == 16 && hexeq(out_data, ct),
          "aes_encrypt: %s, FIPS-197 C.1 ciphertext", sname(s));
    report("aes_encrypt (AES-128, 1 block)");
    /* short input: the applet returns 1 */
    set_io(in, 100);
    CHECK(cvm_run(&vm, 0, 100000) == CVM_OK && vm.r[0] == 1 && out_len == 0, "short input");
    /* too small a budget stops it; the next run is whole again */
    set_io(in, 192);
    CHECK(cvm_run(&vm, 0, 500) == CVM_BUDGET, "aes_encrypt budget 500");
    set_io(in, 192);
    CHECK(cvm_run(&vm, 0, 100000) == CVM_OK && hexeq(out_data, ct), "aes_encrypt again");

    /* the draft with all round keys on the stack: ~272 bytes of frame,
     * 64-bit spills of pointers (STXDW/LDXDW through r10) */
    memcpy(in, rk, 176);
    memcpy(in + 176, pt, 16);
    set_io(in, 192);
    s = cvm_load(&vm, encrypt_rk, nr);
    CHECK(s == CVM_OK, "aes_encrypt_rk load: %s at %u", sname(s), vm.pc);
    s = cvm_run(&vm, 0, 100000);
    CHECK(s == CVM_OOB_STORE, "aes_encrypt_rk with a 256-byte stack: %s", sname(s));
    setup(512);
    set_io(in, 192);
    s = cvm_load(&vm, encrypt_rk, nr);
    s = s == CVM_OK ? cvm_run(&vm, 0, 100000) : s;
    CHECK(s == CVM_OK && vm.r[0] == 0 && out_len == 16 && hexeq(out_data, ct),
          "aes_encrypt_rk with a 512-byte stack: %s", sname(s));
    report("aes_encrypt_rk (round keys on stack)");
    setup(256);
}

int main(int argc, char **argv)
{
    setup(256);
    test_alu();
    test_alu_refused();
    test_jmp();
    test_calls();
    test_memory();
    test_verifier();
    test_budget();
    test_applets(argc > 1 ? argv[1] : "build");
    printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
    return failed ? 1 : 0;
}
