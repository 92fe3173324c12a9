/*
 * simavr_t0.c: a T=0 reader in front of the AVR card OS running on
 * simavr's ATmega32 (test-simavr.py). The card's classic-core image runs
 * unchanged there: the ATmega32 has the same SP, SREG, USART (UDR 0x2C,
 * UCSRA 0x2B) and EEPROM registers (0x3C-0x3F) and the same 2 KiB of RAM
 * at 0x60-0x85F. simavr's EEPROM (1 KiB on the ATmega32) is replaced by
 * 32 KiB, the AT90SC3232C's, kept in a file across runs.
 *
 *   cc -O2 -Wall -o simavr_t0 simavr_t0.c -I/usr/include/simavr -lsimavr
 *   simavr_t0 cardos.elf eeprom.bin < script
 *
 * The script, one line each: a command APDU in hex (ISO/IEC 7816-4 cases
 * 1-4, short lengths), sent as T=0 TPDUs (procedure bytes INS, ~INS and
 * 60; 61xx answered by GET RESPONSE, 6Cxx by the header again with xx);
 * "t HEX" a TPDU as it is (header, then its data if the card asks for
 * it; no GET RESPONSE, no repeated header); "reset" (the card reset,
 * EEPROM kept); "#..." a comment. Output, one
 * line each: "atr HEX" at every reset, "resp DATA SW cycles=N nulls=N" per
 * APDU (DATA "-" when empty), "mute" if the card stays silent for
 * 200 million cycles. The EEPROM file (created all FF) is written back at
 * the end.
 *
 * The UART's receiver is switched on from here (UCSRB RXEN, TXEN): the
 * card sets up no UART. A byte is put on the line when the card polls
 * UCSRA with nothing waiting (simavr's XON), so the card reads it as soon
 * as it looks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include "sim_avr.h"
#include "sim_elf.h"
#include "sim_io.h"
#include "sim_irq.h"
#include "avr_uart.h"
#include "avr_eeprom.h"

#define EE_BYTES    32768
#define UCSRB       0x2A
#define MUTE        200000000ull

static avr_t *avr;
static avr_irq_t *uart_in;
static uint8_t tx[600];             /* bytes for the card, in order */
static int tx_len, tx_pos;
static uint8_t rx[600];             /* bytes from the card */
static int rx_len, rx_pos;

static void xon(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq; (void)param;
    if (value && tx_pos < tx_len)
        avr_raise_irq(uart_in, tx[tx_pos++]);
}

static void output(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq; (void)param;
    if (rx_len < (int)sizeof rx)
        rx[rx_len++] = (uint8_t)value;
}

static void send(const uint8_t *p, int n)
{
    memcpy(tx + tx_len, p, n);
    tx_len += n;
}

/* the next byte from the card; -1 when it stays mute */
static int recv1(void)
{
    avr_cycle_count_t start = avr->cycle;

    while (rx_pos == rx_len) {
        int state = avr_run(avr);
        if (state == cpu_Done || state == cpu_Crashed) {
            printf("crashed state=%d pc=0x%x\n", state, avr->pc);
            exit(1);
        }
        if (avr->cycle - start > MUTE)
            return -1;
    }
    return rx[rx_pos++];
}

static void reset(void)
{
    int i, b;
    uint32_t flags = 0;

    avr_reset(avr);
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    avr->data[UCSRB] |= (1 << 4) | (1 << 3);    /* RXEN, TXEN */
    tx_len = tx_pos = rx_len = rx_pos = 0;
    printf("atr ");
    for (i = 0; i < 10; i++) {
        if ((b = recv1()) < 0) {
            printf("mute\n");
            return;
        }
        printf("%02X", b);
    }
    printf("\n");
}

static int nulls;

/* One TPDU: the header (P3 = the data's length or Le), its data; the bytes
 * the card sends back (up to le) into out. Returns SW1 SW2, or -1. */
static int tpdu(const uint8_t *hdr, const uint8_t *data, int lc, int le, uint8_t *out, int *got)
{
    int b, sw1, sent = 0;

    tx_len = tx_pos = rx_len = rx_pos = 0;
    send(hdr, 5);
    for (;;) {
        if ((b = recv1()) < 0)
            return -1;
        if (b == 0x60) {
            nulls++;
            continue;
        }
        if (b == hdr[1]) {                      /* all the rest */
            if (lc) {
                send(data + sent, lc - sent);
                sent = lc;
            } else {
                while (*got < le) {
                    if ((b = recv1()) < 0)
                        return -1;
                    out[(*got)++] = (uint8_t)b;
                }
            }
            continue;
        }
        if (b == (hdr[1] ^ 0xFF) && sent < lc) {    /* one byte */
            send(data + sent++, 1);
            continue;
        }
        sw1 = b;
        if ((b = recv1()) < 0)
            return -1;
        return sw1 << 8 | b;
    }
}

