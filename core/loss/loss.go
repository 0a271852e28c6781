package loss

import (
	"math"

	"unitfree/core/internal/elementary"
)

// Loss is a convex loss l(y, yhat) of a real prediction yhat for the label y.
type Loss interface {
	// Value returns l(y, yhat).
	Value(y, yhat float64) float64
	// Deriv returns dl/dyhat at (y, yhat): the scalar g with gradient g*x.
	Deriv(y, yhat float64) float64
	// Lipschitz returns the bound L on |Deriv|, or +Inf if there is none.
	Lipschitz() float64
	// Name returns the name ByName knows the loss by.
	Name() string
}

// Logistic is log(1 + exp(-y*yhat)) for labels y in {-1, +1}.
type Logistic struct{}

// Value returns log(1 + exp(-y*yhat)), computed without overflow. Its
// exponential is elementary.Exp: a board takes this loss for every learner
// and round, and math.Exp's calls in WebAssembly were most of its cost.
func (Logistic) Value(y, yhat float64) float64 {
	z := y * yhat
	if z > 0 {
		return math.Log1p(elementary.Exp(-z))
	}
	return -z + math.Log1p(elementary.Exp(z))
}

// Deriv returns -y / (1 + exp(y*yhat)) (elementary.Exp, as Value). It is
// exactly 0 once y*yhat > logisticFlat, and exactly -y once
// y*yhat < -36.74 (where 1 + exp rounds to 1).
func (Logistic) Deriv(y, yhat float64) float64 {
	z := y * yhat
	if z > logisticFlat {
		return 0
	}
	return -y / (1 + elementary.Exp(z))
}

// logisticFlat is where the logistic loss's derivative becomes exactly 0,
// the same on every platform: exp overflows at 709.44 in amd64's assembly
// and at 709.78 in Go's portable code (WebAssembly), so the bare formula
// gave 0 natively and 1e-308 in the browser between the two. Beyond 709 the
// true value is below 1.2e-308.
const logisticFlat = 709

// Lipschitz returns 1 for labels in {-1, +1}.
func (Logistic) Lipschitz() float64 { return 1 }

// Name returns "logistic".
func (Logistic) Name() string { return "logistic" }

// Hinge is [1 - y*yhat]_+ for labels y in {-1, +1}.
type Hinge struct{}

// Value returns max(0, 1 - y*yhat).
func (Hinge) Value(y, yhat float64) float64 { return math.Max(0, 1-y*yhat) }

// Deriv returns -y where y*yhat < 1 and 0 elsewhere (0 at the kink).
func (Hinge) Deriv(y, yhat float64) float64 {
	if y*yhat < 1 {
		return -y
	}
	return 0
}

// Lipschitz returns 1 for labels in {-1, +1}.
func (Hinge) Lipschitz() float64 { return 1 }

// Name returns "hinge".
func (Hinge) Name() string { return "hinge" }

// Absolute is |y - yhat|, for regression.
type Absolute struct{}

// Value returns |y - yhat|.
func (Absolute) Value(y, yhat float64) float64 { return math.Abs(y - yhat) }

// Deriv returns sgn(yhat - y), with sgn(0) = 0.
func (Absolute) Deriv(y, yhat float64) float64 {
	switch {
	case yhat > y:
		return 1
	case yhat < y:
		return -1
	}
	return 0
}

// Lipschitz returns 1.
func (Absolute) Lipschitz() float64 { return 1 }

// Name returns "absolute".
func (Absolute) Name() string { return "absolute" }

// Squared is 0.5*(y - yhat)^2, for regression. It is not Lipschitz, so the
// scale-invariant bounds do not cover it.
type Squared struct{}

// Value returns 0.5*(y - yhat)^2.
func (Squared) Value(y, yhat float64) float64 { d := y - yhat; return 0.5 * d * d }

// Deriv returns yhat - y.
func (Squared) Deriv(y, yhat float64) float64 { return yhat - y }

// Lipschitz returns +Inf.
func (Squared) Lipschitz() float64 { return math.Inf(1) }

// Name returns "squared".
func (Squared) Name() string { return "squared" }

// Linear is the linear loss y*yhat of online linear optimization: the label
// is the slope z_t of the round's loss z_t * yhat (Orabona's lecture game on
// [-1, 1] is this loss with x_t = 1). Its derivative is the label, so it is
// Lipschitz with the largest |label|.
type Linear struct{}

// Value returns y*yhat.
func (Linear) Value(y, yhat float64) float64 { return y * yhat }

// Deriv returns y.
func (Linear) Deriv(y, _ float64) float64 { return y }

// Lipschitz returns +Inf: the bound is the largest |label|, which only the
// data knows.
func (Linear) Lipschitz() float64 { return math.Inf(1) }

// Name returns "linear".
func (Linear) Name() string { return "linear" }

// ByName returns the loss with the given name: "logistic", "hinge",
// "absolute", "squared" or "linear".
func ByName(name string) (Loss, bool) {
	switch name {
	case "logistic":
		return Logistic{}, true
	case "hinge":
		return Hinge{}, true
	case "absolute":
		return Absolute{}, true
	case "squared":
		return Squared{}, true
	case "linear":
		return Linear{}, true
	}
	return nil, false
}

// Names lists the names ByName accepts.
func Names() []string { return []string{"logistic", "hinge", "absolute", "squared", "linear"} }
