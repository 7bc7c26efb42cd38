package loans

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gabriel-vasile/mimetype"

	"github.com/heloc/heloc/server/blobs"
	"github.com/heloc/heloc/server/domain"
)

// The documents a borrower uploads (the upload page, /app/upload and
// /app/bank-statement; spec §5 "Required documents", §9): who may add,
// read and remove them (the loan's applicant, and nothing added or removed
// after submission), what a file must be (a PDF, JPEG, PNG or HEIC/HEIF
// image by its bytes, not its name, within the upload limit), and how they
// are kept (sealed with the server's keyring, in the blob store under a
// random name, the file's name sealed in the database). Which documents are
// required and still missing is the documents policy's, counted from the
// documents stored here, not from anything the application record holds.

// DefaultUploadLimit is the largest file accepted when UPLOAD_LIMIT does not
// say: 10 MiB, room for a phone photo or a scanned statement.
const DefaultUploadLimit = 10 << 20

// DocumentStore is what documents need of the database (server/store).
type DocumentStore interface {
	AddDocument(ctx context.Context, d *domain.Document, check func(l *domain.Loan) error) error
	ListDocuments(ctx context.Context, loanID string) ([]*domain.Document, error)
	FindDocument(ctx context.Context, id string) (*domain.Document, error)
	RemoveDocument(ctx context.Context, loanID, id string, remove func(l *domain.Loan, d *domain.Document) error) error
	ReviewDocument(ctx context.Context, loanID, id, status, by, note string, check func(l *domain.Loan, d *domain.Document) error) (*domain.Document, error)
	ListConditions(ctx context.Context, loanID string) ([]*domain.Condition, error)
	CreateDecision(ctx context.Context, entrypoint, loanID string, input, result []byte, revision string) (string, error)
	LatestDecision(ctx context.Context, loanID, entrypoint string) (*domain.Decision, error)
}

// Sealer seals a document's bytes as they stream to the blob store, and
// opens them as they stream back (crypt.Keyring). OpenStream also reads a
// document sealed whole before streams, at most max bytes of it.
type Sealer interface {
	SealStream(w io.Writer, aad []byte) (io.WriteCloser, error)
	OpenStream(r io.Reader, aad []byte, max int64) (io.Reader, error)
}

// DocumentStorage is where documents go: their rows, their sealed bytes and
// the keyring that seals them, and the largest file accepted (0:
// DefaultUploadLimit).
type DocumentStorage struct {
	Store  DocumentStore
	Blobs  blobs.Store
	Sealer Sealer
	Limit  int64
}

// WithDocuments gives the service its document storage; without it the
// requirements are still shown (nothing uploaded), and an upload is refused.
func (s *Service) WithDocuments(d DocumentStorage) *Service {
	if d.Limit <= 0 {
		d.Limit = DefaultUploadLimit
	}
	s.documents = &d
	return s
}

// UploadLimit is the largest file an upload may carry, in bytes.
func (s *Service) UploadLimit() int64 {
	if s.documents == nil {
		return DefaultUploadLimit
	}
	return s.documents.Limit
}

// DocumentsView is what documents.list, documents.remove and POST
// /api/documents answer (schemas #DocumentsView).
type DocumentsView struct {
	Requirements *Requirements      `json:"requirements"`
	Uploads      []UploadedDocument `json:"uploads"`
	ReadOnly     bool               `json:"readOnly"`
}

// UploadedDocument is a stored document as its owner sees it.
type UploadedDocument struct {
	ID          string    `json:"id"`
	Type        string    `json:"type"`
	Party       string    `json:"party"`
	Side        *string   `json:"side"`
	FileName    string    `json:"fileName"`
	ContentType string    `json:"contentType"`
	Size        int64     `json:"size"`
	UploadedAt  time.Time `json:"uploadedAt"`
	// ConditionID is the underwriting condition the document answers (null for none).
	ConditionID *string `json:"conditionId"`
	// Review is what the loan team made of the file (schemas
	// #DocumentReview): pending, accepted, or rejected with their note.
	Review DocumentReviewView `json:"review"`
}

