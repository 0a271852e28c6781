//go:build js && (rooms || single)

package main

import (
	"math"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"honnef.co/go/js/dom/v2"

	"unitfree/wasm/playground"
	"unitfree/wasm/playground/links"
)

// roomContent is what one room adds to the lifecycle every room shares
// (roomView): its model, its run, its own controls and its pictures.
type roomContent interface {
	// raw returns the model's link state, nil before there is a model.
	raw() []byte
	// decode sets the model from a link's state.
	decode(link string) error
	// reset sets the default model; paper the paper's experiment.
	reset()
	paper()
	// validate checks the model; newRun builds its run from step 0.
	validate() error
	newRun() (playground.Stepper, error)
	// bind attaches the room's own controls, calling pace between groups
	// of them; syncControls shows the model in them.
	bind(pace func())
	syncControls()
	// rebuild makes the panels of a new run, calling pace between two of
	// them; draw paints them; publish exposes the figures on window for
	// tests.
	rebuild(pace func())
	draw()
	publish()
	// roomKey handles the room's own keys (beside Space, → and R).
	roomKey(ev *dom.KeyboardEvent)
	// canvases are what Save PNG exports; csv the Metrics CSV ("" before
	// there is anything to export).
	canvases() []*dom.HTMLCanvasElement
	csv() string
	// lessonTitle and lessonTexts are the room's lesson; applyStep sets
	// the model of step k (from 1) and says where the stream goes.
	lessonTitle() string
	lessonTexts() []lessonText
	applyStep(k int) (rounds int, play bool)
}

// roomView is the lifecycle of a room, written once: entering from a link
// or storage, play, pause, step, restart, reset, the paper's preset, keys,
// speed, the animation loop, persistence, the link and the exports. Each
// room's view embeds it and provides a roomContent.
type roomView struct {
	doc            dom.Document
	spec           roomSpec
	content        roomContent
	player         playground.Player
	lesson         *lessonBox
	active         bool
	dirty          bool
	frame          int
	frames         frameTimes         // intervals between the animation frames the room played in
	work           frameTimes         // the room's own work in each of them
	phases         map[string]float64 // milliseconds of the last frame's parts: draw and step, and the room's own
	prepareMs      float64            // how long the last preparer.prepare took
	prepareFirstMs float64            // and the last twoPartPreparer.prepareFirst
	// keepStored is set while the room's stored state could not be read:
	// it is left as it was (the notice says so) until the visitor changes
	// something, as the units room does.
	keepStored bool
	// wroteHash is the URL hash the room itself wrote last (persist), so
	// that its first showing tells its own link from a route taken.
	wroteHash string
	// partsWaiting is set while parts of the picture wait for their first
	// drawing (firstDrawings): the room then draws every frame until they
	// are drawn. wholeDrawn is set once a picture showed every part.
	partsWaiting, wholeDrawn bool
}

func newRoomView(doc dom.Document, spec roomSpec) *roomView {
	return &roomView{doc: doc, spec: spec}
}

// start binds the shared and the room's controls and runs the loop,
// calling pace between its steps.
func (v *roomView) start(c roomContent, pace func()) {
	v.content = c
	v.on("play", "click", v.togglePlay)
	v.on("step", "click", func() { v.step(1) })
	v.on("restart", "click", v.restart)
	v.on("reset", "click", func() { c.reset(); v.changed(); v.restart() })
	v.on("speed", "input", v.sync)
	v.on("paper", "click", func() {
		c.paper()
		v.restart()
		v.persist()
		v.player.Toggle(v.freshRun)
		v.sync()
		js.Global().Call("scrollTo", 0, 0)
	})
	v.bindCopyLink()
	v.on("save-png", "click", func() { saveCanvases(v.doc, c.canvases(), "unitfree-"+v.spec.name+".png") })
	v.on("metrics-csv", "click", func() {
		if text := c.csv(); text != "" {
			download("unitfree-"+v.spec.name+"-metrics.csv", "text/csv", text)
		}
	})
	pace()
	v.lesson = newLessonBox(v.doc, v.spec.prefix, v.spec.name, c.lessonTitle(), c.lessonTexts(), v.showStep, v.persist)
	pace()
	c.bind(pace)
	v.loop()
}

