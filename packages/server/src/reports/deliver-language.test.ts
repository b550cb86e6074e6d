/**
 * A report e-mail in its owner's language (issue 30 item 4): Rama's own words (the default subject
 * prefix, the alert heading, "Explore in Rama", the rows-shown line) are French or German; the
 * report's name, description, table and link are as they are; English stays byte for byte as before.
 * A local SMTP server (smtp-server) receives the mails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import type { ReportsConfig } from '../config.js';
import { sendEmail, type ReportMessage } from './deliver.js';

let smtp: SMTPServer;
let cfg: ReportsConfig;
const mails: ParsedMail[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((m) => mails.push(m))
        .then(() => callback(), callback);
    },
  });
  await new Promise<void>((resolve) => void smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  cfg = {
    smtp: { host: '127.0.0.1', port, user: null, password: null, from: 'rama@example.com', starttls: false, ssl: false },
    subjectPrefix: '[Report] ',
  } as ReportsConfig;
});
afterAll(async () => new Promise<void>((resolve) => smtp?.close(() => resolve())));

const alert = (language?: ReportMessage['language']): ReportMessage => ({
  name: 'Revenue drop',
  description: 'Daily check',
  type: 'Alert',
  value: 1234.5,
  scheduledAt: new Date('2026-01-05T09:00:00Z'),
  content: { format: 'TEXT', file: null, url: 'http://rama.test/d/1', table: { columns: ['day', 'n'], rows: [['mon', 1]], total: 3 } },
  language,
});

async function send(m: ReportMessage): Promise<ParsedMail> {
  const before = mails.length;
  await sendEmail(cfg, { target: 'alice@example.com' }, m);
  for (let i = 0; i < 100 && mails.length === before; i++) await new Promise((r) => setTimeout(r, 20));
  return mails[mails.length - 1];
}

describe('report e-mails in the owner’s language', () => {
  it('English (no choice) is as before, byte for byte', async () => {
    const mail = await send(alert());
    expect(mail.subject).toBe('[Report] Alert triggered: Revenue drop (value 1234.5)');
    expect(mail.text?.trim()).toBe(
      'Alert triggered: Revenue drop (value 1234.5)\n\nDaily check\n\nday | n\nmon | 1\n(1 of 3 rows shown)\n\nExplore in Rama: http://rama.test/d/1',
    );
    expect(mail.html).toContain('<p>1 of 3 rows shown.</p>');
    expect(mail.html).toContain('<a href="http://rama.test/d/1">Explore in Rama</a>');
    expect(await send(alert('en')).then((m) => m.subject)).toBe(mail.subject);
  });

  it('French for an owner who chose French', async () => {
    const mail = await send(alert('fr'));
    expect(mail.subject).toBe('[Rapport] Alerte déclenchée\u00a0: Revenue drop (valeur 1\u202f234,5)');
    expect(mail.text).toContain('Explorer dans Rama\u00a0: http://rama.test/d/1');
    expect(mail.text).toContain('(lignes affichées\u00a0: 1 sur 3)');
    expect(mail.html).toContain('<p>Lignes affichées\u00a0: 1 sur 3.</p>');
    expect(mail.html).toContain('>Explorer dans Rama</a>');
    expect(mail.text).toContain('Daily check');
  });

  it('German for an owner who chose German; an operator’s own prefix is kept', async () => {
    const own = { ...cfg, subjectPrefix: 'ACME: ' };
    const before = mails.length;
    await sendEmail(own, { target: 'bob@example.com' }, alert('de'));
    for (let i = 0; i < 100 && mails.length === before; i++) await new Promise((r) => setTimeout(r, 20));
    const mail = mails[mails.length - 1];
    expect(mail.subject).toBe('ACME: Alarm ausgelöst: Revenue drop (Wert 1.234,5)');
    expect(mail.text).toContain('(1 von 3 Zeilen angezeigt)');
    expect(mail.text).toContain('In Rama erkunden: http://rama.test/d/1');
  });
});
