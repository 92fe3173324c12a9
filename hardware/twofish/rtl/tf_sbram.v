// Twofish-128 with precomputed key-dependent S-boxes (seed 001 Table 4, row
// "80000 gates, 2 h blocks, 16 clocks/block, 80 MHz, 300 startup clocks").
//
// Key setup fills four 256 x 8 S-box memories (tf_sbox_ram, kept as its own
// module so its cost is reported apart) with s_j[x] = q-chain of x under the
// key (S1, S0), one x per clock for all four boxes, and computes the 40
// subkeys, all with a single q-chain h block:
//   40 clocks   subkey pairs, two clocks each (A = h(2i*rho, Me), then
//               B = h((2i+1)*rho, Mo), K2i = A + B', K2i+1 = ROL(A + 2B', 9))
//   256 clocks  S-box entries x = 0..255 (needs S, which the RS code has
//               computed meanwhile)
// i.e. 296 clocks from key_load.  The key is held in the block register.
//
// A round takes one clock: the two g functions are eight memory reads (two
// read ports per S-box) and two MDS products; then PHT, subkey addition and
// the Feistel step as in tf_pre2.v.  Subkeys are in tf_subkeys (a ring that
// turns once a round, forward or backward).
module tf_sbram #(
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

    reg [31:0] w0, w1, w2, w3, acc;
    reg [31:0] s0, s1;
    reg        kready, fill, ksb, busy, dec, rsbusy;
    reg [4:0]  ksi, rnd;
    reg [7:0]  fx;
    reg [3:0]  rscnt;

    wire ksm  = ~kready | key_load;
    wire go   = start & ready;
    wire decn = go ? decrypt : dec;
    assign ready = kready & ~busy;

    // key words
    wire [31:0] m0 = key_load ? tf_word(key_in, 0) : w0;
    wire [31:0] m1 = key_load ? tf_word(key_in, 1) : w1;
    wire [31:0] m2 = key_load ? tf_word(key_in, 2) : w2;
    wire [31:0] m3 = key_load ? tf_word(key_in, 3) : w3;

    // RS
    wire [31:0] s0n, s1n;
    tf_rs_unit #(.RSB(RSB)) rs (.first(key_load), .cnt(rscnt), .key_in(key_in),
        .kreg(tf_block(w0, w1, w2, w3)), .s0(s0), .s1(s1), .s0n(s0n), .s1n(s1n));

    // subkeys
    wire [31:0]  ka, kb;
    wire [127:0] kin, kout;
    wire         kB = ksb & ~key_load & ~fill;    // key setup, clock B of a pair
    wire [31:0]  f0, f1;
    tf_subkeys #(.FREE(0)) sk (.clk(clk), .shift_in(ksm & kB), .pair_in({tf_rol9(f1), f0}),
        .rot_f(~ksm & (busy | go) & ~decn), .rot_b(~ksm & (busy | go) & decn),
        .dec(decn), .dec_in(decn), .dec_out(dec), .ka(ka), .kb(kb), .kin(kin), .kout(kout));

    // the q-chain h block of key setup: subkey h, or S-box entry x
    wire [7:0]  cbyte = {2'b00, key_load ? 5'd0 : ksi, kB};
    wire [31:0] hx  = fill ? {4{fx}} : {4{cbyte}};
    wire [31:0] hl0 = fill ? s1 : (kB ? m1 : m0);
    wire [31:0] hl1 = fill ? s0 : (kB ? m3 : m2);
    wire [31:0] hy, hz;
    tf_h hblk (.x(hx), .l0(hl0), .l1(hl1), .y(hy), .z(hz));

    // S-box memories: written during the fill, read by the two g functions
    wire [127:0] wl = go ? {tf_word(din, 0) ^ kin[31:0],  tf_word(din, 1) ^ kin[63:32],
                            tf_word(din, 2) ^ kin[95:64], tf_word(din, 3) ^ kin[127:96]}
                         : {w0, w1, w2, w3};
    wire [31:0] ga = wl[127:96];              // W0
    wire [31:0] gb = tf_rol8(wl[95:64]);      // ROL(W1, 8)
    wire [31:0] ya, yb;
    tf_sbox_ram ram (.clk(clk), .we(fill), .wa(fx), .wd(hy), .ra(ga), .rb(gb),
                     .ya(ya), .yb(yb));

    // PHT, subkeys, Feistel (in key setup: K2i = A + B', K2i+1 before ROL 9)
    wire [31:0] t0 = ksm ? acc : tf_mdsf(ya);
    wire [31:0] t1 = ksm ? tf_rol8(hz) : tf_mdsf(yb);
    assign f0 = t0 + t1 + (ksm ? 32'd0 : ka);
    assign f1 = t0 + {t1[30:0], 1'b0} + (ksm ? 32'd0 : kb);
    wire [31:0] n2, n3;
    tf_feistel fs (.dec(decn), .w2(wl[63:32]), .w3(wl[31:0]), .f0(f0), .f1(f1), .n2(n2), .n3(n3));

    always @(posedge clk) begin
        acc <= hz;                                   // A of the pair (clock A)
        if (key_load) begin
            {w0, w1, w2, w3} <= {tf_word(key_in, 0), tf_word(key_in, 1),
                                 tf_word(key_in, 2), tf_word(key_in, 3)};
            kready <= 1'b0;
            fill   <= 1'b0;
            ksb    <= 1'b1;
            ksi    <= 5'd0;
            s0     <= s0n;
            s1     <= s1n;
            rscnt  <= 4'd1;
            rsbusy <= (RSN > 1);
        end else begin
            if (ksm & ~fill) begin
                ksb <= ~ksb;
                if (ksb) begin
                    ksi <= ksi + 5'd1;
                    if (ksi == 5'd19) begin
                        fill <= 1'b1;
                        fx   <= 8'd0;
                    end
                end
            end
            if (fill) begin
                fx <= fx + 8'd1;
                if (fx == 8'd255) begin
                    fill   <= 1'b0;
                    kready <= 1'b1;
                end
            end
            if (rsbusy) begin
                s0    <= s0n;
                s1    <= s1n;
                rscnt <= rscnt + 4'd1;
                if (rscnt == RSN - 1) rsbusy <= 1'b0;
            end
        end

        if (~ksm & (busy | go)) begin
            {w0, w1, w2, w3} <= {n2, n3, wl[127:64]};
            rnd <= go ? 5'd1 : rnd + 5'd1;
            if (go) dec <= decrypt;
        end
        busy <= ~ksm & (go | busy & (rnd != 5'd15));
        done <= ~ksm & busy & (rnd == 5'd15);
        if (rst) begin
            kready <= 1'b0;
            fill   <= 1'b0;
            busy   <= 1'b0;
            done   <= 1'b0;
            rsbusy <= 1'b0;
        end
    end

    assign dout = tf_block(w2 ^ kout[31:0], w3 ^ kout[63:32], w0 ^ kout[95:64], w1 ^ kout[127:96]);
endmodule

// Four 256 x 8 S-box memories, one write port (all four boxes at address wa)
// and two read ports (box j read at byte j of ra and of rb).  Kept as its own
// module so that synthesis reports it apart; in this flow it becomes
// flip-flops and read multiplexers.
(* keep_hierarchy *)
module tf_sbox_ram (
    input  wire        clk,
    input  wire        we,
    input  wire [7:0]  wa,
    input  wire [31:0] wd,
    input  wire [31:0] ra,
    input  wire [31:0] rb,
    output wire [31:0] ya,
    output wire [31:0] yb
);
    reg [7:0] m0 [0:255];
    reg [7:0] m1 [0:255];
    reg [7:0] m2 [0:255];
    reg [7:0] m3 [0:255];
    always @(posedge clk) begin
        if (we) begin
            m0[wa] <= wd[7:0];
            m1[wa] <= wd[15:8];
            m2[wa] <= wd[23:16];
            m3[wa] <= wd[31:24];
        end
    end
    assign ya = {m3[ra[31:24]], m2[ra[23:16]], m1[ra[15:8]], m0[ra[7:0]]};
    assign yb = {m3[rb[31:24]], m2[rb[23:16]], m1[rb[15:8]], m0[rb[7:0]]};
endmodule
