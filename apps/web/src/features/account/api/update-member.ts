import { MemberInfoSchema, type UpdateMember } from '@shotlib/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshSessionUser } from '../../../lib/member-info';

/** `PUT /member`: nickname, avatar (an upload's route) and password. */
export function updateMember(body: UpdateMember) {
  return api.put('/member', body, MemberInfoSchema, { silent: true });
}

/** Save the profile; on success the user is loaded again and stored in the session (spec §7). */
export const useUpdateMember = () =>
  useMutation({
    mutationFn: updateMember,
    onSuccess: () => refreshSessionUser(),
  });
