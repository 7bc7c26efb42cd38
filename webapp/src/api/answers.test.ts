import { answerMismatch, expectDefinition } from './answers';
import { createTRPCClient, TRPCClientError } from './trpc-client';

const systemInfo = {
  productName: 'P',
  environment: 'development',
  sandbox: true,
  botCheck: { mode: 'sandbox', siteKey: '' },
  policyRevision: 'r',
};

describe('answerMismatch', () => {
  it('passes an answer of its result definition, a field it does not name and all', () => {
    expect(answerMismatch('system.info', systemInfo)).toBeNull();
    expect(answerMismatch('system.info', { ...systemInfo, added: 1 })).toBeNull();
    expect(answerMismatch('loan.current', null)).toBeNull();
  });

  it.each([
    ['a missing field', { ...systemInfo, policyRevision: undefined }, 'policyRevision'],
    ['a wrong type', { ...systemInfo, sandbox: 'yes' }, 'sandbox'],
    ['a value its enumeration lacks', { ...systemInfo, environment: 'staging' }, 'environment'],
    ['a nested field', { ...systemInfo, botCheck: { mode: 'sandbox' } }, 'botCheck.siteKey'],
    ['null where none is allowed', null, ''],
  ])('finds %s', (_, data, at) => {
    expect(answerMismatch('system.info', JSON.parse(JSON.stringify(data)))).toBe(at);
  });

  it('reads lists, maps, nullable references and integers', () => {
    expect(answerMismatch('funnel.steps', { order: { a: 1, b: 7.5 }, sections: { a: 'A' }, revision: 'r' })).toBeNull();
    expect(answerMismatch('funnel.steps', { order: { a: 'one' }, sections: {}, revision: 'r' })).toBe('order.a');
    expect(answerMismatch('content.insights', { items: [{ slug: 's', title: 't', summary: 's', author: 'a' }] })).toBe('items.0.publishedAt');
    expect(answerMismatch('prequal.valuation', { value: 1, confidence: 'high', source: 'avm', asOf: '2026-01-01' })).toBeNull();
    expect(answerMismatch('prequal.valuation', { value: 1, confidence: 'sure', source: 'avm', asOf: '2026-01-01' })).toBe('confidence');
  });

  it('leaves a procedure the table does not list to the server', () => {
    expect(answerMismatch('no.such', 1)).toBeNull();
  });

  it('checks an answer that comes from no procedure by its definition', () => {
    expect(() => expectDefinition('/api/documents', { readOnly: true }, 'DocumentsView')).toThrow(TRPCClientError);
  });
});

describe('the client checks every answer', () => {
  const client = (body: unknown) =>
    createTRPCClient({
      fetch: async () => new Response(JSON.stringify(body)),
      getBotCheckToken: async () => 'token',
      checkAnswer: (path, data) => answerMismatch(path, data),
    });

  it('answers a query that fits', async () => {
    await expect(client({ result: { data: systemInfo } }).query('system.info')).resolves.toEqual(systemInfo);
  });

  it('fails a query or mutation answered in another shape with PARSE_ERROR', async () => {
    const bad = { result: { data: { ...systemInfo, sandbox: 'yes' } } };
    await expect(client(bad).query('system.info')).rejects.toMatchObject({ code: 'PARSE_ERROR', path: 'system.info' });
    await expect(client({ result: { data: { deleted: 'yes' } } }).mutate('identity.deleteSession')).rejects.toMatchObject({
      code: 'PARSE_ERROR',
      message: 'The server answered identity.deleteSession in an unexpected shape.',
    });
  });

  it('fails only the call of a batch whose answer does not fit', async () => {
    const outcomes = await client([{ result: { data: systemInfo } }, { result: { data: { deleted: 1 } } }]).batch([
      { path: 'system.info' },
      { path: 'identity.deleteSession' },
    ]);
    expect(outcomes[0]).toEqual({ ok: true, data: systemInfo });
    expect(outcomes[1]).toMatchObject({ ok: false, error: { code: 'PARSE_ERROR' } });
  });
});
