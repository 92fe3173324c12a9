// Testbench for every Twofish core of this directory (through the wrapper
// module 'dut_top', which flow.sh writes per design point with the core and
// its parameters).
//
// Inputs (plusargs): +kat=FILE +rnd=FILE, lines "key pt0 ct0 pt1 ct1 pt2 ct2
// pt3 ct3" written by model/twofish_ref.py.  For each line: load the key,
// stream the four plaintexts (a new block whenever the core says ready, so
// blocks go back to back and an interleaved core gets full batches), check
// the four ciphertexts, then stream the four ciphertexts with decrypt set and
// check the plaintexts.
//
// Measured here, from the clock count, not from parameters:
//   startup    cycles from the key_load cycle to the first cycle with ready
//   latency    cycles from a block's start cycle to its done cycle
//   stream     cycles from the first start of the four blocks to the last done
// and printed as "RESULT key=value ..." lines for flow.sh.
`timescale 1ns/1ps
module tb_twofish;
    reg clk = 1'b0;
    always #5 clk = ~clk;

    reg          rst = 1'b1;
    reg          key_load = 1'b0;
    reg  [127:0] key_in = 128'd0;
    reg          start = 1'b0;
    reg          decrypt = 1'b0;
    reg  [127:0] din = 128'd0;
    wire         ready, done;
    wire [127:0] dout;

    dut_top dut (.clk(clk), .rst(rst), .key_load(key_load), .key_in(key_in),
        .start(start), .decrypt(decrypt), .din(din), .ready(ready),
        .done(done), .dout(dout));

    // cycle counter
    integer cyc = 0;
    always @(posedge clk) cyc <= cyc + 1;

    // measured figures
    integer su_min = 1 << 30, su_max = -1;
    integer lat_min = 1 << 30, lat_max = -1;
    integer str_min = 1 << 30, str_max = -1;
    integer errors = 0;

    // one line
    reg [127:0] k, p [0:3], c [0:3];
    reg [127:0] q_in [0:3], q_exp [0:3];
    integer     q_start [0:3];
    integer     n_in, n_out, t_first, t_last, t0, i, bad;
    integer     watchdog;

    // Stream q_in[0..3] with direction dir; compare to q_exp.  Returns the
    // number of mismatches in 'bad'.
    task run_stream;
        input dir;
        begin
            n_in = 0;
            n_out = 0;
            bad = 0;
            watchdog = 0;
            t_first = -1;
            while (n_out < 4) begin
                // drive inputs for this cycle (set after the previous edge)
                if (n_in < 4 && ready) begin
                    start   = 1'b1;
                    decrypt = dir;
                    din     = q_in[n_in];
                    q_start[n_in] = cyc;
                    if (t_first < 0) t_first = cyc;
                    n_in = n_in + 1;
                end else begin
                    start = 1'b0;
                end
                #1;
                if (done) begin
                    if (dout !== q_exp[n_out]) begin
                        bad = bad + 1;
                        if (errors + bad <= 10)
                            $display("MISMATCH %s block %0d: got %h want %h",
                                     dir ? "decrypt" : "encrypt", n_out, dout, q_exp[n_out]);
                    end
                    if (cyc - q_start[n_out] < lat_min) lat_min = cyc - q_start[n_out];
                    if (cyc - q_start[n_out] > lat_max) lat_max = cyc - q_start[n_out];
                    t_last = cyc;
                    n_out = n_out + 1;
                end
                @(posedge clk);
                #1;
                watchdog = watchdog + 1;
                if (watchdog > 100000) begin
                    $display("TIMEOUT waiting for done");
                    $finish;
                end
            end
            start = 1'b0;
            if (t_last - t_first < str_min) str_min = t_last - t_first;
            if (t_last - t_first > str_max) str_max = t_last - t_first;
        end
    endtask

    task load_key;
        input [127:0] kk;
        begin
            key_in = kk;
            key_load = 1'b1;
            t0 = cyc;
            @(posedge clk);
            #1;
            key_load = 1'b0;
            watchdog = 0;
            while (!ready) begin
                @(posedge clk);
                #1;
                watchdog = watchdog + 1;
                if (watchdog > 100000) begin
                    $display("TIMEOUT waiting for ready after key_load");
                    $finish;
                end
            end
            if (cyc - t0 < su_min) su_min = cyc - t0;
            if (cyc - t0 > su_max) su_max = cyc - t0;
        end
    endtask

    // returns 1 when the whole line passed
    reg line_ok;
    task run_line;
        begin
            load_key(k);
            for (i = 0; i < 4; i = i + 1) begin
                q_in[i] = p[i];
                q_exp[i] = c[i];
            end
            run_stream(1'b0);
            line_ok = (bad == 0);
            errors = errors + bad;
            for (i = 0; i < 4; i = i + 1) begin
                q_in[i] = c[i];
                q_exp[i] = p[i];
            end
            run_stream(1'b1);
            line_ok = line_ok && (bad == 0);
            errors = errors + bad;
        end
    endtask

    integer fd, rc, n_kat, n_kat_ok, n_rnd, n_rnd_ok;
    reg [1023:0] fname;
    initial begin
        n_kat = 0; n_kat_ok = 0; n_rnd = 0; n_rnd_ok = 0;
        repeat (3) @(posedge clk);
        #1 rst = 1'b0;
        @(posedge clk);
        #1;
        if (!$value$plusargs("kat=%s", fname)) begin
            $display("usage: +kat=FILE +rnd=FILE");
            $finish;
        end
        fd = $fopen(fname, "r");
        rc = 9;
        while (rc == 9) begin
            rc = $fscanf(fd, "%h %h %h %h %h %h %h %h %h\n",
                         k, p[0], c[0], p[1], c[1], p[2], c[2], p[3], c[3]);
            if (rc == 9) begin
                run_line;
                n_kat = n_kat + 1;
                if (line_ok) n_kat_ok = n_kat_ok + 1;
            end
        end
        $fclose(fd);
        if ($value$plusargs("rnd=%s", fname)) begin
            fd = $fopen(fname, "r");
            rc = 9;
            while (rc == 9) begin
                rc = $fscanf(fd, "%h %h %h %h %h %h %h %h %h\n",
                             k, p[0], c[0], p[1], c[1], p[2], c[2], p[3], c[3]);
                if (rc == 9) begin
                    run_line;
                    n_rnd = n_rnd + 1;
                    if (line_ok) n_rnd_ok = n_rnd_ok + 1;
                end
            end
            $fclose(fd);
        end
        $display("RESULT kat_lines=%0d kat_passed=%0d rnd_lines=%0d rnd_passed=%0d errors=%0d",
                 n_kat, n_kat_ok, n_rnd, n_rnd_ok, errors);
        $display("RESULT startup_min=%0d startup_max=%0d latency_min=%0d latency_max=%0d stream4_min=%0d stream4_max=%0d",
                 su_min, su_max, lat_min, lat_max, str_min, str_max);
        $finish;
    end
endmodule
