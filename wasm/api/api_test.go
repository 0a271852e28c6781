package api

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
)

func TestUnknownEndpointIsJSON404(t *testing.T) {
	rec := httptest.NewRecorder()
	New().ServeHTTP(rec, httptest.NewRequest("GET", "/api/nope", nil))
	var body map[string]string
	if rec.Code != 404 || json.Unmarshal(rec.Body.Bytes(), &body) != nil || body["error"] == "" {
		t.Fatalf("got %d %q", rec.Code, rec.Body)
	}
}

// FuzzRun sends arbitrary bodies to POST /api/run: the handler must never
// panic and must answer 200 or 4xx with a JSON body.
func FuzzRun(f *testing.F) {
	f.Add([]byte(`{"task":"classify","data":{"x":[[1,2],[3,4]],"y":[1,-1]},"learners":[{"id":"scinol-full"}]}`))
	f.Add([]byte(`{"task":"regress","dataset":"penguins","label":"body_mass_g","columns":["flipper_length_mm"],"learners":[{"id":"vaw"},{"id":"ogd"}],"loss":"squared"}`))
	f.Add([]byte(`{"task":"classify","csv":"a,b\n1,1\n2,-1\n","label":"b","learners":[{"id":"nag"}],"keep":["order","losses"]}`))
	f.Add([]byte(`{"task":"classify","dataset":"penguins","positive":"Adelie","scale":[0,1,1,1],"learners":[{"id":"arow"}]}`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`{"task":"sampling","objective":"ridge","data":{"x":[[1,2],[2,1],[0,1]],"y":[1,2,0.5]},"runs":[{"optimizer":"prox-svrg","sampler":"mabs"}],"passes":3}`))
	f.Add([]byte(`{"task":"bandit","generator":{"name":"synsep","rounds":50,"seed":2},"learners":[{"id":"soba-diag"}],"keep":["rounds"]}`))
	// Requests of the attack report: a class count of 4.6e18, a bandit
	// feature map over the limit, a generator over the work limit, and
	// values that overflow float64.
	f.Add([]byte(`{"task":"bandit","data":{"x":[[1,2],[2,1]],"y":[0,4.6e18]},"learners":[{"id":"banditron"}]}`))
	f.Add([]byte(`{"task":"bandit","data":{"x":[[1,2,3,4,5,6,7,8,9],[9,8,7,6,5,4,3,2,1]],"y":[0,1]},"features":{"degree":3},"learners":[{"id":"banditron"}]}`))
	f.Add([]byte(`{"task":"bandit","generator":{"name":"synsep","rounds":100000,"seed":1},"learners":[{"id":"soba"}]}`))
	f.Add([]byte(`{"task":"sampling","objective":"ridge","data":{"x":[[1,2],[2,1],[3,3]],"y":[1e300,-1e300,1e300]},"runs":[{"optimizer":"sgd","sampler":"uniform"}]}`))
	// Sparse rows, for the bandit learners and (made dense) the others.
	f.Add([]byte(`{"task":"bandit","data":{"dim":5,"sparse":[{"index":[0,4],"value":[1,-2]},{"index":[2],"value":[3]}],"y":[0,1]},"features":{"bias":true},"learners":[{"id":"soba"},{"id":"sop-mc"}]}`))
	f.Add([]byte(`{"task":"classify","data":{"features":["a","b"],"sparse":[{"index":[1],"value":[1]},{"index":[0],"value":[2]}],"y":[1,-1]},"learners":[{"id":"ogd"}]}`))
	f.Add([]byte(`{"task":"sampling","objective":"ridge","data":{"dim":2,"sparse":[{"index":[0],"value":[1]},{"index":[1],"value":[1]},{"index":[0,1],"value":[1,1]}],"y":[1,2,0.5]},"runs":[{"optimizer":"sgd","sampler":"mabs"}]}`))
	for _, body := range readmeRequests(f) {
		f.Add([]byte(body))
	}
	for _, ex := range Examples {
		if ex.Body != "" {
			f.Add([]byte(ex.Body))
		}
	}
	h := New()
	f.Fuzz(func(t *testing.T, body []byte) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/run", bytes.NewReader(body)))
		if rec.Code != 200 && (rec.Code < 400 || rec.Code >= 500) {
			t.Fatalf("status %d for %q: %s", rec.Code, body, rec.Body)
		}
		var out map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
			t.Fatalf("not JSON for %q: %s", body, rec.Body)
		}
		if rec.Code != 200 && out["error"] == "" {
			t.Fatalf("a %d without an error message", rec.Code)
		}
	})
}

// readmeRequests returns the body of every `curl ... -d '...'` example in
// the README, so that the fuzzer starts from the requests people copy (the
// reference's examples are api.Examples, which the conformance suite runs).
func readmeRequests(f testing.TB) []string {
	raw, err := os.ReadFile("../../README.md")
	if err != nil {
		f.Fatal(err)
	}
	var out []string
	text := string(raw)
	for {
		i := strings.Index(text, "-d '")
		if i < 0 {
			break
		}
		text = text[i+4:]
		j := strings.Index(text, "'")
		if j < 0 {
			break
		}
		out = append(out, text[:j])
		text = text[j+1:]
	}
	if len(out) < 1 {
		f.Fatalf("no request example found in the README")
	}
	return out
}

// TestReadmeExamplesAnswer: every request example of the README is
// accepted (200), as people copy them.
func TestReadmeExamplesAnswer(t *testing.T) {
	h := New()
	for _, body := range readmeRequests(t) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/run", strings.NewReader(body)))
		if rec.Code != 200 {
			t.Errorf("%.120s: %d %.300s", body, rec.Code, rec.Body)
		}
	}
}
