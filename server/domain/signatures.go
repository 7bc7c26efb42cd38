package domain

import "time"

// Signature records that a person on the loan signed one disclosure
// (schemas #Signature): which document, in which version, the SHA-256 of
// the exact text shown, when (the server's clock), from which address
// (the client's, as the server sees it behind trusted proxies) and browser,
// and the name typed. It is kept in the sealed application.
type Signature struct {
	DocumentID string    `json:"documentId"`
	Version    string    `json:"version"`
	Hash       string    `json:"hash"`
	Party      string    `json:"party"`
	Name       string    `json:"name"`
	SignedAt   time.Time `json:"signedAt"`
	IP         string    `json:"ip"`
	UserAgent  string    `json:"userAgent"`
}
