package los

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"time"
)

// FileDrop writes each file to Dir as <loan>-<time>-<random>.xml, for the
// loan system (or a person) to pick up: the default System. The file holds
// SSNs and birth dates, so the folder is the server's user's alone (0700)
// and each file is written whole (a temporary name, then a rename), so a
// pick-up never sees half a file.
type FileDrop struct {
	Dir string
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// loanIDPattern keeps a loan id from naming a path outside Dir.
var loanIDPattern = regexp.MustCompile(`^[0-9A-Za-z-]{1,64}$`)

// Name says what receives the files.
func (f *FileDrop) Name() string { return "file drop" }

// Send writes xml to the folder; the receipt is the file's name.
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
	tmp, err := os.CreateTemp(f.Dir, ".sending-*")
	if err != nil {
		return Receipt{}, fmt.Errorf("los: file drop: %w", err)
	}
	defer os.Remove(tmp.Name()) // gone after the rename; removes a failed write
	if _, err := tmp.Write(xml); err != nil {
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
