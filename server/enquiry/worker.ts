/**
 * Delivery worker: e-mails what waits in the outbox's new/ through SMTP
 * (nodemailer), one message at a time.
 *
 * - Delivered: moved to sent/ (kept as the record of what was sent).
 * - Refused permanently (SMTP 5xx, or an unreadable file): moved to dead/.
 * - Anything else (server down, time-out, 4xx): retried with exponential
 *   backoff and jitter, indefinitely; the file stays in new/, so a restart
 *   picks it up again.
 *
 * The recipient is always the configured MAIL_TO: nothing stored in a file
 * or sent by a visitor can route mail elsewhere.
 */
import nodemailer, { type Transporter } from "nodemailer";
import type { Outbox, StoredEnquiry } from "./outbox.ts";

export interface WorkerOptions {
  outbox: Outbox;
  smtpUrl: URL;
  mailTo: string;
  mailFrom: string;
  retryBaseMs: number;
  retryMaxMs: number;
  log?: (message: string) => void;
}

/** SMTP reply codes 5xx are final; everything else may work later. */
export function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** Exponential backoff with "equal jitter": half fixed, half random, capped. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exp = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}

export class DeliveryWorker {
  private readonly transport: Transporter;
  private readonly retries = new Map<string, { attempts: number; nextAt: number }>();
  private stopped = false;
  private wake: (() => void) | null = null;
  /** Set by kick(): something arrived while a pass was running, so run another at once. */
  private dirty = false;
  private loop: Promise<void> | null = null;
  private readonly log: (message: string) => void;

  constructor(private readonly opts: WorkerOptions) {
    this.log = opts.log ?? ((m) => console.log(m));
    this.transport = nodemailer.createTransport({
      url: opts.smtpUrl.toString(),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** Something new was stored: deliver it now rather than at the next poll. */
  kick(): void {
    this.dirty = true;
    this.wake?.();
  }

  /** Finishes the message being sent, then stops. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.kick();
    await this.loop;
    this.transport.close();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.dirty = false;
      let nextDue = Infinity;
      try {
        nextDue = await this.deliverDue();
      } catch (err) {
        this.log(`outbox: could not read the outbox: ${(err as Error).message}`);
        nextDue = Date.now() + this.opts.retryBaseMs;
      }
      if (this.stopped) break;
      if (this.dirty) continue;
      // Sleep until the next retry is due, something new arrives, or a
      // periodic look (files dropped in by hand, or after a restart).
      const wait = Math.max(0, Math.min(nextDue - Date.now(), 30_000));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** Sends every due message once; returns when the next retry is due. */
  private async deliverDue(): Promise<number> {
    let nextDue = Infinity;
    for (const id of await this.opts.outbox.pending()) {
      if (this.stopped) break;
      const retry = this.retries.get(id);
      if (retry && retry.nextAt > Date.now()) {
        nextDue = Math.min(nextDue, retry.nextAt);
        continue;
      }
      let enquiry: StoredEnquiry;
      try {
        enquiry = await this.opts.outbox.read(id);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") continue;
        await this.opts.outbox.markDead(id, `unreadable: ${(err as Error).message}`);
        this.log(`outbox: ${id} is unreadable and was moved to dead/`);
        continue;
      }
      try {
        await this.send(enquiry);
        await this.opts.outbox.markSent(id);
        this.retries.delete(id);
      } catch (err) {
        if (isPermanent(err)) {
          await this.opts.outbox.markDead(id, (err as Error).message);
          this.retries.delete(id);
          this.log(`outbox: the mail server refused ${id} (${(err as Error).message}); moved to dead/`);
        } else {
          const attempts = (retry?.attempts ?? 0) + 1;
          const nextAt = Date.now() + backoffMs(attempts, this.opts.retryBaseMs, this.opts.retryMaxMs);
          this.retries.set(id, { attempts, nextAt });
          nextDue = Math.min(nextDue, nextAt);
          this.log(`outbox: delivery of ${id} failed (attempt ${attempts}: ${(err as Error).message}); retrying in ${Math.round((nextAt - Date.now()) / 1000)} s`);
        }
      }
    }
    return nextDue;
  }

  private async send(enquiry: StoredEnquiry): Promise<void> {
    await this.transport.sendMail({
      from: this.opts.mailFrom,
      to: this.opts.mailTo,
      envelope: { from: this.opts.mailFrom.replace(/^.*<([^>]+)>$/, "$1"), to: [this.opts.mailTo] },
      ...(enquiry.replyTo ? { replyTo: enquiry.replyTo } : {}),
      subject: enquiry.subject,
      text: enquiry.text,
      messageId: enquiry.messageId,
      date: new Date(enquiry.receivedAt),
      headers: { "X-Enquiry-Id": enquiry.id },
      // Text only: no attachments, no files or URLs read on a message's behalf.
      disableFileAccess: true,
      disableUrlAccess: true,
    });
  }
}
