//go:build amd64 && !purego

#include "textflag.h"

// func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// Register use below: DI z, SI x, CX len(x), R9 the index, BX the carry
// word between words (and chunks).
//
// The ADX loops take four words a chunk. MULX leaves the flags alone, so
// the low halves of the products and the previous high halves are summed
// on the CF chain (ADCX) while the sum goes into z on the OF chain (ADOX);
// both carries are folded into the last high half at the end of a chunk,
// before the loop test clobbers the flags. The fold cannot overflow: z's
// four words plus x's four words times y plus a carry word fit in five
// words. The remaining words go one at a time through MULQ.

// func addMulVWADX(z, x []big.Word, y uint) uint
TEXT ·addMulVWADX(SB), NOSPLIT, $0-64
	MOVQ z_base+0(FP), DI
	MOVQ x_base+24(FP), SI
	MOVQ x_len+32(FP), CX
	MOVQ y+48(FP), DX
	XORQ BX, BX
	XORQ R9, R9
	MOVQ CX, R12
	ANDQ $-4, R12
	JZ   addtail
addchunk:
	XORQ  R11, R11
	MULXQ 0(SI)(R9*8), AX, R10
	ADCXQ BX, AX
	ADOXQ 0(DI)(R9*8), AX
	MOVQ  AX, 0(DI)(R9*8)
	MULXQ 8(SI)(R9*8), AX, BX
	ADCXQ R10, AX
	ADOXQ 8(DI)(R9*8), AX
	MOVQ  AX, 8(DI)(R9*8)
	MULXQ 16(SI)(R9*8), AX, R10
	ADCXQ BX, AX
	ADOXQ 16(DI)(R9*8), AX
	MOVQ  AX, 16(DI)(R9*8)
	MULXQ 24(SI)(R9*8), AX, BX
	ADCXQ R10, AX
	ADOXQ 24(DI)(R9*8), AX
	MOVQ  AX, 24(DI)(R9*8)
	ADCXQ R11, BX
	ADOXQ R11, BX
	ADDQ  $4, R9
	CMPQ  R9, R12
	JLT   addchunk
addtail:
	MOVQ DX, R8
	CMPQ R9, CX
	JGE  adddone
addword:
	MOVQ 0(SI)(R9*8), AX
	MULQ R8
	ADDQ BX, AX
	ADCQ $0, DX
	ADDQ AX, 0(DI)(R9*8)
	ADCQ $0, DX
	MOVQ DX, BX
	INCQ R9
	CMPQ R9, CX
	JLT  addword
adddone:
	MOVQ BX, ret+56(FP)
	RET

// subMulVWADX computes z - x*y as NOT(NOT z + x*y): the same chains as
// addMulVWADX on the complemented words of z (NOT leaves the flags
// alone), and the carry out of NOT z + x*y is the borrow out of z - x*y.

// func subMulVWADX(z, x []big.Word, y uint) uint
TEXT ·subMulVWADX(SB), NOSPLIT, $0-64
	MOVQ z_base+0(FP), DI
	MOVQ x_base+24(FP), SI
	MOVQ x_len+32(FP), CX
	MOVQ y+48(FP), DX
	XORQ BX, BX
	XORQ R9, R9
	MOVQ CX, R12
	ANDQ $-4, R12
	JZ   subtail
subchunk:
	XORQ  R11, R11
	MULXQ 0(SI)(R9*8), AX, R10
	ADCXQ BX, AX
	MOVQ  0(DI)(R9*8), R13
	NOTQ  R13
	ADOXQ R13, AX
	NOTQ  AX
	MOVQ  AX, 0(DI)(R9*8)
	MULXQ 8(SI)(R9*8), AX, BX
	ADCXQ R10, AX
	MOVQ  8(DI)(R9*8), R13
	NOTQ  R13
	ADOXQ R13, AX
	NOTQ  AX
	MOVQ  AX, 8(DI)(R9*8)
	MULXQ 16(SI)(R9*8), AX, R10
	ADCXQ BX, AX
	MOVQ  16(DI)(R9*8), R13
	NOTQ  R13
	ADOXQ R13, AX
	NOTQ  AX
	MOVQ  AX, 16(DI)(R9*8)
	MULXQ 24(SI)(R9*8), AX, BX
	ADCXQ R10, AX
	MOVQ  24(DI)(R9*8), R13
	NOTQ  R13
	ADOXQ R13, AX
	NOTQ  AX
	MOVQ  AX, 24(DI)(R9*8)
	ADCXQ R11, BX
	ADOXQ R11, BX
	ADDQ  $4, R9
	CMPQ  R9, R12
	JLT   subchunk
