package conditions

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// The borrower's side of conditions: their loan's conditions, and their
// answer to a text, address or employment condition, checked against what
// its kind asks.

// Answer is what the borrower gave for a condition: words, addresses or
// employments, as its kind asks (#ConditionAnswer).
type Answer struct {
	Text       *string           `json:"text,omitempty"`
	Address    *AddressAnswer    `json:"address,omitempty"`
	Employment *EmploymentAnswer `json:"employment,omitempty"`
}

// AddressAnswer is an address condition's answer (#ConditionAddressAnswer).
type AddressAnswer struct {
	Addresses []AddressEntry `json:"addresses"`
}

// AddressEntry is one address, with a name (an association's) and the
// dates the borrower lived there where the condition asks them.
type AddressEntry struct {
	Name    *string        `json:"name"`
	Address domain.Address `json:"address"`
	From    *string        `json:"from"`
	To      *string        `json:"to"`
}

// EmploymentAnswer is an employment condition's answer
// (#ConditionEmploymentAnswer).
type EmploymentAnswer struct {
	Employments []EmploymentEntry `json:"employments"`
}

// EmploymentEntry is one job: endDate null while current.
type EmploymentEntry struct {
	EmployerName string  `json:"employerName"`
	Position     *string `json:"position"`
	StartDate    string  `json:"startDate"`
	EndDate      *string `json:"endDate"`
	SelfEmployed bool    `json:"selfEmployed"`
}

// AnswerInput is conditions.answer's input (#AnswerConditionInput): the
// condition and the one answer its kind takes.
type AnswerInput struct {
	ConditionID string            `json:"conditionId"`
	Text        *string           `json:"text"`
	Address     *AddressAnswer    `json:"address"`
	Employment  *EmploymentAnswer `json:"employment"`
}

// Mine is the applicant's conditions: their loan's only.
func (s *Service) Mine(ctx context.Context, applicant *domain.Applicant) (*BorrowerConditions, error) {
	loan, err := s.loanOf(ctx, applicant)
	if err != nil {
		return nil, err
	}
	closed, err := s.closed(ctx, loan.ID)
	if err != nil {
		return nil, err
	}
	return s.borrowerConditions(ctx, loan, closed)
}

// borrowerConditions is the loan's conditions as its borrower sees them,
// closed as the caller found it.
func (s *Service) borrowerConditions(ctx context.Context, loan *domain.Loan, closed bool) (*BorrowerConditions, error) {
	conds, err := s.store.ListConditions(ctx, loan.ID)
	if err != nil {
		return nil, err
	}
	out := &BorrowerConditions{HasCoborrower: hasCoborrower(loan), Closed: closed, Conditions: make([]BorrowerCondition, 0, len(conds))}
	for _, c := range conds {
		v, err := borrowerView(c)
		if err != nil {
			return nil, err
		}
		out.Conditions = append(out.Conditions, *v)
	}
	return out, nil
}

