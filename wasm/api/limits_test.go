package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
)

// post sends body to POST /api/run and returns the status and the decoded
// answer (which must be JSON).
func post(t *testing.T, body string) (int, map[string]any) {
	t.Helper()
	rec := httptest.NewRecorder()
	New().ServeHTTP(rec, httptest.NewRequest("POST", "/api/run", strings.NewReader(body)))
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatalf("status %d, not JSON (%v): %q", rec.Code, err, rec.Body.String())
	}
	return rec.Code, out
}

// expectRefusal asserts a 4xx answer whose error message contains want.
func expectRefusal(t *testing.T, body, want string) {
	t.Helper()
	code, out := post(t, body)
	msg, _ := out["error"].(string)
	if code < 400 || code >= 500 || !strings.Contains(msg, want) {
		t.Fatalf("status %d, error %q; want a 4xx naming %q", code, msg, want)
	}
}

// TestBanditClassCountIsLimited: inline bandit labels set the class count;
// it is checked against the limit before anything is allocated for it
// (y = 4.6e18 once grew the server past 3.9 GB).
func TestBanditClassCountIsLimited(t *testing.T) {
	for _, y := range []string{"1000", "3e7", "4.6e18"} {
		expectRefusal(t, `{"task":"bandit","data":{"x":[[1,2],[2,1]],"y":[0,`+y+`]},"learners":[{"id":"banditron"}]}`, "classes")
	}
	// 100 classes are accepted.
	if code, out := post(t, `{"task":"bandit","data":{"x":[[1,2],[2,1]],"y":[0,99]},"learners":[{"id":"banditron"}]}`); code != 200 {
		t.Fatalf("100 classes: %d %v", code, out)
	}
}

// TestBanditFeatureLimit: the bandit path applies the limit on mapped
// features like the others (30 columns at degree 3 make 5,455).
func TestBanditFeatureLimit(t *testing.T) {
	var row []string
	for i := range 30 {
		row = append(row, string(rune('1'+i%9)))
	}
	x := "[" + strings.Join(row, ",") + "]"
	expectRefusal(t, `{"task":"bandit","data":{"x":[`+x+`,`+x+`],"y":[0,1]},"features":{"degree":3},"learners":[{"id":"banditron"}]}`, "features")
}

// TestGeneratorCheckedBeforeGenerating: a generated run over the work
// limit is refused before the data are generated (100,000 SynSep rounds
// of 400 features are 320 MB).
func TestGeneratorCheckedBeforeGenerating(t *testing.T) {
	body := `{"task":"bandit","generator":{"name":"synsep","rounds":100000,"seed":1},"learners":[{"id":"soba"}]}`
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	expectRefusal(t, body, "limit")
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<20 {
		t.Fatalf("refusing the run allocated %d MB", grew>>20)
	}
}

// TestNonFiniteResultIsAClearError: values that overflow float64 in the
// run (y = ±1e300 in a ridge objective) once answered 200 with an empty
// body; the answer is now a 4xx that says what happened.
func TestNonFiniteResultIsAClearError(t *testing.T) {
	for _, body := range []string{
		`{"task":"sampling","objective":"ridge","data":{"x":[[1,2],[2,1],[3,3]],"y":[1e300,-1e300,1e300]},"runs":[{"optimizer":"sgd","sampler":"uniform"}]}`,
		`{"task":"sampling","objective":"ridge","data":{"x":[[1e300,2],[2,1],[3,3]],"y":[1,-1,1]},"runs":[{"optimizer":"sgd","sampler":"uniform"}]}`,
	} {
		rec := httptest.NewRecorder()
		New().ServeHTTP(rec, httptest.NewRequest("POST", "/api/run", bytes.NewReader([]byte(body))))
		if rec.Code == 200 {
			var out map[string]any
			if json.Unmarshal(rec.Body.Bytes(), &out) == nil {
				continue // a finite answer is fine too
			}
			t.Fatalf("200 with a body that is not JSON: %q", rec.Body.String())
		}
		expectRefusal(t, body, "float64")
	}
}

