package playground

import (
	"encoding/json"
	"math"
	"net/http/httptest"
	"strings"
	"testing"

	"unitfree/wasm/api"
	"unitfree/wasm/wire"
)

// TestSamplingRoomIsTheAPI sends the room's own request to the API and
// checks that the page's run and the API's are the same, bit for bit:
// F*, and every record of every pair (evaluations, F(w) - F*, effective
// variance), for generated and for drawn points.
func TestSamplingRoomIsTheAPI(t *testing.T) {
	gen := NewSamplingRoom()
	gen.Tau, gen.N, gen.Epochs, gen.Seed, gen.Lambda, gen.Gamma = 40, 120, 6, 5, 0.01, 0.05
	gen.Pairs = []SamplingPair{{"sgd", "uniform"}, {"saga", "mabs"}, {"prox-svrg", "is"}}
	drawn := NewSamplingRoom()
	xy, y := gen.Plane()
	drawn.Data = SamplingPoints
	for i, p := range xy[:60] {
		drawn.Points = append(drawn.Points, Point{X: p[0], Y: p[1], Label: y[i]})
	}
	for _, room := range []*SamplingRoom{gen, drawn} {
		run, err := NewSamplingRun(room)
		if err != nil {
			t.Fatal(err)
		}
		run.Advance(run.Budget)
		body, err := json.Marshal(room.Request())
		if err != nil {
			t.Fatal(err)
		}
		rec := httptest.NewRecorder()
		api.New().ServeHTTP(rec, httptest.NewRequest("POST", "/api/run", strings.NewReader(string(body))))
		if rec.Code != 200 {
			t.Fatalf("%s: the API answers %d: %s", room.Data, rec.Code, rec.Body)
		}
		var answer wire.SamplingAnswer
		if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil {
			t.Fatal(err)
		}
		if answer.FStar != run.FStar || answer.Budget != run.Budget || len(answer.Runs) != len(run.Tracks) {
			t.Fatalf("%s: API F* %v, budget %d, %d runs; page %v, %d, %d", room.Data, answer.FStar, answer.Budget, len(answer.Runs),
				run.FStar, run.Budget, len(run.Tracks))
		}
		for i, tr := range run.Tracks {
			got := answer.Runs[i]
			if len(got.Trace) != len(tr.Evals) {
				t.Fatalf("%s, %s: API trace of %d records, page %d", room.Data, tr.Pair, len(got.Trace), len(tr.Evals))
			}
			for k, p := range got.Trace {
				if float64(p.Evals) != tr.Evals[k] || math.Float64bits(p.Gap) != math.Float64bits(tr.Gap[k]) ||
					math.Float64bits(p.Variance) != math.Float64bits(tr.Variance[k]) {
					t.Fatalf("%s, %s, record %d: API %+v, page (%v, %v, %v)", room.Data, tr.Pair, k, p, tr.Evals[k], tr.Gap[k], tr.Variance[k])
				}
			}
		}
	}
}
