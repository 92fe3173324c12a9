# Yosys synthesis of one design point (run as: yosys -c synth.tcl, with the
# environment variables set by flow.sh):
#   TF_RTL   RTL directory        TF_TOP_V  wrapper file (module dut_top)
#   TF_SRC   core source files    TF_LIB    gate-equivalent liberty
# Flattened except for memories kept as their own module (keep_hierarchy),
# mapped with abc to the liberty, logic depth with ltp before dfflibmap.
yosys -import
set rtl $::env(TF_RTL)
set lib $::env(TF_LIB)
read_verilog -I$rtl $::env(TF_TOP_V) {*}$::env(TF_SRC)
hierarchy -check -top dut_top
synth -top dut_top -flatten -noabc
# flip-flops with enable or synchronous reset become a plain DFF and gates
dfflegalize -cell {$_DFF_P_} 01
read_liberty -lib $lib
abc -liberty $lib
opt_clean
# logic depth on the flattened netlist (memories included), flip-flops excluded
design -save mapped
setattr -mod -unset keep_hierarchy *
flatten
tee -o $::env(TF_OUT).ltp ltp -noff
design -load mapped
dfflibmap -liberty $lib
opt_clean
tee -o $::env(TF_OUT).stat stat -liberty $lib
