package playground

import "testing"

// TestStampDots checks a stamped disc (radius 5, rim 2, centred on its
// pixel): its centre in the fill colour, its rim in the ring colour, its
// edge partly covered, nothing outside it, a later dot over an earlier
// one, and dots partly or wholly off the image clipped without a panic.
func TestStampDots(t *testing.T) {
	const w, h = 40, 30
	buf := make([]byte, 4*w*h)
	red, blue, green := [3]int{200, 0, 0}, [3]int{0, 0, 200}, [3]int{0, 160, 0}
	NewDotStamper(5, 2).Stamp(buf, w, h, []Dot{
		{X: 10, Y: 10, Fill: red, Ring: blue},
		{X: 30, Y: 10, Fill: red, Ring: blue},
		{X: 33, Y: 10, Fill: green, Ring: green}, // over the second
		{X: -3, Y: 29, Fill: red, Ring: red},     // partly off
		{X: -50, Y: 500, Fill: red, Ring: red},   // wholly off
	})
	px := func(x, y int) [4]byte {
		o := 4 * (y*w + x)
		return [4]byte{buf[o], buf[o+1], buf[o+2], buf[o+3]}
	}
	if got := px(10, 10); got != [4]byte{200, 0, 0, 255} { // the disc's centre pixel
		t.Errorf("centre %v, want the fill", got)
	}
	if got := px(14, 10); got != [4]byte{0, 0, 200, 255} { // 4 from the centre: on the rim
		t.Errorf("rim %v, want the ring", got)
	}
	if got := px(16, 10); got[3] != 0 { // 6 from the centre
		t.Errorf("outside %v, want transparent", got)
	}
	if got := px(15, 10); got[3] == 0 || got[3] == 255 { // 5 from the centre: the edge
		t.Errorf("edge %v, want partly covered", got)
	}
	if got := px(32, 10); got != [4]byte{0, 160, 0, 255} {
		t.Errorf("overlap %v, want the later dot", got)
	}
	if got := px(0, 29); got[3] == 0 {
		t.Errorf("the clipped dot left no mark: %v", got)
	}
}
