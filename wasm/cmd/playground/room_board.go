//go:build js && (rooms || single)

package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"unitfree/core/data"
	"unitfree/core/leaderboard"
	"unitfree/wasm/boardroom"
	"unitfree/wasm/playground"
)

// maxBoardFileMB bounds the file the board room reads, in MB (10^6 bytes):
// the parser's own limits (100,000 rows of up to 100 columns) fit in it.
const maxBoardFileMB = 100

// boardView is the board room: every learner on one's own CSV, in natural
// units and rescaled (wasm/boardroom is its model). The file is read, and
// the board played, by the page's board workers (site/board-client.js):
// this thread only shows the settings and the answer. The file stays a
// JavaScript Blob, which the workers read; it never leaves the browser.
type boardView struct {
	doc     dom.Document
	s       boardroom.Settings
	csv     js.Value // the file: a Blob
	file    string   // its name, or the shipped dataset's
	info    *leaderboard.TableInfo
	answer  *boardAnswer
	running bool
	entered bool
	waiting bool                   // a link's settings wait for the visitor's file: it plays when given
	charts  map[string]*boardChart // by learner id, built when first ticked
}

// boardAnswer is a board played, on which file, with its two downloads.
type boardAnswer struct {
	board               leaderboard.SpreadBoard
	file, markdown, csv string
}

// boardChart is one learner's picture: its error over the rounds.
type boardChart struct {
	panel dom.Element
	chart *lineChart
}

func newBoardView(doc dom.Document) *boardView {
	v := &boardView{doc: doc, s: boardroom.Default(), csv: js.Undefined(), charts: map[string]*boardChart{}}
	names := data.DatasetNames()
	fillSelectLabels(doc, v.el("dataset"), append([]string{""}, names...), append([]string{"—"}, names...), v.s.Dataset)
	v.bind()
	return v
}

func (v *boardView) el(id string) dom.Element { return byID(v.doc, "board-"+id) }

// bind attaches the room's handlers.
func (v *boardView) bind() {
	on := func(id, event string, f func()) { listen(v.el(id), event, f) }
	on("file", "change", func() {
		files := v.el("file").Underlying().Get("files")
		if files.Length() > 0 {
			v.readFile(files.Index(0))
		}
		v.el("file").Underlying().Set("value", "") // the same file again is a change too
	})
	drop := v.el("drop")
	drop.AddEventListener("dragover", false, func(ev dom.Event) {
		preventDefault(ev)
		setClass(drop, "over", true)
	})
	drop.AddEventListener("dragleave", false, func(dom.Event) { setClass(drop, "over", false) })
	drop.AddEventListener("drop", false, func(ev dom.Event) {
		preventDefault(ev)
		setClass(drop, "over", false)
		if files := ev.Underlying().Get("dataTransfer").Get("files"); files.Length() > 0 {
			v.readFile(files.Index(0))
		}
	})
	on("dataset", "change", func() {
		if name := value(v.el("dataset")); name != "" {
			v.s = boardroom.Settings{Dataset: name, Orders: v.s.Orders, Rescalings: v.s.Rescalings, Seed: v.s.Seed, Show: v.s.Show}
			v.loadShipped(name, false)
		}
	})
	on("label", "change", func() {
		v.s.Label, v.s.Positive, v.s.Negative, v.s.Columns = value(v.el("label")), "", "", nil
		v.fillSetup()
		v.writeHash()
	})
	for _, id := range []string{"task", "pos", "neg", "orders", "rescalings", "seed"} {
		on(id, "change", func() {
			if v.read() == nil {
				v.fillSetup()
				v.writeHash()
			}
		})
	}
	on("columns", "change", func() {
		if v.read() == nil {
			v.writeHash()
		}
	})
	on("run", "click", v.run)
	on("cancel", "click", func() { js.Global().Get("unitfreeBoard").Call("cancel") })
	on("copy-link", "click", func() { copyLink(v.el("copy-link"), v.notice, 0) })
	on("save-csv", "click", func() {
		if v.answer != nil {
			download("unitfree-board.csv", "text/csv", v.answer.csv)
		}
	})
	on("save-md", "click", func() {
		if v.answer != nil {
			download("unitfree-board.md", "text/markdown", v.answer.markdown)
		}
	})
	on("save-png", "click", func() {
		var canvases []*dom.HTMLCanvasElement
		for _, id := range v.shown() {
			canvases = append(canvases, v.charts[id].chart.canvas)
		}
		saveCanvases(v.doc, canvases, "unitfree-board-curves.png")
	})
}

