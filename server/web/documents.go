package web

import (
	"bytes"
	"context"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"regexp"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/loans"
)

// The documents a borrower uploads: POST /api/documents (multipart, one
// file), GET /api/documents/<id> (the file back, to its owner), and the
// tRPC procedures documents.list and documents.remove. The loan service
// decides who may do what; this file translates the wire. A file's name and
// bytes are never logged.

// uploadPath is the one route whose body may exceed Config.BodyLimit, and
// the one read as it arrives (bodies.go).
const uploadPath = "/api/documents"

// uploadOverhead is what a multipart body carries besides the file: the
// boundaries, the part headers and the small fields.
const uploadOverhead = 64 << 10

// Uploads per applicant per window: a borrower with a coborrower may need
// a few dozen files, retried now and then.
const (
	uploadWindow = 15 * time.Minute
	uploadLimit  = 120
)

// DefaultUploadConcurrency is how many uploads are read at once when
// UPLOAD_CONCURRENCY does not say. Each holds a few hundred KiB here while
// it streams (more in an S3 client's part buffers), and its disk and
// network while it lasts.
const DefaultUploadConcurrency = 8

// uploadWait is how long an upload waits for a free slot before it is
// told to try again; uploadsPerApplicant is how many of the slots one
// applicant may hold at once (the upload page sends one file at a time;
// several picked at once go two by two at most).
const (
	uploadWait          = 2 * time.Second
	uploadsPerApplicant = 2
)

// uploadStoreTimeout bounds the sealing and storing of one file once it
// has arrived, so a blob store that stalls cannot hold a slot for ever.
const uploadStoreTimeout = 2 * time.Minute

// documentRoutes registers the document routes; registered before the
// catch-all /api/* answer.
func (s *Server) documentRoutes() {
	s.app.Post(uploadPath, s.handleUpload)
	s.app.Get(uploadPath+"/:id", s.handleDownload)
}

// handleUpload is POST /api/documents: the guards of a mutation (same
// origin, the human check), the applicant's session, a free upload slot,
// then one file with its type, party and side, answered like a tRPC
// mutation. Nothing of the body is read before the guards pass; the file is
// sealed into the blob store as it arrives.
func (s *Server) handleUpload(c fiber.Ctx) error {
	c.Set(fiber.HeaderCacheControl, "no-store")
	view, err := s.upload(c)
	if err != nil {
		s.discardBody(c)
		return err
	}
	s.finishBody(c)
	if s.checkAnswer != nil {
		// The upload answers what documents.list answers (#DocumentsView).
		s.checkAnswer("documents.list", view)
	}
	return c.JSON(trpcResult{Result: &trpcData{Data: view}})
}

func (s *Server) upload(c fiber.Ctx) (*loans.DocumentsView, error) {
	if err := s.guardUpload(c); err != nil {
		return nil, err
	}
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	if ok, retry := s.limiter.Allow("documents.upload|applicant|"+a.ID, uploadLimit, uploadWindow); !ok {
		return nil, &domain.Error{Code: domain.ETOOMANY, RetryAfter: retry, Message: "Too many uploads. Wait a few minutes and try again."}
	}
	if !s.uploads.take(a.ID, uploadWait) {
		return nil, &domain.Error{Code: domain.ETOOMANY, RetryAfter: 5 * time.Second,
			Message: "Many files are being uploaded right now. Try again in a few seconds."}
	}
	defer s.uploads.give(a.ID)
	ctx, cancel := context.WithTimeout(c.Context(), uploadStoreTimeout)
	defer cancel()
	return s.readUpload(c, func(in loans.UploadInput) (*loans.DocumentsView, error) {
		return s.loans.Upload(ctx, a, in)
	})
}

// guardUpload is the tRPC mutation guard (trpc.go) for a multipart body.
func (s *Server) guardUpload(c fiber.Ctx) error {
	if c.Get("X-Same-Origin") != "1" {
		return domain.Errorf(domain.EFORBIDDEN, "This API answers only the product's own pages.")
	}
	if !s.sameOrigin(c) {
		return domain.Errorf(domain.EFORBIDDEN, "The request came from another site.")
	}
	if mt, _, _ := mime.ParseMediaType(c.Get(fiber.HeaderContentType)); mt != fiber.MIMEMultipartForm {
		return domain.Errorf(domain.EINVALID, "Send the file as multipart/form-data.")
	}
	return s.humanCheck(c)
}

// maxUploadField caps the text fields of an upload (type, party, side).
const maxUploadField = 64

