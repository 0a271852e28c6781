//go:build js && !rooms

package main

import (
	"strings"
	"syscall/js"
	"testing"
)

// TestPictureRequestOfRefusesMalformed: a request the picture worker
// cannot read is an error naming what was wrong, never a panic, which
// would end the worker's program.
func TestPictureRequestOfRefusesMalformed(t *testing.T) {
	frame := map[string]any{"width": 320, "height": 320, "margin": 34, "xMin": 0, "xMax": 1, "yMin": 0, "yMax": 1}
	good := map[string]any{"version": 1, "round": 5, "cells": 8, "frame": frame, "learners": []any{0, 2}}
	r, err := pictureRequestOf(js.ValueOf(good))
	if err != nil || r.Round != 5 || r.Cells != 8 || len(r.Learners) != 2 || r.Learners[1] != 2 || r.Frame.XMax != 1 {
		t.Fatalf("a good request read as %+v, %v", r, err)
	}
	with := func(key string, v any) map[string]any {
		m := map[string]any{}
		for k, x := range good {
			m[k] = x
		}
		m[key] = v
		return m
	}
	badFrame := map[string]any{}
	for k, x := range frame {
		badFrame[k] = x
	}
	badFrame["xMax"] = "wide"
	for _, c := range []struct {
		req  any
		want string
	}{
		{"a string", "not an object"},
		{with("frame", nil), "without its frame"},
		{with("learners", 3), "without its frame or learners"},
		{with("round", "five"), "round is not a number"},
		{with("frame", badFrame), "xMax is not a number"},
		{with("learners", []any{0, "one"}), "1 is not a number"},
		{with("raw", "bytes"), "not a Uint8Array"},
	} {
		_, err := pictureRequestOf(js.ValueOf(c.req))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want one saying %q", c.req, err, c.want)
		}
	}
}
