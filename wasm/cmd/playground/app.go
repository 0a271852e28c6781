//go:build js && !rooms

package main

import (
	"errors"
	"math"
	"strings"
	"syscall/js"
	"time"

	"honnef.co/go/js/dom/v2"

	"unitfree/wasm/playground"
)

const (
	heatmapCells = 64 // heatmap resolution per side
	storageKey   = "unitfree.state.v2"
	regretEvery  = 2 * time.Second // the comparator in hindsight (BFGS, 8-30 ms) while playing
	defaultSpeed = 3               // rounds per frame: the default stream of 1200 rounds plays for about 7 s
	pointRadius  = 5
)

// app is the DOM adapter of the playground: it owns the controls, the
// learner panels and the chart, and asks the model and the run what to show.
type app struct {
	doc           dom.Document
	model         *playground.Model
	run           *playground.Run   // the run player plays
	runVersion    int               // counts the runs built (freshRun)
	runRaw        []byte            // the model of the run, encoded (nil: it could not run)
	pictures      *pictureWorker    // computes the heatmaps off the main thread (nil: none)
	picturesTried bool              // startPicturesOnce has run
	heatRowsHere  int               // heatmap rows computed on the page (published for the tests)
	player        playground.Player // play, pause, step and replay, as in every room
	lesson        *lessonBox
	csv           *importedFile // the last imported CSV, for its column pickers
	panels        []*panel
	chart         *chart
	tool          string // "pos", "neg" or "erase"
	speed         int
	dirty         bool
	regrets       []float64
	regretsAt     int // the version and round the regrets were computed at, resting
	lastRegr      time.Time
	comparing     bool       // the comparator in hindsight is being searched for (compareRegrets)
	regretsNew    bool       // regrets came since the last frame drew
	answerFirst   bool       // a visitor acted, or the playground was shown: the next frame paints that alone
	chartAt       heatTarget // what the chart showed when last drawn, resting
	picturesDue   bool       // a heatmap is being computed (published for the tests)
	drag          *dragState
	frames        frameTimes                         // intervals between animation frames
	work          frameTimes                         // the page's own work in each frame
	sprites       map[float64]*dom.HTMLCanvasElement // a drawn point of each class
	phases        map[string]float64                 // milliseconds of the last frame's phases
	version       int                                // bumped when the data, units or learners change
	interactiveMs float64                            // page clock when the playground became interactive
	lessonLink    bool                               // the page opened on a lesson's step, which sets its own stream
	startRound    int                                // the round the page's link was made at
	owed          float64                            // rounds the stream owes while the panels finish a heatmap
	// keepStored is set while the browser's stored state could not be read:
	// it is left as it was (the notice says so) until the visitor changes
	// something.
	keepStored bool
	// shown is set while the units playground is the room shown: hidden,
	// it neither plays nor draws, so that the room shown has the main
	// thread.
	shown bool
}

// dragState is a point being dragged.
type dragState struct {
	index int
	moved bool
}

func newApp(doc dom.Document) *app {
	return &app{doc: doc, model: playground.NewModel(), tool: "pos", speed: defaultSpeed, dirty: true}
}

func (a *app) el(id string) dom.Element { return byID(a.doc, id) }

// restore loads the state of the link, else of the last visit, then calls
// done (the browser inflates the state: this is asynchronous). A link that
// cannot be read is reported and the stored data stays as it was.
func (a *app) restore(done func()) {
	fromStorage := func() {
		stored := js.Global().Get("localStorage").Call("getItem", storageKey)
		if stored.IsNull() {
			done()
			return
		}
		readLink(stored.String(), func(raw []byte, err error) {
			if err == nil {
				var m *playground.Model
				if m, err = playground.DecodeModelRaw(raw); err == nil {
					a.model = m
				}
			}
			if err != nil {
				a.keepStored = true
				a.notice("Your saved state could not be read and was left untouched: " + err.Error())
			}
			done()
		})
	}
	room, hash := locationRoom()
	_, lesson := playground.LessonStep(hash)
	a.lessonLink = lesson && room == playground.RoomUnits
	if room != playground.RoomUnits || hash == "" || lesson {
		fromStorage()
		return
	}
	hash, a.startRound = playground.SplitRound(hash)
	readLink(hash, func(raw []byte, err error) {
		if err == nil {
			var m *playground.Model
			if m, err = playground.DecodeModelRaw(raw); err == nil {
				a.model = m
				done()
				return
			}
		}
		a.notice(strings.TrimSuffix(err.Error(), ".") + ". The page shows your saved data instead.")
		fromStorage()
	})
}

