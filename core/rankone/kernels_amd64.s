//go:build amd64

#include "textflag.h"

// func axpy(alpha float64, x, y []float64)
TEXT ·axpy(SB), NOSPLIT, $0-56
	MOVSD  alpha+0(FP), X0
	SHUFPD $0, X0, X0
	MOVQ   x_base+8(FP), SI
	MOVQ   x_len+16(FP), CX
	MOVQ   y_base+32(FP), DI
	XORQ   AX, AX
	MOVQ   CX, BX
	ANDQ   $-4, BX

axpy4:
	CMPQ   AX, BX
	JGE    axpytail
	MOVUPD (SI)(AX*8), X1
	MOVUPD 16(SI)(AX*8), X2
	MULPD  X0, X1
	MULPD  X0, X2
	MOVUPD (DI)(AX*8), X3
	MOVUPD 16(DI)(AX*8), X4
	ADDPD  X1, X3
	ADDPD  X2, X4
	MOVUPD X3, (DI)(AX*8)
	MOVUPD X4, 16(DI)(AX*8)
	ADDQ   $4, AX
	JMP    axpy4

axpytail:
	CMPQ  AX, CX
	JGE   axpydone
	MOVSD (SI)(AX*8), X1
	MULSD X0, X1
	MOVSD (DI)(AX*8), X3
	ADDSD X1, X3
	MOVSD X3, (DI)(AX*8)
	INCQ  AX
	JMP   axpytail

axpydone:
	RET

// func eliminate(out, l, w []float64, p, beta float64)
TEXT ·eliminate(SB), NOSPLIT, $0-88
	MOVQ   out_base+0(FP), DX
	MOVQ   l_base+24(FP), SI
	MOVQ   l_len+32(FP), CX
	MOVQ   w_base+48(FP), DI
	MOVSD  p+72(FP), X5
	SHUFPD $0, X5, X5
	MOVSD  beta+80(FP), X6
	SHUFPD $0, X6, X6
	XORQ   AX, AX
	MOVQ   CX, BX
	ANDQ   $-2, BX

elim2:
	CMPQ   AX, BX
	JGE    elimtail
	MOVUPD (SI)(AX*8), X1
	MOVUPD (DI)(AX*8), X2
	MOVAPD X1, X3
	MULPD  X5, X3
	SUBPD  X3, X2
	MOVUPD X2, (DI)(AX*8)
	MULPD  X6, X2
	ADDPD  X1, X2
	MOVUPD X2, (DX)(AX*8)
	ADDQ   $2, AX
	JMP    elim2

elimtail:
	CMPQ  AX, CX
	JGE   elimdone
	MOVSD (SI)(AX*8), X1
	MOVSD (DI)(AX*8), X2
	MOVSD X1, X3
	MULSD X5, X3
	SUBSD X3, X2
	MOVSD X2, (DI)(AX*8)
	MULSD X6, X2
	ADDSD X1, X2
	MOVSD X2, (DX)(AX*8)
	INCQ  AX
	JMP   elimtail

elimdone:
	RET

// func rotate(a, b []float64, c, s float64)
TEXT ·rotate(SB), NOSPLIT, $0-64
	MOVQ   a_base+0(FP), SI
	MOVQ   a_len+8(FP), CX
	MOVQ   b_base+24(FP), DI
	MOVSD  c+48(FP), X6
	SHUFPD $0, X6, X6
	MOVSD  s+56(FP), X7
	SHUFPD $0, X7, X7
	XORQ   AX, AX
	MOVQ   CX, BX
	ANDQ   $-2, BX

rot2:
	CMPQ   AX, BX
	JGE    rottail
	MOVUPD (SI)(AX*8), X1
	MOVUPD (DI)(AX*8), X2
	MOVAPD X1, X3
	MULPD  X6, X3
	MOVAPD X2, X4
	MULPD  X7, X4
	ADDPD  X4, X3
	MOVAPD X2, X5
	MULPD  X6, X5
	MULPD  X7, X1
	SUBPD  X1, X5
	MOVUPD X3, (SI)(AX*8)
	MOVUPD X5, (DI)(AX*8)
	ADDQ   $2, AX
	JMP    rot2

rottail:
	CMPQ  AX, CX
	JGE   rotdone
	MOVSD (SI)(AX*8), X1
	MOVSD (DI)(AX*8), X2
	MOVSD X1, X3
	MULSD X6, X3
	MOVSD X2, X4
	MULSD X7, X4
	ADDSD X4, X3
	MOVSD X2, X5
	MULSD X6, X5
	MULSD X7, X1
	SUBSD X1, X5
	MOVSD X3, (SI)(AX*8)
	MOVSD X5, (DI)(AX*8)
	INCQ  AX
	JMP   rottail

rotdone:
	RET

