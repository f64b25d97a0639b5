import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when eval is allowed, and probes for it as each object schema is
 * built. The server's CSP (script-src 'self') forbids eval, so the probe alone is reported as a violation in every
 * browser console. main.tsx imports this module first, before any schema of the contract exists, and the API client
 * imports it too, so the bundler puts it at the head of the shared chunk that holds zod and the contract.
 */
z.config({ jitless: true });
