import { describe, expect, it } from 'vitest';
import {
  DayOrInstantSchema,
  EmailSchema,
  InstantSchema,
  LoginCodeSchema,
  NicknameSchema,
  PasswordSchema,
  ValidationMessage,
} from './validation';
import { filterSearchHistory, pushSearchHistory } from './search-history';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('search history', () => {
  it('puts the newest term first and keeps entries unique', () => {
    expect(pushSearchHistory(['a', 'b', 'c'], 'b')).toEqual(['b', 'a', 'c']);
    expect(pushSearchHistory(['a'], '  z  ')).toEqual(['z', 'a']);
  });

  it('keeps at most ten entries', () => {
    let history: string[] = [];
    for (let i = 1; i <= 12; i++) history = pushSearchHistory(history, `t${i}`);
    expect(history).toHaveLength(10);
    expect(history[0]).toBe('t12');
    expect(history).not.toContain('t2');
  });

  it('ignores blank terms', () => {
    expect(pushSearchHistory(['a'], '   ')).toEqual(['a']);
  });

  it('filters entries containing the typed text, case-insensitively', () => {
    expect(filterSearchHistory(['Banking', 'travel', 'bank app'], 'BANK')).toEqual(['Banking', 'bank app']);
    expect(filterSearchHistory(['x', 'y'], '')).toEqual(['x', 'y']);
  });
});

describe('validation messages of the specification', () => {
  it('requires an e-mail and names an invalid one', () => {
    expect(firstMessage(EmailSchema.safeParse(''))).toBe('Email is required.');
    expect(firstMessage(EmailSchema.safeParse('nope'))).toBe('nope is not a valid email address.');
    expect(EmailSchema.safeParse(' ada@example.com ').data).toBe('ada@example.com');
  });

  it('wants a 6 digit code, a 6 character password and a 3-20 character nickname', () => {
    expect(firstMessage(LoginCodeSchema.safeParse('123'))).toBe('6 digit one-time password is required.');
    expect(LoginCodeSchema.safeParse('123456').success).toBe(true);
    expect(firstMessage(PasswordSchema.safeParse('12345'))).toBe('Password must be at least 6 characters long.');
    expect(firstMessage(NicknameSchema.safeParse('ab'))).toBe('Enter nickname (3-20 characters)');
    expect(firstMessage(NicknameSchema.safeParse('a'.repeat(21)))).toBe('Enter nickname (3-20 characters)');
    expect(NicknameSchema.safeParse('Ada').success).toBe(true);
  });
});

describe('the date range of every date field (decision 029)', () => {
  it('says so in the contract message', () => {
    expect(ValidationMessage.dateRange).toBe('Dates must be between 1970-01-01 and 9999-12-31.');
  });

  it('takes instants from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z, offsets counted', () => {
    for (const ok of ['1970-01-01T00:00:00Z', '1970-01-01T01:00:00+01:00', '2026-03-04T12:00:00.000Z', '9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59+00:00']) {
      expect(InstantSchema.safeParse(ok).success, ok).toBe(true);
    }
    for (const out of ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '1969-12-31T23:59:59.999Z', '1970-01-01T00:59:59+01:00', '9999-12-31T23:59:59-00:01']) {
      expect(firstMessage(InstantSchema.safeParse(out)), out).toBe(ValidationMessage.dateRange);
    }
  });

  it('refuses malformed dates with the format message alone', () => {
    for (const bad of ['0000-01-01', '+010000-01-01T00:00:00Z', '-000001-01-01T00:00:00Z', '2024-02-30T12:00:00Z', '2024-02-29T24:00:00Z', '8640000000000000']) {
      const issues = InstantSchema.safeParse(bad).error?.issues ?? [];
      expect(issues.map((issue) => issue.message), bad).toEqual(['Invalid ISO datetime']);
    }
  });

  it('takes days of the same range where a day is allowed', () => {
    for (const ok of ['1970-01-01', '9999-12-31', '2026-03-04T12:00:00Z']) expect(DayOrInstantSchema.safeParse(ok).success, ok).toBe(true);
    for (const out of ['0000-01-01', '1969-12-31', '9999-12-31T23:59:59-05:00']) expect(firstMessage(DayOrInstantSchema.safeParse(out)), out).toBe(ValidationMessage.dateRange);
    for (const bad of ['10000-01-01', '2024-02-30', '275760-09-13', '0']) expect(DayOrInstantSchema.safeParse(bad).success, bad).toBe(false);
  });
});