subtail:
	MOVQ DX, R8
	CMPQ R9, CX
	JGE  subdone
subword:
	MOVQ 0(SI)(R9*8), AX
	MULQ R8
	ADDQ BX, AX
	ADCQ $0, DX
	SUBQ AX, 0(DI)(R9*8)
	ADCQ $0, DX
	MOVQ DX, BX
	INCQ R9
	CMPQ R9, CX
	JLT  subword
subdone:
	MOVQ BX, ret+56(FP)
	RET

// The MULQ loops, for processors without ADX: one word at a time.

// func addMulVWMulq(z, x []big.Word, y uint) uint
TEXT ·addMulVWMulq(SB), NOSPLIT, $0-64
	MOVQ z_base+0(FP), DI
	MOVQ x_base+24(FP), SI
	MOVQ x_len+32(FP), CX
	MOVQ y+48(FP), R8
	XORQ BX, BX
	XORQ R9, R9
	CMPQ R9, CX
	JGE  mqadddone
mqadd:
	MOVQ 0(SI)(R9*8), AX
	MULQ R8
	ADDQ BX, AX
	ADCQ $0, DX
	ADDQ AX, 0(DI)(R9*8)
	ADCQ $0, DX
	MOVQ DX, BX
	INCQ R9
	CMPQ R9, CX
	JLT  mqadd
mqadddone:
	MOVQ BX, ret+56(FP)
	RET

// func subMulVWMulq(z, x []big.Word, y uint) uint
TEXT ·subMulVWMulq(SB), NOSPLIT, $0-64
	MOVQ z_base+0(FP), DI
	MOVQ x_base+24(FP), SI
	MOVQ x_len+32(FP), CX
	MOVQ y+48(FP), R8
	XORQ BX, BX
	XORQ R9, R9
	CMPQ R9, CX
	JGE  mqsubdone
mqsub:
	MOVQ 0(SI)(R9*8), AX
	MULQ R8
	ADDQ BX, AX
	ADCQ $0, DX
	SUBQ AX, 0(DI)(R9*8)
	ADCQ $0, DX
	MOVQ DX, BX
	INCQ R9
	CMPQ R9, CX
	JLT  mqsub
mqsubdone:
	MOVQ BX, ret+56(FP)
	RET

// The products of two magnitudes into an entry, e += q*m and e -= q*m
// modulo 2^(64 len(e)), in one call: for each word of m a pass over q
// (ADX chunks of four words, then MULQ words) into e[j:], and the carry or
// borrow of the pass rippled up to the end of e. Needs len(q)+len(m) <=
// len(e)+1. Registers: DI e, SI q, CX len(q), R12 len(q) rounded down to
// four, R13 j, R8 &e[j], R9 the index, BX the carry, DX m[j] (MULX's
// implicit operand), R10 a high half, R11 zero.

// func addMulVVVADX(e, q, m []big.Word)
TEXT ·addMulVVVADX(SB), NOSPLIT, $0-72
	MOVQ e_base+0(FP), DI
	MOVQ q_base+24(FP), SI
	MOVQ q_len+32(FP), CX
	MOVQ CX, R12
	ANDQ $-4, R12
	XORQ R13, R13
aouter:
	CMPQ R13, m_len+56(FP)
	JGE  aend
	MOVQ m_base+48(FP), AX
	MOVQ 0(AX)(R13*8), DX
	LEAQ 0(DI)(R13*8), R8
	XORQ BX, BX
	XORQ R9, R9
	TESTQ R12, R12
	JZ   atail
