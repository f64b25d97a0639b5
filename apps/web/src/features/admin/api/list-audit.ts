import { ADMIN_PAGE_SIZE, ADMIN_PATH, type AuditListSchema, type AuditAction, type AuditTarget } from '@shotlib/contract/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** The audit page's filters ('' = any). Dates are days (yyyy-mm-dd) in the reader's time zone. */
export type AuditFilters = {
  actorEmail: string;
  action: '' | AuditAction;
  targetType: '' | AuditTarget;
  targetId: string;
  from: string;
  to: string;
  page: number;
};

/** A yyyy-mm-dd day's start (or, with `end`, the next day's start) as an ISO instant; undefined when empty or invalid. */
export function dayBound(day: string, end = false): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00`);
  if (Number.isNaN(date.getTime())) return undefined;
  if (end) date.setDate(date.getDate() + 1);
  return date.toISOString();
}

/** `GET /admin/audit`: the log, newest first. */
export const fetchAudit = (filters: AuditFilters, signal?: AbortSignal) =>
  api.get<Reply<typeof AuditListSchema>>(`${ADMIN_PATH}/audit`, {
    query: {
      actorEmail: filters.actorEmail.trim() || undefined,
      action: filters.action || undefined,
      targetType: filters.targetType || undefined,
      targetId: /^\d+$/.test(filters.targetId.trim()) ? filters.targetId.trim() : undefined,
      from: dayBound(filters.from),
      to: dayBound(filters.to, true),
      page: filters.page,
      pageSize: ADMIN_PAGE_SIZE,
    },
    signal,
    silent: true,
  });

export const auditQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: ['admin', 'audit', filters],
    queryFn: ({ signal }) => fetchAudit(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAudit = (filters: AuditFilters) => useQuery(auditQueryOptions(filters));
