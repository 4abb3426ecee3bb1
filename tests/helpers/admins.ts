import type { AppInstance } from '../../src/server/app-instance.ts';
import { createAdmin } from '../../src/server/features/admin-auth/admin-accounts.ts';
import { sessionCookie } from './accounts.ts';

let counter = 0;

/** An administrator made as the CLI makes one (an owner unless `role` says), signed in through the API. */
export async function signInAdmin(app: AppInstance, options: { role?: 'owner' | 'staff' } = {}) {
  counter += 1;
  const email = `admin${counter}.${Date.now()}@example.co.za`;
  const password = 'admin passphrase for tests';
  const admin = await createAdmin(
    app.database.db,
    { email, name: `Admin ${counter}`, password, role: options.role },
    { actor: 'cli', adminId: null },
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`admin sign-in failed: ${response.body}`);
  return { admin, email, password, cookie: sessionCookie(response, 'admin_sid') };
}
