//go:build js && !rooms

package main

import (
	"slices"
	"strconv"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"unitfree/core/catalog"
	"unitfree/core/data"
	"unitfree/wasm/playground"
)

// experimentPanel is the DOM adapter of the experiment panel: the form is
// built from the catalogue and the datasets compiled into the page; a run
// goes to the API in the page's Web Worker (site/api-client.js).
type experimentPanel struct {
	doc dom.Document
	exp playground.Experiment
}

func newExperimentPanel(doc dom.Document) *experimentPanel {
	p := &experimentPanel{doc: doc, exp: playground.NewExperiment()}
	p.render()
	p.bind()
	return p
}

func (p *experimentPanel) el(id string) dom.Element { return byID(p.doc, id) }

// render rebuilds the selects and checkboxes from the state.
func (p *experimentPanel) render() {
	var labels []string
	datasets := data.DatasetNames()
	info := p.exp.DatasetInfo()
	for _, l := range info.Labels {
		if _, text := info.LabelValues[l]; text {
			labels = append(labels, l)
		}
	}
	fillSelect(p.doc, p.el("exp-dataset"), datasets, p.exp.Dataset)
	fillSelect(p.doc, p.el("exp-label"), labels, p.exp.Label)
	fillSelect(p.doc, p.el("exp-positive"), p.exp.LabelValues(), p.exp.Positive)

	cols := p.el("exp-columns")
	clearChildren(cols, 1)
	for _, f := range info.Features {
		if f.Name == p.exp.Label {
			continue
		}
		name := f.Name
		if f.Unit != "" {
			name += " (" + f.Unit + ")"
		}
		appendChild(cols, checkbox(p.doc, "exp-col-"+f.Name, name, "", slices.Contains(p.exp.Columns, f.Name)))
	}
	learners := p.el("exp-learners")
	clearChildren(learners, 1)
	for _, e := range catalog.Linear() {
		appendChild(learners, checkbox(p.doc, "exp-learner-"+e.ID, e.Name, e.Summary, slices.Contains(p.exp.Learners, e.ID)))
	}
}

// bind attaches the form's handlers.
func (p *experimentPanel) bind() {
	p.el("exp-dataset").AddEventListener("change", false, func(dom.Event) {
		p.exp.SetDataset(value(p.el("exp-dataset")))
		p.render()
	})
	p.el("exp-label").AddEventListener("change", false, func(dom.Event) {
		p.exp.SetLabel(value(p.el("exp-label")))
		p.render()
	})
	p.el("exp-run").AddEventListener("click", false, func(dom.Event) { p.run() })
}

// read copies the form into the state.
func (p *experimentPanel) read() {
	info := p.exp.DatasetInfo()
	p.exp.Positive = value(p.el("exp-positive"))
	p.exp.Columns = nil
	for _, f := range info.Features {
		if el := p.el("exp-col-" + f.Name); el != nil && el.Underlying().Get("checked").Bool() {
			p.exp.Columns = append(p.exp.Columns, f.Name)
		}
	}
	p.exp.Learners = nil
	for _, e := range catalog.Linear() {
		if p.el("exp-learner-" + e.ID).Underlying().Get("checked").Bool() {
			p.exp.Learners = append(p.exp.Learners, e.ID)
		}
	}
	p.exp.Passes, _ = strconv.Atoi(value(p.el("exp-passes")))
	seed, _ := strconv.ParseUint(value(p.el("exp-seed")), 10, 64)
	p.exp.Seed = seed
	p.exp.Shuffle = p.el("exp-shuffle").Underlying().Get("checked").Bool()
}

// run sends the experiment to the API worker and shows the answer.
func (p *experimentPanel) run() {
	p.read()
	req, err := p.exp.Request()
	if err != nil {
		p.status(err.Error(), true)
		return
	}
	button := p.el("exp-run")
	setAttr(button, "disabled", "")
	p.status("Running in a Web Worker…", false)
	var onDone, onFail js.Func
	release := func() {
		removeAttr(button, "disabled")
		onDone.Release()
		onFail.Release()
	}
	onDone = js.FuncOf(func(_ js.Value, args []js.Value) any {
		defer release()
		status, raw := args[0].Get("status").Int(), args[0].Get("body")
		table, err := playground.FormatResult(status, goValue(js.Global().Get("unitfreeApi").Call("json", raw)))
		if err != nil {
			p.status(err.Error(), true)
			return nil
		}
		p.show(table)
		p.status("Done.", false)
		return nil
	})
	onFail = js.FuncOf(func(_ js.Value, args []js.Value) any {
		defer release()
		p.status("The API worker failed: "+args[0].Get("message").String(), true)
		return nil
	})
	body := js.Global().Get("JSON").Call("stringify", js.ValueOf(req.Tree()))
	js.Global().Get("unitfreeApi").Call("call", "POST", "/api/run", body).Call("then", onDone, onFail)
}

// goValue converts a parsed JSON value of the browser into Go's: objects to
// map[string]any, arrays to []any, numbers to float64; undefined to nil.
func goValue(v js.Value) any {
	switch v.Type() {
	case js.TypeString:
		return v.String()
	case js.TypeNumber:
		return v.Float()
	case js.TypeBoolean:
		return v.Bool()
	case js.TypeObject:
		if js.Global().Get("Array").Call("isArray", v).Bool() {
			out := make([]any, v.Length())
			for i := range out {
				out[i] = goValue(v.Index(i))
			}
			return out
		}
		keys := js.Global().Get("Object").Call("keys", v)
		out := make(map[string]any, keys.Length())
		for i := range keys.Length() {
			k := keys.Index(i).String()
			out[k] = goValue(v.Get(k))
		}
		return out
	}
	return nil
}

// show fills the results table.
func (p *experimentPanel) show(t playground.ResultTable) {
	setText(p.el("exp-summary"), t.Summary)
	table := p.el("exp-results")
	tbody := query(table, "tbody")
	clearChildren(tbody, 0)
	for _, r := range t.Rows {
		tr := create(p.doc, "tr")
		setAttr(tr, "data-id", r.ID)
		for _, cell := range []string{r.Name, r.Loss, r.ErrorRate, r.Regret, r.Diverged} {
			td := create(p.doc, "td")
			setText(td, cell)
			appendChild(tr, td)
		}
		appendChild(tbody, tr)
	}
	removeAttr(table, "hidden")
}

func (p *experimentPanel) status(msg string, isError bool) {
	el := p.el("exp-status")
	setText(el, msg)
	if isError {
		setClass(el, "error", true)
	} else {
		setClass(el, "error", false)
	}
}