// showStep sets the room up for step k of its lesson: the step's state,
// replayed to its round (over the next frames if it takes long), playing
// if the step says so.
func (v *roomView) showStep(k int) {
	rounds, play := v.content.applyStep(k)
	v.notice("")
	t0 := clock()
	v.player.Seek(v.freshRun(), rounds, func() bool { return clock()-t0 < replayBudgetMs })
	if play {
		v.player.Toggle(v.freshRun)
	}
	v.content.rebuild(noPace)
	v.dirty = true
	v.sync()
}

func (v *roomView) el(id string) dom.Element { return byID(v.doc, v.spec.prefix+id) }

// on attaches a handler to the room's element with the given id suffix.
func (v *roomView) on(id, event string, f func()) {
	listen(v.el(id), event, f)
}

// notice shows a message in the room's notice line.
func (v *roomView) notice(msg string) {
	el := v.el("notice")
	setClass(el, "ok", false)
	setText(el, msg)
}

// informEdit says what a tap on a plot did to the points, with an Undo
// that brings back the state before it (the link of the room then).
func (v *roomView) informEdit(msg, before string) {
	el := v.el("notice")
	setClass(el, "ok", true)
	setText(el, msg+" ")
	b := create(v.doc, "button")
	setAttr(b, "class", "notice-undo")
	setText(b, "Undo")
	b.AddEventListener("click", false, func(dom.Event) {
		if err := v.content.decode(before); err != nil {
			v.notice("Cannot undo: " + err.Error())
			return
		}
		v.changed()
		v.content.rebuild(noPace)
		v.notice("Undone: the points are as they were.")
		setClass(el, "ok", true)
	})
	appendChild(el, b)
}

// enter shows the room: the link's state (else on the first entry the
// stored one, else the default) replaces the model when it differs from
// it, and the room restarts; then the state is written back to the link. A
// link that cannot be read is reported and the stored state shown; a
// stored state that cannot be read is reported, the default shown, and
// the stored state left as it was until the visitor changes something.
func (v *roomView) enter(link string) { v.enterPaced(link, noPace) }

// enterPaced is enter, calling pace between reading the state, making its
// run and building the room's panels (a room's first showing, where each
// is a task of its own); the room plays and draws in its frames once it
// is entered.
func (v *roomView) enterPaced(link string, pace func()) {
	defer func() { v.active = true }()
	if k, ok := playground.LessonStep(link); ok {
		v.lesson.open(k)
		return
	}
	link, round := playground.SplitRound(link)
	current := v.content.raw()
	if current == nil || (link != "" && !links.Same(link, current)) {
		said := ""
		if link != "" {
			if err := v.content.decode(link); err != nil {
				said = strings.TrimSuffix(err.Error(), ".") + ". The room shows your saved state instead. "
				link, round = "", 0
			}
		}
		if link == "" {
			switch enc := v.stored(); {
			case enc == "":
				v.content.reset()
			default:
				if err := v.content.decode(enc); err != nil {
					said += "Your saved state of this room could not be read and was left untouched (" + err.Error() + "): the room starts from its default."
					v.keepStored = true
					v.content.reset()
				}
			}
		}
		v.notice(strings.TrimSpace(said))
		pace()
		v.restartPaced(pace)
		if round == 0 && !reducedMotion() { // every visit sees the room at work, but at a link's round
			v.player.Toggle(v.freshRun)
		}
		pace()
	}
	if round > 0 && round != v.player.Position() { // the round the link was made at
		t0 := clock()
		v.player.Seek(v.freshRun(), round, func() bool { return clock()-t0 < replayBudgetMs })
		v.dirty = true
	}
	v.persist()
	v.sync()
}

// leave pauses the room when another is shown, and publishes that it
// rests (the loader waits for rest to register the site offline).
func (v *roomView) leave() {
	v.active = false
	v.player.Pause()
	v.sync()
	v.content.publish()
}

// key handles a key press while the room is shown.
func (v *roomView) key(ev *dom.KeyboardEvent) {
	switch ev.Key() {
	case " ":
		preventDefault(ev)
		v.togglePlay()
	case "ArrowRight":
		v.step(1)
	case "r", "R":
		v.restart()
	case "p", "P":
		if !ev.CtrlKey() && !ev.MetaKey() {
			togglePresent(v.doc)
			v.dirty = true
		}
	default:
		v.content.roomKey(ev)
	}
}

