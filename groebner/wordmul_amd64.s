//go:build amd64 && !purego

#include "textflag.h"


// Register use: SI x (or q), CX len(x), R9 the index, BX the carry word
// between words and chunks, DX the multiplier word for MULX, R10 a high
// half, R11 zero, R12 len(x) rounded down to four; Z below is the register
// holding the address of the first word the pass updates.
//
// A chunk takes four words. MULX leaves the flags alone, so the low
// halves of the products and the previous high halves are summed on the
// CF chain (ADCX) while the sum goes into z on the OF chain (ADOX); both
// carries are folded into the last high half at the end of the chunk,
// before the loop test clobbers the flags. The fold cannot overflow: four
// words of z plus four of x times a word plus a carry word fit in five
// words. A subtraction is z - x*y = NOT(NOT z + x*y): the same chains on
// the complemented words of z (NOT leaves the flags alone), whose carry
// out is the borrow out. The words after the last chunk go one at a time
// through MULQ (Y the multiplier, not DX, which MULQ clobbers).
//
// The macros come before the first TEXT: go vet's asmdecl check reads the
// lines of a #define as part of the function above it.

#define ADDCHUNK(Z) \
	XORQ  R11, R11; \
	MULXQ 0(SI)(R9*8), AX, R10; \
	ADCXQ BX, AX; \
	ADOXQ 0(Z)(R9*8), AX; \
	MOVQ  AX, 0(Z)(R9*8); \
	MULXQ 8(SI)(R9*8), AX, BX; \
	ADCXQ R10, AX; \
	ADOXQ 8(Z)(R9*8), AX; \
	MOVQ  AX, 8(Z)(R9*8); \
	MULXQ 16(SI)(R9*8), AX, R10; \
	ADCXQ BX, AX; \
	ADOXQ 16(Z)(R9*8), AX; \
	MOVQ  AX, 16(Z)(R9*8); \
	MULXQ 24(SI)(R9*8), AX, BX; \
	ADCXQ R10, AX; \
	ADOXQ 24(Z)(R9*8), AX; \
	MOVQ  AX, 24(Z)(R9*8); \
	ADCXQ R11, BX; \
	ADOXQ R11, BX

// SUBCHUNK loads each word of z into the register whose high half was
// just consumed (BX, then R10, alternately).
#define SUBCHUNK(Z) \
	XORQ  R11, R11; \
	MULXQ 0(SI)(R9*8), AX, R10; \
	ADCXQ BX, AX; \
	MOVQ  0(Z)(R9*8), BX; \
	NOTQ  BX; \
	ADOXQ BX, AX; \
	NOTQ  AX; \
	MOVQ  AX, 0(Z)(R9*8); \
	MULXQ 8(SI)(R9*8), AX, BX; \
	ADCXQ R10, AX; \
	MOVQ  8(Z)(R9*8), R10; \
	NOTQ  R10; \
	ADOXQ R10, AX; \
	NOTQ  AX; \
	MOVQ  AX, 8(Z)(R9*8); \
	MULXQ 16(SI)(R9*8), AX, R10; \
	ADCXQ BX, AX; \
	MOVQ  16(Z)(R9*8), BX; \
	NOTQ  BX; \
	ADOXQ BX, AX; \
	NOTQ  AX; \
	MOVQ  AX, 16(Z)(R9*8); \
	MULXQ 24(SI)(R9*8), AX, BX; \
	ADCXQ R10, AX; \
	MOVQ  24(Z)(R9*8), R10; \
	NOTQ  R10; \
	ADOXQ R10, AX; \
	NOTQ  AX; \
	MOVQ  AX, 24(Z)(R9*8); \
	ADCXQ R11, BX; \
	ADOXQ R11, BX

#define ADDWORD(Z, Y) \
	MOVQ 0(SI)(R9*8), AX; \
	MULQ Y; \
	ADDQ BX, AX; \
	ADCQ $0, DX; \
	ADDQ AX, 0(Z)(R9*8); \
	ADCQ $0, DX; \
	MOVQ DX, BX

#define SUBWORD(Z, Y) \
	MOVQ 0(SI)(R9*8), AX; \
	MULQ Y; \
	ADDQ BX, AX; \
	ADCQ $0, DX; \
	SUBQ AX, 0(Z)(R9*8); \
	ADCQ $0, DX; \
	MOVQ DX, BX

// LOADVW sets up a pass z ± x*y: DI z, SI x, CX len(x), DX y, BX and R9
// zero, R12 len(x) rounded down to four (the flags of that AND tell
// whether there is a chunk).
#define LOADVW \
	MOVQ z_base+0(FP), DI; \
	MOVQ x_base+24(FP), SI; \
	MOVQ x_len+32(FP), CX; \
	MOVQ y+48(FP), DX; \
	XORQ BX, BX; \
	XORQ R9, R9; \
	MOVQ CX, R12; \
	ANDQ $-4, R12

