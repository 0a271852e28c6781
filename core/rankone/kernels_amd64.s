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

// func axpy2(a float64, x []float64, b float64, y, w []float64)
//
// w_j = (w_j + a x_j) + b y_j: the two multiply-adds of axpy2Go in its
// order, four entries per iteration, w loaded and stored once.
TEXT ·axpy2(SB), NOSPLIT, $0-88
	MOVSD  a+0(FP), X0
	SHUFPD $0, X0, X0
	MOVQ   x_base+8(FP), SI
	MOVQ   x_len+16(FP), CX
	MOVSD  b+32(FP), X1
	SHUFPD $0, X1, X1
	MOVQ   y_base+40(FP), DX
	MOVQ   w_base+64(FP), DI
	XORQ   AX, AX
	MOVQ   CX, BX
	ANDQ   $-4, BX

axpy2quad:
	CMPQ   AX, BX
	JGE    axpy2tail
	MOVUPD (SI)(AX*8), X2
	MOVUPD 16(SI)(AX*8), X3
	MULPD  X0, X2
	MULPD  X0, X3
	MOVUPD (DI)(AX*8), X4
	MOVUPD 16(DI)(AX*8), X5
	ADDPD  X2, X4
	ADDPD  X3, X5
	MOVUPD (DX)(AX*8), X6
	MOVUPD 16(DX)(AX*8), X7
	MULPD  X1, X6
	MULPD  X1, X7
	ADDPD  X6, X4
	ADDPD  X7, X5
	MOVUPD X4, (DI)(AX*8)
	MOVUPD X5, 16(DI)(AX*8)
	ADDQ   $4, AX
	JMP    axpy2quad

axpy2tail:
	CMPQ  AX, CX
	JGE   axpy2done
	MOVSD (SI)(AX*8), X2
	MULSD X0, X2
	MOVSD (DI)(AX*8), X4
	ADDSD X2, X4
	MOVSD (DX)(AX*8), X6
	MULSD X1, X6
	ADDSD X6, X4
	MOVSD X4, (DI)(AX*8)
	INCQ  AX
	JMP   axpy2tail

axpy2done:
	RET