achunk:
	XORQ  R11, R11
	MULXQ 0(SI)(R9*8), AX, R10
	ADCXQ BX, AX
	ADOXQ 0(R8)(R9*8), AX
	MOVQ  AX, 0(R8)(R9*8)
	MULXQ 8(SI)(R9*8), AX, BX
	ADCXQ R10, AX
	ADOXQ 8(R8)(R9*8), AX
	MOVQ  AX, 8(R8)(R9*8)
	MULXQ 16(SI)(R9*8), AX, R10
	ADCXQ BX, AX
	ADOXQ 16(R8)(R9*8), AX
	MOVQ  AX, 16(R8)(R9*8)
	MULXQ 24(SI)(R9*8), AX, BX
	ADCXQ R10, AX
	ADOXQ 24(R8)(R9*8), AX
	MOVQ  AX, 24(R8)(R9*8)
	ADCXQ R11, BX
	ADOXQ R11, BX
	ADDQ  $4, R9
	CMPQ  R9, R12
	JLT   achunk
atail:
	MOVQ DX, R10
	CMPQ R9, CX
	JGE  aprop
aword:
	MOVQ 0(SI)(R9*8), AX
	MULQ R10
	ADDQ BX, AX
	ADCQ $0, DX
	ADDQ AX, 0(R8)(R9*8)
	ADCQ $0, DX
	MOVQ DX, BX
	INCQ R9
	CMPQ R9, CX
	JLT  aword
aprop:
	LEAQ 0(R13)(CX*1), R9
	MOVQ e_len+8(FP), R11
aripple:
	TESTQ BX, BX
	JZ   anext
	CMPQ R9, R11
	JGE  anext
	ADDQ BX, 0(DI)(R9*8)
	MOVQ $0, BX
	ADCQ $0, BX
	INCQ R9
	JMP  aripple
anext:
	INCQ R13
	JMP  aouter
aend:
	RET

// func subMulVVVADX(e, q, m []big.Word)
TEXT ·subMulVVVADX(SB), NOSPLIT, $0-72
	MOVQ e_base+0(FP), DI
	MOVQ q_base+24(FP), SI
	MOVQ q_len+32(FP), CX
	MOVQ CX, R12
	ANDQ $-4, R12
	XORQ R13, R13
souter:
	CMPQ R13, m_len+56(FP)
	JGE  send
	MOVQ m_base+48(FP), AX
	MOVQ 0(AX)(R13*8), DX
	LEAQ 0(DI)(R13*8), R8
	XORQ BX, BX
	XORQ R9, R9
	TESTQ R12, R12
	JZ   stail
schunk:
	XORQ  R11, R11
	MULXQ 0(SI)(R9*8), AX, R10
	ADCXQ BX, AX
	MOVQ  0(R8)(R9*8), BX
	NOTQ  BX
	ADOXQ BX, AX
	NOTQ  AX
	MOVQ  AX, 0(R8)(R9*8)
	MULXQ 8(SI)(R9*8), AX, BX
	ADCXQ R10, AX
	MOVQ  8(R8)(R9*8), R10
	NOTQ  R10
	ADOXQ R10, AX
	NOTQ  AX
	MOVQ  AX, 8(R8)(R9*8)
	MULXQ 16(SI)(R9*8), AX, R10
	ADCXQ BX, AX
	MOVQ  16(R8)(R9*8), BX
	NOTQ  BX
	ADOXQ BX, AX
	NOTQ  AX
	MOVQ  AX, 16(R8)(R9*8)
	MULXQ 24(SI)(R9*8), AX, BX
	ADCXQ R10, AX
	MOVQ  24(R8)(R9*8), R10
	NOTQ  R10
	ADOXQ R10, AX
	NOTQ  AX
	MOVQ  AX, 24(R8)(R9*8)
	ADCXQ R11, BX
	ADOXQ R11, BX
	ADDQ  $4, R9
	CMPQ  R9, R12
	JLT   schunk
stail:
	MOVQ DX, R10
	CMPQ R9, CX
	JGE  sprop
sword:
	MOVQ 0(SI)(R9*8), AX
	MULQ R10
	ADDQ BX, AX
	ADCQ $0, DX
	SUBQ AX, 0(R8)(R9*8)
	ADCQ $0, DX
	MOVQ DX, BX
	INCQ R9
	CMPQ R9, CX
	JLT  sword
sprop:
	LEAQ 0(R13)(CX*1), R9
	MOVQ e_len+8(FP), R11
sripple:
	TESTQ BX, BX
	JZ   snext
	CMPQ R9, R11
	JGE  snext
	SUBQ BX, 0(DI)(R9*8)
	MOVQ $0, BX
	ADCQ $0, BX
	INCQ R9
	JMP  sripple
snext:
	INCQ R13
	JMP  souter
send:
	RET
