import { EmailSchema, LoginCodeSchema, NicknameSchema, PasswordSchema } from '@shotlib/contract';
import { describe, expect, it } from 'vitest';
import { validationKey } from './form-validation';

describe('validationKey', () => {
  it('names each message of docs/product-spec.md §5 by its key', () => {
    expect(validationKey(EmailSchema, '', 'emailInvalid')).toBe('emailRequired');
    expect(validationKey(EmailSchema, '   ', 'emailInvalid')).toBe('emailRequired');
    expect(validationKey(EmailSchema, 'ada@', 'emailRequired')).toBe('emailInvalid');
    expect(validationKey(EmailSchema, 'ada@example.com', 'emailRequired')).toBeNull();
    expect(validationKey(LoginCodeSchema, '12345', 'emailRequired')).toBe('codeRequired');
    expect(validationKey(LoginCodeSchema, '123456', 'emailRequired')).toBeNull();
    expect(validationKey(PasswordSchema, '12345', 'emailRequired')).toBe('passwordShort');
    expect(validationKey(NicknameSchema, 'ab', 'emailRequired')).toBe('nicknameLength');
    expect(validationKey(NicknameSchema, 'x'.repeat(21), 'emailRequired')).toBe('nicknameLength');
  });

  it('falls back for messages outside the catalogue', () => {
    expect(validationKey(PasswordSchema, 'x'.repeat(201), 'passwordShort')).toBe('passwordShort');
  });
});
