/*
 * cardvm store: applets loaded, installed, selected, run and deleted
 * (store.h; docs/card.md "Applets").
 *
 * The store in EEPROM: STORE_SLOTS slots, each a header page and a code
 * area. Header page of a slot:
 *   [0] loaded     0x5A: the code area holds a complete, verified program
 *   [1] installed  0x5A: installed (runnable); meaningful only when loaded
 *   [2] aid_len, [3..18] the load file's AID, [19..20] length in slots (BE)
 * Anything but 0x5A in [0] is a free slot.
 *
 * Why a power cut leaves the store as before or as after: a cut tears only
 * the page being programmed, each of its latched bytes old, new or erased
 * (FF). A load writes the code area and then the header's fields [1..20]
 * while [0] is not 0x5A, so the slot stays free whatever is cut; then
 * [0] = 0x5A alone is the commit (old, erased: still free; new: loaded,
 * over fields that were complete before it). INSTALL programs [1] alone and
 * DELETE [0] alone = 0x00: a torn byte reads as the old state or the new
 * (an erased FF counts as "not 0x5A", which is the new state for DELETE and
 * the old for INSTALL). No applet's bytes are ever programmed while its
 * slot is loaded.
 */
#include <string.h>
#include "cvm.h"
#include "store.h"

#define LIVE            0x5Au
#define DEAD            0x00u
#define H_LOADED        0u
#define H_INSTALLED     1u
#define H_AID_LEN       2u
#define H_AID           3u
#define H_SLOTS         19u
#define H_FIELDS        21u     /* bytes [0..20] */
#define AID_MIN         5u
#define AID_MAX         16u
#define NONE            0xFFu

/* status words (ISO/IEC 7816-4, GlobalPlatform card-content management) */
#define SW_OK           0x9000u
#define SW_MEMORY       0x6581u /* EEPROM programming failed */
#define SW_WRONG_LEN    0x6700u
#define SW_CONDITIONS   0x6985u /* no load in progress, nothing selected, already there */
#define SW_WRONG_DATA   0x6A80u
#define SW_NO_SPACE     0x6A84u
#define SW_P1P2         0x6A86u
#define SW_NOT_FOUND    0x6A88u
#define SW_INS          0x6D00u
#define SW_VM           0x6400u /* + the VM's status: refused at load or stopped */
#define SENT            0u      /* a handler's answer when it has answered itself */

#define INS_INSTALL     0xE6u
#define INS_LOAD        0xE8u
#define INS_DELETE      0xE4u
#define INS_GET_STATUS  0xF2u
#define INS_RUN         0x3Au

/* the applet's view: helpers 1..5 (cardlab_applet.h) and lent tables */
#define SBOX_BASE       0x00010000ul
#define INV_SBOX_BASE   0x00010100ul
#define HS_OUT_FULL     32u
#define HS_FILE_BOUNDS  33u
#define HS_EEPROM       34u
#define HS_NO_KEY       35u

static const uint8_t *cmd;      /* the command header being answered */
#define P1              cmd[2]
#define P2              cmd[3]
#define P3              cmd[4]

/* the load in progress (RAM: a reset forgets it and the slot stays free) */
static uint8_t load_slot = NONE;
static uint8_t load_seq;        /* the LOAD block number expected next */
static uint16_t load_total;     /* bytes the C4 header announced */
static uint16_t load_done;      /* bytes of code received */
static uint8_t load_aid[1 + AID_MAX];
static uint8_t page[STORE_PAGE];        /* the code page being gathered */

/* the VM and the selected applet */
static uint8_t selected = NONE;
static struct cvm vm;
static uint8_t vm_stack[256];
static uint8_t out[256];
static uint16_t out_len;
static uint16_t in_len, in_pos;
static struct cvm_region regions[2];

static void sw(uint16_t w)
{
    if (w != SENT)
        card_sw((uint8_t)(w >> 8), (uint8_t)w);
}

static uint16_t hdr_at(uint8_t slot)
{
    return STORE_HDR + (uint16_t)slot * STORE_PAGE;
}

static uint16_t code_at(uint8_t slot)
{
    return STORE_CODE + (uint16_t)slot * STORE_SLOT_BYTES;
}

