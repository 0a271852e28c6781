package sampling

// EffectiveVariance returns V_e(p) = sum_i a_i / p_i at the optimiser's
// current state, with every point's a_i computed (O(n d)): the quantity
// MABS tries to keep small (the MABS paper's effective variance).
func EffectiveVariance(opt Optimizer, s Sampler) float64 {
	var term func(i int) float64
	switch o := opt.(type) {
	case *SGD:
		term = func(i int) float64 { g := o.obj.Deriv(i, o.w); return g * g * o.obj.Norm2(i) }
	case *SAGA:
		term = func(i int) float64 { g := o.obj.Deriv(i, o.w) - o.G[i]; return g * g * o.obj.Norm2(i) }
	case *ProxSVRG:
		term = func(i int) float64 {
			g := o.obj.Deriv(i, o.w) - o.obj.Deriv(i, o.wtilde)
			return g * g * o.obj.Norm2(i)
		}
	default:
		return 0
	}
	n := opt.Objective().N()
	v := 0.0
	for i := range n {
		v += term(i) / s.Prob(i)
	}
	return v / float64(n*n)
}
