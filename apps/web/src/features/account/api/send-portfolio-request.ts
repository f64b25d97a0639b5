import { PORTFOLIO_PATHS, type PortfolioPdfSchema, type PortfolioRequestInput, type PortfolioRequestSchema } from '@shotlib/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `POST /portfolio/pdf` (multipart, one part `file`): the PDF, stored privately, to name in the request. */
export function uploadPortfolioPdf(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.post<Reply<typeof PortfolioPdfSchema>>(PORTFOLIO_PATHS.pdfUpload, form);
}

export type SendPortfolioRequest = Omit<PortfolioRequestInput, 'pdfId'> & { pdf?: File };

/** `POST /portfolio`, after uploading the PDF when there is one (`POST /portfolio/pdf`). */
export async function sendPortfolioRequest({ pdf, ...input }: SendPortfolioRequest) {
  const pdfId = pdf ? (await uploadPortfolioPdf(pdf)).pdfId : undefined;
  return api.post<Reply<typeof PortfolioRequestSchema>>(PORTFOLIO_PATHS.list, { ...input, pdfId });
}

/** Send a request; the list and the quota are loaded again (also after a refusal: the quota may have changed). */
export function useSendPortfolioRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPortfolioRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['portfolio'] }),
  });
}
