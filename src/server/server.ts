import { enableCompileCache } from 'node:module';

// Node keeps each module's compiled, type-stripped code between starts (in the OS temp folder),
// so a restart loads the server faster; it must be on before the server's modules load.
enableCompileCache();
await import('./serve.ts');
