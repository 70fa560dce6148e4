/**
 * The studio's accounts: an e-mail, a name, a role (editors save; publishers also publish and
 * restore), whether they may read and answer the site's enquiries (a flag; publishers may unless
 * it says no), and a password stored as a scrypt hash (node:crypto) with its own salt and cost, in
 * one JSON file outside site-config/ and public/, written atomically and readable by the owner
 * only. An account can instead hold an invitation: a one-time link to choose the password,
 * stored hashed, valid for a few days.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { writeFileDurably } from "./durable.ts";

export type Role = "editor" | "publisher";
export const ROLES: readonly Role[] = ["editor", "publisher"];

export interface Account {
  email: string;
  name: string;
  role: Role;
  /** "scrypt$N$r$p$salt$key" (base64url), or null while the invitation is not accepted. */
  password: string | null;
  /** The invitation: the SHA-256 of its token and when it expires. */
  invite: { token: string; expires: string } | null;
  created: string;
  /** May read and answer the enquiries (the inbox); unset: publishers may, editors not (canAnswerEnquiries). */
  enquiries?: boolean;
  /**
   * Changes whenever the password, the role or the name changes: a session remembers the one it
   * was made under and is over once it differs (sessions.ts), whichever process changed the account.
   */
  version?: string;
  /** Made by a single sign-on (no password of the studio's own). */
  sso?: boolean;
  /** Second factors (factors.ts). */
  factors?: Factors;
}

export interface Passkey {
  /** The credential's id (base64url), as the browser names it. */
  id: string;
  /** Its public key (COSE, base64url). */
  publicKey: string;
  /** The authenticator's signature counter at its last use. */
  counter: number;
  transports: string[];
  /** The name its owner gave it ("Work laptop"). */
  name: string;
  added: string;
  used: string | null;
}

export interface Factors {
  /** The WebAuthn user handle: random, never the e-mail address (base64url). */
  handle: string;
  passkeys: Passkey[];
  /** Two-step codes (RFC 6238): the shared secret (base32) and the last time step accepted (a code is taken once). */
  totp: { secret: string; lastStep: number; added: string } | null;
  /** The recovery codes not used yet, each as its SHA-256 (base64url). */
  recovery: string[];
}

/** Whether an account has a second factor (a passkey, or two-step codes). */
export const hasSecondFactor = (a: Account) => (a.factors?.passkeys.length ?? 0) > 0 || Boolean(a.factors?.totp);

/** The cost of a password check: about a tenth of a second here, the same for every account. */
const COST = { N: 2 ** 15, r: 8, p: 1 };
const KEY_BYTES = 32;
const INVITE_DAYS = 7;
export const MIN_PASSWORD = 10;

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_BYTES, { N, r, p, maxmem: 256 * N * r }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST.N, COST.r, COST.p);
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [kind, N, r, p, salt, key] = stored.split("$");
  if (kind !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), Number(N), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The part of the address before "@" counts from this length: "ed" is too common to refuse in a password. */
const MAILBOX_MIN = 4;

/** Checked on every password set: long enough, not the e-mail address nor its part before "@" (from four letters). */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length < MIN_PASSWORD) return `The password needs at least ${MIN_PASSWORD} characters.`;
  const lower = password.toLowerCase();
  const address = email.toLowerCase();
  const mailbox = address.split("@")[0] ?? "";
  if (lower.includes(address)) return "The password must not contain the e-mail address.";
  if (mailbox.length >= MAILBOX_MIN && lower.includes(mailbox))
    return `The password must not contain "${mailbox}", the part of the e-mail address before the @.`;
  return null;
}

export const normalEmail = (email: string) => email.trim().toLowerCase();
/** An address as browsers check type="email" (WHATWG): no spaces, quotes, angle brackets or control characters. */
const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
const NAME_MAX = 80;

/** A name as it appears in commits and in the studio: printable, without the angle brackets Git uses around the address. */
export function nameProblem(name: string): string | null {
  if (name.trim() === "") return 'The name is empty: give the person\'s name, such as --name "Asha Rao".';
  if (/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(name)) return "The name must be on one line, without control characters.";
  if (/[<>]/.test(name)) return `The name must not contain < or >: Git writes the e-mail address between them ("${name.replace(/[<>]/g, "")}" would do).`;
  if (name.length > NAME_MAX) return `The name is too long (at most ${NAME_MAX} characters).`;
  return null;
}

const newVersion = () => randomBytes(9).toString("base64url");

/** Whether the account sees the enquiries: its own flag, or else its role (publishers do). */
export const canAnswerEnquiries = (account: Pick<Account, "role" | "enquiries">): boolean => account.enquiries ?? account.role === "publisher";

export class Accounts {
  /** A hash to check against when the account does not exist, so that an unknown e-mail takes as long as a wrong password. */
  private readonly decoy = hashPassword(randomBytes(12).toString("base64url"));

  constructor(readonly file: string) {}

  list(): Account[] {
    if (!existsSync(this.file)) return [];
    const data = JSON.parse(readFileSync(this.file, "utf8")) as { accounts?: Account[] };
    return data.accounts ?? [];
  }

  find(email: string): Account | undefined {
    return this.list().find((a) => a.email === normalEmail(email));
  }

  private write(accounts: Account[]) {
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    writeFileDurably(this.file, `${JSON.stringify({ accounts }, null, 2)}\n`, 0o600);
  }

