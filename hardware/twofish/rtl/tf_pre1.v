// Twofish-128, one h block, precomputed subkeys (seed 001 Table 4, row
// "19000 gates, 1 h block, 32 clocks/block, 40 startup clocks").
//
// A round takes two clocks, T0 = g(W0) and then T1 = g(ROL(W1, 8)), with two
// adders:
//   clock 0:  acc0 = T0 + K2r+8,   acc1 = T0 + K2r+9
//   clock 1:  F0 = acc0 + T1,      F1 = acc1 + 2 T1,   Feistel step
// The 32 round subkeys sit in a ring of 32-bit words that turns one word
// every clock: in clock 0 of a round encryption finds K2r+8, K2r+9 at the
// head (c[8], c[9]); decryption turns the ring backward and finds them at the
// tail (c[38], c[39]).  32 clocks make a block and a full turn, so a block
// starts when the ring is at its origin and the ring needs no hold path.
// The whitening words K0..K7 sit in front of the ring and stay put.
//
// Key setup: per pair, clock A computes A = h(2i*rho, Me) into both
// accumulators, clock B computes B = h((2i+1)*rho, Mo) and forms
// K2i = A + B' and K2i+1 = ROL(A + 2B', 9).  One word enters the chain each
// clock (K2i at clock B, K2i+1 at the next clock A), so the 40 words take
// 41 clocks from key_load.  The key is held in the block register; the RS
// code runs beside it.
module tf_pre1 #(
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

    reg [31:0] w0, w1, w2, w3, acc0, acc1;
    reg [31:0] c [0:39];          // K0..K7 whitening, K8..K39 ring
    reg        kready, ksb, kslast, busy, dec, rsbusy;
    reg [4:0]  ksi, pos;          // pos: clock within the ring's turn = within a block
    wire       ph  = pos[0];      // clock of the round
    wire [3:0] rnd = pos[4:1];    // round
    reg [3:0]  rscnt;
    reg [31:0] s0, s1;

    wire ksm  = ~kready | key_load;
    wire go   = start & ready;
    wire decn = go ? decrypt : dec;
    assign ready = kready & (pos == 5'd0) & ~busy;

    // key words (from key_in while it is loaded)
    wire [31:0] m0 = key_load ? tf_word(key_in, 0) : w0;
    wire [31:0] m1 = key_load ? tf_word(key_in, 1) : w1;
    wire [31:0] m2 = key_load ? tf_word(key_in, 2) : w2;
    wire [31:0] m3 = key_load ? tf_word(key_in, 3) : w3;

    // RS
    wire [31:0] s0n, s1n;
    tf_rs_unit #(.RSB(RSB)) rs (.first(key_load), .cnt(rscnt), .key_in(key_in),
        .kreg(tf_block(w0, w1, w2, w3)), .s0(s0), .s1(s1), .s0n(s0n), .s1n(s1n));

    // whitening words
    wire [127:0] klo = {c[3], c[2], c[1], c[0]};
    wire [127:0] khi = {c[7], c[6], c[5], c[4]};
    wire [127:0] kin = decn ? khi : klo;
    wire [127:0] kout = dec ? klo : khi;

    // the h block
    wire        kB   = ksb & ~key_load;            // key setup: clock B (key_load is an A)
    wire        kb   = ksm & kB;
    wire        odd  = ksm ? kB : ph;              // second clock of a pair / round
    wire [31:0] win0 = tf_word(din, 0) ^ kin[31:0];
    wire [7:0]  cbyte = {2'b00, key_load ? 5'd0 : ksi, kb};
    wire [31:0] hx  = ksm ? {4{cbyte}} : (ph ? tf_rol8(w1) : (go ? win0 : w0));
    wire [31:0] hl0 = ksm ? (kB ? m1 : m0) : s1;
    wire [31:0] hl1 = ksm ? (kB ? m3 : m2) : s0;
    wire [31:0] hz;
    tf_h hblk (.x(hx), .l0(hl0), .l1(hl1), .y(), .z(hz));

    // the round's subkey pair (clock 0) and the two adders: the first operand
    // is the accumulator in the second clock of a round or pair, else the
    // subkey (zero in key setup)
    wire        kadd = ~ksm & ~ph;
    wire [31:0] ka   = decn ? c[38] : c[8];
    wire [31:0] kbw  = decn ? c[39] : c[9];
    wire [31:0] hv   = kb ? tf_rol8(hz) : hz;
    wire [31:0] sum0 = (odd ? acc0 : kadd ? ka  : 32'd0) + hv;
    wire [31:0] sum1 = (odd ? acc1 : kadd ? kbw : 32'd0) + (odd ? {hv[30:0], 1'b0} : hv);
    wire [31:0] n2, n3;
    tf_feistel fs (.dec(dec), .w2(w2), .w3(w3), .f0(sum0), .f1(sum1), .n2(n2), .n3(n3));

    // word entering the chain in key setup: K2i at clock B, K2i+1 (held in
    // acc1) at the following clock A.  The chain shifts in every clock of key
    // setup (the word shifted in the key_load clock is pushed out again by
    // the 40 that follow), so it never needs a hold path.
    wire        kshift = ksm;
    wire [31:0] kword  = kB ? sum0 : acc1;

    integer k;
    always @(posedge clk) begin
        // subkey chain and ring
        if (kshift) begin
            for (k = 0; k < 39; k = k + 1) c[k] <= c[k+1];
            c[39] <= kword;
        end else if (~ksm) begin
            if (busy & dec | go & decrypt) begin
                for (k = 9; k < 40; k = k + 1) c[k] <= c[k-1];
                c[8] <= c[39];
            end else begin
                for (k = 8; k < 39; k = k + 1) c[k] <= c[k+1];
                c[39] <= c[8];
            end
        end

        // key setup
        if (key_load) begin
            {w0, w1, w2, w3} <= {tf_word(key_in, 0), tf_word(key_in, 1),
                                 tf_word(key_in, 2), tf_word(key_in, 3)};
            kready <= 1'b0;
            ksb    <= 1'b1;
            ksi    <= 5'd0;
            kslast <= 1'b0;
            s0     <= s0n;
            s1     <= s1n;
            rscnt  <= 4'd1;
            rsbusy <= (RSN > 1);
        end else begin
            if (ksm) begin
                ksb <= ~ksb;
                if (ksb) begin                       // clock B
                    ksi  <= ksi + 5'd1;
                    if (ksi == 5'd19) kslast <= 1'b1;
                end
                if (kslast) kready <= 1'b1;          // K39 has entered
            end
            if (rsbusy) begin
                s0    <= s0n;
                s1    <= s1n;
                rscnt <= rscnt + 4'd1;
                if (rscnt == RSN - 1) rsbusy <= 1'b0;
            end
        end

        // accumulators: written every clock (in key setup clock A leaves A in
        // both, clock B K2i+1 in acc1; in a round clock 0 leaves T0 + K)
        acc0 <= sum0;
        acc1 <= kb ? tf_rol9(sum1) : sum1;

        // blocks
        pos <= ksm ? 5'd0 : pos + 5'd1;
        if (~ksm & (busy | go)) begin
            if (~ph) begin
                if (go) begin
                    {w0, w1, w2, w3} <= {win0, tf_word(din, 1) ^ kin[63:32],
                                         tf_word(din, 2) ^ kin[95:64],
                                         tf_word(din, 3) ^ kin[127:96]};
                    dec <= decrypt;
                end
            end else begin
                {w0, w1, w2, w3} <= {n2, n3, w0, w1};
            end
        end
        busy <= ~ksm & (go | busy & (pos != 5'd31));
        done <= ~ksm & busy & (pos == 5'd31);
        if (rst) begin
            kready <= 1'b0;
            busy   <= 1'b0;
            done   <= 1'b0;
            rsbusy <= 1'b0;
        end
    end

    assign dout = tf_block(w2 ^ kout[31:0], w3 ^ kout[63:32], w0 ^ kout[95:64], w1 ^ kout[127:96]);
endmodule
