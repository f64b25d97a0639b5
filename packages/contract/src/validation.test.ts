import { describe, expect, it } from 'vitest';
import {
  EmailSchema,
  LoginCodeSchema,
  NicknameSchema,
  PasswordSchema,
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
