import type { Mailer, MailMessage } from '../usecases/ports/accounts';

/** Waits before the second, third and fourth attempts at one message. */
const RETRY_DELAYS_MS = [2_000, 15_000, 60_000];

/**
 * Mail leaves the request: `send` checks the message and returns at once, and the message is sent in the
 * background, tried again after 2 s, 15 s and 1 min. So no answer waits on an SMTP server (its time would tell a
 * registered address from an unknown one), and a mail server that is down fails no page. What could not be sent is
 * logged by subject, never with its body (it holds a live link) nor its address.
 */
export class MailQueue implements Mailer {
  private readonly pending = new Set<Promise<void>>();
  /** Wakes the deliveries waiting out a retry delay (a stop does not wait for those). */
  private readonly wakers = new Set<() => void>();
  private stopping = false;

  constructor(
    private readonly mailer: Mailer,
    private readonly onFailure: (subject: string, attempts: number, err: unknown) => void,
    private readonly delaysMs: readonly number[] = RETRY_DELAYS_MS,
  ) {}

  send(message: MailMessage): Promise<void> {
    const delivery = this.deliver(message).finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
    return Promise.resolve();
  }

  /** Messages still being sent, for a graceful stop: the first attempts finish, retries are given up. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const wake of this.wakers) wake();
    await Promise.all(this.pending);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakers.add(wake);
    });
  }

  private async deliver(message: MailMessage): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.mailer.send(message);
        return;
      } catch (err) {
        const delay = this.delaysMs[attempt];
        if (delay === undefined || this.stopping) return this.onFailure(message.subject, attempt + 1, err);
        await this.sleep(delay);
        if (this.stopping) return this.onFailure(message.subject, attempt + 1, err);
      }
    }
  }
}
