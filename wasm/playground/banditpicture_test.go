package playground

import (
	"math"
	"strings"
	"testing"
)

func TestBanditPictureNumbers(t *testing.T) {
	b := NewBanditRoom() // penguins: 3 species, two features
	r, err := NewBanditRun(b)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.LastRoundText(0, b.Classes); !strings.Contains(got, "No round yet") {
		t.Errorf("before the first round: %q", got)
	}
	r.Advance(40)
	mistakes, rate, explore := r.Series(MetricMistakes), r.Series(MetricMistakeRate), r.Series(MetricExploreRate)
	for i := range b.Learners {
		res := r.Session.Results()[i]
		if len(mistakes[i]) != 40 || mistakes[i][39] != float64(res.Mistakes) {
			t.Errorf("learner %d: mistakes curve ends at %v, the session says %d", i, mistakes[i][39], res.Mistakes)
		}
		if math.Abs(rate[i][39]-float64(res.Mistakes)/40) > 1e-15 || math.Abs(explore[i][39]-float64(res.Explored)/40) > 1e-15 {
			t.Errorf("learner %d: rates %v, %v; want %v, %v", i, rate[i][39], explore[i][39], float64(res.Mistakes)/40, float64(res.Explored)/40)
		}
	}
	// The region map holds, cell by cell, the class the learner plays at
	// the cell's centre.
	f := FitFrame(100, 100, 10, r.Screen)
	const cells = 8
	classes := make([]int, cells*cells)
	r.Regions(1, f, cells, classes)
	for _, cell := range [][2]int{{0, 0}, {3, 5}, {7, 7}} {
		row, col := cell[0], cell[1]
		x := f.XMin + (float64(col)+0.5)/cells*(f.XMax-f.XMin)
		y := f.YMax - (float64(row)+0.5)/cells*(f.YMax-f.YMin)
		if got, want := classes[row*cells+col], r.PredictAt(1, x, y); got != want {
			t.Errorf("cell %v: class %d, the learner plays %d there", cell, got, want)
		}
	}
	row := r.Current()
	line := r.RoundText(b.Classes)
	if !strings.HasPrefix(line, "Round 40 of ") || !strings.HasSuffix(line, "true class "+b.Classes[r.Labels[row]]) {
		t.Errorf("round line %q", line)
	}
	round, _ := r.Session.LastRound(0)
	text := r.LastRoundText(0, b.Classes)
	if !strings.Contains(text, "played "+b.Classes[round.Played]) || strings.Contains(text, "right") == !round.Correct {
		t.Errorf("last round %+v described as %q", round, text)
	}
	if ClassName(nil, 4) != "5" {
		t.Errorf("a class without a name is not its number")
	}
}

func TestRegretSeries(t *testing.T) {
	m := NewModel()
	r, err := NewRun(m)
	if err != nil {
		t.Fatal(err)
	}
	r.Advance(60)
	regrets, err := r.Regrets()
	if err != nil {
		t.Fatal(err)
	}
	series := r.RegretSeries()
	for i, s := range series {
		if len(s) != 60 {
			t.Fatalf("learner %d: %d regret points after 60 rounds", i, len(s))
		}
		// The curve ends at the engine's regret.
		if math.IsNaN(regrets[i]) || math.Abs(s[59]-regrets[i]) > 1e-9*math.Max(1, math.Abs(regrets[i])) {
			t.Errorf("learner %d: the curve ends at %v, the engine's regret is %v", i, s[59], regrets[i])
		}
	}
}
