/*
 * cardlab card OS: boot, the T=0 command loop and the commands.
 *
 * T=0 (ISO 7816-3): the reader sends a 5-byte header CLA INS P1 P2 P3.
 *  - data in (P3 = Lc > 0): the card checks the header, answers the
 *    procedure byte INS, receives Lc bytes, then answers; a header it
 *    refuses is answered by SW1 SW2 at once and no data is sent.
 *  - data out (P3 = Le): GET CHALLENGE and GET RESPONSE answer INS, the
 *    Le bytes, then 90 00; the commands that take data and give data
 *    (PERFORM SECURITY OPERATION, INTERNAL AUTHENTICATE) answer 61 xx
 *    and keep the xx bytes for a GET RESPONSE (00 C0 00 00 xx) that must
 *    come next; another Le there is answered 6C xx.
 * The card holds one application, selected implicitly at reset (ISO/IEC
 * 7816-4's default selection, as single-application cards do): every
 * command works from the ATR on. SELECT by its AID is answered 90 00, as
 * a reader that selects first expects; another AID 6A 82, the
 * application staying selected.
 * Status words: README.md. Chip-independent: the chip's layer (chip.h,
 * t0.c, eeprom.c) is in the chip's folder (../mcs51/cardos, ../avr/cardos).
 */
#include "cardos.h"
#ifdef APPLETS
#include "store.h"
#endif

void cmd_dispatch(void);     /* global: test-s51.py breaks on it */

AES_STATE_AT uint8_t aes_state[16];    /* the cipher routines' buffers (chip.h) */
AES_KEY_AT uint8_t aes_key[32];

XDATA uint8_t scratch[EE_PAGE];

static XDATA uint8_t hdr[5];            /* CLA INS P1 P2 P3 */
XDATA uint8_t buf[256];                 /* command data, then response data */
static uint8_t resp_len;                /* bytes waiting for GET RESPONSE (0: none) */

#define CLA             hdr[0]
#define INS             hdr[1]
#define P1              hdr[2]
#define P2              hdr[3]
#define P3              hdr[4]

#define INS_SELECT      0xA4
#define INS_GET_CHAL    0x84
#define INS_PUT_DATA    0xDA
#define INS_PSO         0x2A
#define INS_INT_AUTH    0x88
#define INS_GET_RESP    0xC0

static CODE const uint8_t atr[] = {
    0x3B,                       /* TS: direct convention */
    0x17,                       /* T0: TA1 follows, 7 historical bytes */
    0x13,                       /* TA1: F = 372, D = 4 */
    'c', 'a', 'r', 'd', 'l', 'a', 'b'
};

static CODE const uint8_t aid[] = { 0xF0, 0x63, 0x61, 0x72, 0x64, 0x6C, 0x61, 0x62 };

/* the command data after the procedure byte */
void receive_data(void)
{
    io_putc(INS);
    io_recv(buf, P3);
}

/* data out of a case-2 command: procedure byte, n bytes of buf, 90 00 */
static void send_data(uint8_t n)
{
    io_putc(INS);
    io_send(buf, n);
    io_sw(0x90, 0x00);
}

/* data kept for GET RESPONSE: 61 n (n = 0 means 256) */
void keep_response(uint8_t n)
{
    resp_len = n;
    io_sw(0x61, n);
}

/* 00 A4 04 00 Lc AID */
static void cmd_select(void)
{
    uint8_t i;

    if (P1 != 0x04 || P2 != 0x00) {
        io_sw(0x6A, 0x86);
        return;
    }
    if (P3 == 0 || P3 > 16) {   /* an AID is 5-16 bytes; 1-4 are simply not ours */
        io_sw(0x67, 0x00);
        return;
    }
    receive_data();
    if (P3 == sizeof aid) {
        for (i = 0; i < sizeof aid && buf[i] == CODE_GET(aid, i); i++)
            ;
        if (i == sizeof aid) {
#ifdef APPLETS
            store_deselect();   /* back to the card OS's own commands */
#endif
            io_sw(0x90, 0x00);  /* selected since reset */
            return;
        }
    }
#ifdef APPLETS
    if (store_select(buf, P3))
        return;                 /* an installed applet, now selected */
#endif
    io_sw(0x6A, 0x82);
}

