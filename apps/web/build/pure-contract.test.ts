import { describe, expect, it } from 'vitest';
import { markContractPure } from './pure-contract';

describe('markContractPure', () => {
  it('marks what building a top-level value does as pure: calls, and property reads (a getter could run)', () => {
    const code = [
      "import { z } from 'zod';",
      "export const Message = { required: 'Name it.' } as const;",
      'const refusal = { error: Message.required };',
      'const first = LIST[0];',
      'export const NameSchema = z.string().min(1, refusal);',
      'export const LIMIT = 60;',
    ].join('\n');
    const out = markContractPure(code, 'x.ts');
    expect(out).toContain("export const Message = { required: 'Name it.' } as const;");
    expect(out).toContain('const refusal = /* @__PURE__ */ (() => ({ error: Message.required }))();');
    expect(out).toContain('const first = /* @__PURE__ */ (() => (LIST[0]))();');
    expect(out).toContain('export const NameSchema = /* @__PURE__ */ (() => (z.string().min(1, refusal)))();');
    expect(out).toContain('export const LIMIT = 60;');
  });
});
