import { emptyPrequal, PREQUAL_STORE_NAME, usePrequalStore } from './prequal-store';

function stored() {
  const raw = localStorage.getItem(PREQUAL_STORE_NAME);
  return raw ? (JSON.parse(raw) as { state: Record<string, unknown> }).state : null;
}

describe('prequal store', () => {
  beforeEach(() => usePrequalStore.getState().reset());

  it('holds the spec §3 fields and the answers that decide the pages, all empty at first', () => {
    const data = Object.fromEntries(Object.keys(emptyPrequal).map((k) => [k, usePrequalStore.getState()[k as keyof typeof emptyPrequal]]));
    expect(Object.keys(data).sort()).toEqual(
      [
        'currentPage', 'buildingType', 'propertyUnits', 'loanPurpose', 'propertyUsage', 'loanOfficerTag', 'code',
        'email', 'firstName', 'lastName', 'informationSharingConsent', 'eConsent', 'tcpaConsent', 'isAdverseAction',
        'adverseActionMessage', 'hasCoborrower', 'isSelfEmployed',
      ].sort(),
    );
    expect(Object.values(data).every((v) => v === null)).toBe(true);
  });

  it('persists updates in localStorage under prequal-store', () => {
    usePrequalStore.getState().update({ email: 'ana@example.com', propertyUsage: 'secondHome', eConsent: true });
    expect(stored()).toMatchObject({ email: 'ana@example.com', propertyUsage: 'secondHome', eConsent: true });
    expect(stored()).not.toHaveProperty('update');
    expect(stored()).not.toHaveProperty('reset');
  });

  it('reset() empties every field, in memory and in storage', () => {
    usePrequalStore.getState().update({ firstName: 'Ana', code: '123456', isAdverseAction: true });
    usePrequalStore.getState().reset();
    expect(usePrequalStore.getState()).toMatchObject(emptyPrequal);
    expect(stored()).toEqual(emptyPrequal);
  });

  it('reads back what an earlier visit stored', async () => {
    localStorage.setItem(
      PREQUAL_STORE_NAME,
      JSON.stringify({ state: { ...emptyPrequal, currentPage: '/app/initial-setup/zip', lastName: 'Diaz' }, version: 1 }),
    );
    await usePrequalStore.persist.rehydrate();
    expect(usePrequalStore.getState().currentPage).toBe('/app/initial-setup/zip');
    expect(usePrequalStore.getState().lastName).toBe('Diaz');
  });
});
