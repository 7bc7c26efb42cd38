// The ineligible outcomes in plain words (design/screens.md, "ineligible
// pages"): a heading, what it means, and what would change the answer in
// general. The specific reasons, with their numbers (the line available,
// the minimum score, the look-back), come from the eligibility policy's
// reasons; nothing here repeats a threshold. Keyed by the page slug the
// policy names (ineligiblePage), which only a decline on the credit
// bureau's report has. The adverse-action notice's statutory wording is
// the rules' (rules/heloc/notice), stored with each notice.

export type IneligibleCopy = {
  heading: string;
  explanation: string;
  whatHelps: string[];
};

export const ineligibleCopy: Readonly<Record<string, IneligibleCopy>> = {
  'low-equity': {
    heading: 'Your home doesn’t have enough equity for a line right now',
    explanation:
      'The line we can offer is based on your home’s value less what you owe on it. With the value and balances we have, the line available is below our smallest line, or the property is not one we lend on.',
    whatHelps: [
      'A higher home value, for example after improvements, can open a line. If you think the value we used is too low, correct it when you check again.',
      'Paying down your mortgage balance raises your equity over time.',
      'If a mortgage we counted is paid off or isn’t on this home, check again and correct it on the mortgage page.',
    ],
  },
  boost: {
    heading: 'Your credit doesn’t meet our minimum yet',
    explanation:
      'We can offer a line only when the credit score on the credit report we obtained meets our minimum. A report without enough history to produce a score can’t meet it yet. Both can change.',
    whatHelps: [
      'Pay every bill on time; payment history counts the most.',
      'Keep credit card balances low compared with their limits.',
      'Without a score yet: keep an account or two open and in use, paid on time, for at least six months.',
      'Check your credit reports for mistakes, free at annualcreditreport.com, and dispute anything that is wrong.',
      'Avoid opening several new accounts in a short time.',
    ],
  },
  'late-payment': {
    heading: 'A recent payment problem keeps us from offering a line now',
    explanation:
      'A recent late mortgage payment, or a foreclosure, bankruptcy or loan modification in the last few years, keeps us from opening a line. These count only for a set time.',
    whatHelps: [
      'Keep your mortgage payments on time. Once the late payment is older than the period named above, you can check again.',
      'If the late payment is a mistake, dispute it with the credit bureau and your mortgage servicer, then check again.',
    ],
  },
};
