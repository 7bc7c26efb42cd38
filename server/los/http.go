package los

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
)

// EncompassConfig is an Encompass instance reached through ICE Mortgage
// Technology's Developer Connect API.
type EncompassConfig struct {
	// URL is the API's base, https://api.elliemae.com.
	URL          string
	ClientID     string
	ClientSecret string
	// Username and Password are the API user's; Instance is the Encompass
	// instance id (BE11...), which the token request joins to the user.
	Username   string
	Password   string
	Instance   string
	LoanFolder string
}

func (c EncompassConfig) check() error {
	var missing []string
	for name, v := range map[string]string{"LOS_ENCOMPASS_CLIENT_ID": c.ClientID, "LOS_ENCOMPASS_CLIENT_SECRET": c.ClientSecret,
		"LOS_ENCOMPASS_USERNAME": c.Username, "LOS_ENCOMPASS_PASSWORD": c.Password, "LOS_ENCOMPASS_INSTANCE": c.Instance} {
		if v == "" {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("los: Encompass needs %s with LOS_ENCOMPASS_URL", strings.Join(missing, ", "))
	}
	return nil
}

// Encompass creates a loan in Encompass from a MISMO 3.4 file, the way
// Developer Connect documents it: an access token (OAuth 2 password grant,
// POST /oauth2/v1/token), the file converted to a loan contract (POST
// /encompass/v3/converter/loans, Content-Type
// application/vnd.elliemae.mismo34+xml), then the loan created from it (POST
// /encompass/v3/loans?view=id). The receipt is Encompass's loan id.
type Encompass struct {
	Config EncompassConfig
	Client *http.Client
}

// Name says what receives the files.
func (e *Encompass) Name() string { return "Encompass API" }

// Send creates the loan.
func (e *Encompass) Send(ctx context.Context, loanID string, xml []byte) (Receipt, error) {
	token, err := e.token(ctx)
	if err != nil {
		return Receipt{}, err
	}
	base := strings.TrimRight(e.Config.URL, "/")
	contract, _, err := do(ctx, e.Client, http.MethodPost, base+"/encompass/v3/converter/loans", "application/vnd.elliemae.mismo34+xml", "Bearer "+token, xml)
	if err != nil {
		return Receipt{}, fmt.Errorf("los: Encompass converter: %w", err)
	}
	q := url.Values{"view": {"id"}}
	if e.Config.LoanFolder != "" {
		q.Set("loanFolder", e.Config.LoanFolder)
	}
	body, header, err := do(ctx, e.Client, http.MethodPost, base+"/encompass/v3/loans?"+q.Encode(), "application/json", "Bearer "+token, contract)
	if err != nil {
		return Receipt{}, fmt.Errorf("los: Encompass create loan: %w", err)
	}
	var created struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(body, &created) == nil && created.ID != "" {
		return Receipt{ID: created.ID}, nil
	}
	if loc := header.Get("Location"); loc != "" {
		return Receipt{ID: loc[strings.LastIndex(loc, "/")+1:]}, nil
	}
	return Receipt{}, errors.New("los: Encompass create loan: the answer names no loan")
}

func (e *Encompass) token(ctx context.Context) (string, error) {
	form := url.Values{"grant_type": {"password"}, "username": {e.Config.Username + "@encompass:" + e.Config.Instance}, "password": {e.Config.Password}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(e.Config.URL, "/")+"/oauth2/v1/token", strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.SetBasicAuth(e.Config.ClientID, e.Config.ClientSecret)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	body, _, err := send(e.Client, req)
	if err != nil {
		return "", fmt.Errorf("los: Encompass token: %w", err)
	}
	var t struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.Unmarshal(body, &t); err != nil || t.AccessToken == "" {
		return "", errors.New("los: Encompass token: the answer holds no access token")
	}
	return t.AccessToken, nil
}

// Endpoint posts the MISMO file to an import endpoint with an API key, for
// the systems whose import interface is an endpoint their integration team
// hands out (Byte, LendingPad): POST URL, Content-Type application/xml,
// Authorization: Bearer <key>, X-Loan-Id: our loan id. The receipt is the
// "id" of a JSON answer, else the last part of its Location header.
type Endpoint struct {
	System string
	URL    string
	APIKey string
	Client *http.Client
}

// Name says what receives the files.
func (p *Endpoint) Name() string { return p.System }

// Send posts the file.
func (p *Endpoint) Send(ctx context.Context, loanID string, xml []byte) (Receipt, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.URL, bytes.NewReader(xml))
	if err != nil {
		return Receipt{}, err
	}
	req.Header.Set("Content-Type", "application/xml")
	req.Header.Set("Authorization", "Bearer "+p.APIKey)
	req.Header.Set("X-Loan-Id", loanID)
	body, header, err := send(p.Client, req)
	if err != nil {
		return Receipt{}, fmt.Errorf("los: %s: %w", p.System, err)
	}
	var answer struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(body, &answer) == nil && answer.ID != "" {
		return Receipt{ID: answer.ID}, nil
	}
	if loc := header.Get("Location"); loc != "" {
		return Receipt{ID: loc[strings.LastIndex(loc, "/")+1:]}, nil
	}
	return Receipt{}, fmt.Errorf("los: %s: the answer names no receipt", p.System)
}

func do(ctx context.Context, client *http.Client, method, target, contentType, auth string, body []byte) ([]byte, http.Header, error) {
	req, err := http.NewRequestWithContext(ctx, method, target, bytes.NewReader(body))
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Authorization", auth)
	return send(client, req)
}

// send makes the request and reads at most 4 MiB of the answer; a status
// other than 2xx is an error naming it (never the body, which may quote the
// file's personal data).
func send(client *http.Client, req *http.Request) ([]byte, http.Header, error) {
	res, err := client.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, 4<<20))
	if err != nil {
		return nil, nil, err
	}
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return nil, nil, fmt.Errorf("answered %s", res.Status)
	}
	return body, res.Header, nil
}
