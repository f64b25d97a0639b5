import { EmailSchema, LoginCodeSchema, LOGIN_CODE_LENGTH, LOGIN_CODE_RESEND_S, PasswordSchema, type ValidationMessageKey } from '@shotlib/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import buttons from '../../components/button.module.css';
import { Field } from '../../components/field';
import { currentLocale } from '../../i18n/i18n';
import { validationKey } from '../../lib/form-validation';
import { isReplyError, translatedReplyMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { useLogin } from './api/login';
import { useSignStep } from './api/sign';
import styles from './login.module.css';

type Step = 'email' | 'code' | 'password';
type FieldName = 'email' | 'code' | 'password';

/** Seconds left before "Send a new code" is offered again. */
function useCountdown(): [number, () => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, () => setLeft(LOGIN_CODE_RESEND_S)];
}

/**
 * The e-mail sign-in (docs/product-spec.md §2, §4): step 1 asks for the e-mail only; Continue calls POST /sign.
 * next=true shows the code field (and says a code was sent), next=false the password field.
 * Changing or clearing the e-mail returns to step 1 and clears the password or code.
 */
export function LoginForm({ onToken }: { onToken: (token: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [signedEmail, setSignedEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  // A field shows its message once a Continue has been tried with it.
  const [tried, setTried] = useState<ReadonlySet<FieldName>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  // The code step was reached from "Forgot password?": after signing in, say where to set a new one.
  const [resetting, setResetting] = useState(false);
  const [resendIn, restartCountdown] = useCountdown();
  const sign = useSignStep();
  const loginCall = useLogin();
  const busy = sign.isPending || loginCall.isPending || finishing;

  const failureId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // Step 2 appears: put the cursor where the person types next.
  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
    if (step === 'password') passwordRef.current?.focus();
  }, [step]);

  const errors: Partial<Record<FieldName, ValidationMessageKey>> = {};
  const emailError = validationKey(EmailSchema, email, 'emailInvalid');
  if (emailError && tried.has('email')) errors.email = emailError;
  const codeError = validationKey(LoginCodeSchema, code, 'codeRequired');
  if (step === 'code' && codeError && tried.has('code')) errors.code = codeError;
  const passwordError = validationKey(PasswordSchema, password, 'passwordShort');
  if (step === 'password' && passwordError && tried.has('password')) errors.password = passwordError;
  const message = (field: FieldName) => {
    const key = errors[field];
    return key ? t(`validation.${key}`, { email: email.trim() }) : null;
  };

  const changeEmail = (value: string) => {
    setEmail(value);
    setFailure(null);
    if (step !== 'email' && value.trim() !== signedEmail) {
      setStep('email');
      setPassword('');
      setCode('');
      setTried(new Set());
      setResetting(false);
    }
  };

  const explain = (error: unknown) => {
    if (!isReplyError(error)) return; // network and server errors were toasted by the API client
    if (error.code === 429) setFailure(t('auth.login.tooMany'));
    else if (step === 'code' && error.code === 1001) setFailure(t('auth.login.failedCode'));
    else if (step === 'password' && error.code === 1001) setFailure(t('auth.login.failedPassword'));
    else setFailure(translatedReplyMessage(error));
  };

  const requestCode = async (address: string, via?: 'code') => {
    const reply = await sign.mutateAsync({ emailAddr: address, locale: currentLocale(), via });
    if (reply.next) {
      toast.info(t('auth.login.codeSent'));
      restartCountdown();
    }
    return reply.next;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    if (step === 'email') {
      setTried(new Set(['email']));
      if (emailError) return emailRef.current?.focus();
      const address = email.trim();
      try {
        const next = await requestCode(address);
        setSignedEmail(address);
        setStep(next ? 'code' : 'password');
      } catch (error) {
        explain(error);
      }
      return;
    }
    setTried(new Set(['email', step]));
    if (emailError) return emailRef.current?.focus();
    if (step === 'code' ? codeError : passwordError) return (step === 'code' ? codeRef : passwordRef).current?.focus();
    try {
      const body =
        step === 'code'
          ? { emailAddr: signedEmail, code, locale: currentLocale() }
          : { emailAddr: signedEmail, password };
      const { token } = await loginCall.mutateAsync(body);
      setFinishing(true);
      await onToken(token);
      if (resetting) toast.info(t('auth.login.resetNext'));
    } catch (error) {
      setFinishing(false);
      explain(error);
    }
  };

  const resend = async () => {
    setFailure(null);
    setCode('');
    try {
      // On the code step a code is wanted even when the account has a password ("Forgot password?").
      await requestCode(signedEmail, 'code');
    } catch (error) {
      explain(error);
    }
    codeRef.current?.focus();
  };

  /** "Forgot password?": e-mail a code instead, and continue on the code step. */
  const forgot = async () => {
    setFailure(null);
    try {
      if (!(await requestCode(signedEmail, 'code'))) return;
      setPassword('');
      setTried(new Set());
      setResetting(true);
      setStep('code');
    } catch (error) {
      explain(error);
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-label={t('auth.login.form')} aria-busy={busy}>
      <Field
        ref={emailRef}
        label={t('auth.login.email')}
        error={message('email')}
        size="large"
        type="email"
        name="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t('auth.login.emailPlaceholder')}
        value={email}
        onChange={(event) => changeEmail(event.target.value)}
      />

      {step === 'code' && (
        <Field
          ref={codeRef}
          label={t('auth.login.code')}
          labelAction={
            <button type="button" className={styles.textButton} onClick={resend} disabled={busy || resendIn > 0}>
              {resendIn > 0 ? t('auth.login.resendIn', { seconds: resendIn }) : t('auth.login.resend')}
            </button>
          }
          hint={t('auth.login.codeHint', { email: signedEmail })}
          error={message('code')}
          size="large"
          code
          type="text"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={LOGIN_CODE_LENGTH}
          value={code}
          // Keep the digits of whatever was typed or pasted ("123 456" → "123456").
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, LOGIN_CODE_LENGTH))}
        />
      )}

      {step === 'password' && (
        <Field
          ref={passwordRef}
          label={t('auth.login.password')}
          labelAction={
            <button type="button" className={styles.textButton} onClick={forgot} disabled={busy}>
              {t('auth.login.forgot')}
            </button>
          }
          error={message('password')}
          size="large"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      )}

      {failure && (
        <p id={failureId} className={styles.failure} role="alert">
          {failure}
        </p>
      )}

      <button type="submit" className={`${buttons.primary} ${styles.submit}`} disabled={busy}>
        {busy ? t('common.loading') : t('auth.login.continue')}
      </button>
    </form>
  );
}
