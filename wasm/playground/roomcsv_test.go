package playground

import (
	"strings"
	"testing"
)

// Each room's CSV has a header and one line per record, and its last line
// carries the figures the room shows.
func TestRoomCSVs(t *testing.T) {
	b := NewBanditRoom()
	b.LoadPreset(BanditSynSep)
	b.Learners = []string{"banditron", "perceptron-mc"}
	br, err := NewBanditRun(b)
	if err != nil {
		t.Fatal(err)
	}
	br.Advance(50)
	lines := strings.Split(strings.TrimSpace(BanditCSV(br)), "\n")
	res := br.Session.Results()
	want := "50," + strings.Split(lines[50], ",")[1] + "," + strings.Split(lines[50], ",")[2] + "," +
		fnum(float64(res[0].Mistakes)) + "," + fnum(float64(res[0].Explored)) + "," + fnum(float64(res[1].Mistakes)) + ",0"
	if len(lines) != 51 || lines[0] != "round,row,label,banditron mistakes,banditron explorations,perceptron-mc mistakes,perceptron-mc explorations" || lines[50] != want {
		t.Errorf("bandit CSV: %d lines, header %q, last %q (want %q)", len(lines), lines[0], lines[50], want)
	}

	sr, err := NewSamplingRun(NewSamplingRoom())
	if err != nil {
		t.Fatal(err)
	}
	sr.Advance(100)
	lines = strings.Split(strings.TrimSpace(SamplingCSV(sr)), "\n")
	// A record at 0 and each RecordEvery evaluations: 0, 30, 60, 90.
	perTrack := 1 + 100/sr.RecordEvery
	if len(lines) != 1+3*perTrack || !strings.HasPrefix(lines[1+perTrack], "sgd + is,0,") {
		t.Errorf("sampling CSV (%d records a track): %q", perTrack, lines)
	}

	g, err := NewLecture().Play()
	if err != nil {
		t.Fatal(err)
	}
	lines = strings.Split(strings.TrimSpace(LectureCSV(g, 100)), "\n")
	last := strings.Split(lines[100], ",")
	if len(lines) != 101 || last[0] != "100" || last[4] != "99.5" || last[5] != "" {
		t.Errorf("lecture CSV: %d lines, last %q", len(lines), lines[100])
	}
}
