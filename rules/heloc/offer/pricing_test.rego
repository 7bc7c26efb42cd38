# Tests for heloc.offer's price (offer.rego, "The price"): the margin of the
# grid row and the usage, the APR within the floor and the cap, the prime
# rate by date and the origination fee. The helpers (offer_for, grid,
# program, fee, edge_scores, apr_of, ...) are offer_test.rego's.

package heloc.offer_test

import rego.v1

import data.heloc.offer
import data.heloc.offer.tables

# --- The price: "a better credit score never gets a worse rate" ---

test_a_better_credit_score_never_gets_a_worse_rate if {
	every scenario in [
		{},
		{"propertyValue": 1000000},
		{"propertyValue": 1000000, "mortgageBalance": 250000},
		{"propertyValue": 3000000},
		{"propertyUsage": "secondHome"},
		{"propertyUsage": "investment", "propertyValue": 900000},
		{"primeRate": 1.0, "propertyValue": 3000000},
		{"primeRate": 16.5},
	] {
		aprs := [offer_for(object.union(scenario, {"creditScore": s})).apr | some s in edge_scores]
		every i in numbers.range(1, count(aprs) - 1) {
			aprs[i] <= aprs[i - 1]
		}
	}
}

test_across_the_grid_a_higher_score_band_never_has_a_higher_margin if {
	every a in grid {
		every b in grid {
			_better_never_dearer(a, b)
		}
	}
}

# Where row a's score band is above row b's and their CLTV bands meet, a's
# margin is no higher than b's.
_better_never_dearer(a, b) if a.score.min <= b.score.min

_better_never_dearer(a, b) if a.cltv.upTo <= b.cltv.above

_better_never_dearer(a, b) if b.cltv.upTo <= a.cltv.above

_better_never_dearer(a, b) if a.margin <= b.margin

test_across_the_grid_a_lower_cltv_band_never_has_a_higher_margin if {
	every a in grid {
		every b in grid {
			_lower_cltv_never_dearer(a, b)
		}
	}
}

# Where row a's CLTV band is below row b's and their score bands meet, a's
# margin is no higher than b's.
_lower_cltv_never_dearer(a, b) if a.cltv.upTo >= b.cltv.upTo

_lower_cltv_never_dearer(a, b) if a.score.below <= b.score.min

_lower_cltv_never_dearer(a, b) if b.score.below <= a.score.min

_lower_cltv_never_dearer(a, b) if a.margin <= b.margin

# Every row of the grid prices the applications in its bands, at its
# margin plus the usage's: tried at the row's first eligible score and the
# top of its CLTV band, for each usage.
test_each_grid_row_prices_its_bands_at_its_margin_plus_the_usage_s if {
	every row in grid {
		every m in tables.usage_margins {
			_prices_at_its_margin(row, m.usage)
		}
	}
}

_prices_at_its_margin(row, _) if row.score.below <= minimum_score

_prices_at_its_margin(row, usage) if {
	score := max([row.score.min, minimum_score])
	score < row.score.below
	o := offer_for({"creditScore": score, "propertyUsage": usage}) with offer._line_cltv as row.cltv.upTo
	o.pricingRow == row.id
	o.margin == row.margin + usage_margin(usage)
	o.apr == apr_of(o.primeRate, o.margin)
}

# A prime rate halfway between the floor and the cap, to the cent.
test_apr_is_prime_plus_margin if {
	prime := round(((program.rate_floor + program.rate_cap) / 2) * 100) / 100
	o := offer_for({"primeRate": prime})
	o.apr == round((prime + o.margin) * 100) / 100
}

test_apr_stays_within_the_floor_and_the_cap if {
	every prime in [0, 1, 3.5, 6.75, 12, 17, 25] {
		every score in edge_scores {
			o := offer_for({"primeRate": prime, "creditScore": score})
			o.apr >= program.rate_floor
			o.apr <= program.rate_cap
		}
	}
}

test_the_apr_never_goes_below_the_floor if {
	offer_for({"primeRate": program.rate_floor - 25}).apr == program.rate_floor
}

test_the_apr_never_goes_above_the_cap if {
	offer_for({"primeRate": program.rate_cap}).apr == program.rate_cap
}

test_the_apr_is_rounded_to_two_decimals if {
	o := offer_for({"primeRate": 7.333})
	o.apr == round((7.333 + o.margin) * 100) / 100
	o.apr * 100 == round(o.apr * 100)
}

test_a_usage_not_in_the_margin_table_adds_nothing if {
	o := offer_for({"propertyUsage": "vacation"})
	[row] := [r | some r in grid; r.id == o.pricingRow]
	o.margin == row.margin
}

test_the_program_s_terms_are_stated_on_every_preview if {
	every overrides in [{}, {"creditScore": null}] {
		o := offer_for(overrides)
		o.drawPeriodYears == program.draw_period_years
		o.repaymentPeriodYears == program.repayment_period_years
		o.rateFloor == program.rate_floor
		o.rateCap == program.rate_cap
	}
}

# --- The prime rate ---

test_the_input_s_prime_rate_is_used_when_given if {
	o := offer_for({"primeRate": 7.5})
	o.primeRate == 7.5
	o.primeRateRule == "input"
}

test_a_table_prime_rate_takes_effect_on_its_effective_day if {
	every row in tables.prime_rates {
		o := offer_for({"today": row.effective})
		o.primeRate == row.rate
		o.primeRateRule == row.id
	}
}

test_the_day_before_a_change_the_earlier_rate_applies if {
	rows := tables.prime_rates
	every i in numbers.range(1, count(rows) - 1) {
		before := time.format([time.add_date(time.parse_ns("2006-01-02", rows[i].effective), 0, 0, -1), "UTC", "2006-01-02"])
		offer_for({"today": before}).primeRateRule == rows[i - 1].id
	}
}

test_before_every_row_the_earliest_rate_applies if {
	offer_for({"today": "1999-01-01"}).primeRateRule == tables.prime_rates[0].id
}

test_after_the_last_change_the_last_rate_applies if {
	offer_for({"today": "2099-01-01"}).primeRateRule == tables.prime_rates[count(tables.prime_rates) - 1].id
}

# --- Origination fee: a percent of the line within a minimum and a maximum ---

test_the_fee_is_the_percent_of_the_line_between_its_bounds if {
	line := ((fee.minimum + fee.maximum) / 2) / fee.percent
	offer.origination_fee(line) == round(line * fee.percent)
}

test_a_small_line_pays_the_minimum_fee if offer.origination_fee(1) == fee.minimum

test_a_large_line_pays_the_maximum_fee if offer.origination_fee(100 * program.max_line) == fee.maximum

test_the_fee_is_in_whole_dollars if {
	every line in [25001, 33333, 119950, 123457] {
		f := offer.origination_fee(line)
		f == round(f)
	}
}

test_an_offer_s_fee_is_that_of_its_line if {
	every overrides in [{}, {"propertyValue": 3000000}, {"mortgageBalance": 0}] {
		o := offer_for(overrides)
		o.originationFee == offer.origination_fee(o.maxLine)
	}
}
