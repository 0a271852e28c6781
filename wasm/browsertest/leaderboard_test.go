//go:build !js

package browsertest

import (
	"slices"
	"testing"

	"github.com/chromedp/chromedp"

	"unitfree/core/catalog"
	"unitfree/core/data"
	"unitfree/wasm/server"
)

// TestLeaderboardInTheExperimentPanel opens the experiment panel's
// leaderboard: a table whose columns are the datasets the API ships, whose
// rows are the best fixed predictor and every learner of the catalogue, in
// catalogue order, and that is visible once opened.
func TestLeaderboardInTheExperimentPanel(t *testing.T) {
	ctx := newTab(t)
	waitReady(t, ctx, serveSite(t, server.New(siteDir)))
	type board struct {
		Columns, Rows []string
		Height        float64
	}
	b, err := chromedp.Run(ctx, chromedp.Evaluate[board](`(() => {
	  const d = document.getElementById("leaderboard");
	  d.open = true;
	  d.scrollIntoView();
	  const table = d.querySelector("table.leaderboard");
	  return {
	    Columns: [...table.querySelectorAll("thead th")].slice(2).map(th => th.textContent),
	    Rows: [...table.querySelectorAll("tbody th[scope=row]")].map(th => th.textContent),
	    Height: table.getBoundingClientRect().height,
	  };
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(b.Columns, data.DatasetNames()) {
		t.Errorf("columns %v, want the datasets %v", b.Columns, data.DatasetNames())
	}
	want := []string{"best fixed linear predictor in hindsight"}
	for _, e := range catalog.Linear() {
		want = append(want, e.ID)
	}
	if !slices.Equal(b.Rows, want) {
		t.Errorf("rows %v, want %v", b.Rows, want)
	}
	if b.Height < 20*float64(len(want)) {
		t.Errorf("the opened table is %.0f px high for %d rows", b.Height, len(want))
	}
	screenshot(t, ctx, "leaderboard")
}
