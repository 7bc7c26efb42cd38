// The ineligible outcomes in plain words (design/screens.md, "ineligible
// pages"): why, and what would change the answer. Keyed by the page slug the
// eligibility policy names (ineligiblePage).

export type IneligibleCopy = {
  heading: string;
  explanation: string;
  whatHelps: string[];
};

export const ineligibleCopy: Readonly<Record<string, IneligibleCopy>> = {
  'low-equity': {
    heading: 'Your home doesn’t have enough equity for a line right now',
    explanation:
      'The line we can offer is based on your home’s value less what you owe on it. With the value and mortgage balances we have, the line available would be below our minimum line amount.',
    whatHelps: [
      'A higher home value, for example after improvements, can open a line. If you think our value is too low, tell us when you check again.',
      'Paying down your mortgage balance raises your equity over time.',
      'If a mortgage we counted is paid off or isn’t on this home, check again and correct it on the mortgage page.',
    ],
  },
  boost: {
    heading: 'Your credit score is below our minimum for now',
    explanation:
      'We can only offer a line when the credit score from your soft credit check meets our minimum. Yours is below it today, and scores can improve.',
    whatHelps: [
      'Pay every bill on time; payment history counts the most.',
      'Keep credit card balances low compared with their limits.',
      'Check your credit reports for mistakes at annualcreditreport.com, free, and dispute anything that is wrong.',
      'Avoid opening several new accounts in a short time.',
    ],
  },
  'late-payment': {
    heading: 'A recent late mortgage payment keeps us from offering a line',
    explanation:
      'Your credit report shows a recent mortgage payment that was late. We can’t open a line while a recent late mortgage payment is on your record.',
    whatHelps: [
      'Keep your mortgage payments on time. Once the late payment is older than our look-back period, you can check again.',
      'If the late payment is a mistake, dispute it with the credit bureau and your mortgage servicer.',
    ],
  },
};
