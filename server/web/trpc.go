package web

import (
	"bytes"
	"encoding/json"
	"mime"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/domain"
)

// maxBatch caps how many procedures one request may call.
const maxBatch = 16

// botAction is the action every mutation's bot-check token is issued for (spec §7).
const botAction = "api_update"

type procKind int

const (
	query procKind = iota
	mutation
)

// procedure is one entry of the tRPC router: its kind, the CUE definition
// its input must satisfy ("" for none), and its handler.
type procedure struct {
	kind  procKind
	input string
	fn    func(c fiber.Ctx, in []byte) (any, error)
}

// trpcResult is one call's answer: either result or error.
type trpcResult struct {
	Result *trpcData  `json:"result,omitempty"`
	Error  *trpcError `json:"error,omitempty"`
}

type trpcData struct {
	Data any `json:"data"`
}

// handleTRPC answers /api/trpc/<path>[,<path>...] in tRPC's HTTP format:
// queries over GET with ?input=, mutations over POST with a JSON body, and
// batches (?batch=1) with inputs keyed "0", "1", ... answered as an array.
func (s *Server) handleTRPC(c fiber.Ctx) error {
	paths, batch, err := s.parseCall(c)
	if err == nil {
		err = s.guard(c, paths)
	}
	if err != nil {
		return s.respondAll(c, paths, batch, err)
	}
	inputs, err := readInputs(c, len(paths), batch)
	if err != nil {
		return s.respondAll(c, paths, batch, err)
	}
	results := make([]trpcResult, len(paths))
	for i, path := range paths {
		results[i] = s.call(c, path, inputs[i])
	}
	return respond(c, results, batch)
}

// parseCall splits the procedure list and checks the batch flag.
func (s *Server) parseCall(c fiber.Ctx) (paths []string, batch bool, err error) {
	// Fiber's c.Params points into the request's buffer, which fasthttp
	// reuses for the next request: the procedure names are copied, so that
	// whatever keeps one (a rate limit's key, the tests' answer tally,
	// which panicked in its sync.Map when a name it held changed under it)
	// keeps its own.
	raw, err := url.PathUnescape(strings.Clone(c.Params("procs")))
	if err != nil {
		return []string{""}, false, domain.Errorf(domain.EPARSE, "The procedure path could not be read.")
	}
	paths = strings.Split(raw, ",")
	batch = c.Query("batch") == "1" || c.Query("batch") == "true"
	switch {
	case len(paths) > 1 && !batch:
		return paths, false, domain.Errorf(domain.EINVALID, "Several procedures need batch=1.")
	case len(paths) > maxBatch:
		return paths, batch, domain.Errorf(domain.EINVALID, "At most %d procedures per batch.", maxBatch)
	}
	return paths, batch, nil
}

// guard applies the checks every call must pass before any procedure runs.
func (s *Server) guard(c fiber.Ctx, paths []string) error {
	if c.Get("X-Same-Origin") != "1" {
		return domain.Errorf(domain.EFORBIDDEN, "This API answers only the product's own pages.")
	}
	want := query
	if c.Method() != fiber.MethodGet {
		want = mutation
	}
	for _, p := range paths {
		proc, ok := s.procs[p]
		if !ok {
			continue // answered NOT_FOUND for that call alone
		}
		if proc.kind != want {
			if want == query {
				return domain.Errorf(domain.EMETHOD, "%s is a mutation: use POST.", p)
			}
			return domain.Errorf(domain.EMETHOD, "%s is a query: use GET.", p)
		}
	}
	if want == query {
		return nil
	}
	if c.Method() != fiber.MethodPost {
		return domain.Errorf(domain.EMETHOD, "No subscriptions are offered.")
	}
	if !s.sameOrigin(c) {
		return domain.Errorf(domain.EFORBIDDEN, "The request came from another site.")
	}
	if mt, _, _ := mime.ParseMediaType(c.Get(fiber.HeaderContentType)); mt != fiber.MIMEApplicationJSON {
		return domain.Errorf(domain.EINVALID, "Send the input as application/json.")
	}
	return s.humanCheck(c)
}