// func rotate2(a1, a2, b []float64, c1, s1, c2, s2 float64)
//
// Two Givens rotations in one pass: (a1_i, b_i) by (c1, s1), then
// (a2_i, b_i) by (c2, s2) with the rotated b_i, the operations of two
// rotate calls in the same order, with b loaded and stored once.
TEXT ·rotate2(SB), NOSPLIT, $0-104
	MOVQ   a1_base+0(FP), SI
	MOVQ   a1_len+8(FP), CX
	MOVQ   a2_base+24(FP), DX
	MOVQ   b_base+48(FP), DI
	MOVSD  c1+72(FP), X6
	SHUFPD $0, X6, X6
	MOVSD  s1+80(FP), X7
	SHUFPD $0, X7, X7
	MOVSD  c2+88(FP), X10
	SHUFPD $0, X10, X10
	MOVSD  s2+96(FP), X11
	SHUFPD $0, X11, X11
	XORQ   AX, AX
	MOVQ   CX, BX
	ANDQ   $-2, BX

rr2:
	CMPQ   AX, BX
	JGE    rrtail
	MOVUPD (SI)(AX*8), X1
	MOVUPD (DI)(AX*8), X2
	MOVAPD X1, X3
	MULPD  X6, X3
	MOVAPD X2, X4
	MULPD  X7, X4
	ADDPD  X4, X3
	MOVAPD X2, X5
	MULPD  X6, X5
	MULPD  X7, X1
	SUBPD  X1, X5
	MOVUPD X3, (SI)(AX*8)
	MOVUPD (DX)(AX*8), X1
	MOVAPD X1, X3
	MULPD  X10, X3
	MOVAPD X5, X4
	MULPD  X11, X4
	ADDPD  X4, X3
	MULPD  X10, X5
	MULPD  X11, X1
	SUBPD  X1, X5
	MOVUPD X3, (DX)(AX*8)
	MOVUPD X5, (DI)(AX*8)
	ADDQ   $2, AX
	JMP    rr2

rrtail:
	CMPQ  AX, CX
	JGE   rrdone
	MOVSD (SI)(AX*8), X1
	MOVSD (DI)(AX*8), X2
	MOVSD X1, X3
	MULSD X6, X3
	MOVSD X2, X4
	MULSD X7, X4
	ADDSD X4, X3
	MOVSD X2, X5
	MULSD X6, X5
	MULSD X7, X1
	SUBSD X1, X5
	MOVSD X3, (SI)(AX*8)
	MOVSD (DX)(AX*8), X1
	MOVSD X1, X3
	MULSD X10, X3
	MOVSD X5, X4
	MULSD X11, X4
	ADDSD X4, X3
	MULSD X10, X5
	MULSD X11, X1
	SUBSD X1, X5
	MOVSD X3, (DX)(AX*8)
	MOVSD X5, (DI)(AX*8)
	INCQ  AX
	JMP   rrtail

rrdone:
	RET

// func solveUpperT(r, rinv []float64, stride, n, lo, hi int, v []float64)
//
// Two rows at a time where it can: once v_i and v_{i+1} are known (both
// non-zero), v_j = (v_j - v_i R_ij) - v_{i+1} R_{i+1,j} in one pass over
// v[i+2:n], the same operations in the same order as two passes, with half
// the loads and stores of v. A row whose v_i is zero is skipped, as in Go.
TEXT ·solveUpperT(SB), NOSPLIT, $0-104
	MOVQ r_base+0(FP), SI
	MOVQ rinv_base+24(FP), DX
	MOVQ stride+48(FP), R8
	SHLQ $3, R8
	MOVQ n+56(FP), CX
	MOVQ lo+64(FP), R9
	MOVQ hi+72(FP), R11
	MOVQ v_base+80(FP), DI

tout:
	CMPQ    R9, R11
	JGE     tdone
	MOVQ    R9, R10
	IMULQ   R8, R10
	ADDQ    SI, R10
	MOVSD   (DI)(R9*8), X0
	MULSD   (DX)(R9*8), X0
	MOVSD   X0, (DI)(R9*8)
	XORPD   X1, X1
	UCOMISD X1, X0
	JNE     tnz
	JP      tnz
	JMP     tnext

tnz:
	XORPD  X2, X2
	SUBSD  X0, X2
	SHUFPD $0, X2, X2
	MOVQ   R9, AX
	INCQ   AX
	CMPQ   AX, R11
	JGE    tquad

	// Row i+1 is in range: finish v_{i+1} = (v_{i+1} - v_i R_{i,i+1}) / R_{i+1,i+1}.
	MOVSD   (R10)(AX*8), X3
	MULSD   X2, X3
	MOVSD   (DI)(AX*8), X7
	ADDSD   X3, X7
	MULSD   (DX)(AX*8), X7
	MOVSD   X7, (DI)(AX*8)
	INCQ    AX
	UCOMISD X1, X7
	JNE     tpairrows
	JP      tpairrows

	// v_{i+1} = 0: row i alone on v[i+2:], and row i+1 has nothing to do.
	INCQ R9
	JMP  tquad

tpairrows:
	XORPD  X8, X8
	SUBSD  X7, X8
	SHUFPD $0, X8, X8
	MOVQ   R10, R12
	ADDQ   R8, R12
	INCQ   R9