// enter shows the room with a link's settings. A shipped dataset is loaded
// and its board played; a link for one's own file asks for the file (a
// link never carries it). Coming back without settings keeps the room as
// it was.
func (v *boardView) enter(state string) {
	first := !v.entered
	v.entered = true
	if state == "" && !first {
		v.writeHash()
		return
	}
	s, err := boardroom.Decode(state)
	if err != nil {
		v.notice(err.Error() + ". The room shows its default board.")
		s = boardroom.Default()
	} else if state != "" && state == v.s.Encode() && !first {
		return
	}
	v.s = s
	v.syncSpread()
	switch {
	case s.Dataset != "":
		setSelected(v.el("dataset"), s.Dataset)
		v.loadShipped(s.Dataset, true)
	case v.csv.IsUndefined():
		label := ""
		if s.Label != "" {
			label = fmt.Sprintf(" (label %q)", s.Label)
		}
		v.notice("This link holds a board's settings for a file of its sender's" + label + ", not the file: drop it or pick it, and the board plays with these settings.")
		v.waiting = true
	default:
		v.fillSetup()
	}
}

// leave is called when another room is shown: a board keeps playing.
func (v *boardView) leave() {}

// notice says something about the room to the visitor.
func (v *boardView) notice(msg string) { setText(v.el("notice"), msg) }

// fail shows why a file or a board could not be used; the room keeps its
// file, settings and board.
func (v *boardView) fail(msg string) {
	box := v.el("error")
	setText(box, msg)
	setHidden(box, msg == "")
}

// loadShipped fetches a shipped dataset's file from the site and reads it;
// with play, its board is played at once (a link's).
func (v *boardView) loadShipped(name string, play bool) {
	file, ok := data.FileOf(name)
	if !ok {
		v.fail(fmt.Sprintf("There is no shipped dataset %q (datasets: %s).", name, strings.Join(data.DatasetNames(), ", ")))
		return
	}
	v.say("Loading " + name + "…")
	then(js.Global().Call("fetch", "assets/"+file), func(resp js.Value) {
		if !resp.Get("ok").Bool() {
			v.fail(fmt.Sprintf("%s: the site answered %d.", file, resp.Get("status").Int()))
			return
		}
		then(resp.Call("blob"), func(blob js.Value) { v.inspect(blob, name, play) }, v.fail)
	}, v.fail)
}

// readFile reads a file the visitor dropped or picked, refusing one over
// the size limit before reading it.
func (v *boardView) readFile(file js.Value) {
	name, size := file.Get("name").String(), file.Get("size").Float()
	if size > maxBoardFileMB*1e6 {
		v.fail(fmt.Sprintf("%s is %.1f MB, more than the limit of %d MB. The board room keeps what it had.", name, size/1e6, maxBoardFileMB))
		return
	}
	v.say("Reading " + name + "…")
	v.s.Dataset = ""
	setSelected(v.el("dataset"), "")
	v.inspect(file, name, v.waiting)
}

// inspect has a worker describe the file's columns; a file that cannot be
// read is reported and the room keeps what it had.
func (v *boardView) inspect(file js.Value, name string, play bool) {
	then(js.Global().Get("unitfreeBoard").Call("inspect", file), func(infoJS js.Value) {
		var info leaderboard.TableInfo
		if err := json.Unmarshal([]byte(js.Global().Get("JSON").Call("stringify", infoJS).String()), &info); err != nil {
			v.fail(name + ": " + err.Error())
			return
		}
		if !slices.ContainsFunc(info.Columns, func(c leaderboard.ColumnInfo) bool { return c.Numeric }) {
			var why []string
			for _, c := range info.Columns {
				why = append(why, c.Why)
			}
			v.fail(fmt.Sprintf("%s has no numeric column to learn from (%s). The board room keeps what it had.", name, strings.Join(why, "; ")))
			v.say("")
			return
		}
		v.csv, v.file, v.info, v.waiting = file, name, &info, false
		v.fail("")
		v.say(fmt.Sprintf("%s: %d rows, %d columns, %s-separated.", name, info.Rows, len(info.Columns), info.Separator))
		if v.column(v.s.Label) == nil {
			v.s.Label, v.s.Positive, v.s.Negative, v.s.Columns = "", "", "", nil
		}
		v.fillSetup()
		v.writeHash()
		if play {
			v.run()
		}
	}, func(msg string) {
		v.fail(name + ": " + msg + " The board room keeps what it had.")
		v.say("")
	})
}