// defaultBotCheckLimit is how many human checks one client address may
// have verified in 15 minutes when BOTCHECK_LIMIT does not say: about one
// a second, far more than a person filling in the application makes.
const defaultBotCheckLimit = 1000

// humanCheck is the bot check of every mutation (X-Recaptcha-Token): every
// verification is a request to reCAPTCHA, which costs money, so they are
// counted per client address (Config.BotCheckLimit) and, beyond the
// limit, refused with TOO_MANY_REQUESTS without asking. A missing token is
// refused without counting.
func (s *Server) humanCheck(c fiber.Ctx) error {
	token := c.Get("X-Recaptcha-Token")
	if token == "" {
		return domain.Errorf(domain.EFORBIDDEN, "The human check is missing. Reload the page and try again.")
	}
	if limit := s.cfg.BotCheckLimit; limit > 0 {
		if ok, retry := s.limiter.Allow("botcheck|ip|"+limitAddr(c), limit, decisionWindow); !ok {
			return &domain.Error{Code: domain.ETOOMANY, RetryAfter: retry, Message: "Too many requests from your network. Wait a few minutes and try again."}
		}
	}
	return s.botCheck.Verify(c.Context(), token, botAction, c.IP())
}

// authHumanCheck is humanCheck in the auth APIs' words: a refused check is
// AccessDenied, a limit TooManyRequests.
func (s *Server) authHumanCheck(c fiber.Ctx) error {
	err := s.humanCheck(c)
	if err == nil || domain.ErrorCode(err) == domain.ETOOMANY {
		return err
	}
	return authErr(403, "AccessDenied", domain.ErrorMessage(err))
}

// sameOrigin reports whether the Origin header names this server (its
// public address when one is configured). Browsers send Origin on every
// POST, so a missing one is refused too.
func (s *Server) sameOrigin(c fiber.Ctx) bool {
	origin := c.Get(fiber.HeaderOrigin)
	if origin == "" {
		return false
	}
	u, err := url.Parse(origin)
	if err != nil {
		return false
	}
	return u.User == nil && u.Path == "" && strings.EqualFold(u.Scheme+"://"+u.Host, s.origin(c))
}

// readInputs returns each call's raw input JSON (nil when none was sent).
func readInputs(c fiber.Ctx, n int, batch bool) ([]json.RawMessage, error) {
	raw := c.Body()
	if c.Method() == fiber.MethodGet {
		raw = []byte(c.Query("input"))
	}
	return splitInputs(raw, n, batch)
}

// splitInputs splits a request's input into its n calls' inputs: the whole
// of it for one call, or an object keyed "0".."n-1" for a batch.
func splitInputs(raw []byte, n int, batch bool) ([]json.RawMessage, error) {
	inputs := make([]json.RawMessage, n)
	if len(bytes.TrimSpace(raw)) == 0 {
		return inputs, nil
	}
	if !json.Valid(raw) {
		return nil, domain.Errorf(domain.EPARSE, "The input is not valid JSON.")
	}
	if !batch {
		inputs[0] = raw
		return inputs, nil
	}
	var keyed map[string]json.RawMessage
	if err := json.Unmarshal(raw, &keyed); err != nil {
		return nil, domain.Errorf(domain.EPARSE, "A batch input is an object keyed by call index.")
	}
	for k, v := range keyed {
		i, err := strconv.Atoi(k)
		if err != nil || i < 0 || i >= n || strconv.Itoa(i) != k {
			return nil, domain.Errorf(domain.EPARSE, "A batch input has no call %q.", k)
		}
		inputs[i] = v
	}
	return inputs, nil
}

// call runs one procedure with its input validated against its schema.
func (s *Server) call(c fiber.Ctx, path string, in json.RawMessage) trpcResult {
	proc, ok := s.procs[path]
	if !ok {
		return s.failure(c, path, domain.Errorf(domain.ENOTFOUND, "No procedure %q.", path))
	}
	if proc.input == "" && len(in) > 0 && !isEmptyInput(in) {
		return s.failure(c, path, domain.Errorf(domain.EINVALID, "%s takes no input.", path))
	}
	if proc.input != "" && len(in) == 0 {
		in = json.RawMessage("{}") // let the schema say which fields are required
	}
	if err := s.limitDecisions(c, path); err != nil {
		return s.failure(c, path, err)
	}
	data, err := proc.fn(c, in)
	if err != nil {
		return s.failure(c, path, err)
	}
	if s.checkAnswer != nil {
		s.checkAnswer(path, data)
	}
	return trpcResult{Result: &trpcData{Data: data}}
}

