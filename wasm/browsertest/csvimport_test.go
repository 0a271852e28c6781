//go:build !js

package browsertest

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"unitfree/wasm/server"
)

// TestCSVImportWithoutDeadEnds: a teacher's semicolon-separated file with
// decimal commas, three classes and two rows missing a value imports; the
// notice says which classes play, with their rows, and which lines were
// skipped; the visitor then picks a pair of classes. A file whose
// separator is none of the three is refused with a message that says so,
// and the data stay as they were.
func TestCSVImportWithoutDeadEnds(t *testing.T) {
	ctx := newTab(t)
	waitReady(t, ctx, serveSite(t, server.New(siteDir)))
	text := "sepal_length;sepal_width;species\n5,1;3,5;setosa\n4,9;3;setosa\n7;;versicolor\n6,4;3,2;versicolor\n" +
		"6,3;3,3;virginica\n;2,7;virginica\n5,8;2,7;virginica\n"
	importCSVFile(t, ctx, "iris.csv", text)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("notice").textContent.includes("Imported 5 points")`,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		msg, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("notice")))
		t.Fatalf("the file was not imported: %q", msg)
	}
	msg, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("notice")))
	for _, want := range []string{"setosa (+1, 2 rows) against the rest (−1, 5 rows)", "2 rows skipped (missing values): lines 4, 7"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the notice %q does not say %q", msg, want)
		}
	}
	if m := pageModel(t, ctx); m.Points[0].X != 5.1 || m.Points[0].Y != 3.5 {
		t.Errorf("decimal commas: the first point is %+v", m.Points[0])
	}
	hidden, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("csv-classes-field").hidden`))
	if hidden {
		t.Fatal("no choice of classes for a label of three")
	}
	selectValue(t, ctx, "csv-classes", "2/0") // virginica against setosa
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("notice").textContent.includes("virginica (+1, 3 rows) against setosa (−1, 2 rows)")`,
		chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		msg, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("notice")))
		t.Fatalf("after picking a pair the notice says %q", msg)
	}
	if m := pageModel(t, ctx); len(m.Points) != 4 {
		t.Errorf("virginica against setosa: %d points, want 4", len(m.Points))
	}
	screenshot(t, ctx, "csv-import-classes")
	importCSVFile(t, ctx, "pipes.csv", "x|y|label\n1|2|a\n3|4|b\n")
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("notice").textContent.includes("no comma, semicolon or tab")`,
		chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		msg, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("notice")))
		t.Fatalf("a file separated by | says %q", msg)
	}
	if m := pageModel(t, ctx); len(m.Points) != 4 {
		t.Errorf("a refused file changed the data: %d points", len(m.Points))
	}
}
