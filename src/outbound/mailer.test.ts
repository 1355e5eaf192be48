import fs from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { SMTPServer, type SMTPServerSession } from 'smtp-server';

import { createMailer } from './mailer';
import { readEml } from './mailSink';

const FROM = 'Fund Data Service <no-reply@localhost>';
/** A link as long as a verification link with a long token (~150 characters), with `=` and `&` in its query. */
const LONG_LINK = `https://funds.example.com/account/verify?token=${'AbCdEfGhIj-_0123456789'.repeat(4)}&next=%2Faccount%2Fkeys&lang=en`;

/** The first http(s) link of a body. */
function linkIn(body: string): string | undefined {
  return /https?:\/\/\S+/.exec(body)?.[0];
}

describe('the file mailer', () => {
  let root: string;
  let mailDir: string;

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'mailer-'));
    mailDir = path.join(root, 'data', 'mail');
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  async function files(): Promise<string[]> {
    return (await fs.readdir(mailDir)).sort();
  }

  it('writes each message as one .eml file, its folder 0700 and the file 0600', async () => {
    const mailer = createMailer({ smtpUrl: null, from: FROM, mailDir });
    expect(mailer.describe()).toBe(`files in ${mailDir}`);
    await mailer.send({
      to: 'someone@example.com',
      subject: 'Verify your address',
      text: `Open this link to verify your address:\n\n${LONG_LINK}\n\nIt expires in 24 hours.\n`,
    });
    const names = await files();
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^\d{8}T\d{9}-[0-9a-f]{8}\.eml$/);
    const stamp = names[0].slice(0, 18);
    const now = new Date().toISOString().replace(/[-:.Z]/g, '');
    expect(stamp.slice(0, 11)).toBe(now.slice(0, 11)); // the UTC date and hour, give or take a slow test at :59
    expect((await fs.stat(mailDir)).mode & 0o777).toBe(0o700);
    expect((await fs.stat(path.join(mailDir, names[0]))).mode & 0o777).toBe(0o600);

    const raw = await fs.readFile(path.join(mailDir, names[0]), 'utf8');
    expect(raw).not.toContain('\r\n');
    const { headers, body } = readEml(raw);
    expect(headers.get('to')).toBe('someone@example.com');
    expect(headers.get('from')).toBe(FROM);
    expect(headers.get('subject')).toBe('Verify your address');
    expect(headers.get('message-id')).toMatch(/^<[^<>\s]+@[^<>\s]+>$/);
    expect(Date.parse(headers.get('date') ?? '')).not.toBeNaN();
    expect(headers.get('content-type')).toMatch(/^text\/plain; charset=utf-8/i);
    // A line over 76 characters: quoted-printable, the link soft-wrapped and its `=` written `=3D` in the raw file...
    expect(headers.get('content-transfer-encoding')).toBe('quoted-printable');
    expect(raw).not.toContain(LONG_LINK);
    expect(raw).toContain('token=3D');
    // ...and intact once decoded.
    expect(linkIn(body)).toBe(LONG_LINK);
    expect(body).toBe(`Open this link to verify your address:\n\n${LONG_LINK}\n\nIt expires in 24 hours.\n`);
  });

  it('sends short ASCII lines as they are (7bit)', async () => {
    const mailer = createMailer({ smtpUrl: null, from: FROM, mailDir });
    const link = 'http://127.0.0.1:8080/account/reset?token=abc123';
    await mailer.send({ to: 'someone@example.com', subject: 'Reset', text: `Reset your password:\n${link}\n` });
    const raw = await fs.readFile(path.join(mailDir, (await files())[0]), 'utf8');
    const { headers, body } = readEml(raw);
    expect(headers.get('content-transfer-encoding')).toBe('7bit');
    expect(raw).toContain(link);
    expect(linkIn(body)).toBe(link);
  });

  it('keeps non-ASCII text quoted-printable (not base64) and decodable', async () => {
    const mailer = createMailer({ smtpUrl: null, from: FROM, mailDir });
    const text = `Vérifiez votre adresse — 確認してください:\n${LONG_LINK}\n`;
    await mailer.send({ to: 'someone@example.com', subject: 'Verify', text });
    const { headers, body } = readEml(await fs.readFile(path.join(mailDir, (await files())[0]), 'utf8'));
    expect(headers.get('content-transfer-encoding')).toBe('quoted-printable');
    expect(body).toBe(text);
  });

  it('names files so that they sort in the order the messages were sent', async () => {
    const mailer = createMailer({ smtpUrl: null, from: FROM, mailDir });
    for (let i = 1; i <= 8; i++) await mailer.send({ to: 'someone@example.com', subject: `Message ${i}`, text: 'x' });
    const names = await files();
    expect(names).toHaveLength(8);
    expect(new Set(names.map((n) => n.slice(0, 18))).size).toBe(8);
    const subjects = await Promise.all(
      names.map(async (n) => readEml(await fs.readFile(path.join(mailDir, n), 'utf8')).headers.get('subject')),
    );
    expect(subjects).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((i) => `Message ${i}`));
  });

  it('leaves no temporary file behind when messages are sent at once', async () => {
    const mailer = createMailer({ smtpUrl: null, from: FROM, mailDir });
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => mailer.send({ to: 'someone@example.com', subject: `M${i}`, text: 'x' })),
    );
    const names = await fs.readdir(mailDir);
    expect(names).toHaveLength(10);
    expect(names.every((n) => n.endsWith('.eml') && !n.startsWith('.'))).toBe(true);
  });

  it.each([
    ['a CR in the subject', { subject: 'Verify\rBcc: victim@example.com' }],
    ['an LF in the subject', { subject: 'Verify\nBcc: victim@example.com' }],
    ['a CRLF in the recipient', { to: 'someone@example.com\r\nBcc: victim@example.com' }],
    ['two recipients', { to: 'someone@example.com, victim@example.com' }],
    ['no address', { to: 'nobody' }],
  ])('refuses %s and writes nothing', async (_label, override) => {
    const mailer = createMailer({ smtpUrl: null, from: FROM, mailDir });
    await expect(
      mailer.send({ to: 'someone@example.com', subject: 'Verify', text: 'body', ...override }),
    ).rejects.toThrow(/line break|exactly one address/);
    await expect(fs.readdir(mailDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a sender with a line break', () => {
    expect(() => createMailer({ smtpUrl: null, from: 'a@b.c\r\nBcc: x@y.z', mailDir })).toThrow(/line break/);
  });
});

