import { describe, expect, it } from 'vitest';
import { AVATAR_ROUTE_PATTERN, LoginRequestSchema, SignRequestSchema, UpdateMemberSchema } from './account';

describe('account schemas', () => {
  it('read the three ways to log in', () => {
    expect(LoginRequestSchema.parse({ emailAddr: ' a@b.co ', code: '123456' })).toEqual({ emailAddr: 'a@b.co', code: '123456' });
    expect(LoginRequestSchema.parse({ emailAddr: 'a@b.co', password: 'secret-1' })).toEqual({ emailAddr: 'a@b.co', password: 'secret-1' });
    expect(LoginRequestSchema.parse({ state: 'xyz' })).toEqual({ state: 'xyz' });
    expect(LoginRequestSchema.safeParse({ emailAddr: 'a@b.co', code: '12345' }).success).toBe(false);
    expect(LoginRequestSchema.safeParse({ emailAddr: 'a@b.co', password: '12345' }).success).toBe(false);
    expect(LoginRequestSchema.safeParse({ emailAddr: 'a@b.co' }).success).toBe(false);
  });

  it('check the e-mail step and the profile update', () => {
    expect(SignRequestSchema.safeParse({ emailAddr: 'a@b.co', locale: 'zhTW' }).success).toBe(true);
    expect(SignRequestSchema.safeParse({ emailAddr: 'a@b.co', locale: 'fr' }).success).toBe(false);
    expect(UpdateMemberSchema.safeParse({ avatar: '' }).success).toBe(true);
    expect(UpdateMemberSchema.safeParse({ avatar: `avatars/${'0'.repeat(64)}.webp` }).success).toBe(true);
    expect(UpdateMemberSchema.safeParse({ avatar: 'avatars/../secret.webp' }).success).toBe(false);
    expect(AVATAR_ROUTE_PATTERN.test(`avatars/${'A'.repeat(64)}.webp`)).toBe(false);
  });
});
