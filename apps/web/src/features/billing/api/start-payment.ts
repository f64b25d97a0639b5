import { type PayReplySchema, type PayQuery } from '@shotlib/contract';
import { useMutation } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/**
 * `GET /pay?way&grade`: a new order for a plan, priced by the server, and where to pay it (a QR
 * code to show, or a page to send the browser to). Silent: the checkout says refusals in the
 * reader's language (e.g. a subscription that already renews).
 */
export const startPayment = (query: PayQuery) => api.get<Reply<typeof PayReplySchema>>('/pay', { query, silent: true });

export const useStartPayment = () => useMutation({ mutationFn: startPayment });
