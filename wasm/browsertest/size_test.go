//go:build !js

package browsertest

import (
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestFirstProgramSize: the first program a visitor downloads (the units
// room's, site/playground.wasm) stays within 1,465 KiB gzipped (gzip's
// best compression), its size when the phones' work began. A dom method
// called through the Element interface once added 30 KB of wrappers (one
// per element type) and context.WithCancel 16 KB: together they passed it
// (1,487.5 KiB). Calling the three most used DOM methods through js.Value
// brought it to 1,436 KiB.
func TestFirstProgramSize(t *testing.T) {
	const most = 1465 * 1024
	f, err := os.Open(filepath.Join(siteDir, "playground.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	counted := &countingWriter{}
	gz, _ := gzip.NewWriterLevel(counted, gzip.BestCompression)
	if _, err := io.Copy(gz, f); err != nil {
		t.Fatal(err)
	}
	if err := gz.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("site/playground.wasm: %d bytes gzipped (%.1f KiB)", counted.n, float64(counted.n)/1024)
	if counted.n > most {
		t.Errorf("site/playground.wasm is %d bytes gzipped (%.1f KiB), over %d KiB", counted.n, float64(counted.n)/1024, most/1024)
	}
}

// countingWriter counts the bytes written to it.
type countingWriter struct{ n int }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.n += len(p)
	return len(p), nil
}
