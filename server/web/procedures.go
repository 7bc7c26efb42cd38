package web

import (
	"encoding/json"

	"github.com/gofiber/fiber/v3"
	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/heloc/heloc/server/domain"
)

// procedures is the tRPC router: every procedure the API offers, by area.
func (s *Server) procedures() map[string]procedure {
	return map[string]procedure{
		"system.info":                {kind: query, fn: s.systemInfo},
		"funnel.steps":               {kind: query, fn: s.funnelSteps},
		"funnel.pages":               withRememberedInput(s, "PagesInput", s.funnelPages),
		"content.insights":           {kind: query, fn: s.listInsights},
		"content.insight":            withInput(s, query, "InsightInput", s.findInsight),
		"content.labels":             {kind: query, fn: s.contentLabels},
		"licensing.lookup":           withInput(s, query, "LicensingLookupInput", s.licensingLookup),
		"licensing.states":           {kind: query, fn: s.licensingStates},
		"consents.current":           {kind: query, fn: s.currentConsents},
		"prequal.joinWaitlist":       withInput(s, mutation, "JoinWaitlistInput", s.joinWaitlist),
		"identity.createAccount":     withInput(s, mutation, "CreateAccountInput", s.createAccount),
		"identity.setPassword":       withInput(s, mutation, "SetPasswordInput", s.setPassword),
		"identity.deleteSession":     {kind: mutation, fn: s.deleteSession},
		"routing.resume":             withRememberedInput(s, "ResumeInput", s.resume),
		"loan.current":               {kind: query, fn: s.currentLoan},
		"loan.get":                   withInput(s, query, "LoanIdInput", s.getLoan),
		"quote.current":              withInput(s, query, "QuoteCurrentInput", s.quote),
		"prequal.estimate":           withInput(s, mutation, "EstimateInput", s.estimate),
		"prequal.knockout":           withInput(s, mutation, "KnockoutInput", s.knockout),
		"prequal.answers":            {kind: query, fn: s.prequalAnswers},
		"prequal.save":               withInput(s, mutation, "SaveAnswersInput", s.saveAnswers),
		"prequal.valuation":          {kind: query, fn: s.prequalValuation},
		"prequal.creditCheck":        withInput(s, mutation, "CreditCheckInput", s.creditCheck),
		"prequal.creditReport":       {kind: query, fn: s.prequalCreditReport},
		"prequal.adverseAction":      {kind: query, fn: s.prequalAdverseAction},
		"prequal.questions":          {kind: query, fn: s.prequalQuestions},
		"application.get":            {kind: query, fn: s.applicationGet},
		"application.save":           withInput(s, mutation, "ApplicationSaveInput", s.applicationSave),
		"application.draft":          withInput(s, query, "ApplicationDraftInput", s.applicationDraft),
		"application.saveDraft":      withInput(s, mutation, "ApplicationSaveDraftInput", s.applicationSaveDraft),
		"application.employment":     withInput(s, query, "EmploymentHistoryInput", s.applicationEmployment),
		"application.drawTerms":      {kind: query, fn: s.applicationDrawTerms},
		"application.addressHistory": {kind: query, fn: s.applicationAddressHistory},
		"application.submit":         {kind: mutation, fn: s.applicationSubmit},
		"application.decision":       {kind: query, fn: s.applicationDecision},
		"documents.list":             {kind: query, fn: s.documentsList},
		"documents.remove":           withInput(s, mutation, "RemoveDocumentInput", s.documentsRemove),
		"documents.complete":         {kind: mutation, fn: s.documentsComplete},

		"users.list":              {kind: query, fn: s.listStaffUsers},
		"users.invite":            withInput(s, mutation, "InviteStaffUserInput", s.inviteStaffUser),
		"users.resendInvite":      withInput(s, mutation, "StaffUserIdInput", s.resendInvite),
		"users.resetSecondFactor": withInput(s, mutation, "StaffUserIdInput", s.resetSecondFactor),
		"users.setActive":         withInput(s, mutation, "SetStaffActiveInput", s.setStaffActive),
		"users.setRole":           withInput(s, mutation, "SetStaffRoleInput", s.setStaffRole),
		"users.setTag":            withInput(s, mutation, "SetStaffTagInput", s.setStaffTag),
		"invite.get":              withInput(s, query, "InviteTokenInput", s.invitation),
		"invite.authenticator":    withInput(s, mutation, "InviteTokenInput", s.inviteAuthenticator),
		"invite.accept":           withInput(s, mutation, "AcceptInviteInput", s.acceptInvite),
		"audit.list":              withInput(s, query, "AuditListInput", s.auditList),
		"policy.revisions":        {kind: query, fn: s.policyRevisions},

		"verification.income":          {kind: query, fn: s.verificationIncome},
		"verification.connectPayroll":  withInput(s, mutation, "IncomeVerificationInput", s.verificationConnectPayroll),
		"verification.incomeDocuments": withInput(s, mutation, "IncomeVerificationInput", s.verificationIncomeDocuments),

		"verification.identityStatus": {kind: query, fn: s.verificationIdentityStatus},
		"verification.identity":       withInput(s, mutation, "VerifyIdentityInput", s.verificationIdentity),

		"portal.pipeline":       withInput(s, query, "PipelineInput", s.portalPipeline),
		"portal.loan":           withInput(s, query, "LoanIdInput", s.portalLoan),
		"portal.assign":         withInput(s, mutation, "AssignInput", s.portalAssign),
		"portal.borrower":       withInput(s, query, "LoanIdInput", s.portalBorrower),
		"portal.application":    withInput(s, query, "LoanIdInput", s.portalApplication),
		"portal.hmda":           withInput(s, query, "LoanIdInput", s.portalHmda),
		"portal.unmask":         withInput(s, mutation, "UnmaskInput", s.portalUnmask),
		"portal.documents":      withInput(s, query, "LoanIdInput", s.portalDocuments),
		"portal.reviewDocument": withInput(s, mutation, "ReviewDocumentInput", s.portalReviewDocument),
		"portal.notes":          withInput(s, query, "LoanIdInput", s.portalNotes),
		"portal.addNote":        withInput(s, mutation, "AddNoteInput", s.portalAddNote),

		"portal.conditions":      withInput(s, query, "LoanIdInput", s.portalConditions),
		"portal.addCondition":    withInput(s, mutation, "AddConditionInput", s.addCondition),
		"portal.clearCondition":  withInput(s, mutation, "ClearConditionInput", s.clearCondition),
		"portal.resendCondition": withInput(s, mutation, "ConditionRefInput", s.resendCondition),
		"conditions.list":        {kind: query, fn: s.conditionsList},
		"conditions.answer":      withInput(s, mutation, "AnswerConditionInput", s.conditionsAnswer),

		"portal.decisions": withInput(s, query, "DecisionsInput", s.portalDecisions),
		"portal.replay":    withInput(s, query, "ReplayInput", s.portalReplay),
		"portal.exports":   withInput(s, query, "LoanIdInput", s.portalExports),
		"portal.export":    withInput(s, mutation, "ExportInput", s.portalExport),
		"portal.credit":    withInput(s, query, "LoanIdInput", s.portalCredit),
		"portal.decide":    withInput(s, mutation, "DecideInput", s.portalDecide),

		"application.disclosures": {kind: query, fn: s.applicationDisclosures},
		"application.sign":        withInput(s, mutation, "SignInput", s.applicationSign),

		"coborrower.status":       {kind: query, fn: s.coborrowerStatus},
		"coborrower.invite":       {kind: mutation, fn: s.coborrowerInvite},
		"coborrower.get":          {kind: query, fn: s.coborrowerGet},
		"coborrower.authorize":    withInput(s, mutation, "CoborrowerAuthorizationInput", s.coborrowerAuthorize),
		"coborrower.declarations": withInput(s, mutation, "DeclarationAnswers", s.coborrowerDeclarations),
		"coborrower.demographics": withInput(s, mutation, "Demographics", s.coborrowerDemographics),
		"coborrower.disclosures":  {kind: query, fn: s.coborrowerDisclosures},
		"coborrower.sign":         withInput(s, mutation, "SignInput", s.coborrowerSign),
	}
}