// say writes the file's status line.
func (v *boardView) say(msg string) { setText(v.el("file-status"), msg) }

// column returns the file's column of that name, or nil.
func (v *boardView) column(name string) *leaderboard.ColumnInfo {
	if v.info == nil {
		return nil
	}
	for i := range v.info.Columns {
		if v.info.Columns[i].Name == name {
			return &v.info.Columns[i]
		}
	}
	return nil
}

// label is the label column: the settings' or the one proposed.
func (v *boardView) label() string {
	if v.s.Label != "" {
		return v.s.Label
	}
	if v.info != nil {
		return v.info.Label
	}
	return ""
}

// classifies says whether the board is a classification, as the engine
// infers it (leaderboard.Own): asked for, or a text label or one of two
// values.
func (v *boardView) classifies() bool {
	if v.s.Task != "" {
		return v.s.Task == "classify"
	}
	c := v.column(v.label())
	return c == nil || !c.Numeric || c.Distinct <= 2
}

// fillSetup writes the file's columns and the settings into the form.
func (v *boardView) fillSetup() {
	setup := v.el("setup")
	if v.info == nil {
		setAttr(setup, "disabled", "")
		return
	}
	removeAttr(setup, "disabled")
	var names []string
	for _, c := range v.info.Columns {
		names = append(names, c.Name)
	}
	label := v.label()
	fillSelect(v.doc, v.el("label"), names, label)
	setSelected(v.el("task"), v.s.Task)
	lc := v.column(label)
	classes := []string(nil)
	if lc != nil {
		classes = lc.Classes
	}
	pick := v.classifies() && len(classes) >= 2
	setHidden(v.el("pos-field"), !pick)
	setHidden(v.el("neg-field"), !pick)
	if pick {
		if !slices.Contains(classes, v.s.Positive) {
			v.s.Positive = classes[0]
		}
		fillSelect(v.doc, v.el("pos"), classes, v.s.Positive)
		others := []string{""}
		for _, c := range classes {
			if c != v.s.Positive {
				others = append(others, c)
			}
		}
		if !slices.Contains(others, v.s.Negative) {
			v.s.Negative = ""
		}
		labels := append([]string{"every other class"}, others[1:]...)
		fillSelectLabels(v.doc, v.el("neg"), others, labels, v.s.Negative)
	}
	cols := v.el("columns")
	clearChildren(cols, 1)
	for _, c := range v.info.Columns {
		if c.Name == label {
			continue
		}
		on := c.Numeric && (len(v.s.Columns) == 0 || slices.Contains(v.s.Columns, c.Name))
		text := c.Name
		if !c.Numeric {
			text += " (not numeric)"
		}
		box := checkbox(v.doc, "board-col-"+c.Name, text, c.Why, on)
		if !c.Numeric {
			setAttr(query(box, "input"), "disabled", "")
		}
		appendChild(cols, box)
	}
}

// syncSpread writes the orders, rescalings and seed into the form.
func (v *boardView) syncSpread() {
	v.el("orders").Underlying().Set("value", v.s.Orders)
	v.el("rescalings").Underlying().Set("value", v.s.Rescalings)
	v.el("seed").Underlying().Set("value", strconv.FormatUint(v.s.Seed, 10))
}

