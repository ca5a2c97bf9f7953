import { MAX_FIELDS, shapeProblems } from './request-shape';

describe('shapeProblems', () => {
  it('lets the largest valid post through: 50 accounts, 25 containers of 20 media', () => {
    const largest = {
      tenant_id: 'tenant-1',
      accounts: Array.from({ length: 50 }, (_, i) => `acc_${i}`),
      containers: Array.from({ length: 25 }, () => ({
        content: 'x',
        media: Array.from({ length: 20 }, (_, i) => ({ url: `https://a.example/${i}.jpg`, id: `med_${i}` })),
      })),
      scheduledAt: '2026-12-01T09:00:00.000Z',
    };
    expect(shapeProblems(largest)).toEqual({ problems: [], tooManyFields: false });
  });

  it(`stops at ${MAX_FIELDS} fields, however wide or long the value`, () => {
    expect(shapeProblems(Array.from({ length: 1_000_000 }, () => 0)).tooManyFields).toBe(true);
    expect(shapeProblems(Array.from({ length: MAX_FIELDS }, () => 0)).tooManyFields).toBe(false);
  });
});
