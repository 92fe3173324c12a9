#!/usr/bin/env python3
"""Twofish-128 reference model for the hardware testbenches (standard library only).

Written from the Twofish specification: the q0/q1 permutations built from their
4-bit tables, the MDS matrix over GF(2^8) mod x^8+x^6+x^5+x^3+1, the RS matrix
over GF(2^8) mod x^8+x^6+x^3+x^2+1, the h function, the key schedule and the
16-round Feistel network with input and output whitening.

Besides encrypt/decrypt it exposes the intermediate values the RTL produces
(S words, the 40 subkeys, the key-dependent S-boxes) so a failing simulation
can be compared step by step.

Usage:
  twofish_ref.py selftest VECTOR_DIR          check every 128-bit KAT vector
  twofish_ref.py tbvec VECTOR_DIR N SEED OUT  self-test, then write the
                                              testbench inputs OUT/kat.hex and
                                              OUT/rnd.hex

A testbench line is "key pt0 ct0 pt1 ct1 pt2 ct2 pt3 ct3" (hex, bytes in the
KAT files' order): four blocks under one key, so a core can be run with
blocks back to back and an interleaved core with a full batch.  In kat.hex
(key, pt0, ct0) is a vector of the KAT files, checked against the file; the
three further blocks are derived from it and their ciphertexts come from this
model.  rnd.hex has N random keys with four random blocks each.
"""
import os
import random
import sys

M32 = 0xFFFFFFFF

# 4-bit tables t0..t3 of q0 and q1.
Q_TABLES = {
    0: ([0x8, 0x1, 0x7, 0xD, 0x6, 0xF, 0x3, 0x2, 0x0, 0xB, 0x5, 0x9, 0xE, 0xC, 0xA, 0x4],
        [0xE, 0xC, 0xB, 0x8, 0x1, 0x2, 0x3, 0x5, 0xF, 0x4, 0xA, 0x6, 0x7, 0x0, 0x9, 0xD],
        [0xB, 0xA, 0x5, 0xE, 0x6, 0xD, 0x9, 0x0, 0xC, 0x8, 0xF, 0x3, 0x2, 0x4, 0x7, 0x1],
        [0xD, 0x7, 0xF, 0x4, 0x1, 0x2, 0x6, 0xE, 0x9, 0xB, 0x3, 0x0, 0x8, 0x5, 0xC, 0xA]),
    1: ([0x2, 0x8, 0xB, 0xD, 0xF, 0x7, 0x6, 0xE, 0x3, 0x1, 0x9, 0x4, 0x0, 0xA, 0xC, 0x5],
        [0x1, 0xE, 0x2, 0xB, 0x4, 0xC, 0x3, 0x7, 0x6, 0xD, 0xA, 0x5, 0xF, 0x9, 0x0, 0x8],
        [0x4, 0xC, 0x7, 0x5, 0x1, 0x6, 0x9, 0xA, 0x0, 0xE, 0xD, 0x8, 0x2, 0xB, 0x3, 0xF],
        [0xB, 0x9, 0x5, 0x1, 0xC, 0x3, 0xD, 0xE, 0x6, 0x4, 0x7, 0xF, 0x2, 0x0, 0x8, 0xA]),
}


def ror4(x, n):
    return ((x >> n) | (x << (4 - n))) & 0xF


def q_perm(which, x):
    t0, t1, t2, t3 = Q_TABLES[which]
    a0, b0 = x >> 4, x & 0xF
    a1 = a0 ^ b0
    b1 = a0 ^ ror4(b0, 1) ^ ((8 * a0) & 0xF)
    a2, b2 = t0[a1], t1[b1]
    a3 = a2 ^ b2
    b3 = a2 ^ ror4(b2, 1) ^ ((8 * a2) & 0xF)
    a4, b4 = t2[a3], t3[b3]
    return (b4 << 4) | a4


Q0 = [q_perm(0, x) for x in range(256)]
Q1 = [q_perm(1, x) for x in range(256)]


def gf_mul(a, b, poly):
    r = 0
    while b:
        if b & 1:
            r ^= a
        a <<= 1
        if a & 0x100:
            a ^= poly
        b >>= 1
    return r