// persist writes the state to the URL and to the browser's storage.
func (a *app) persist() {
	round := a.player.Position()
	if a.player.CatchingUp() {
		round = 0 // a replay's end is not known yet: its end writes it
	}
	writeLink(a.model.Raw(), func(link string) {
		if currentRoom() != playground.RoomUnits {
			return // the visitor went to another room meanwhile
		}
		if a.lesson == nil || a.lesson.step == 0 { // an open lesson keeps its step's link
			js.Global().Get("history").Call("replaceState", nil, "", "#"+playground.WithRound(link, round))
		}
		if !a.keepStored {
			js.Global().Get("localStorage").Call("setItem", storageKey, link)
		}
	})
}

// restart rebuilds the run from the model: the stream goes back to round
// 0 in the same order, paused.
func (a *app) restart() {
	a.player.Restart(a.freshRun())
	if a.interactiveMs > 0 { // once the page runs: the link says round 0 again
		a.persist()
	}
}

// freshRun builds the model's run from round 0 (an empty one, said in the
// notice, when the model cannot run) and makes it the one shown.
func (a *app) freshRun() playground.Stepper {
	r, err := playground.NewRun(a.model)
	if err != nil {
		a.notice("Cannot run: " + err.Error())
		r, _ = playground.NewRun(&playground.Model{Learners: a.model.Learners})
	}
	a.run = r
	// The model the run is built from, for the picture worker: a run
	// outlives the model's changes while a point is dragged.
	a.runVersion++
	a.runRaw = nil
	if err == nil {
		a.runRaw = a.model.Raw()
	}
	a.regrets = nil
	a.comparing = false // a search for the run replaced stops at its next step
	a.version++
	a.dirty, a.picturesDue = true, true
	return r
}

// changed is called after any change of the model: persist, rebuild, and
// replay at once to the round the stream was at (the engine plays thousands
// of rounds in milliseconds), so that an edit, a unit switch above all,
// compares like with like instead of sending the stream back to round 0;
// redraw. Restart is what goes back to round 0.
func (a *app) changed() {
	a.answer()
	a.notice("")         // a notice of before the change is stale now
	a.keepStored = false // the visitor acted: their new state is the one to keep
	a.persist()
	a.player.Replace(a.freshRun(), nil)
	a.syncControls()
	a.publish()
}

// showStep sets the playground up for step k of its lesson: the step's
// model, replayed to its round within replayBudgetMs, the rest in the
// next frames (Tick): on a phone slowed 4x, replaying a step's whole run
// at once took 84-414 ms of one task.
func (a *app) showStep(k int) {
	step := playground.UnitsLesson.Steps[k-1]
	a.model = step.State()
	a.notice("")
	t0 := clock()
	a.player.Seek(a.freshRun(), step.Rounds, func() bool { return clock()-t0 < replayBudgetMs })
	if step.Play {
		a.player.Toggle(a.freshRun)
	}
	a.buildPanels()
	a.syncControls()
	a.publish()
}

