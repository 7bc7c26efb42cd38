package loans

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gabriel-vasile/mimetype"
	"github.com/heloc/heloc/server/blobs"
	"github.com/heloc/heloc/server/domain"
)

// Taking one uploaded file (documents.upload, POST /api/documents): who may
// still add which document (before submission, a replacement for a rejected
// file, or an answer to an open condition), what the file must be (checked
// by its bytes, not its name, within the upload limit), and the name it is
// kept under.

// UploadInput is one uploaded file and what it is: Type a document type of
// the documents policy, Party "borrower" or "coborrower", Side "front" or
// "back" for an ID document ("" for any other, or an ID scanned whole);
// ConditionID the underwriting condition it answers ("" for none). Body is
// the file as it arrives: Upload reads it once, sealing it into the blob
// store as it goes, so no file is ever held whole in memory; an error from
// Body (the connection dropped, the request was malformed after the file)
// refuses the upload and leaves nothing stored.
type UploadInput struct {
	Type, Party, Side, FileName string
	ConditionID                 string
	Body                        io.Reader
}

// accepted are the kinds of file a document may be, by their sniffed type,
// each with its file extensions, the first the one a stored file is named
// with.
var accepted = []struct {
	contentType string
	extensions  []string
}{
	{"application/pdf", []string{".pdf"}},
	{"image/jpeg", []string{".jpg", ".jpeg", ".jpe"}},
	{"image/png", []string{".png"}},
	{"image/heic", []string{".heic"}},
	{"image/heif", []string{".heif", ".heic"}},
}

// extensions are an accepted type's file extensions (nil for any other).
func extensions(contentType string) []string {
	for _, a := range accepted {
		if a.contentType == contentType {
			return a.extensions
		}
	}
	return nil
}

// Upload checks and keeps one file for the applicant's loan, then answers
// the documents as they now stand. Errors name the field at fault: type,
// party, side, file or conditionId. A document that answers an open
// underwriting condition is taken after submission too (the store checks
// that the condition is the loan's, open, and asks this person and type),
// unless a credit decision closed the application.
func (s *Service) Upload(ctx context.Context, applicant *domain.Applicant, in UploadInput) (*DocumentsView, error) {
	loan, err := s.LoanOf(ctx, applicant)
	if err != nil {
		return nil, err
	}
	if closed, err := s.isClosed(ctx, loan); err != nil {
		return nil, err
	} else if closed {
		return nil, domain.Errorf(domain.ECONFLICT, "Your application is closed, so no more documents are taken for it.")
	}
	check := writable
	if in.ConditionID != "" {
		check = nil
	} else if loan.ApplicationStatus == Submitted {
		ok, err := s.replacesRejected(ctx, applicant, loan, in)
		if err != nil {
			return nil, err
		}
		if ok {
			// A replacement is taken on the documents as they stood when
			// it was checked: every upload moves the loan's last activity,
			// so a loan changed since (another file sent at the same time)
			// refuses it, and of replacements sent at once only as many as
			// were missing are taken.
			seen := loan.UpdatedAt
			check = func(l *domain.Loan) error {
				if !l.UpdatedAt.Equal(seen) {
					return domain.Errorf(domain.ECONFLICT, "Your documents changed while this file was on its way. Reload the page to see what is still needed.")
				}
				return nil
			}
		}
	}
	if check != nil {
		if err := check(loan); err != nil {
			return nil, err
		}
	}
	if err := s.checkUpload(loan, &in); err != nil {
		return nil, err
	}
	ds, err := s.storage()
	if err != nil {
		return nil, err
	}
	head, err := readHead(in.Body)
	if err != nil {
		return nil, err
	}
	contentType, err := sniff(head)
	if err != nil {
		return nil, err
	}
	d := &domain.Document{ID: newDocumentID(), LoanID: loan.ID, Party: in.Party, Type: in.Type, Side: in.Side,
		FileName: storedFileName(in.FileName, contentType), ContentType: contentType, BlobKey: blobs.NewKey(),
		ConditionID: in.ConditionID}
	inspect := &fileInspector{contentType: contentType}
	// The file's fingerprint, for the store to refuse the same file
	// uploaded twice by this person.
	fingerprint := sha256.New()
	if d.Size, err = s.storeBlob(ctx, ds, d, io.TeeReader(io.MultiReader(bytes.NewReader(head), in.Body), io.MultiWriter(inspect, fingerprint))); err != nil {
		return nil, err
	}
	d.Fingerprint = hex.EncodeToString(fingerprint.Sum(nil))
	if err := inspect.problem(); err != nil {
		// Read whole and stored before its last bytes could be looked at:
		// the blob goes, and nothing refers to it.
		_ = ds.Blobs.Delete(context.WithoutCancel(ctx), d.BlobKey)
		return nil, err
	}
	if err := ds.Store.AddDocument(ctx, d, check); err != nil {
		// Nothing refers to the blob: it goes too. The row's error is the
		// one to answer.
		_ = ds.Blobs.Delete(context.WithoutCancel(ctx), d.BlobKey)
		return nil, err
	}
	return s.documentsView(ctx, applicant, loan, false)
}

