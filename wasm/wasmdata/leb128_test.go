package wasmdata

import (
	"math"
	"testing"
)

func TestLEB128RoundTrips(t *testing.T) {
	for _, v := range []int32{0, 1, 63, 64, -1, -64, -65, 8191, -8192, math.MaxInt32, math.MinInt32} {
		b := appendSleb(nil, v)
		got, next, err := sleb(b, 0)
		if err != nil || got != v || next != len(b) {
			t.Errorf("signed %d: encoded %x, read %d (%d of %d bytes, %v)", v, b, got, next, len(b), err)
		}
	}
	for _, v := range []uint32{0, 1, 127, 128, 16383, 16384, math.MaxUint32} {
		b := appendUleb(nil, v)
		got, next, err := uleb(b, 0)
		if err != nil || got != v || next != len(b) {
			t.Errorf("unsigned %d: encoded %x, read %d (%d of %d bytes, %v)", v, b, got, next, len(b), err)
		}
	}
}

func TestLEB128RefusesWhatIsNotA32BitNumber(t *testing.T) {
	for name, b := range map[string][]byte{
		"empty":           nil,
		"unended":         {0x80, 0x80},
		"six bytes":       {0x80, 0x80, 0x80, 0x80, 0x80, 0x00},
		"over int32 up":   {0xff, 0xff, 0xff, 0xff, 0x0f},
		"over int32 down": {0x80, 0x80, 0x80, 0x80, 0x70},
	} {
		if _, _, err := sleb(b, 0); err == nil {
			t.Errorf("signed, %s (%x): no error", name, b)
		}
	}
	if _, _, err := uleb([]byte{0xff, 0xff, 0xff, 0xff, 0x1f}, 0); err == nil {
		t.Error("unsigned over 32 bits: no error")
	}
}