// start hides the loading screen and runs the animation loop (the run,
// the panels and the controls are built and synchronised before).
func (a *app) start() {
	setAttr(a.el("loading"), "hidden", "")
	showBuilt(a.el("app"))
	a.interactiveMs = clock()
	// The frame that shows the playground lays out and paints all of it:
	// it draws nothing more (on a phone slowed 4x, that was 85 ms of its
	// own, and the first overlay drawn ahead made it a task of 150 ms).
	a.answerFirst = true
	// The comparator in hindsight (a BFGS solve) waits its turn while the
	// stream plays: in the first frame it made the page's longest task.
	a.lastRegr = time.Now()
	var tick func(time.Duration)
	last := time.Duration(0)
	tick = func(now time.Duration) {
		if !a.shown {
			last = 0
			dom.GetWindow().RequestAnimationFrame(tick)
			return
		}
		if last > 0 {
			a.frames.add(float64(now-last) / float64(time.Millisecond))
		}
		last = now
		if a.answerFirst {
			// The frame after a visitor's action (Play, Step, a change)
			// paints what the controls answer and nothing else: the
			// interaction is over at that paint. The stream and the
			// pictures follow in the next frame.
			a.answerFirst = false
			dom.GetWindow().RequestAnimationFrame(tick)
			return
		}
		start := clock()
		t0 := start
		was := a.player.Playing()
		if was && a.heatmapDue() {
			// The panels are computing their next heatmaps: the stream
			// waits at the round they show, and plays the rounds it owes
			// once they are done.
			a.owed += float64(a.speed)
			a.dirty = a.dirty || a.frames.count%2 == 0
		} else {
			// The rounds owed are paid now (what does not fit in the budget
			// is dropped, as a slow step is): owed rounds played again in
			// every later frame sped the stream up as it went.
			replaying := a.player.CatchingUp()
			played := a.player.Tick(float64(a.speed)+a.owed, func() bool { return clock()-start < stepBudgetMs })
			a.owed = 0
			if played {
				// While playing, the picture is redrawn every other frame
				// (30 Hz): redrawing four canvases costs more than the
				// learning.
				a.dirty = a.dirty || a.frames.count%2 == 0
			}
			if replaying && !a.player.CatchingUp() { // a replay got to its round: its picture in full, its link
				a.dirty = true
				a.persist()
				a.syncControls()
			}
		}
		if !a.player.Playing() {
			a.owed = 0
		}
		if was && !a.player.Playing() { // the end of the stream
			a.dirty = true // the final picture and figures, in full
			a.persist()
			a.syncControls()
		}
		a.phase("step", t0)
		if a.dirty {
			more := a.draw()
			if !a.player.Playing() || a.frames.count%15 == 0 { // the exposed state at 4 Hz while playing
				a.publish()
			}
			a.dirty = more
		}
		a.work.add(clock() - start)
		dom.GetWindow().RequestAnimationFrame(tick)
	}
	// A link made at round n shows round n.
	if a.startRound > 0 {
		a.player.Seek(a.freshRun(), a.startRound, nil)
		a.dirty = true
	}
	// Every visit sees the learners learn at once (a second visit once
	// found them paused at round 0), unless its link holds a round or a
	// lesson's step, or the visitor asked for reduced motion.
	if a.startRound == 0 && !a.lessonLink && !reducedMotion() && currentRoom() == playground.RoomUnits {
		a.player.Toggle(a.freshRun)
		a.syncControls()
	}
	a.publish()
	dom.GetWindow().RequestAnimationFrame(tick)
}

// stepBudgetMs bounds the time a frame spends playing the rounds it owes
// (at a thousand rounds per frame, a heatmap's eight frames owe 8,000):
// what does not fit is dropped, as a slow step is.
const stepBudgetMs = 8.0

// heatmapDue says whether a panel has part of its next heatmap computed,
// or a complete one that waits to be painted.
func (a *app) heatmapDue() bool {
	for _, p := range a.panels {
		if p.nextRow != 0 || p.fresh {
			return true
		}
	}
	return a.pictures != nil && a.pictures.inFlight
}

// heatBudgetMs bounds the time a frame spends computing heatmaps (the
// wall clock's, so that a slow phone's frames stay as short as a
// desktop's): at least heatStep rows of one panel, more while it lasts.
const heatBudgetMs = 6.0