static uint8_t hdr_byte(uint8_t slot, uint8_t i)
{
    uint8_t b;
    card_ee_read(&b, hdr_at(slot) + i, 1);
    return b;
}

static uint8_t is_loaded(uint8_t slot)
{
    return hdr_byte(slot, H_LOADED) == LIVE;
}

static uint8_t is_installed(uint8_t slot)
{
    return is_loaded(slot) && hdr_byte(slot, H_INSTALLED) == LIVE;
}

/* the loaded slot whose AID is lv (length byte, then the AID), or NONE */
static uint8_t find(const uint8_t *lv)
{
    uint8_t slot, i, b;

    for (slot = 0; slot < STORE_SLOTS; slot++) {
        if (!is_loaded(slot) || hdr_byte(slot, H_AID_LEN) != lv[0])
            continue;
        for (i = 0; i < lv[0]; i++) {
            card_ee_read(&b, hdr_at(slot) + H_AID + i, 1);
            if (b != lv[1 + i])
                break;
        }
        if (i == lv[0])
            return slot;
    }
    return NONE;
}

/* Program one byte of a header page on its own: the store's commits. */
static uint8_t set_byte(uint8_t slot, uint8_t i, uint8_t v)
{
    return card_ee_write(hdr_at(slot) + i, &v, 1);
}

/* The data of an INSTALL or DELETE as `count` length-value fields filling
 * it exactly; the first is an AID of 5..16 bytes. 1 when well formed. */
static uint8_t lvs_ok(const uint8_t *d, uint8_t len, uint8_t count)
{
    uint8_t pos = 0;

    if (len == 0 || d[0] < AID_MIN || d[0] > AID_MAX)
        return 0;
    while (count--) {
        if (pos >= len || d[pos] > len - pos - 1)
            return 0;
        pos += 1 + d[pos];
    }
    return pos == len;
}

static void abort_load(void)
{
    load_slot = NONE;
}

/* A refused LOAD ends the load: the slot stays free. */
static uint16_t fail_load(uint16_t w)
{
    abort_load();
    return w;
}

/* ---- INSTALL ------------------------------------------------------------- */

/* 80 E6 02 00 Lc: LV load file AID, LV security domain AID, LV hash,
 * LV load parameters, LV load token. Starts a load into a free slot. */
static uint16_t install_for_load(void)
{
    uint8_t slot;

    abort_load();
    if (!lvs_ok(card_buf, P3, 5))
        return SW_WRONG_DATA;
    if (find(card_buf) != NONE)
        return SW_CONDITIONS;       /* that AID is loaded: DELETE it first */
    for (slot = 0; slot < STORE_SLOTS && is_loaded(slot); slot++)
        ;
    if (slot == STORE_SLOTS)
        return SW_NO_SPACE;
    memcpy(load_aid, card_buf, 1u + card_buf[0]);
    load_slot = slot;
    load_seq = 0;
    load_total = 0;
    load_done = 0;
    return SW_OK;
}

/* 80 E6 04 (or 0C: and make selectable) 00 Lc: LV load file AID, LV
 * module AID, LV application AID, LV privileges, LV install parameters,
 * LV install token. The applet is known by its load file's AID. */
static uint16_t install_for_install(void)
{
    uint8_t slot;

    abort_load();
    if (!lvs_ok(card_buf, P3, 6))
        return SW_WRONG_DATA;
    slot = find(card_buf);
    if (slot == NONE)
        return SW_NOT_FOUND;
    if (is_installed(slot))
        return SW_CONDITIONS;
    if (!set_byte(slot, H_INSTALLED, LIVE))
        return SW_MEMORY;
    return SW_OK;
}

/* ---- LOAD ------------------------------------------------------------------ */

/* Program the gathered page (n bytes) at code offset `at` of the load. */
static uint8_t flush_page(uint16_t at, uint8_t n)
{
    return card_ee_write(code_at(load_slot) + at, page, n);
}

/* The C4 tag and its BER length at the start of block 0; the bytes it
 * takes, or 0 when malformed. */
