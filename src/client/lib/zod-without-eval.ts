/**
 * Zod compiles object parsers with `new Function` unless told not to, and probes for it first:
 * under our CSP (no 'unsafe-eval') the probe is blocked and Chrome files a CSP issue on every page
 * with a form. Zod reads its settings from this global object whenever it builds a parser, so
 * setting it here (without loading zod into the first bundle) turns the compiler off everywhere.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
