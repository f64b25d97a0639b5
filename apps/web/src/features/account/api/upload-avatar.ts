import { type UploadReplySchema } from '@shotlib/contract';
import { useMutation } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `POST /upload/file` (multipart: file, path=avatar) → the stored image's route. */
export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('path', 'avatar');
  form.append('file', file);
  return api.post<Reply<typeof UploadReplySchema>>('/upload/file', form, { silent: true });
}

export const useUploadAvatar = () => useMutation({ mutationFn: uploadAvatar });
