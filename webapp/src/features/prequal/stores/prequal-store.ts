import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

// Spec §3 "Prequalification store": kept in localStorage under prequal-store,
// and can be reset to empty. Beside the spec's fields it keeps the answers
// that decide which pages a visitor without a loan sees (the page table's
// `when`): hasCoborrower and isSelfEmployed, sent with funnel.pages.

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
  /** The coborrower page's answer: will anyone apply with them? */
  hasCoborrower: boolean | null;
  /** The is-self-employed page's answer. */
  isSelfEmployed: boolean | null;
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
  hasCoborrower: null,
  isSelfEmployed: null,
};

export type PrequalStore = PrequalData & {
  update: (patch: Partial<PrequalData>) => void;
  reset: () => void;
};

const fields = Object.keys(emptyPrequal) as (keyof PrequalData)[];

export const usePrequalStore = create<PrequalStore>()(
  persist(
    (set) => ({
      ...emptyPrequal,
      update: (patch) => set(patch),
      reset: () => set(emptyPrequal),
    }),
    {
      name: PREQUAL_STORE_NAME,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // Only the data is stored, never the actions.
      partialize: (state) => Object.fromEntries(fields.map((f) => [f, state[f]])) as PrequalData,
    },
  ),
);
