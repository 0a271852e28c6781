package eval_test

import (
	"fmt"

	"unitfree/core/data"
	"unitfree/core/eval"
	"unitfree/core/features"
	"unitfree/core/sampling"
)

// A run on the penguins in their natural units: progressive validation of
// two learners over two passes, and regret against the best fixed linear
// predictor in hindsight on the same rounds.
func ExampleNew() {
	tab, _, _ := data.Load("penguins")
	rounds, _ := tab.Select(data.Classify, data.Selection{Features: []string{"bill_length_mm", "body_mass_g"}, Label: "species", Positive: "Gentoo"})
	s, _ := eval.New(rounds, eval.Config{Task: data.Classify, Bias: true, Passes: 2, Shuffle: true, Seed: 1,
		Learners: []eval.LearnerSpec{{ID: "scinol2"}, {ID: "ogd", Params: map[string]float64{"eta": 0.5}}}}, eval.DefaultLimits)
	s.Run()
	res, _ := s.Result()
	fmt.Printf("%d rounds of %s loss; the comparator's loss %.1f\n", res.Rounds, res.Loss, res.Comparator.Loss)
	for _, l := range res.Learners {
		fmt.Printf("%s: loss %.1f, %d mistakes, regret %.1f\n", l.ID, l.Loss, *l.Mistakes, *l.Regret)
	}
	// OGD's step has the units of the features: η = 0.5 on body masses of
	// thousands of grams makes steps so large that its loss is in the
	// billions. ScInOL2 has no step to tune.

	// Output:
	// 684 rounds of logistic loss; the comparator's loss 115.3
	// scinol2: loss 455.5, 248 mistakes, regret 340.1
	// ogd: loss 1599171590.3, 339 mistakes, regret 1599171475.0
}

// A sampling session: three optimiser and sampler pairs spend the same
// budget of gradient evaluations on one finite sum, with the same seeded
// draws, and are recorded on the evaluation axis (about 200 records each,
// however the budget is cut into calls to Advance).
func ExampleNewSampling() {
	x, y := sampling.TauPoints(1, 300, 2, 50)
	o, _ := sampling.NewObjective(sampling.SqHingeL2, features.WithBias(x), y, 1e-3)
	s, _ := eval.NewSampling(o, eval.SamplingConfig{Budget: 20 * o.N(), Seed: 1, Pairs: []eval.SamplingPair{
		{Optimizer: "sgd", Sampler: "uniform", Params: map[string]float64{"gamma": 0.02}},
		{Optimizer: "saga", Sampler: "uniform", Params: map[string]float64{"gamma": 0.02}},
		{Optimizer: "saga", Sampler: "is", Params: map[string]float64{"gamma": 0.02}},
	}})
	for !s.Done() {
		s.Advance(1000)
	}
	for _, t := range s.Tracks {
		last := len(t.Gap) - 1
		fmt.Printf("%s: %d records, F(w) - F* = %.2e after %g evaluations\n", t.Pair, len(t.Gap), t.Gap[last], t.Evals[last])
	}
	// Output:
	// sgd + uniform: 201 records, F(w) - F* = 9.33e-03 after 6000 evaluations
	// saga + uniform: 191 records, F(w) - F* = 3.18e-12 after 6000 evaluations
	// saga + is: 191 records, F(w) - F* = 2.76e-06 after 6000 evaluations
}
