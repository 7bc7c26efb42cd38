package domain

import "context"

type applicantKey struct{}
type staffKey struct{}

// NewContextWithApplicant returns ctx carrying the signed-in applicant.
func NewContextWithApplicant(ctx context.Context, a *Applicant) context.Context {
	return context.WithValue(ctx, applicantKey{}, a)
}

// ApplicantFromContext returns the signed-in applicant of ctx, or nil.
func ApplicantFromContext(ctx context.Context) *Applicant {
	a, _ := ctx.Value(applicantKey{}).(*Applicant)
	return a
}

// NewContextWithStaffUser returns ctx carrying the signed-in portal user.
func NewContextWithStaffUser(ctx context.Context, u *StaffUser) context.Context {
	return context.WithValue(ctx, staffKey{}, u)
}

// StaffUserFromContext returns the signed-in portal user of ctx, or nil.
func StaffUserFromContext(ctx context.Context) *StaffUser {
	u, _ := ctx.Value(staffKey{}).(*StaffUser)
	return u
}
