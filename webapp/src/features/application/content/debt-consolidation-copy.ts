// The wording of the debt-consolidation page (design/screens.md): the
// credit report's debts, which to pay off at closing, the monthly saving,
// and leaving a student loan out of the debt-to-income ratio.

export const debtCopy = {
  describe: (type: string, balance: string, monthly: string) => `${type ? `${type[0]!.toUpperCase()}${type.slice(1)}, ` : ''}balance ${balance}, ${monthly} a month`,
  payOff: (creditor: string) => `Pay off ${creditor} at closing`,
  omit: 'Leave this debt out of my debt-to-income ratio',
  omitHelp:
    'For a student loan in deferment or forbearance, for example. A student loan left out needs a recent statement showing its payment; we’ll ask for it with your documents.',
  savingLabel: 'Monthly payments you would no longer make',
  savingHelp: 'The debts you pay off at closing are paid from your line; its own payment replaces theirs.',
  none: 'Your credit report shows no debts to pay off besides your mortgage. Continue to the next step.',
} as const;