// Decision calls allowed per window when the configuration does not say:
// an estimate writes two decision records, and the pages are decided on
// every page a visitor opens.
const (
	decisionWindow        = 15 * time.Minute
	defaultEstimatesLimit = 30
	defaultPagesLimit     = 600
)

// decisionLimit is how many calls of a decision procedure one client may
// make per decisionWindow (0: no limit).
func (s *Server) decisionLimit(path string) int {
	switch path {
	case "prequal.estimate", "prequal.knockout":
		return s.cfg.EstimateLimit
	case "funnel.pages":
		return s.cfg.PagesLimit
	}
	return 0
}

// limitDecisions spends one call of a decision procedure. A visitor is
// counted by client address; a signed-in applicant by their account, so
// that applicants behind one office or carrier address do not share a
// count and signing in is no way around it. Beyond the limit the call is
// answered TOO_MANY_REQUESTS with Retry-After, and nothing is decided.
func (s *Server) limitDecisions(c fiber.Ctx, path string) error {
	limit := s.decisionLimit(path)
	if limit <= 0 {
		return nil
	}
	if path == "funnel.pages" {
		// funnel.pages reads the session with the loan it decides on, in
		// one query (pagesRead), and who answers from that read.
		if _, err := s.pagesRead(c); err != nil {
			return err
		}
	}
	id, err := s.who(c, domain.RealmApplicant)
	if err != nil {
		return err
	}
	key := path + "|ip|" + limitAddr(c)
	if id.applicant != nil {
		key = path + "|applicant|" + id.applicant.ID
	}
	if ok, retry := s.limiter.Allow(key, limit, decisionWindow); !ok {
		return &domain.Error{Code: domain.ETOOMANY, RetryAfter: retry, Message: "Too many requests. Wait a few minutes and try again."}
	}
	return nil
}

func isEmptyInput(in json.RawMessage) bool {
	t := string(bytes.TrimSpace(in))
	return t == "null" || t == "{}"
}

func (s *Server) failure(c fiber.Ctx, path string, err error) trpcResult {
	te := s.toTRPCError(c, err, path)
	return trpcResult{Error: &te}
}

// respondAll answers every call of the request with the same error.
func (s *Server) respondAll(c fiber.Ctx, paths []string, batch bool, err error) error {
	results := make([]trpcResult, len(paths))
	for i, p := range paths {
		results[i] = s.failure(c, p, err)
	}
	return respond(c, results, batch)
}

// respond writes one result, or the batch's array with one status: the
// calls' shared status, or 207 when they differ.
func respond(c fiber.Ctx, results []trpcResult, batch bool) error {
	status := statusOf(results[0])
	for _, r := range results[1:] {
		if statusOf(r) != status {
			status = fiber.StatusMultiStatus
			break
		}
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	if !batch {
		// An answer that is JSON already (a remembered policy answer, which
		// the engine encoded itself) is sent as it is, rather than checked
		// and compacted again.
		if r := results[0]; r.Result != nil {
			if raw, ok := r.Result.Data.(json.RawMessage); ok {
				// Written straight into the response's own buffer, which
				// fasthttp reuses, rather than into a new one first.
				c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
				resp := c.Status(status).Response()
				resp.ResetBody()
				resp.AppendBodyString(`{"result":{"data":`)
				resp.AppendBody(raw)
				resp.AppendBodyString(`}}`)
				return nil
			}
		}
		return c.Status(status).JSON(results[0])
	}
	return c.Status(status).JSON(results)
}

func statusOf(r trpcResult) int {
	if r.Error != nil {
		return r.Error.Data.HTTPStatus
	}
	return fiber.StatusOK
}