// read copies the form into the settings; a number out of range is an
// error that names it.
func (v *boardView) read() error {
	s := v.s
	if v.info != nil {
		s.Label, s.Task = value(v.el("label")), value(v.el("task"))
		s.Positive, s.Negative = "", ""
		if !v.el("pos-field").Underlying().Get("hidden").Bool() {
			s.Positive, s.Negative = value(v.el("pos")), value(v.el("neg"))
		}
		s.Columns = nil
		all := true
		for _, c := range v.info.Columns {
			if c.Name == s.Label || !c.Numeric {
				continue
			}
			if el := v.el("col-" + c.Name); el != nil && checked(el) {
				s.Columns = append(s.Columns, c.Name)
			} else {
				all = false
			}
		}
		if all {
			s.Columns = nil // every numeric column: the link stays short
		} else if len(s.Columns) == 0 {
			v.fail("Tick at least one feature.")
			return fmt.Errorf("no feature")
		}
	}
	for _, f := range []struct {
		id       string
		to       *int
		min, max int
	}{{"orders", &s.Orders, 1, leaderboard.MaxSpread}, {"rescalings", &s.Rescalings, 0, leaderboard.MaxSpread}} {
		n, err := strconv.Atoi(strings.TrimSpace(value(v.el(f.id))))
		if err != nil || n < f.min || n > f.max {
			v.fail(fmt.Sprintf("The %s must be a whole number from %d to %d.", f.id, f.min, f.max))
			return fmt.Errorf("bad %s", f.id)
		}
		*f.to = n
	}
	seed, err := strconv.ParseUint(strings.TrimSpace(value(v.el("seed"))), 10, 64)
	if err != nil || seed > boardroom.MaxSeed {
		v.fail(fmt.Sprintf("The seed must be a whole number from 0 to %d.", uint64(boardroom.MaxSeed)))
		return fmt.Errorf("bad seed")
	}
	s.Seed = seed
	v.s = s
	v.fail("")
	return nil
}

// writeHash puts the settings in the link (never the file).
func (v *boardView) writeHash() {
	js.Global().Get("history").Call("replaceState", nil, "", playground.Hash(playground.RoomBoard, v.s.Encode()))
}

// run plays the board in the page's workers, with a progress bar and a
// cancel button; the last board stays until the new one is done.
func (v *boardView) run() {
	if v.running {
		return
	}
	if v.csv.IsUndefined() {
		v.fail("Drop or pick a CSV file first (or choose a shipped dataset).")
		return
	}
	if v.read() != nil {
		return
	}
	v.writeHash()
	own, sp := v.s.Own(), v.s.Spread()
	ownJS := map[string]any{"label": v.label(), "task": own.Task, "positive": own.Positive,
		"columns": strs(own.Columns), "classes": strs(own.Classes)}
	spreadJS := map[string]any{"orders": sp.Orders, "rescalings": sp.Rescalings, "seed": float64(sp.Seed), "curves": sp.Curves}
	v.running = true
	runs := sp.Orders * (1 + sp.Rescalings)
	workers := js.Global().Get("unitfreeBoard").Call("workers").Int()
	bar := v.el("progress")
	bar.Underlying().Set("value", 0)
	setHidden(bar, false)
	setAttr(v.el("run"), "disabled", "")
	removeAttr(v.el("cancel"), "disabled")
	t0, file := clock(), v.file
	status := fmt.Sprintf("Playing %d runs of every learner on %s in %d worker", runs, file, workers)
	if workers > 1 {
		status += "s"
	}
	v.status(status + "…")
	progress := js.FuncOf(func(_ js.Value, args []js.Value) any {
		done, total := args[0].Int(), args[1].Int()
		bar.Underlying().Set("value", float64(done)/float64(total))
		v.status(fmt.Sprintf("%s… %d %%", status, 100*done/total))
		return nil
	})
	finish := func() {
		progress.Release()
		v.running = false
		setHidden(bar, true)
		removeAttr(v.el("run"), "disabled")
		setAttr(v.el("cancel"), "disabled", "")
	}
	promise := js.Global().Get("unitfreeBoard").Call("run", v.csv, js.ValueOf(ownJS), js.ValueOf(spreadJS), progress)
	then(promise, func(out js.Value) {
		finish()
		var b leaderboard.SpreadBoard
		if err := json.Unmarshal([]byte(js.Global().Get("JSON").Call("stringify", out.Get("board")).String()), &b); err != nil {
			v.fail("The board's answer: " + err.Error())
			return
		}
		v.answer = &boardAnswer{board: b, file: file, markdown: out.Get("markdown").String(), csv: out.Get("csv").String()}
		v.status(fmt.Sprintf("Played %d runs in %.1f s.", runs, (clock()-t0)/1000))
		v.render()
	}, func(msg string) {
		finish()
		if msg == "cancelled" {
			v.status("Cancelled: the board shown is the last one played.")
			return
		}
		v.status("")
		v.fail(msg + " The board room keeps what it had.")
	})
}

