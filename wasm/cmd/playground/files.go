//go:build js && !rooms

package main

import (
	"fmt"
	"strings"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"unitfree/wasm/playground"
)

// bindFiles wires CSV import and export, the link and the PNG.
func (a *app) bindFiles() {
	input := a.el("csv-import")
	input.AddEventListener("change", false, func(dom.Event) {
		files := input.Underlying().Get("files")
		if files.Length() == 0 {
			return
		}
		file := files.Index(0)
		var done js.Func
		done = js.FuncOf(func(_ js.Value, args []js.Value) any {
			defer done.Release()
			a.importCSV(file.Get("name").String(), args[0].String())
			input.Underlying().Set("value", "")
			return nil
		})
		file.Call("text").Call("then", done)
	})
	a.on("csv-export", "click", func() {
		download("unitfree-data.csv", "text/csv", playground.ExportCSV(a.model))
	})
	a.on("metrics-export", "click", func() {
		download("unitfree-metrics.csv", "text/csv", playground.MetricsCSV(a.model, a.run))
	})
	a.on("copy-link", "click", func() { copyLink(a.el("copy-link"), a.inform) })
	a.on("save-png", "click", func() { a.savePNG() })
}

// importCSV replaces the data by a CSV file's, or says why it cannot; the
// current data stays as it was on any error.
func (a *app) importCSV(name, text string) {
	p, unused, err := playground.ImportCSV(text)
	if err != nil {
		a.notice(fmt.Sprintf("%s was not imported: %v. Your data is unchanged.", name, err))
		return
	}
	a.model.SetData(p)
	a.changed()
	msg := fmt.Sprintf("Imported %d points from %s: %s and %s are the features.", len(p.Points), name, p.Features[0].Name, p.Features[1].Name)
	if len(unused) > 0 {
		msg += " Not used (the plot shows two features): " + strings.Join(unused, ", ") + "."
	}
	a.inform(msg)
}

// savePNG downloads the learner panels as one PNG.
func (a *app) savePNG() {
	var canvases []*dom.HTMLCanvasElement
	for _, p := range a.panels {
		canvases = append(canvases, p.canvas)
	}
	saveCanvases(a.doc, canvases, "unitfree.png")
}