// LOADVVV sets up e ± q*m: DI e, SI q, CX len(q), R12 len(q) rounded
// down to four, R13 zero.
#define LOADVVV \
	MOVQ e_base+0(FP), DI; \
	MOVQ q_base+24(FP), SI; \
	MOVQ q_len+32(FP), CX; \
	MOVQ CX, R12; \
	ANDQ $-4, R12; \
	XORQ R13, R13

// NEXTPASS starts pass j = R13 (or jumps to DONE after the last): DX
// m[j], R8 &e[j], BX and R9 zero.
#define NEXTPASS(DONE) \
	CMPQ R13, m_len+56(FP); \
	JGE  DONE; \
	MOVQ m_base+48(FP), AX; \
	MOVQ 0(AX)(R13*8), DX; \
	LEAQ 0(DI)(R13*8), R8; \
	XORQ BX, BX; \
	XORQ R9, R9

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

// func addMulVWADX(z, x []big.Word, y uint) uint
TEXT ·addMulVWADX(SB), NOSPLIT, $0-64
	LOADVW
	JZ   addtail
addchunk:
	ADDCHUNK(DI)
	ADDQ $4, R9
	CMPQ R9, R12
	JLT  addchunk
addtail:
	MOVQ DX, R8
	CMPQ R9, CX
	JGE  adddone
addword:
	ADDWORD(DI, R8)
	INCQ R9
	CMPQ R9, CX
	JLT  addword
adddone:
	MOVQ BX, ret+56(FP)
	RET

// func subMulVWADX(z, x []big.Word, y uint) uint
TEXT ·subMulVWADX(SB), NOSPLIT, $0-64
	LOADVW
	JZ   subtail
subchunk:
	SUBCHUNK(DI)
	ADDQ $4, R9
	CMPQ R9, R12
	JLT  subchunk
subtail:
	MOVQ DX, R8
	CMPQ R9, CX
	JGE  subdone
subword:
	SUBWORD(DI, R8)
	INCQ R9
	CMPQ R9, CX
	JLT  subword
subdone:
	MOVQ BX, ret+56(FP)
	RET

// The MULQ loops, for processors without ADX: one word at a time.

// func addMulVWMulq(z, x []big.Word, y uint) uint
TEXT ·addMulVWMulq(SB), NOSPLIT, $0-64
	LOADVW
	MOVQ DX, R8
	CMPQ R9, CX
	JGE  mqadddone
mqadd:
	ADDWORD(DI, R8)
	INCQ R9
	CMPQ R9, CX
	JLT  mqadd
mqadddone:
	MOVQ BX, ret+56(FP)
	RET

// func subMulVWMulq(z, x []big.Word, y uint) uint
TEXT ·subMulVWMulq(SB), NOSPLIT, $0-64
	LOADVW
	MOVQ DX, R8
	CMPQ R9, CX
	JGE  mqsubdone
mqsub:
	SUBWORD(DI, R8)
	INCQ R9
	CMPQ R9, CX
	JLT  mqsub
mqsubdone:
	MOVQ BX, ret+56(FP)
	RET

// The products of two magnitudes into an entry, e += q*m and e -= q*m
// modulo 2^(64 len(e)), in one call: for each word of m a pass over q
// (chunks, then single words) into e[j:], and the carry or borrow of the
// pass rippled up to the end of e. Needs len(q)+len(m) <= len(e)+1.
// Registers as above, with SI q, CX len(q), R13 j, R8 &e[j] (the Z of the
// chunks), DX m[j], and R10 m[j] again for the single words.

// func addMulVVVADX(e, q, m []big.Word)
TEXT ·addMulVVVADX(SB), NOSPLIT, $0-72
	LOADVVV
aouter:
	NEXTPASS(aend)
	TESTQ R12, R12
	JZ   atail
achunk:
	ADDCHUNK(R8)
	ADDQ $4, R9
	CMPQ R9, R12
	JLT  achunk
atail:
	MOVQ DX, R10
	CMPQ R9, CX
	JGE  aprop
aword:
	ADDWORD(R8, R10)
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
	LOADVVV
souter:
	NEXTPASS(send)
	TESTQ R12, R12
	JZ   stail
schunk:
	SUBCHUNK(R8)
	ADDQ $4, R9
	CMPQ R9, R12
	JLT  schunk
stail:
	MOVQ DX, R10
	CMPQ R9, CX
	JGE  sprop
sword:
	SUBWORD(R8, R10)
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

// A whole row of the certificate in one call (wideAcc.subMulRow): for
// each term i, the entry e of column cols[i] (w words at buf[(c-lo)*w])
// becomes e - q*m or e + q*m, m the term's magnitude mag[off[i]:off[i+1]],
// by the passes of addMulVVVADX or subMulVVVADX; the sign of e's top word
// before and after tells whether the result wrapped, and the call returns
// at the first term that did (its update made), with that term's index,
// else with len(cols). Called through the Go loop around it, a term had
// cost a lookup, a sign test, a call and a dispatch, more than its
// products on katsura-9. Locals: the term index, m's address and length,
// and the sign word of e before the update.
//
// The width must hold every product: len(q)+len(m) <= w+1.