tp2:
	MOVQ   AX, BX
	ADDQ   $2, BX
	CMPQ   BX, CX
	JG     tp1
	MOVUPD (R10)(AX*8), X3
	MULPD  X2, X3
	MOVUPD (DI)(AX*8), X4
	ADDPD  X3, X4
	MOVUPD (R12)(AX*8), X5
	MULPD  X8, X5
	ADDPD  X5, X4
	MOVUPD X4, (DI)(AX*8)
	ADDQ   $2, AX
	JMP    tp2

tp1:
	CMPQ  AX, CX
	JGE   tnext
	MOVSD (R10)(AX*8), X3
	MULSD X2, X3
	MOVSD (DI)(AX*8), X4
	ADDSD X3, X4
	MOVSD (R12)(AX*8), X5
	MULSD X8, X5
	ADDSD X5, X4
	MOVSD X4, (DI)(AX*8)
	JMP   tnext

	// One row: v[AX:n] += (-v_i) R[i, AX:n].
tquad:
	MOVQ   AX, BX
	ADDQ   $4, BX
	CMPQ   BX, CX
	JG     tpair
	MOVUPD (R10)(AX*8), X3
	MOVUPD 16(R10)(AX*8), X5
	MULPD  X2, X3
	MULPD  X2, X5
	MOVUPD (DI)(AX*8), X4
	MOVUPD 16(DI)(AX*8), X6
	ADDPD  X3, X4
	ADDPD  X5, X6
	MOVUPD X4, (DI)(AX*8)
	MOVUPD X6, 16(DI)(AX*8)
	ADDQ   $4, AX
	JMP    tquad

tpair:
	MOVQ   AX, BX
	ADDQ   $2, BX
	CMPQ   BX, CX
	JG     ttail
	MOVUPD (R10)(AX*8), X3
	MULPD  X2, X3
	MOVUPD (DI)(AX*8), X4
	ADDPD  X3, X4
	MOVUPD X4, (DI)(AX*8)
	ADDQ   $2, AX
	JMP    tpair

ttail:
	CMPQ  AX, CX
	JGE   tnext
	MOVSD (R10)(AX*8), X3
	MULSD X2, X3
	MOVSD (DI)(AX*8), X4
	ADDSD X3, X4
	MOVSD X4, (DI)(AX*8)

tnext:
	INCQ R9
	JMP  tout

tdone:
	RET

// func solveUpper(r, rinv []float64, stride, n int, v []float64)
//
// Each row's dot product (dot8) runs in four accumulators of two lanes
// (X0, X4, X5, X6) over blocks of eight, so that the additions of a row do
// not wait on each other; they are combined as dot8 combines them.
TEXT ·solveUpper(SB), NOSPLIT, $0-88
	MOVQ r_base+0(FP), SI
	MOVQ rinv_base+24(FP), DX
	MOVQ stride+48(FP), R8
	SHLQ $3, R8
	MOVQ n+56(FP), CX
	MOVQ v_base+64(FP), DI
	MOVQ CX, R9
	DECQ R9

bout:
	CMPQ  R9, $0
	JL    bdone
	MOVQ  R9, R10
	IMULQ R8, R10
	ADDQ  SI, R10
	XORPD X0, X0
	XORPD X4, X4
	XORPD X5, X5
	XORPD X6, X6
	MOVQ  R9, AX
	INCQ  AX

boct:
	MOVQ   AX, BX
	ADDQ   $8, BX
	CMPQ   BX, CX
	JG     bsum
	MOVUPD (R10)(AX*8), X1
	MOVUPD (DI)(AX*8), X2
	MULPD  X2, X1
	ADDPD  X1, X0
	MOVUPD 16(R10)(AX*8), X1
	MOVUPD 16(DI)(AX*8), X2
	MULPD  X2, X1
	ADDPD  X1, X4
	MOVUPD 32(R10)(AX*8), X1
	MOVUPD 32(DI)(AX*8), X2
	MULPD  X2, X1
	ADDPD  X1, X5
	MOVUPD 48(R10)(AX*8), X1
	MOVUPD 48(DI)(AX*8), X2
	MULPD  X2, X1
	ADDPD  X1, X6
	ADDQ   $8, AX
	JMP    boct

bsum:
	ADDPD X5, X0
	ADDPD X6, X4
	ADDPD X4, X0

bpair:
	MOVQ   AX, BX
	ADDQ   $2, BX
	CMPQ   BX, CX
	JG     btail
	MOVUPD (R10)(AX*8), X1
	MOVUPD (DI)(AX*8), X2
	MULPD  X2, X1
	ADDPD  X1, X0
	ADDQ   $2, AX
	JMP    bpair

btail:
	MOVAPD   X0, X1
	UNPCKHPD X1, X1
	ADDSD    X1, X0
	CMPQ     AX, CX
	JGE      bfin
	MOVSD    (R10)(AX*8), X1
	MULSD    (DI)(AX*8), X1
	ADDSD    X1, X0

bfin:
	MOVSD (DI)(R9*8), X3
	SUBSD X0, X3
	MULSD (DX)(R9*8), X3
	MOVSD X3, (DI)(R9*8)
	DECQ  R9
	JMP   bout

bdone:
	RET
