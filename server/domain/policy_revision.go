package domain

import (
	"encoding/json"
	"time"
)

// PolicyRevision is one publish (or rollback) of the policy rules (issue 24
// item 3): the revision made live, by whom, why, from when, the checks it
// passed and its impact against the revision in force when it was published.
type PolicyRevision struct {
	ID string `json:"id"`
	// Revision is the hash of the rules published (policy.Engine.Revision).
	Revision string `json:"revision"`
	// Action is "publish", or "rollback" for an earlier revision made live
	// again.
	Action      string    `json:"action"`
	Author      string    `json:"author"`
	Reason      string    `json:"reason"`
	EffectiveAt time.Time `json:"effectiveAt"`
	PublishedAt time.Time `json:"publishedAt"`
	// Baseline is the revision in force when this one was published: the
	// impact compares against it.
	Baseline string `json:"baseline"`
	// Checks and Impact are JSON documents (policy checks' result, the
	// impact report's summary).
	Checks json.RawMessage `json:"checks"`
	Impact json.RawMessage `json:"impact"`
}

// Policy revision actions.
const (
	PolicyPublish  = "publish"
	PolicyRollback = "rollback"
)