// DocumentReviewView is a document's review as shown: its status, the
// reviewer's note (null without one), when it was reviewed, and by whom
// (null for the borrower, who is told what, not who).
type DocumentReviewView struct {
	Status     string           `json:"status"`
	Note       *string          `json:"note"`
	ReviewedAt *time.Time       `json:"reviewedAt"`
	ReviewedBy *domain.StaffRef `json:"reviewedBy"`
	// Replaced is given for a rejected file (markReplaced): true once the
	// document it was uploaded for misses no file again, so the borrower
	// has nothing left to do about it; false while it asks for another.
	Replaced *bool `json:"replaced,omitempty"`
}

// Requirements is data.heloc.documents.requirements as the policy gives it
// (schemas #DocumentRequirements).
type Requirements struct {
	Borrower      PartyRequirements  `json:"borrower"`
	Coborrower    *PartyRequirements `json:"coborrower"`
	TotalRequired int                `json:"totalRequired"`
	TotalMissing  int                `json:"totalMissing"`
	Documents     RequiredDocuments  `json:"documents"`
}

// PartyRequirements are a person's counts by document type.
type PartyRequirements struct {
	Required map[string]int `json:"required"`
	Missing  map[string]int `json:"missing"`
}

// RequiredDocuments are what the upload page lists, per person, in display
// order; Coborrower is nil (null) without a coborrower.
type RequiredDocuments struct {
	Borrower   []RequiredDocument `json:"borrower"`
	Coborrower []RequiredDocument `json:"coborrower"`
}

// RequiredDocument is one document type asked of a person.
type RequiredDocument struct {
	Type          string            `json:"type"`
	Category      string            `json:"category"`
	Label         string            `json:"label"`
	Required      int               `json:"required"`
	Uploaded      int               `json:"uploaded"`
	Missing       int               `json:"missing"`
	CountsInTotal bool              `json:"countsInTotal"`
	Reasons       []DocumentReason  `json:"reasons"`
	Subtypes      []DocumentSubtype `json:"subtypes,omitempty"`
	Items         []string          `json:"items,omitempty"`
	// Condition is the underwriting condition the entry asks for (nil for
	// the documents the policy's own rules ask).
	Condition *DocumentCondition `json:"condition,omitempty"`
}

// DocumentCondition names the underwriting condition an entry of the
// upload page answers.
type DocumentCondition struct {
	ID   string `json:"id"`
	Code string `json:"code"`
}

// DocumentReason is why a type is asked: its code and its words.
type DocumentReason struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// DocumentSubtype is a kind of document that satisfies a type (an ID's
// kinds with the sides photographed, the papers that set alimony).
type DocumentSubtype struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Sides string `json:"sides,omitempty"`
}

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

