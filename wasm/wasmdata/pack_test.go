package wasmdata

import (
	"bytes"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// seg is a test's data segment: bytes at an offset.
type seg struct {
	offset int32
	data   string
}

// module returns a module of a type section's bytes (kept as they are),
// a custom section and a data section of the segments.
func module(segs ...seg) []byte {
	b := append([]byte(nil), magic...)
	b = append(b, 1, 4, 1, 0x60, 0, 0)              // type section: one func type () -> ()
	b = append(b, 0, 6, 5, 'h', 'e', 'l', 'l', 'o') // custom section "hello"
	body := appendUleb(nil, uint32(len(segs)))
	for _, s := range segs {
		body = append(body, 0, 0x41)
		body = appendSleb(body, s.offset)
		body = append(body, 0x0b)
		body = appendUleb(body, uint32(len(s.data)))
		body = append(body, s.data...)
	}
	b = append(b, sectionData)
	b = appendUleb(b, uint32(len(body)))
	return append(b, body...)
}

// image returns what a module's data segments write into a fresh memory
// (its non-zero bytes by address), and the sections other than the data
// section, as they are.
func image(t testing.TB, m []byte) (memory map[uint32]byte, others []byte) {
	t.Helper()
	memory = map[uint32]byte{}
	for i := len(magic); i < len(m); {
		size, start, err := uleb(m, i+1)
		if err != nil {
			t.Fatal(err)
		}
		end := start + int(size)
		if m[i] != sectionData {
			others = append(others, m[i:end]...)
			i = end
			continue
		}
		segs, err := readSegments(m[start:end])
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range segs {
			for k, c := range s.data {
				if c == 0 {
					delete(memory, s.offset+uint32(k))
				} else {
					memory[s.offset+uint32(k)] = c
				}
			}
		}
		i = end
	}
	return memory, others
}

// checkPacked packs m and checks that the memory image and the other
// sections are unchanged and that it has want segments (-1: any number no
// larger than before).
func checkPacked(t testing.TB, m []byte, maxGap, want int) []byte {
	t.Helper()
	packed, before, after, err := Pack(m, maxGap)
	if err != nil {
		t.Fatal(err)
	}
	wantMem, wantOthers := image(t, m)
	mem, others := image(t, packed)
	if !maps.Equal(mem, wantMem) {
		t.Errorf("the memory image changed:\n got %v\nwant %v", mem, wantMem)
	}
	if !bytes.Equal(others, wantOthers) {
		t.Errorf("the other sections changed:\n got %x\nwant %x", others, wantOthers)
	}
	if want >= 0 && after != want || after > before {
		t.Errorf("%d segments -> %d; want %d", before, after, want)
	}
	return packed
}

func TestPackMergesAcrossSmallGaps(t *testing.T) {
	m := module(seg{0, "ab"}, seg{4, "cd"}, seg{6, "e"}, seg{20, "far"}, seg{26, "g"})
	packed := checkPacked(t, m, 3, 2) // "ab..cde", then "far...g"
	// flags 0 (active, memory 0), i32.const 0, end, 7 bytes
	if want := "\x00\x41\x00\x0b\x07ab\x00\x00cde"; !bytes.Contains(packed, []byte(want)) {
		t.Errorf("no segment %q in %x", want, packed)
	}
	checkPacked(t, m, 0, 4) // only the adjacent "cd" and "e"
	checkPacked(t, m, 1<<20, 1)
}

// A gap is filled with zeros only where no segment wrote before: a
// segment written earlier into the gap keeps its bytes, and a segment that
// goes back or overlaps stays apart, after the one it overwrites.
func TestPackKeepsWhatEarlierSegmentsWrote(t *testing.T) {
	checkPacked(t, module(seg{12, "XYZ"}, seg{0, "a"}, seg{20, "b"}), 100, 3)
	checkPacked(t, module(seg{0, "aaaa"}, seg{2, "B"}, seg{8, "c"}), 100, 3)
	checkPacked(t, module(seg{10, "a"}, seg{0, "b"}, seg{5, "c"}, seg{11, "d"}), 100, 3) // "b" and "c" merge: "a" lies beyond their gap
}

func TestPackRefusesWhatItCannotKeep(t *testing.T) {
	dataCount := append(append([]byte(nil), magic...), sectionDataCount, 1, 0)
	passive := append(append([]byte(nil), magic...), sectionData, 4, 1, 1, 1, 'x')
	global := append(append([]byte(nil), magic...), sectionData, 6, 1, 0, 0x23, 0, 0x0b, 0)
	otherMemory := append(append([]byte(nil), magic...), sectionData, 7, 1, 2, 1, 0x41, 0, 0x0b, 0)
	truncated := module(seg{0, "abc"})
	truncated = truncated[:len(truncated)-1]
	for name, c := range map[string]struct {
		m    []byte
		want string
	}{
		"not wasm":     {[]byte("\x00asm\x02\x00\x00\x00"), "not a WebAssembly binary"},
		"data count":   {dataCount, "data count section"},
		"passive":      {passive, "passive segment"},
		"global":       {global, "not an i32.const"},
		"other memory": {otherMemory, "memory 1"},
		"truncated":    {truncated, "past the module's end"},
	} {
		_, _, _, err := Pack(c.m, 8)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v; want one saying %q", name, err, c.want)
		}
	}
}

// TestPackGoProgram packs a program Go's linker wrote for the browser:
// thousands of segments become a few, the memory image and the code stay.
func TestPackGoProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program for js/wasm")
	}
	if runtime.GOOS == "js" {
		t.Skip("runs the go command, which a program under js/wasm cannot start")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "main.go")
	os.WriteFile(src, []byte("package main\n\nimport (\"fmt\"; \"strings\")\n\nfunc main() { fmt.Println(strings.Repeat(\"unitfree \", 3)) }\n"), 0o644)
	out := filepath.Join(dir, "hello.wasm")
	cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", out, src)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, msg)
	}
	m, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	packed, before, after, err := Pack(m, 1024)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d segments -> %d, %d -> %d bytes", before, after, len(m), len(packed))
	if before < 1000 || after > 64 {
		t.Errorf("%d segments -> %d; want thousands -> a few", before, after)
	}
	checkPacked(t, m, 1024, after)
}

func FuzzPack(f *testing.F) {
	f.Add(module(seg{0, "ab"}, seg{4, "cd"}, seg{20, "far"}), 3)
	f.Add(module(seg{12, "XYZ"}, seg{0, "a"}, seg{20, "b"}), 100)
	f.Add(module(seg{-1, "x"}, seg{0, "y"}), 8)
	f.Fuzz(func(t *testing.T, m []byte, maxGap int) {
		if maxGap < 0 || maxGap > 1<<16 {
			return
		}
		if _, _, _, err := Pack(m, maxGap); err != nil {
			return // refused, without a panic
		}
		if len(m) > 1<<16 {
			return
		}
		checkPacked(t, m, maxGap, -1)
	})
}
