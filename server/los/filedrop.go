package los

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// FileDrop writes each file to Dir, for the loan system (or a person) to
// pick up: the default System. The file holds SSNs and birth dates, so it
// is sealed like every other file the server keeps at rest: with Sealer,
// the drop holds <loan>-<time>-<random>.xml.sealed, the XML sealed with the
// keyring (ENCRYPTION_KEYS) and its name as associated data, which
// OpenDropped (and `heloc export open`) turns back into the XML. The folder
// is the server's user's alone (0700), and each file is written whole (a
// temporary name, then a rename), so a pick-up never sees half a file.
type FileDrop struct {
	Dir string
	// Sealer seals each file. Without it the file is written in clear, as
	// <loan>-<time>-<random>.xml: only tests do that, cmd/heloc always
	// gives the keyring.
	Sealer Sealer
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// Sealer seals a file for the drop: crypt.Keyring.
type Sealer interface {
	Seal(plaintext, aad []byte) (string, error)
}

// Opener opens what a Sealer sealed: crypt.Keyring.
type Opener interface {
	Open(sealed string, aad []byte) ([]byte, error)
}

// SealedSuffix ends the name of every sealed file in the drop.
const SealedSuffix = ".sealed"

// loanIDPattern keeps a loan id from naming a path outside Dir.
var loanIDPattern = regexp.MustCompile(`^[0-9A-Za-z-]{1,64}$`)

// Name says what receives the files.
func (f *FileDrop) Name() string { return "file drop" }

// Send writes xml to the folder, sealed when f has a Sealer; the receipt is
// the file's name.
func (f *FileDrop) Send(ctx context.Context, loanID string, xml []byte) (Receipt, error) {
	if !loanIDPattern.MatchString(loanID) {
		return Receipt{}, fmt.Errorf("los: file drop: not a loan id: %q", loanID)
	}
	if err := ctx.Err(); err != nil {
		return Receipt{}, err
	}
	if err := os.MkdirAll(f.Dir, 0o700); err != nil {
		return Receipt{}, fmt.Errorf("los: file drop: %w", err)
	}
	now := time.Now
	if f.Now != nil {
		now = f.Now
	}
	suffix := make([]byte, 4)
	rand.Read(suffix)
	name := fmt.Sprintf("%s-%s-%s.xml", loanID, now().UTC().Format("20060102T150405Z"), hex.EncodeToString(suffix))
	content := xml
	if f.Sealer != nil {
		// The name (the loan's id among it) is authenticated, so a file
		// renamed to stand for another loan's does not open.
		sealed, err := f.Sealer.Seal(xml, []byte(name))
		if err != nil {
			return Receipt{}, fmt.Errorf("los: file drop: %w", err)
		}
		content, name = []byte(sealed+"\n"), name+SealedSuffix
	}
	tmp, err := os.CreateTemp(f.Dir, ".sending-*")
	if err != nil {
		return Receipt{}, fmt.Errorf("los: file drop: %w", err)
	}
	defer os.Remove(tmp.Name()) // gone after the rename; removes a failed write
	if _, err := tmp.Write(content); err != nil {
		tmp.Close()
		return Receipt{}, fmt.Errorf("los: file drop: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return Receipt{}, fmt.Errorf("los: file drop: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return Receipt{}, fmt.Errorf("los: file drop: %w", err)
	}
	if err := os.Rename(tmp.Name(), filepath.Join(f.Dir, name)); err != nil {
		return Receipt{}, fmt.Errorf("los: file drop: %w", err)
	}
	return Receipt{ID: name}, nil
}

// OpenDropped returns the MISMO XML of a sealed file of the drop: name is
// the file's name (<loan>-<time>-<random>.xml.sealed, without its folder),
// sealed its contents. A file renamed, altered, or sealed under a key the
// keyring does not hold is refused; the errors name no key and no content.
func OpenDropped(keys Opener, name string, sealed []byte) ([]byte, error) {
	xmlName, ok := strings.CutSuffix(name, SealedSuffix)
	if !ok || !strings.HasSuffix(xmlName, ".xml") {
		return nil, fmt.Errorf("los: %q is not a sealed file of the drop (<loan>-<time>-<random>.xml%s)", name, SealedSuffix)
	}
	xml, err := keys.Open(strings.TrimSpace(string(sealed)), []byte(xmlName))
	if err != nil {
		return nil, fmt.Errorf("los: open %s (renamed, altered, or sealed under a key ENCRYPTION_KEYS does not hold): %w", name, err)
	}
	return xml, nil
}
