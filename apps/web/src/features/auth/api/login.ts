import { LoginReplySchema, type LoginRequest } from '@shotlib/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /login` with a code, a password or a confirmed Google state; credentials in the body only. */
export function login(body: LoginRequest) {
  return api.post('/login', body, LoginReplySchema, { silent: true });
}

export const useLogin = () => useMutation({ mutationFn: login });
