/**
 * The durable outbox: one file per enquiry in a Maildir-style directory.
 *
 *   tmp/   being written (never read by anyone else)
 *   new/   saved, waiting for delivery (with no SMTP configured they stay here)
 *   sent/  delivered
 *   dead/  refused permanently by the mail server (with a .reason.txt beside it)
 *   spam/  caught by the form's spam trap (the honeypot): kept for the studio's inbox, never sent
 *   state/ what the delivery worker knows of each one (<id>.json: tries, next try, last error, when
 *          sent); delivery.json beside the folders says whether the server e-mails at all and
 *          whether the mail server refuses our own login
 *
 * An enquiry is acknowledged only after its file is complete on disk: written
 * to tmp/, fsync'ed, hard-linked into new/ (link fails rather than overwrites,
 * so an Idempotency-Key maps to one file) and new/ itself fsync'ed so the
 * directory entry survives a crash. A crash at any point leaves either no file
 * in new/ or a complete one; stray tmp/ files are removed at the next start.
 *
 * Files only move forward (new/ to sent/ or dead/), except Send again (resend), which moves a refused
 * one back into new/ for the worker to deliver. The studio's inbox reads these folders and, on the
 * same machine, resends and deletes through this class too.
 */
import { createHash, randomBytes } from "node:crypto";
import { constants, existsSync, mkdirSync } from "node:fs";
import { type FileHandle, link, open, readFile, readdir, rename, stat, statfs, unlink, watch, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";

export const OUTBOX_FOLDERS = ["tmp", "new", "sent", "dead", "spam", "state"] as const;
export type OutboxFolder = (typeof OUTBOX_FOLDERS)[number];
/** The folders that hold enquiries, in the order the inbox reads them (see Outbox.snapshot). */
export const ENQUIRY_FOLDERS = ["new", "sent", "dead", "spam"] as const;
export type EnquiryFolder = (typeof ENQUIRY_FOLDERS)[number];

/** An enquiry's file name as fileName() makes it: a key's hash, or time, process, counter and host. Nothing else is ever read or removed by id. */
const ENQUIRY_ID = /^(k[0-9a-f]{40}|[0-9]{1,16}\.[0-9]{1,10}_[0-9a-z]{1,40}\.[A-Za-z0-9-]{1,255})$/;
export const isEnquiryId = (id: string): boolean => ENQUIRY_ID.test(id);

/** What is stored per enquiry (JSON, one file). */
export interface StoredEnquiry {
  version: 1;
  /** The file name, also in the Message-ID. */
  id: string;
  /** Stable Message-ID: a message sent twice (after a crash between delivery and bookkeeping) is recognisable as one. */
  messageId: string;
  receivedAt: string;
  idempotencyKey: string | null;
  clientIp: string;
  subject: string;
  /** The plain-text body as the form composed it. */
  text: string;
  /** The visitor's address, only when it passed the e-mail rule; used as Reply-To. */
  replyTo: string | null;
  /** Caught by the spam trap: what the bot put in the hidden field (only in spam/). */
  trap?: string;
}

/** What the delivery worker knows of one enquiry (state/<id>.json): its tries while it waits, when it was sent. */
export interface DeliveryState {
  attempts: number;
  lastTriedAt?: string;
  /** While it waits: when the next try is due, and why the last one failed. */
  nextAt?: string;
  lastError?: string;
  /** Once sent: when, and the mail server's answer. */
  sentAt?: string;
  response?: string;
}

/** What the site server says of its delivery as a whole (delivery.json). */
export interface QueueState {
  /** Whether it e-mails enquiries at all (SMTP_URL set); without, they stay in new/ to be read in the studio. */
  smtp: boolean;
  mailTo: string;
  startedAt: string;
  /** The mail server refuses our own configuration (login, TLS): nothing is sent until someone fixes SMTP_URL. */
  configFault: { message: string; since: string; attempts: number; nextAt: string } | null;
}

export type NewEnquiry = Pick<StoredEnquiry, "subject" | "text" | "replyTo" | "clientIp">;

/** The disk (or the reserve kept free on it) is full: nothing was stored. */
export class OutboxFullError extends Error {
  constructor(cause?: unknown) {
    super("The outbox disk is full", { cause });
  }
}

const DISK_FULL = new Set(["ENOSPC", "EDQUOT"]);

/** fsync a directory so entries linked into it survive a crash. */
async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY | constants.O_DIRECTORY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Coalesces directory fsyncs: a caller waits for a sync that *starts* after
 * its call, and every caller waiting at that moment shares it.
 */
class DirSyncer {
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  constructor(private readonly dir: string) {}

  sync(): Promise<void> {
    if (!this.running) return this.start();
    this.next ??= this.running.then(
      () => this.afterRunning(),
      () => this.afterRunning(),
    );
    return this.next;
  }

  private afterRunning(): Promise<void> {
    this.next = null;
    return this.start();
  }

  private start(): Promise<void> {
    const p = fsyncDir(this.dir).finally(() => {
      if (this.running === p) this.running = null;
    });
    this.running = p;
    return p;
  }
}

export interface OutboxOptions {
  /** Refuse new enquiries while the disk has less free space than this (bytes). */
  reserveBytes?: number;
  /** Domain part of Message-IDs. */
  messageIdDomain?: string;
}

export class Outbox {
  readonly dir: string;
  private readonly reserveBytes: number;
  private readonly domain: string;
  private readonly newSync: DirSyncer;
  private readonly inFlight = new Map<string, Promise<{ id: string; duplicate: boolean }>>();
  /** Free space when last asked of the disk, less what was written since (so a burst cannot overrun the reserve). */
  private freeCheck: { at: number; free: number; block: number } | null = null;
  private readonly host = hostname().replace(/[^A-Za-z0-9-]/g, "") || "host";
  private counter = 0;

  constructor(dir: string, { reserveBytes = 0, messageIdDomain = "enquiry.local" }: OutboxOptions = {}) {
    this.dir = dir;
    this.reserveBytes = reserveBytes;
    this.domain = messageIdDomain;
    this.newSync = new DirSyncer(join(dir, "new"));
  }

  /**
   * Creates the folders and removes tmp/ files left by a process that died while writing (older than
   * `staleMs`). Returns how many were removed.
   */
  async init(staleMs = 60_000): Promise<number> {
    for (const f of OUTBOX_FOLDERS) mkdirSync(join(this.dir, f), { recursive: true });
    return this.sweepTmp(staleMs);
  }

  /**
   * Removes tmp/ files (and state/'s *.tmp) older than `staleMs`: a write takes milliseconds, so an older one was left
   * by a process that died while writing. Returns how many were removed.
   */
  async sweepTmp(staleMs = 60_000): Promise<number> {
    const now = Date.now();
    let removed = 0;
    // tmp/ and the half-written state/ files (*.tmp) of a process that died while writing.
    const state = (await readdir(join(this.dir, "state")).catch(() => [] as string[])).filter((n) => n.endsWith(".tmp")).map((n) => join("state", n));
    for (const name of [...(await readdir(join(this.dir, "tmp"))).map((n) => join("tmp", n)), ...state]) {
      const path = join(this.dir, name);
      try {
        if (now - (await stat(path)).mtimeMs > staleMs) {
          await unlink(path);
          removed++;
        }
      } catch {
        // Removed meanwhile.
      }
    }
    return removed;
  }

  /** Sweeps tmp/ every `everyMs` while the server runs (a crash just before a restart leaves young files). */
  sweepPeriodically(everyMs = 60_000, staleMs = 60_000): () => void {
    const timer = setInterval(() => void this.sweepTmp(staleMs).catch(() => {}), everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  path(folder: OutboxFolder, id: string): string {
    return join(this.dir, folder, id);
  }

  /** File name for an enquiry: derived from the Idempotency-Key when there is one, unique otherwise. */
  private fileName(key: string | null): string {
    if (key) return `k${createHash("sha256").update(key).digest("hex").slice(0, 40)}`;
    return `${Date.now()}.${process.pid}_${(this.counter++).toString(36)}${randomBytes(6).toString("hex")}.${this.host}`;
  }

  /**
   * Refuses (OutboxFullError) a write of `bytes` that would take the disk below the reserve, and
   * counts it as written: the disk is asked at most once a second, and writes in between are
   * subtracted from its answer, so back-to-back enquiries cannot overrun the reserve.
   */
  private async takeSpace(bytes: number): Promise<void> {
    if (this.reserveBytes <= 0) return;
    const asked = Date.now();
    if (!this.freeCheck || asked - this.freeCheck.at > 1000) {
      const s = await statfs(join(this.dir, "new"));
      // A check that started later already counted writes made meanwhile: keep it.
      if (!this.freeCheck || this.freeCheck.at < asked) this.freeCheck = { at: asked, free: s.bavail * s.bsize, block: s.bsize };
    }
    const check = this.freeCheck;
    // A file takes whole blocks, and one more for its directory entries (tmp/ and new/).
    const needed = (Math.ceil(bytes / check.block) + 1) * check.block;
    if (check.free - needed < this.reserveBytes) throw new OutboxFullError();
    check.free -= needed;
  }

  /**
   * Stores one enquiry durably. With an idempotency key, a second call with
   * the same key stores nothing and reports `duplicate` (also while the first
   * is still being written: it waits for that one's outcome).
   */
  store(enquiry: NewEnquiry, key: string | null): Promise<{ id: string; duplicate: boolean }> {
    const id = this.fileName(key);
    const pending = this.inFlight.get(id);
    if (pending) return pending.then((r) => ({ ...r, duplicate: true }));
    const p = this.write(id, enquiry, key, "new").finally(() => this.inFlight.delete(id));
    if (key) this.inFlight.set(id, p);
    return p;
  }

  /** Keeps what the spam trap caught in spam/ (never delivered), as durably as an enquiry: the inbox lists it under spam. */
  async storeSpam(enquiry: NewEnquiry, trap: string): Promise<string> {
    return (await this.write(this.fileName(null), enquiry, null, "spam", trap)).id;
  }

  private async write(id: string, enquiry: NewEnquiry, key: string | null, folder: "new" | "spam", trap?: string): Promise<{ id: string; duplicate: boolean }> {
    // new/ first, then sent/ and dead/: files only ever move forward, so an
    // enquiry moved by the worker between two checks is still seen.
    if (key && (existsSync(this.path("new", id)) || existsSync(this.path("sent", id)) || existsSync(this.path("dead", id)))) {
      return { id, duplicate: true };
    }
    const record: StoredEnquiry = {
      version: 1,
      id,
      messageId: `<${id}@${this.domain}>`,
      receivedAt: new Date().toISOString(),
      idempotencyKey: key,
      clientIp: enquiry.clientIp,
      subject: enquiry.subject,
      text: enquiry.text,
      replyTo: enquiry.replyTo,
      ...(trap === undefined ? {} : { trap }),
    };
    const text = `${JSON.stringify(record, null, 2)}\n`;
    await this.takeSpace(Buffer.byteLength(text));
    const tmp = join(this.dir, "tmp", `${id}.${randomBytes(4).toString("hex")}`);
    let handle: FileHandle | undefined;
    try {
      handle = await open(tmp, "wx", 0o640);
      await handle.writeFile(text);
      await handle.sync();
      await handle.close();
      handle = undefined;
      try {
        await link(tmp, this.path(folder, id));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "EEXIST") return { id, duplicate: true };
        throw err;
      }
      await (folder === "new" ? this.newSync.sync() : fsyncDir(join(this.dir, folder)));
      return { id, duplicate: false };
    } catch (err) {
      if (DISK_FULL.has((err as NodeJS.ErrnoException).code ?? "")) throw new OutboxFullError(err);
      throw err;
    } finally {
      await handle?.close().catch(() => {});
      // The tmp name is only a staging name: drop it in every case (after a
      // successful link the file lives on under new/).
      await unlink(tmp).catch(() => {});
    }
  }

  /** Ids waiting in new/, oldest first. */
  async pending(): Promise<string[]> {
    return (await this.list("new")).sort();
  }

  async read(id: string): Promise<StoredEnquiry> {
    return this.readIn("new", id);
  }

  /** The enquiries in one folder (their ids; reasons and stray names left out); none when the folder is missing. */
  async list(folder: EnquiryFolder): Promise<string[]> {
    try {
      return (await readdir(join(this.dir, folder))).filter(isEnquiryId);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw err;
    }
  }

  /**
   * Where each enquiry is, read folder by folder while the worker may move files: new/, sent/,
   * dead/, spam/, then new/ again. Each id once, in the folder it was seen in last: a file moved
   * forward between two reads (new/ to sent/) is seen twice and counted where it went; one sent
   * back (dead/ to new/) between the reads of new/ and dead/ is caught by the second read of new/.
   */
  async snapshot(): Promise<Map<string, EnquiryFolder>> {
    const where = new Map<string, EnquiryFolder>();
    for (const folder of [...ENQUIRY_FOLDERS, "new"] as const) for (const id of await this.list(folder)) where.set(id, folder);
    return where;
  }

  readIn(folder: EnquiryFolder, id: string): Promise<StoredEnquiry> {
    return readFile(this.path(folder, id), "utf8").then((text) => JSON.parse(text) as StoredEnquiry);
  }

  /** The mail server's reason for refusing a dead/ one, as the worker wrote it (time first), or null. */
  reason(id: string): Promise<string | null> {
    return readFile(this.path("dead", `${id}.reason.txt`), "utf8").then(
      (text) => text.trim(),
      () => null,
    );
  }

  /** What the worker knows of one enquiry's delivery, or null. */
  deliveryState(id: string): Promise<DeliveryState | null> {
    return readFile(this.path("state", `${id}.json`), "utf8").then(
      (text) => JSON.parse(text) as DeliveryState,
      () => null,
    );
  }

  /** The worker's account of one try (or of the sending): replaced whole, never half-written. */
  async recordDelivery(id: string, state: DeliveryState): Promise<void> {
    await replaceFile(this.path("state", `${id}.json`), `${JSON.stringify(state)}\n`);
  }

  /** The site server's delivery as a whole (delivery.json), or null when no server of this version wrote it. */
  queueState(): Promise<QueueState | null> {
    return readFile(join(this.dir, "delivery.json"), "utf8").then(
      (text) => JSON.parse(text) as QueueState,
      () => null,
    );
  }

  private queue: QueueState | null = null;

  /** Changes the server's account of its delivery (the whole of it at start, the configuration fault as it comes and goes). */
  async updateQueueState(change: Partial<QueueState>): Promise<void> {
    this.queue = { smtp: false, mailTo: "", startedAt: new Date().toISOString(), configFault: null, ...this.queue, ...change };
    await replaceFile(join(this.dir, "delivery.json"), `${JSON.stringify(this.queue, null, 2)}\n`);
  }

  async markSent(id: string, response = ""): Promise<void> {
    const state = await this.deliveryState(id);
    await this.recordDelivery(id, { attempts: (state?.attempts ?? 0) + 1, sentAt: new Date().toISOString(), response });
    try {
      await rename(this.path("new", id), this.path("sent", id));
    } catch (err) {
      // Deleted while it was being sent (retention, or a person's data deleted on request): nothing left to move.
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      await unlink(this.path("state", `${id}.json`)).catch(() => {});
    }
  }

  async markDead(id: string, reason: string): Promise<void> {
    await writeFile(this.path("dead", `${id}.reason.txt`), `${new Date().toISOString()} ${reason}\n`).catch(() => {});
    await rename(this.path("new", id), this.path("dead", id));
    await unlink(this.path("state", `${id}.json`)).catch(() => {});
  }

  /**
   * Send again: a refused one back into new/ (its reason and tries forgotten), for the worker to
   * deliver once, with its Message-ID unchanged. False when it is not in dead/ (sent again already).
   */
  async resend(id: string): Promise<boolean> {
    if (!isEnquiryId(id)) return false;
    try {
      await rename(this.path("dead", id), this.path("new", id));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw err;
    }
    await unlink(this.path("dead", `${id}.reason.txt`)).catch(() => {});
    await unlink(this.path("state", `${id}.json`)).catch(() => {});
    await this.newSync.sync();
    return true;
  }

  /** Deletes an enquiry for good: its file wherever it is, its reason and its delivery state, the folders flushed. Whether there was one. */
  async remove(id: string): Promise<boolean> {
    if (!isEnquiryId(id)) return false;
    let found = false;
    const names: [OutboxFolder, string][] = [
      ...ENQUIRY_FOLDERS.map((f): [OutboxFolder, string] => [f, id]),
      ["dead", `${id}.reason.txt`],
      ["state", `${id}.json`],
    ];
    const touched = new Set<OutboxFolder>();
    for (const [folder, name] of names) {
      try {
        await unlink(this.path(folder, name));
        touched.add(folder);
        if (name === id) found = true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      }
    }
    // A deletion someone asked for must not come back after a crash.
    for (const folder of touched) await fsyncDir(join(this.dir, folder));
    return found;
  }

  /** Calls `onChange` whenever a file arrives in new/ (stored here, sent again from the studio, put back by hand); stops when the returned function is called. */
  watchNew(onChange: () => void): () => void {
    const stop = new AbortController();
    void (async () => {
      try {
        for await (const _event of watch(join(this.dir, "new"), { signal: stop.signal })) onChange();
      } catch {
        // Stopped, or the system cannot watch the folder: the worker's periodic look still finds them.
      }
    })();
    return () => stop.abort();
  }
}

/** Writes `file` through a temporary name beside it and a rename: a reader sees the old text or the new, never half. */
async function replaceFile(file: string, text: string): Promise<void> {
  const temporary = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await writeFile(temporary, text, { mode: 0o640 });
    await rename(temporary, file);
  } finally {
    await unlink(temporary).catch(() => {});
  }
}
