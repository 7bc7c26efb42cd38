import { emptyPrequal, PREQUAL_STORE_NAME, usePrequalStore } from './prequal-store';

function stored() {
  const raw = localStorage.getItem(PREQUAL_STORE_NAME);
  return raw ? (JSON.parse(raw) as { state: Record<string, unknown> }).state : null;
}

describe('prequal store', () => {
  beforeEach(() => usePrequalStore.getState().reset());

  it('holds the spec §3 fields, the phone and the answers, all empty at first', () => {
    const data = Object.fromEntries(Object.keys(emptyPrequal).map((k) => [k, usePrequalStore.getState()[k as keyof typeof emptyPrequal]]));
    expect(Object.keys(data).sort()).toEqual(
      [
        'currentPage', 'buildingType', 'propertyUnits', 'loanPurpose', 'propertyUsage', 'loanOfficerTag', 'code',
        'email', 'firstName', 'lastName', 'informationSharingConsent', 'eConsent', 'tcpaConsent', 'isAdverseAction',
        'adverseActionMessage', 'phone', 'answers',
      ].sort(),
    );
    const { answers, ...rest } = data;
    expect(Object.values(rest).every((v) => v === null)).toBe(true);
    expect(answers).toEqual({});
  });

  it('persists updates in localStorage under prequal-store', () => {
    usePrequalStore.getState().update({ email: 'ana@example.com', propertyUsage: 'secondHome', eConsent: true });
    expect(stored()).toMatchObject({ email: 'ana@example.com', propertyUsage: 'secondHome', eConsent: true });
    expect(stored()).not.toHaveProperty('update');
    expect(stored()).not.toHaveProperty('reset');
  });

  it('merges answers as prequal.save does: a key given replaces the one kept, others stay', () => {
    const { saveAnswers } = usePrequalStore.getState();
    saveAnswers({ propertyValue: 500000, fbm: { foreclosure: false, bankruptcy: false, modification: false } });
    saveAnswers({ propertyValue: 510000, zip: '94110' });
    expect(usePrequalStore.getState().answers).toEqual({
      propertyValue: 510000,
      zip: '94110',
      fbm: { foreclosure: false, bankruptcy: false, modification: false },
    });
    expect(stored()?.answers).toEqual(usePrequalStore.getState().answers);
    usePrequalStore.getState().clearAnswers();
    expect(stored()?.answers).toEqual({});
  });

  it('reset() empties every field, in memory and in storage', () => {
    usePrequalStore.getState().update({ firstName: 'Ana', code: '123456', isAdverseAction: true, phone: '4155550101' });
    usePrequalStore.getState().saveAnswers({ zip: '94110' });
    usePrequalStore.getState().reset();
    expect(usePrequalStore.getState()).toMatchObject(emptyPrequal);
    expect(stored()).toEqual(emptyPrequal);
  });

  it('reads back what an earlier visit stored', async () => {
    localStorage.setItem(
      PREQUAL_STORE_NAME,
      JSON.stringify({ state: { ...emptyPrequal, currentPage: '/app/initial-setup/zip', lastName: 'Diaz', answers: { zip: '94110' } }, version: 2 }),
    );
    await usePrequalStore.persist.rehydrate();
    expect(usePrequalStore.getState().currentPage).toBe('/app/initial-setup/zip');
    expect(usePrequalStore.getState().lastName).toBe('Diaz');
    expect(usePrequalStore.getState().answers).toEqual({ zip: '94110' });
  });

  it('moves the two answers an earlier version kept as fields into the answers', async () => {
    localStorage.setItem(
      PREQUAL_STORE_NAME,
      JSON.stringify({ state: { email: 'ana@example.com', hasCoborrower: true, isSelfEmployed: false }, version: 1 }),
    );
    await usePrequalStore.persist.rehydrate();
    expect(usePrequalStore.getState().email).toBe('ana@example.com');
    expect(usePrequalStore.getState().answers).toEqual({ hasCoborrower: true, isSelfEmployed: false });
    expect(usePrequalStore.getState()).not.toHaveProperty('hasCoborrower');
  });
});
