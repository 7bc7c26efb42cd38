package domain

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// A JSON number of dollars is read exactly in decimal: the digits given,
// rounded half away from zero to the cent, never through a binary float.
func TestCentsReadsDollarsExactly(t *testing.T) {
	for s, want := range map[string]Cents{
		"0":                    0,
		"-0":                   0,
		"0.0":                  0,
		"1":                    100,
		"1200":                 120000,
		"312.5":                31250,
		"312.50":               31250,
		"312.500000":           31250,
		"0.01":                 1,
		"0.07":                 7,
		"0.1":                  10,
		"0.2":                  20,
		"0.3":                  30,
		"0.30000000000000004":  30,  // 0.1+0.2 as a float64 prints
		"1.005":                101, // a float64 of 1.005 is below it, and would round to 100
		"1.0049999":            100,
		"2.675":                268, // likewise 2.67499999... as a float64
		"0.005":                1,
		"0.00499":              0,
		"0.0000001":            0,
		"1e2":                  10000,
		"1E2":                  10000,
		"1e+2":                 10000,
		"1.5e3":                150000,
		"4.105e5":              41050000,
		"1e-2":                 1,
		"1E-2":                 1,
		"5e-3":                 1,
		"4.9e-3":               0,
		"31250e-2":             31250,
		"0.0e999999999999":     0,
		"1e-999999999999":      0,
		"100000000":            10_000_000_000, // #MaxDollars
		"99999999.99":          9_999_999_999,
		"100000000.00":         10_000_000_000,
		"1e8":                  10_000_000_000,
		"92233720368547758.07": math.MaxInt64,
		"-12.5":                -1250,
		"-0.005":               -1, // half away from zero
		"-0.004":               0,
		"-1.5e1":               -1500,
	} {
		var c Cents
		if err := json.Unmarshal([]byte(s), &c); err != nil || c != want {
			t.Errorf("%s: got %d %v, want %d cents", s, c, err, want)
		}
	}
}

// Sums of amounts are exact: 0.1 + 0.2 is 0.3, and a hundred thousand
// payments of 0.01 are 1000.
func TestCentsSumExactly(t *testing.T) {
	var a, b, c Cents
	for s, p := range map[string]*Cents{"0.1": &a, "0.2": &b, "0.3": &c} {
		if err := json.Unmarshal([]byte(s), p); err != nil {
			t.Fatal(err)
		}
	}
	x, y := 0.1, 0.2
	if x+y == 0.3 {
		t.Fatal("float64 0.1 + 0.2 is 0.3 here: the test shows nothing")
	}
	if a+b != c || (a+b).Decimal() != "0.3" {
		t.Fatalf("got %s, want 0.3", (a + b).Decimal())
	}
	var total Cents
	for range 100_000 {
		total += Cents(1)
	}
	if total.Decimal() != "1000" {
		t.Fatalf("got %s", total.Decimal())
	}
}

// ParseCents says whether anything was rounded away: a draw of a fraction
// of a cent is refused rather than rounded.
func TestParseCentsSaysWhetherExact(t *testing.T) {
	for s, want := range map[string]bool{"25000": true, "25000.5": true, "25000.50": true, "25000.500": true, "25000.005": false,
		"25000.0000001": false, "1e-3": false, "1e-2": true, "2.5e4": true, "0.0000": true, "-0.001": false} {
		if _, exact, err := ParseCents(s); err != nil || exact != want {
			t.Errorf("%s: got exact %v %v, want %v", s, exact, err, want)
		}
	}
	var e EnteredCents
	if err := json.Unmarshal([]byte(`25000.005`), &e); err != nil || e.Cents != 2500001 || !e.PartCents {
		t.Errorf("got %+v %v, want 25000.01 noted as part cents", e, err)
	}
	if err := json.Unmarshal([]byte(`25000.25`), &e); err != nil || e.Cents != 2500025 || e.PartCents {
		t.Errorf("got %+v %v, want 25000.25 exactly", e, err)
	}
	if b, _ := json.Marshal(e); string(b) != "25000.25" {
		t.Errorf("got %s, want 25000.25", b)
	}
}

// What is not a JSON number, or is beyond int64 cents, is refused.
func TestCentsRefusesWhatIsNotANumber(t *testing.T) {
	for _, s := range []string{`"312.5"`, `""`, `true`, `{}`, `[]`, `.5`, `5.`, `-`, `+5`, `1e`, `1e+`, `1.2.3`, `1,5`, `0x10`, `NaN`, `Infinity`,
		`1 2`, `12abc`, `92233720368547758.08`, `1e18`, `1e999999999999`, `-92233720368547758.09`} {
		var c Cents
		if err := c.UnmarshalJSON([]byte(s)); err == nil {
			t.Errorf("%s: got %d, want an error", s, c)
		}
	}
}

