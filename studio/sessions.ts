/**
 * Where the studio keeps its sessions for @fastify/session: in memory, and in a file beside the
 * accounts (owner-only), so a restart signs nobody out. The file holds each session id's SHA-256,
 * never the id the cookie carries. Expired sessions are dropped as they are met and on start.
 * A session met again only to move its expiry (every request, with `rolling`) is written within
 * a minute, not at once: an fsync per request made every asset wait on the disk.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Session } from "fastify";
import type { SessionStore } from "@fastify/session";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { writeFileDurably } from "./durable.ts";

type Stored = {
  cookie?: { expires?: string | null; originalExpires?: string | null };
  user?: string;
  started?: string;
  seen?: string;
  agent?: string;
  address?: string;
} & Record<string, unknown>;

/** A session as "Where you're signed in" lists it. */
export interface SessionSummary {
  /** The SHA-256 of its id (what the file keeps): names it for ending it, cannot be used as a cookie. */
  key: string;
  user: string;
  /** The browser and system, in words ("Chrome on Linux"). */
  browser: string;
  address: string;
  started: string | null;
  seen: string | null;
}
type Callback = (err?: unknown) => void;
type SessionCallback = (err: unknown, session?: Session | null) => void;

const LATER_MS = 60_000;

/** The same session but for when it expires and when it was last used. */
const sameButExpiry = (a: Stored, b: Stored) => JSON.stringify({ ...a, cookie: null, seen: null }) === JSON.stringify({ ...b, cookie: null, seen: null });

export const sessionKey = (id: string) => createHash("sha256").update(id).digest("base64url");
const key = sessionKey;

/** A browser's User-Agent in a few words: enough for a person to tell their laptop from their phone. */
export function browserInWords(agent: string): string {
  const browser =
    [
      [/Edg\//, "Edge"],
      [/OPR\//, "Opera"],
      [/Firefox\//, "Firefox"],
      [/Chrom(e|ium)\//, "Chrome"],
      [/Safari\//, "Safari"],
    ].find(([re]) => (re as RegExp).test(agent))?.[1] ?? "A browser";
  const system =
    [
      [/iPhone|iPad/, "iPhone or iPad"],
      [/Android/, "Android"],
      [/Windows/, "Windows"],
      [/Mac OS X|Macintosh/, "Mac"],
      [/CrOS/, "ChromeOS"],
      [/Linux/, "Linux"],
    ].find(([re]) => (re as RegExp).test(agent))?.[1] ?? null;
  return system ? `${browser} on ${system}` : agent ? `${browser} (${agent.slice(0, 40)})` : "An unknown program";
}

const expired = (s: Stored) => {
  const when = s.cookie?.originalExpires ?? s.cookie?.expires;
  return when ? Date.parse(when) <= Date.now() : false;
};

export class SessionFile implements SessionStore {
  private sessions: Map<string, Stored>;
  private pending: NodeJS.Timeout | null = null;

  constructor(readonly file: string) {
    const saved = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, Stored>) : {};
    this.sessions = new Map(Object.entries(saved).filter(([, s]) => !expired(s)));
  }

  private save() {
    if (this.pending) clearTimeout(this.pending);
    this.pending = null;
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    writeFileDurably(this.file, JSON.stringify(Object.fromEntries(this.sessions)), 0o600);
  }

  set(id: string, session: Session, done: Callback) {
    try {
      const k = key(id);
      const before = this.sessions.get(k);
      const next = JSON.parse(JSON.stringify(session)) as Stored;
      this.sessions.set(k, next);
      if (before && sameButExpiry(before, next)) this.pending ??= setTimeout(() => this.flush(), LATER_MS).unref();
      else this.save();
      done();
    } catch (err) {
      done(err);
    }
  }

  get(id: string, done: SessionCallback) {
    const session = this.sessions.get(key(id));
    // What was stored, as @fastify/session stored it: it makes a session of it again.
    done(null, session && !expired(session) ? (session as unknown as Session) : null);
  }

  destroy(id: string, done: Callback) {
    try {
      if (this.sessions.delete(key(id))) this.save();
      done();
    } catch (err) {
      done(err);
    }
  }

  /** Writes what waits (a moved expiry): on a timer and when the studio stops. */
  flush() {
    if (this.pending) this.save();
  }

  /** Ends every session of an account (its password changed, or it was removed), but the one whose key is `except`. */
  endFor(email: string, except?: string): number {
    let ended = 0;
    for (const [k, s] of this.sessions)
      if (s.user === email && k !== except) {
        this.sessions.delete(k);
        ended++;
      }
    if (ended > 0) this.save();
    return ended;
  }

  /** Ends one session by its key; whose it was, or null when there was none. */
  end(sessionKey: string): string | null {
    const session = this.sessions.get(sessionKey);
    if (!session) return null;
    this.sessions.delete(sessionKey);
    this.save();
    return session.user ?? null;
  }

  /** The signed-in sessions (of one account, or everyone's), the most recently used first. */
  list(email?: string): SessionSummary[] {
    return [...this.sessions]
      .filter(([, s]) => typeof s.user === "string" && !expired(s) && (email === undefined || s.user === email))
      .map(([k, s]) => ({
        key: k,
        user: s.user as string,
        browser: browserInWords(s.agent ?? ""),
        address: s.address ?? "",
        started: s.started ?? null,
        seen: s.seen ?? s.started ?? null,
      }))
      .sort((a, b) => (b.seen ?? "").localeCompare(a.seen ?? ""));
  }
}

/** The key @fastify/session signs its cookie with: made once, kept beside the accounts (owner-only). */
export function sessionSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString("base64url");
  writeFileDurably(file, `${secret}\n`, 0o600);
  return secret;
}