MDS_POLY = 0x169
RS_POLY = 0x14D
MDS = [[0x01, 0xEF, 0x5B, 0x5B],
       [0x5B, 0xEF, 0xEF, 0x01],
       [0xEF, 0x5B, 0x01, 0xEF],
       [0xEF, 0x01, 0xEF, 0x5B]]
RS = [[0x01, 0xA4, 0x55, 0x87, 0x5A, 0x58, 0xDB, 0x9E],
      [0xA4, 0x56, 0x82, 0xF3, 0x1E, 0xC6, 0x68, 0xE5],
      [0x02, 0xA1, 0xFC, 0xC1, 0x47, 0xAE, 0x3D, 0x19],
      [0xA4, 0x55, 0x87, 0x5A, 0x58, 0xDB, 0x9E, 0x03]]


def rol(x, n):
    n %= 32
    return ((x << n) | (x >> (32 - n))) & M32


def ror(x, n):
    return rol(x, 32 - (n % 32))


def word_bytes(w):
    return [(w >> (8 * i)) & 0xFF for i in range(4)]


def bytes_word(b):
    return b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)


# q sequence per byte position for a 128-bit key (k = 2): first, second, third q.
Q_ORDER = [(0, 0, 1), (1, 0, 0), (0, 1, 1), (1, 1, 0)]


def sbox_byte(j, x, l0, l1):
    """Key-dependent S-box j of h for k = 2: q, xor l1, q, xor l0, q."""
    qa, qb, qc = (Q0 if o == 0 else Q1 for o in Q_ORDER[j])
    return qc[qb[qa[x] ^ l1] ^ l0]


def mds(y):
    out = []
    for i in range(4):
        v = 0
        for j in range(4):
            v ^= gf_mul(MDS[i][j], y[j], MDS_POLY)
        out.append(v)
    return bytes_word(out)


def h(x, l0, l1):
    """h(X, L) with L = (L0, L1) for a 128-bit key."""
    xb, b0, b1 = word_bytes(x), word_bytes(l0), word_bytes(l1)
    return mds([sbox_byte(j, xb[j], b0[j], b1[j]) for j in range(4)])


def rs_word(key_bytes8):
    """One S word: the RS matrix times eight key bytes."""
    return bytes_word([_rs_row(i, key_bytes8) for i in range(4)])


def _rs_row(i, m):
    v = 0
    for j in range(8):
        v ^= gf_mul(RS[i][j], m[j], RS_POLY)
    return v


class Twofish128:
    RHO = 0x01010101

    def __init__(self, key16):
        assert len(key16) == 16
        m = [bytes_word(key16[4 * i:4 * i + 4]) for i in range(4)]
        self.me = (m[0], m[2])
        self.mo = (m[1], m[3])
        s0 = rs_word(key16[0:8])
        s1 = rs_word(key16[8:16])
        # S = (S1, S0): L0 = S1, L1 = S0 in g.
        self.s = (s1, s0)
        self.k = []
        for i in range(20):
            a = h(2 * i * self.RHO, *self.me)
            b = rol(h((2 * i + 1) * self.RHO, *self.mo), 8)
            self.k.append((a + b) & M32)
            self.k.append(rol((a + 2 * b) & M32, 9))
        # Key-dependent S-boxes (the table a full-keying design precomputes).
        sb0, sb1 = word_bytes(self.s[0]), word_bytes(self.s[1])
        self.sbox = [[sbox_byte(j, x, sb0[j], sb1[j]) for x in range(256)] for j in range(4)]

    def g(self, x):
        return h(x, *self.s)

    def encrypt(self, pt16):
        r = [bytes_word(pt16[4 * i:4 * i + 4]) ^ self.k[i] for i in range(4)]
        for rnd in range(16):
            t0 = self.g(r[0])
            t1 = self.g(rol(r[1], 8))
            f0 = (t0 + t1 + self.k[2 * rnd + 8]) & M32
            f1 = (t0 + 2 * t1 + self.k[2 * rnd + 9]) & M32
            n2 = ror(r[2] ^ f0, 1)
            n3 = rol(r[3], 1) ^ f1
            r = [n2, n3, r[0], r[1]]
        c = [r[2] ^ self.k[4], r[3] ^ self.k[5], r[0] ^ self.k[6], r[1] ^ self.k[7]]
        return b"".join(w.to_bytes(4, "little") for w in c)

    def decrypt(self, ct16):
        c = [bytes_word(ct16[4 * i:4 * i + 4]) for i in range(4)]
        r = [c[2] ^ self.k[6], c[3] ^ self.k[7], c[0] ^ self.k[4], c[1] ^ self.k[5]]
        for rnd in range(15, -1, -1):
            # r holds (R0', R1', R2', R3') = (n2, n3, old r0, old r1)
            o0, o1 = r[2], r[3]
            t0 = self.g(o0)
            t1 = self.g(rol(o1, 8))
            f0 = (t0 + t1 + self.k[2 * rnd + 8]) & M32
            f1 = (t0 + 2 * t1 + self.k[2 * rnd + 9]) & M32
            o2 = rol(r[0], 1) ^ f0
            o3 = ror(r[1] ^ f1, 1)
            r = [o0, o1, o2, o3]
        p = [r[i] ^ self.k[i] for i in range(4)]
        return b"".join(w.to_bytes(4, "little") for w in p)