static uint8_t c4_header(const uint8_t *d, uint8_t len)
{
    if (len < 2 || d[0] != 0xC4)
        return 0;
    if (d[1] < 0x80) {
        load_total = d[1];
        return 2;
    }
    if (d[1] == 0x81 && len >= 3) {
        load_total = d[2];
        return 3;
    }
    if (d[1] == 0x82 && len >= 4) {
        load_total = (uint16_t)d[2] << 8 | d[3];
        return 4;
    }
    return 0;
}

/* The load is complete: verify the program, then write the header's fields
 * and commit. */
static uint16_t finish_load(void)
{
    static uint8_t fields[H_FIELDS];
    uint16_t slots = load_total / 8u;
    cvm_status s;

    if (load_done != load_total || load_total % 8u != 0)
        return fail_load(SW_WRONG_DATA);
    s = cvm_load(&vm, card_ee_prog(code_at(load_slot)), slots);
    selected = NONE;                    /* the VM now holds this program */
    if (s != CVM_OK)
        return fail_load(SW_VM | s);
    memset(fields, 0xFF, sizeof fields);
    memcpy(fields + H_AID_LEN, load_aid, 1u + load_aid[0]);
    fields[H_SLOTS] = (uint8_t)(slots >> 8);
    fields[H_SLOTS + 1] = (uint8_t)slots;
    if (!card_ee_write(hdr_at(load_slot) + 1, fields + 1, H_FIELDS - 1)
        || !set_byte(load_slot, H_LOADED, LIVE))
        return fail_load(SW_MEMORY);
    abort_load();                       /* done: no load in progress */
    return SW_OK;
}

/* 80 E8 P1 P2 Lc block: P1 80 on the last block, else 00; P2 the block
 * number from 0. Block 0 starts with C4 and the code's length. The code is
 * programmed a page at a time as it arrives, each page once. */
static uint16_t load(void)
{
    const uint8_t *d = card_buf;
    uint8_t n = P3, k;

    if (load_seq == 0) {
        k = c4_header(d, n);
        if (k == 0)
            return fail_load(SW_WRONG_DATA);
        if (load_total > STORE_SLOT_BYTES)
            return fail_load(SW_NO_SPACE);
        d += k;
        n -= k;
    }
    if (n > load_total - load_done)
        return fail_load(SW_WRONG_DATA);
    while (n) {
        k = (uint8_t)(load_done % STORE_PAGE);
        page[k] = *d++;
        n--;
        load_done++;
        if (k == STORE_PAGE - 1 || load_done == load_total) {
            if (!flush_page(load_done - 1u - k, k + 1u))
                return fail_load(SW_MEMORY);
        }
    }
    load_seq++;
    if (P1 == 0x80)
        return finish_load();
    return SW_OK;
}

/* ---- DELETE, GET STATUS ------------------------------------------------------ */

/* 80 E4 00 00 Lc 4F len AID */
static uint16_t delete_applet(void)
{
    uint8_t slot;

    abort_load();
    if (P3 < 2 || card_buf[0] != 0x4F || card_buf[1] != P3 - 2u
        || !lvs_ok(card_buf + 1, P3 - 1u, 1))
        return SW_WRONG_DATA;
    slot = find(card_buf + 1);
    if (slot == NONE)
        return SW_NOT_FOUND;
    if (selected == slot)
        selected = NONE;
    if (!set_byte(slot, H_LOADED, DEAD))
        return SW_MEMORY;
    return SW_OK;
}

/* 80 F2 P1 00 02 4F 00: P1 40 the installed applets, 10 or 20 the load
 * files. Answers, per applet: AID length, AID, life cycle (07 installed,
 * 01 loaded), privileges (00): GlobalPlatform's P2 = 00 format. */
static uint16_t get_status(void)
{
    uint8_t slot, n = 0, len;

    if (card_buf[0] != 0x4F || card_buf[1] != 0)
        return SW_WRONG_DATA;
    for (slot = 0; slot < STORE_SLOTS; slot++) {
        if (P1 == 0x40 ? !is_installed(slot) : !is_loaded(slot))
            continue;
        len = hdr_byte(slot, H_AID_LEN);
        card_ee_read(out + n, hdr_at(slot) + H_AID_LEN, 1u + len);
        n += 1u + len;
        out[n++] = P1 == 0x40 ? 0x07 : 0x01;
        out[n++] = 0x00;
    }
    if (n == 0)
        return SW_NOT_FOUND;
    memcpy(card_buf, out, n);
    card_respond(n);
    return SENT;
}

