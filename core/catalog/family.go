package catalog

// Family is a group of linear learners that make the same promise.
type Family struct {
	Name    string `json:"name"`
	Promise string `json:"promise"` // one line: what the family's learners guarantee
}

// The families of the full-information linear learners.
const (
	FamilyScaleInvariant = "scale-invariant"
	FamilyNormalized     = "normalized"
	FamilyParameterFree  = "parameter-free"
	FamilyScaleFree      = "scale-free"
	FamilyFirstOrder     = "first-order"
	FamilySecondOrder    = "second-order"
)

// LinearFamilies returns the families of the linear learners in the order
// the playground's picker shows them, each with its promise.
func LinearFamilies() []Family {
	return []Family{
		{FamilyScaleInvariant, "predictions unchanged when a feature's unit changes"},
		{FamilyNormalized, "steps divided by each feature's running maximum, so that its unit cancels"},
		{FamilyParameterFree, "no step to tune: each coordinate bets a share of its winnings, or grows its own step, as evidence comes in"},
		{FamilyScaleFree, "unchanged when every loss is multiplied by a constant, not when a feature is"},
		{FamilyFirstOrder, "one gradient step a round, whose size has the units of the features"},
		{FamilySecondOrder, "a d x d matrix of the inputs seen so far: O(d²) a round, and units matter"},
	}
}
