package playground

import (
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"

	"unitfree/core/catalog"
)

// WarmUp does, without a page, the pure-Go work of the playground's first
// frames: the default model's run plays its first rounds, computes its
// regrets and a small heatmap for each learner. The browser compiles a
// WebAssembly function when it is first called, on the calling thread, and
// the compiled code goes with the module: the page's compiling worker runs
// this once, so that the page's main thread finds this code compiled. It
// returns the rounds played.
func WarmUp() (int, error) {
	m := NewModel()
	r, err := NewRun(m)
	if err != nil {
		return 0, err
	}
	r.Advance(warmUpRounds)
	if _, err := r.Regrets(); err != nil {
		return 0, err
	}
	const side = 8
	probs := make([]float64, side*side)
	rgba := make([]byte, 4*side*side)
	frame := m.DisplayFrame(100, 100, 10)
	var boundary Path
	for i := range m.Learners {
		r.Probabilities(i, probs, side, side, frame)
		PaintHeatmap(rgba, probs)
		Boundary(&boundary, probs, side, frame)
		r.Stats(i)
	}
	if err := warmUpView(m); err != nil {
		return 0, err
	}
	return r.Played(), nil
}

// warmUpView does the pure-Go part of the page's start that is not the
// engine's: the player, the link's state written and read back, the
// panels' headings and legends, and the number formatting of the figures.
// (The page's own code, which needs a document, is compiled where it runs.)
func warmUpView(m *Model) error {
	var p Player
	fresh := func() Stepper {
		r, _ := NewRun(m)
		return r
	}
	p.Restart(fresh())
	p.Toggle(fresh)
	p.Tick(3, func() bool { return true })
	p.CatchingUp()
	raw := m.Raw()
	link := LinkOf(raw)
	if _, err := Packed(WithRound(link, p.Position())); err != nil {
		return err
	}
	if _, err := DecodeModelRaw(raw); err != nil {
		return err
	}
	ParseHash("#" + link)
	for _, id := range PresetIDs {
		PresetLabel(id)
	}
	var path Path
	for i, t := range Ticks(-3, 7, 5) {
		path.Point(t, float64(i))
		_ = strconv.FormatFloat(t, 'f', 2, 64) + strconv.FormatFloat(t, 'g', 3, 64) + PointColor(t)
	}
	_ = path.String() + AxisTitle(m.Features[0], m.Unit(0).Label)
	width := func(s string) float64 { return 7 * float64(len(s)) }
	for _, l := range m.Learners {
		e, ok := catalog.Lookup(l.ID)
		if !ok {
			return fmt.Errorf("warm-up: no learner %q", l.ID)
		}
		LegendLines(e.Name, 100, width)
		_ = fmt.Sprintf("%s, %s · invariant: %s; %d / %d; %.1g", e.Paper.Short(), e.Algorithm, e.Invariance, 3, 10, 1e-15) + e.Paper.String()
	}
	return nil
}

// WarmUpRooms is WarmUp for the other rooms (bandit, sampling, lecture):
// each room's default run plays its first steps, the bandit room's view
// does the pure-Go part of its start and first picture
// (warmUpBanditView), and the others' links and the views' shared
// formatting are done once. It returns the steps each room played.
func WarmUpRooms() ([]int, error) {
	if err := warmUpBanditView(NewBanditRoom()); err != nil {
		return nil, err
	}
	if err := warmUpLink[SamplingRoom](NewSamplingRoom().Raw(), RoomSampling); err != nil {
		return nil, err
	}
	if err := warmUpLink[Lecture](NewLecture().Raw(), RoomLecture); err != nil {
		return nil, err
	}
	warmUpShared()
	runs := []func() (Stepper, error){
		func() (Stepper, error) { return NewBanditRun(NewBanditRoom()) },
		func() (Stepper, error) { return NewSamplingRun(NewSamplingRoom()) },
		func() (Stepper, error) { return NewLectureRun(NewLecture()) },
	}
	var played []int
	for _, start := range runs {
		r, err := start()
		if err != nil {
			return played, err
		}
		r.Advance(warmUpRounds)
		played = append(played, r.Played())
	}
	return played, nil
}