// changed follows any edit of the model: validate, persist, rebuild the
// run and replay it to the step the stream was at, playing on if it was.
func (v *roomView) changed() {
	if err := v.content.validate(); err != nil {
		v.notice(err.Error())
		v.sync()
		return
	}
	v.notice("")
	v.keepStored = false // the visitor acted: their new state is the one to keep
	v.persist()
	r, err := v.content.newRun()
	if err != nil {
		v.notice("Cannot run: " + err.Error())
	}
	t0 := clock()
	v.player.Replace(r, func() bool { return clock()-t0 < replayBudgetMs })
	v.content.rebuild(noPace)
	v.dirty = true
	v.sync()
}

// frameBudgetMs is the time a frame may spend drawing its picture and
// stepping the run: about a third of a 60-Hz frame, since the browser needs
// the rest to lay out, paint and composite what the page drew (headless
// Chromium on a 2-core machine misses frames when a page's script takes
// 8 to 10 ms of each).
const frameBudgetMs = 6.0

// restart rebuilds the run: the stream goes back to step 0, paused.
func (v *roomView) restart() { v.restartPaced(noPace) }

// restartPaced is restart, calling pace between making the run, building
// each of the room's panels for it and showing the model in the controls:
// on a phone slowed 4x these were one task of 310-380 ms, a third of it the
// panels' elements, a third the controls.
func (v *roomView) restartPaced(pace func()) {
	v.player.Restart(v.freshRun())
	v.persist()
	pace()
	v.content.rebuild(pace)
	v.dirty = true
	pace()
	v.sync()
}

// awaitWholePicture returns once the room has drawn a picture of every
// part, its first drawings spread over frames (firstDrawings), or after
// firstPictureFrames frames without one, or at once if it is not shown.
func (v *roomView) awaitWholePicture() {
	for frames := 0; v.active && !v.wholeDrawn && frames < firstPictureFrames; frames++ {
		inFrame(func() {})
	}
}

// firstPictureFrames bounds the frames a room's first showing waits for
// its first whole picture.
const firstPictureFrames = 60

// noPace is the pace of work done at once: it does not yield.
func noPace() {}

// freshRun is the model's run from step 0, or nil (said in the notice).
func (v *roomView) freshRun() playground.Stepper {
	r, err := v.content.newRun()
	if err != nil {
		v.notice("Cannot run: " + err.Error())
		return nil
	}
	return r
}

func (v *roomView) togglePlay() {
	if !v.player.Toggle(v.freshRun) && v.player.Run() != nil {
		v.notice("Nothing to play: every round of this run is shown already.")
	}
	if !v.player.Playing() {
		v.persist() // the link holds the round the stream stopped at
	}
	v.dirty = true
	v.sync()
}

// step plays n steps, paused.
func (v *roomView) step(n int) {
	v.player.Step(n)
	v.persist()
	v.dirty = true
	v.sync()
}

// loop plays and draws every animation frame while the room is shown;
// while playing, the picture is drawn every spec.drawEvery frames.
func (v *roomView) loop() {
	var f func(time.Duration)
	last := time.Duration(0)
	f = func(now time.Duration) {
		measured := v.active && v.player.Playing() // the frames of a playing stream are measured
		if v.active {
			t0 := clock()
			v.tick()
			if measured {
				v.work.add(clock() - t0)
			}
		}
		if !measured {
			last = 0
		} else {
			if last > 0 {
				v.frames.add(float64(now-last) / float64(time.Millisecond))
			}
			last = now
			if v.frames.count%15 == 0 || !v.player.Playing() {
				v.publishFrames()
			}
		}
		dom.GetWindow().RequestAnimationFrame(f)
	}
	dom.GetWindow().RequestAnimationFrame(f)
}

// publishFrames exposes the room's frame measurement on
// window.unitfreeRoomFrames for the tests and make bench.
func (v *roomView) publishFrames() {
	med, p95 := v.frames.stats()
	workMed, workP95 := v.work.stats()
	js.Global().Set("unitfreeRoomFrames", js.ValueOf(map[string]any{"room": v.spec.name, "frames": v.frames.count,
		"frameMedianMs": med, "frameP95Ms": p95, "workMedianMs": workMed, "workP95Ms": workP95, "phasesMs": phasesJS(v.phases),
		"workMs": v.work.list()}))
}