interface Received {
  session: Pick<SMTPServerSession, 'envelope'> & { user: unknown };
  data: string;
}

async function startSmtpServer(
  host = '127.0.0.1',
): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret/pass') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          session: { envelope: session.envelope, user: session.user as unknown },
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, port: (server.server.address() as AddressInfo).port, received };
}

describe('the SMTP mailer', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => new Promise<void>((resolve) => smtp.server.close(resolve)));
  beforeEach(() => {
    smtp.received.length = 0;
  });

  it('delivers to the server with the right envelope, logging in with the credentials of the URL', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://mailer:${encodeURIComponent('s3cret/pass')}@127.0.0.1:${smtp.port}`,
      from: FROM,
      mailDir: '/nonexistent',
    });
    expect(mailer.describe()).toBe(`SMTP 127.0.0.1:${smtp.port}`);
    await mailer.send({ to: 'someone@example.com', subject: 'Verify your address', text: `Link:\n${LONG_LINK}\n` });
    expect(smtp.received).toHaveLength(1);
    const [{ session, data }] = smtp.received;
    expect(session.user).toBe('mailer');
    expect(session.envelope.mailFrom && session.envelope.mailFrom.address).toBe('no-reply@localhost');
    expect(session.envelope.rcptTo.map((r) => r.address)).toEqual(['someone@example.com']);
    const { headers, body } = readEml(data);
    expect(headers.get('subject')).toBe('Verify your address');
    expect(headers.get('from')).toBe(FROM);
    expect(headers.get('message-id')).toBeDefined();
    expect(headers.get('date')).toBeDefined();
    expect(body.replace(/\r\n/g, '\n')).toBe(`Link:\n${LONG_LINK}\n`);
  });

  it('never describes itself with the credentials', () => {
    const mailer = createMailer({ smtpUrl: 'smtps://user:hunter2@mail.example.com', from: FROM, mailDir: '/x' });
    expect(mailer.describe()).toBe('SMTP mail.example.com:465');
    const plain = createMailer({ smtpUrl: 'smtp://user:hunter2@mail.example.com', from: FROM, mailDir: '/x' });
    expect(plain.describe()).toBe('SMTP mail.example.com:587');
  });

  it('refuses a URL it cannot use without quoting it', () => {
    expect(() => createMailer({ smtpUrl: 'smtp://user:hunter2@bad host', from: FROM, mailDir: '/x' })).toThrow(
      /^the SMTP URL is not a URL$/,
    );
    expect(() => createMailer({ smtpUrl: 'http://user:hunter2@example.com', from: FROM, mailDir: '/x' })).toThrow(
      /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL$/,
    );
  });

  it('delivers without logging in when the URL has no credentials', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: FROM, mailDir: '/x' });
    await mailer.send({ to: 'someone@example.com', subject: 'Hello', text: 'Hello' });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].session.user).toBeUndefined();
  });

  it('fails when the URL demands STARTTLS and the server offers none', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}?requireTLS=true`,
      from: FROM,
      mailDir: '/x',
    });
    await expect(mailer.send({ to: 'someone@example.com', subject: 'Hello', text: 'Hello' })).rejects.toThrow();
    expect(smtp.received).toHaveLength(0);
  });

  // Needs an address of this machine that is not loopback (the test is skipped on a machine without one).
  const external = Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
  (external ? it : it.skip)(
    'demands STARTTLS from a server that is not on loopback, unless the URL says requireTLS=false',
    async () => {
      const remote = await startSmtpServer(external);
      try {
        const strict = createMailer({ smtpUrl: `smtp://${external}:${remote.port}`, from: FROM, mailDir: '/x' });
        await expect(strict.send({ to: 'someone@example.com', subject: 'Hello', text: 'Hello' })).rejects.toThrow(
          /STARTTLS/,
        );
        expect(remote.received).toHaveLength(0);
        const relaxed = createMailer({
          smtpUrl: `smtp://${external}:${remote.port}?requireTLS=false`,
          from: FROM,
          mailDir: '/x',
        });
        await relaxed.send({ to: 'someone@example.com', subject: 'Hello', text: 'Hello' });
        expect(remote.received).toHaveLength(1);
      } finally {
        await new Promise<void>((resolve) => remote.server.close(resolve));
      }
    },
  );

  it('refuses a subject with a line break before connecting', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: FROM, mailDir: '/x' });
    await expect(mailer.send({ to: 'someone@example.com', subject: 'a\r\nb', text: 'x' })).rejects.toThrow(
      /line break/,
    );
    expect(smtp.received).toHaveLength(0);
  });

  it('rejects at once when nothing listens on the port', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, mailDir: '/x' });
    await expect(mailer.send({ to: 'someone@example.com', subject: 'Hello', text: 'Hello' })).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });

  it('gives up within the greeting timeout on a server that never answers', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: FROM,
        mailDir: '/x',
        timeoutsMs: { greeting: 300 },
      });
      const started = Date.now();
      await expect(mailer.send({ to: 'someone@example.com', subject: 'Hello', text: 'Hello' })).rejects.toThrow(
        /greeting/i,
      );
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
