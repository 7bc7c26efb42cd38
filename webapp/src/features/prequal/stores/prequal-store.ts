import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

import type { PrequalAnswers } from '../api/get-answers';

// Spec §3 "Prequalification store": kept in localStorage under prequal-store,
// and can be reset to empty. Beside the spec's fields it keeps the phone the
// landing funnel asks before the account exists, and the visitor's answers
// (#PrequalAnswers) until then: the contact step saves them to the new
// loan with prequal.save and empties them here. The date of birth and SSN
// are never kept here: they go straight to the credit check.

export const PREQUAL_STORE_NAME = 'prequal-store';

export type PropertyUsage = 'primaryResidence' | 'secondHome' | 'investment';
export type BuildingType = 'singleFamily' | 'multiUnit' | 'condo' | 'townhouse' | 'manufactured';

export type PrequalData = {
  currentPage: string | null;
  buildingType: BuildingType | null;
  /** 1 to 4; 5 stands for 5 or more units. */
  propertyUnits: number | null;
  loanPurpose: string | null;
  propertyUsage: PropertyUsage | null;
  loanOfficerTag: string | null;
  code: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  informationSharingConsent: boolean | null;
  eConsent: boolean | null;
  tcpaConsent: boolean | null;
  isAdverseAction: boolean | null;
  adverseActionMessage: string | null;
  /** The phone page's number, 10 digits, until the account holds it. */
  phone: string | null;
  /** The visitor's answers to the question pages, until the account exists. */
  answers: PrequalAnswers;
};

export const emptyPrequal: PrequalData = {
  currentPage: null,
  buildingType: null,
  propertyUnits: null,
  loanPurpose: null,
  propertyUsage: null,
  loanOfficerTag: null,
  code: null,
  email: null,
  firstName: null,
  lastName: null,
  informationSharingConsent: null,
  eConsent: null,
  tcpaConsent: null,
  isAdverseAction: null,
  adverseActionMessage: null,
  phone: null,
  answers: {},
};

export type PrequalStore = PrequalData & {
  update: (patch: Partial<PrequalData>) => void;
  /** Merges answers in: a key given replaces the one kept (as prequal.save does on the server). */
  saveAnswers: (answers: PrequalAnswers) => void;
  /** Forgets the answers, once the loan holds them. */
  clearAnswers: () => void;
  reset: () => void;
};

const fields = Object.keys(emptyPrequal) as (keyof PrequalData)[];

type V1 = Partial<Omit<PrequalData, 'answers'>> & { hasCoborrower?: boolean | null; isSelfEmployed?: boolean | null };

export const usePrequalStore = create<PrequalStore>()(
  persist(
    (set) => ({
      ...emptyPrequal,
      update: (patch) => set(patch),
      saveAnswers: (answers) => set((s) => ({ answers: { ...s.answers, ...answers } })),
      clearAnswers: () => set({ answers: {} }),
      reset: () => set(emptyPrequal),
    }),
    {
      name: PREQUAL_STORE_NAME,
      version: 2,
      storage: createJSONStorage(() => localStorage),
      // Only the data is stored, never the actions.
      partialize: (state) => Object.fromEntries(fields.map((f) => [f, state[f]])) as PrequalData,
      // Version 1 kept two answers as fields of their own.
      migrate: (persisted, version) => {
        if (version >= 2) return persisted as PrequalData;
        const { hasCoborrower, isSelfEmployed, ...rest } = (persisted ?? {}) as V1;
        const answers: PrequalAnswers = {};
        if (typeof hasCoborrower === 'boolean') answers.hasCoborrower = hasCoborrower;
        if (typeof isSelfEmployed === 'boolean') answers.isSelfEmployed = isSelfEmployed;
        return { ...emptyPrequal, ...rest, answers };
      },
    },
  ),
);