// replacesRejected says whether the upload replaces a document the loan
// team rejected, which a submitted application still takes: the person has
// a rejected document of the type, and the type is missing again (for an
// ID, its back is taken while fewer backs than fronts are kept).
func (s *Service) replacesRejected(ctx context.Context, applicant *domain.Applicant, loan *domain.Loan, in UploadInput) (bool, error) {
	v, err := s.documentsView(ctx, applicant, loan, false)
	if err != nil {
		return false, err
	}
	rejected, fronts, backs := false, 0, 0
	for _, u := range v.Uploads {
		if u.Type != in.Type || u.Party != in.Party {
			continue
		}
		switch {
		case u.Review.Status == domain.ReviewRejected:
			rejected = true
		case u.Side != nil && *u.Side == "front":
			fronts++
		case u.Side != nil && *u.Side == "back":
			backs++
		}
	}
	if !rejected {
		return false, nil
	}
	if in.Type == "idDocument" && in.Side == "back" && backs < fronts {
		return true, nil
	}
	list := v.Requirements.Documents.Borrower
	if in.Party == "coborrower" {
		list = v.Requirements.Documents.Coborrower
	}
	for _, d := range list {
		if d.Type == in.Type && d.Condition == nil && d.Missing > 0 {
			return true, nil
		}
	}
	return false, nil
}

// sniffLength is how much of a file its type is told by: what mimetype
// reads by default.
const sniffLength = 3072

// readHead reads the start of a file, for sniff; an empty file is refused.
func readHead(body io.Reader) ([]byte, error) {
	head := make([]byte, sniffLength)
	n, err := io.ReadFull(body, head)
	switch {
	case errors.Is(err, io.EOF):
		return nil, domain.InvalidField("file", "Choose a file to upload.")
	case err != nil && !errors.Is(err, io.ErrUnexpectedEOF):
		return nil, err
	}
	return head[:n], nil
}

// checkUpload refuses an upload whose type, party or side does not fit the
// loan, or that carries no file or too large a one.
func (s *Service) checkUpload(loan *domain.Loan, in *UploadInput) error {
	var ignored string
	if in.Type == "" || s.schemas.Decode("DocumentType", mustJSON(in.Type), &ignored) != nil {
		return domain.InvalidField("type", "Choose what kind of document this is.")
	}
	switch in.Party {
	case "borrower":
	case "coborrower":
		if !hasCoborrower(loan) {
			return domain.InvalidField("party", "This application has no coborrower.")
		}
	default:
		return domain.InvalidField("party", "Say whose document this is: the borrower's or the coborrower's.")
	}
	switch {
	case in.Side != "" && in.Type != "idDocument":
		return domain.InvalidField("side", "Only an ID document has a front and a back.")
	case in.Side != "" && in.Side != "front" && in.Side != "back":
		return domain.InvalidField("side", "Say which side of the ID this is: the front or the back.")
	}
	if in.Body == nil {
		return domain.InvalidField("file", "Choose a file to upload.")
	}
	return nil
}

// FileTooLarge is the error of a file past limit bytes: PAYLOAD_TOO_LARGE
// (413), named at the file field, whether the request announced its size or
// the file was found too large as it arrived.
func FileTooLarge(limit int64) error {
	msg := fmt.Sprintf("The file is larger than %s. Upload a smaller file or a photo at a lower resolution.", sizeWords(limit))
	return &domain.Error{Code: domain.ETOOLARGE, Message: msg, Fields: []domain.FieldError{{Path: "file", Message: msg}}}
}

// sniff is the file's type by its bytes; only PDF, JPEG, PNG and HEIC/HEIF
// are accepted, whatever the file's name says.
func sniff(body []byte) (string, error) {
	m := mimetype.Detect(body)
	for _, a := range accepted {
		if m.Is(a.contentType) {
			return a.contentType, nil
		}
	}
	return "", domain.InvalidField("file", "This file is not a PDF, JPEG, PNG or HEIC image. Upload a scan or a photo of the document.")
}

// newDocumentID is a fresh document id (#Id: 32 hex digits).
func newDocumentID() string { return blobs.NewKey() }

// storedFileName is the name a file is kept and given back under: the
// client's name (cleanFileName) ending in the extension of the type its
// bytes were sniffed as. A PDF named invoice.html is kept as invoice.pdf,
// so that saved and opened it is a PDF, never a page that runs (issue 19);
// a name that already ends in one of the type's extensions keeps it.
func storedFileName(name, contentType string) string {
	name = cleanFileName(name, contentType)
	exts := extensions(contentType)
	if len(exts) == 0 {
		return name
	}
	ext := filepath.Ext(name)
	if slices.Contains(exts, strings.ToLower(ext)) {
		return name
	}
	base := strings.TrimSuffix(name, ext)
	if slices.Contains(exts, strings.ToLower(filepath.Ext(base))) {
		return base // x.pdf.hta: x.pdf
	}
	if base == "" || strings.Trim(base, ".") == "" {
		base = "document"
	}
	if r := []rune(base); len(r)+len(exts[0]) > 200 {
		base = string(r[:200-len(exts[0])])
	}
	return base + exts[0]
}

// cleanFileName keeps the last part of a file's name, without control
// characters, at most 200 characters; a name left empty is "document" with
// the extension of its type.
func cleanFileName(name, contentType string) string {
	name = strings.ReplaceAll(name, "\\", "/")
	name = filepath.Base("/" + name)
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == utf8.RuneError {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	if r := []rune(name); len(r) > 200 {
		name = string(r[len(r)-200:])
	}
	if name == "" || name == "/" || name == "." {
		name = "document"
		if exts := extensions(contentType); len(exts) > 0 {
			name += exts[0]
		}
	}
	return name
}

// sizeWords is a byte count in words: "10 MB".
func sizeWords(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}