  /** Adds an account with a password, or (no password) with an invitation; returns the invitation's token. */
  async add(email: string, name: string, role: Role, password?: string, enquiries?: boolean): Promise<{ token: string | null }> {
    const address = normalEmail(email);
    if (!EMAIL.test(address)) throw new Error(`"${email}" is not an e-mail address.`);
    if (!ROLES.includes(role)) throw new Error(`The role is "editor" or "publisher", not "${role}".`);
    const problem = nameProblem(name);
    if (problem) throw new Error(problem);
    if (this.find(address)) throw new Error(`There is already an account for ${address}.`);
    const account: Account = {
      email: address,
      name: name.trim(),
      role,
      password: null,
      invite: null,
      created: new Date().toISOString(),
      version: newVersion(),
      ...(enquiries === undefined ? {} : { enquiries }),
    };
    const token = await this.secret(account, password);
    this.write([...this.list(), account]);
    return { token };
  }

  /**
   * A new password (or a new invitation) for an existing account; its sessions are over (its version
   * changes). With `clearFactors` (the command line's reset: a person who lost their phone or passkey),
   * its second factors are removed too; `cleared` says which there were.
   */
  async reset(email: string, password?: string, { clearFactors = false } = {}): Promise<{ token: string | null; cleared: string[] }> {
    const accounts = this.list();
    const account = accounts.find((a) => a.email === normalEmail(email));
    if (!account) throw new Error(`There is no account for ${email}.`);
    const token = await this.secret(account, password);
    account.version = newVersion();
    const cleared: string[] = [];
    if (clearFactors && account.factors) {
      const n = account.factors.passkeys.length;
      if (n > 0) cleared.push(n === 1 ? "1 passkey" : `${n} passkeys`);
      if (account.factors.totp) cleared.push("two-step codes");
      account.factors = { ...account.factors, passkeys: [], totp: null, recovery: [] };
    }
    this.write(accounts);
    return { token, cleared };
  }

  /**
   * Changes an account in place (its factors, its password): `change` edits it; the account gets a new
   * version, so every session made before is over but the one the caller moves to it (auth.ts). A use
   * (a code's step, a passkey's counter) is no change of who may sign in: `newVersion: false`.
   */
  async change(email: string, change: (account: Account) => void | Promise<void>, { newVersion: bump = true } = {}): Promise<Account> {
    const accounts = this.list();
    const account = accounts.find((a) => a.email === normalEmail(email));
    if (!account) throw new Error(`There is no account for ${email}.`);
    await change(account);
    if (bump) account.version = newVersion();
    this.write(accounts);
    return account;
  }

  /** Sets a new password for a signed-in person (checked as on every password set). */
  async setPassword(account: Account, password: string) {
    await this.secret(account, password);
  }

  /** An account made by a single sign-on: no password, the role the settings give new people. */
  addFromSso(email: string, name: string, role: Role): Account {
    const address = normalEmail(email);
    if (!EMAIL.test(address)) throw new Error(`"${email}" is not an e-mail address.`);
    const clean =
      name
        .replace(/[\p{Cc}\p{Cf}<>\u2028\u2029]/gu, "")
        .trim()
        .slice(0, NAME_MAX) || address;
    const account: Account = {
      email: address,
      name: clean,
      role,
      password: null,
      invite: null,
      created: new Date().toISOString(),
      version: newVersion(),
      sso: true,
    };
    this.write([...this.list(), account]);
    return account;
  }

  /**
   * A new name, role or enquiries flag. A new role or name ends the account's sessions (its version
   * changes; the name signs their commits); the flag alone does not: it is read on every request.
   */
  update(email: string, { name, role, enquiries }: { name?: string; role?: Role; enquiries?: boolean }): Account {
    const accounts = this.list();
    const account = accounts.find((a) => a.email === normalEmail(email));
    if (!account) throw new Error(`There is no account for ${email}.`);
    if (role !== undefined && !ROLES.includes(role)) throw new Error(`The role is "editor" or "publisher", not "${role}".`);
    const problem = name === undefined ? null : nameProblem(name);
    if (problem) throw new Error(problem);
    if (name !== undefined) account.name = name.trim();
    if (role !== undefined) account.role = role;
    if (enquiries !== undefined) account.enquiries = enquiries;
    if (name !== undefined || role !== undefined) account.version = newVersion();
    this.write(accounts);
    return account;
  }

  private async secret(account: Account, password?: string): Promise<string | null> {
    if (password !== undefined) {
      const problem = passwordProblem(password, account.email);
      if (problem) throw new Error(problem);
      account.password = await hashPassword(password);
      account.invite = null;
      return null;
    }
    const token = randomBytes(24).toString("base64url");
    account.password = null;
    account.invite = { token: hashToken(token), expires: new Date(Date.now() + INVITE_DAYS * 86_400_000).toISOString() };
    return token;
  }

  remove(email: string): void {
    const accounts = this.list();
    if (!accounts.some((a) => a.email === normalEmail(email))) throw new Error(`There is no account for ${email}.`);
    this.write(accounts.filter((a) => a.email !== normalEmail(email)));
  }

  /** The account whose password this is, or null; always the same work whether the account exists or not. */
  async verify(email: string, password: string): Promise<Account | null> {
    const account = this.find(email);
    const ok = await passwordMatches(password, account?.password ?? (await this.decoy));
    return ok && account?.password ? account : null;
  }

  /** The account an invitation token opens, if still valid. */
  invited(token: string): Account | undefined {
    const hash = hashToken(token);
    return this.list().find((a) => a.invite && a.invite.token === hash && Date.parse(a.invite.expires) > Date.now());
  }

  /** Sets the password chosen through an invitation; the invitation is then used up. */
  async accept(token: string, password: string): Promise<Account> {
    const account = this.invited(token);
    if (!account) throw new Error("This invitation link is not valid any more: ask for a new one.");
    await this.reset(account.email, password);
    return this.find(account.email) as Account;
  }
}