// An amount is written as a JSON number of dollars, the same text
// encoding/json wrote for the float64 it replaces, and reads back as the
// same cents.
func TestCentsWritesDollars(t *testing.T) {
	for c, want := range map[Cents]string{0: "0", 1: "0.01", 7: "0.07", 10: "0.1", 99: "0.99", 100: "1", 31250: "312.5", 31205: "312.05",
		120000: "1200", 3000050: "30000.5", 10_000_000_000: "100000000", 9_999_999_999: "99999999.99", -1250: "-12.5", -5: "-0.05",
		math.MaxInt64: "92233720368547758.07", math.MinInt64: "-92233720368547758.08"} {
		b, err := json.Marshal(c)
		if err != nil || string(b) != want {
			t.Errorf("%d: got %s %v, want %s", c, b, err, want)
		}
		if c > math.MinInt64 && c < 1<<53 && c > -(1<<53) {
			if f, _ := json.Marshal(float64(c) / 100); string(f) != want {
				t.Errorf("%d: float64 wrote %s, Cents %s", c, f, want)
			}
		}
		var back Cents
		if c != math.MinInt64 {
			if err := json.Unmarshal(b, &back); err != nil || back != c {
				t.Errorf("%s: read back %d %v, want %d", b, back, err, c)
			}
		}
	}
	if got := Cents(31250).String(); got != "312.50" {
		t.Errorf("String: got %s, want 312.50", got)
	}
	if got := Cents(-5).String(); got != "-0.05" {
		t.Errorf("String: got %s, want -0.05", got)
	}
}

// Every cent from 0 to $1,000 and a sweep up to $100,000,000 round-trips,
// and the text is the float64's, so nothing on the wire changes.
func TestCentsRoundTrips(t *testing.T) {
	check := func(c Cents) {
		b, _ := json.Marshal(c)
		var back Cents
		if err := json.Unmarshal(b, &back); err != nil || back != c {
			t.Fatalf("%d: wrote %s, read back %d %v", c, b, back, err)
		}
		if f, _ := json.Marshal(float64(c) / 100); string(f) != string(b) {
			t.Fatalf("%d: float64 wrote %s, Cents %s", c, f, b)
		}
	}
	for c := Cents(0); c <= 100_000; c++ {
		check(c)
	}
	for c := Cents(0); c <= 10_000_000_000; c += 9_999_991 {
		check(c)
		check(c + 1)
		check(c + 50)
	}
}

// null leaves an amount as it was: a *Cents stays nil, a Cents keeps its
// value; a struct's money reads and writes as dollars.
func TestCentsInStructs(t *testing.T) {
	var p Property
	if err := json.Unmarshal([]byte(`{"value":null,"hoaMonthly":312.5,"monthlyTaxes":1.2e3}`), &p); err != nil {
		t.Fatal(err)
	}
	if p.Value != nil || *p.HOAMonthly != 31250 || *p.MonthlyTaxes != 120000 || p.MonthlyInsurance != nil {
		t.Fatalf("got %+v", p)
	}
	b, _ := json.Marshal(p)
	if string(b) != `{"hoaMonthly":312.5,"monthlyTaxes":1200}` {
		t.Fatalf("got %s", b)
	}
	d := Disbursement{InitialDraw: 42}
	if err := json.Unmarshal([]byte(`{"initialDraw":null}`), &d); err != nil || d.InitialDraw != 42 {
		t.Fatalf("got %+v %v, want null to leave the draw", d, err)
	}
	var decl Declarations
	if b, _ := json.Marshal(decl); !strings.Contains(string(b), `"borrowedThirdPartyMoneyAmount":null`) {
		t.Fatalf("got %s, want the nullable amount written as null", b)
	}
}

// Rounding to whole dollars is half away from zero, as math.Round was.
func TestCentsToDollars(t *testing.T) {
	for c, want := range map[Cents]Dollars{0: 0, 49: 0, 50: 1, 149: 1, 150: 2, 85000050: 850001, 85000049: 850000, -49: 0, -50: -1, -150: -2} {
		if got := c.Dollars(); got != want {
			t.Errorf("%d: got %d, want %d", c, got, want)
		}
		if got := Dollars(math.Round(float64(c) / 100)); got != want {
			t.Errorf("%d: math.Round gives %d, want %d", c, got, want)
		}
	}
	if Dollars(1500).Cents() != 150000 || CentsOf(1500) != 150000 {
		t.Error("want 1500 dollars as 150000 cents")
	}
}
