//go:build !js

package browsertest

import (
	"testing"

	"github.com/chromedp/chromedp"

	"unitfree/core/catalog"
	"unitfree/wasm/server"
)

// TestLearnerPickerGroupsByFamily checks the units room's learner picker:
// every learner of the catalogue sits in the group of its family, each
// group is headed by the family's name and its one-line promise, and the
// groups come in the catalogue's order.
func TestLearnerPickerGroupsByFamily(t *testing.T) {
	ctx := newTab(t)
	waitReady(t, ctx, serveSite(t, server.New(siteDir)))
	type group struct {
		Name, Promise string
		Learners      []string
	}
	groups, err := chromedp.Run(ctx, chromedp.Evaluate[[]group](`[...document.querySelectorAll("#learners fieldset.family")].map(f => ({
	  Name: f.querySelector("legend").textContent,
	  Promise: f.querySelector(".family-promise").textContent,
	  Learners: [...f.querySelectorAll("input[type=checkbox]")].map(i => i.id.replace(/^learner-/, "")),
	}))`))
	if err != nil {
		t.Fatal(err)
	}
	families := catalog.LinearFamilies()
	if len(groups) != len(families) {
		t.Fatalf("%d groups in the picker, %d families in the catalogue: %+v", len(groups), len(families), groups)
	}
	placed := 0
	for i, f := range families {
		g := groups[i]
		if g.Name != f.Name || g.Promise != f.Promise {
			t.Errorf("group %d is %q (%q), want %q (%q)", i+1, g.Name, g.Promise, f.Name, f.Promise)
		}
		var want []string
		for _, e := range catalog.Linear() {
			if e.Family == f.Name {
				want = append(want, e.ID)
			}
		}
		if len(g.Learners) != len(want) {
			t.Errorf("family %s holds %v, want %v", f.Name, g.Learners, want)
			continue
		}
		for j := range want {
			if g.Learners[j] != want[j] {
				t.Errorf("family %s holds %v, want %v", f.Name, g.Learners, want)
				break
			}
		}
		placed += len(g.Learners)
	}
	if placed != len(catalog.Linear()) {
		t.Errorf("%d learners in the groups, %d in the catalogue", placed, len(catalog.Linear()))
	}
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("learners").scrollIntoView()`)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "learner-families")
}