// withInput makes a procedure whose input is validated against the CUE
// definition def and decoded into T before fn sees it.
func withInput[T any](s *Server, kind procKind, def string, fn func(fiber.Ctx, T) (any, error)) procedure {
	return procedure{kind: kind, input: def, fn: func(c fiber.Ctx, raw []byte) (any, error) {
		var in T
		if err := s.schemas.Decode(def, raw, &in); err != nil {
			return nil, err
		}
		return fn(c, in)
	}}
}

// rememberedInputs is how many distinct inputs withRememberedInput keeps
// per procedure, and rememberedInputMax the longest input it keeps.
const (
	rememberedInputs   = 1024
	rememberedInputMax = 512
)

// withRememberedInput is withInput for the navigation queries that every
// page asks (funnel.pages, routing.resume), whose inputs repeat: a handful
// of paths, the same few answers. Validating an input against its CUE
// definition costs more than the rest of such a request, and the schemas
// are fixed for the life of the process, so the same bytes always validate
// the same way: an input validated once is remembered, as its decoded value
// in JSON, and the next request with the same bytes is decoded from that
// without asking CUE again. Only inputs that validated are remembered, only
// short ones, and only in memory; every new input is validated as before.
//
// It is the one cache of a signed-in page read besides the engine's policy
// answers, and it stays because the page read's budget needs it: without
// it, funnel.pages cost 364-420 µs of server CPU against 215-238 µs with
// it, 0.14-0.17 of the bare endpoint against 0.30-0.32 (make perf, same
// run, 2026-11-28). It holds nothing of the database, only what this
// binary's own schemas said of some bytes, so it is the same on every
// server over one database and never stale: a new schema is a new binary.
func withRememberedInput[T any](s *Server, def string, fn func(fiber.Ctx, T) (any, error)) procedure {
	remembered, err := lru.New[string, []byte](rememberedInputs)
	if err != nil {
		panic(err) // only for a size below 1
	}
	return procedure{kind: query, input: def, fn: func(c fiber.Ctx, raw []byte) (any, error) {
		var in T
		if len(raw) <= rememberedInputMax {
			if b, ok := remembered.Get(string(raw)); ok && json.Unmarshal(b, &in) == nil {
				return fn(c, in)
			}
		}
		if err := s.schemas.Decode(def, raw, &in); err != nil {
			return nil, err
		}
		if len(raw) <= rememberedInputMax {
			if b, err := json.Marshal(in); err == nil {
				remembered.Add(string(raw), b)
			}
		}
		return fn(c, in)
	}}
}

