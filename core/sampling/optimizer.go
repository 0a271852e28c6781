package sampling

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Step is what one iteration reports: the point drawn, its probability, the
// effective-variance term a_i the sampler is told (the MABS paper's effective variance), and
// the gradient evaluations spent so far.
type Step struct {
	Index int     `json:"index"`
	Prob  float64 `json:"prob"`
	A     float64 `json:"a"`
	Evals int     `json:"evals"`
}

// Optimizer is a stochastic optimiser driven by a sampler.
type Optimizer interface {
	// Step makes one iteration.
	Step(rng *rand.Rand) Step
	// W returns the current iterate (the caller must not modify it).
	W() []float64
	// Evals returns the gradient evaluations spent so far.
	Evals() int
	// Objective returns the objective being minimised.
	Objective() *Objective
}

// base holds what the three optimisers share.
type base struct {
	obj     *Objective
	sampler Sampler
	gamma   float64
	w       []float64
	evals   int
	ghat    []float64 // scratch
}

func newBase(o *Objective, s Sampler, gamma float64) (base, error) {
	if !(gamma > 0) || math.IsInf(gamma, 0) {
		return base{}, fmt.Errorf("sampling: step gamma = %v must be positive", gamma)
	}
	return base{obj: o, sampler: s, gamma: gamma, w: make([]float64, o.Dim()), ghat: make([]float64, o.Dim())}, nil
}

func (b *base) W() []float64          { return b.w }
func (b *base) Evals() int            { return b.evals }
func (b *base) Objective() *Objective { return b.obj }

// stepWith applies w <- prox(w - gamma ghat).
func (b *base) stepWith() {
	for j, g := range b.ghat {
		b.w[j] -= b.gamma * g
	}
	b.obj.Prox(b.w, b.gamma)
}

// SGD is proximal SGD (the MABS paper's optimizers): ghat = grad phi_i(w)/(n p_i),
// w <- prox_{gamma lambda r}(w - gamma ghat), a_i = ||grad phi_i(w)||^2/n^2.
type SGD struct{ base }

// NewSGD returns SGD on the objective with the sampler and step gamma,
// starting at w = 0.
func NewSGD(o *Objective, s Sampler, gamma float64) (*SGD, error) {
	b, err := newBase(o, s, gamma)
	return &SGD{b}, err
}

// Step makes one SGD iteration.
func (s *SGD) Step(rng *rand.Rand) Step {
	i, p := s.sampler.Sample(rng)
	a := s.estimate(i, p)
	s.evals++
	s.sampler.Update(i, p, a)
	s.stepWith()
	return Step{Index: i, Prob: p, A: a, Evals: s.evals}
}

// estimate sets ghat for point i drawn with probability p and returns a_i.
func (s *SGD) estimate(i int, p float64) float64 {
	g := s.obj.Deriv(i, s.w)
	n := float64(s.obj.N())
	for j := range s.ghat {
		s.ghat[j] = g * s.obj.X[i][j] / (n * p)
	}
	return g * g * s.obj.Norm2(i) / (n * n)
}

// SAGA keeps each point's last gradient, as a scalar derivative G_i
// (initialised at w0, n evaluations), and their mean Gbar (the MABS
// paper's optimizers): ghat = (grad phi_i(w) - G_i x_i)/(n p_i) + Gbar;
// a_i = ||grad phi_i(w) - G_i x_i||^2/n^2.
type SAGA struct {
	base
	G    []float64
	Gbar []float64
}

// NewSAGA returns SAGA starting at w = 0.
func NewSAGA(o *Objective, s Sampler, gamma float64) (*SAGA, error) {
	b, err := newBase(o, s, gamma)
	if err != nil {
		return nil, err
	}
	sg := &SAGA{base: b, G: make([]float64, o.N()), Gbar: make([]float64, o.Dim())}
	n := float64(o.N())
	for i, x := range o.X {
		sg.G[i] = o.Deriv(i, sg.w)
		for j, v := range x {
			sg.Gbar[j] += sg.G[i] * v / n
		}
	}
	sg.evals = o.N()
	return sg, nil
}

// Step makes one SAGA iteration.
func (s *SAGA) Step(rng *rand.Rand) Step {
	i, p := s.sampler.Sample(rng)
	g := s.obj.Deriv(i, s.w)
	s.evals++
	a := s.estimate(i, p, g)
	s.sampler.Update(i, p, a)
	s.stepWith()
	n := float64(s.obj.N())
	diff := g - s.G[i]
	for j, v := range s.obj.X[i] {
		s.Gbar[j] += diff * v / n
	}
	s.G[i] = g
	return Step{Index: i, Prob: p, A: a, Evals: s.evals}
}

// estimate sets ghat for point i (derivative g at w) drawn with
// probability p and returns a_i.
func (s *SAGA) estimate(i int, p, g float64) float64 {
	n := float64(s.obj.N())
	diff := g - s.G[i]
	for j, v := range s.obj.X[i] {
		s.ghat[j] = diff*v/(n*p) + s.Gbar[j]
	}
	return diff * diff * s.obj.Norm2(i) / (n * n)
}

// ProxSVRG is Prox-SVRG (the MABS paper's optimizers): time is cut into bins of n
// iterations; each bin starts at wtilde = the mean of the previous bin's
// iterates (w0 for the first) with the full gradient mu at wtilde (n
// evaluations); ghat = (grad phi_i(w) - grad phi_i(wtilde))/(n p_i) + mu;
// a_i = ||grad phi_i(w) - grad phi_i(wtilde)||^2/n^2.
type ProxSVRG struct {
	base
	wtilde, mu, sum []float64
	t               int
}

// NewProxSVRG returns Prox-SVRG starting at w = 0.
func NewProxSVRG(o *Objective, s Sampler, gamma float64) (*ProxSVRG, error) {
	b, err := newBase(o, s, gamma)
	if err != nil {
		return nil, err
	}
	d := o.Dim()
	return &ProxSVRG{base: b, wtilde: make([]float64, d), mu: make([]float64, d), sum: make([]float64, d)}, nil
}

// Step makes one Prox-SVRG iteration.
func (s *ProxSVRG) Step(rng *rand.Rand) Step {
	n := s.obj.N()
	if s.t%n == 0 {
		if s.t > 0 {
			for j := range s.wtilde {
				s.wtilde[j] = s.sum[j] / float64(n)
			}
			clear(s.sum)
		}
		s.obj.DataGrad(s.mu, s.wtilde)
		s.evals += n
	}
	i, p := s.sampler.Sample(rng)
	a := s.estimate(i, p)
	s.evals += 2
	s.sampler.Update(i, p, a)
	s.stepWith()
	for j, v := range s.w {
		s.sum[j] += v
	}
	s.t++
	return Step{Index: i, Prob: p, A: a, Evals: s.evals}
}

// estimate sets ghat for point i drawn with probability p and returns a_i.
func (s *ProxSVRG) estimate(i int, p float64) float64 {
	n := float64(s.obj.N())
	diff := s.obj.Deriv(i, s.w) - s.obj.Deriv(i, s.wtilde)
	for j, v := range s.obj.X[i] {
		s.ghat[j] = diff*v/(n*p) + s.mu[j]
	}
	return diff * diff * s.obj.Norm2(i) / (n * n)
}
