/**
 * Zod compiles object parsers with `new Function` when eval is allowed, and probes for it as each object schema is
 * built. The server's CSP (script-src 'self') forbids eval, so the probe alone is reported as a violation in every
 * browser console. Turning it off is `z.config({ jitless: true })`, which writes into zod's global configuration
 * object `globalThis.__zod_globalConfig` (zod keeps one it finds there). main.tsx imports this module first, so the
 * setting is there before any schema is built, without loading zod itself into the first view (docs/decisions/035):
 * only the pages that validate forms load zod and the contract's schemas.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
