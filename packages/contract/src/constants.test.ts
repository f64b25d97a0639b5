import { describe, expect, it } from 'vitest';
import { catalogueFigure, MARKETING, parseId } from './constants';

describe('catalogueFigure', () => {
  it('rounds a live count down to two significant digits while it is below the claim', () => {
    expect(catalogueFigure(1570, MARKETING.screenshots)).toBe(1500);
    expect(catalogueFigure(96, MARKETING.apps)).toBe(96);
    expect(catalogueFigure(0, MARKETING.apps)).toBe(0);
    expect(catalogueFigure(999, MARKETING.apps)).toBe(990);
    expect(catalogueFigure(123_456, MARKETING.screenshots)).toBe(120_000);
  });

  it('never says more than the catalogue holds, and says the claim once it is reached', () => {
    for (const live of [7, 150, 1570, 99_999, 399_999]) expect(catalogueFigure(live, MARKETING.screenshots)).toBeLessThanOrEqual(live);
    expect(catalogueFigure(400_000, MARKETING.screenshots)).toBe(400_000);
    expect(catalogueFigure(1_200_000, MARKETING.screenshots)).toBe(400_000);
  });
});

describe('parseId', () => {
  it('reads an id as IdSchema does', async () => {
    const { IdSchema } = await import('./catalog');
    for (const value of ['1', '42', ' 7 ', '0', '-3', '1.5', '2147483647', '2147483648', 'abc', '', '1e3', 12, 0, null, undefined]) {
      const schema = IdSchema.safeParse(value);
      expect(parseId(value), JSON.stringify(value)).toBe(schema.success ? schema.data : null);
    }
  });
});