def read_kat_128(path):
    """Yield (key, pt, ct) byte strings for the KEYSIZE=128 part of a KAT file."""
    keysize = None
    key = pt = None
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("KEYSIZE="):
                keysize = int(line.split("=")[1])
                key = pt = None
                continue
            if keysize != 128 or "=" not in line:
                continue
            name, val = line.split("=", 1)
            if name == "KEY":
                key = bytes.fromhex(val)
            elif name == "PT":
                pt = bytes.fromhex(val)
            elif name == "CT":
                yield key, pt, bytes.fromhex(val)


KAT_FILES = ("ecb_tbl.txt", "ecb_vk.txt", "ecb_vt.txt")


def all_kats(vector_dir):
    for name in KAT_FILES:
        for key, pt, ct in read_kat_128(os.path.join(vector_dir, name)):
            yield name, key, pt, ct


def selftest(vector_dir):
    n = 0
    for name, key, pt, ct in all_kats(vector_dir):
        tf = Twofish128(key)
        got = tf.encrypt(pt)
        if got != ct:
            raise SystemExit(f"{name}: encrypt {key.hex()} {pt.hex()} gave {got.hex()}, want {ct.hex()}")
        if tf.decrypt(ct) != pt:
            raise SystemExit(f"{name}: decrypt {key.hex()} {ct.hex()} failed")
        n += 1
    # The spec's q0/q1 start with these values.
    assert Q0[:4] == [0xA9, 0x67, 0xB3, 0xE8] and Q1[:4] == [0x75, 0xF3, 0xC6, 0xF4]
    print(f"reference model: {n} KAT vectors (128-bit) pass, encrypt and decrypt")
    return n


def tb_lines(vector_dir, n, seed, outdir):
    selftest(vector_dir)
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, "kat.hex"), "w") as f:
        count = 0
        for _, key, pt, ct in all_kats(vector_dir):
            tf = Twofish128(key)
            blocks = [(pt, ct)]
            for j in range(1, 4):
                p = bytes((b + 0x35 * j + i) & 0xFF for i, b in enumerate(ct))
                blocks.append((p, tf.encrypt(p)))
            f.write(" ".join([key.hex()] + [x.hex() for pc in blocks for x in pc]) + "\n")
            count += 1
    rng = random.Random(seed)
    with open(os.path.join(outdir, "rnd.hex"), "w") as f:
        for _ in range(n):
            key = bytes(rng.randrange(256) for _ in range(16))
            tf = Twofish128(key)
            blocks = []
            for _ in range(4):
                p = bytes(rng.randrange(256) for _ in range(16))
                c = tf.encrypt(p)
                assert tf.decrypt(c) == p
                blocks.append((p, c))
            f.write(" ".join([key.hex()] + [x.hex() for pc in blocks for x in pc]) + "\n")
    print(f"testbench vectors: {count} KAT lines, {n} random lines (seed {seed}) in {outdir}")


def main(argv):
    if len(argv) >= 2 and argv[1] == "selftest":
        selftest(argv[2])
    elif len(argv) >= 2 and argv[1] == "tbvec":
        tb_lines(argv[2], int(argv[3]), int(argv[4]), argv[5])
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
