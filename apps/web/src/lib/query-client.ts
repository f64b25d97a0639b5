import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query cache. No automatic retries and no refetch on window focus: the API client
 * already tells the user about each failure, and a retried request would tell them again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
