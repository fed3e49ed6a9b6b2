import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { readOutbox } from './outbox';

describe('readOutbox', () => {
  it('decodes long non-ASCII subjects folded over several encoded words and quoted-printable bodies', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreide-outbox-'));
    const subject = 'Il tuo account Kreide è stato eliminato – Ο λογαριασμός σου διαγράφηκε οριστικά';
    const text = `Ciao Giulia,\nè tutto fatto: ${'à'.repeat(120)}\nhttp://localhost:3000/it/conferma/${'x'.repeat(43)}`;
    const info = (await nodemailer
      .createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
      .sendMail({ from: 'a@b.c', to: 'giulia@example.org', subject, text })) as unknown as { message: Buffer };
    fs.writeFileSync(path.join(dir, '1.eml'), info.message);
    const [mail] = readOutbox(dir);
    expect(mail).toMatchObject({ to: 'giulia@example.org', subject, text });
  });
});
