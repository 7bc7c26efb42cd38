import type { FaqItem } from '@/components/ui/faq-list';

export const applicationFaqs: FaqItem[] = [
  {
    question: 'Does applying affect my credit score?',
    answer:
      'Checking your rate uses a soft credit inquiry, which does not affect your credit score. When you submit the full application and authorize it, we make a hard inquiry, which can lower your score slightly for a while.',
  },
  {
    question: 'Which documents will I need?',
    answer:
      'It depends on your income and your home. Salaried borrowers whose jobs cannot be verified through a payroll provider usually upload recent paystubs and W-2s. The documents page lists exactly what your application needs and what is still missing.',
  },
  {
    question: 'Can I stop and come back later?',
    answer: 'Yes. Sign in with the e-mail address you applied with to return to your application.',
  },
  {
    question: 'Why do you ask for demographic information?',
    answer:
      'Federal law asks lenders to collect it to monitor compliance with fair lending laws. Answering is optional, and your choice does not affect your application.',
  },
  {
    question: 'What happens after I submit?',
    answer:
      'Our underwriters review your application and let you know if they need anything else. Where needed we order an appraisal, and then we schedule your closing.',
  },
];
