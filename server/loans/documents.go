package loans

import (
	"context"
	"errors"
	"io"
	"time"

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
//
// This file holds the storage documents need, what the pages are shown of
// them and their removal; documents_upload.go takes a file,
// documents_blobs.go keeps and opens its bytes, and
// documents_requirements.go asks the policy what is required.

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
	// Closed says a credit decision closed the application (a decline, a
	// withdrawal): the uploads are listed, and no other file is taken.
	Closed bool `json:"closed"`
	// MaxFileBytes is the largest file an upload may carry (UploadLimit).
	MaxFileBytes int64 `json:"maxFileBytes"`
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

// Documents is the applicant's documents and what is still required.
func (s *Service) Documents(ctx context.Context, applicant *domain.Applicant) (*DocumentsView, error) {
	loan, err := s.LoanOf(ctx, applicant)
	if err != nil {
		return nil, err
	}
	return s.documentsView(ctx, applicant, loan, false)
}

// Remove deletes one of the applicant's documents, with its blob, before
// submission. Another loan's document is not found.
func (s *Service) Remove(ctx context.Context, applicant *domain.Applicant, id string) (*DocumentsView, error) {
	loan, err := s.LoanOf(ctx, applicant)
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
	closed, err := s.isClosed(ctx, loan)
	if err != nil {
		return nil, err
	}
	v := &DocumentsView{Requirements: r, Uploads: make([]UploadedDocument, 0, len(docs)), ReadOnly: loan.ApplicationStatus == Submitted,
		Closed: closed, MaxFileBytes: s.UploadLimit()}
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

// storage is the document storage, or an error when none was given.
func (s *Service) storage() (*DocumentStorage, error) {
	if s.documents == nil || s.documents.Blobs == nil || s.documents.Sealer == nil || s.documents.Store == nil {
		return nil, errors.New("loans: no document storage (WithDocuments)")
	}
	return s.documents, nil
}
