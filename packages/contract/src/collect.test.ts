import { describe, expect, it } from 'vitest';
import { CollectedPreviewSchema, CollectListQuerySchema, CollectMessage } from './collect';
import { PAGE_SIZE } from './constants';
import { LIMITS } from './entitlements';

describe('CollectListQuerySchema', () => {
  it('defaults to page 1 of PAGE_SIZE and reads query strings', () => {
    expect(CollectListQuerySchema.parse({})).toEqual({ page: 1, pageSize: PAGE_SIZE });
    expect(CollectListQuerySchema.parse({ page: '3', pageSize: '8' })).toEqual({ page: 3, pageSize: 8 });
  });

  it('refuses pages below 1 and page sizes above the server cap', () => {
    expect(CollectListQuerySchema.safeParse({ page: 0 }).success).toBe(false);
    expect(CollectListQuerySchema.safeParse({ pageSize: 51 }).success).toBe(false);
    expect(CollectListQuerySchema.safeParse({ page: 'x' }).success).toBe(false);
  });
});

describe('CollectedPreviewSchema', () => {
  it('is a preview with its app', () => {
    const entry = {
      id: 5,
      path: 'shots/1/1.webp',
      width: 390,
      height: 844,
      group: null,
      itemId: 1,
      name: 'Ledgerly',
      logo: 'logos/1.webp',
      platform: false,
      collectedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(CollectedPreviewSchema.parse(entry)).toEqual(entry);
    expect(CollectedPreviewSchema.safeParse({ ...entry, itemId: undefined }).success).toBe(false);
  });
});

it('the limit message names the limit of the entitlement table', () => {
  expect(CollectMessage.limitReached).toContain(String(LIMITS.regular.collectMax));
});