// readUpload reads the multipart body as it arrives: the fields type,
// party, side and conditionId, then the file, which must be the last part
// (the upload page sends it last). The file is handed to store as a
// stream, never read whole here. What comes before the file is held to
// uploadOverhead, so no part's headers can take the server's memory.
func (s *Server) readUpload(c fiber.Ctx, store func(loans.UploadInput) (*loans.DocumentsView, error)) (*loans.DocumentsView, error) {
	var in loans.UploadInput
	_, params, err := mime.ParseMediaType(c.Get(fiber.HeaderContentType))
	if err != nil || params["boundary"] == "" {
		return nil, domain.Errorf(domain.EPARSE, "The upload could not be read.")
	}
	limit := s.loans.UploadLimit()
	if c.Request().Header.ContentLength() > int(limit)+uploadOverhead {
		return nil, loans.FileTooLarge(limit)
	}
	var stream io.Reader = c.Request().BodyStream()
	if stream == nil {
		stream = bytes.NewReader(c.Request().Body())
	}
	body := &budgetReader{r: stream, left: uploadOverhead}
	r := multipart.NewReader(body, params["boundary"])
	unreadable := domain.Errorf(domain.EPARSE, "The upload could not be read.")
	for {
		part, err := r.NextPart()
		if errors.Is(err, io.EOF) {
			return nil, domain.InvalidField("file", "Choose a file to upload.")
		}
		if errors.Is(err, errOverBudget) {
			return nil, loans.FileTooLarge(limit)
		}
		if err != nil {
			return nil, unreadable
		}
		name := part.FormName()
		switch name {
		case "type", "party", "side", "conditionId":
			v, err := io.ReadAll(io.LimitReader(part, maxUploadField+1))
			if err != nil || len(v) > maxUploadField {
				return nil, domain.InvalidField(name, "This value is not one the form offers.")
			}
			switch name {
			case "type":
				in.Type = string(v)
			case "party":
				in.Party = string(v)
			case "side":
				in.Side = string(v)
			case "conditionId":
				in.ConditionID = string(v)
			}
		case "file":
			in.FileName = part.FileName()
			// The file may use the upload limit, and one byte more so that
			// a larger one is told apart.
			body.left += limit + 1
			in.Body = &lastPart{part: part, r: r, limit: limit}
			return store(in)
		}
		part.Close()
	}
}

// budgetReader reads at most left bytes more of r; past them it fails, so
// a multipart body's headers and fields cannot grow without bound.
type budgetReader struct {
	r    io.Reader
	left int64
}

var errOverBudget = errors.New("web: upload body over its budget")

func (b *budgetReader) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, errOverBudget
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.r.Read(p)
	b.left -= int64(n)
	return n, err
}

// lastPart is the file part, read by the loan service: at its end, the
// multipart body must end too (another part after the file, a field sent
// late, is refused rather than ignored), and a file past the upload limit
// is a field error, not a broken body.
type lastPart struct {
	part  *multipart.Part
	r     *multipart.Reader
	limit int64
}

func (l *lastPart) Read(p []byte) (int, error) {
	n, err := l.part.Read(p)
	switch {
	case errors.Is(err, errOverBudget):
		return n, loans.FileTooLarge(l.limit)
	case errors.Is(err, io.EOF):
		if _, next := l.r.NextPart(); !errors.Is(next, io.EOF) {
			return n, domain.InvalidField("file", "Send the file as the form's last field.")
		}
	case err != nil:
		return n, domain.Errorf(domain.EPARSE, "The upload could not be read.")
	}
	return n, err
}

// documentID is the shape of a document's id (#Id).
var documentID = regexp.MustCompile(`^[0-9a-f]{32}$`)

// handleDownload is GET /api/documents/<id>: the file, to the applicant
// whose loan it belongs to, or to a portal user whose role may read loans'
// documents (documents.read; without a session of the applicant's), as an
// attachment never shown inline. A portal user's read is logged with the
// document's and the user's ids.
func (s *Server) handleDownload(c fiber.Ctx) error {
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	id := c.Params("id")
	var d *loans.Download
	if a, err := s.applicant(c); err == nil {
		if !documentID.MatchString(id) {
			return domain.Errorf(domain.ENOTFOUND, "Document not found.")
		}
		if d, err = s.loans.Download(c.Context(), a, id); err != nil {
			return err
		}
	} else if _, serr := s.staffUser(c); serr == nil {
		return s.staffDownload(c, id) // portal.go: the loan's documents.read, audited
	} else {
		return err
	}
	return sendDocument(c, d)
}

// sendDocument sends a document as an attachment never shown inline, as
// it is opened (loans.Download); fasthttp closes the body once sent.
func sendDocument(c fiber.Ctx, d *loans.Download) error {
	c.Set(fiber.HeaderContentType, d.ContentType)
	c.Set(fiber.HeaderContentDisposition, mime.FormatMediaType("attachment", map[string]string{"filename": d.FileName}))
	// Another site may not embed it, even where a cookie would be sent.
	c.Set("Cross-Origin-Resource-Policy", "same-origin")
	return c.SendStream(d.Body, int(d.Size))
}

// documentsList is documents.list: the applicant's documents and what is
// still required.
func (s *Server) documentsList(c fiber.Ctx, _ []byte) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.loans.Documents(c.Context(), a)
}

type removeDocumentInput struct {
	ID string `json:"id"`
}

// documentsRemove is documents.remove: delete one of the applicant's
// documents before submission.
func (s *Server) documentsRemove(c fiber.Ctx, in removeDocumentInput) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.loans.Remove(c.Context(), a, in.ID)
}

// documentsComplete is documents.complete: Continue on the upload page,
// which moves the loan on once nothing is missing.
func (s *Server) documentsComplete(c fiber.Ctx, _ []byte) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.loans.CompleteDocuments(c.Context(), a)
}
