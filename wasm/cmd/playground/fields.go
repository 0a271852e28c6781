//go:build js && (rooms || single)

package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"honnef.co/go/js/dom/v2"

	"unitfree/wasm/playground"
)

// bindFields binds a room's settings to their controls (the room's prefix
// plus the field's key), as its table describes them: a number input gets
// its range and step from the table; a change sets the model's value, or
// says in plain words why it is refused and shows the value in force; then
// after (may be nil) runs and the room replays.
func bindFields[M any](v *roomView, fs playground.Fields[M], model func() *M, after func(key string)) {
	for _, f := range fs {
		el := v.el(f.Name)
		if el == nil { // a field the page's HTML does not place: made here
			el = fieldControl(v, f)
		}
		step := strconv.FormatFloat(f.Step, 'g', -1, 64)
		if f.Control == playground.NumberInput {
			setAttr(el, "min", strconv.FormatFloat(f.Min, 'g', -1, 64))
			setAttr(el, "max", strconv.FormatFloat(f.Max, 'g', -1, 64))
			if !f.Integer {
				step = "any"
			}
		}
		setAttr(el, "step", step)
		v.on(f.Name, "change", func() {
			x, err := controlValue(f, value(el))
			if err == nil {
				err = f.Set(model(), x)
			}
			if err != nil {
				v.notice(capitalise(err.Error()) + ".")
				v.sync()
				return
			}
			if after != nil {
				after(f.Name)
			}
			v.changed()
		})
	}
}

// fieldControl makes a field's control, labelled in plain words, in the
// room's box of further settings (prefix + "fields").
func fieldControl[M any](v *roomView, f playground.Field[M]) dom.Element {
	label := create(v.doc, "label")
	setAttr(label, "class", "field")
	input := create(v.doc, "input")
	setAttr(input, "id", v.spec.prefix+f.Name)
	if f.Control == playground.NumberInput {
		appendChild(label, v.doc.CreateTextNode(f.Words()+" "))
		setAttr(input, "type", "number")
	} else {
		text := create(v.doc, "span")
		appendChild(text, v.doc.CreateTextNode(f.Symbol+" = "))
		shown := create(v.doc, "span")
		setAttr(shown, "id", v.spec.prefix+f.Name+"-value")
		appendChild(text, shown)
		appendChild(text, v.doc.CreateTextNode(": "+f.Doc))
		appendChild(label, text)
		setAttr(input, "type", "range")
		lg := math.Log10
		if f.Control == playground.Log2Slider {
			lg = math.Log2
		}
		setAttr(input, "min", strconv.FormatFloat(lg(f.Min), 'g', -1, 64))
		setAttr(input, "max", strconv.FormatFloat(lg(f.Max), 'g', -1, 64))
		setAttr(input, "aria-label", f.Words())
	}
	appendChild(label, input)
	appendChild(v.el("fields"), label)
	return input
}

// controlValue reads a field's value from its control's text.
func controlValue[M any](f playground.Field[M], text string) (float64, error) {
	x, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
	if err != nil {
		return 0, fmt.Errorf("%s must be a number, not %q", f.Words(), text)
	}
	switch f.Control {
	case playground.Log2Slider:
		return math.Pow(2, x), nil
	case playground.Log10Slider:
		return math.Pow(10, x), nil
	}
	return x, nil
}

// syncFields shows the model's settings in their controls, with the
// value beside a slider, and hides those that do not apply.
func syncFields[M any](v *roomView, fs playground.Fields[M], m *M) {
	for _, f := range fs {
		el := v.el(f.Name)
		x := f.Get(m)
		switch f.Control {
		case playground.Log2Slider:
			el.Underlying().Set("value", math.Log2(x))
		case playground.Log10Slider:
			el.Underlying().Set("value", math.Log10(x))
		default:
			el.Underlying().Set("value", strconv.FormatFloat(x, 'g', -1, 64))
		}
		text := num(x)
		if f.Control == playground.Log2Slider {
			text = playground.PowerOfTwoText(x)
			setAttr(el, "aria-valuetext", text)
		}
		if shown := byID(v.doc, v.spec.prefix+f.Name+"-value"); shown != nil {
			setText(shown, text)
		}
		if field := closest(el, ".field, .inline"); field != nil {
			setHidden(field, !f.Shown(m))
		}
	}
}

// capitalise returns s with a first ASCII letter in upper case (a Greek
// symbol stays as the paper writes it).
func capitalise(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
