package crypt_test

import (
	"bytes"
	"crypto/rand"
	"errors"
	"io"
	"testing"

	"github.com/heloc/heloc/server/crypt"
)

// sealStream seals plain as a stream, written in pieces of size step.
func sealStream(t *testing.T, k *crypt.Keyring, plain, aad []byte, step int) []byte {
	t.Helper()
	var out bytes.Buffer
	w, err := k.SealStream(&out, aad)
	if err != nil {
		t.Fatal(err)
	}
	for p := plain; len(p) > 0; {
		n := min(step, len(p))
		if _, err := w.Write(p[:n]); err != nil {
			t.Fatal(err)
		}
		p = p[n:]
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func openStream(k *crypt.Keyring, sealed, aad []byte) ([]byte, error) {
	r, err := k.OpenStream(bytes.NewReader(sealed), aad, 1<<30)
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

func TestStream_RoundTrip(t *testing.T) {
	k := MustKeyring(t, "k1", map[string][]byte{"k1": key(1)})
	c := crypt.StreamChunk
	for _, size := range []int{0, 1, c - 1, c, c + 1, 3*c + 17} {
		plain := make([]byte, size)
		rand.Read(plain)
		for _, step := range []int{1 << 20, 4096, 7} {
			if size > 1<<16 && step == 7 {
				continue
			}
			sealed := sealStream(t, k, plain, []byte("doc:1"), step)
			if bytes.Contains(sealed, plain[:min(size, 64)]) && size >= 16 {
				t.Fatalf("size %d: the sealed stream holds the plaintext", size)
			}
			got, err := openStream(k, sealed, []byte("doc:1"))
			if err != nil || !bytes.Equal(got, plain) {
				t.Fatalf("size %d step %d: got %d bytes, %v; want the %d bytes sealed", size, step, len(got), err, size)
			}
		}
	}
}

func TestStream_Refuses(t *testing.T) {
	k := MustKeyring(t, "k1", map[string][]byte{"k1": key(1)})
	c := crypt.StreamChunk
	plain := bytes.Repeat([]byte("statement "), (3*c)/10)
	sealed := sealStream(t, k, plain, []byte("doc:1"), 1<<20)
	header := len("v2.k1\n") + 32
	chunk := c + 16
	cases := map[string][]byte{
		"another record's aad":    nil,
		"a flipped byte":          append([]byte(nil), sealed...),
		"cut at a chunk boundary": append([]byte(nil), sealed[:header+2*chunk]...),
		"cut inside a chunk":      append([]byte(nil), sealed[:len(sealed)-5]...),
		"two chunks swapped": append(append(append(append([]byte(nil), sealed[:header]...),
			sealed[header+chunk:header+2*chunk]...), sealed[header:header+chunk]...), sealed[header+2*chunk:]...),
		"a chunk repeated": append(append([]byte(nil), sealed[:header+chunk]...), sealed[header:]...),
	}
	cases["a flipped byte"][header+chunk+10] ^= 1
	cases["an altered salt"] = append([]byte(nil), sealed...)
	cases["an altered salt"][header-1] ^= 1
	for name, bad := range cases {
		aad := []byte("doc:1")
		if bad == nil {
			bad, aad = sealed, []byte("doc:2")
		}
		got, err := openStream(k, bad, aad)
		if !errors.Is(err, crypt.ErrOpen) {
			t.Errorf("%s: got %d bytes and %v, want ErrOpen", name, len(got), err)
		}
	}
	other := MustKeyring(t, "k2", map[string][]byte{"k2": key(2)})
	if _, err := openStream(other, sealed, []byte("doc:1")); !errors.Is(err, crypt.ErrUnknownKey) {
		t.Errorf("another keyring: got %v, want ErrUnknownKey", err)
	}
	for _, junk := range [][]byte{nil, []byte("v2"), []byte("v3.k1\nabcdefg"), []byte("v2.k 1\nabcdefg"), bytes.Repeat([]byte("x"), 200)} {
		if _, err := openStream(k, junk, nil); !errors.Is(err, crypt.ErrMalformed) {
			t.Errorf("%q: got %v, want ErrMalformed", junk, err)
		}
	}
}

// A document sealed whole before streams (Seal's text) still opens.
func TestStream_OpensWholeValues(t *testing.T) {
	k := MustKeyring(t, "k1", map[string][]byte{"k1": key(1)})
	sealed, err := k.Seal([]byte("%PDF-1.7 old upload"), []byte("doc:1"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := openStream(k, []byte(sealed), []byte("doc:1"))
	if err != nil || string(got) != "%PDF-1.7 old upload" {
		t.Fatalf("got %q, %v", got, err)
	}
	if r, err := k.OpenStream(bytes.NewReader([]byte(sealed)), []byte("doc:1"), 10); err == nil {
		b, _ := io.ReadAll(r)
		t.Fatalf("a whole value past max opened: %q", b)
	}
}
