// Storage for the 40 precomputed subkeys of a 128-bit key, as 20 pairs
// P_i = (K2i, K2i+1) in a chain of 64-bit registers c[0..19].
//
//   * Key setup shifts the pairs in at the tail in the order P0..P19
//     (shift_in); after 20 shifts c[i] = P_i.
//   * c[0..3] then hold the whitening subkeys K0..K7 and stay put.
//   * c[4..19] form a ring for the round subkeys.  Encryption reads the
//     head c[4] (P4 for round 0) and rotates forward after each round;
//     decryption reads the tail c[19] (P19 for its first round) and rotates
//     backward.  Sixteen rotations bring the ring back, so either direction
//     can follow the other.
// No address decoder and no read multiplexer over the 40 subkeys: each
// register takes its neighbour, or keeps its value.
//
// FREE = 1: the ring never stops; it turns forward every clock unless told
// to turn backward.  A core that does one round per clock then starts a
// block only when the ring is back at its origin (every 16 clocks), and the
// ring needs no hold path: one 2:1 multiplexer per bit instead of two.
module tf_subkeys #(
    parameter FREE = 0
) (
    input  wire         clk,
    input  wire         shift_in,
    input  wire [63:0]  pair_in,    // {K2i+1, K2i}
    input  wire         rot_f,
    input  wire         rot_b,
    input  wire         dec,        // direction of the round being computed: ring end
    input  wire         dec_in,     // direction of the block being loaded
    input  wire         dec_out,    // direction of the block being output
    output wire [31:0]  ka,         // K2r+8 of the current round
    output wire [31:0]  kb,         // K2r+9
    output wire [127:0] kin,        // {K3,K2,K1,K0} or {K7,K6,K5,K4}: input whitening
    output wire [127:0] kout        // the other half: output whitening
);
    reg [63:0] c [0:19];
    integer k;
    always @(posedge clk) begin
        if (shift_in) begin
            for (k = 0; k < 19; k = k + 1) c[k] <= c[k+1];
            c[19] <= pair_in;
        end else if (rot_b) begin
            for (k = 5; k < 20; k = k + 1) c[k] <= c[k-1];
            c[4] <= c[19];
        end else if (rot_f | FREE) begin
            for (k = 4; k < 19; k = k + 1) c[k] <= c[k+1];
            c[19] <= c[4];
        end
    end
    wire [63:0] rk = dec ? c[19] : c[4];
    assign ka = rk[31:0];
    assign kb = rk[63:32];
    wire [127:0] lo = {c[1], c[0]};
    wire [127:0] hi = {c[3], c[2]};
    assign kin  = dec_in ? hi : lo;
    assign kout = dec_out ? lo : hi;
endmodule
