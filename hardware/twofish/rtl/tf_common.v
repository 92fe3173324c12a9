// Twofish-128 building blocks shared by every core in this directory.
//
// Conventions (all cores):
//   * A 128-bit block or key on a port holds bytes b0..b15 with b0 in bits
//     [127:120], the order in which the known-answer files print them.
//   * Word i of a block is little-endian: {b(4i+3), b(4i+2), b(4i+1), b(4i)}.
//   * For a 128-bit key, Me = (M0, M2) and Mo = (M1, M3); g uses
//     L = (S1, S0): a byte of h goes q_a, xor L1, q_b, xor L0, q_c.
//
// The q permutations are built from their four 4-bit tables (the
// construction of the Twofish specification), never stored as 256-entry
// tables; the MDS and RS constants are multiplied with shifts and xors.

// The h block for a 128-bit key: the four S-box lanes (y, also what a core
// with precomputed S-boxes stores) and the MDS product (z).
module tf_h (
    input  wire [31:0] x,
    input  wire [31:0] l0,
    input  wire [31:0] l1,
    output reg  [31:0] y,      // S-box bytes, lane k in y[8k+7:8k]
    output reg  [31:0] z       // MDS(y)
);
`include "tf_func.vh"
    always @* begin
        y = {tf_lanef(2'd3, x[31:24], l0[31:24], l1[31:24]),
             tf_lanef(2'd2, x[23:16], l0[23:16], l1[23:16]),
             tf_lanef(2'd1, x[15:8],  l0[15:8],  l1[15:8]),
             tf_lanef(2'd0, x[7:0],   l0[7:0],   l1[7:0])};
        z = tf_mdsf(y);
    end
endmodule

// RS unit for a 128-bit key: S0 and S1 computed side by side, RSB key bytes
// of each per clock, 8/RSB clocks.  'first' restarts from a zero remainder
// and takes its bytes from key_in (the clock in which the key is loaded);
// later clocks take them from the stored key kreg.  cnt is the clock number.
module tf_rs_unit #(parameter RSB = 1) (
    input  wire         first,
    input  wire [3:0]   cnt,
    input  wire [127:0] key_in,
    input  wire [127:0] kreg,
    input  wire [31:0]  s0,
    input  wire [31:0]  s1,
    output reg  [31:0]  s0n,
    output reg  [31:0]  s1n
);
`include "tf_func.vh"
    // Byte n of a key sits in bits [8(15-n)+7 : 8(15-n)].  At clock c, step
    // q, S0 takes byte 7 - c*RSB - q and S1 byte 15 - c*RSB - q.
    integer q;
    always @* begin
        s0n = first ? 32'd0 : s0;
        s1n = first ? 32'd0 : s1;
        for (q = 0; q < RSB; q = q + 1) begin
            s0n = tf_rsf(s0n, first ? key_in[8*(8 + q) +: 8] : kreg[8*(8 + cnt*RSB + q) +: 8]);
            s1n = tf_rsf(s1n, first ? key_in[8*q +: 8]       : kreg[8*(cnt*RSB + q) +: 8]);
        end
    end
endmodule

// Last step of a round (encrypt) or of an inverse round (decrypt), with the
// block held as (W0, W1, W2, W3) in both directions (see the cores): returns
// the two new words that replace W2, W3 before the halves swap.
//   encrypt: n2 = ROR(W2 ^ F0, 1), n3 = ROL(W3, 1) ^ F1
//   decrypt: n2 = ROL(W2, 1) ^ F0, n3 = ROR(W3 ^ F1, 1)
module tf_feistel (
    input  wire        dec,
    input  wire [31:0] w2, w3, f0, f1,
    output wire [31:0] n2, n3
);
    wire [31:0] e2 = w2 ^ f0;
    wire [31:0] e3 = {w3[30:0], w3[31]} ^ f1;
    wire [31:0] x3 = w3 ^ f1;
    assign n2 = dec ? ({w2[30:0], w2[31]} ^ f0) : {e2[0], e2[31:1]};
    assign n3 = dec ? {x3[0], x3[31:1]} : e3;
endmodule
