package linear

import (
	"math"

	"unitfree/core/internal/elementary"
	"unitfree/core/loss"
)

// Scinol is ScInOL1 or ScInOL2 (Kempka, Kotłowski, Warmuth, ICML 2019;
// from the authors' code scinol/_scinol.py): the
// parameter-free, per-feature scale-invariant successors of Kotłowski's
// Algorithm 1, without its slow start. Per coordinate: G_i = -sum g x_i,
// S2_i = sum (g x_i)^2, M_i = max |x_i| (including the current x), and the
// wealth beta_i (ScInOL1) or eta_i (ScInOL2), both starting at eps.
type Scinol struct {
	loss     loss.Loss
	variant  int // 1 or 2
	eps      float64
	G, S2, M []float64
	wealth   []float64 // beta_i for ScInOL1, eta_i for ScInOL2
	w        []float64 // the weights of the current round
	t        int
	// scratch of ScInOL1's round: each coordinate's D, theta and exponent |theta|/2
	D, theta, expo []float64
}

// NewScinol1 returns ScInOL1 in d dimensions with initial wealth eps.
func NewScinol1(d int, l loss.Loss, eps float64) *Scinol { return newScinol(d, l, eps, 1) }

// NewScinol2 returns ScInOL2 in d dimensions with initial wealth eps.
func NewScinol2(d int, l loss.Loss, eps float64) *Scinol { return newScinol(d, l, eps, 2) }

func newScinol(d int, l loss.Loss, eps float64, variant int) *Scinol {
	s := &Scinol{loss: l, variant: variant, eps: eps,
		G: make([]float64, d), S2: make([]float64, d), M: make([]float64, d),
		wealth: make([]float64, d), w: make([]float64, d), D: make([]float64, d), theta: make([]float64, d), expo: make([]float64, d)}
	for i := range s.wealth {
		s.wealth[i] = eps
	}
	return s
}

// Dim returns the input length.
func (s *Scinol) Dim() int { return len(s.G) }

// Predict returns the prediction of the next round for x, without learning.
func (s *Scinol) Predict(x []float64) float64 {
	n := len(x)
	G, S2, Ms, wealth := s.G[:n], s.S2[:n], s.M[:n], s.wealth[:n]
	yhat := 0.0
	for i, v := range x {
		if v != 0 {
			M := elementary.MaxAbs(Ms[i], v)
			beta := wealth[i]
			if s.variant == 1 {
				beta = minWealth(beta, s.eps*(S2[i]+M*M)/(v*v*float64(s.t+1)))
			}
			yhat += s.weight(G[i], S2[i], M, beta) * v
		}
	}
	return yhat
}

// weight returns w_i for the coordinate's G_i and S2_i, the running maximum
// M and the wealth beta, with D = sqrt(S2 + M^2) and theta = G/D (0 when
// M = 0).
func (s *Scinol) weight(G, S2, M, beta float64) float64 {
	if s.variant == 1 {
		return weight1(G, S2, M, beta)
	}
	return weight2(G, S2, M, beta)
}

// weight1 is ScInOL1's beta sgn(theta) (exp(|theta|/2) - 1) / (2 D).
func weight1(G, S2, M, beta float64) float64 {
	if M == 0 {
		return 0
	}
	D := math.Sqrt(S2 + M*M)
	theta := G / D
	return beta * math.Copysign(elementary.Expm1(math.Abs(theta)/2), theta) / (2 * D)
}

// minWealth returns min(beta, c) for ScInOL1's wealth beta > 0 and its cap
// c > 0: math.Min's result for these (no zeros of either sign), without its
// call in WASM. A NaN cap (only after the learner diverged, which Guard
// catches) leaves beta as it is.
func minWealth(beta, c float64) float64 {
	if c < beta {
		return c
	}
	return beta
}

// weight2 is ScInOL2's beta sgn(theta) min(|theta|, 1) / (2 D).
func weight2(G, S2, M, beta float64) float64 {
	if M == 0 {
		return 0
	}
	D := math.Sqrt(S2 + M*M)
	theta := G / D
	capped := math.Abs(theta) // min(|theta|, 1), without math.Min's call in WASM
	if capped > 1 {
		capped = 1
	}
	return beta * math.Copysign(capped, theta) / (2 * D)
}

// Learn plays one round in the order of the authors' code: update M (and
// ScInOL1's beta), compute w, predict, then G, S2 and ScInOL2's wealth.
// Each variant has its own loops, and the state's slices are taken once
// (G, S2, ... below), so that the loops neither test the variant nor
// reload or bounds-check the slices: Go's WebAssembly code pays for every
// branch. Per coordinate the arithmetic is the same, in the same order.
func (s *Scinol) Learn(x []float64, y float64) float64 {
	s.t++
	n := len(x)
	G, S2, M, wealth, w := s.G[:n], s.S2[:n], s.M[:n], s.wealth[:n], s.w[:n]
	if s.variant == 1 {
		// weight1 of each coordinate, its exponentials all at once
		D, theta, expo := s.D[:n], s.theta[:n], s.expo[:n]
		for i, v := range x {
			M[i] = elementary.MaxAbs(M[i], v)
			if v != 0 {
				wealth[i] = minWealth(wealth[i], s.eps*(S2[i]+M[i]*M[i])/(v*v*float64(s.t)))
			}
			D[i], theta[i], expo[i] = 0, 0, 0
			if M[i] != 0 {
				D[i] = math.Sqrt(S2[i] + M[i]*M[i])
				theta[i] = G[i] / D[i]
				expo[i] = math.Abs(theta[i]) / 2
			}
		}
		elementary.Expm1InPlace(expo)
		for i := range x {
			w[i] = 0
			if M[i] != 0 {
				w[i] = wealth[i] * math.Copysign(expo[i], theta[i]) / (2 * D[i])
			}
		}
	} else {
		for i, v := range x {
			M[i] = elementary.MaxAbs(M[i], v)
			w[i] = weight2(G[i], S2[i], M[i], wealth[i])
		}
	}
	yhat := dot(w, x) // sum_i w_i x_i in index order
	g := s.loss.Deriv(y, yhat)
	if s.variant == 1 {
		for i, v := range x {
			gi := g * v
			G[i] -= gi
			S2[i] += gi * gi
		}
	} else {
		for i, v := range x {
			gi := g * v
			G[i] -= gi
			S2[i] += gi * gi
			wealth[i] -= gi * w[i]
		}
	}
	return yhat
}
