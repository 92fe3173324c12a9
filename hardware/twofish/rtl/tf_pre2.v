// Twofish-128, two h blocks (one round per clock), precomputed subkeys, and
// IL-way interleaving (seed 001 Table 4, rows "23000 gates, 2 h blocks, 16
// clocks/block" and the 2-, 3- and 4-way interleaved rows).
//
// The round is cut into IL pipeline stages by registers after the levels
//   L1  q_a, xor L1
//   L2  q_b, xor L0                       (cut if IL >= 3)
//   L3  q_c, MDS: T0, T1                  (cut if IL >= 2)
//   L4  PHT: T0 + T1, T0 + 2 T1           (cut if IL >= 4)
//   L5  subkey addition, Feistel xor and rotations
// and IL blocks circulate through it, each a round every IL clocks: a block
// takes 16*IL clocks and IL blocks are in flight.  All blocks of a batch are
// in the same round, so one subkey pair serves them; the batch is loaded in
// IL consecutive clocks starting at phase 0 of a free-running phase
// counter, and the next batch may start in the clock in which the first
// result appears.  With IL = 1 there is no cut, a block takes 16 clocks,
// and the subkey ring turns every clock (tf_subkeys FREE = 1): a block
// starts when the ring is at its origin, once every 16 clocks, which is
// also when the previous block ends.
//
// Block register: the stage-1 input (W0..W3).  A block is loaded whitened
// (plaintext xor K0..K3, or ciphertext xor K4..K7 when decrypting) straight
// into stage 1, so the load costs no clock; the output is (W2, W3, W0, W1)
// xor the other half of the whitening subkeys, taken from the register when
// the block has done 16 rounds.
//
// Key setup runs the same datapath: h block 0 computes A = h(2i*rho, Me),
// h block 1 B = h((2i+1)*rho, Mo), the last stage forms K2i = A + B' and
// K2i+1 = ROL(A + 2B', 9) with B' = ROL(B, 8), and the pair is shifted into
// the subkey store (tf_subkeys.v): one pair per clock, 20 clocks plus the
// pipeline's IL-1.  The key is held in the block register meanwhile (no key
// register), and the RS code runs beside it (RSB bytes of S0 and S1 per
// clock).
module tf_pre2 #(
    parameter IL  = 1,
    parameter RSB = 2
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         key_load,
    input  wire [127:0] key_in,
    input  wire         start,
    input  wire         decrypt,
    input  wire [127:0] din,
    output wire         ready,
    output wire         done,
    output wire [127:0] dout
);
`include "tf_func.vh"
    localparam CUT2 = (IL >= 3);
    localparam CUT3 = (IL >= 2);
    localparam CUT4 = (IL >= 4);
    localparam RSN  = 8 / RSB;

    // ---- block register (stage-1 input) and its metadata ----
    reg [31:0] w0, w1, w2, w3;
    reg        r_act, r_vld, r_dec;
    reg [4:0]  r_rnd;

    // ---- control ----
    reg [1:0]  ph;            // phase, free running modulo IL
    reg [3:0]  pos;           // IL = 1: position of the free-running subkey ring
    reg        win;           // clocks 1..IL-1 of a batch's loading window
    reg        bdec;
    reg        kready, ksfeed;
    reg [4:0]  ksi, ksn;
    reg [3:0]  rscnt;
    reg        rsbusy;
    wire       ksm   = ~kready | key_load;            // key setup in progress
    wire       feed  = key_load | ksfeed;             // a subkey pair enters stage 1
    wire [4:0] fidx  = key_load ? 5'd0 : ksi;
    wire       rfree = ~r_act | (r_rnd == 5'd16);
    wire       p0    = (IL == 1) ? (pos == 4'd0) : (ph == 2'd0);
    wire       slot  = kready & rfree & (p0 | win);   // this position may join a batch
    wire       go    = start & slot;
    wire       join_ = slot & (~p0 | start);          // position joins a batch now
    wire       sdec  = p0 ? decrypt : bdec;
    assign ready = slot;

    // ---- key words: from key_in while it is loaded, else from the block register ----
    wire [31:0] m0 = key_load ? tf_word(key_in, 0) : w0;
    wire [31:0] m1 = key_load ? tf_word(key_in, 1) : w1;
    wire [31:0] m2 = key_load ? tf_word(key_in, 2) : w2;
    wire [31:0] m3 = key_load ? tf_word(key_in, 3) : w3;

    // ---- RS ----
    reg  [31:0] s0, s1;
    wire [31:0] s0n, s1n;
    tf_rs_unit #(.RSB(RSB)) rs (.first(key_load), .cnt(rscnt), .key_in(key_in),
        .kreg(tf_block(w0, w1, w2, w3)), .s0(s0), .s1(s1), .s0n(s0n), .s1n(s1n));

    // ---- subkey store ----
    wire [31:0]  ka, kb;
    wire [127:0] kin, kout;
    wire         shift_in, rot_f, rot_b, dec4;
    wire [63:0]  pair_in;
    tf_subkeys #(.FREE(IL == 1)) sk (.clk(clk), .shift_in(shift_in), .pair_in(pair_in), .rot_f(rot_f),
        .rot_b(rot_b), .dec(dec4), .dec_in(sdec), .dec_out(r_dec), .ka(ka), .kb(kb),
        .kin(kin), .kout(kout));

    // ---- level 0: stage-1 input ----
    // meta = {ksv, act, vld, dec, rnd[4:0]}
    wire [127:0] wl0 = go ? {tf_word(din, 0) ^ kin[31:0],  tf_word(din, 1) ^ kin[63:32],
                             tf_word(din, 2) ^ kin[95:64], tf_word(din, 3) ^ kin[127:96]}
                          : {w0, w1, w2, w3};
    wire [7:0]   cb0 = {2'b00, fidx, 1'b0};
    wire [7:0]   cb1 = {2'b00, fidx, 1'b1};
    wire [31:0]  x0  = ksm ? {4{cb0}} : wl0[127:96];
    wire [31:0]  x1  = ksm ? {4{cb1}} : tf_rol8(wl0[95:64]);
    wire [8:0]   ml0 = ksm  ? {feed, 8'd0}
                     : join_ ? {1'b0, 1'b1, go, sdec, 5'd0}
                     : rfree ? 9'd0
                     : {1'b0, r_act, r_vld, r_dec, r_rnd};
    // key bytes of the two h blocks: (l0, l1) = (M0, M2) / (M1, M3) in key
    // setup, (S1, S0) for g
    wire [31:0]  a_l0 = ksm ? m0 : s1;
    wire [31:0]  a_l1 = ksm ? m2 : s0;
    wire [31:0]  b_l0 = ksm ? m1 : s1;
    wire [31:0]  b_l1 = ksm ? m3 : s0;

    // per-lane helpers: one q level with a key xor, for both h blocks
    function [63:0] lvl_q;
        input [1:0]  which;   // 0: q_a, 1: q_b, 2: q_c
        input [63:0] v;
        input [63:0] key;     // xored after the q (zero for q_c)
        integer n;
        reg [1:0] j;
        reg       sel;
        begin
            for (n = 0; n < 8; n = n + 1) begin
                j = n % 4;
                sel = (which == 2'd0) ? j[0] : (which == 2'd1) ? j[1] : ~j[0];
                lvl_q[8*n +: 8] = tf_qf(sel, v[8*n +: 8]) ^ key[8*n +: 8];
            end
        end
    endfunction

    // ---- level 1: q_a, xor L1 ----
    wire [63:0]  v1  = lvl_q(2'd0, {x1, x0}, {b_l1, a_l1});
    wire [127:0] wl1 = wl0;
    wire [8:0]   ml1 = ml0;

    // ---- level 2: q_b, xor L0 ----
    wire [63:0]  v2d = lvl_q(2'd1, v1, {b_l0, a_l0});
    wire [127:0] wl2;
    wire [63:0]  v2;
    wire [8:0]   ml2;
    generate if (CUT2) begin : c2
        reg [127:0] rw; reg [63:0] rv; reg [8:0] rm;
        always @(posedge clk) begin
            rw <= wl1; rv <= v2d; rm <= rst ? 9'd0 : ml1;
        end
        assign wl2 = rw; assign v2 = rv; assign ml2 = rm;
    end else begin : p2
        assign wl2 = wl1; assign v2 = v2d; assign ml2 = ml1;
    end endgenerate

    // ---- level 3: q_c, MDS ----
    wire [63:0]  y3  = lvl_q(2'd2, v2, 64'd0);
    wire [63:0]  v3d = {tf_mdsf(y3[63:32]), tf_mdsf(y3[31:0])};
    wire [127:0] wl3;
    wire [63:0]  v3;
    wire [8:0]   ml3;
    generate if (CUT3) begin : c3
        reg [127:0] rw; reg [63:0] rv; reg [8:0] rm;
        always @(posedge clk) begin
            rw <= wl2; rv <= v3d; rm <= rst ? 9'd0 : ml2;
        end
        assign wl3 = rw; assign v3 = rv; assign ml3 = rm;
    end else begin : p3
        assign wl3 = wl2; assign v3 = v3d; assign ml3 = ml2;
    end endgenerate

    // ---- level 4: PHT ----
    wire [31:0]  t0  = v3[31:0];
    wire [31:0]  t1  = ksm ? tf_rol8(v3[63:32]) : v3[63:32];
    wire [63:0]  v4d = {t0 + {t1[30:0], 1'b0}, t0 + t1};
    wire [127:0] wl4;
    wire [63:0]  v4;
    wire [8:0]   ml4;
    generate if (CUT4) begin : c4
        reg [127:0] rw; reg [63:0] rv; reg [8:0] rm;
        always @(posedge clk) begin
            rw <= wl3; rv <= v4d; rm <= rst ? 9'd0 : ml3;
        end
        assign wl4 = rw; assign v4 = rv; assign ml4 = rm;
    end else begin : p4
        assign wl4 = wl3; assign v4 = v4d; assign ml4 = ml3;
    end endgenerate

    // ---- level 5: subkeys, Feistel ----
    wire        ksv4 = ml4[8];
    wire        act4 = ml4[7];
    assign      dec4 = ml4[5];
    wire [4:0]  rnd4 = ml4[4:0];
    wire [31:0] f0  = v4[31:0]  + (ksm ? 32'd0 : ka);
    wire [31:0] f1  = v4[63:32] + (ksm ? 32'd0 : kb);
    wire [31:0] n2, n3;
    tf_feistel fs (.dec(dec4), .w2(wl4[63:32]), .w3(wl4[31:0]), .f0(f0), .f1(f1),
                   .n2(n2), .n3(n3));
    assign pair_in  = {tf_rol9(f1), f0};
    assign shift_in = ksm & ksv4;
    // the ring turns after the last slot of a batch has done its round
    wire   turn = ~ksm & act4 & (rnd4 < 5'd16) & ((IL == 1) | (ph == IL - 2));
    // (with IL = 1 the ring turns forward on its own when not turning back)
    assign rot_f = turn & ~dec4;
    assign rot_b = turn & dec4;

    always @(posedge clk) begin
        // block register
        if (key_load) begin
            {w0, w1, w2, w3} <= {tf_word(key_in, 0), tf_word(key_in, 1),
                                 tf_word(key_in, 2), tf_word(key_in, 3)};
        end else if (~ksm) begin
            {w0, w1, w2, w3} <= {n2, n3, wl4[127:64]};
        end
        r_act <= ~ksm & ml4[7];
        r_vld <= ml4[6];
        r_dec <= ml4[5];
        r_rnd <= ml4[4:0] + 5'd1;

        // batches
        ph  <= (ph == IL - 1) ? 2'd0 : ph + 2'd1;
        pos <= pos + 4'd1;
        win <= (go & p0) ? (IL > 1) : (win & (ph != IL - 1));
        if (go & p0) bdec <= decrypt;

        // key setup
        if (key_load) begin
            ksfeed <= 1'b1;
            ksi    <= 5'd1;
            ksn    <= {4'd0, shift_in};           // IL = 1 stores pair 0 at once
            kready <= 1'b0;
            s0     <= s0n;
            s1     <= s1n;
            rscnt  <= 4'd1;
            rsbusy <= (RSN > 1);
        end else begin
            if (ksfeed) begin
                ksi <= ksi + 5'd1;
                if (ksi == 5'd19) ksfeed <= 1'b0;
            end
            if (shift_in) begin
                ksn <= ksn + 5'd1;
                if (ksn == 5'd19) begin
                    kready <= 1'b1;
                    ph     <= 2'd0;                 // batches start at phase 0
                    pos    <= 4'd0;                 // the ring is at its origin
                end
            end
            if (rsbusy) begin
                s0    <= s0n;
                s1    <= s1n;
                rscnt <= rscnt + 4'd1;
                if (rscnt == RSN - 1) rsbusy <= 1'b0;
            end
        end
        if (rst) begin
            kready <= 1'b0;
            ksfeed <= 1'b0;
            rsbusy <= 1'b0;
            r_act  <= 1'b0;
            win    <= 1'b0;
            ph     <= 2'd0;
        end
    end

    assign done = r_act & r_vld & (r_rnd == 5'd16);
    assign dout = tf_block(w2 ^ kout[31:0], w3 ^ kout[63:32], w0 ^ kout[95:64], w1 ^ kout[127:96]);
endmodule
