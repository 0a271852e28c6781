package api

import (
	"strings"

	"unitfree/core/data"
	"unitfree/wasm/wire"
)

// sources counts the data sources a request gives.
func sources(src wire.Source, more ...bool) int {
	n := 0
	for _, given := range append([]bool{src.Data != nil, src.Dataset != "", src.CSV != nil}, more...) {
		if given {
			n++
		}
	}
	return n
}

// rounds reads a request's data for a linear task: exactly one of data,
// dataset and csv, in the units the request asks for.
func rounds(task data.Task, src wire.Source, bin wire.Binary) (*data.Rounds, wire.DataInfo, error) {
	if n := sources(src); n != 1 {
		return nil, wire.DataInfo{}, bad("give exactly one of \"data\", \"dataset\" and \"csv\" (got %d)", n)
	}
	var r *data.Rounds
	var info wire.DataInfo
	switch {
	case src.Data != nil:
		var err error
		if r, err = src.Data.Rounds(task, data.DefaultLimits); err != nil {
			return nil, info, bad("%v", err)
		}
		info.Source = "inline data"
	default:
		tab, err := table(&src, &info)
		if err != nil {
			return nil, info, err
		}
		r, err = tab.Select(task, data.Selection{Features: src.Columns, Label: src.Label, Positive: bin.Positive, Classes: bin.Classes})
		if err != nil {
			return nil, info, bad("%v", err)
		}
	}
	info.Columns, info.Units, info.Rows = r.Features, r.Units, len(r.X)
	info.Dropped, info.Excluded, info.Positive = r.Dropped, r.Excluded, r.Positive
	if src.Scale != nil || src.Offset != nil {
		var err error
		if r, err = r.Rescale(src.Scale, src.Offset); err != nil {
			return nil, info, bad("%v", err)
		}
	}
	return r, info, nil
}

// table reads the source's dataset or CSV and fills in the default columns
// (every feature of a dataset, every numeric column of a CSV but the label)
// and label (a dataset's first label column; a CSV must name its own); the
// info gets the source's name and the CSV columns left out, and why.
func table(src *wire.Source, info *wire.DataInfo) (*data.Table, error) {
	if src.Dataset != "" {
		t, ds, err := data.Load(src.Dataset)
		if err != nil {
			return nil, bad("%v", err)
		}
		if len(src.Columns) == 0 {
			for _, f := range ds.Features {
				src.Columns = append(src.Columns, f.Name)
			}
		}
		if src.Label == "" {
			src.Label = ds.Labels[0]
		}
		info.Source = "dataset " + ds.Name
		return t, nil
	}
	t, err := data.ParseCSV(strings.NewReader(*src.CSV), data.DefaultLimits)
	if err != nil {
		return nil, bad("%v", err)
	}
	if src.Label == "" {
		return nil, bad("a csv run needs \"label\": one of its columns (%s)", strings.Join(t.Names(), ", "))
	}
	info.Source = "csv"
	if len(src.Columns) == 0 {
		for _, c := range t.Columns {
			switch {
			case c.Name == src.Label:
			case c.Numeric:
				src.Columns = append(src.Columns, c.Name)
			default: // said in the answer, never left out silently
				info.Ignored = append(info.Ignored, c.NumericError().Error()+": not a feature")
			}
		}
	}
	return t, nil
}
