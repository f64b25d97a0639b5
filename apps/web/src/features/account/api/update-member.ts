import { type MemberInfoSchema, type UpdateMember } from '@shotlib/contract';
import { useMutation } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';
import { refreshSessionUser } from '../../../lib/member-info';

/** `PUT /member`: nickname, avatar (an upload's route) and password. */
export function updateMember(body: UpdateMember) {
  return api.put<Reply<typeof MemberInfoSchema>>('/member', body, { silent: true });
}

/**
 * Save the profile; afterwards the user is loaded again and stored in the session (docs/product-spec.md §7).
 * Also after a refusal: the form then shows the server's view (say, a password-reset window that
 * has just closed brings the current-password field back).
 */
export const useUpdateMember = () =>
  useMutation({
    mutationFn: updateMember,
    onSettled: () => refreshSessionUser(),
  });
