//go:build !js

// Package apitest is the API's conformance suite: the same checks run
// against every runtime of the handler (native, Cloudflare's workerd, the
// browser's Web Worker through a page).
package apitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"unitfree/wasm/api"
	"unitfree/wasm/policy"
)

// Client calls one running API.
type Client struct {
	Base string // e.g. "http://127.0.0.1:8787"
	HTTP *http.Client
}

// Call sends a request and decodes the JSON answer into a map; it returns
// the status code.
func (c Client) Call(t *testing.T, method, path, body string) (int, map[string]any) {
	t.Helper()
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: 60 * time.Second}
	}
	req, err := http.NewRequest(method, c.Base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("%s %s: status %d, not JSON: %.300s", method, path, resp.StatusCode, raw)
	}
	return resp.StatusCode, out
}

// IssueExample is the request of the API contract (assets/docs/api.md).
const IssueExample = `{"task": "classify",
 "data": {"features": ["x1","x2"], "x": [[0.1, 2.0], [0.3, 1.0], [-0.2, 1.5], [0.4, -1.0]], "y": [1, -1, 1, -1]},
 "scale": [1000, 1],
 "features": {"bias": true, "degree": 1},
 "learners": [{"id": "scinol-diag"}, {"id": "ogd", "params": {"eta": 0.1}}],
 "order": {"shuffle": true, "seed": 0},
 "passes": 1,
 "keep": ["predictions"]}`

// TrailingWhitespace returns a valid run followed by n bytes of spaces and
// newlines (in workerd such a body once cost quadratic time: 4 MiB, 17 s).
func TrailingWhitespace(n int) string {
	return `{"task":"classify","dataset":"penguins","positive":"Gentoo","learners":[{"id":"ogd"}]}` + strings.Repeat(" \n", n/2)
}