// TestKeptRecordsAreLimited: what a run keeps to answer with counts
// against a limit, checked before the run (100,000 rows, 100 passes, 4
// learners and every record once took 5.5 GB and answered 1.55 GB).
func TestKeptRecordsAreLimited(t *testing.T) {
	var csv strings.Builder
	csv.WriteString("a,b,y\\n")
	for i := range 10000 {
		fmt.Fprintf(&csv, "%d,%d,%d\\n", i%7, i%5, 2*(i%2)-1)
	}
	body := func(keep string, passes int) string {
		return fmt.Sprintf(`{"task":"classify","csv":"%s","label":"y","passes":%d,"learners":[{"id":"ogd"},{"id":"nag"},{"id":"adagrad"},{"id":"scinol2"}],"keep":[%s]}`,
			csv.String(), passes, keep)
	}
	// 10,000 rows x 100 passes x 4 learners x 2 records: 8e6 numbers.
	expectRefusal(t, body(`"predictions","losses","order"`, 100), "keep would record")
	// The same run keeping nothing, or keeping within the limit, runs.
	for _, b := range []string{body(``, 100), body(`"predictions","order"`, 4)} {
		if code, out := post(t, b); code != 200 {
			t.Fatalf("%d %v", code, out["error"])
		}
	}
	// Bandit rounds, seven numbers each: 150 rows x 100 passes x 20 learners.
	var xs, ys []string
	for i := range 150 {
		xs, ys = append(xs, fmt.Sprintf("[%d,%d]", i%7, i%5)), append(ys, fmt.Sprint(i%2))
	}
	learners := strings.TrimSuffix(strings.Repeat(`{"id":"banditron"},`, 20), ",")
	expectRefusal(t, `{"task":"bandit","data":{"x":[`+strings.Join(xs, ",")+`],"y":[`+strings.Join(ys, ",")+
		`]},"passes":100,"learners":[`+learners+`],"keep":["rounds"]}`, "keep would record")
}

// TestKeysAreExact: a key given twice, or a key that names a field only
// case-insensitively, is refused (encoding/json took the last, or the
// field, silently).
func TestKeysAreExact(t *testing.T) {
	expectRefusal(t, `{"task":"classify","dataset":"penguins","positive":"Gentoo","learners":[{"id":"ogd"}],"passes":1,"passes":100}`, `key "passes" is given twice`)
	expectRefusal(t, `{"Task":"classify","dataset":"penguins","positive":"Gentoo","learners":[{"id":"ogd"}]}`, `did you mean "task"`)
	expectRefusal(t, `{"task":"classify","dataset":"penguins","positive":"Gentoo","learners":[{"ID":"ogd"}]}`, `did you mean "id"`)
	expectRefusal(t, `{"task":"classify","dataset":"penguins","positive":"Gentoo","learners":[{"id":"ogd","params":{"eta":1,"eta":2}}]}`, `given twice in learners[0].params`)
	// A learner's parameters keep their own names ("C" of PA-I).
	if code, out := post(t, `{"task":"classify","dataset":"penguins","positive":"Gentoo","learners":[{"id":"pa1","params":{"C":0.5}}]}`); code != 200 {
		t.Fatalf("%d %v", code, out["error"])
	}
}

// TestCSVColumnsAreNeverDroppedSilently: a column with a value that is not
// a finite number (NaN, Inf, 1e400, 0x10) is not a default feature, and
// the answer says which and why; naming the label as a feature is an
// error.
func TestCSVColumnsAreNeverDroppedSilently(t *testing.T) {
	csv := `a,b,c,d,e,y\n1,NaN,Inf,1e400,0x10,1\n2,3,4,5,6,-1\n3,1,2,1,2,1\n`
	code, out := post(t, `{"task":"classify","csv":"`+csv+`","label":"y","learners":[{"id":"ogd"}]}`)
	if code != 200 {
		t.Fatalf("%d %v", code, out["error"])
	}
	info := out["data"].(map[string]any)
	ignored, _ := info["ignored"].([]any)
	if fmt.Sprint(info["columns"]) != "[a]" || len(ignored) != 4 {
		t.Fatalf("columns %v, ignored %v", info["columns"], ignored)
	}
	for i, col := range []string{`"b"`, `"c"`, `"d"`, `"e"`} {
		if s, _ := ignored[i].(string); !strings.Contains(s, col) || !strings.Contains(s, "not numeric") {
			t.Errorf("ignored[%d] = %q, want column %s and why", i, s, col)
		}
	}
	expectRefusal(t, `{"task":"classify","csv":"`+csv+`","label":"y","columns":["a","y"],"learners":[{"id":"ogd"}]}`, "is the label")
}

