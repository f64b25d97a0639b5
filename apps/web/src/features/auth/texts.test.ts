import { describe, expect, it } from 'vitest';
import enUS from '../../i18n/enUS.json';

describe('sign-in texts', () => {
  it('use the exact strings of the specification', () => {
    expect(enUS.auth.login).toMatchObject({
      google: 'Sign in with Google',
      or: 'or',
      welcomeBack: 'Welcome back',
      codeSent: 'We’ve sent a verification code to your email.',
    });
    expect(enUS.auth.login.agree).toMatch(/^By continuing, you agree to our <terms>.+<\/terms> and <privacy>.+<\/privacy>\.$/);
    expect(enUS.auth.callback.wait).toBe('Logging in, please wait...');
  });
});
