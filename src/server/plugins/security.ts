import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import type { AppInstance } from '../app.ts';

/** Security headers with a real Content-Security-Policy, and compression of dynamic answers. */
export async function registerSecurity(app: AppInstance): Promise<void> {
  const httpsOnly = app.config.publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // React renders style attributes into prerendered markup (Radix positions popovers so).
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
        ...(httpsOnly ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: httpsOnly,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
}