// status writes the board's status line.
func (v *boardView) status(msg string) { setText(v.el("status"), msg) }

// render shows the board: the summary, the table, the notes and the
// ticked learners' pictures.
func (v *boardView) render() {
	b := v.answer.board
	sp := b.Spread
	what := "share of rounds whose sign was wrong"
	if b.Task.Kind == data.Regress {
		what = "mean absolute error, in the label's unit"
	}
	setText(v.el("summary"), fmt.Sprintf("%s (%s): %d rounds a run; %d orders (seeds %d to %d), each in your units and under %d rescalings of every feature by 10^U[-3, 3] (seed %d). Error: %s, progressive (each round predicted before it is learned).",
		b.Task.Title, v.answer.file, b.Rounds, sp.Orders, sp.Seed, sp.Seed+uint64(sp.Orders)-1, sp.Rescalings, sp.Seed, what))

	table := v.el("table")
	body := query(table, "tbody")
	clearChildren(body, 0)
	ref := node(v.doc, "tr", "reference", node(v.doc, "th", "", b.Comparator.Name), node(v.doc, "td", "", "reference"),
		node(v.doc, "td", "", b.Cell(b.Comparator.Natural)), node(v.doc, "td", "", b.Cell(b.Comparator.Rescaled)),
		node(v.doc, "td", "", "—"), node(v.doc, "td", ""))
	setAttr(query(ref, "th"), "scope", "row")
	appendChild(body, ref)
	for _, l := range b.Learners {
		meter := node(v.doc, "td", "", b.Meter(l))
		switch {
		case len(l.Diverged) > 0:
			setClass(meter, "diverged", true)
		case l.Change < leaderboard.Rounding:
			setClass(meter, "invariant", true)
		}
		tick := checkbox(v.doc, "board-show-"+l.ID, "", "Draw "+l.Name+"'s error over the rounds", slices.Contains(v.s.Show, l.ID))
		setAttr(query(tick, "input"), "aria-label", "Draw "+l.Name+"'s error over the rounds")
		query(tick, "input").AddEventListener("change", false, func(dom.Event) { v.toggle(l.ID) })
		name := node(v.doc, "th", "", node(v.doc, "code", "", l.ID))
		setAttr(name, "scope", "row")
		setAttr(name, "title", l.Name)
		row := node(v.doc, "tr", "", name, node(v.doc, "td", "", l.Family), node(v.doc, "td", "", b.Cell(l.Natural)),
			node(v.doc, "td", "", b.Cell(l.Rescaled)), meter, node(v.doc, "td", "", tick))
		appendChild(body, row)
	}
	setHidden(table, false)
	notes := v.el("notes")
	clearChildren(notes, 0)
	for _, n := range b.Notes() {
		appendChild(notes, node(v.doc, "li", "", n))
	}
	for _, id := range []string{"save-csv", "save-md", "save-png"} {
		removeAttr(v.el(id), "disabled")
	}
	v.drawCurves()
}

// toggle ticks or unticks a learner's picture.
func (v *boardView) toggle(id string) {
	if i := slices.Index(v.s.Show, id); i >= 0 {
		v.s.Show = slices.Delete(v.s.Show, i, i+1)
	} else {
		v.s.Show = append(v.s.Show, id)
	}
	v.writeHash()
	v.drawCurves()
}

