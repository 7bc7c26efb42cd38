import type { FaqItem } from '@/components/ui/faq-list';

export const faqs: FaqItem[] = [
  {
    question: 'What is a home equity line of credit (HELOC)?',
    answer:
      'A HELOC is a revolving line of credit secured by your home. During the draw period you can borrow up to your limit, repay, and borrow again. After the draw period ends, you repay what is left over the repayment period.',
  },
  {
    question: 'Will checking my rate affect my credit score?',
    answer:
      'No. To show your preview offer we make a soft credit inquiry, which does not affect your credit score. A hard inquiry is made only after you submit a full application and authorize it.',
  },
  {
    question: 'How much can I borrow?',
    answer:
      'It depends on your home’s value, what you still owe on it, how you use the home and your credit. Your combined loan-to-value (all loans on the home, including the new line, divided by its value) must stay within our limits.',
  },
  {
    question: 'How is the rate set?',
    answer:
      'The rate is variable: it is the prime rate plus a margin, which depends on your credit and combined loan-to-value. The rate has a floor and a cap, and changes when the prime rate changes.',
  },
  {
    question: 'Are there fees?',
    answer: 'Your preview offer shows any origination fee before you apply, along with your rate and line amount.',
  },
  {
    question: 'Who can apply?',
    answer:
      'Homeowners in the states where we lend, for a primary home, a secondary home or a rental property. A coborrower, such as a spouse or co-owner, can apply with you.',
  },
  {
    question: 'What could keep me from qualifying?',
    answer:
      'The usual reasons are too little equity in the home, a credit score below our minimum, a recent late mortgage payment, or a recent foreclosure, bankruptcy or loan modification. If we cannot offer a line, we tell you why.',
  },
  {
    question: 'What are the risks?',
    answer:
      'Your home secures the line: if you do not repay, you could lose your home. Because the rate is variable, your payment can rise when rates rise.',
  },
];
