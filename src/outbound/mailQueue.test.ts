import type { MailMessage } from '../usecases/ports/accounts';
import { MailQueue } from './mailQueue';

const MESSAGE: MailMessage = { to: 'a@example.org', subject: 'Verify', text: 'https://x/verify?token=secret' };
const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

describe('MailQueue', () => {
  it('answers at once while the mail server takes its time, and sends in the background', async () => {
    const sent: MailMessage[] = [];
    let release: () => void = () => {};
    const slow = { send: (m: MailMessage) => new Promise<void>((r) => (release = () => r(void sent.push(m)))) };
    const queue = new MailQueue(slow, () => {});
    await queue.send(MESSAGE); // resolves although the server has not answered
    expect(sent).toEqual([]);
    release();
    await queue.stop();
    expect(sent).toEqual([MESSAGE]);
  });

  it('tries again after each delay, then reports the subject and attempts, never the body', async () => {
    let attempts = 0;
    const failures: unknown[][] = [];
    const down = {
      send: () => {
        attempts++;
        return Promise.reject(new Error('connection refused'));
      },
    };
    const queue = new MailQueue(down, (...args) => failures.push(args), [1, 1]);
    await queue.send(MESSAGE);
    for (let i = 0; i < 50 && failures.length === 0; i++) await tick();
    expect(attempts).toBe(3);
    expect(failures).toHaveLength(1);
    expect(failures[0].slice(0, 2)).toEqual(['Verify', 3]);
    expect(JSON.stringify(failures[0])).not.toContain('token=secret');
  });

  it('recovers when a later attempt goes through', async () => {
    let attempts = 0;
    const flaky = { send: () => (++attempts < 2 ? Promise.reject(new Error('busy')) : Promise.resolve()) };
    const failures: unknown[] = [];
    const queue = new MailQueue(flaky, (...args) => failures.push(args), [1, 1]);
    await queue.send(MESSAGE);
    for (let i = 0; i < 50 && attempts < 2; i++) await tick();
    await queue.stop();
    expect([attempts, failures]).toEqual([2, []]);
  });

  it('stops without waiting out a retry delay, reporting what was not sent', async () => {
    const failures: unknown[][] = [];
    const queue = new MailQueue(
      { send: () => Promise.reject(new Error('down')) },
      (...a) => failures.push(a),
      [60_000],
    );
    await queue.send(MESSAGE);
    await tick();
    expect(failures).toHaveLength(0); // waiting out the first retry's minute
    const stopped = await Promise.race([queue.stop().then(() => 'stopped'), tick(1_000).then(() => 'still waiting')]);
    expect(stopped).toBe('stopped');
    expect(failures.map((f) => f.slice(0, 2))).toEqual([['Verify', 1]]);
  });
});
