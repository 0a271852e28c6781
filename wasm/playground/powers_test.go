package playground

import "testing"

func TestPowerOfTwoText(t *testing.T) {
	for x, want := range map[float64]string{1.0 / 64: "2⁻⁶ = 1/64", 0.5: "2⁻¹ = 1/2", 1: "1", 8: "2³ = 8", 1.0 / 1024: "2⁻¹⁰ = 1/1024", 0.05: "0.05", 0.015625001: "0.01563"} {
		if got := PowerOfTwoText(x); got != want {
			t.Errorf("PowerOfTwoText(%v) = %q, want %q", x, got, want)
		}
	}
}
