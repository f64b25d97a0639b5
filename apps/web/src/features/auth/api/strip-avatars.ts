import { type AvatarListSchema, STORAGE_KEYS } from '@shotlib/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';
import { isStringArray, readJson, writeJson } from '../../../lib/storage';

/** `GET /platform/nu`: the avatars of the scroll strip, kept in local storage (avatarList) for the next visit. */
export async function fetchStripAvatars(signal?: AbortSignal): Promise<string[]> {
  const { avatars } = await api.get<Reply<typeof AvatarListSchema>>('/platform/nu', { signal, silent: true });
  writeJson(STORAGE_KEYS.avatarList, avatars);
  return avatars;
}

export const stripAvatarsQueryOptions = queryOptions({
  queryKey: ['platform', 'avatars'],
  queryFn: ({ signal }) => fetchStripAvatars(signal),
  // Last visit's list shows at once; being dated at 0 it is refreshed straight away.
  initialData: () => {
    const cached = readJson(STORAGE_KEYS.avatarList, isStringArray, []);
    return cached.length > 0 ? cached : undefined;
  },
  initialDataUpdatedAt: 0,
  staleTime: 60 * 60_000,
});

export const useStripAvatars = () => useQuery(stripAvatarsQueryOptions);
