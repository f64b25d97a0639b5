import { type LoginReplySchema, type LoginRequest } from '@shotlib/contract';
import { useMutation } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `POST /login` with a code, a password or a confirmed Google state; credentials in the body only. */
export function login(body: LoginRequest) {
  return api.post<Reply<typeof LoginReplySchema>>('/login', body, { silent: true });
}

export const useLogin = () => useMutation({ mutationFn: login });