// While the stream plays, the chart is rendered off screen twice a second
// (in frame chartAheadFrame of every 30, not among the first), and shown
// two frames later (chartShowFrame): both even, as the frames that draw.
const chartAheadFrame, chartShowFrame = 14, 16

// draw brings the panels and the chart up to date, one piece of work per
// frame: the chart (drawn once when the stream rests; while it plays,
// rendered off screen twice a second and shown two frames later, beside
// the heatmaps), else the heatmaps due, a few rows at a time, panel after
// panel, within the frame's budget. Each panel is painted when its
// heatmap is complete (a first picture one a frame). The comparator in
// hindsight is searched for beside the frames (compareRegrets): every few
// seconds while the stream plays, once when it rests and the heatmaps are
// complete. It reports whether more drawing is due.
func (a *app) draw() (more bool) {
	resting := !a.player.Playing()
	t := a.heatTarget()
	at := t.version<<32 | t.round
	heatDue := false
	for _, p := range a.panels {
		heatDue = heatDue || p.due(t)
	}
	// At rest the comparator comes after the pictures: the frame that
	// answers a tap stays light.
	if !a.comparing && a.run.Played() > 0 && (resting && a.regretsAt != at && !heatDue || !resting && time.Since(a.lastRegr) > regretEvery) {
		a.compareRegrets(at)
	}
	regretsNew := a.regretsNew
	a.regretsNew = false
	t0 := clock()
	switch {
	case resting && a.chartAt != t:
		a.chart.draw(a)
		a.chartAt = t
		a.phase("chart", t0)
	case !resting && a.frames.count%30 == chartAheadFrame:
		a.chart.renderAhead(a, a.frames.count/30)
		a.phase("chart", t0)
	default:
		if !resting && a.frames.count%30 == chartShowFrame {
			a.chart.showAhead(a, a.frames.count/30)
		}
		if a.pictures.usable(a) {
			a.pictures.request(a, t)
			a.phase("heatmaps", t0)
			break
		}
		deadline := t0 + heatBudgetMs
		for computing := true; computing; {
			computing = false
			for i, p := range a.panels {
				if p.fresh && p.shown != t {
					p.fresh = false // its first picture waited, and is out of date
				}
				if p.fresh || !p.due(t) {
					continue
				}
				p.fresh = p.computeRows(a, i, t)
				if computing = clock() < deadline; !computing {
					break
				}
			}
		}
		a.phase("heatmaps", t0)
	}
	t0 = clock()
	// A frame makes one first drawing at most: a panel's first picture (its
	// canvases' first uses, its code's first run) or a panel's overlay
	// drawn ahead of its picture. On a phone slowed 4x the four panels'
	// first pictures, with their overlays, in one frame were a task of
	// 130-170 ms. A panel whose first picture waits keeps its heatmap
	// (fresh), and the stream waits for it (heatmapDue).
	firstDrawn := false
	for i, p := range a.panels {
		if p.fresh && !p.painted {
			if firstDrawn {
				more = true
				continue
			}
			firstDrawn = true
			if p.overlayFor != a.version { // its overlay now, its picture in the next frame
				p.overlayAhead(a, t.frame)
				more = true
				continue
			}
		}
		p.paint(a, i, p.fresh)
		// The figures change with the heatmap while the stream plays, at
		// the round it shows; at rest, with the state and the regrets, at
		// once.
		if p.fresh || resting && (p.figuresAt != at || regretsNew) {
			p.showFigures(a, i)
			p.figuresAt = at
		}
		p.fresh = false
		more = more || p.due(t)
	}
	for _, p := range a.panels {
		if !firstDrawn && p.overlayFor != a.version && p.due(t) && !p.fresh {
			p.overlayAhead(a, t.frame)
			firstDrawn = true
		}
	}
	a.phase("panels", t0)
	a.startPicturesOnce()
	more = more || resting && a.run.Played() > 0 && a.regretsAt != at || a.comparing
	a.picturesDue = more
	return more
}

