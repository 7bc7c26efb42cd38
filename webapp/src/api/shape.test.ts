import { expectShape, is } from './shape';
import { TRPCClientError } from './trpc-client';

const isStep = is.shape({ order: is.recordOf(is.number), steps: is.arrayOf(is.shape({ slug: is.string })) });

describe('expectShape', () => {
  it('passes an answer of the expected shape through, extra fields and all', () => {
    const data = { order: { a: 1, b: 7.5 }, steps: [{ slug: 'x', extra: true }], more: 1 };
    expect(expectShape('x.y', data, isStep)).toBe(data);
  });

  it.each([
    ['a wrong field type', { order: { a: 'one' }, steps: [] }],
    ['an object for a list', { order: {}, steps: { action: 'none' } }],
    ['a missing field', { order: {} }],
    ['null', null],
  ])('rejects %s as a PARSE_ERROR', (_, data) => {
    let err: unknown;
    try {
      expectShape('funnel.steps', data, isStep);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(TRPCClientError);
    expect(err).toMatchObject({ code: 'PARSE_ERROR', path: 'funnel.steps' });
  });
});
