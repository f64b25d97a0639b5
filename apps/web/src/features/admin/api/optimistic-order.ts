import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

type Ordered = { id: number };

/**
 * Reorder a cached list optimistically: the list moves at once and goes back if the server refuses.
 * `save` sends every id in the new order; its reply is the list in its stored order (without one,
 * a refusal, the list is asked for again). `alsoInvalidate` names other queries the move changes.
 */
export function useOptimisticOrder<T extends Ordered>({
  queryKey,
  save,
  alsoInvalidate = [],
}: {
  queryKey: QueryKey;
  save: (ids: number[]) => Promise<T[]>;
  alsoInvalidate?: QueryKey[];
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onMutate: async (ids: number[]) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<T[]>(queryKey);
      if (before) {
        const byId = new Map(before.map((row) => [row.id, row]));
        queryClient.setQueryData<T[]>(
          queryKey,
          ids.map((id) => byId.get(id)).filter((row): row is T => row !== undefined),
        );
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData<T[]>(queryKey, context.before);
    },
    onSettled: (data) => {
      if (data) queryClient.setQueryData<T[]>(queryKey, data);
      else void queryClient.invalidateQueries({ queryKey });
      for (const key of alsoInvalidate) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