// TestSparseRowsAreHeldToTheDenseMagnitudes: a sparse row's values meet
// the check a dense row's do, after scale is applied (1e300, 5e-324 and
// 1e90 scaled by 1e20 were accepted sparse and refused dense).
func TestSparseRowsAreHeldToTheDenseMagnitudes(t *testing.T) {
	for _, c := range []struct{ value, scale string }{{"1e300", "1"}, {"5e-324", "1"}, {"1e90", "1e20"}, {"1e-90", "1e-20"}} {
		dense := `{"task":"bandit","data":{"x":[[` + c.value + `,1],[1,1]],"y":[0,1]},"scale":[` + c.scale + `,1],"learners":[{"id":"soba"}]}`
		sparse := `{"task":"bandit","data":{"dim":2,"sparse":[{"index":[0,1],"value":[` + c.value + `,1]},{"index":[1],"value":[1]}],"y":[0,1]},"scale":[` + c.scale + `,1],"learners":[{"id":"soba"}]}`
		expectRefusal(t, dense, "outside the supported magnitudes")
		expectRefusal(t, sparse, "outside the supported magnitudes")
	}
	// Within the range, both are accepted.
	if code, out := post(t, `{"task":"bandit","data":{"dim":2,"sparse":[{"index":[0],"value":[1e90]},{"index":[1],"value":[1]}],"y":[0,1]},"scale":[1e-20,1],"learners":[{"id":"soba"}]}`); code != 200 {
		t.Fatalf("%d %v", code, out["error"])
	}
}

// TestLossRuleNamesLearnerAndLoss: a learner refused a loss says which
// learner and which loss ("kt" with "linear" once blamed the squared loss).
func TestLossRuleNamesLearnerAndLoss(t *testing.T) {
	for _, id := range []string{"kt", "pistol"} {
		for _, l := range []string{"linear", "squared"} {
			expectRefusal(t, `{"task":"regress","data":{"x":[[1],[2]],"y":[1,2]},"loss":"`+l+`","learners":[{"id":"`+id+`"}]}`, `learner "`+id+`" needs a loss whose derivative has a known bound (logistic, hinge or absolute); the `+l+` loss has none`)
		}
	}
	for _, id := range []string{"cocob", "freerex", "ogd"} {
		if code, out := post(t, `{"task":"regress","data":{"x":[[1],[2]],"y":[1,2]},"loss":"linear","learners":[{"id":"`+id+`"}]}`); code != 200 {
			t.Errorf("%s with the linear loss: %d %v", id, code, out["error"])
		}
	}
}

// TestScinolFullStaysFiniteOnBadlyScaledData: the 8-row stream with
// features from 1e-12 to 1e11 and a bias on which scinol-full answered
// divergedAt 5 (its factor lost its smallest pivot) is learned to the end.
func TestScinolFullStaysFiniteOnBadlyScaledData(t *testing.T) {
	body := `{"task":"classify","features":{"bias":true},"loss":"logistic","learners":[{"id":"scinol-full"}],"data":{"x":[` +
		`[-4.323936114563682e-05,2.088441128854086e-12,2.02222627800629e+08],[4.393955962775354e+08,-3.756660321144616,-1.1062231440673657e+07],` +
		`[1039.0269153681554,-1.951454763297001e-07,-3.9198858951834415e-11],[4.964616396950977e-05,-2.011137865363473e+08,10342.31978591247],` +
		`[-2.8070291815031905e-10,-4.359711130762928e-07,-2.1550108450166818e+08],[0.039736791086241306,6.8056853111482704e+10,2.19447193758505e-11],` +
		`[3.649583127743732e-08,7.575852509161836e+08,22.202473104239438],[-0.00034584944680064153,9.175696659198285e-10,-2.6646716965874156e-06]],` +
		`"y":[1,1,-1,-1,-1,1,1,1]}}`
	code, out := post(t, body)
	if code != 200 {
		t.Fatalf("%d %v", code, out["error"])
	}
	res := out["learners"].([]any)[0].(map[string]any)
	if d, _ := res["divergedAt"].(float64); d != 0 {
		t.Fatalf("scinol-full diverged at round %v: %v", d, res)
	}
}
