package api

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// costlyKeyShapes are the bodies of the second attack on the key check: a
// long key over deeply nested arrays, and a long key holding a long array.
// Rendering each position's path eagerly made both quadratic (a 220 KB
// body allocated 1.5 GiB, a 2.25 MB one ran for minutes).
func costlyKeyShapes(keyBytes, depth, length int) map[string]string {
	key := `"` + strings.Repeat("k", keyBytes) + `"`
	return map[string]string{
		"nested": `{"task":"classify",` + key + `:` + strings.Repeat("[", depth) + strings.Repeat("]", depth) + `}`,
		"long":   `{"task":"classify",` + key + `:[` + strings.TrimSuffix(strings.Repeat("0,", length), ",") + `]}`,
	}
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestKeyCheckIsLinear: the key check allocates a small multiple of the
// body, whatever its shape (a 100 KB key over 2,000 arrays or holding
// 20,000 zeros allocated 200 MB and 2 GB before).
func TestKeyCheckIsLinear(t *testing.T) {
	for name, body := range costlyKeyShapes(100<<10, 2000, 2000) {
		var err error
		got := allocated(func() { err = checkKeys(context.Background(), []byte(body)) })
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if limit := uint64(16*len(body) + 1<<20); got > limit {
			t.Errorf("%s: the check of a %d-byte body allocated %d bytes (over %d)", name, len(body), got, limit)
		}
	}
}

// TestKeyCheckStopsWithItsRequest: a cancelled request's check stops.
func TestKeyCheckStopsWithItsRequest(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	body := costlyKeyShapes(10, 1, 100000)["long"]
	if err := checkKeys(ctx, []byte(body)); err == nil || !strings.Contains(err.Error(), "canceled") {
		t.Fatalf("a cancelled check returned %v", err)
	}
}

// TestKeyErrorsNameThePosition: the path of a refused key is still named.
func TestKeyErrorsNameThePosition(t *testing.T) {
	err := checkKeys(context.Background(), []byte(`{"learners":[{"id":"ogd"},{"id":"ogd","params":{"eta":1,"eta":2}}]}`))
	if err == nil || !strings.Contains(err.Error(), "learners[1].params") {
		t.Fatalf("got %v", err)
	}
}

// BenchmarkKeyCheck reports the key check's time and memory against the
// body's size (to the 4 MiB limit) for the attack's shapes, the nested
// one at the decoder's depth limit: both grow linearly.
func BenchmarkKeyCheck(b *testing.B) {
	for _, size := range []int{256 << 10, 1 << 20, 4 << 20} {
		for name, body := range costlyKeyShapes(size/2, 9990, size/4) {
			b.Run(fmt.Sprintf("%s/%dKiB", name, len(body)>>10), func(b *testing.B) {
				b.SetBytes(int64(len(body)))
				b.ReportAllocs()
				for b.Loop() {
					if err := checkKeys(context.Background(), []byte(body)); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestCostlyKeysThroughTheHandler: the attack's shapes near the body limit
// are refused (an unknown field) within a small multiple of their size in
// memory, and the answer does not echo a megabyte key back.
func TestCostlyKeysThroughTheHandler(t *testing.T) {
	for name, body := range costlyKeyShapes(1<<20, 9990, 600000) {
		var code int
		var msg string
		got := allocated(func() {
			c, out := post(t, body)
			code, msg = c, out["error"].(string)
		})
		if code != 400 || !strings.Contains(msg, "unknown field") || len(msg) > 1000 {
			t.Errorf("%s: %d %.200q (%d bytes)", name, code, msg, len(msg))
		}
		if limit := uint64(64 * len(body)); got > limit {
			t.Errorf("%s: a %d-byte body allocated %d bytes (over %d)", name, len(body), got, limit)
		}
	}
}
