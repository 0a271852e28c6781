package playground

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
	for i := range m.Learners {
		r.Probabilities(i, probs, side, side, frame)
		PaintHeatmap(rgba, probs)
	}
	return r.Played(), nil
}

// WarmUpRooms is WarmUp for the other rooms (bandit, sampling, lecture):
// each room's default run plays its first steps. It returns the steps
// each room played.
func WarmUpRooms() ([]int, error) {
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
