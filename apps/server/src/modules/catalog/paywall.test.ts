import { DETAIL_PAGE_SIZE, LIMITS, PAGE_SIZE, PaywallMessage, ReplyCode, SCREEN_PAGE_SIZE } from '@shotlib/contract';
import { describe, expect, it } from 'vitest';
import { VipRequiredError } from '../../lib/errors';
import { applyPaywall } from './paywall';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return null;
};

describe('applyPaywall', () => {
  it('lets regular callers page lists up to the limit, then refuses', () => {
    const last = LIMITS.regular.listMaxPage;
    expect(applyPaywall(false, { kind: 'list', page: 1, pageSize: 8 })).toEqual({ limit: 8, offset: 0 });
    expect(applyPaywall(false, { kind: 'list', page: last, pageSize: 8 })).toEqual({ limit: 8, offset: (last - 1) * 8 });
    const err = refusal(() => applyPaywall(false, { kind: 'list', page: last + 1, pageSize: 8 }));
    expect(err).toBeInstanceOf(VipRequiredError);
    expect((err as VipRequiredError).replyCode).toBe(ReplyCode.vipRequired);
    expect((err as VipRequiredError).message).toBe(PaywallMessage.listPages);
  });

  it('does not let a bigger page size reach beyond the free pages', () => {
    const freeRows = LIMITS.regular.listMaxPage * PAGE_SIZE;
    // pageSize 50: pages 1–8 start inside the free rows, page 8 is cut at their end.
    expect(applyPaywall(false, { kind: 'list', page: 8, pageSize: 50 })).toEqual({ limit: freeRows - 350, offset: 350 });
    expect(refusal(() => applyPaywall(false, { kind: 'list', page: 9, pageSize: 50 }))).toBeInstanceOf(VipRequiredError);
  });

  it('lets regular callers page the Screens view up to its limit (a bigger page size reaches no further); vip callers every page', () => {
    const last = LIMITS.regular.screenListMaxPage;
    const freeRows = last * SCREEN_PAGE_SIZE;
    expect(applyPaywall(false, { kind: 'screenList', page: last, pageSize: SCREEN_PAGE_SIZE })).toEqual({
      limit: SCREEN_PAGE_SIZE,
      offset: freeRows - SCREEN_PAGE_SIZE,
    });
    const err = refusal(() => applyPaywall(false, { kind: 'screenList', page: last + 1, pageSize: SCREEN_PAGE_SIZE }));
    expect(err).toBeInstanceOf(VipRequiredError);
    expect((err as VipRequiredError).message).toBe(PaywallMessage.screenPages);
    expect(applyPaywall(false, { kind: 'screenList', page: 1, pageSize: 50 })).toEqual({ limit: Math.min(50, freeRows), offset: 0 });
    expect(refusal(() => applyPaywall(false, { kind: 'screenList', page: 2, pageSize: 50 }))).toBeInstanceOf(VipRequiredError);
    expect(applyPaywall(true, { kind: 'screenList', page: 300, pageSize: 24 })).toEqual({ limit: 24, offset: 299 * 24 });
  });

  it('lets vip callers page lists without limit', () => {
    expect(applyPaywall(true, { kind: 'list', page: 10_000, pageSize: 50 })).toEqual({ limit: 50, offset: 9_999 * 50 });
  });

  it('gives regular callers the first detail page only, without screen filters', () => {
    expect(applyPaywall(false, { kind: 'previews', page: 1, pageSize: 50, groups: [] })).toEqual({ limit: DETAIL_PAGE_SIZE, offset: 0 });
    expect(applyPaywall(false, { kind: 'previews', page: 1, pageSize: 4, groups: [] })).toEqual({ limit: 4, offset: 0 });
    expect((refusal(() => applyPaywall(false, { kind: 'previews', page: 2, pageSize: 10, groups: [] })) as Error).message).toBe(
      'Subscribe to see every screen of this app.',
    );
    expect((refusal(() => applyPaywall(false, { kind: 'previews', page: 1, pageSize: 10, groups: [3] })) as Error).message).toBe(
      'Subscribe to filter screens by category.',
    );
  });

  it('gives vip callers every page, any size, and filters', () => {
    expect(applyPaywall(true, { kind: 'previews', page: 7, pageSize: 50, groups: [3, 4] })).toEqual({ limit: 50, offset: 300 });
  });
});
