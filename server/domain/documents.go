package domain

import "time"

// Document is a file a borrower or coborrower uploaded for their loan
// (the upload page, spec §5). Its bytes are kept sealed in the blob store
// under BlobKey, a random name; its file name is sealed in the database.
type Document struct {
	ID     string
	LoanID string
	// Party is "borrower" or "coborrower": whose document it is.
	Party string
	// Type is a document type of the documents policy (#DocumentType).
	Type string
	// Side is "front" or "back" for an ID document, else "".
	Side        string
	FileName    string
	ContentType string
	Size        int64
	BlobKey     string
	UploadedAt  time.Time
	// ConditionID names the underwriting condition the document answers
	// ("" for a document the documents policy asks on its own).
	ConditionID string
	// Fingerprint is the hex SHA-256 of the file's bytes ("" when unknown),
	// sealed at rest: the same file uploaded twice by one person is refused.
	Fingerprint string
	// Review is what a portal user made of the document (documents.review):
	// pending until one accepts or rejects it.
	Review DocumentReview
}

// The states of a document's review.
const (
	ReviewPending  = "pending"
	ReviewAccepted = "accepted"
	ReviewRejected = "rejected"
)

// DocumentReview is a portal user's review of a document: its status, the
// note they wrote (required when they reject it; shown to the borrower),
// who reviewed it and when (nil while pending).
type DocumentReview struct {
	Status     string
	Note       string
	ReviewedBy *StaffRef
	ReviewedAt *time.Time
}