// startPicturesOnce starts the picture worker once every panel shows its
// first picture, computed here: its start (a second Go runtime) would
// compete with the page's own for the CPU.
func (a *app) startPicturesOnce() {
	if a.picturesTried {
		return
	}
	for _, p := range a.panels {
		if !p.painted {
			return
		}
	}
	a.picturesTried = true
	a.pictures = startPictureWorker(a)
}

// answer marks a visitor's action: the next frame paints what the
// controls answer and nothing else (answerFirst), and the pictures are
// due after it (published at once, so that a reader of window.unitfree
// waits for them).
func (a *app) answer() { a.answerFirst, a.picturesDue = true, true }

// compareRegrets searches for the comparator in hindsight of the round the
// stream is at (at) and its regrets, in slices of the main thread between
// which the page draws and answers (pace): the search (gonum's BFGS) took
// 27-54 ms of a frame on a phone slowed 4x. The regrets are shown when it
// is done; a search whose run has been replaced meanwhile stops at its
// next step.
func (a *app) compareRegrets(at int) {
	run := a.run
	a.comparing = true
	a.lastRegr, a.regretsAt = time.Now(), at
	go func() {
		r, err := run.RegretsBetween(func() error {
			pace()
			if run != a.run {
				return errReplaced
			}
			return nil
		})
		if run != a.run {
			return // a new run, with its own search
		}
		a.comparing = false
		if err == nil {
			a.regrets = r
		}
		// The figures and the chart (its regret curves) show them.
		a.regretsNew, a.chartAt, a.dirty = true, heatTarget{version: -1}, true
	}()
}

// errReplaced ends a search for the regrets of a run that is no longer
// shown.
var errReplaced = errors.New("the run was replaced")

// phase records the milliseconds since t0 as the named phase of the frame.
func (a *app) phase(name string, t0 float64) {
	if a.phases == nil {
		a.phases = map[string]float64{}
	}
	a.phases[name] = clock() - t0
}

// publish exposes the state on window.unitfree for tests and tools.
func (a *app) publish() {
	var learners []any
	for i := range a.model.Learners {
		s := a.run.Stats(i)
		regret := math.NaN()
		if i < len(a.regrets) {
			regret = a.regrets[i]
		}
		var bands []any
		if i < len(a.panels) {
			for _, r := range a.panels[i].bandRounds {
				bands = append(bands, r)
			}
		}
		learners = append(learners, map[string]any{"id": a.model.Learners[i].ID, "rounds": s.Rounds, "mistakes": s.Mistakes,
			"loss": s.Loss, "meter": s.Meter, "regret": regret, "divergedAt": s.DivergedAt, "heatmapRounds": bands})
	}
	med, p95 := a.frames.stats()
	workMed, workP95 := a.work.stats()
	js.Global().Set("unitfree", js.ValueOf(map[string]any{
		"ready": true, "points": len(a.model.Points), "rounds": a.run.Played(), "total": a.run.Total(),
		"playing": a.player.Playing(), "units": []any{a.model.Units[0], a.model.Units[1]}, "learners": learners,
		"frameMedianMs": med, "frameP95Ms": p95, "workMedianMs": workMed, "workP95Ms": workP95, "frames": a.frames.count, "phasesMs": phasesJS(a.phases),
		"heatRowsOnPage": a.heatRowsHere, "heatmapsFromWorker": a.pictures.servedCount(),
		"interactiveMs": a.interactiveMs, "picturesDue": a.picturesDue,
	}))
}

// notice shows a message in the page's notice line.
// notice shows a problem (or clears the line, with ""), in the problem's
// colours.
func (a *app) notice(msg string) {
	el := a.el("notice")
	setClass(el, "ok", false)
	setText(el, msg)
}

// inform shows what went well, in colours of their own.
func (a *app) inform(msg string) {
	el := a.el("notice")
	setClass(el, "ok", true)
	setText(el, msg)
}