// shown returns the ticked learners on the board, in the board's order.
func (v *boardView) shown() []string {
	var out []string
	if v.answer == nil {
		return nil
	}
	for _, l := range v.answer.board.Learners {
		if slices.Contains(v.s.Show, l.ID) && v.charts[l.ID] != nil {
			out = append(out, l.ID)
		}
	}
	return out
}

// drawCurves shows a picture for each ticked learner and hides the others.
func (v *boardView) drawCurves() {
	b := v.answer.board
	box := v.el("curves")
	for _, l := range b.Learners {
		on := slices.Contains(v.s.Show, l.ID) && len(l.Curve) > 0
		c := v.charts[l.ID]
		if !on {
			if c != nil {
				setHidden(c.panel, true)
			}
			continue
		}
		if c == nil {
			canvas := createCanvas(v.doc)
			setAttr(canvas, "id", "board-curve-"+l.ID)
			canvas.SetWidth(380)
			canvas.SetHeight(220)
			setAttr(canvas, "aria-label", l.Name+": error over the rounds, in your units and rescaled")
			what := "mean absolute error so far"
			if b.Task.Kind == data.Classify {
				what = "% wrong so far"
			}
			c = &boardChart{panel: node(v.doc, "div", "chart-panel board-curve", node(v.doc, "h3", "", l.Name+" ("+l.ID+"): "+what), canvas)}
			appendChild(box, c.panel)
			id := l.ID
			c.chart = newLineChart(v.doc, "board-curve-"+id, "round", func() { v.drawChart(id) })
			v.charts[l.ID] = c
		}
		// The panels follow the board's order.
		appendChild(box, c.panel)
		setHidden(c.panel, false)
		v.drawChart(l.ID)
	}
	v.el("save-png").Underlying().Set("disabled", len(v.shown()) == 0)
}

// drawChart draws one learner's picture: its error so far in your units
// and rescaled, and the best fixed predictor's final error, dashed.
func (v *boardView) drawChart(id string) {
	if v.answer == nil || v.charts[id] == nil {
		return
	}
	b := v.answer.board
	i := slices.IndexFunc(b.Learners, func(l leaderboard.SpreadRow) bool { return l.ID == id })
	if i < 0 {
		return
	}
	l := b.Learners[i]
	xs := make([]float64, len(b.CurveRounds))
	for k, t := range b.CurveRounds {
		xs[k] = float64(t)
	}
	scale := 1.0
	if b.Task.Kind == data.Classify {
		scale = 100
	}
	times := func(ys []float64) []float64 {
		out := make([]float64, len(ys))
		for k, y := range ys {
			out[k] = y * scale
		}
		return out
	}
	ref := b.Comparator.Natural.Median * scale
	curves := []curve{
		{name: "your units", color: "#3178c6", xs: xs, ys: times(l.Curve)},
		{name: "rescaled", color: "#e87d30", xs: xs, ys: times(l.CurveRescaled)},
		{name: "best fixed", color: "#5f6b7a", xs: []float64{xs[0], xs[len(xs)-1]}, ys: []float64{ref, ref}, dashed: true},
	}
	logY := false
	if b.Task.Kind == data.Regress {
		lo, hi := ref, ref
		for _, c := range curves[:2] {
			for _, y := range c.ys {
				lo, hi = min(lo, y), max(hi, y)
			}
		}
		logY = lo > 0 && hi/lo > 1e3
	}
	v.charts[id].chart.draw(curves, logY)
}

// strs makes a Go list of strings a JavaScript array.
func strs(list []string) []any {
	out := make([]any, len(list))
	for i, s := range list {
		out[i] = s
	}
	return out
}

// then calls ok with a promise's value or fail with its error's message.
func then(promise js.Value, ok func(js.Value), fail func(string)) {
	var onOK, onFail js.Func
	release := func() {
		onOK.Release()
		onFail.Release()
	}
	onOK = js.FuncOf(func(_ js.Value, args []js.Value) any {
		release()
		ok(args[0])
		return nil
	})
	onFail = js.FuncOf(func(_ js.Value, args []js.Value) any {
		release()
		msg := args[0].String()
		if m := args[0].Get("message"); m.Type() == js.TypeString {
			msg = m.String()
		}
		fail(msg)
		return nil
	})
	promise.Call("then", onOK, onFail)
}
