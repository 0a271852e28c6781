//go:build !js

package browsertest

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"unitfree/core/data"
	"unitfree/core/leaderboard"
	"unitfree/wasm/server"
)

// waitFor polls a page expression until it is true.
func waitFor(t *testing.T, ctx context.Context, what, expr string, timeout time.Duration) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(timeout))); err != nil {
		status, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`["board-file-status", "board-status", "board-error", "board-notice"].map(id => id + ": " + document.getElementById(id).textContent).join(" | ")`))
		t.Fatalf("%s: %v (%s)", what, err, status)
	}
}

// boardPlayed waits, in the board room, for its first board to be shown
// (the rooms that play need nothing).
func boardPlayed(t *testing.T, ctx context.Context, room string) {
	t.Helper()
	if room == "#board" {
		waitFor(t, ctx, "the board room's first board", `document.getElementById("board-status").textContent.startsWith("Played")`, 60*time.Second)
	}
}

// dropFile drops a file of that text on the board room's drop zone, as a
// visitor's drag and drop does.
func dropFile(t *testing.T, ctx context.Context, name, text string) {
	t.Helper()
	args, _ := json.Marshal([]string{name, text})
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(() => {
	  const [name, text] = `+string(args)+`;
	  const dt = new DataTransfer();
	  dt.items.add(new File([text], name, {type: "text/csv"}));
	  document.getElementById("board-drop").dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
	})()`)); err != nil {
		t.Fatal(err)
	}
}

// boardRows returns the board table's rows as text cells.
func boardRows(t *testing.T, ctx context.Context) [][]string {
	t.Helper()
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[[][]string](`[...document.querySelectorAll("#board-table tbody tr")].map(r => [...r.children].map(c => c.textContent.trim()))`))
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestBoardRoom: the board room plays the penguins on arrival; a dropped
// CSV of one's own gets its label proposed and its board, whose numbers
// are the command line's; the downloads are the board's CSV, Markdown and
// pictures; a long board is cancelled with the last board kept; bad files
// are explained and change nothing; a link carries the settings, never
// the data.
func TestBoardRoom(t *testing.T) {
	ctx := newTab(t)
	base := serveSite(t, server.New(siteDir))
	waitReady(t, ctx, base+"#board")
	played := `document.getElementById("board-status").textContent.startsWith("Played")`
	waitFor(t, ctx, "the penguins' board", played, 90*time.Second)
	rows := boardRows(t, ctx)
	if len(rows) < 20 || rows[0][0] != "best fixed linear predictor in hindsight" {
		t.Fatalf("the penguins' board has %d rows, first %v", len(rows), rows)
	}
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#board-curves .board-curve:not([hidden]) canvas").length`)); n != 2 {
		t.Errorf("%d pictures, want the 2 ticked by default", n)
	}
	screenshot(t, ctx, "board-penguins")

	// One's own file, dropped: the label is proposed, the classes offered.
	csv := boardCSV(400)
	dropFile(t, ctx, "kinds.csv", csv)
	waitFor(t, ctx, "the dropped file", `document.getElementById("board-file-status").textContent.startsWith("kinds.csv: 400 rows")`, 20*time.Second)
	setup, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`["board-label", "board-pos", "board-neg"].map(id => document.getElementById(id).value)`))
	if err != nil {
		t.Fatal(err)
	}
	if setup[0] != "kind" || setup[1] != "a" || setup[2] != "" {
		t.Errorf("label, class +1, class -1 proposed: %q, want kind, a, every other class", setup)
	}
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.ID("board-neg"), "b")); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(() => {
	  const s = document.getElementById("board-neg"); s.dispatchEvent(new Event("change"));
	  const o = document.getElementById("board-orders"); o.value = "3"; o.dispatchEvent(new Event("change"));
	  const r = document.getElementById("board-rescalings"); r.value = "2"; r.dispatchEvent(new Event("change"));
	  const seed = document.getElementById("board-seed"); seed.value = "5"; seed.dispatchEvent(new Event("change"));
	  document.getElementById("board-status").textContent = "";
	})()`), chromedp.Click(chromedp.ID("board-run"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the dropped file's board", played, 60*time.Second)
	hash, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.hash`))
	if !strings.HasPrefix(hash, "#board/") || !strings.Contains(hash, "label=kind") || !strings.Contains(hash, "neg=b") ||
		!strings.Contains(hash, "data=&") || strings.Contains(hash, "length") {
		t.Errorf("the link %q: the settings (label kind, classes a and b, one's own file), not the data", hash)
	}
	tab, err := data.ParseCSV(strings.NewReader(csv), data.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	own := leaderboard.Own{Label: "kind", Classes: []string{"a", "b"}}
	task, rounds, err := own.Rounds(tab)
	if err != nil {
		t.Fatal(err)
	}
	native, err := leaderboard.RunSpread(task, rounds, leaderboard.Spread{Orders: 3, Rescalings: 2, Seed: 5, Curves: 120})
	if err != nil {
		t.Fatal(err)
	}
	rows = boardRows(t, ctx)
	if len(rows) != 1+len(native.Learners) {
		t.Fatalf("%d rows, want %d", len(rows), 1+len(native.Learners))
	}
	for i, l := range native.Learners {
		want := []string{l.ID, l.Family, native.Cell(l.Natural), native.Cell(l.Rescaled), native.Meter(l)}
		if got := rows[1+i][:5]; strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("row %d: the page shows %q, the command line %q", i+1, got, want)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "board-own")
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("board-curves").scrollIntoView({block: "center"})`)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "board-own-curves")

	// The downloads: caught, not followed.
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(() => {
	  window.caught = [];
	  HTMLAnchorElement.prototype.click = function () { window.caught.push({name: this.download, href: this.href}); };
	  window.caughtBlobs = [];
	  const make = URL.createObjectURL;
	  URL.createObjectURL = (blob) => { window.caughtBlobs.push(blob); return make(blob); };
	})()`), chromedp.Click(chromedp.ID("board-save-csv")), chromedp.Click(chromedp.ID("board-save-md")),
		chromedp.Click(chromedp.ID("board-save-png"))); err != nil {
		t.Fatal(err)
	}
	files, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Promise.all(window.caughtBlobs.map(b => b.text()))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 || files[1] != native.Markdown() {
		t.Fatalf("the downloads are not the command line's Markdown:\n%v", files)
	}
	if err := sameBoardCSV(files[0], native.CSV()); err != nil {
		t.Errorf("the CSV download is not the command line's: %v", err)
	}
	names, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`window.caught.map(c => c.name + " " + c.href.slice(0, 22)).join("; ")`))
	if !strings.Contains(names, "unitfree-board.csv") || !strings.Contains(names, "unitfree-board.md") || !strings.Contains(names, "unitfree-board-curves.png data:image/png") {
		t.Errorf("downloads: %q", names)
	}

	// A long board, cancelled: the last board stays.
	dropFile(t, ctx, "long.csv", boardCSV(30000))
	waitFor(t, ctx, "the long file", `document.getElementById("board-file-status").textContent.startsWith("long.csv: 30000 rows")`, 30*time.Second)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("board-run"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "progress", `document.getElementById("board-status").textContent.includes(" %")`, 10*time.Second)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("board-cancel"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the cancel", `document.getElementById("board-status").textContent.startsWith("Cancelled")`, 5*time.Second)
	if again := boardRows(t, ctx); strings.Join(again[1], "|") != strings.Join(rows[1], "|") {
		t.Errorf("after a cancel the board shows %q, want the last one's %q", again[1], rows[1])
	}

	// Bad files: a clear message, and the room keeps its file and board.
	for _, c := range []struct{ name, text, want string }{
		{"text.csv", "name,kind\nx,a\ny,b\n", "text.csv has no numeric column to learn from"},
		{"inf.csv", "x,kind\n1,a\ninf,b\n", `column "x" is not numeric: row 2 has "inf"`},
		{"ragged.csv", "x,kind\n1,a\n2\n", "line 3 has 1 cells"},
	} {
		dropFile(t, ctx, c.name, c.text)
		waitFor(t, ctx, c.name, `document.getElementById("board-error").textContent.includes(`+jsString(c.want)+`)`, 10*time.Second)
	}
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(() => {
	  const dt = new DataTransfer();
	  dt.items.add(new File([new Uint8Array(100e6 + 1)], "huge.csv"));
	  document.getElementById("board-drop").dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
	})()`)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "a file over the limit", `document.getElementById("board-error").textContent.includes("more than the limit of 100 MB")`, 10*time.Second)
	// One class: the file reads, its board does not play, the last board stays.
	dropFile(t, ctx, "one.csv", "x,kind\n1,a\n2,a\n3,a\n")
	waitFor(t, ctx, "one class", `document.getElementById("board-file-status").textContent.startsWith("one.csv")`, 10*time.Second)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("board-run"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "one class's message", `document.getElementById("board-error").textContent.includes('the label "kind" has only one class (a)')`, 10*time.Second)
	if again := boardRows(t, ctx); strings.Join(again[1], "|") != strings.Join(rows[1], "|") {
		t.Errorf("after bad files the board shows %q, want the last one's %q", again[1], rows[1])
	}

	// A link of one's own file's board asks for the file, then plays it with
	// the link's settings.
	fresh := newTab(t)
	waitReady(t, fresh, base+hash)
	waitFor(t, fresh, "the link's notice", `document.getElementById("board-notice").textContent.includes('label "kind"')`, 30*time.Second)
	dropFile(t, fresh, "kinds.csv", csv)
	waitFor(t, fresh, "the link's board", played, 60*time.Second)
	if again := boardRows(t, fresh); strings.Join(again[1][:5], "|") != strings.Join(rows[1][:5], "|") {
		t.Errorf("the link's board shows %q, the sender's %q", again[1], rows[1])
	}
}

// jsString quotes a Go string as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// sameBoardCSV compares two boards' CSV: every field equal, but the units
// meter, which WASM and native Go round differently (their exp and log
// differ in the last bit): it must agree to 1e-9 relative, or be rounding
// (below leaderboard.Rounding) in both.
func sameBoardCSV(a, b string) error {
	ra, err := csv.NewReader(strings.NewReader(a)).ReadAll()
	if err != nil {
		return err
	}
	rb, err := csv.NewReader(strings.NewReader(b)).ReadAll()
	if err != nil {
		return err
	}
	if len(ra) != len(rb) || len(ra) == 0 {
		return fmt.Errorf("%d rows and %d", len(ra), len(rb))
	}
	change := slices.Index(ra[0], "largest_change")
	for i := range ra {
		for j := range ra[i] {
			x, y := ra[i][j], rb[i][j]
			if x == y {
				continue
			}
			fx, ex := strconv.ParseFloat(x, 64)
			fy, ey := strconv.ParseFloat(y, 64)
			close := math.Abs(fx-fy) <= 1e-9*math.Max(math.Abs(fx), math.Abs(fy))
			rounding := fx < leaderboard.Rounding && fy < leaderboard.Rounding
			if j != change || ex != nil || ey != nil || !(close || rounding) {
				return fmt.Errorf("row %d, %s: %q and %q", i, ra[0][j], x, y)
			}
		}
	}
	return nil
}
