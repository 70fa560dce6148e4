/**
 * The durable outbox: one file per enquiry in a Maildir-style directory.
 *
 *   tmp/   being written (never read by anyone else)
 *   new/   saved, waiting for delivery (with no SMTP configured they stay here)
 *   sent/  delivered
 *   dead/  refused permanently by the mail server (with a .reason.txt beside it)
 *
 * An enquiry is acknowledged only after its file is complete on disk: written
 * to tmp/, fsync'ed, hard-linked into new/ (link fails rather than overwrites,
 * so an Idempotency-Key maps to one file) and new/ itself fsync'ed so the
 * directory entry survives a crash. A crash at any point leaves either no file
 * in new/ or a complete one; stray tmp/ files are removed at the next start.
 */
import { createHash, randomBytes } from "node:crypto";
import { constants, existsSync, mkdirSync } from "node:fs";
import { type FileHandle, link, open, readFile, readdir, rename, stat, statfs, unlink, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";

export const OUTBOX_FOLDERS = ["tmp", "new", "sent", "dead"] as const;

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
   * Removes tmp/ files older than `staleMs`: a write takes milliseconds, so an older one was left
   * by a process that died while writing. Returns how many were removed.
   */
  async sweepTmp(staleMs = 60_000): Promise<number> {
    const now = Date.now();
    let removed = 0;
    for (const name of await readdir(join(this.dir, "tmp"))) {
      const path = join(this.dir, "tmp", name);
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

  path(folder: (typeof OUTBOX_FOLDERS)[number], id: string): string {
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
    const p = this.write(id, enquiry, key).finally(() => this.inFlight.delete(id));
    if (key) this.inFlight.set(id, p);
    return p;
  }

  private async write(id: string, enquiry: NewEnquiry, key: string | null): Promise<{ id: string; duplicate: boolean }> {
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
        await link(tmp, this.path("new", id));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "EEXIST") return { id, duplicate: true };
        throw err;
      }
      await this.newSync.sync();
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
    return (await readdir(join(this.dir, "new"))).sort();
  }

  async read(id: string): Promise<StoredEnquiry> {
    return JSON.parse(await readFile(this.path("new", id), "utf8")) as StoredEnquiry;
  }

  async markSent(id: string): Promise<void> {
    await rename(this.path("new", id), this.path("sent", id));
  }

  async markDead(id: string, reason: string): Promise<void> {
    await writeFile(this.path("dead", `${id}.reason.txt`), `${new Date().toISOString()} ${reason}\n`).catch(() => {});
    await rename(this.path("new", id), this.path("dead", id));
  }
}
