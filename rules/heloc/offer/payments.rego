# The monthly payments of a line (policy contract
# "data.heloc.offer.payments"; issue 20 "One arithmetic, in the rules, in
# exact money").
#
# How to read this file: a HELOC's payments are computed here and nowhere
# else. The preview offer, the Truth in Lending example, the disclosures,
# the portal and the debt-to-income rule (dti.rego) all use
# payment_schedule. Money in: whole dollars; money out: integer cents.
#
# - Draw period: interest only on the balance drawn, at the APR's monthly
#   periodic rate (APR / 12, Regulation Z §1026.14(b)): balance x apr/100/12.
# - Repayment period: the level payment that repays the balance over
#   repaymentMonths at the same rate: P x r / (1 - (1 + r)^-n).
# - Each payment is rounded half-up to the cent (Regulation Z rounds money to
#   the cent; appendix J rounds half-up).
#
# The arithmetic is exact where it can be: the APR is read as whole
# hundredths of a percent (the contract gives two decimals) and the
# interest-only payment is an integer division. The level payment needs
# (1 + r)^n, which OPA (no pow builtin) gets by repeated squaring, in whole
# numbers scaled by 2^62 (fixed point: OPA multiplies whole numbers exactly
# and fast, and bits.rsh divides by 2^62), so each step is off by less than
# 2^-62 (about 2e-19) of the value: a payment is off by far less than 1e-9
# of a cent before the rounding to the cent (the tests check figures worked
# out with exact fractions).
package heloc.offer

import rego.v1

import data.heloc.offer.tables

# payments: the monthly payments of input.balance (whole dollars, fully
# drawn) at input.apr (percent), over the program's periods (policy contract
# "heloc.offer.payments"): {balance, drawPaymentCents, repaymentPaymentCents,
# drawMonths, repaymentMonths}. Read-only, not recorded. Without a number for
# each, or without the program table: null.
default payments := null

payments := payment_schedule(input.balance, input.apr) if {
	is_number(input.balance)
	input.balance >= 0
	is_number(input.apr)
	input.apr >= 0
}

# example: the Truth in Lending example of the disclosures (Regulation Z
# §1026.40(d)(5)(i) and (d)(12)(x)-(xi)): the payments on a $10,000 balance
# at input.apr (the offer's APR, percent) and at the program's maximum APR
# (tables.program.rate_cap), each as payment_schedule works it out (the
# interest-only payment, and the balance times the repayment payment per
# dollar, rounded to the cent): {balance, drawPaymentCents,
# repaymentPaymentCents, maxRateDrawPaymentCents,
# maxRateRepaymentPaymentCents}. Only the disclosures state it, so the
# preview offer does not work it out. Without a number for the APR: null.
default example := null

example := {
	"balance": _example_balance,
	"drawPaymentCents": at_apr.drawPaymentCents,
	"repaymentPaymentCents": at_apr.repaymentPaymentCents,
	"maxRateDrawPaymentCents": at_cap.drawPaymentCents,
	"maxRateRepaymentPaymentCents": at_cap.repaymentPaymentCents,
} if {
	is_number(input.apr)
	input.apr >= 0
	at_apr := payment_schedule(_example_balance, input.apr)
	at_cap := payment_schedule(_example_balance, tables.program.rate_cap)
}

_example_balance := 10000

# payment_schedule(balance, apr) is the payments of balance whole dollars,
# fully drawn, at apr percent, over the program's draw and repayment periods.
payment_schedule(balance, apr) := schedule(balance, apr, repayment_factor(apr, _repayment_months))

# schedule(balance, apr, factor): the same, with the repayment payment per
# dollar at apr (repayment_factor(apr, repayment months)) worked out once by
# the caller, as the preview does for its APR and the rate cap (the power in
# the factor is the costly step).
schedule(balance, apr, factor) := {
	"balance": balance,
	"drawPaymentCents": interest_only_cents(balance, apr),
	"repaymentPaymentCents": round(balance * factor),
	"drawMonths": _draw_months,
	"repaymentMonths": _repayment_months,
}

_draw_months := tables.program.draw_period_years * 12

_repayment_months := tables.program.repayment_period_years * 12

