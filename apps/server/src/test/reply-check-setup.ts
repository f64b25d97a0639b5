import { afterAll, expect } from 'vitest';
import { replyMismatches } from './reply-check';

/**
 * Run before every server test file: once the file is done (its apps closed), every reply its
 * API calls got must have matched the app's OpenAPI description (reply-check.ts, decision 049).
 */
afterAll(() => {
  expect(replyMismatches(), 'replies that disagree with the OpenAPI description (docs/decisions/049-openapi-tells-the-truth.md)').toEqual([]);
});
