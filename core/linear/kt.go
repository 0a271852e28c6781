package linear

import (
	"errors"
	"math"

	"unitfree/core/internal/elementary"
	"unitfree/core/loss"
)

// KT is Krichevsky–Trofimov coin betting run on each coordinate (Orabona &
// Pál, Coin betting and parameter-free online learning, NeurIPS 2016, §5,
// the KT bettor reduced to one-dimensional online linear optimization), in
// the per-coordinate form with each feature divided by its running maximum
// |x_i|. Each coin is divided by the maximum of its own round, so that it
// lies in [-1, 1] when it is bet on (Yahoo's yamall divides the sum of the
// raw coins by the current maximum instead; both are invariant to a
// feature's unit):
//
//	coin    c_i = -(g/L) x_i / s_i, in [-1, 1] for an L-Lipschitz loss,
//	weight  w_i = W_i beta_i / s_i, beta_i = (sum of past coins) / (rounds + 1),
//	wealth  W_i = eps - sum_t (g_t/L) w_{t,i} x_{t,i} = eps prod_t (1 + beta_{t,i} c_{t,i}).
//
// |beta_i| < 1 and |c_i| <= 1 keep every W_i positive. Coordinates count
// only the rounds where their feature is non-zero. A wealth that a long
// run of won bets would carry past maxWealth stays there (with a Lipschitz
// loss the gradient has long vanished by then), so that no bet and no
// prediction overflows. Its predictions do not change when a feature is
// multiplied by a non-zero constant.
type KT struct {
	loss   loss.Loss
	lip    float64   // the loss's Lipschitz constant: coins are divided by it
	s      []float64 // max |x_i| so far
	coins  []float64 // sum of the coins
	rounds []float64 // rounds with x_i != 0
	wealth []float64 // W_i
	bet    []float64 // this round's bet W_i beta_i, in units of x_i / s_i
	unit   []float64 // this round's x_i / s_i
	frac   []float64 // 1/(rounds + 1): beta_i = coins_i frac_i
}

// maxWealth caps a coordinate's wealth: d bets of at most this much still
// sum to a finite prediction.
const maxWealth = 1e300

// ErrUnboundedGradient refuses a learner that needs a bound on the loss's
// derivative (KT, PiSTOL) on a loss without one (squared loss): KT's coins
// would leave [-1, 1] and the bettor could lose more than its wealth;
// PiSTOL's potential is built on the bound.
var ErrUnboundedGradient = errors.New("this learner needs a loss whose derivative has a known bound (logistic, hinge, absolute); for regression, use the absolute loss")

// NewKT returns per-coordinate KT in d dimensions with initial wealth eps
// per coordinate, for a Lipschitz loss.
func NewKT(d int, l loss.Loss, eps float64) (*KT, error) {
	lip := l.Lipschitz()
	if math.IsInf(lip, 0) || !(lip > 0) {
		return nil, ErrUnboundedGradient
	}
	f := func() []float64 { return make([]float64, d) }
	k := &KT{loss: l, lip: lip, s: f(), coins: f(), rounds: f(), wealth: f(), bet: f(), unit: f(), frac: f()}
	for i := range k.wealth {
		k.wealth[i], k.frac[i] = eps, 1
	}
	return k, nil
}

// Dim returns the input length.
func (k *KT) Dim() int { return len(k.s) }

// part returns coordinate i's share of the prediction, W_i beta_i x_i / s_i
// with s_i the maximum including x_i.
func (k *KT) part(i int, v float64) float64 {
	if v == 0 {
		return 0
	}
	return k.wealth[i] * k.coins[i] * k.frac[i] * (v / elementary.MaxAbs(k.s[i], v))
}

// Predict returns the prediction of the next round for x, without learning.
func (k *KT) Predict(x []float64) float64 {
	yhat := 0.0
	for i, v := range x {
		yhat += k.part(i, v)
	}
	return yhat
}

// Learn plays one round: bet on every coordinate, see the loss's
// derivative g, and settle each bet on its coin -g x_i / s_i.
func (k *KT) Learn(x []float64, y float64) float64 {
	n := len(x)
	s, coins, rounds, wealth := k.s[:n], k.coins[:n], k.rounds[:n], k.wealth[:n]
	bet, unit, frac := k.bet[:n], k.unit[:n], k.frac[:n]
	yhat := 0.0
	for i, v := range x {
		if v == 0 {
			unit[i] = 0
			continue
		}
		s[i] = elementary.MaxAbs(s[i], v)
		unit[i] = v / s[i]
		bet[i] = wealth[i] * coins[i] * frac[i]
		yhat += bet[i] * unit[i]
	}
	g := k.loss.Deriv(y, yhat) / k.lip
	for i, u := range unit {
		if u == 0 {
			continue
		}
		c := -g * u                                   // the coin, in [-1, 1]
		if w := wealth[i] + c*bet[i]; w < maxWealth { // the bet's gain or loss
			wealth[i] = w
		} else {
			wealth[i] = maxWealth
		}
		coins[i] += c
		rounds[i]++
		frac[i] = 1 / (rounds[i] + 1)
	}
	return yhat
}

// Wealth returns coordinate i's wealth W_i.
func (k *KT) Wealth(i int) float64 { return k.wealth[i] }