# interest_only_cents(balance, apr): balance x apr/100/12 dollars, in cents
# (balance x hundredths-of-a-percent / 1200), rounded half-up: adding 600
# (half of 1200) and dividing rounds down. A whole amount (every line and
# balance is in whole dollars) is divided without a fraction ever being
# formed: less its remainder it divides exactly (OPA works a fraction out in
# floating point, which costs far more). Any other amount: the quotient
# rounded down. An integer divided by 1200 has a fraction that is a
# multiple of 1/1200, so both ways give the same whole number.
interest_only_cents(balance, apr) := (x - (x % 1200)) / 1200 if {
	x := (balance * _hundredths(apr)) + 600
	x >= 0
	floor(x) == x
} else := floor(((balance * _hundredths(apr)) + 600) / 1200)

# amortized_cents(balance, apr, months): the level monthly payment that
# repays balance over months at apr, in cents, rounded half-up. It is the
# balance times the payment per dollar (repayment_factor), so that the
# debt-to-income rule can solve it for the line.
amortized_cents(balance, apr, months) := round(balance * repayment_factor(apr, months))

# repayment_factor(apr, months): the level payment, in cents, on each dollar
# owed: 100 x r / (1 - (1 + r)^-n) = 100 x r x g / (g - 1), g = (1 + r)^n,
# r = apr/100/12 the monthly periodic rate. With the APR in hundredths of a
# percent h, r = h / 120000 and 100 x r = h / 1200; with g in fixed point
# (G = g x 2^62) the factor is h x G / (1200 x (G - 2^62)). At 0% it is
# 100 / n; with no repayment months the whole balance is due at once (100).
repayment_factor(apr, months) := (h * g) / (1200 * (g - _one)) if {
	months > 0
	h := _hundredths(apr)
	h > 0
	g := growth(120000 + h, 120000, months)
} else := 100 / months if {
	months > 0
} else := 100

# The APR in whole hundredths of a percent (7.25 -> 725), so that 7.35 is
# exactly 735 and not its nearest binary fraction.
_hundredths(apr) := round(apr * 100)

# growth(p, q, n): (p / q)^n in fixed point (times 2^62, rounded down),
# for whole p and q (p >= q > 0) and a whole n from 0 to 4095 (340 years of
# months), by repeated squaring: the product of the squares (p/q)^(2^k) for
# each binary digit k of n that is 1. Below 256 (a repayment of up to 21
# years) the squares up to the 128th power suffice.
growth(p, q, n) := bits.rsh(product(chosen), 62 * (count(chosen) - 1)) if {
	squares := _squares(floor((p * _one) / q), n)
	chosen := [squares[k] | some k in _ones(n)]
	count(chosen) > 0
} else := _one

# The fixed point's one: 2^62.
_one := bits.lsh(1, 62)

# The positions of the binary digits of n that are 1, last digit first:
# _ones(240) is [4, 5, 6, 7]. It depends on n alone, so OPA works it out
# once for the repayment months, whatever the rate.
_ones(n) := [k | some k, digit in split(strings.reverse(format_int(n, 2)), ""); digit == "1"]

# The squares x^(2^k) of x in fixed point (each a x a shifted right by 62
# bits), up to the 128th power below n = 256, else up to the 2048th.
_squares(x, n) := [x, x2, x4, x8, x16, x32, x64, x128] if {
	n < 256
	x2 := bits.rsh(x * x, 62)
	x4 := bits.rsh(x2 * x2, 62)
	x8 := bits.rsh(x4 * x4, 62)
	x16 := bits.rsh(x8 * x8, 62)
	x32 := bits.rsh(x16 * x16, 62)
	x64 := bits.rsh(x32 * x32, 62)
	x128 := bits.rsh(x64 * x64, 62)
} else := [x, x2, x4, x8, x16, x32, x64, x128, x256, x512, x1024, x2048] if {
	x2 := bits.rsh(x * x, 62)
	x4 := bits.rsh(x2 * x2, 62)
	x8 := bits.rsh(x4 * x4, 62)
	x16 := bits.rsh(x8 * x8, 62)
	x32 := bits.rsh(x16 * x16, 62)
	x64 := bits.rsh(x32 * x32, 62)
	x128 := bits.rsh(x64 * x64, 62)
	x256 := bits.rsh(x128 * x128, 62)
	x512 := bits.rsh(x256 * x256, 62)
	x1024 := bits.rsh(x512 * x512, 62)
	x2048 := bits.rsh(x1024 * x1024, 62)
}
