//go:build js && !rooms

package main

import (
	"fmt"
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
	a.on("copy-link", "click", func() {
		href := js.Global().Get("location").Get("href").String()
		clip := js.Global().Get("navigator").Get("clipboard")
		if clip.IsUndefined() {
			a.notice("Copy this link: " + href)
			return
		}
		clip.Call("writeText", href)
		a.notice("Link copied: it reproduces this view.")
	})
	a.on("save-png", "click", func() { a.savePNG() })
}

// importCSV replaces the data by a CSV file's, or says why it cannot; the
// current data stays as it was on any error.
func (a *app) importCSV(name, text string) {
	p, err := playground.ImportCSV(text)
	if err != nil {
		a.notice(fmt.Sprintf("%s was not imported: %v. Your data is unchanged.", name, err))
		return
	}
	a.model.SetData(p)
	a.notice(fmt.Sprintf("Imported %d points from %s.", len(p.Points), name))
	a.changed()
}

// savePNG composes the panels into one image and downloads it.
func (a *app) savePNG() {
	if len(a.panels) == 0 {
		return
	}
	w := a.panels[0].canvas.Width()
	cols := min(len(a.panels), 3)
	rows := (len(a.panels) + cols - 1) / cols
	out := a.doc.CreateElement("canvas").(*dom.HTMLCanvasElement)
	out.SetWidth(cols * w)
	out.SetHeight(rows * w)
	ctx := out.GetContext2d()
	for i, p := range a.panels {
		ctx.DrawImage(p.canvas, float64((i%cols)*w), float64((i/cols)*w))
	}
	link := a.doc.CreateElement("a")
	link.SetAttribute("href", out.Underlying().Call("toDataURL", "image/png").String())
	link.SetAttribute("download", "unitfree.png")
	link.Underlying().Call("click")
}

// download offers text as a file.
func download(name, mime, text string) {
	blob := js.Global().Get("Blob").New([]any{text}, map[string]any{"type": mime})
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	doc := js.Global().Get("document")
	link := doc.Call("createElement", "a")
	link.Set("href", url)
	link.Set("download", name)
	link.Call("click")
	js.Global().Get("URL").Call("revokeObjectURL", url)
}
