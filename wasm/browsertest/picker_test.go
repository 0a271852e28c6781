//go:build !js

package browsertest

import (
	"strings"
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

// TestNoTuningLearnersMeters plays the parameter-free and scale-free
// learners on penguins and switches grams to kilograms: the meters of the
// two the catalogue calls invariant (kt, cocob) read "invariant", those of
// the three it does not (pistol, freerex, solo-ftrl) "changed by units".
func TestNoTuningLearnersMeters(t *testing.T) {
	ctx := newTab(t)
	waitReady(t, ctx, serveSite(t, server.New(siteDir)))
	selectValue(t, ctx, "preset", "penguins")
	want := map[string]string{"kt": "— invariant", "cocob": "— invariant",
		"pistol": "changed by units", "freerex": "changed by units", "solo-ftrl": "changed by units"}
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(() => {
	  const want = ["kt", "cocob", "pistol", "freerex", "solo-ftrl"];
	  const before = [...document.querySelectorAll("#learners input[type=checkbox]")].filter(b => b.checked);
	  for (const box of before.slice(1)) box.click(); // the picker keeps at least one and at most six
	  for (const id of want) document.getElementById("learner-" + id).click();
	  before[0].click();
	})()`)); err != nil {
		t.Fatal(err)
	}
	playToEnd(t, ctx)
	selectValue(t, ctx, "unit-1", "kg")
	waitPictures(t, ctx)
	meters, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](`Object.fromEntries([...document.querySelectorAll(".learner-panel")].map(p => [p.dataset.id, p.querySelector(".meter").textContent]))`))
	if err != nil {
		t.Fatal(err)
	}
	if len(meters) != len(want) {
		t.Fatalf("panels %v, want the five learners", meters)
	}
	for id, w := range want {
		if !strings.Contains(meters[id], w) {
			t.Errorf("%s's meter says %q, want %q", id, meters[id], w)
		}
	}
	screenshot(t, ctx, "no-tuning-meters")
}
