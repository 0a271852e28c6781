//go:build js

package main

import (
	"syscall/js"

	"honnef.co/go/js/dom/v2"
)

// Yielding to the browser between the steps of a long piece of work, so
// that input and painting come between them.

// nextTask returns after the browser has run the tasks waiting (input,
// rendering): a long piece of work that calls it between its steps leaves
// the page responsive. It posts to a MessageChannel, not setTimeout(0),
// which browsers delay by 4 ms once timeouts nest. It must run in its own
// goroutine, never in a JS callback.
func nextTask() {
	done := make(chan struct{})
	taskQueue.waiting = append(taskQueue.waiting, done)
	taskQueue.port().Call("postMessage", nil)
	<-done
	sliceStart = clock()
}

// taskQueue holds the goroutines waiting in nextTask, in order.
var taskQueue tasks

// tasks is a MessageChannel whose messages each wake the longest-waiting
// goroutine.
type tasks struct {
	send    js.Value // the channel's sending port, made at first use
	waiting []chan struct{}
}

// port returns the sending end of the channel.
func (q *tasks) port() js.Value {
	if q.send.IsUndefined() {
		ch := js.Global().Get("MessageChannel").New()
		ch.Get("port1").Set("onmessage", js.FuncOf(func(js.Value, []js.Value) any {
			next := q.waiting[0]
			q.waiting = q.waiting[1:]
			close(next)
			return nil
		}))
		q.send = ch.Get("port2")
	}
	return q.send
}

// sliceMs is the main thread's work per task during the start: past it,
// pace yields. Measured on the wall clock, so that a slow phone's tasks
// stay as short as a desktop's. Lighthouse's phone setting multiplies an
// unthrottled trace's tasks by 4 and counts what passes 50 ms: with 16 ms
// slices its navigation scored 90 (86-93, 5 runs), with 10 ms 95 (89-96,
// 3 runs) and 93 (90-93, 5 runs); 6 ms scored no better (90, 3 runs).
const sliceMs = 10

// replayBudgetMs is the time a replay (an edit's in a room, a lesson's
// step) may take at once; the rest goes on in the next frames.
const replayBudgetMs = 50

// sliceStart is when the running task began its slice.
var sliceStart float64

// pace yields to the browser (nextTask) when the running slice has lasted
// sliceMs; called between the steps of the start, so that no long task
// blocks input. Like nextTask, it runs in its own goroutine only.
func pace() {
	if clock()-sliceStart >= sliceMs {
		nextTask()
	}
}

// revealInFrame removes the elements' data-later attribute (style.css:
// not displayed) in an animation frame, and returns in the task after it:
// the style and layout of their subtrees are then that frame's own work,
// not added to the frame that lays out the rest of the page's start.
func revealInFrame(els ...dom.Element) {
	inFrame(func() {
		for _, el := range els {
			removeAttr(el, "data-later")
		}
	})
}

// inFrame runs f in the browser's next animation frame and returns in the
// task after it. A page in a background tab gets no frames: there a timer
// runs f.
func inFrame(f func()) {
	done := make(chan struct{})
	ran := false
	var run js.Func
	run = js.FuncOf(func(js.Value, []js.Value) any {
		if !ran {
			ran = true
			f()
			close(done)
		}
		return nil
	})
	frame := js.Global().Call("requestAnimationFrame", run)
	timer := js.Global().Call("setTimeout", run, frameWaitMs)
	<-done
	js.Global().Call("cancelAnimationFrame", frame)
	js.Global().Call("clearTimeout", timer)
	run.Release()
	nextTask()
}

// frameWaitMs is how long inFrame waits for a frame.
const frameWaitMs = 200
