package main

import (
	"flag"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"unitfree/core/bandit"
	"unitfree/core/catalog"
)

// runSOBA runs the SOBA paper's protocol (Beygelzimer, Orabona, Zhang, ICML 2017, the experiments): online error
// rate against gamma on SynSep and SynNonSep.
func runSOBA(args []string) error {
	var out string
	var T, seeds int
	err := flags("soba", args, func(fs *flag.FlagSet) {
		fs.StringVar(&out, "out", "build/reproduce", "folder for the CSV, Markdown and PNG files")
		fs.IntVar(&T, "T", 100_000, "rounds per run")
		fs.IntVar(&seeds, "seeds", 3, "seeds (data and draws) per point")
	})
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	var gammas []float64
	for e := -10; e <= -1; e++ {
		gammas = append(gammas, math.Pow(2, float64(e)))
	}
	var seedList []uint64
	for s := 1; s <= seeds; s++ {
		seedList = append(seedList, uint64(s))
	}
	var md strings.Builder
	csv := "dataset,learner,T,gamma,mean_error,lowest,highest\n"
	for _, noisy := range []bool{false, true} {
		name := "SynSep"
		if noisy {
			name = "SynNonSep"
		}
		ids := []string{"soba", "soba-adaptive", "soba-diag", "banditron", "perceptron-mc"}
		fmt.Printf("%s: %v at T = %d...\n", name, ids, T)
		curves, err := bandit.Protocol{Learners: ids, Gammas: gammas, Seeds: seedList, T: T, Noisy: noisy}.Run(catalog.BanditWithGamma)
		if err != nil {
			return err
		}
		fmt.Fprintf(&md, "\n### %s (k = 9, d = 400), T = %d, %d seeds\n\n| learner |", name, T, seeds)
		for _, g := range gammas {
			fmt.Fprintf(&md, " 2^%d |", int(math.Round(math.Log2(g))))
		}
		md.WriteString(" best |\n|---|" + strings.Repeat("---|", len(gammas)+1) + "\n")
		for _, c := range curves {
			fmt.Fprintf(&md, "| `%s` |", c.ID)
			for g := range gammas {
				fmt.Fprintf(&md, " %.3f |", c.Mean[g])
				csv += fmt.Sprintf("%s,%s,%d,%g,%.5f,%.5f,%.5f\n", name, c.ID, T, gammas[g], c.Mean[g], c.Lowest[g], c.High[g])
			}
			best, at := c.Best()
			fmt.Fprintf(&md, " %.3f at 2^%d |\n", best, int(math.Round(math.Log2(at))))
		}
		if err := plotCurves(filepath.Join(out, "soba-"+strings.ToLower(name)+".png"), name, T, curves); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(out, "soba-reproduction.csv"), []byte(csv), 0o644); err != nil {
		return err
	}
	fmt.Print(md.String())
	return os.WriteFile(filepath.Join(out, "soba-table.md"), []byte(md.String()), 0o644)
}

// plotCurves draws error rate against gamma (log2 axis) for each learner.
func plotCurves(path, title string, T int, curves []bandit.ErrorCurve) error {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s, T = %d: online error rate against the exploration rate", title, T)
	p.X.Label.Text = "gamma (log scale)"
	p.Y.Label.Text = "error rate M_T / T"
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	p.Y.Min, p.Y.Max = 0, 1
	palette := []color.RGBA{{0, 114, 178, 255}, {213, 94, 0, 255}, {0, 158, 115, 255}, {204, 121, 167, 255}, {86, 180, 233, 255}, {230, 159, 0, 255}}
	for i, c := range curves {
		pts := make(plotter.XYs, len(c.Gammas))
		for j, g := range c.Gammas {
			pts[j] = plotter.XY{X: g, Y: c.Mean[j]}
		}
		line, points, err := plotter.NewLinePoints(pts)
		if err != nil {
			return err
		}
		col := palette[i%len(palette)]
		line.Color, points.Color = col, col
		line.Width = vg.Points(1.5)
		if c.ID == "perceptron-mc" {
			line.Dashes = []vg.Length{vg.Points(6), vg.Points(3)}
		}
		p.Add(line, points)
		p.Legend.Add(c.ID, line, points)
	}
	p.Legend.Top = true
	return p.Save(7*vg.Inch, 4.5*vg.Inch, path)
}