type systemInfo struct {
	ProductName    string       `json:"productName"`
	Environment    string       `json:"environment"`
	Sandbox        bool         `json:"sandbox"`
	BotCheck       botCheckInfo `json:"botCheck"`
	PolicyRevision string       `json:"policyRevision"`
}

type botCheckInfo struct {
	Mode    string `json:"mode"`
	SiteKey string `json:"siteKey"`
}

// systemInfo tells the webapp what it needs of the server: its name, the
// bot-check mode, and whether sandbox providers are in use (the UI says so).
func (s *Server) systemInfo(c fiber.Ctx, _ []byte) (any, error) {
	env := "development"
	if s.cfg.Production {
		env = "production"
	}
	return systemInfo{
		ProductName:    s.cfg.ProductName,
		Environment:    env,
		Sandbox:        s.botCheck.Mode() == "sandbox" || s.prequal.Sandbox(),
		BotCheck:       botCheckInfo{Mode: s.botCheck.Mode(), SiteKey: s.botCheck.SiteKey()},
		PolicyRevision: s.policy.Revision(),
	}, nil
}

// funnelSteps returns the funnel's step order and section labels (the
// policy contract's data.heloc.funnel.order and .sections). The pages a loan
// sees come from funnel.pages.
func (s *Server) funnelSteps(c fiber.Ctx, _ []byte) (any, error) {
	out := map[string]any{"revision": s.policy.Revision()}
	for key, entrypoint := range map[string]string{
		"order":    "heloc.funnel.order",
		"sections": "heloc.funnel.sections",
	} {
		v, err := s.policy.Decide(c.Context(), entrypoint, nil)
		if err != nil {
			return nil, err
		}
		out[key] = v
	}
	return out, nil
}

type insightList struct {
	Items []*domain.Insight `json:"items"`
}

func (s *Server) listInsights(c fiber.Ctx, _ []byte) (any, error) {
	items, err := s.store.ListInsights(c.Context())
	if err != nil {
		return nil, err
	}
	if items == nil {
		items = []*domain.Insight{}
	}
	return insightList{Items: items}, nil
}

type insightInput struct {
	Slug string `json:"slug"`
}

func (s *Server) findInsight(c fiber.Ctx, in insightInput) (any, error) {
	return s.store.FindInsight(c.Context(), in.Slug)
}
