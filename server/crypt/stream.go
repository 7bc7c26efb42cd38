package crypt

import (
	"bufio"
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// Streams: a file sealed as it is written and opened as it is read, so a
// document never sits whole in memory (issue 19). Seal's one-shot format
// would need the whole plaintext, then its base64 text, at once.
//
// The format is the STREAM construction (Hoang, Reyhanitabar, Rogaway and
// Vizár, "Online authenticated-encryption and its nonce-reuse
// misuse-resistance", 2015) over AES-256-GCM, with a key of its own for
// each stream, as Tink's streaming AEAD does:
//
//	"v2." keyid "\n"  salt (32 random bytes)  chunk 0  chunk 1 ... chunk n
//
// The stream's key is HKDF-SHA256 of the keyring key's stream key (itself
// HKDF of the key, so streams and one-shot values never share a key) with
// the salt. Each chunk is StreamChunk bytes of plaintext (the last one
// fewer, perhaps none) sealed with the nonce 0 (7 bytes) || counter (4
// bytes, big-endian) || last (1 byte: 1 on the final chunk, 0 before), and
// the caller's aad followed by the header and salt as associated data.
// A nonce is never used twice under one key: each key seals one stream,
// whose counters differ. So a chunk cannot be moved, dropped, repeated or
// taken from another stream, and a stream cut at a chunk boundary does not
// open: its new last chunk was not sealed as last.

// StreamChunk is the plaintext size of every chunk but the last.
const StreamChunk = 64 << 10

const (
	streamVersion = "v2"
	saltSize      = 32
	prefixSize    = 7 // the nonce's first bytes, zero: the key is the stream's own
	// maxStreamHeader bounds the header line a reader accepts: "v2.", a
	// key id of at most 64 characters, and the newline.
	maxStreamHeader = 3 + 64 + 1
	// streamKeyInfo and chunkKeyInfo name the two derivations.
	streamKeyInfo = "heloc crypt: stream key"
	chunkKeyInfo  = "heloc crypt: key of one stream"
)

// streamAEAD is the AEAD of one stream: its key derived from the keyring
// key's stream key and the stream's salt.
func streamAEAD(streamKey, salt []byte) (cipher.AEAD, error) {
	key, err := hkdf.Key(sha256.New, streamKey, salt, chunkKeyInfo, KeySize)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// SealStream returns a writer that seals what is written to it under the
// current key and writes the sealed stream to w. Close seals the last chunk;
// without it the stream does not open. aad binds the stream to its record
// as in Seal.
func (k *Keyring) SealStream(w io.Writer, aad []byte) (io.WriteCloser, error) {
	header := []byte(streamVersion + "." + k.current + "\n")
	salt := make([]byte, saltSize)
	if _, err := rand.Read(salt); err != nil {
		return nil, fmt.Errorf("crypt: salt: %w", err)
	}
	aead, err := streamAEAD(k.streamKeys[k.current], salt)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(header); err != nil {
		return nil, err
	}
	if _, err := w.Write(salt); err != nil {
		return nil, err
	}
	return &sealWriter{w: w, aead: aead, prefix: make([]byte, prefixSize), ad: streamAD(aad, header, salt),
		buf: make([]byte, 0, StreamChunk), out: make([]byte, 0, StreamChunk+aead.Overhead())}, nil
}

// streamAD is a chunk's associated data: the caller's aad, then the header
// and the salt, so the key id and salt are authenticated too.
func streamAD(aad, header, prefix []byte) []byte {
	ad := make([]byte, 0, len(aad)+len(header)+len(prefix))
	return append(append(append(ad, aad...), header...), prefix...)
}

// nonceFor is chunk i's nonce.
func nonceFor(prefix []byte, i uint32, last bool) []byte {
	nonce := make([]byte, 0, prefixSize+5)
	nonce = append(nonce, prefix...)
	nonce = binary.BigEndian.AppendUint32(nonce, i)
	if last {
		return append(nonce, 1)
	}
	return append(nonce, 0)
}

type sealWriter struct {
	w      io.Writer
	aead   cipher.AEAD
	prefix []byte
	ad     []byte
	// buf holds the plaintext of the chunk being filled. A full chunk is
	// sealed only when more plaintext arrives, since until then it may be
	// the last.
	buf     []byte
	out     []byte
	counter uint32
	err     error
	closed  bool
}

func (s *sealWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	if s.closed {
		return 0, errors.New("crypt: write to a closed stream")
	}
	n := 0
	for len(p) > 0 {
		if len(s.buf) == StreamChunk {
			if err := s.seal(false); err != nil {
				return n, err
			}
		}
		m := copy(s.buf[len(s.buf):StreamChunk], p)
		s.buf = s.buf[:len(s.buf)+m]
		p = p[m:]
		n += m
	}
	return n, nil
}

func (s *sealWriter) seal(last bool) error {
	if s.counter == ^uint32(0) {
		s.err = errors.New("crypt: stream too long")
		return s.err
	}
	s.out = s.aead.Seal(s.out[:0], nonceFor(s.prefix, s.counter, last), s.buf, s.ad)
	s.counter++
	s.buf = s.buf[:0]
	if _, err := s.w.Write(s.out); err != nil {
		s.err = err
		return err
	}
	return nil
}

// Close seals the last chunk. It does not close the underlying writer.
func (s *sealWriter) Close() error {
	if s.err != nil {
		return s.err
	}
	if s.closed {
		return nil
	}
	s.closed = true
	return s.seal(true)
}

// OpenStream returns a reader of the plaintext of a stream sealed by
// SealStream, under any key of the keyring, given the same aad. A chunk
// that does not open, or a stream cut short, is an ErrOpen from Read, after
// the chunks before it were read: a caller that must not act on part of a
// file reads to io.EOF before acting. A value sealed by Seal (a document
// stored before streams) is read whole, at most max bytes of it, and opened
// at once.
func (k *Keyring) OpenStream(r io.Reader, aad []byte, max int64) (io.Reader, error) {
	br := bufio.NewReaderSize(r, StreamChunk+64)
	head, err := br.Peek(3)
	if err != nil {
		return nil, ErrMalformed
	}
	if string(head) == version+"." {
		sealed, err := io.ReadAll(io.LimitReader(br, max+1))
		if err != nil {
			return nil, err
		}
		if int64(len(sealed)) > max {
			return nil, ErrMalformed
		}
		plain, err := k.Open(string(sealed), aad)
		if err != nil {
			return nil, err
		}
		return bytes.NewReader(plain), nil
	}
	line, err := br.Peek(maxStreamHeader)
	if i := bytes.IndexByte(line, '\n'); i > 0 {
		line = line[:i+1]
	} else {
		return nil, ErrMalformed
	}
	v, id, ok := bytes.Cut(line[:len(line)-1], []byte("."))
	if !ok || string(v) != streamVersion || !keyIDPattern.Match(id) {
		return nil, ErrMalformed
	}
	streamKey, ok := k.streamKeys[string(id)]
	if !ok {
		return nil, fmt.Errorf("%w %q", ErrUnknownKey, id)
	}
	header := append([]byte(nil), line...)
	if _, err := br.Discard(len(header)); err != nil {
		return nil, ErrMalformed
	}
	salt := make([]byte, saltSize)
	if _, err := io.ReadFull(br, salt); err != nil {
		return nil, ErrMalformed
	}
	aead, err := streamAEAD(streamKey, salt)
	if err != nil {
		return nil, err
	}
	return &openReader{r: br, aead: aead, prefix: make([]byte, prefixSize), ad: streamAD(aad, header, salt),
		in: make([]byte, StreamChunk+aead.Overhead())}, nil
}

type openReader struct {
	r       *bufio.Reader
	aead    cipher.AEAD
	prefix  []byte
	ad      []byte
	in      []byte
	plain   []byte // opened and not yet read
	counter uint32
	done    bool
	err     error
}

func (o *openReader) Read(p []byte) (int, error) {
	for len(o.plain) == 0 {
		if o.err != nil {
			return 0, o.err
		}
		if o.done {
			return 0, io.EOF
		}
		o.next()
	}
	n := copy(p, o.plain)
	o.plain = o.plain[n:]
	return n, nil
}

// next opens the next chunk: a full one followed by more bytes is not the
// last; anything else is.
func (o *openReader) next() {
	n, err := io.ReadFull(o.r, o.in)
	last := false
	switch {
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		last = true
	case err != nil:
		o.err = err
		return
	default:
		if _, perr := o.r.Peek(1); perr == io.EOF {
			last = true
		} else if perr != nil {
			o.err = perr
			return
		}
	}
	plain, oerr := o.aead.Open(o.in[:0], nonceFor(o.prefix, o.counter, last), o.in[:n], o.ad)
	if oerr != nil {
		o.err = ErrOpen
		return
	}
	o.counter++
	o.plain = plain
	o.done = last
}
