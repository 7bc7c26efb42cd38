package loans

import (
	"bytes"
	"context"
	"encoding/json"
	"time"
	"unicode/utf8"

	"github.com/heloc/heloc/server/domain"
)

// MaxDraftBytes bounds a page's draft: a page's form is far smaller.
const MaxDraftBytes = 64 << 10

// maxDraftString bounds each string of a draft, the longest a field of the
// schemas takes (#LongText).
const maxDraftString = 2000

// Draft is what application.draft answers (schemas #ApplicationDraft).
type Draft struct {
	Draft   json.RawMessage `json:"draft"`
	SavedAt *string         `json:"savedAt"`
}

// DraftSaved is what application.saveDraft answers.
type DraftSaved struct {
	SavedAt string `json:"savedAt"`
}

// Draft is the page's draft, or nulls when there is none.
func (s *Service) Draft(ctx context.Context, applicant *domain.Applicant, path string) (*Draft, error) {
	if _, ok := pages[path]; !ok {
		return nil, domain.InvalidField("path", "Not a page of the application that saves answers.")
	}
	loan, err := s.LoanOf(ctx, applicant)
	if err != nil {
		return nil, err
	}
	d, err := s.store.FindApplicationDraft(ctx, loan.ID, path)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return &Draft{Draft: json.RawMessage("null")}, nil
	} else if err != nil {
		return nil, err
	}
	at := d.SavedAt.UTC().Format(time.RFC3339Nano)
	return &Draft{Draft: d.Draft, SavedAt: &at}, nil
}

// SaveDraft keeps what the page's form holds, sealed. It is not validated
// beyond its size and the length of its strings: it is what was being
// typed. Nothing is kept after submission.
func (s *Service) SaveDraft(ctx context.Context, applicant *domain.Applicant, path string, draft json.RawMessage) (*DraftSaved, error) {
	if _, ok := pages[path]; !ok {
		return nil, domain.InvalidField("path", "Not a page of the application that saves answers.")
	}
	if len(draft) > MaxDraftBytes {
		return nil, domain.InvalidField("draft", "The draft is too large to keep.")
	}
	if err := checkDraftStrings(draft); err != nil {
		return nil, err
	}
	loan, err := s.LoanOf(ctx, applicant)
	if err != nil {
		return nil, err
	}
	if err := writable(loan); err != nil {
		return nil, err
	}
	saved, err := s.store.SaveApplicationDraft(ctx, loan.ID, path, compact(draft))
	if err != nil {
		return nil, err
	}
	return &DraftSaved{SavedAt: saved.SavedAt.UTC().Format(time.RFC3339Nano)}, nil
}

// checkDraftStrings refuses a draft that is no JSON object, or holds a key
// or string longer than maxDraftString characters.
func checkDraftStrings(draft json.RawMessage) error {
	var doc map[string]any
	if err := json.Unmarshal(draft, &doc); err != nil {
		return domain.InvalidField("draft", "A draft is a JSON object.")
	}
	var walk func(v any) bool
	walk = func(v any) bool {
		switch v := v.(type) {
		case string:
			return utf8.RuneCountInString(v) <= maxDraftString
		case map[string]any:
			for k, x := range v {
				if utf8.RuneCountInString(k) > maxDraftString || !walk(x) {
					return false
				}
			}
		case []any:
			for _, x := range v {
				if !walk(x) {
					return false
				}
			}
		}
		return true
	}
	if !walk(doc) {
		return domain.InvalidField("draft", "A field of the draft is too long to keep.")
	}
	return nil
}

func compact(raw json.RawMessage) json.RawMessage {
	var buf bytes.Buffer
	if json.Compact(&buf, raw) != nil {
		return raw
	}
	return buf.Bytes()
}