// func mulRowADX(buf []big.Word, w, lo int, cols, off []int32, neg []bool, mag, q []big.Word, flip bool) int
TEXT ·mulRowADX(SB), NOSPLIT, $32-176
	MOVQ $0, i-8(SP)
rterm:
	MOVQ i-8(SP), R13
	CMPQ R13, cols_len+48(FP)
	JGE  rall
	MOVQ    cols_base+40(FP), AX
	MOVLQSX 0(AX)(R13*4), AX
	SUBQ    lo+32(FP), AX
	IMULQ   w+24(FP), AX
	MOVQ    buf_base+0(FP), DI
	LEAQ    0(DI)(AX*8), DI
	MOVQ    off_base+64(FP), AX
	MOVLQSX 0(AX)(R13*4), BX
	MOVLQSX 4(AX)(R13*4), CX
	SUBQ    BX, CX
	MOVQ    CX, mlen-24(SP)
	MOVQ    mag_base+112(FP), AX
	LEAQ    0(AX)(BX*8), AX
	MOVQ    AX, mbase-16(SP)
	MOVQ    w+24(FP), AX
	MOVQ    -8(DI)(AX*8), AX
	SARQ    $63, AX
	MOVQ    AX, s0-32(SP)
	MOVQ    neg_base+88(FP), AX
	MOVBLZX 0(AX)(R13*1), AX
	MOVBLZX flip+160(FP), BX
	MOVQ    q_base+136(FP), SI
	MOVQ    q_len+144(FP), CX
	MOVQ    CX, R12
	ANDQ    $-4, R12
	CMPQ    AX, BX
	JEQ     rsub
	XORQ R13, R13
rapass:
	CMPQ R13, mlen-24(SP)
	JGE  raend
	MOVQ mbase-16(SP), AX
	MOVQ 0(AX)(R13*8), DX
	LEAQ 0(DI)(R13*8), R8
	XORQ BX, BX
	XORQ R9, R9
	TESTQ R12, R12
	JZ   ratail
rachunk:
	ADDCHUNK(R8)
	ADDQ $4, R9
	CMPQ R9, R12
	JLT  rachunk
ratail:
	MOVQ DX, R10
	CMPQ R9, CX
	JGE  raprop
raword:
	ADDWORD(R8, R10)
	INCQ R9
	CMPQ R9, CX
	JLT  raword
raprop:
	LEAQ 0(R13)(CX*1), R9
	MOVQ w+24(FP), R11
raripple:
	TESTQ BX, BX
	JZ   ranext
	CMPQ R9, R11
	JGE  ranext
	ADDQ BX, 0(DI)(R9*8)
	MOVQ $0, BX
	ADCQ $0, BX
	INCQ R9
	JMP  raripple
ranext:
	INCQ R13
	JMP  rapass
raend:
	// An addition wrapped when e was not negative and now is.
	MOVQ w+24(FP), AX
	MOVQ -8(DI)(AX*8), AX
	SARQ $63, AX
	MOVQ s0-32(SP), BX
	NOTQ BX
	ANDQ BX, AX
	JNZ  rwrapped
	INCQ i-8(SP)
	JMP  rterm
rsub:
	XORQ R13, R13
rspass:
	CMPQ R13, mlen-24(SP)
	JGE  rsend
	MOVQ mbase-16(SP), AX
	MOVQ 0(AX)(R13*8), DX
	LEAQ 0(DI)(R13*8), R8
	XORQ BX, BX
	XORQ R9, R9
	TESTQ R12, R12
	JZ   rstail
rschunk:
	SUBCHUNK(R8)
	ADDQ $4, R9
	CMPQ R9, R12
	JLT  rschunk
rstail:
	MOVQ DX, R10
	CMPQ R9, CX
	JGE  rsprop
rsword:
	SUBWORD(R8, R10)
	INCQ R9
	CMPQ R9, CX
	JLT  rsword
rsprop:
	LEAQ 0(R13)(CX*1), R9
	MOVQ w+24(FP), R11
rsripple:
	TESTQ BX, BX
	JZ   rsnext
	CMPQ R9, R11
	JGE  rsnext
	SUBQ BX, 0(DI)(R9*8)
	MOVQ $0, BX
	ADCQ $0, BX
	INCQ R9
	JMP  rsripple
rsnext:
	INCQ R13
	JMP  rspass
rsend:
	// A subtraction wrapped when e was negative and now is not.
	MOVQ w+24(FP), AX
	MOVQ -8(DI)(AX*8), AX
	SARQ $63, AX
	NOTQ AX
	ANDQ s0-32(SP), AX
	JNZ  rwrapped
	INCQ i-8(SP)
	JMP  rterm
rwrapped:
	MOVQ i-8(SP), AX
	MOVQ AX, ret+168(FP)
	RET
rall:
	MOVQ cols_len+48(FP), AX
	MOVQ AX, ret+168(FP)
	RET
