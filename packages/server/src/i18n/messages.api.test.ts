/**
 * Server messages in the user's language (issue 30 item 4): a user who chose French gets French
 * error messages (a 404, a validation 400, a typed error), whatever their browser says; an
 * anonymous request with Accept-Language: de gets German; no choice and no header is English as
 * before; a database's own error text passes through unchanged. Status codes, shapes, field names
 * and error types stay as they are.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { loggedInUser } from '../test-support/users.js';

let server: TestServer;
let admin: Client;
let french: Client;
let smtp: SMTPServer;
const mails: ParsedMail[] = [];

type MessageBody = { message: string | Record<string, string[]> };
type ErrorsBody = { errors: { message: string; error_type: string; level: string; extra: unknown }[] };

const get = <T>(c: Client, path: string, headers: Record<string, string> = {}) => c.request<T>('GET', path, undefined, { headers });
const execute = (c: Client, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  c.request<ErrorsBody & MessageBody>('POST', '/api/v1/sqllab/execute/', body, { headers });

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
  await new Promise<void>((r) => void smtp.listen(0, '127.0.0.1', () => r()));
  server = await startTestServer({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String((smtp.server.address() as AddressInfo).port),
    SMTP_STARTTLS: 'false',
    SMTP_MAIL_FROM: 'rama@example.com',
  });
  admin = await server.admin();
  french = (await loggedInUser(server, admin, 'i18n_francoise', ['Admin'])).client;
  const put = await french.put('/api/v1/me/preferences/', { language: 'fr' });
  expect(put.status, put.text).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((r) => smtp?.close(() => r()));
});

describe('error messages follow the user’s stored language', () => {
  it('a 404 in French for a user who chose French, English for the admin who chose nothing', async () => {
    const en = await get<MessageBody>(admin, '/api/v1/dashboard/999999');
    expect(en.status).toBe(404);
    expect(en.body).toEqual({ message: 'Dashboard not found' });
    // the stored choice wins over the browser's
    const fr = await get<MessageBody>(french, '/api/v1/dashboard/999999', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(fr.status).toBe(404);
    expect(fr.body).toEqual({ message: 'Tableau de bord introuvable' });
    expect((await get<MessageBody>(french, '/api/v1/chart/999999')).body).toEqual({ message: 'Graphique introuvable' });
    // the app's own not-found answer for an unknown API route
    const unknown = await get<MessageBody>(french, '/api/v1/no-such-route/');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Introuvable' });
  });

  it('per-field validation messages in French, field names kept', async () => {
    const en = await execute(admin, { sql: 'SELECT 1' });
    expect(en.status).toBe(400);
    expect(en.body).toEqual({ message: { database_id: ['Missing data for required field.'] } });
    const fr = await execute(french, { sql: 'SELECT 1' });
    expect(fr.status).toBe(400);
    expect(fr.body).toEqual({ message: { database_id: ['Donnée manquante pour un champ obligatoire.'] } });
    const rison = await get<MessageBody>(french, '/api/v1/dashboard/?q=(((');
    expect(rison.status).toBe(400);
    expect(rison.body).toEqual({ message: { q: ['Valeur rison non valide.'] } });
  });

  it('a typed error in French keeps its error type, level and extra', async () => {
    if (server.examplesId === null) return;
    const body = { database_id: server.examplesId, sql: 'DELETE FROM flights', runAsync: false };
    const en = await execute(admin, body);
    const fr = await execute(french, body);
    expect(fr.status).toBe(en.status);
    expect(en.body.errors[0].message).toBe('Only SELECT statements are allowed against this database.');
    expect(fr.body.errors[0]).toEqual({
      ...en.body.errors[0],
      message: 'Seules les instructions SELECT sont autorisées sur cette base de données.',
    });
  });

  it('a database’s own error text passes through unchanged', async () => {
    if (server.examplesId === null) return;
    const body = { database_id: server.examplesId, sql: 'SELECT no_such_column FROM flights', runAsync: false };
    const en = await execute(admin, body);
    const fr = await execute(french, body);
    expect(en.status).toBe(400);
    expect(fr.status).toBe(400);
    expect(en.body.errors[0].message).toMatch(/no_such_column/);
    expect(fr.body.errors[0].message).toBe(en.body.errors[0].message);
  });

  it('follows a changed choice at once, and "follow the browser" again', async () => {
    await french.put('/api/v1/me/preferences/', { language: 'de' });
    expect((await get<MessageBody>(french, '/api/v1/dashboard/999999')).body).toEqual({ message: 'Dashboard nicht gefunden' });
    await french.put('/api/v1/me/preferences/', { language: null });
    expect((await get<MessageBody>(french, '/api/v1/dashboard/999999', { 'accept-language': 'fr-CA' })).body).toEqual({
      message: 'Tableau de bord introuvable',
    });
    expect((await get<MessageBody>(french, '/api/v1/dashboard/999999')).body).toEqual({ message: 'Dashboard not found' });
    await french.put('/api/v1/me/preferences/', { language: 'fr' });
  });
});

describe('anonymous requests follow Accept-Language', () => {
  it('a failed login in German with Accept-Language: de, in English without it', async () => {
    const de = server.client();
    const r = await de.request<MessageBody>(
      'POST',
      '/login/',
      { username: 'admin', password: 'wrong' },
      { headers: { 'accept-language': 'de' } },
    );
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: 'Ungültige Anmeldedaten. Bitte versuchen Sie es erneut.' });
    const en = await server.client().post<MessageBody>('/login/', { username: 'admin', password: 'wrong' });
    expect(en.status).toBe(401);
    expect(en.body).toEqual({ message: 'Invalid login. Please try again.' });
  });

  it('a 401 in German, French by q-weight, English for a language Rama lacks or no header', async () => {
    const anon = server.client();
    const de = await get<MessageBody>(anon, '/api/v1/me/preferences/', { 'accept-language': 'de' });
    expect(de.status).toBe(401);
    expect(de.body).toEqual({ message: 'Nicht autorisiert' });
    const fr = await get<MessageBody>(anon, '/api/v1/me/preferences/', { 'accept-language': 'es;q=1, de;q=0.5, fr;q=0.8' });
    expect(fr.body).toEqual({ message: 'Non autorisé' });
    expect((await get<MessageBody>(anon, '/api/v1/me/preferences/', { 'accept-language': 'es' })).body).toEqual({
      message: 'Not authorized',
    });
    const none = await get<MessageBody>(anon, '/api/v1/me/preferences/');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: 'Not authorized' });
  });

  it('an invalid JSON body in French', async () => {
    const r = await server.client().request<MessageBody>('POST', '/login/', undefined, {
      raw: '{not json',
      headers: { 'accept-language': 'fr', 'content-type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: 'Le corps de la requête n’est pas un JSON valide.' });
  });
});

describe('report e-mails follow their owner’s language', () => {
  it('a scheduled query of a user who chose French sends its e-mail with French words, its own texts as they are', async () => {
    if (server.examplesId === null) return;
    const saved = await french.post<{ id: number }>('/api/v1/saved_query/', {
      db_id: server.examplesId,
      label: 'Mots',
      sql: "SELECT 1 AS n, 'alpha' AS word",
      extra_json: JSON.stringify({
        schedule_info: {
          crontab: '5 7 * * *',
          recipients: [{ type: 'Email', recipient_config_json: { target: 'team@example.com' } }],
          include_table: true,
        },
      }),
    });
    expect(saved.status, saved.text).toBe(201);
    await server.ctx.reports.scheduler.tick(new Date('2026-11-27T07:05:30Z'));
    await server.ctx.reports.scheduler.idle();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toMatch(/^\[Rapport\] Mots/);
    expect(mail.text).toMatch(/Explorer dans Rama\u00a0: http/);
    expect(mail.html).toContain('>Explorer dans Rama</a>');
    expect(mail.html).toContain('>alpha</td>');
  });
});
