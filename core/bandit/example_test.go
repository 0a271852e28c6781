package bandit_test

import (
	"fmt"

	"unitfree/core/bandit"
)

// SOBA's diagonal version and the Banditron on the paper's SynSep data
// with the same seeded exploration draws. Play plays one round: the learner
// uses the true label only to learn whether the label it played was right.
// Both explore on the same 34 rounds. At this small γ the Banditron is far
// ahead on the separable SynSep, as the README's reproduction of the
// paper's experiment also measures.
func ExampleNewSOBADiag() {
	x, labels := bandit.SynSep(1, 2000)
	soba, _ := bandit.NewSOBADiag(bandit.SynClasses, bandit.SynFeatures, 1, 1.0/64)
	banditron, _ := bandit.NewBanditron(bandit.SynClasses, bandit.SynFeatures, 1.0/64)
	for _, l := range []bandit.Learner{soba, banditron} {
		draws := bandit.NewSeededDraws(7)
		mistakes, explored := 0, 0
		for t := range x {
			u1, u2 := draws.Next()
			r := l.Play(x[t], labels[t], u1, u2)
			if !r.Correct {
				mistakes++
			}
			if r.Explored {
				explored++
			}
		}
		fmt.Printf("%T: %d mistakes, %d explorations in %d rounds\n", l, mistakes, explored, len(x))
	}
	// Output:
	// *bandit.SOBADiag: 1517 mistakes, 34 explorations in 2000 rounds
	// *bandit.Banditron: 240 mistakes, 34 explorations in 2000 rounds
}
