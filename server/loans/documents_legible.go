package loans

import (
	"bytes"
	"fmt"
	"image"
	_ "image/jpeg" // image.DecodeConfig reads a JPEG's size
	_ "image/png"  // and a PNG's
	"regexp"

	"github.com/heloc/heloc/server/domain"
)

// What an uploaded file's own bytes tell about whether it can be the
// document asked for, checked as it streams in (issue 22 "Documents"):
// an image too small to read, and a PDF that is encrypted (a password to
// open it, or one that forbids copying and printing), which the loan team
// could not read or process. A lender's portal checks the same before a
// person looks; whether a page is blank or legible beyond its size would
// take an outside service.

// minImagePixels is the fewest pixels an image of a document may have on
// its shorter side: a card-sized ID scanned at 100 dots per inch has about
// 340; a page photographed by a phone has thousands. A thumbnail or a 1x1
// image is not a document.
const minImagePixels = 300

// imagePrefix is how much of an image is kept to read its size: a JPEG's
// size follows its metadata (EXIF, up to 64 KiB, and a thumbnail), so more
// than the sniffed head.
const imagePrefix = 256 << 10

// encryptKey is a PDF trailer's /Encrypt entry: an indirect reference or
// the dictionary itself. A PDF's own text is in compressed streams, so the
// key is not matched by chance.
var encryptKey = regexp.MustCompile(`/Encrypt\s*(\d+\s+\d+\s+R|<<)`)

// fileInspector watches a file as it is stored (io.Writer, for
// io.TeeReader) and then says what is wrong with it, if anything.
type fileInspector struct {
	contentType string
	prefix      []byte // an image's first imagePrefix bytes
	tail        []byte // a PDF's last bytes of the previous write
	encrypted   bool
}

func (f *fileInspector) Write(p []byte) (int, error) {
	switch f.contentType {
	case "image/jpeg", "image/png":
		if room := imagePrefix - len(f.prefix); room > 0 {
			f.prefix = append(f.prefix, p[:min(room, len(p))]...)
		}
	case "application/pdf":
		if !f.encrypted {
			// The key may straddle two writes: look at it with the end of
			// the previous one.
			window := append(f.tail, p...)
			f.encrypted = encryptKey.Match(window)
			f.tail = append(f.tail[:0], window[max(0, len(window)-64):]...)
		}
	}
	return len(p), nil
}

// problem is the refusal of a file that cannot be the document, at the
// file field, or nil.
func (f *fileInspector) problem() error {
	if f.encrypted {
		return domain.InvalidField("file", "This PDF is protected by a password or encryption, so we can't open it. Upload a copy without a password: print it to a new PDF, or scan the paper.")
	}
	if f.prefix != nil {
		// A size that cannot be read (a damaged header) is left to the
		// person who reviews the file.
		if c, _, err := image.DecodeConfig(bytes.NewReader(f.prefix)); err == nil && min(c.Width, c.Height) < minImagePixels {
			return domain.InvalidField("file", fmt.Sprintf("This image is only %d × %d pixels, too small to read. Upload a scan or a photo where the text can be read.", c.Width, c.Height))
		}
	}
	return nil
}
