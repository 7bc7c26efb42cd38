package web

import (
	"bytes"
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

// uploadPath is the one route whose body may exceed Config.BodyLimit.
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

// documentRoutes registers the document routes; registered before the
// catch-all /api/* answer.
func (s *Server) documentRoutes() {
	s.app.Post(uploadPath, s.handleUpload)
	s.app.Get(uploadPath+"/:id", s.handleDownload)
}

// readLimit is the largest body the server reads at all: Config.BodyLimit,
// or an upload's when that is larger. limitBodies holds every other route to
// Config.BodyLimit.
func (s *Server) readLimit() int {
	return max(s.cfg.BodyLimit, int(s.loans.UploadLimit())+uploadOverhead)
}

// limitBodies refuses a body past Config.BodyLimit on every route but the
// upload, as Fiber would have had its limit not been raised for uploads
// (readLimit): 413 in the route's error shape.
func (s *Server) limitBodies(c fiber.Ctx) error {
	if c.Method() == fiber.MethodPost && c.Path() == uploadPath {
		return c.Next()
	}
	if c.Request().Header.ContentLength() > s.cfg.BodyLimit || len(c.Request().Body()) > s.cfg.BodyLimit {
		return domain.Errorf(domain.ETOOLARGE, "The request is too large.")
	}
	return c.Next()
}

// handleUpload is POST /api/documents: the guards of a mutation (same
// origin, the human check), the applicant's session, then one file with
// its type, party and side, answered like a tRPC mutation.
func (s *Server) handleUpload(c fiber.Ctx) error {
	c.Set(fiber.HeaderCacheControl, "no-store")
	if err := s.guardUpload(c); err != nil {
		return err
	}
	a, err := s.applicant(c)
	if err != nil {
		return err
	}
	if ok, retry := s.limiter.Allow("documents.upload|applicant|"+a.ID, uploadLimit, uploadWindow); !ok {
		return &domain.Error{Code: domain.ETOOMANY, RetryAfter: retry, Message: "Too many uploads. Wait a few minutes and try again."}
	}
	in, err := s.readUpload(c)
	if err != nil {
		return err
	}
	view, err := s.loans.Upload(c.Context(), a, in)
	if err != nil {
		return err
	}
	return c.JSON(trpcResult{Result: &trpcData{Data: view}})
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
	if enc := c.Get(fiber.HeaderContentEncoding); enc != "" && enc != "identity" {
		return domain.Errorf(domain.EINVALID, "Send the file without a content encoding.")
	}
	token := c.Get("X-Recaptcha-Token")
	if token == "" {
		return domain.Errorf(domain.EFORBIDDEN, "The human check is missing. Reload the page and try again.")
	}
	return s.botCheck.Verify(c.Context(), token, botAction, c.IP())
}

// maxUploadField caps the text fields of an upload (type, party, side).
const maxUploadField = 64

// readUpload reads the multipart body in memory (no part is spooled to
// disk): the fields type, party, side and conditionId, and the one file.
func (s *Server) readUpload(c fiber.Ctx) (loans.UploadInput, error) {
	var in loans.UploadInput
	_, params, err := mime.ParseMediaType(c.Get(fiber.HeaderContentType))
	if err != nil || params["boundary"] == "" {
		return in, domain.Errorf(domain.EPARSE, "The upload could not be read.")
	}
	body := c.Request().Body()
	if len(body) > int(s.loans.UploadLimit())+uploadOverhead {
		return in, loans.FileTooLarge(s.loans.UploadLimit())
	}
	r := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	files := 0
	for {
		part, err := r.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return in, domain.Errorf(domain.EPARSE, "The upload could not be read.")
		}
		name := part.FormName()
		switch name {
		case "type", "party", "side", "conditionId":
			v, err := io.ReadAll(io.LimitReader(part, maxUploadField+1))
			if err != nil || len(v) > maxUploadField {
				return in, fieldError(name, "This value is not one the form offers.")
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
			if files++; files > 1 {
				return in, fieldError("file", "Upload one file at a time.")
			}
			in.FileName = part.FileName()
			limit := s.loans.UploadLimit()
			buf, err := io.ReadAll(io.LimitReader(part, limit+1))
			if err != nil {
				return in, domain.Errorf(domain.EPARSE, "The upload could not be read.")
			}
			if int64(len(buf)) > limit {
				return in, loans.FileTooLarge(limit)
			}
			in.Body = buf
		}
		part.Close()
	}
	if files == 0 {
		return in, fieldError("file", "Choose a file to upload.")
	}
	return in, nil
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
	c.Set(fiber.HeaderContentType, d.ContentType)
	c.Set(fiber.HeaderContentDisposition, mime.FormatMediaType("attachment", map[string]string{"filename": d.FileName}))
	// Another site may not embed it, even where a cookie would be sent.
	c.Set("Cross-Origin-Resource-Policy", "same-origin")
	return c.Send(d.Body)
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
