package main

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"unitfree/core/catalog"
	"unitfree/core/data"
	"unitfree/core/sampling"
)

// mabsData is one dataset of the MABS experiment.
type mabsData struct {
	name string
	obj  *sampling.Objective
}

// penguinsPoints returns the penguins (Gentoo against the rest) with the
// four measurements standardised and a bias.
func penguinsPoints() ([][]float64, []float64, error) {
	tab, _, err := data.Load("penguins")
	if err != nil {
		return nil, nil, err
	}
	r, err := tab.Select(data.Classify, data.Selection{Features: []string{"bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"},
		Label: "species", Positive: "Gentoo"})
	if err != nil {
		return nil, nil, err
	}
	d := len(r.Features)
	mean, sd := make([]float64, d), make([]float64, d)
	for _, x := range r.X {
		for j, v := range x {
			mean[j] += v / float64(len(r.X))
		}
	}
	for _, x := range r.X {
		for j, v := range x {
			sd[j] += (v - mean[j]) * (v - mean[j]) / float64(len(r.X))
		}
	}
	xs := make([][]float64, len(r.X))
	for i, x := range r.X {
		z := make([]float64, d+1)
		for j, v := range x {
			z[j] = (v - mean[j]) / math.Sqrt(sd[j])
		}
		z[d] = 1
		xs[i] = z
	}
	return xs, r.Y, nil
}

// runMABS runs the bandit-sampling experiment: for each dataset, optimiser
// and sampler, F(w_T) - F* after a budget of gradient evaluations (each
// sampler at its own best step of a grid, and at uniform's best step) and
// the effective variance relative to uniform sampling; and MABS's
// sensitivity to its step delta.
func runMABS(args []string) error {
	var out string
	var seeds, epochs int
	err := flags("mabs", args, func(fs *flag.FlagSet) {
		fs.StringVar(&out, "out", "build/reproduce", "folder for the results")
		fs.IntVar(&seeds, "seeds", 5, "seeds per configuration")
		fs.IntVar(&epochs, "epochs", 10, "budget in gradient evaluations, as a multiple of n")
	})
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	var sets []mabsData
	for _, tau := range []float64{1, 10, 100} {
		xs, ys := sampling.TauPoints(1, 1000, 20, tau)
		o, err := sampling.NewObjective(sampling.SqHingeL2, xs, ys, 1e-3)
		if err != nil {
			return err
		}
		sets = append(sets, mabsData{fmt.Sprintf("synthetic tau=%g (n=1000, d=20, squared hinge + L2)", tau), o})
	}
	px, py, err := penguinsPoints()
	if err != nil {
		return err
	}
	po, err := sampling.NewObjective(sampling.LogisticL1, px, py, 1e-3)
	if err != nil {
		return err
	}
	sets = append(sets, mabsData{"penguins, Gentoo vs rest (n=342, d=5, L1-logistic)", po})

	optimizers := []string{"sgd", "saga", "prox-svrg"}
	samplers := []string{"uniform", "is", "mabs"}
	grid := []float64{4, 2, 1, 0.5, 0.25, 0.125, 0.0625, 0.03125, 0.015625}
	var md strings.Builder
	csv := "dataset,optimizer,sampler,step_rule,gamma,median_gap,ve_ratio\n"
	for _, set := range sets {
		o := set.obj
		fstar, _ := o.Optimum()
		Lbar, Lmax := 0.0, 0.0
		for i := range o.N() {
			Lbar += o.Smoothness(i) / float64(o.N())
			Lmax = math.Max(Lmax, o.Smoothness(i))
		}
		budget := epochs * o.N()
		fmt.Printf("%s: F* = %.6g, L_max/L_mean = %.1f\n", set.name, fstar, Lmax/Lbar)
		fmt.Fprintf(&md, "\n### %s\n\nF* = %.6g; L_max / L_mean = %.1f; budget %d gradient evaluations; median over %d seeds.\n\n",
			set.name, fstar, Lmax/Lbar, budget, seeds)
		md.WriteString("| optimiser | sampler | own best γ·L̄ | F − F* (own γ) | F − F* (uniform's γ) | V_e / V_e(uniform) |\n|---|---|---|---|---|---|\n")
		for _, opt := range optimizers {
			best := map[string]float64{}
			gapAt := map[string]map[float64]float64{}
			for _, s := range samplers {
				gapAt[s] = map[float64]float64{}
				for _, c := range grid {
					g, _ := medianRun(o, opt, s, c/Lbar, budget, seeds, fstar, nil, false)
					gapAt[s][c] = g
					if b, ok := best[s]; !ok || g < gapAt[s][b] {
						best[s] = c
					}
				}
			}
			uc := best["uniform"]
			_, veU := medianRun(o, opt, "uniform", uc/Lbar, budget, seeds, fstar, nil, true)
			for _, s := range samplers {
				_, ve := medianRun(o, opt, s, uc/Lbar, budget, seeds, fstar, nil, true)
				fmt.Fprintf(&md, "| %s | %s | %g | %.3g | %.3g | %.3f |\n", opt, s, best[s], gapAt[s][best[s]], gapAt[s][uc], ve/veU)
				csv += fmt.Sprintf("%q,%s,%s,own,%g,%.6g,\n%q,%s,%s,uniform,%g,%.6g,%.5f\n", set.name, opt, s, best[s]/Lbar, gapAt[s][best[s]],
					set.name, opt, s, uc/Lbar, gapAt[s][uc], ve/veU)
			}
		}
	}
	// MABS's sensitivity to delta: SGD on the tau = 100 set at uniform's best step.
	o := sets[2].obj
	fstar, _ := o.Optimum()
	Lbar := 0.0
	for i := range o.N() {
		Lbar += o.Smoothness(i) / float64(o.N())
	}
	budget := epochs * o.N()
	bestC, bestGap := 0.0, math.Inf(1)
	for _, c := range grid {
		if g, _ := medianRun(o, "sgd", "uniform", c/Lbar, budget, seeds, fstar, nil, false); g < bestGap {
			bestC, bestGap = c, g
		}
	}
	fmt.Fprintf(&md, "\n### MABS step δ (SGD, synthetic tau = 100, uniform's best step γ = %g/L̄)\n\n| δ / δ* | F − F* | V_e / V_e(uniform) |\n|---|---|---|\n", bestC)
	_, veU := medianRun(o, "sgd", "uniform", bestC/Lbar, budget, seeds, fstar, nil, true)
	fmt.Fprintf(&md, "| uniform sampler | %.3g | 1.000 |\n", bestGap)
	for _, scale := range []float64{0, 1, 1e2, 1e4, 1e6, 1e8} {
		g, ve := medianRun(o, "sgd", "mabs", bestC/Lbar, budget, seeds, fstar, map[string]float64{"deltaScale": scale}, true)
		fmt.Fprintf(&md, "| %g | %.3g | %.3f |\n", scale, g, ve/veU)
	}
	if err := os.WriteFile(filepath.Join(out, "mabs-results.csv"), []byte(csv), 0o644); err != nil {
		return err
	}
	fmt.Print(md.String())
	return os.WriteFile(filepath.Join(out, "mabs-table.md"), []byte(md.String()), 0o644)
}