// Answer stores the applicant's answer to one of their open text, address
// or employment conditions, replacing an earlier one; it is taken after
// submission too, until a credit decision closes the application. A
// condition of another loan is not found. Field errors name text, address,
// employment or their fields.
func (s *Service) Answer(ctx context.Context, applicant *domain.Applicant, in AnswerInput) (*BorrowerConditions, error) {
	loan, err := s.loanOf(ctx, applicant)
	if err != nil {
		return nil, err
	}
	if closed, err := s.closed(ctx, loan.ID); err != nil {
		return nil, err
	} else if closed {
		return nil, domain.Errorf(domain.ECONFLICT, "Your application is closed, so no more answers are taken for it.")
	}
	c, err := s.find(ctx, loan.ID, in.ConditionID)
	if err != nil {
		return nil, err
	}
	answer, err := s.checkAnswer(ctx, c.Kind, in)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(answer)
	if err != nil {
		return nil, err
	}
	_, err = s.store.AnswerCondition(ctx, loan.ID, c.ID, raw, func(c *domain.Condition) error {
		if c.Status != domain.ConditionOpen {
			return domain.Errorf(domain.ECONFLICT, "Your loan team has closed this request already.")
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// Found open above: the answer was taken.
	return s.borrowerConditions(ctx, loan, false)
}

// checkAnswer is the answer in as the condition's kind takes it: exactly
// its one field, with dates in order and none in the future (an
// employment's dates as the employment policy judges them), and each
// address where its ZIP code is (AddressCheck).
func (s *Service) checkAnswer(ctx context.Context, kind string, in AnswerInput) (*Answer, error) {
	today := s.now().UTC().Format(time.DateOnly)
	given := map[string]bool{"text": in.Text != nil, "address": in.Address != nil, "employment": in.Employment != nil}
	switch kind {
	case domain.ConditionDocument:
		return nil, domain.InvalidField("conditionId", "Upload this document on your document upload page.")
	case domain.ConditionEmail:
		return nil, domain.InvalidField("conditionId", "This request is answered by e-mail: follow the e-mail we sent you.")
	}
	for field, ok := range given {
		if ok && field != kind {
			return nil, domain.InvalidField(field, "This request asks for something else.")
		}
	}
	switch kind {
	case domain.ConditionText:
		if in.Text == nil || strings.TrimSpace(*in.Text) == "" {
			return nil, domain.InvalidField("text", "Write your answer.")
		}
		text := strings.TrimSpace(*in.Text)
		return &Answer{Text: &text}, nil
	case domain.ConditionAddress:
		if in.Address == nil || len(in.Address.Addresses) == 0 {
			return nil, domain.InvalidField("address.addresses", "Add an address.")
		}
		for i, a := range in.Address.Addresses {
			at := fmt.Sprintf("address.addresses.%d", i)
			if a.From != nil && *a.From > today {
				return nil, domain.InvalidField(at+".from", "Enter a date that is not in the future.")
			}
			if a.From != nil && a.To != nil && *a.To < *a.From {
				return nil, domain.InvalidField(at+".to", "Enter a date after the date you moved in.")
			}
			if s.address != nil {
				if err := s.address(ctx, &in.Address.Addresses[i].Address, at+".address"); err != nil {
					return nil, err
				}
			}
		}
		return &Answer{Address: in.Address}, nil
	case domain.ConditionEmployment:
		if in.Employment == nil || len(in.Employment.Employments) == 0 {
			return nil, domain.InvalidField("employment.employments", "Add an employer.")
		}
		if err := s.employmentDates(ctx, today, in.Employment.Employments); err != nil {
			return nil, err
		}
		return &Answer{Employment: in.Employment}, nil
	}
	return nil, fmt.Errorf("conditions: no answer for a condition of kind %q", kind)
}

// employmentEntrypoint is the employment policy's history
// (rules/heloc/employment), which judges a job's dates.
const employmentEntrypoint = "heloc.employment.history"

// employmentDates refuses the jobs' dates the employment policy finds
// wrong (a start after this month, an end before the start: the entries of
// its history's missing list at a job's own field), each at that field of
// the answer, in the policy's words. The rest of a history (the window's
// coverage, a gap's explanation) is the application's to ask, not this
// answer's: the loan team asked for the jobs. Decided, not recorded, as
// the application's save decides it (nothing is acted on but the refusal).
func (s *Service) employmentDates(ctx context.Context, today string, jobs []EmploymentEntry) error {
	dates := make([]map[string]any, len(jobs))
	for i, j := range jobs {
		dates[i] = map[string]any{"startDate": j.StartDate, "endDate": j.EndDate}
	}
	out, err := s.policy.Decide(ctx, employmentEntrypoint, map[string]any{"today": today, "employments": dates})
	if err != nil {
		return err
	}
	raw, err := json.Marshal(out)
	if err != nil {
		return err
	}
	var history struct {
		Missing []struct {
			Field   string `json:"field"`
			Message string `json:"message"`
		} `json:"missing"`
	}
	if err := json.Unmarshal(raw, &history); err != nil {
		return fmt.Errorf("conditions: the employment history: %w", err)
	}
	var fields []domain.FieldError
	for _, m := range history.Missing {
		if strings.HasPrefix(m.Field, "employments.") {
			fields = append(fields, domain.FieldError{Path: "employment." + m.Field, Message: m.Message})
		}
	}
	if len(fields) == 0 {
		return nil
	}
	return &domain.Error{Code: domain.EINVALID, Message: fields[0].Message, Fields: fields}
}
