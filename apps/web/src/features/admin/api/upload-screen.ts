import { API_PREFIX } from '@shotlib/contract';
import { ADMIN_PATH } from '@shotlib/contract/admin';
import { type ScreenUploadResult } from '@shotlib/contract/ingest';
import i18n from '../../../i18n/i18n';
import { ApiError, asEnvelope } from '../../../lib/api-client';
import { getToken } from '../../../lib/session-store';

export type ScreenUpload = {
  itemId: number;
  file: File;
  /** A screen category for the new screen. */
  group?: number | null;
  /** Bytes of the request body sent so far, and its size. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
};

/**
 * `POST /admin/items/:id/screens` (multipart: one `file`, optional `group`) → the screen and whether it
 * duplicates one the item has. Through XMLHttpRequest, not the fetch client, for its upload progress
 * events. A refusal rejects with an ApiError carrying the server's message, told to nobody: the
 * upload list shows it beside the file. As with the API client, the envelope is checked by hand and the reply is not
 * parsed again with zod (the server checks it against its schema before sending it; docs/decisions/035).
 */
export function uploadAdminScreen({ itemId, file, group, onProgress, signal }: ScreenUpload): Promise<ScreenUploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_PREFIX}${ADMIN_PATH}/items/${itemId}/screens`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: judged by the status below
      }
      const envelope = asEnvelope(json);
      if (xhr.status === 401) return reject(new ApiError('unauthorized', i18n.t('errors.internal'), 401));
      if (xhr.status >= 500) return reject(new ApiError('server', i18n.t('errors.internal'), xhr.status));
      if (!envelope) return reject(new ApiError('http', `HTTP ${xhr.status}`, xhr.status));
      if (envelope.code !== 0) return reject(new ApiError('reply', envelope.message, xhr.status, envelope.code));
      resolve(envelope.data as ScreenUploadResult);
    };
    xhr.onerror = () => reject(new ApiError('network', i18n.t('errors.network')));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new ApiError('aborted', 'aborted'));
    if (signal) {
      if (signal.aborted) return reject(new ApiError('aborted', 'aborted'));
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    const form = new FormData();
    if (group !== undefined && group !== null) form.append('group', String(group));
    form.append('file', file);
    xhr.send(form);
  });
}