// medianRun runs an optimiser with a sampler for the budget on each seed and
// returns the median of F(w_T) - F* and, if asked, the median over seeds of
// the mean effective variance (measured every n/10 steps).
func medianRun(o *sampling.Objective, optID, samplerID string, gamma float64, budget, seeds int, fstar float64,
	params map[string]float64, variance bool) (gap, ve float64) {
	var gaps, ves []float64
	for seed := 1; seed <= seeds; seed++ {
		rng := rand.New(rand.NewPCG(uint64(seed), 77))
		s, err := catalog.NewSampler(samplerID, o, budget, params)
		if err != nil {
			panic(err)
		}
		opt, err := catalog.NewOptimizer(optID, o, s, map[string]float64{"gamma": gamma})
		if err != nil {
			panic(err)
		}
		sum, count, steps := 0.0, 0, 0
		for opt.Evals() < budget {
			opt.Step(rng)
			steps++
			if variance && steps%max(1, o.N()/10) == 0 {
				sum += sampling.EffectiveVariance(opt, s)
				count++
			}
		}
		g := o.Value(opt.W()) - fstar
		if math.IsNaN(g) || math.IsInf(g, 0) {
			g = math.Inf(1)
		}
		gaps = append(gaps, g)
		if count > 0 {
			ves = append(ves, sum/float64(count))
		}
	}
	return median(gaps), median(ves)
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	sort.Float64s(v)
	return v[len(v)/2]
}