/* 00 84 00 00 Le, Le = 8 or 16 */
static void cmd_get_challenge(void)
{
    if (P1 != 0 || P2 != 0) {
        io_sw(0x6A, 0x86);
        return;
    }
    if (P3 != 8 && P3 != 16) {
        io_sw(0x67, 0x00);
        return;
    }
    if (!rng_fill(buf, P3)) {
        io_sw(0x65, 0x81);      /* the reset counter could not be stored */
        return;
    }
    send_data(P3);
}

/* 00 DA 01 00 Lc key, Lc = 16, 24 or 32 */
static void cmd_put_data(void)
{
    if (P1 != 0x01 || P2 != 0x00) {
        io_sw(0x6A, 0x86);
        return;
    }
    if (P3 != 16 && P3 != 24 && P3 != 32) {
        io_sw(0x67, 0x00);
        return;
    }
    receive_data();
    if (!key_put(buf, P3)) {
        io_sw(0x65, 0x81);      /* memory failure: the old key stays (or the new one after a reset) */
        return;
    }
    io_sw(0x90, 0x00);
}

/* 00 2A 84 80 Lc data (encipher), 00 2A 80 84 Lc data (decipher); Lc = 16 n */
static void cmd_pso(void)
{
    uint8_t decrypt;

    if (P1 == 0x84 && P2 == 0x80)
        decrypt = 0;
    else if (P1 == 0x80 && P2 == 0x84)
        decrypt = 1;
    else {
        io_sw(0x6A, 0x86);
        return;
    }
    if (P3 == 0 || (P3 & 15) != 0) {
        io_sw(0x67, 0x00);
        return;
    }
    if (!key_len()) {
        io_sw(0x69, 0x85);
        return;
    }
    receive_data();
    key_cipher(buf, P3 >> 4, decrypt);
    keep_response(P3);
}

/* 00 88 00 00 10 challenge: AES_K(challenge) */
static void cmd_int_auth(void)
{
    if (P1 != 0 || P2 != 0) {
        io_sw(0x6A, 0x86);
        return;
    }
    if (P3 != 16) {
        io_sw(0x67, 0x00);
        return;
    }
    if (!key_len()) {
        io_sw(0x69, 0x85);
        return;
    }
    receive_data();
    key_cipher(buf, 1, 0);
    keep_response(16);
}

/* 00 C0 00 00 Le, with `pending` bytes waiting */
static void cmd_get_response(uint8_t pending)
{
    if (P1 != 0 || P2 != 0) {
        io_sw(0x6A, 0x86);
        return;
    }
    if (!pending) {
        io_sw(0x69, 0x85);      /* nothing to get */
        return;
    }
    if (P3 != pending) {
        resp_len = pending;     /* kept for the GET RESPONSE with the right Le */
        io_sw(0x6C, pending);
        return;
    }
    send_data(pending);
}

void cmd_dispatch(void)
{
    uint8_t pending = resp_len;

    resp_len = 0;               /* a response waits for the next command only */
#ifdef APPLETS
    if (CLA == 0x80) {          /* card content management and RUN */
        store_command(hdr);
        return;
    }
#endif
    if (CLA != 0x00) {
        io_sw(0x6E, 0x00);
        return;
    }
    switch (INS) {
    case INS_SELECT:
        cmd_select();
        break;
    case INS_GET_RESP:
        cmd_get_response(pending);
        break;
    case INS_GET_CHAL:
        cmd_get_challenge();
        break;
    case INS_PUT_DATA:
        cmd_put_data();
        break;
    case INS_PSO:
        cmd_pso();
        break;
    case INS_INT_AUTH:
        cmd_int_auth();
        break;
    default:
        io_sw(0x6D, 0x00);
        break;
    }
}

#ifdef APPLETS
/* The applet store's view of the command loop (../cardvm/store.h): the
 * same on every chip. */
uint8_t *const card_buf = buf;

void card_receive(void)
{
    receive_data();
}

void card_sw(uint8_t sw1, uint8_t sw2)
{
    io_sw(sw1, sw2);
}

void card_respond(uint8_t n)
{
    keep_response(n);
}
#endif

void main(void)
{
    uint8_t i;

    chip_boot();
    io_init();
    key_boot();                 /* finish or discard an interrupted key update */
    rng_boot();                 /* bump the reset counter */
#ifdef APPLETS
    store_boot();
#endif
    resp_len = 0;
    for (i = 0; i < sizeof atr; i++)
        io_putc(CODE_GET(atr, i));
    for (;;) {
        io_recv(hdr, 5);
        cmd_dispatch();
    }
}
