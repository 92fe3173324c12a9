// Helpers and Twofish primitives as functions, included inside the modules.

`ifndef TF_TABLES
`define TF_TABLES
// 4-bit tables t0..t3 of q0 and q1, nibble n in bits [4n+3:4n].
`define TF_Q0T0 64'h4ACE95B023F6D718
`define TF_Q0T1 64'hD9076A4F53218BCE
`define TF_Q0T2 64'h17423F8C09D6E5AB
`define TF_Q0T3 64'hAC5803B9E6214F7D
`define TF_Q1T0 64'h5CA04913E67FDB82
`define TF_Q1T1 64'h809F5AD673C4B2E1
`define TF_Q1T2 64'hF3B28DE0A96157C4
`define TF_Q1T3 64'hA802F746ED3C159B
`endif

// Word i (0..3) of a 128-bit port value: little-endian bytes 4i..4i+3.
function [31:0] tf_word;
    input [127:0] b;
    input integer i;
    begin
        tf_word = {b[127-8*(4*i+3) -: 8], b[127-8*(4*i+2) -: 8],
                   b[127-8*(4*i+1) -: 8], b[127-8*(4*i) -: 8]};
    end
endfunction

// Four words back to the port's byte order.
function [127:0] tf_block;
    input [31:0] w0, w1, w2, w3;
    begin
        tf_block = {w0[7:0], w0[15:8], w0[23:16], w0[31:24],
                    w1[7:0], w1[15:8], w1[23:16], w1[31:24],
                    w2[7:0], w2[15:8], w2[23:16], w2[31:24],
                    w3[7:0], w3[15:8], w3[23:16], w3[31:24]};
    end
endfunction

function [31:0] tf_rol8;
    input [31:0] x;
    begin
        tf_rol8 = {x[23:0], x[31:24]};
    end
endfunction

function [31:0] tf_rol9;
    input [31:0] x;
    begin
        tf_rol9 = {x[22:0], x[31:23]};
    end
endfunction

// ---- Twofish primitives as functions (shared by the modules in tf_common.v) ----

// q permutation from its 4-bit tables; sel = 0 gives q0, 1 gives q1.
function [7:0] tf_qf;
    input       sel;
    input [7:0] x;
    reg [63:0] t0, t1, t2, t3;
    reg [3:0]  a1, b1, a2, b2, a3, b3;
    begin
        t0 = sel ? `TF_Q1T0 : `TF_Q0T0;
        t1 = sel ? `TF_Q1T1 : `TF_Q0T1;
        t2 = sel ? `TF_Q1T2 : `TF_Q0T2;
        t3 = sel ? `TF_Q1T3 : `TF_Q0T3;
        a1 = x[7:4] ^ x[3:0];
        b1 = x[7:4] ^ {x[0], x[3:1]} ^ {x[4], 3'b000};
        a2 = t0[{a1, 2'b00} +: 4];
        b2 = t1[{b1, 2'b00} +: 4];
        a3 = a2 ^ b2;
        b3 = a2 ^ {b2[0], b2[3:1]} ^ {a2[0], 3'b000};
        tf_qf = {t3[{b3, 2'b00} +: 4], t2[{a3, 2'b00} +: 4]};
    end
endfunction

// One byte lane of h for a 128-bit key: q_a, xor l1, q_b, xor l0, q_c with
// (q_a, q_b, q_c) = (j[0], j[1], ~j[0]): lane 0 q0 q0 q1, lane 1 q1 q0 q0,
// lane 2 q0 q1 q1, lane 3 q1 q1 q0.
function [7:0] tf_lanef;
    input [1:0] j;
    input [7:0] x, l0, l1;
    begin
        tf_lanef = tf_qf(~j[0], tf_qf(j[1], tf_qf(j[0], x) ^ l1) ^ l0);
    end
endfunction

// y / x in the MDS field x^8+x^6+x^5+x^3+1 (0x169).
function [7:0] tf_mdiv;
    input [7:0] y;
    begin
        tf_mdiv = {1'b0, y[7:1]} ^ (y[0] ? 8'hB4 : 8'h00);
    end
endfunction

// MDS column j times byte y; 5B*y = y ^ y/x^2, EF*y = y ^ y/x ^ y/x^2.
//   [01 EF 5B 5B]
//   [5B EF EF 01]
//   [EF 5B 01 EF]
//   [EF 01 EF 5B]
function [31:0] tf_mcol;
    input [1:0] j;
    input [7:0] y;
    reg [7:0] d1, d2, b, e;
    begin
        d1 = tf_mdiv(y);
        d2 = tf_mdiv(d1);
        b  = y ^ d2;
        e  = y ^ d1 ^ d2;
        case (j)
            2'd0:    tf_mcol = {e, e, b, y};
            2'd1:    tf_mcol = {y, b, e, e};
            2'd2:    tf_mcol = {e, y, e, b};
            default: tf_mcol = {b, e, y, b};
        endcase
    end
endfunction

// MDS matrix times the four bytes of y (byte i in y[8i+7:8i]).
function [31:0] tf_mdsf;
    input [31:0] y;
    begin
        tf_mdsf = tf_mcol(2'd0, y[7:0]) ^ tf_mcol(2'd1, y[15:8]) ^
                  tf_mcol(2'd2, y[23:16]) ^ tf_mcol(2'd3, y[31:24]);
    end
endfunction

// One RS step as polynomial division: remainder r = (r3, r2, r1, r0) takes
// key byte m, highest-degree byte first (m7 down to m0 for S0).  Generator
// x^4 + A4 x^3 + 02 x^2 + A4 x + 1 over x^8+x^6+x^3+x^2+1 (0x14D),
// A4 = x + 1/x.  After eight steps r is the S word (byte i in r[8i+7:8i]),
// equal to the RS matrix times the eight key bytes.
function [31:0] tf_rsf;
    input [31:0] r;
    input [7:0]  m;
    reg [7:0] t, tx, ta;
    begin
        t  = r[31:24] ^ m;
        tx = {t[6:0], 1'b0} ^ (t[7] ? 8'h4D : 8'h00);
        ta = tx ^ {1'b0, t[7:1]} ^ (t[0] ? 8'hA6 : 8'h00);
        tf_rsf = {r[23:16] ^ ta, r[15:8] ^ tx, r[7:0] ^ ta, t};
    end
endfunction