// warmUpRounds is how many rounds (steps) WarmUp and WarmUpRooms play:
// enough for the learners' updates to run many times, few enough to cost
// about 10 ms natively for every room together.
const warmUpRounds = 300

// warmUpBanditView does the pure-Go part of the bandit room's start and
// of its first picture: the player, the link's state written and read
// back, the link's parts, the panels' headings, the region map, the
// stamped points, the texts and the chart's series of each learner.
func warmUpBanditView(b *BanditRoom) error {
	fresh := func() Stepper {
		r, _ := NewBanditRun(b)
		return r
	}
	r, err := NewBanditRun(b)
	if err != nil {
		return err
	}
	r.DeferUpdates() // as the room plays: full SOBA's updates spread over frames
	r.Advance(50)
	for _, id := range b.Learners {
		e, ok := catalog.LookupBandit(id)
		if !ok {
			return fmt.Errorf("warm-up: no bandit learner %q", id)
		}
		_ = fmt.Sprintf("%s, %s", e.Paper.Short(), e.Algorithm) + e.Paper.String() + e.Name
	}
	var p Player
	p.Restart(r)
	p.Toggle(fresh)
	p.Tick(3, func() bool { return true })
	p.CatchingUp()
	if err := warmUpLink[BanditRoom](b.Raw(), RoomBandit); err != nil {
		return err
	}
	const cells = 8
	frame := FitFrame(300, 300, 30, r.Screen)
	classes := make([]int, cells*cells)
	discs := make([]Disc, 0, 2*len(r.Screen))
	for _, xy := range r.Screen {
		x, y := frame.ToPixel(xy[0], xy[1])
		discs = append(discs, Disc{X: x, Y: y, R: 4.5, Color: [3]int{255, 255, 255}, Alpha: 1}, Disc{X: x, Y: y, R: 3.5, Color: [3]int{1, 2, 3}, Alpha: 1})
	}
	NewDiscPainter().Paint(make([]byte, 4*300*300), 300, 300, discs)
	for i := range b.Learners {
		r.Regions(i, frame, cells, classes)
		_ = r.LastRoundText(i, b.Classes) + fmt.Sprintf("%d / %d %.1f %%", r.Played(), 10, 12.5) + strconv.Itoa(i)
	}
	_ = r.RoundText(b.Classes) + AxisTitle(b.Features[0], b.Features[0].Base)
	for _, metric := range []string{"mistakes", "rate", "explore"} {
		r.Series(metric)
	}
	for _, t := range Ticks(0, 1000, 5) {
		_ = TickLabel(t) + PowerOfTwoText(t+1)
	}
	return nil
}

// warmUpLink writes a room's state into a link at a round and reads it
// back, with the link's parts, as a room's start and its Copy link do.
func warmUpLink[T any, P State[T]](raw []byte, room string) error {
	link := WithRound(LinkOf(raw), 3)
	if _, err := Packed(link); err != nil {
		return err
	}
	if _, err := DecodeRaw[T, P](raw); err != nil {
		return err
	}
	_, state := ParseHash(Hash(room, link))
	LessonStep(state)
	SplitRound(state)
	return nil
}

// warmUpShared does the pure-Go work the rooms' views share: numbers
// formatted every way the figures are, sorted (medians), maps that grow
// and shrink, the samplers' names and the legends' lines.
func warmUpShared() {
	xs := []float64{3.25, -1e-7, 12345.678, 0.5}
	for _, x := range xs {
		_ = fmt.Sprintf("%g %.3e %.2f %d", x, x, x, int(x)) + strconv.FormatFloat(x, 'e', 3, 64)
	}
	slices.Sort(xs)
	seen := map[string]int{}
	for i := range 64 {
		seen[strconv.Itoa(i)] = i
	}
	for k := range seen {
		delete(seen, k)
	}
	for _, e := range catalog.Samplers() {
		_ = PairName("sgd", e.ID)
	}
	LegendLines("a learner with a rather long name", 60, func(s string) float64 { return 7 * float64(utf8.RuneCountInString(s)) })
}
