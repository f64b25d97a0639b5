import { describe, expect, it } from 'vitest';
import { BOARD_NAME_MAX, BoardMessage, BoardMoveBodySchema, BoardNameBodySchema, BoardNameSchema, boardNameProblem, ShareTokenSchema, sharedBoardPath } from './boards';
import { LIMITS } from './entitlements';

describe('board names', () => {
  it('keeps 1 to 60 characters once trimmed', () => {
    expect(BoardNameBodySchema.parse({ name: '  Onboarding  ' })).toEqual({ name: 'Onboarding' });
    expect(BoardNameBodySchema.parse({ name: '看板'.repeat(30) }).name).toHaveLength(BOARD_NAME_MAX);
    for (const name of ['', '   ', 'x'.repeat(BOARD_NAME_MAX + 1), 3, null]) {
      expect(BoardNameBodySchema.safeParse({ name }).success, String(name)).toBe(false);
    }
  });
});

describe('the form’s check of a board name', () => {
  it('judges a name as the schema does', () => {
    const names = ['', '   ', 'Onboarding', '  Checkout ideas  ', 'x'.repeat(BOARD_NAME_MAX), ` ${'x'.repeat(BOARD_NAME_MAX)} `, 'x'.repeat(BOARD_NAME_MAX + 1), '登录 / 註冊'];
    for (const name of names) expect(boardNameProblem(name) === null, JSON.stringify(name)).toBe(BoardNameSchema.safeParse(name).success);
    expect([boardNameProblem(' '), boardNameProblem('x'.repeat(BOARD_NAME_MAX + 1))]).toEqual(['required', 'tooLong']);
  });
});

describe('share tokens and moves', () => {
  it('takes only 22 base64url characters as a token', () => {
    expect(ShareTokenSchema.safeParse('abcdefghijklmnopqrstuv').success).toBe(true);
    expect(ShareTokenSchema.safeParse('A-_0123456789abcdefghi').success).toBe(true);
    for (const bad of ['', 'short', 'abcdefghijklmnopqrstuvw', 'abcdefghijklmnopqrst/v', "abcdefghijklmnopqrs'--"]) {
      expect(ShareTokenSchema.safeParse(bad).success, bad).toBe(false);
    }
    expect(sharedBoardPath('abcdefghijklmnopqrstuv')).toBe('/boards/abcdefghijklmnopqrstuv');
  });

  it('moves to a whole, non-negative position', () => {
    expect(BoardMoveBodySchema.safeParse({ position: 0 }).success).toBe(true);
    for (const position of [-1, 1.5, '2', null]) expect(BoardMoveBodySchema.safeParse({ position }).success).toBe(false);
  });

  it('names the limits of the entitlement table in its messages', () => {
    expect(BoardMessage.limitReached).toContain(String(LIMITS.regular.boardMax));
    expect(BoardMessage.limitReachedVip).toContain(String(LIMITS.vip.boardMax));
  });
});