/* ---- SELECT and RUN ---------------------------------------------------------- */

uint8_t store_select(const uint8_t *aid, uint8_t len)
{
    static uint8_t lv[1 + AID_MAX];
    uint8_t slot;

    if (len < AID_MIN || len > AID_MAX)
        return 0;
    lv[0] = len;
    memcpy(lv + 1, aid, len);
    slot = find(lv);
    if (slot == NONE || !is_installed(slot))
        return 0;
    /* verified again: the program is in EEPROM, which a reader cannot
     * write but a failing cell could change */
    selected = NONE;
    if (cvm_load(&vm, card_ee_prog(code_at(slot)),
                 (uint16_t)hdr_byte(slot, H_SLOTS) << 8 | hdr_byte(slot, H_SLOTS + 1))
        != CVM_OK) {
        sw(SW_VM | vm.status);
        return 1;
    }
    selected = slot;
    sw(SW_OK);
    return 1;
}

void store_deselect(void)
{
    selected = NONE;
}

/* 80 3A P1 00 Lc input: run the selected applet with r1 = P1 */
static uint16_t run(void)
{
    cvm_status s;

    in_len = P3;
    in_pos = 0;
    out_len = 0;
    s = cvm_run(&vm, P1, STORE_BUDGET);
    if (s != CVM_OK)
        return SW_VM | s;
    if (out_len == 0)
        return SW_OK;
    memcpy(card_buf, out, out_len);
    card_respond((uint8_t)out_len);     /* 256 bytes: 61 00 */
    return SENT;
}

/* ---- the helpers (cardlab_applet.h) --------------------------------------- */

/* End the run with status s (the helper's return value is not used). */
static uint32_t helper_fails(struct cvm *v, cvm_status s)
{
    cvm_fail(v, s);
    return 0;
}

/* helper 1: read(buf, len) */
static uint32_t h_read(struct cvm *v)
{
    uint16_t n = in_len - in_pos;
    uint8_t *p;

    if (v->r[2] < n)
        n = (uint16_t)v->r[2];
    if (n == 0)
        return 0;
    p = cvm_mem(v, v->r[1], n, 1);
    if (p == NULL)
        return helper_fails(v, CVM_OOB_STORE);
    memcpy(p, card_buf + in_pos, n);
    in_pos += n;
    return n;
}

/* helper 2: write(buf, len) */
static uint32_t h_write(struct cvm *v)
{
    uint32_t n = v->r[2];
    const uint8_t *p;

    if (n > (uint32_t)(sizeof out - out_len))
        return helper_fails(v, HS_OUT_FULL);
    p = cvm_mem(v, v->r[1], n, 0);
    if (p == NULL)
        return helper_fails(v, CVM_OOB_LOAD);
    memcpy(out + out_len, p, (uint16_t)n);
    out_len += (uint16_t)n;
    return n;
}

/* r1 = offset, r3 = length inside the data file? */
static uint8_t in_file(struct cvm *v)
{
    return v->r[1] <= STORE_FILE_BYTES && v->r[3] <= STORE_FILE_BYTES - v->r[1];
}

/* helper 3: file_read(off, buf, len) */
static uint32_t h_file_read(struct cvm *v)
{
    uint16_t off = (uint16_t)v->r[1], n = (uint16_t)v->r[3], k;
    uint8_t *p;

    if (!in_file(v))
        return helper_fails(v, HS_FILE_BOUNDS);
    p = cvm_mem(v, v->r[2], n, 1);
    if (p == NULL && n != 0)
        return helper_fails(v, CVM_OOB_STORE);
    for (k = 0; k < n; k += STORE_PAGE) {
        uint16_t left = n - k;
        card_ee_read(p + k, STORE_FILE + off + k, (uint8_t)(left < STORE_PAGE ? left : STORE_PAGE));
    }
    return n;
}

