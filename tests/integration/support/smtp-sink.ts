import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server in the test process. `accept` takes every message (parsed with mailparser into `received`);
 * `reject` answers DATA with a temporary failure; `hold` reads the message and never answers, as a server that
 * hangs in the DATA phase (`held` counts them). `stop` and `start` again on the same port play an outage.
 */
export class SmtpSink {
  received: ParsedMail[] = [];
  held = 0;
  mode: 'accept' | 'reject' | 'hold' = 'accept';
  port = 0;
  private server: SMTPServer | undefined;
  private readonly waiters = new Set<() => void>();

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH'],
      // A plain-text test server: nothing to upgrade to (the client upgrades whenever STARTTLS is offered).
      hideSTARTTLS: true,
      logger: false,
      onData: (stream, _session, callback) => {
        const mode = this.mode;
        if (mode === 'hold') {
          this.held += 1;
          this.notify();
          stream.resume();
          return;
        }
        simpleParser(stream)
          .then((mail) => {
            if (mode === 'reject') {
              const error = Object.assign(new Error('mailbox busy, try again later'), { responseCode: 451 });
              callback(error);
              return;
            }
            this.received.push(mail);
            callback();
          })
          .catch((error: Error) => callback(error))
          .finally(() => this.notify());
      },
    });
    server.on('error', () => {});
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', () => resolve()));
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get listening(): boolean {
    return this.server !== undefined;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Resolves once `check` holds, checked after each message the server sees (at most `timeoutMs`). */
  async until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('the SMTP server did not see what was awaited');
      await new Promise<void>((resolve) => {
        const done = () => {
          this.waiters.delete(done);
          resolve();
        };
        this.waiters.add(done);
        setTimeout(done, 100);
      });
    }
  }

  private notify() {
    for (const waiter of [...this.waiters]) waiter();
  }

  /** What arrived for this outbox message id (its Message-ID). */
  arrivals(messageId: string): ParsedMail[] {
    return this.received.filter((mail) => mail.messageId?.startsWith(`<${messageId}@`));
  }
}
