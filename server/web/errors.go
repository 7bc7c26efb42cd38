package web

import (
	"errors"
	"log/slog"
	"math"
	"strconv"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/domain"
)

// trpcCode is one row of the error table: a domain code's tRPC name,
// JSON-RPC number and HTTP status (architecture, "The wire").
type trpcCode struct {
	name   string
	rpc    int
	status int
}

var errorTable = map[string]trpcCode{
	domain.EPARSE:        {"PARSE_ERROR", -32700, 400},
	domain.EINVALID:      {"BAD_REQUEST", -32600, 400},
	domain.EUNAUTHORIZED: {"UNAUTHORIZED", -32001, 401},
	domain.EFORBIDDEN:    {"FORBIDDEN", -32003, 403},
	domain.ENOTFOUND:     {"NOT_FOUND", -32004, 404},
	domain.EMETHOD:       {"METHOD_NOT_SUPPORTED", -32005, 405},
	domain.ECONFLICT:     {"CONFLICT", -32009, 409},
	domain.ETOOLARGE:     {"PAYLOAD_TOO_LARGE", -32013, 413},
	domain.EUNSUPPORTED:  {"UNSUPPORTED_MEDIA_TYPE", -32015, 415},
	domain.EHEADERS:      {"PAYLOAD_TOO_LARGE", -32013, 431},
	domain.ETOOMANY:      {"TOO_MANY_REQUESTS", -32029, 429},
	domain.EINTERNAL:     {"INTERNAL_SERVER_ERROR", -32603, 500},
}

// trpcError is the error member of a tRPC response.
type trpcError struct {
	Message string        `json:"message"`
	Code    int           `json:"code"`
	Data    trpcErrorData `json:"data"`
}

type trpcErrorData struct {
	Code       string              `json:"code"`
	HTTPStatus int                 `json:"httpStatus"`
	Path       string              `json:"path,omitempty"`
	Fields     []domain.FieldError `json:"fields,omitempty"`
}

// rowFor is err's row of the error table; anything that is not a
// *domain.Error is an internal error, logged here with its detail.
func (s *Server) rowFor(c fiber.Ctx, err error, path string) trpcCode {
	row, ok := errorTable[domain.ErrorCode(err)]
	if !ok {
		row = errorTable[domain.EINTERNAL]
	}
	if row.status >= 500 {
		s.log.ErrorContext(c.Context(), "request failed", slog.String("path", path), slog.String("error", err.Error()))
	}
	return row
}

// toTRPCError maps err to the wire shape; an internal error shows only as
// "Internal error.".
func (s *Server) toTRPCError(c fiber.Ctx, err error, path string) trpcError {
	row := s.rowFor(c, err, path)
	setRetryAfter(c, err)
	return trpcError{
		Message: domain.ErrorMessage(err),
		Code:    row.rpc,
		Data:    trpcErrorData{Code: row.name, HTTPStatus: row.status, Path: path, Fields: domain.ErrorFields(err)},
	}
}

// handleError answers errors that escape a handler, including Fiber's own
// (an oversized body, over-long headers, an unknown method). Auth API paths
// get the auth error shape, other API paths the tRPC error shape, pages
// plain text. A request the server could not read far enough to know its
// path (a chunked body over the limit, a request line or headers over the
// read buffer) is answered in the tRPC shape.
func (s *Server) handleError(c fiber.Ctx, err error) error {
	var fe *fiber.Error
	if errors.As(err, &fe) {
		err = fromFiberError(fe)
		if errors.As(err, &fe) {
			// Fiber's own answer for the rest (a read timeout's 408, say).
			return c.Status(fe.Code).SendString(fe.Message)
		}
	}
	path := c.Path()
	if len(c.Request().Header.RawHeaders()) == 0 {
		path = "/api/trpc"
	}
	if api, ok := authAPIAt(path); ok {
		return s.writeAuthError(c, api, err)
	}
	if isAPI(path) {
		te := s.toTRPCError(c, err, "")
		return c.Status(te.Data.HTTPStatus).JSON(fiber.Map{"error": te})
	}
	return c.Status(s.rowFor(c, err, path).status).SendString(domain.ErrorMessage(err))
}

func fromFiberError(fe *fiber.Error) error {
	switch fe.Code {
	case fiber.StatusRequestEntityTooLarge:
		return domain.Errorf(domain.ETOOLARGE, "The request is too large.")
	case fiber.StatusRequestHeaderFieldsTooLarge:
		return domain.Errorf(domain.EHEADERS, "The request's address or headers are too long.")
	case fiber.StatusNotFound:
		return domain.Errorf(domain.ENOTFOUND, "Not found.")
	case fiber.StatusMethodNotAllowed:
		return domain.Errorf(domain.EMETHOD, "Method not allowed.")
	case fiber.StatusBadRequest:
		return domain.Errorf(domain.EPARSE, "The request could not be read.")
	case fiber.StatusTooManyRequests:
		return domain.Errorf(domain.ETOOMANY, "Too many requests. Try again shortly.")
	}
	return fe
}

func isAPI(path string) bool {
	return len(path) >= 5 && path[:5] == "/api/"
}

func (s *Server) handleAPINotFound(c fiber.Ctx) error {
	return domain.Errorf(domain.ENOTFOUND, "No such API endpoint.")
}

// setRetryAfter sends Retry-After, in whole seconds rounded up, when err
// says how long to wait (domain.Error.RetryAfter).
func setRetryAfter(c fiber.Ctx, err error) {
	if d := domain.ErrorRetryAfter(err); d > 0 {
		c.Set(fiber.HeaderRetryAfter, strconv.Itoa(int(math.Ceil(d.Seconds()))))
	}
}
