/**
 * Delivery worker: e-mails what waits in the outbox's new/ through SMTP
 * (nodemailer), one message at a time.
 *
 * - Delivered: moved to sent/ (kept as the record of what was sent).
 * - Refused for the message itself (5xx to its recipient or its content:
 *   550, 552, 553, 554), or an unreadable file: moved to dead/.
 * - Refused because of our own configuration (login refused or required:
 *   530, 534, 535, 538; TLS or protocol failures): every enquiry stays in
 *   new/, the whole queue waits with backoff, and each failure is logged
 *   loudly with what to fix. Once the configuration is fixed, all are sent.
 * - Anything else (server down, time-out, 4xx): retried with exponential
 *   backoff and jitter, indefinitely; the file stays in new/, so a restart
 *   picks it up again.
 *
 * The recipient is always the configured MAIL_TO: nothing stored in a file
 * or sent by a visitor can route mail elsewhere.
 *
 * What it knows is also written beside the outbox for the studio's inbox:
 * each enquiry's tries, next try and last error, and when it was sent
 * (state/<id>.json); a refused configuration once for the whole queue
 * (delivery.json), until a message goes through again.
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

/** Reply codes about our login (RFC 4954): the mail server's account, not the message, is wrong. */
const LOGIN_CODES = new Set([530, 534, 535, 538]);
/** nodemailer's error codes for a failure of the connection's setup: login, TLS, protocol. */
const SETUP_ERRORS = new Set(["EAUTH", "ETLS", "EPROTOCOL", "ENOAUTH", "EOAUTH2"]);

/** A failure of our SMTP configuration: no message can be sent until someone fixes it. */
export function isConfigurationFault(err: unknown): boolean {
  const { code, responseCode } = err as { code?: string; responseCode?: number };
  return (typeof responseCode === "number" && LOGIN_CODES.has(responseCode)) || (typeof code === "string" && SETUP_ERRORS.has(code));
}

/** A 5xx answer about this message (its recipient or its content): final for it. */
export function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600 && !isConfigurationFault(err);
}

/** Exponential backoff with "equal jitter": half fixed, half random, capped. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exp = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}

export class DeliveryWorker {
  private readonly transport: Transporter;
  private readonly retries = new Map<string, { attempts: number; nextAt: number }>();
  /** Set while the SMTP configuration is refused: the whole queue waits until then. */
  private configRetry: { attempts: number; nextAt: number } | null = null;
  /** The same fault as written to delivery.json: when it began stays while it lasts. */
  private configFault: { since: string } | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;
  /** Set by kick(): something arrived while a pass was running, so run another at once. */
  private dirty = false;
  private loop: Promise<void> | null = null;
  private readonly log: (message: string) => void;
  /** For what an operator must fix: standard error unless a logger is given. */
  private readonly alarm: (message: string) => void;

  constructor(private readonly opts: WorkerOptions) {
    this.log = opts.log ?? ((m) => console.log(m));
    this.alarm = opts.log ?? ((m) => console.error(m));
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
    if (this.configRetry && this.configRetry.nextAt > Date.now()) return this.configRetry.nextAt;
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
        const response = await this.send(enquiry);
        await this.opts.outbox.markSent(id, response);
        this.retries.delete(id);
        if (this.configRetry) {
          this.log("outbox: the mail server accepts our login again; sending what waited");
          await this.opts.outbox.updateQueueState({ configFault: null }).catch(() => {});
        }
        this.configRetry = null;
        this.configFault = null;
      } catch (err) {
        if (isConfigurationFault(err)) {
          const attempts = (this.configRetry?.attempts ?? 0) + 1;
          this.configRetry = { attempts, nextAt: Date.now() + backoffMs(attempts, this.opts.retryBaseMs, this.opts.retryMaxMs) };
          const fault = {
            message: (err as Error).message,
            since: this.configFault?.since ?? new Date().toISOString(),
            attempts,
            nextAt: new Date(this.configRetry.nextAt).toISOString(),
          };
          this.configFault = fault;
          await this.opts.outbox.updateQueueState({ configFault: fault }).catch(() => {});
          const waiting = (await this.opts.outbox.pending()).length;
          this.alarm(
            `outbox: CONFIGURATION ERROR: the mail server refused our connection or login (${(err as Error).message}). ` +
              `Check SMTP_URL (user, password, port, TLS). ${waiting} enquir${waiting === 1 ? "y waits" : "ies wait"} in new/ and nothing is lost; ` +
              `trying again in ${Math.round((this.configRetry.nextAt - Date.now()) / 1000)} s (attempt ${attempts}).`,
          );
          return this.configRetry.nextAt;
        }
        if (isPermanent(err)) {
          await this.opts.outbox.markDead(id, (err as Error).message);
          this.retries.delete(id);
          this.log(`outbox: the mail server refused ${id} (${(err as Error).message}); moved to dead/`);
        } else {
          const attempts = (retry?.attempts ?? 0) + 1;
          const nextAt = Date.now() + backoffMs(attempts, this.opts.retryBaseMs, this.opts.retryMaxMs);
          this.retries.set(id, { attempts, nextAt });
          await this.opts.outbox
            .recordDelivery(id, {
              attempts,
              lastTriedAt: new Date().toISOString(),
              nextAt: new Date(nextAt).toISOString(),
              lastError: (err as Error).message,
            })
            .catch(() => {});
          nextDue = Math.min(nextDue, nextAt);
          this.log(
            `outbox: delivery of ${id} failed (attempt ${attempts}: ${(err as Error).message}); retrying in ${Math.round((nextAt - Date.now()) / 1000)} s`,
          );
        }
      }
    }
    return nextDue;
  }

  /** Sends one; the mail server's answer ("250 OK: queued as ..."). */
  private async send(enquiry: StoredEnquiry): Promise<string> {
    const info = await this.transport.sendMail({
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
    return String((info as { response?: unknown }).response ?? "");
  }
}
