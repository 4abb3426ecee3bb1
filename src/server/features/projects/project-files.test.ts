import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '#db/schema/index.ts';
import { MAX_UPLOAD_BYTES } from '#shared/uploads.schemas.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { latestMail, signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { openWebsiteProject } from '../requests/requests.service.ts';

let t: TestApp;
const office = 'files-office@example.co.za';
beforeAll(async () => {
  t = await createTestApp({ CONTACT_EMAIL: office });
});
afterAll(async () => {
  await t.close();
});

// A real 1×1 PNG, a minimal PDF, a Windows program and a ZIP archive, as their first bytes say.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const exe = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(126),
  Buffer.from('PE\0\0'),
  Buffer.alloc(256),
]);
const zip = Buffer.from('504b0304140000000000', 'hex');

async function projectFor(customer: Awaited<ReturnType<typeof signUp>>) {
  await t.app.database.db.transaction((tx) =>
    openWebsiteProject(
      tx,
      {
        userId: customer.user.id,
        packageId: 'website-business',
        name: customer.user.fullName,
        email: customer.email,
        message: 'Paid order O-FILES',
      },
      t.app.config,
      'Ready-made website: Business',
    ),
  );
  const list = await t.app.inject({
    method: 'GET',
    url: '/api/projects',
    headers: { cookie: customer.cookie },
  });
  return list.json<{ reference: string }[]>()[0]!.reference;
}

const upload = (
  reference: string,
  cookie: string,
  data: Buffer,
  item = 'logo',
  filename = 'logo.png',
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/projects/${reference}/files?item=${item}&filename=${encodeURIComponent(filename)}`,
    headers: { cookie, 'content-type': 'application/octet-stream' },
    payload: data,
  });

describe('project files', () => {
  it('keeps a checked upload for the checklist, for its owner and the back office only', async () => {
    const customer = await signUp(t.app, { fullName: 'Palesa Mokoena' });
    const reference = await projectFor(customer);

    const logo = await upload(
      reference,
      customer.cookie,
      png,
      'logo',
      'C:\\\\Users\\\\palesa\\\\logo.png',
    );
    expect(logo.statusCode).toBe(201);
    const project = logo.json<{
      files: {
        id: string;
        filename: string;
        contentType: string;
        purpose: string;
        sizeBytes: number;
      }[];
      content: { logo: string };
      contentDone: number;
    }>();
    expect(project.files).toEqual([
      expect.objectContaining({
        purpose: 'logo',
        filename: 'logo.png',
        contentType: 'image/png',
        sizeBytes: png.length,
      }),
    ]);
    expect(project.content.logo).toBe('File: logo.png');
    expect(project.contentDone).toBe(1);
    expect((await latestMail(t.app, office, 'uploaded a file')).text).toContain('logo.png');

    // The name says PDF, the content decides: a real PDF is a PDF, a text is a text.
    const brief = await upload(reference, customer.cookie, pdf, 'pageTexts', 'brief.docx');
    expect(brief.json<typeof project>().files.at(-1)).toMatchObject({
      contentType: 'application/pdf',
      filename: 'brief.docx',
    });
    const text = await upload(
      reference,
      customer.cookie,
      Buffer.from('Home\nAbout us: family bakery since 1998.\n'),
      'pageTexts',
      'home.txt',
    );
    expect(text.json<typeof project>().files.at(-1)).toMatchObject({ contentType: 'text/plain' });

    const fileId = project.files[0]!.id;
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${reference}/files/${fileId}`,
      headers: { cookie: customer.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="logo.png"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(png)).toBe(true);

    const admin = await signInAdmin(t.app);
    const staff = await t.app.inject({
      method: 'GET',
      url: `/api/admin/projects/${reference}/files/${fileId}`,
      headers: { cookie: admin.cookie },
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.rawPayload.equals(png)).toBe(true);

    const stranger = await signUp(t.app);
    for (const response of [
      await t.app.inject({
        method: 'GET',
        url: `/api/projects/${reference}/files/${fileId}`,
        headers: { cookie: stranger.cookie },
      }),
      await upload(reference, stranger.cookie, png),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    const signedOut = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${reference}/files/${fileId}`,
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('refuses what it cannot take, saying why, and keeps nothing of it', async () => {
    const customer = await signUp(t.app);
    const reference = await projectFor(customer);
    const cases: [Buffer, string, number, RegExp][] = [
      [exe, 'photo.png', 400, /cannot be uploaded \(it is EXE\)\. Upload PNG, JPEG/],
      [zip, 'photos.zip', 400, /cannot be uploaded \(it is ZIP\)/],
      [
        Buffer.from([0x00, 0xff, 0x10, 0x80, 0x00, 0x01]),
        'data.txt',
        400,
        /cannot be uploaded\. Upload/,
      ],
      [Buffer.alloc(0), 'empty.png', 400, /The file is empty/],
      [Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x20), 'huge.txt', 413, /./],
    ];
    for (const [data, name, status, message] of cases) {
      const response = await upload(reference, customer.cookie, data, 'photos', name);
      expect(response.statusCode, name).toBe(status);
      expect(response.json().error, name).toMatch(message);
    }
    const unknownItem = await upload(reference, customer.cookie, png, 'menu');
    expect(unknownItem.statusCode).toBe(400);
    expect(unknownItem.json().error).toMatch(/Choose the checklist item/);
    const asJson = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${reference}/files?item=logo&filename=logo.png`,
      headers: { cookie: customer.cookie },
      payload: { file: 'not a file' },
    });
    expect(asJson.statusCode).toBe(400);
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${reference}`,
      headers: { cookie: customer.cookie },
    });
    expect(view.json().files).toEqual([]);
  });

  it('strips a right-to-left override from a file name, as kept, listed and downloaded', async () => {
    const customer = await signUp(t.app, { fullName: 'Sipho Dlamini' });
    const reference = await projectFor(customer);
    // Shown as "invoiceexe.pdf" with the override; really a name ending in ".exe".
    const disguised = 'invoice\u202Efdp.exe';
    const response = await upload(reference, customer.cookie, pdf, 'pageTexts', disguised);
    expect(response.statusCode).toBe(201);
    const file = response.json<{ files: { id: string; filename: string }[] }>().files.at(-1)!;
    expect(file.filename).toBe('invoicefdp.exe');

    // A name kept before the fix is cleaned on the way out too, listed and downloaded.
    await t.app.database.db
      .update(uploads)
      .set({ filename: 'Mokoena \u2067quote\u2069\u200F\u061C\u202Bfdp.scr' })
      .where(eq(uploads.id, file.id));
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${reference}`,
      headers: { cookie: customer.cookie },
    });
    expect(view.json<{ files: { filename: string }[] }>().files.at(-1)!.filename).toBe(
      'Mokoena quotefdp.scr',
    );
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${reference}/files/${file.id}`,
      headers: { cookie: customer.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      'attachment; filename="Mokoena quotefdp.scr"',
    );
  });
});
