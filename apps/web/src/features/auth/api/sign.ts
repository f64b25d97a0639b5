import { SignReplySchema, type Locale } from '@shotlib/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /sign`: next=true → a code was e-mailed; next=false → the account has a password. */
export function signStep(emailAddr: string, locale: Locale) {
  return api.post('/sign', { emailAddr, locale }, SignReplySchema, { silent: true });
}

export const useSignStep = () => useMutation({ mutationFn: (input: { emailAddr: string; locale: Locale }) => signStep(input.emailAddr, input.locale) });
