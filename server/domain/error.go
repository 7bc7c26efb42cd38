// Package domain holds the product's nouns and error codes. It imports
// nothing from the rest of the server, so every adapter can depend on it.
package domain

import (
	"errors"
	"fmt"
	"time"
)

// Error codes. Each maps to one HTTP status and one tRPC code in the web
// package; anything that is not an *Error is shown as "Internal error.".
const (
	EINVALID      = "invalid"           // input failed validation
	EUNAUTHORIZED = "unauthorized"      // no or bad credentials
	EFORBIDDEN    = "forbidden"         // authenticated but not allowed, or a guard refused
	ENOTFOUND     = "not_found"         // the thing asked for does not exist (or is not the caller's)
	ECONFLICT     = "conflict"          // the write clashes with what is stored
	ETOOMANY      = "too_many"          // rate limited
	EMETHOD       = "method"            // wrong HTTP method for the procedure
	EPARSE        = "parse"             // the request could not be decoded
	ETOOLARGE     = "too_large"         // the request body is over the limit
	EUNSUPPORTED  = "unsupported_media" // the body's encoding is not one the server reads
	EHEADERS      = "headers_too_large" // the request line or headers are over the limit
	EINTERNAL     = "internal"          // a fault of ours
)

// FieldError names one input field that failed validation and why, in words
// a form can show beside the field.
type FieldError struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

// Error is the product's one error type: a code from the list above and a
// message that is safe to show to the caller.
type Error struct {
	Code    string
	Message string
	Fields  []FieldError
	// RetryAfter, for ETOOMANY, is how long the caller should wait before
	// trying again; both wires send it as the Retry-After header.
	RetryAfter time.Duration
}

// ErrorRetryAfter returns how long to wait before trying again if err is an
// *Error that says so, else 0.
func ErrorRetryAfter(err error) time.Duration {
	var e *Error
	if errors.As(err, &e) {
		return e.RetryAfter
	}
	return 0
}

func (e *Error) Error() string {
	return fmt.Sprintf("heloc error: code=%s message=%s", e.Code, e.Message)
}

// Errorf returns an *Error with the given code and a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of err if it is (or wraps) an *Error, and
// EINTERNAL otherwise.
func ErrorCode(err error) string {
	var e *Error
	if err == nil {
		return ""
	}
	if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns the caller-safe message of err: its own message if
// it is an *Error, and "Internal error." for anything else.
func ErrorMessage(err error) string {
	var e *Error
	if err == nil {
		return ""
	}
	if errors.As(err, &e) {
		return e.Message
	}
	return "Internal error."
}

// ErrorFields returns the field errors of err, if any.
func ErrorFields(err error) []FieldError {
	var e *Error
	if errors.As(err, &e) {
		return e.Fields
	}
	return nil
}

// InvalidField is the refusal of one field: EINVALID with the message both
// as the error's and at the field's path, so that a page shows it where
// the input was typed and anything else shows the same words.
func InvalidField(path, message string) error {
	return &Error{Code: EINVALID, Message: message, Fields: []FieldError{{Path: path, Message: message}}}
}
