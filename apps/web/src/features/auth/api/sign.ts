import { type SignReplySchema, type SignRequest } from '@shotlib/contract';
import { useMutation } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/**
 * `POST /sign`: next=true → a code was e-mailed; next=false → the account has a password.
 * With `via: 'code'` a code is e-mailed even then (a forgotten password).
 */
export function signStep(input: SignRequest) {
  return api.post<Reply<typeof SignReplySchema>>('/sign', input, { silent: true });
}

export const useSignStep = () => useMutation({ mutationFn: signStep });
