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
	a.bindCSVChoice()
	a.on("copy-link", "click", func() { copyLink(a.el("copy-link"), a.inform, a.player.Position()) })
	a.on("qr", "click", func() { showQR(a.doc, a.player.Position(), a.notice) })
	a.on("save-png", "click", func() { a.savePNG() })
}

// importCSV replaces the data by a CSV file's, or says why it cannot; the
// current data stays as it was on any error.
func (a *app) importCSV(name, text string) {
	a.importCSVWith(name, text, playground.CSVChoice{})
}

// importCSVWith imports a CSV with the columns of the choice (the default
// for ""), keeps the file so that the visitor can pick other columns, and
// says what it used and what it did not.
func (a *app) importCSVWith(name, text string, choice playground.CSVChoice) {
	imp, err := playground.ImportCSV(text, choice)
	if err != nil {
		a.notice(fmt.Sprintf("%s was not imported: %v. Your data is unchanged.", name, err))
		a.syncCSVChoice()
		return
	}
	a.csv = &importedFile{name: name, text: text, imp: imp}
	a.model.SetData(imp.Preset)
	a.changed()
	msg := fmt.Sprintf("Imported %d points from %s: %s and %s are the features, %s the label", len(imp.Points), name,
		imp.Choice.X, imp.Choice.Y, imp.Choice.Label)
	if classes := imp.ClassesText(); classes != "" {
		msg += ", " + classes + " (pick other classes under Columns)"
	}
	msg += "."
	if skipped := imp.SkippedText(); skipped != "" {
		msg += " " + skipped + "."
	}
	if len(imp.Unused) > 0 {
		msg += " Not used (the plot shows two features; pick others under Columns): " + strings.Join(imp.Unused, ", ") + "."
	}
	a.inform(msg)
	a.syncCSVChoice()
}

// importedFile is the last imported CSV, kept in the page (not in the
// link) so that the visitor can pick other columns.
type importedFile struct {
	name, text string
	imp        playground.Imported
}

// bindCSVChoice makes the column pickers re-import the file with the
// columns picked.
func (a *app) bindCSVChoice() {
	for _, id := range []string{"csv-x", "csv-y", "csv-label", "csv-classes"} {
		a.on(id, "change", func() {
			if a.csv == nil {
				return
			}
			choice := playground.CSVChoice{X: value(a.el("csv-x")), Y: value(a.el("csv-y")), Label: value(a.el("csv-label"))}
			if id == "csv-classes" {
				choice.Positive, choice.Negative = a.csv.imp.ClassChoice(value(a.el("csv-classes")))
			}
			a.importCSVWith(a.csv.name, a.csv.text, choice)
		})
	}
}

// syncCSVChoice shows the column pickers while the data are an imported
// file's, with the columns in use.
func (a *app) syncCSVChoice() {
	box := a.el("csv-choice")
	if a.csv == nil || a.model.Preset != "csv" {
		setHidden(box, true)
		return
	}
	imp := a.csv.imp
	fillSelect(a.doc, a.el("csv-x"), imp.Numeric, imp.Choice.X)
	fillSelect(a.doc, a.el("csv-y"), imp.Numeric, imp.Choice.Y)
	fillSelect(a.doc, a.el("csv-label"), imp.Columns, imp.Choice.Label)
	values, labels, selected := imp.ClassOptions()
	fillSelectLabels(a.doc, a.el("csv-classes"), values, labels, selected)
	setHidden(a.el("csv-classes-field"), len(values) == 0)
	setHidden(box, false)
}

// savePNG downloads the learner panels as one PNG.
func (a *app) savePNG() {
	var canvases []*dom.HTMLCanvasElement
	for _, p := range a.panels {
		canvases = append(canvases, p.canvas)
	}
	saveCanvases(a.doc, canvases, "unitfree.png")
}