// Download is a stored document, opened as it is read, for its owner. The
// caller closes Body.
type Download struct {
	FileName    string
	ContentType string
	Size        int64
	Body        io.ReadCloser
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

// Documents is the applicant's documents and what is still required.
func (s *Service) Documents(ctx context.Context, applicant *domain.Applicant) (*DocumentsView, error) {
	loan, err := s.loanOf(ctx, applicant)
	if err != nil {
		return nil, err
	}
	return s.documentsView(ctx, applicant, loan, false)
}

// Upload checks and keeps one file for the applicant's loan, then answers
// the documents as they now stand. Errors name the field at fault: type,
// party, side, file or conditionId. A document that answers an open
// underwriting condition is taken after submission too (the store checks
// that the condition is the loan's, open, and asks this person and type).
func (s *Service) Upload(ctx context.Context, applicant *domain.Applicant, in UploadInput) (*DocumentsView, error) {
	loan, err := s.loanOf(ctx, applicant)
	if err != nil {
		return nil, err
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
	if d.Size, err = s.storeBlob(ctx, ds, d, io.MultiReader(bytes.NewReader(head), in.Body)); err != nil {
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

// uploadPage is the application's page of required documents.
const uploadPage = "/app/application/upload"

// CompleteDocuments is Continue on the upload page: with nothing missing
// (data.heloc.documents.requirements' totalMissing is 0), the loan's status
// moves on to the step the page reaches, as a page's save does; otherwise a
// field error at documents says what is still missing, and nothing moves.
func (s *Service) CompleteDocuments(ctx context.Context, applicant *domain.Applicant) (*DocumentsView, error) {
	loan, err := s.loanOf(ctx, applicant)
	if err != nil {
		return nil, err
	}
	if err := writable(loan); err != nil {
		return nil, err
	}
	v, err := s.documentsView(ctx, applicant, loan, false)
	if err != nil {
		return nil, err
	}
	if r := v.Requirements; r.TotalMissing > 0 {
		return nil, fieldError("documents", missingWords(r))
	}
	if _, err := s.Change(ctx, applicant, uploadPage, func(*domain.Loan, *domain.Application) error { return nil }); err != nil {
		return nil, err
	}
	return v, nil
}

// missingWords says which documents are still missing, by label.
func missingWords(r *Requirements) string {
	var labels []string
	for _, list := range [][]RequiredDocument{r.Documents.Borrower, r.Documents.Coborrower} {
		for _, d := range list {
			if d.Missing > 0 && d.CountsInTotal && !slices.Contains(labels, d.Label) {
				labels = append(labels, d.Label)
			}
		}
	}
	what := "document is"
	if r.TotalMissing > 1 {
		what = "documents are"
	}
	msg := fmt.Sprintf("%d %s still missing", r.TotalMissing, what)
	if len(labels) > 0 {
		msg += ": " + strings.Join(labels, "; ")
	}
	return msg + ". Upload them to continue."
}

// Remove deletes one of the applicant's documents, with its blob, before
// submission. Another loan's document is not found.
func (s *Service) Remove(ctx context.Context, applicant *domain.Applicant, id string) (*DocumentsView, error) {
	loan, err := s.loanOf(ctx, applicant)
	if err != nil {
		return nil, err
	}
	if err := writable(loan); err != nil {
		return nil, err
	}
	ds, err := s.storage()
	if err != nil {
		return nil, err
	}
	err = ds.Store.RemoveDocument(ctx, loan.ID, id, func(l *domain.Loan, d *domain.Document) error {
		if err := writable(l); err != nil {
			return err
		}
		return ds.Blobs.Delete(ctx, d.BlobKey)
	})
	if err != nil {
		return nil, err
	}
	return s.documentsView(ctx, applicant, loan, false)
}

// Download is one of the applicant's documents, opened. Another loan's
// document is not found, so its existence is not told either.
func (s *Service) Download(ctx context.Context, applicant *domain.Applicant, id string) (*Download, error) {
	loan, err := s.loanOf(ctx, applicant)
	if err != nil {
		return nil, err
	}
	ds, err := s.storage()
	if err != nil {
		return nil, err
	}
	d, err := ds.Store.FindDocument(ctx, id)
	if err != nil {
		return nil, err
	}
	if d.LoanID != loan.ID {
		return nil, domain.Errorf(domain.ENOTFOUND, "Document not found.")
	}
	return s.open(ctx, d)
}

// StaffDownload is a document, opened, for a portal user whom the caller
// has allowed to read loans' documents (data.heloc.access.decision,
// documents.read).
func (s *Service) StaffDownload(ctx context.Context, id string) (*Download, error) {
	ds, err := s.storage()
	if err != nil {
		return nil, err
	}
	d, err := ds.Store.FindDocument(ctx, id)
	if err != nil {
		return nil, err
	}
	return s.open(ctx, d)
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
		return nil, fieldError("file", "Choose a file to upload.")
	case err != nil && !errors.Is(err, io.ErrUnexpectedEOF):
		return nil, err
	}
	return head[:n], nil
}

// storeBlob seals body into the blob store under d's key as it is read,
// and says how many bytes it held. A file past the upload limit, or a body
// that fails part way, abandons the blob: nothing is left under the key.
func (s *Service) storeBlob(ctx context.Context, ds *DocumentStorage, d *domain.Document, body io.Reader) (int64, error) {
	wctx, abandon := context.WithCancel(ctx)
	defer abandon()
	w, err := ds.Blobs.NewWriter(wctx, d.BlobKey)
	if err != nil {
		return 0, err
	}
	fail := func(err error) (int64, error) {
		abandon()
		_ = w.Close()
		return 0, err
	}
	sealed, err := ds.Sealer.SealStream(w, blobAAD(d))
	if err != nil {
		return fail(err)
	}
	limit := s.UploadLimit()
	n, err := io.Copy(sealed, io.LimitReader(body, limit+1))
	switch {
	case err != nil:
		return fail(err)
	case n > limit:
		return fail(FileTooLarge(limit))
	}
	if err := sealed.Close(); err != nil {
		return fail(err)
	}
	if err := w.Close(); err != nil {
		return 0, err
	}
	return n, nil
}

// open opens a document's blob, to be read as it is sent. The first chunk
// is opened here, so a blob that is missing, sealed under a retired key or
// altered fails before anything is sent.
func (s *Service) open(ctx context.Context, d *domain.Document) (*Download, error) {
	ds, err := s.storage()
	if err != nil {
		return nil, err
	}
	r, err := ds.Blobs.NewReader(ctx, d.BlobKey)
	if errors.Is(err, blobs.ErrNotFound) {
		return nil, fmt.Errorf("document %s: its blob is missing", d.ID)
	} else if err != nil {
		return nil, err
	}
	// A document sealed whole (before streams) is base64 text: a third
	// larger than the file, and a little more.
	body, err := ds.Sealer.OpenStream(r, blobAAD(d), d.Size*4/3+1024)
	if err != nil {
		r.Close()
		return nil, fmt.Errorf("document %s: %w", d.ID, err)
	}
	opened := bufio.NewReaderSize(body, 4096)
	if _, err := opened.Peek(1); err != nil && !errors.Is(err, io.EOF) {
		r.Close()
		return nil, fmt.Errorf("document %s: %w", d.ID, err)
	}
	return &Download{FileName: d.FileName, ContentType: d.ContentType, Size: d.Size,
		Body: struct {
			io.Reader
			io.Closer
		}{opened, r}}, nil
}

// UploadedSides counts the party's idDocument uploads by side ("front",
// "back"), for the identity check. An ID uploaded without a side counts as
// neither.
func (s *Service) UploadedSides(ctx context.Context, loanID, party string) (map[string]int, error) {
	out := map[string]int{"front": 0, "back": 0}
	if s.documents == nil {
		return out, nil
	}
	docs, err := s.documents.Store.ListDocuments(ctx, loanID)
	if err != nil {
		return nil, err
	}
	for _, d := range docs {
		if d.Type == "idDocument" && d.Party == party && d.Side != "" && d.Review.Status != domain.ReviewRejected {
			out[d.Side]++
		}
	}
	return out, nil
}

// Requirements is data.heloc.documents.requirements for the loan's
// application (app, the stored one or the one it starts from) with the
// documents stored for the loan, recorded in the decision log.
func (s *Service) Requirements(ctx context.Context, loan *domain.Loan, app *domain.Application) (*Requirements, error) {
	var docs []*domain.Document
	if s.documents != nil {
		var err error
		if docs, err = s.documents.Store.ListDocuments(ctx, loan.ID); err != nil {
			return nil, err
		}
	}
	return s.requirements(ctx, loan, app, docs)
}

// documentsView is the loan's documents and requirements; staff also see
// who reviewed each document.
func (s *Service) documentsView(ctx context.Context, applicant *domain.Applicant, loan *domain.Loan, staff bool) (*DocumentsView, error) {
	app, err := s.current(ctx, applicant, loan)
	if err != nil {
		return nil, err
	}
	var docs []*domain.Document
	if s.documents != nil {
		if docs, err = s.documents.Store.ListDocuments(ctx, loan.ID); err != nil {
			return nil, err
		}
	}
	r, err := s.requirements(ctx, loan, app, docs)
	if err != nil {
		return nil, err
	}
	v := &DocumentsView{Requirements: r, Uploads: make([]UploadedDocument, 0, len(docs)), ReadOnly: loan.ApplicationStatus == Submitted}
	for _, d := range docs {
		u := UploadedDocument{ID: d.ID, Type: d.Type, Party: d.Party, FileName: d.FileName, ContentType: d.ContentType, Size: d.Size, UploadedAt: d.UploadedAt,
			Review: reviewView(d.Review, staff)}
		if d.ConditionID != "" {
			id := d.ConditionID
			u.ConditionID = &id
		}
		if d.Side != "" {
			side := d.Side
			u.Side = &side
		}
		v.Uploads = append(v.Uploads, u)
	}
	markReplaced(v)
	return v, nil
}

// markReplaced says of each rejected upload whether it has been replaced,
// the one rule the borrower's pages follow (and the portal is told too):
// a rejected file asks for another while the document it was uploaded for
// (its condition's entry, else its person's entry of its type) still
// misses files, and is replaced once that document misses none, or is no
// longer asked. A rejected ID back also asks for another while fewer
// backs than fronts are kept, as replacesRejected takes one then.
func markReplaced(v *DocumentsView) {
	fronts, backs := map[string]int{}, map[string]int{}
	for _, u := range v.Uploads {
		if u.Type != "idDocument" || u.ConditionID != nil || u.Side == nil || u.Review.Status == domain.ReviewRejected {
			continue
		}
		switch *u.Side {
		case "front":
			fronts[u.Party]++
		case "back":
			backs[u.Party]++
		}
	}
	for i := range v.Uploads {
		u := &v.Uploads[i]
		if u.Review.Status != domain.ReviewRejected {
			continue
		}
		list := v.Requirements.Documents.Borrower
		if u.Party == "coborrower" {
			list = v.Requirements.Documents.Coborrower
		}
		var entry *RequiredDocument
		for j := range list {
			d := &list[j]
			if (u.ConditionID != nil && d.Condition != nil && d.Condition.ID == *u.ConditionID) ||
				(u.ConditionID == nil && d.Condition == nil && d.Type == u.Type) {
				entry = d
				break
			}
		}
		asks := entry != nil && entry.Missing > 0
		if entry != nil && u.ConditionID == nil && u.Type == "idDocument" && u.Side != nil && *u.Side == "back" && backs[u.Party] < fronts[u.Party] {
			asks = true
		}
		replaced := !asks
		u.Review.Replaced = &replaced
	}
}

// reviewView is a document's review as shown; the reviewer only to staff.
func reviewView(r domain.DocumentReview, staff bool) DocumentReviewView {
	v := DocumentReviewView{Status: r.Status, ReviewedAt: r.ReviewedAt}
	if v.Status == "" {
		v.Status = domain.ReviewPending
	}
	if r.Note != "" {
		note := r.Note
		v.Note = &note
	}
	if staff {
		v.ReviewedBy = r.ReviewedBy
	}
	return v
}

// checkUpload refuses an upload whose type, party or side does not fit the
// loan, or that carries no file or too large a one.
func (s *Service) checkUpload(loan *domain.Loan, in *UploadInput) error {
	var ignored string
	if in.Type == "" || s.schemas.Decode("DocumentType", mustJSON(in.Type), &ignored) != nil {
		return fieldError("type", "Choose what kind of document this is.")
	}
	switch in.Party {
	case "borrower":
	case "coborrower":
		if !hasCoborrower(loan) {
			return fieldError("party", "This application has no coborrower.")
		}
	default:
		return fieldError("party", "Say whose document this is: the borrower's or the coborrower's.")
	}
	switch {
	case in.Side != "" && in.Type != "idDocument":
		return fieldError("side", "Only an ID document has a front and a back.")
	case in.Side != "" && in.Side != "front" && in.Side != "back":
		return fieldError("side", "Say which side of the ID this is: the front or the back.")
	}
	if in.Body == nil {
		return fieldError("file", "Choose a file to upload.")
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
	return "", fieldError("file", "This file is not a PDF, JPEG, PNG or HEIC image. Upload a scan or a photo of the document.")
}

// storage is the document storage, or an error when none was given.
func (s *Service) storage() (*DocumentStorage, error) {
	if s.documents == nil || s.documents.Blobs == nil || s.documents.Sealer == nil || s.documents.Store == nil {
		return nil, errors.New("loans: no document storage (WithDocuments)")
	}
	return s.documents, nil
}

// blobAAD binds a document's sealed bytes to the document and its loan, so
// that a blob copied under another document's key does not open there.
func blobAAD(d *domain.Document) []byte {
	return []byte("documents.blob:" + d.ID + ":" + d.LoanID)
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

// ---------------------------------------------------------------------------
// The documents policy's input
// ---------------------------------------------------------------------------

// requirementsInput is data.heloc.documents.requirements' input (policy
// contract): today, the application as far as the policy reads it, and the
// exclusion flags. Only what the rules read is passed, so that the decision
// log, which keeps every input, holds no SSN, birth date, name or amount.
type requirementsInput struct {
	Today       string                  `json:"today"`
	Application requirementsApplication `json:"application"`
	Flags       map[string]bool         `json:"flags"`
}

type requirementsApplication struct {
	User        requirementsPerson   `json:"user"`
	Coborrower  *requirementsPerson  `json:"coborrower"`
	Uploads     []domain.Upload      `json:"uploads"`
	Property    requirementsProperty `json:"property"`
	Mortgages   []requirementsDebt   `json:"mortgages"`
	Liabilities []requirementsDebt   `json:"liabilities"`
	IsInTrust   bool                 `json:"isInTrust"`
	// Conditions are the loan's open document conditions; left out when
	// there are none, so the input of a loan without any stays as it was.
	Conditions []requirementsCondition `json:"conditions,omitempty"`
}

// requirementsCondition is an open document condition as the documents
// policy reads it: the catalogue's words and counts as set, no note.
type requirementsCondition struct {
	ID           string `json:"id"`
	Code         string `json:"code"`
	DocumentType string `json:"documentType"`
	Count        int    `json:"count"`
	Label        string `json:"label"`
	IsCoborrower bool   `json:"isCoborrower"`
}

// conditionsInput are the open document conditions of conds.
func conditionsInput(conds []*domain.Condition) []requirementsCondition {
	var out []requirementsCondition
	for _, c := range conds {
		if c.Kind != domain.ConditionDocument || c.Status != domain.ConditionOpen {
			continue
		}
		out = append(out, requirementsCondition{ID: c.ID, Code: c.Code, DocumentType: c.DocumentType, Count: max(c.DocumentCount, 1),
			Label: c.Label, IsCoborrower: c.Party == "coborrower"})
	}
	return out
}

type requirementsPerson struct {
	Employments                []requirementsJob    `json:"employments"`
	IncomeSources              []requirementsIncome `json:"incomeSources"`
	IdentityVerificationStatus *string              `json:"identityVerificationStatus,omitempty"`
}

type requirementsJob struct {
	StartDate             string  `json:"startDate"`
	EndDate               *string `json:"endDate"`
	SelfEmployedIndicator bool    `json:"selfEmployedIndicator"`
	DataSource            string  `json:"dataSource"`
	OwnershipInterestType *string `json:"ownershipInterestType,omitempty"`
	BusinessStructure     *string `json:"businessStructure,omitempty"`
}

type requirementsIncome struct {
	Type        string `json:"type"`
	RentalUnits *int64 `json:"rentalUnits,omitempty"`
}

type requirementsProperty struct {
	State *string `json:"state,omitempty"`
}

// requirementsDebt is a mortgage or liability: what makes it a solar lien
// (creditor, type), an omitted student loan (type, omitted) and whose
// (debtor).
type requirementsDebt struct {
	Creditor *string `json:"creditor,omitempty"`
	Type     *string `json:"type,omitempty"`
	Omitted  bool    `json:"omitted"`
	Debtor   *string `json:"debtor,omitempty"`
}

// exclusionFlags are the policy's flags (tables.exclusionFlags); nothing in
// the product sets them yet, so they are passed as false.
var exclusionFlags = map[string]bool{"excludeIdDocument": false, "excludeEducationalLoanStatement": false}

// newRequirementsInput builds the policy's input from the application and
// the stored documents: an upload is the coborrower's when its party is,
// and an ID's back is part of the same ID as its front, so it is not
// counted a second time; a rejected document is not counted at all.
func newRequirementsInput(today time.Time, loan *domain.Loan, app *domain.Application, docs []*domain.Document) requirementsInput {
	in := requirementsInput{Today: today.Format(time.DateOnly), Flags: exclusionFlags}
	a := &in.Application
	a.User = requirementsPersonOf(&app.User)
	if hasCoborrower(loan) {
		co := requirementsPerson{Employments: []requirementsJob{}, IncomeSources: []requirementsIncome{}}
		if app.Coborrower != nil {
			co = requirementsPersonOf(app.Coborrower)
		}
		a.Coborrower = &co
	}
	a.Uploads = []domain.Upload{}
	for _, d := range docs {
		// An ID's back is part of its front; a document the loan team
		// rejected counts for nothing, so the borrower is asked again.
		if (d.Type == "idDocument" && d.Side == "back") || d.Review.Status == domain.ReviewRejected {
			continue
		}
		a.Uploads = append(a.Uploads, domain.Upload{Type: d.Type, IsCoborrower: d.Party == "coborrower", ConditionID: d.ConditionID})
	}
	a.Property.State = app.Property.State
	a.Mortgages, a.Liabilities = debtsOf(app.Mortgages), debtsOf(app.Liabilities)
	a.IsInTrust = app.IsInTrust
	return in
}

func requirementsPersonOf(p *domain.Person) requirementsPerson {
	out := requirementsPerson{Employments: []requirementsJob{}, IncomeSources: []requirementsIncome{}, IdentityVerificationStatus: p.IdentityVerificationStatus}
	for _, e := range p.Employments {
		out.Employments = append(out.Employments, requirementsJob{StartDate: e.StartDate, EndDate: e.EndDate, SelfEmployedIndicator: e.SelfEmployedIndicator,
			DataSource: e.DataSource, OwnershipInterestType: e.OwnershipInterestType, BusinessStructure: e.BusinessStructure})
	}
	for _, i := range p.IncomeSources {
		out.IncomeSources = append(out.IncomeSources, requirementsIncome{Type: i.Type, RentalUnits: i.RentalUnits})
	}
	return out
}

func debtsOf(list []domain.Liability) []requirementsDebt {
	out := []requirementsDebt{}
	for _, l := range list {
		out = append(out, requirementsDebt{Creditor: l.Creditor, Type: l.Type, Omitted: l.Omitted, Debtor: l.Debtor})
	}
	return out
}

const requirementsEntrypoint = "heloc.documents.requirements"

// requirements decides the documents policy for the loan and records the
// decision (its input, result and revision), once per distinct decision.
func (s *Service) requirements(ctx context.Context, loan *domain.Loan, app *domain.Application, docs []*domain.Document) (*Requirements, error) {
	input := newRequirementsInput(s.now().UTC(), loan, app, docs)
	if s.documents != nil && s.documents.Store != nil {
		conds, err := s.documents.Store.ListConditions(ctx, loan.ID)
		if err != nil {
			return nil, err
		}
		input.Application.Conditions = conditionsInput(conds)
	}
	result, revision, err := s.policy.DecideAt(ctx, requirementsEntrypoint, input)
	if err != nil {
		return nil, err
	}
	var r Requirements
	if err := remarshal(result, &r); err != nil {
		return nil, err
	}
	if r.Documents.Borrower == nil {
		r.Documents.Borrower = []RequiredDocument{}
	}
	if err := s.recordRequirements(ctx, loan.ID, input, result, revision); err != nil {
		return nil, err
	}
	return &r, nil
}

// recordRequirements keeps the decision in the decision log unless the
// loan's latest one is the same (the page read again).
func (s *Service) recordRequirements(ctx context.Context, loanID string, input, result any, revision string) error {
	if s.documents == nil || s.documents.Store == nil {
		return nil
	}
	in, err := json.Marshal(input)
	if err != nil {
		return err
	}
	out, err := json.Marshal(result)
	if err != nil {
		return err
	}
	last, err := s.documents.Store.LatestDecision(ctx, loanID, requirementsEntrypoint)
	if err == nil && last.Revision == revision && bytes.Equal(last.Input, in) && bytes.Equal(last.Result, out) {
		return nil
	}
	_, err = s.documents.Store.CreateDecision(ctx, requirementsEntrypoint, loanID, in, out, revision)
	return err
}