/* A TPDU as it is: the header, its data if the card asks for it; no GET
 * RESPONSE, no second header on 6Cxx. */
/* One line per exchange: the response data, SW, its cycles, NULL bytes. */
static void report(int sw, const uint8_t *out, int got, avr_cycle_count_t start)
{
    int i;

    if (sw < 0) {
        printf("mute\n");
        return;
    }
    printf("resp ");
    if (!got)
        printf("-");
    for (i = 0; i < got; i++)
        printf("%02X", out[i]);
    printf(" %04X cycles=%llu nulls=%d\n", sw, (unsigned long long)(avr->cycle - start), nulls);
}

static void raw(const uint8_t *a, int n)
{
    uint8_t out[300];
    int got = 0, lc = n - 5, sw;
    avr_cycle_count_t start = avr->cycle;

    nulls = 0;
    sw = tpdu(a, a + 5, lc, lc ? 0 : (a[4] ? a[4] : 256), out, &got);
    report(sw, out, got, start);
}

static void apdu(const uint8_t *a, int n)
{
    uint8_t hdr[5], out[300], gr[5] = { 0x00, 0xC0, 0x00, 0x00, 0 };
    int lc = 0, le = 0, got = 0, sw;
    avr_cycle_count_t start = avr->cycle;

    memcpy(hdr, a, 4);
    if (n == 4) {
        hdr[4] = 0;
    } else if (n == 5) {
        le = a[4] ? a[4] : 256;
        hdr[4] = a[4];
    } else {
        lc = a[4];
        hdr[4] = a[4];
        if (n == 6 + lc)
            le = a[5 + lc] ? a[5 + lc] : 256;
    }
    nulls = 0;
    sw = tpdu(hdr, a + 5, lc, lc ? 0 : le, out, &got);
    for (;;) {
        if (sw < 0)
            break;
        if ((sw >> 8) == 0x6C && lc == 0) {
            hdr[4] = (uint8_t)sw;
            le = sw & 0xFF ? sw & 0xFF : 256;
            got = 0;
            sw = tpdu(hdr, NULL, 0, le, out, &got);
        } else if ((sw >> 8) == 0x61) {
            gr[4] = (uint8_t)sw;
            sw = tpdu(gr, NULL, 0, sw & 0xFF ? sw & 0xFF : 256, out, &got);
        } else
            break;
    }
    report(sw, out, got, start);
}

int main(int argc, char **argv)
{
    elf_firmware_t f;
    avr_io_t *io;
    avr_eeprom_t *ee = NULL;
    FILE *fp;
    char line[4096];
    uint8_t a[300];

    if (argc != 3) {
        fprintf(stderr, "usage: simavr_t0 cardos.elf eeprom.bin < script\n");
        return 2;
    }
    memset(&f, 0, sizeof f);
    if (elf_read_firmware(argv[1], &f)) {
        fprintf(stderr, "%s: cannot read\n", argv[1]);
        return 2;
    }
    f.frequency = 3571200;
    avr = avr_make_mcu_by_name("atmega32");
    if (!avr || avr_init(avr) != 0)
        return 2;
    avr_load_firmware(avr, &f);
    for (io = avr->io_port; io; io = io->next)
        if (!strcmp(io->kind, "eeprom"))
            ee = (avr_eeprom_t *)io;
    if (!ee)
        return 2;
    free(ee->eeprom);
    ee->eeprom = malloc(EE_BYTES);
    ee->size = EE_BYTES;
    memset(ee->eeprom, 0xFF, EE_BYTES);
    if ((fp = fopen(argv[2], "rb"))) {
        if (fread(ee->eeprom, 1, EE_BYTES, fp) != EE_BYTES)
            memset(ee->eeprom, 0xFF, EE_BYTES);
        fclose(fp);
    }
    uart_in = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON), xon, NULL);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT), output, NULL);
    reset();
    while (fgets(line, sizeof line, stdin)) {
        char *p = line;
        int n = 0, is_raw;
        unsigned v;

        while (isspace((unsigned char)*p))
            p++;
        if (!*p || *p == '#')
            continue;
        if (!strncmp(p, "reset", 5)) {
            reset();
            continue;
        }
        is_raw = *p == 't';
        if (is_raw)
            p++;
        while (*p == ' ')
            p++;
        while (n < (int)sizeof a && sscanf(p, "%2x", &v) == 1) {
            a[n++] = (uint8_t)v;
            p += 2;
            while (*p == ' ')
                p++;
        }
        if (n < 4 || (is_raw && (n < 5 || n - 5 != (a[4] && n > 5 ? a[4] : n - 5)))) {
            printf("bad line\n");
            continue;
        }
        if (is_raw)
            raw(a, n);
        else
            apdu(a, n);
        fflush(stdout);
    }
    if ((fp = fopen(argv[2], "wb"))) {
        fwrite(ee->eeprom, 1, EE_BYTES, fp);
        fclose(fp);
    }
    return 0;
}
