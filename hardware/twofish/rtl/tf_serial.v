// Twofish-128, byte-serial: one S-box lane per clock, a quarter of an h
// block, subkeys computed on the fly (seed 001 Table 4, row "8000 gates,
// 0.25 h blocks, 324 clocks/block, 20 startup clocks").
//
// Each clock takes one byte of the h input through its key-dependent S-box
// (q, xor, q, xor, q for a 128-bit key, the q order chosen by the byte
// position) and xors that byte times the matching MDS column into a 32-bit
// accumulator, so an h takes four clocks.  The schedule is that of the
// one-h core (tf_h1otf.v) with every h spread over four clocks: per round
// A = h(2i*rho, Me), B = h((2i+1)*rho, Mo), T0 = g(W0), T1 = g(ROL(W1, 8)).
// The subkey and PHT additions are done by two 32-bit adders in the clock
// that completes an h (its last byte), so no clocks are spent on them:
// 16 clocks a round, 16 for each whitening step, 18 x 16 = 288 a block.
//
// Key setup is the RS code, RSB key bytes of S0 and of S1 per clock.
module tf_serial #(
    parameter RSB = 1
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         key_load,
    input  wire [127:0] key_in,
    input  wire         start,
    input  wire         decrypt,
    input  wire [127:0] din,
    output wire         ready,
    output reg          done,
    output wire [127:0] dout
);
`include "tf_func.vh"
    localparam RSN = 8 / RSB;

    // ---- key: stored key bytes and the RS remainders (S0, S1) ----
    reg [127:0] kreg;
    reg [31:0]  s0, s1;
    reg [3:0]   kcnt;
    reg         kbusy, kready;
    wire [31:0] s0n, s1n;
    tf_rs_unit #(.RSB(RSB)) rs (.first(key_load), .cnt(kcnt), .key_in(key_in),
        .kreg(kreg), .s0(s0), .s1(s1), .s0n(s0n), .s1n(s1n));
    wire [31:0] m0 = tf_word(kreg, 0), m1 = tf_word(kreg, 1);
    wire [31:0] m2 = tf_word(kreg, 2), m3 = tf_word(kreg, 3);

    // ---- sequencing ----
    reg         busy, dec;
    reg [4:0]   st;          // 0 input whitening, 1..16 rounds, 17 output whitening
    reg [1:0]   ph;
    reg [1:0]   by;          // byte (S-box lane) of the current h
    wire        go   = start & ready;
    wire        act  = busy | go;
    wire        decn = busy ? dec : decrypt;
    wire [4:0]  stc  = busy ? st : 5'd0;
    wire [1:0]  phc  = busy ? ph : 2'd0;
    wire [1:0]  byc  = busy ? by : 2'd0;
    wire        last = (byc == 2'd3);                // this clock completes an h
    wire        win  = (stc == 5'd0);
    wire        wout = (stc == 5'd17);
    wire        white = win | wout;
    wire        sub  = white | ~phc[1];          // this clock's h is a subkey h
    wire [3:0]  rnd  = stc[3:0] - 4'd1;          // round number in rounds
    // pair index i of (K2i, K2i+1)
    wire        hi_half = win ? decn : ~decn;    // whitening pairs 2,3 vs 0,1
    wire [4:0]  pair = white ? {3'b000, hi_half, phc[1]}
                             : (decn ? 5'd19 - {1'b0, rnd} : 5'd4 + {1'b0, rnd});
    wire [7:0]  cbyte = {2'b00, pair, phc[0]};

    // ---- one S-box lane and one MDS column ----
    reg  [31:0] w0, w1, w2, w3, acc0, acc1, hacc;
    wire [31:0] hx  = sub ? {4{cbyte}} : (phc[0] ? tf_rol8(w1) : w0);
    wire [31:0] hl0 = sub ? (phc[0] ? m1 : m0) : s1;
    wire [31:0] hl1 = sub ? (phc[0] ? m3 : m2) : s0;
    wire [7:0]  hy  = tf_lanef(byc, hx[8*byc +: 8], hl0[8*byc +: 8], hl1[8*byc +: 8]);
    wire [31:0] hz  = ((byc == 2'd0) ? 32'd0 : hacc) ^ tf_mcol(byc, hy);

    // ---- the two adders ----
    wire        bph  = sub & phc[0];              // B phase: output rotated by 8
    wire        zero = sub & ~phc[0];             // A phase: start from zero
    wire [31:0] hv   = bph ? tf_rol8(hz) : hz;
    wire [31:0] sum0 = (zero ? 32'd0 : acc0) + hv;
    wire [31:0] sum1 = (zero ? 32'd0 : acc1) + (phc[0] ? {hv[30:0], 1'b0} : hv);
    wire [31:0] k1   = bph ? tf_rol9(sum1) : sum1;

    wire [31:0] n2, n3;
    tf_feistel fs (.dec(decn), .w2(w2), .w3(w3), .f0(sum0), .f1(sum1), .n2(n2), .n3(n3));

    // which half a whitening pair is xored into: input pairs go to W0,W1 then
    // W2,W3; output pairs to W2,W3 then W0,W1
    wire        xhi = win ? phc[1] : ~phc[1];

    always @(posedge clk) begin
        // key setup
        if (key_load & ~busy) begin
            kreg   <= key_in;
            s0     <= s0n;
            s1     <= s1n;
            kcnt   <= 4'd1;
            kbusy  <= (RSN != 1);
            kready <= (RSN == 1);
        end else if (kbusy) begin
            s0   <= s0n;
            s1   <= s1n;
            kcnt <= kcnt + 4'd1;
            if (kcnt == RSN - 1) begin
                kbusy  <= 1'b0;
                kready <= 1'b1;
            end
        end

        // datapath
        if (act) hacc <= hz;
        if (act & go) begin
            {w0, w1, w2, w3} <= {tf_word(din, 0), tf_word(din, 1),
                                 tf_word(din, 2), tf_word(din, 3)};
            dec <= decrypt;
        end
        if (act & last) begin
            acc0 <= sum0;
            acc1 <= k1;
            if (white & phc[0]) begin
                if (xhi) begin
                    w2 <= w2 ^ sum0;
                    w3 <= w3 ^ k1;
                end else begin
                    w0 <= w0 ^ sum0;
                    w1 <= w1 ^ k1;
                end
            end else if (~sub & phc[0]) begin
                {w0, w1, w2, w3} <= {n2, n3, w0, w1};
            end
        end

        // control
        done <= act & last & wout & (phc == 2'd3);
        if (act) begin
            by <= byc + 2'd1;
            ph <= last ? phc + 2'd1 : phc;
            st <= (last & (phc == 2'd3)) ? stc + 5'd1 : stc;
            busy <= ~(last & wout & (phc == 2'd3));
        end
        if (rst) begin
            busy   <= 1'b0;
            kbusy  <= 1'b0;
            kready <= 1'b0;
            done   <= 1'b0;
        end
    end

    assign ready = kready & ~busy;
    assign dout  = tf_block(w2, w3, w0, w1);
endmodule