// phase records the milliseconds since t0 as the named part of the frame.
func (v *roomView) phase(name string, t0 float64) {
	if v.phases == nil {
		v.phases = map[string]float64{}
	}
	v.phases[name] = clock() - t0
}

func (v *roomView) tick() {
	v.frame++
	t0 := clock()
	// A picture that is due is drawn first, from the state the last frame
	// left; the step gets what remains of the frame's budget, so that a
	// frame's work stays within it but for the one round that crosses it.
	drew := false
	if v.dirty && (v.frame%v.spec.drawEvery == 0 || !v.player.Playing() || v.partsWaiting) {
		v.dirty, drew = false, true
		v.content.draw()
		v.wholeDrawn = v.wholeDrawn || !v.partsWaiting
		v.dirty = v.dirty || v.partsWaiting // the parts left come in the next frames
		t2 := clock()
		v.content.publish()
		v.phase("publish", t2)
		if js.Global().Get("unitfreeRoomReadyMs").IsUndefined() { // the first room's first picture
			js.Global().Set("unitfreeRoomReadyMs", clock())
		}
		v.phase("draw", t0)
	}
	// A playing frame before a picture's keeps time to prepare part of it;
	// another playing frame without a picture keeps a share for the room's
	// own work between pictures. A room that prepares in two parts
	// (twoPartPreparer, drawing every third frame or less often) prepares
	// the first two frames before the picture, with the rounds of the next
	// frame, which steps nothing: both parts and the picture show one state.
	playing := v.player.Playing()
	pre, hasPre := v.content.(preparer)
	twoPart, hasTwoParts := v.content.(twoPartPreparer)
	hasTwoParts = hasTwoParts && v.spec.drawEvery >= 3
	preparing := hasPre && playing && (v.frame+1)%v.spec.drawEvery == 0
	preparingFirst := hasTwoParts && playing && (v.frame+2)%v.spec.drawEvery == 0
	holding := hasTwoParts && preparing && !v.player.CatchingUp()
	side, hasSide := v.content.(sideWorker)
	sideWorking := hasSide && !drew && playing && !preparing
	reserve := 0.0
	switch {
	case preparingFirst:
		reserve = v.prepareFirstMs
	case preparing:
		reserve = v.prepareMs
	}
	if sideWorking {
		reserve += sideWorkMs
	}
	was, replaying := playing, v.player.CatchingUp()
	rate := logSlider(v.el("speed"), 10)
	if preparingFirst {
		rate *= 2 // the next frame's rounds too
	}
	t1 := clock()
	budget := math.Max(frameBudgetMs-(t1-t0)-reserve, 1)
	if !holding && v.player.Tick(rate, func() bool { return clock()-t1 < budget }) {
		v.dirty = true
	}
	v.phase("step", t1)
	if preparingFirst && v.dirty && v.player.Playing() {
		t2 := clock()
		twoPart.prepareFirst()
		v.prepareFirstMs = clock() - t2
		v.phase("prepare", t2)
	}
	if preparing && v.dirty && v.player.Playing() {
		t2 := clock()
		pre.prepare()
		v.prepareMs = clock() - t2
		v.phase("prepare", t2)
	}
	if sideWorking {
		side.sideWork(sideWorkMs)
	}
	if was != v.player.Playing() || (replaying && !v.player.CatchingUp()) { // the run ended, or a replay did
		v.persist()
		v.sync()
	}
}

// preparer is a room that renders part of its next picture off screen at
// the end of the frame before the picture's, from the state that frame
// leaves: nothing steps between the end of a frame and the start of the
// next, so the picture drawn then, with the prepared part, shows one state,
// and its work is spread over two frames.
type preparer interface {
	// prepare renders the part; the next draw shows it if the state is
	// still the one it was rendered from, else renders it again.
	prepare()
}

// twoPartPreparer is a preparer whose preparation is spread over the two
// frames before a picture's, the first computing what the second draws.
type twoPartPreparer interface {
	preparer
	// prepareFirst does the first part, in the frame two before the
	// picture's; prepare does the rest in the next.
	prepareFirst()
}

// sideWorker is a room with work of its own to do between pictures while
// its stream plays (the bandit room brings its cached guesses up to date),
// so that the frames that draw stay short.
type sideWorker interface {
	// sideWork works for about ms milliseconds.
	sideWork(ms float64)
}

