package rankone

// The loops the factorisations's passes spend their time in. On amd64
// they are SSE2 assembly (kernels_amd64.s), two entries per instruction
// with the same multiplications and additions, in the same order, as the
// Go loops of kernels_other.go, which other platforms (WebAssembly among
// them) run: the results are the same bits everywhere.
//
//	axpy:      y_i += alpha x_i
//	eliminate: w_i -= p l_i; out_i = l_i + beta w_i  (Method C1's column step)
//	rotate:    a_i, b_i = c a_i + s b_i, c b_i - s a_i  (a Givens rotation)
//	rotate2:   two rotations of the same b in one pass (two rows of R)
//	axpy2:     w_i = (w_i + a x_i) + b y_i  (two rows of a forward substitution)
