package api

import (
	"context"

	"unitfree/core/eval"
	"unitfree/wasm/wire"
)

// runLinear answers a run of task "classify" or "regress".
func (rn runner) runLinear(ctx context.Context, req *wire.LinearRequest) (any, error) {
	r, info, err := rounds(req.Task, req.Source, req.Binary)
	if err != nil {
		return nil, err
	}
	keep, err := parseKeep(req.Keep)
	if err != nil {
		return nil, err
	}
	cfg := eval.Config{Task: req.Task, Loss: req.Loss, Bias: req.Features.Bias, Degree: req.Features.Degree,
		Learners: req.Learners, Shuffle: req.Order.Shuffle, Seed: req.Order.Seed, Passes: req.Passes, Keep: keep}
	if err := eval.Check(len(r.X), len(r.Features), cfg, eval.DefaultLimits); err != nil {
		return nil, bad("%v", err)
	}
	release, err := rn.start(ctx, linearRunBytes(len(r.X), len(r.Features), cfg))
	if err != nil {
		return nil, err
	}
	defer release()
	s, err := eval.New(r, cfg, eval.DefaultLimits)
	if err != nil {
		return nil, bad("%v", err)
	}
	if err := s.RunContext(ctx); err != nil {
		return nil, gone(err)
	}
	res, err := s.ResultContext(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return nil, gone(err)
		}
		return nil, bad("%v", err)
	}
	answer := &wire.LinearAnswer{Task: req.Task, Data: info, Result: res}
	if keep.Order {
		answer.Order = s.Order()
	}
	return answer, nil
}