// sideWorkMs is a sideWorker's share of a playing frame without a picture.
const sideWorkMs = 2.0

// sync shows the model in the controls, the shared ones and the room's.
func (v *roomView) sync() {
	label := "Play"
	if v.player.Playing() {
		label = "Pause"
	}
	setText(v.el("play"), label)
	speed := logSlider(v.el("speed"), 10)
	if speed >= 10 {
		speed = math.Round(speed)
	}
	speed = math.Round(speed*100) / 100
	setText(v.el("speed-value"), num(speed))
	setCount(v.el("speed-unit"), speed)
	v.content.syncControls()
}

// stored returns the room's state from the browser's storage, or "".
func (v *roomView) stored() string {
	s := js.Global().Get("localStorage").Call("getItem", v.spec.storageKey)
	if s.IsNull() {
		return ""
	}
	return s.String()
}

// persist writes the room's state (deflated by the browser) to the URL and
// to storage, unless the visitor has left the room meanwhile.
func (v *roomView) persist() {
	round := v.player.Position()
	if v.player.CatchingUp() {
		round = 0 // a replay's end is not known yet: its next stop writes it
	}
	writeLink(v.content.raw(), func(link string) {
		if currentRoom() != v.spec.name {
			return
		}
		// An open lesson keeps its step's link; a link already in place is
		// not written again (the first rewrite of the URL after the room's
		// controls appear took 90-190 ms on a phone slowed 4x).
		if hash := playground.Hash(v.spec.name, playground.WithRound(link, round)); v.lesson.step == 0 && hash != locationHash() {
			v.wroteHash = hash
			js.Global().Get("history").Call("replaceState", nil, "", hash)
		}
		if !v.keepStored {
			js.Global().Get("localStorage").Call("setItem", v.spec.storageKey, link)
		}
	})
}

// bindCopyLink makes the room's "Copy link" button copy the page's URL.
func (v *roomView) bindCopyLink() {
	v.on("copy-link", "click", func() {
		round := v.player.Position()
		if v.player.CatchingUp() {
			round = 0 // a replay's end is not known yet
		}
		copyLink(v.el("copy-link"), v.notice, round)
	})
	v.on("qr", "click", func() { showQR(v.doc, v.player.Position(), v.notice) })
}

// logSlider reads a range input holding log10 (or log2 when base is 2) of
// a value.
func logSlider(el dom.Element, base float64) float64 {
	v, _ := strconv.ParseFloat(value(el), 64)
	return math.Pow(base, v)
}

// intInput reads an integer input, or def when it is not one.
func intInput(el dom.Element, def int) int {
	v, err := strconv.Atoi(value(el))
	if err != nil {
		return def
	}
	return v
}

// modelSlot holds a room's model and gives its view the roomContent methods
// that read and write it (raw, decode, reset, validate), once for every
// room.
type modelSlot[T any, P interface {
	*T
	Raw() []byte
	Validate() error
}] struct {
	model   P
	decoder func(link string) (P, error)
	fresh   func() P
	lesson  playground.Lesson[T]
}

func (s *modelSlot[T, P]) lessonTitle() string       { return s.lesson.Title }
func (s *modelSlot[T, P]) lessonTexts() []lessonText { return lessonTexts(s.lesson) }

func (s *modelSlot[T, P]) applyStep(k int) (rounds int, play bool) {
	step := s.lesson.Steps[k-1]
	s.model = P(step.State())
	return step.Rounds, step.Play
}

func (s *modelSlot[T, P]) raw() []byte {
	if s.model == nil {
		return nil
	}
	return s.model.Raw()
}

func (s *modelSlot[T, P]) decode(link string) error {
	m, err := s.decoder(link)
	if err == nil {
		s.model = m
	}
	return err
}

func (s *modelSlot[T, P]) reset()          { s.model = s.fresh() }
func (s *modelSlot[T, P]) validate() error { return s.model.Validate() }

// stepper returns a new run as the Player's Stepper (nil, not a nil
// pointer, when there is none).
func stepper[R playground.Stepper](r R, err error) (playground.Stepper, error) {
	if err != nil {
		return nil, err
	}
	return r, nil
}

// runAs returns the player's run as the room's run type, or nil.
func runAs[R playground.Stepper](p *playground.Player) R {
	r, _ := p.Run().(R)
	return r
}