/* helper 4: file_write(off, buf, len): a page program per page touched */
static uint32_t h_file_write(struct cvm *v)
{
    uint16_t off = (uint16_t)v->r[1], n = (uint16_t)v->r[3], done = 0;
    const uint8_t *p;
    uint8_t k;

    if (!in_file(v))
        return helper_fails(v, HS_FILE_BOUNDS);
    p = cvm_mem(v, v->r[2], n, 0);
    if (p == NULL && n != 0)
        return helper_fails(v, CVM_OOB_LOAD);
    while (done < n) {
        k = (uint8_t)(STORE_PAGE - (off + done) % STORE_PAGE);
        if (k > n - done)
            k = (uint8_t)(n - done);
        if (!cvm_charge(v, STORE_PAGE_CHARGE))
            return 0;
        memcpy(page, p + done, k);      /* to RAM: the source may be a ROM table */
        if (!card_ee_write(STORE_FILE + off + done, page, k))
            return helper_fails(v, HS_EEPROM);
        done += k;
    }
    return n;
}

/* helper 5: key_encipher(buf) */
static uint32_t h_key_encipher(struct cvm *v)
{
    uint8_t *p = cvm_mem(v, v->r[1], 16, 1);

    if (p == NULL)
        return helper_fails(v, CVM_OOB_STORE);
    memcpy(page, p, 16);
    if (!card_key_encipher(page))
        return helper_fails(v, HS_NO_KEY);
    memcpy(p, page, 16);
    return 16;
}

static const cvm_helper helpers[6] = {
    NULL, h_read, h_write, h_file_read, h_file_write, h_key_encipher
};

/* ---- boot and dispatch --------------------------------------------------------- */

void store_boot(void)
{
    load_slot = NONE;
    selected = NONE;
    regions[0].base = SBOX_BASE;
    regions[0].len = 256;
    regions[0].host = (uint8_t *)card_sbox;     /* read-only: writable = 0 */
    regions[0].writable = 0;
    regions[1].base = INV_SBOX_BASE;
    regions[1].len = 256;
    regions[1].host = (uint8_t *)card_inv_sbox;
    regions[1].writable = 0;
    cvm_init(&vm, helpers, 6, regions, 2, vm_stack, sizeof vm_stack);
}

/* The header's checks, made before any data is received (as the card OS's
 * own commands do: a refused header is answered at once, no procedure
 * byte); SW_OK when the command may take its data. */
static uint16_t header(void)
{
    switch (cmd[1]) {
    case INS_INSTALL:
        if ((P1 != 0x02 && P1 != 0x04 && P1 != 0x0C) || P2 != 0)
            return fail_load(SW_P1P2);
        return P3 ? SW_OK : fail_load(SW_WRONG_LEN);
    case INS_LOAD:
        if (load_slot == NONE)
            return SW_CONDITIONS;
        if ((P1 != 0x00 && P1 != 0x80) || P2 != load_seq)
            return fail_load(SW_P1P2);
        return P3 ? SW_OK : fail_load(SW_WRONG_LEN);
    case INS_DELETE:
        if (P1 != 0 || P2 != 0)
            return SW_P1P2;
        return P3 ? SW_OK : SW_WRONG_LEN;
    case INS_GET_STATUS:
        if ((P1 != 0x40 && P1 != 0x10 && P1 != 0x20) || P2 != 0x00)
            return SW_P1P2;
        return P3 == 2 ? SW_OK : SW_WRONG_LEN;
    case INS_RUN:
        if (P2 != 0)
            return SW_P1P2;
        return selected == NONE ? SW_CONDITIONS : SW_OK;
    default:
        return SW_INS;
    }
}

void store_command(const uint8_t *hdr)
{
    uint16_t w;

    cmd = hdr;
    w = header();
    if (w != SW_OK) {
        sw(w);
        return;
    }
    if (P3)
        card_receive();
    switch (hdr[1]) {
    case INS_INSTALL:
        w = P1 == 0x02 ? install_for_load() : install_for_install();
        break;
    case INS_LOAD:
        w = load();
        break;
    case INS_DELETE:
        w = delete_applet();
        break;
    case INS_GET_STATUS:
        w = get_status();
        break;
    default:
        w = run();
        break;
    }
    sw(w);
}
