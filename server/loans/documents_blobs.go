package loans

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/heloc/heloc/server/blobs"
	"github.com/heloc/heloc/server/domain"
)

// A document's bytes: sealed with the server's keyring as they stream into
// the blob store, and opened as they stream back to the applicant or to a
// portal user.

// Download is a stored document, opened as it is read, for its owner. The
// caller closes Body.
type Download struct {
	FileName    string
	ContentType string
	Size        int64
	Body        io.ReadCloser
}

// Download is one of the applicant's documents, opened. Another loan's
// document is not found, so its existence is not told either.
func (s *Service) Download(ctx context.Context, applicant *domain.Applicant, id string) (*Download, error) {
	loan, err := s.LoanOf(ctx, applicant)
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

// blobAAD binds a document's sealed bytes to the document and its loan, so
// that a blob copied under another document's key does not open there.
func blobAAD(d *domain.Document) []byte {
	return []byte("documents.blob:" + d.ID + ":" + d.LoanID)
}