// Run checks every endpoint, a run of each data source, the invariance of a
// scale-invariant learner over HTTP, and the errors of bad requests.
func Run(t *testing.T, c Client) {
	t.Run("security headers", func(t *testing.T) {
		// Every answer of the API, a success, a refusal and a 404, carries
		// the site's policy, as the native server's pages do.
		hc := c.HTTP
		if hc == nil {
			hc = &http.Client{Timeout: 60 * time.Second}
		}
		for _, r := range []struct{ method, path, body string }{
			{"GET", "/api/health", ""}, {"POST", "/api/run", `{"task":"nope"}`}, {"GET", "/api/nope", ""},
		} {
			req, _ := http.NewRequest(r.method, c.Base+r.path, strings.NewReader(r.body))
			resp, err := hc.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			for k, v := range map[string]string{"Content-Security-Policy": policy.CSP, "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"} {
				if got := resp.Header.Get(k); got != v {
					t.Errorf("%s %s (%d): %s = %q, want %q", r.method, r.path, resp.StatusCode, k, got, v)
				}
			}
		}
	})
	t.Run("health", func(t *testing.T) {
		code, body := c.Call(t, "GET", "/api/health", "")
		if code != 200 || body["ok"] != true || body["service"] != "unitfree" {
			t.Fatalf("%d %v", code, body)
		}
	})
	t.Run("reference examples", func(t *testing.T) {
		// Every request of the API reference (assets/docs/api.md) is
		// answered, without an error, in every runtime.
		for _, ex := range api.Examples {
			code, body := c.Call(t, ex.Method, ex.Path, ex.Body)
			if code != 200 || body["error"] != nil {
				t.Errorf("%s %s (%s): %d %.300v", ex.Method, ex.Path, ex.About, code, body)
			}
		}
	})
	t.Run("qr", func(t *testing.T) {
		hc := c.HTTP
		if hc == nil {
			hc = &http.Client{Timeout: 60 * time.Second}
		}
		resp, err := hc.Get(c.Base + "/api/qr?text=http%3A%2F%2F192.168.1.23%3A8080%2F%23bandit")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/svg+xml" || !bytes.HasPrefix(body, []byte("<svg")) || !bytes.Contains(body, []byte("h1v1h-1z")) {
			t.Fatalf("%d %s %.120s", resp.StatusCode, resp.Header.Get("Content-Type"), body)
		}
	})
	t.Run("learners", func(t *testing.T) {
		code, body := c.Call(t, "GET", "/api/learners", "")
		list, _ := body["learners"].([]any)
		if code != 200 || len(list) < 16 {
			t.Fatalf("%d, %d learners", code, len(list))
		}
		ids := map[string]bool{}
		for _, e := range list {
			m := e.(map[string]any)
			ids[m["id"].(string)] = true
			paper, _ := m["paper"].(map[string]any)
			if authors, _ := paper["authors"].([]any); len(authors) == 0 || paper["title"] == "" || paper["venue"] == "" || m["invariance"] == "" {
				t.Errorf("incomplete entry %v", m)
			}
		}
		for _, id := range []string{"scinol-diag", "scinol-full", "ogd", "scinol2", "nag", "vaw"} {
			if !ids[id] {
				t.Errorf("no learner %q", id)
			}
		}
	})
	t.Run("datasets", func(t *testing.T) {
		code, body := c.Call(t, "GET", "/api/datasets", "")
		found := false
		for _, e := range body["datasets"].([]any) {
			m := e.(map[string]any)
			if m["name"] != "penguins" {
				continue
			}
			found = true
			units := map[string]string{}
			for _, f := range m["features"].([]any) {
				fm := f.(map[string]any)
				units[fm["name"].(string)] = fm["unit"].(string)
			}
			if units["bill_length_mm"] != "mm" || units["body_mass_g"] != "g" || m["rows"].(float64) != 344 {
				t.Errorf("penguins: %v", m)
			}
		}
		if code != 200 || !found {
			t.Fatalf("%d, penguins found: %v", code, found)
		}
	})
	t.Run("run inline data", func(t *testing.T) {
		code, body := c.Call(t, "POST", "/api/run", IssueExample)
		if code != 200 {
			t.Fatalf("%d %v", code, body)
		}
		if body["rounds"].(float64) != 4 {
			t.Errorf("rounds = %v", body["rounds"])
		}
		learners := body["learners"].([]any)
		if len(learners) != 2 {
			t.Fatalf("%d learners", len(learners))
		}
		for _, l := range learners {
			m := l.(map[string]any)
			if len(m["predictions"].([]any)) != 4 {
				t.Errorf("%v: %d predictions", m["id"], len(m["predictions"].([]any)))
			}
			for _, k := range []string{"loss", "mistakes", "regret"} {
				if _, ok := m[k].(float64); !ok {
					t.Errorf("%v: no %s", m["id"], k)
				}
			}
		}
		if _, ok := body["comparator"].(map[string]any)["loss"].(float64); !ok {
			t.Error("no comparator loss")
		}
	})
	t.Run("units over HTTP", func(t *testing.T) {
		req := func(scale string) string {
			return `{"task":"classify","dataset":"penguins","columns":["bill_length_mm","body_mass_g"],
			"label":"species","positive":"Gentoo","scale":` + scale + `,"features":{"bias":true},
			"learners":[{"id":"scinol2"},{"id":"ogd","params":{"eta":0.01}}],"order":{"shuffle":true,"seed":7},
			"passes":2,"keep":["predictions","order"]}`
		}
		_, a := c.Call(t, "POST", "/api/run", req("[1,1]"))
		_, b := c.Call(t, "POST", "/api/run", req("[0.001,0.001]"))
		if a["rounds"] != 684.0 || a["data"].(map[string]any)["dropped"] != 2.0 {
			t.Fatalf("rounds %v, data %v", a["rounds"], a["data"])
		}
		diff := func(i int) float64 {
			pa := a["learners"].([]any)[i].(map[string]any)["predictions"].([]any)
			pb := b["learners"].([]any)[i].(map[string]any)["predictions"].([]any)
			worst := 0.0
			for k := range pa {
				x, y := pa[k].(float64), pb[k].(float64)
				worst = math.Max(worst, math.Abs(x-y)/math.Max(1, math.Abs(x)))
			}
			return worst
		}
		if d := diff(0); d > 1e-9 {
			t.Errorf("scinol2 moved by %g between mm/g and m/kg", d)
		}
		if d := diff(1); d < 1e-3 {
			t.Errorf("ogd moved by only %g between mm/g and m/kg", d)
		}
	})
	t.Run("run csv", func(t *testing.T) {
		csv := "height_cm,mass_kg,kind\n170,70,a\n160,50,b\n180,80,a\n150,45,b\n175,,a\n"
		body, _ := json.Marshal(map[string]any{"task": "classify", "csv": csv, "label": "kind",
			"features": map[string]any{"bias": true}, "learners": []any{map[string]any{"id": "scinol-full"}}})
		code, out := c.Call(t, "POST", "/api/run", string(body))
		if code != 200 || out["rounds"] != 4.0 || out["data"].(map[string]any)["dropped"] != 1.0 {
			t.Fatalf("%d %v", code, out)
		}
	})
	t.Run("run bandit", func(t *testing.T) {
		code, out := c.Call(t, "POST", "/api/run", `{"task":"bandit","dataset":"penguins","label":"species",
			"columns":["bill_length_mm","flipper_length_mm"],"features":{"bias":true},"order":{"shuffle":true,"seed":2},
			"learners":[{"id":"soba","params":{"gamma":0.2}},{"id":"banditron","params":{"gamma":0.2}},{"id":"perceptron-mc"}],
			"drawSeed":4,"keep":["rounds"]}`)
		if code != 200 || out["rounds"] != 342.0 || len(out["classes"].([]any)) != 3 {
			t.Fatalf("%d %.300v", code, out)
		}
		for _, l := range out["learners"].([]any) {
			m := l.(map[string]any)
			rate := m["errorRate"].(float64)
			if rate <= 0 || rate >= 1 || len(m["rounds"].([]any)) != 342 {
				t.Errorf("%v: error rate %v, %d rounds", m["id"], rate, len(m["rounds"].([]any)))
			}
		}
		never := strings.TrimSuffix(strings.Repeat("0.9999,0.5,", 500), ",")
		code, out = c.Call(t, "POST", "/api/run", `{"task":"bandit","generator":{"name":"synnonsep","rounds":500,"seed":1},
			"learners":[{"id":"soba-diag","params":{"gamma":0.5}}],"draws":[`+never+`]}`)
		if code != 200 || out["learners"].([]any)[0].(map[string]any)["explored"] != 0.0 {
			t.Fatalf("draws that never explore: %d %.300v", code, out)
		}
	})
	t.Run("run bandit on sparse rows", func(t *testing.T) {
		// 90 rows of 12 features with 2 or 3 non-zero entries, given dense
		// and by their non-zero entries: the same rounds either way.
		var dense, sparse, labels []string
		for i := range 90 {
			row, idx, val := make([]string, 12), []string{}, []string{}
			for j := range row {
				row[j] = "0"
				if (i*7+j*5)%11 < 2 || j == i%12 {
					v := fmt.Sprint(float64((i*13+j*3)%17) - 8.5)
					row[j], idx, val = v, append(idx, fmt.Sprint(j)), append(val, v)
				}
			}
			dense = append(dense, "["+strings.Join(row, ",")+"]")
			sparse = append(sparse, `{"index":[`+strings.Join(idx, ",")+`],"value":[`+strings.Join(val, ",")+`]}`)
			labels = append(labels, fmt.Sprint(i%12%3))
		}
		rest := `"y":[` + strings.Join(labels, ",") + `]},"features":{"bias":true},"passes":3,"scale":[` + strings.TrimSuffix(strings.Repeat("2,", 12), ",") + `],
			"learners":[{"id":"soba","params":{"gamma":0.1}},{"id":"soba-diag","params":{"gamma":0.1}},{"id":"banditron","params":{"gamma":0.1}},{"id":"perceptron-mc"}],"drawSeed":5,"keep":["rounds"]}`
		code, want := c.Call(t, "POST", "/api/run", `{"task":"bandit","data":{"x":[`+strings.Join(dense, ",")+`],`+rest)
		if code != 200 {
			t.Fatalf("dense rows: %d %.300v", code, want)
		}
		code, got := c.Call(t, "POST", "/api/run", `{"task":"bandit","data":{"dim":12,"sparse":[`+strings.Join(sparse, ",")+`],`+rest)
		if code != 200 || got["data"].(map[string]any)["source"] != "inline sparse data" {
			t.Fatalf("sparse rows: %d %.300v", code, got)
		}
		if got["rounds"] != 270.0 {
			t.Fatalf("sparse rows: %v rounds, want 270", got["rounds"])
		}
		for i, l := range want["learners"].([]any) {
			g, w := got["learners"].([]any)[i].(map[string]any), l.(map[string]any)
			if !reflect.DeepEqual(g, w) || w["updates"] == 0.0 {
				t.Errorf("%v: on sparse rows %v mistakes and %v updates, on dense rows %v and %v (and the kept rounds must agree)",
					w["id"], g["mistakes"], g["updates"], w["mistakes"], w["updates"])
			}
		}
	})
	t.Run("run sampling", func(t *testing.T) {
		code, out := c.Call(t, "POST", "/api/run", `{"task":"sampling","objective":"logistic-l1","lambda":0.001,
			"dataset":"penguins","positive":"Gentoo","scale":[0.02,0.05,0.005,0.0002],"features":{"bias":true},"passes":5,
			"runs":[{"optimizer":"sgd","sampler":"uniform","params":{"gamma":0.5}},{"optimizer":"sgd","sampler":"mabs","params":{"gamma":0.5}},
			{"optimizer":"saga","sampler":"is","params":{"gamma":0.5}}],"order":{"seed":3}}`)
		if code != 200 || out["budget"] != 5*342.0 || len(out["runs"].([]any)) != 3 {
			t.Fatalf("%d %.400v", code, out)
		}
		for _, r := range out["runs"].([]any) {
			m := r.(map[string]any)
			trace := m["trace"].([]any)
			first := trace[0].(map[string]any)["gap"].(float64)
			gap := m["gap"].(float64)
			if gap < -1e-9 || gap >= first || len(trace) < 10 {
				t.Errorf("%v/%v: gap %v from %v over %d trace points", m["optimizer"], m["sampler"], gap, first, len(trace))
			}
			if m["sampler"] == "mabs" && m["minProb"].(float64) < 0.4/342*(1-1e-9) {
				t.Errorf("mabs gave a point %v < eta/n", m["minProb"])
			}
		}
	})
	t.Run("bad requests", func(t *testing.T) {
		big := `{"task":"classify","csv":"` + strings.Repeat("x", 5<<20) + `"}`
		heavy := `{"task":"classify","dataset":"penguins","positive":"Gentoo","features":{"degree":3},"passes":100,"learners":[` +
			strings.TrimSuffix(strings.Repeat(`{"id":"scinol-full"},`, 20), ",") + `]}`
		tests := []struct {
			method, body string
			status       int
			want         string
		}{
			{"POST", `{"task":"classify","data":{"x":[[1]],"y":[1]},"learners":[{"id":"magic"}]}`, 400, `unknown learner "magic" (known: ogd`},
			{"POST", `{"task":"classify","data":{"x":[[1,2],[3]],"y":[1,-1]},"learners":[{"id":"ogd"}]}`, 400, "row 2 has 1 values"},
			{"POST", `{"task":"classify","data":{"x":[[1]],"y":[3]},"learners":[{"id":"ogd"}]}`, 400, "must be -1 or +1"},
			{"POST", `{"task":"classify","data":{"x":[[NaN]],"y":[1]},"learners":[{"id":"ogd"}]}`, 400, "not a valid run request"},
			{"POST", `{"task":"classify","data":{"x":[["a"]],"y":[1]},"learners":[{"id":"ogd"}]}`, 400, `field "data.x`},
			{"POST", `{"task":"classify","dataset":"penguins","label":"species","learners":[{"id":"ogd"}]}`, 400, "name a positive class"},
			{"POST", `{"task":"classify","dataset":"iris","learners":[{"id":"ogd"}]}`, 400, `unknown dataset "iris"`},
			{"POST", `{"task":"classify","dataset":"penguins","positive":"Gentoo","learners":[{"id":"ogd"}],"speed":3}`, 400, `unknown field "speed"`},
			{"POST", heavy, 400, "coordinate updates, more than the limit"},
			{"POST", `{"task":"classify","dataset":"penguins","positive":"Gentoo","learners":[{"id":"ogd","params":{"eta":-1}}]}`, 400, `"eta" = -1 is outside`},
			{"POST", `{"task":"classify"}`, 400, "exactly one of"},
			{"POST", ``, 400, "empty"},
			{"POST", big, 413, "over the limit"},
			{"GET", ``, 405, "accepts POST"},
			{"POST", `{"task":"bandit","generator":{"name":"synsep","rounds":100},"learners":[{"id":"soba","params":{"gamma":2}}]}`, 400, `"gamma" = 2 is outside`},
			{"POST", `{"task":"bandit","generator":{"name":"synsep","rounds":100},"learners":[{"id":"banditron"}],"draws":[0.5]}`, 400, "two per round"},
			{"POST", `{"task":"bandit","generator":{"name":"synsep","rounds":1000000},"learners":[{"id":"banditron"}]}`, 400, "generator.rounds"},
			{"POST", `{"task":"bandit","generator":{"name":"synsep","rounds":10},"learners":[{"id":"ogd"}]}`, 400, `unknown bandit learner "ogd"`},
			{"POST", `{"task":"sampling","dataset":"penguins","label":"body_mass_g","columns":["flipper_length_mm"],"runs":[{"optimizer":"sgd","sampler":"thompson"}]}`, 400, `unknown sampler "thompson"`},
			{"POST", `{"task":"sampling","dataset":"penguins","label":"body_mass_g","columns":["flipper_length_mm"],"lambda":-1,"runs":[{"optimizer":"sgd","sampler":"uniform"}]}`, 400, "lambda = -1"},
			{"POST", `{"task":"sampling","objective":"hinge","data":{"x":[[1]],"y":[1]},"runs":[{"optimizer":"sgd","sampler":"uniform"}]}`, 400, "unknown objective"},
			{"POST", `{"task":"bandit","data":{"dim":3,"sparse":[{"index":[0],"value":[1]},{"index":[3],"value":[1]}],"y":[0,1]},"learners":[{"id":"soba"}]}`, 400, "data.sparse row 2: feature index 3 is outside 0..2"},
			{"POST", `{"task":"bandit","data":{"dim":3,"sparse":[{"index":[0],"value":[1]}],"y":[0]},"offset":[1,0,0],"learners":[{"id":"soba"}]}`, 400, "an offset moves the zeros of sparse rows"},
			{"POST", `{"task":"bandit","data":{"sparse":[{"index":[0],"value":[1]}],"y":[0]},"learners":[{"id":"soba"}]}`, 400, "data.dim is 0"},
			// Each task has its own request type: another task's field is unknown.
			{"POST", `{"task":"classify","dataset":"penguins","positive":"Gentoo","learners":[{"id":"ogd"}],"lambda":1}`, 400, `"classify" run request: json: unknown field "lambda"`},
			{"POST", `{"task":"bandit","generator":{"name":"synsep","rounds":10},"learners":[{"id":"banditron"}],"positive":"1"}`, 400, `unknown field "positive"`},
			{"POST", `{"task":"sampling","generator":{"name":"tau","rounds":100,"tau":5},"runs":[{"optimizer":"sgd","sampler":"uniform"}],"drawSeed":3}`, 400, `unknown field "drawSeed"`},
			{"POST", `{"task":"walk"}`, 400, `task "walk" is not`},
			{"POST", `{"task":"sampling","generator":{"name":"tau","rounds":100,"tau":100},"runs":[{"optimizer":"sgd","sampler":"uniform"}]}`, 400, "generator.tau"},
			{"POST", `{"task":"sampling","generator":{"name":"synsep","rounds":100},"runs":[{"optimizer":"sgd","sampler":"uniform"}]}`, 400, `generator is "tau"`},
			{"POST", `{"task":"bandit","generator":{"name":"synsep","rounds":10,"tau":3},"learners":[{"id":"banditron"}]}`, 400, "belong to the sampling generator"},
			// The attack report's: a class count of 4.6e18 (once 3.9 GB, and
			// workerd died), and two values separated by 2 MiB of spaces.
			{"POST", `{"task":"bandit","data":{"x":[[1,2],[2,1]],"y":[0,4.6e18]},"learners":[{"id":"banditron"}]}`, 400, "classes"},
			{"POST", `{"task":"classify","dataset":"penguins","positive":"Gentoo","learners":[{"id":"ogd"}]}` + strings.Repeat(" ", 64<<10) + `{}`, 400, "more than one JSON value"},
		}
		for _, tc := range tests {
			code, out := c.Call(t, tc.method, "/api/run", tc.body)
			msg, _ := out["error"].(string)
			if code != tc.status || !strings.Contains(msg, tc.want) {
				t.Errorf("%s %.80s: %d %q, want %d containing %q", tc.method, tc.body, code, msg, tc.status, tc.want)
			}
		}
		// Trailing whitespace is fine (workerd's test sends 4 MiB of it).
		if code, out := c.Call(t, "POST", "/api/run", TrailingWhitespace(64<<10)); code != 200 {
			t.Errorf("a run followed by 64 KiB of whitespace: %d %v", code, out)
		}
		code, out := c.Call(t, "GET", "/api/nothing", "")
		if code != 404 || out["error"] == nil {
			t.Errorf("unknown endpoint: %d %v", code, out)
		}
	})
}

// Post sends a body to /api/run and returns the raw answer (for fuzzing).
func (c Client) Post(body []byte) (int, []byte, error) {
	resp, err := http.Post(c.Base+"/api/run", "application/json", bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	return resp.StatusCode, raw, err
}
