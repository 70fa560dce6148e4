/**
 * Signing in to the studio: the sign-in page (a plain form: it works without JavaScript), an
 * invitation page to choose a password, sign-out, and the guard every other request passes: a
 * session, and for a write a request from the studio's own pages (its Origin, and the builder's
 * header on the API). Failed sign-ins are counted per account and per address; past the limit,
 * 429 with Retry-After, whatever the password.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type Account, type Accounts, nameProblem } from "./accounts.ts";
import type { StudioConfig } from "./config.ts";
import { page } from "./html.ts";
import type { SessionFile } from "./sessions.ts";

/** What the studio's pages load before anyone signs in: the sign-in page's stylesheet and the builder's code (it holds no content). */
const PUBLIC = /^\/(sign-in|invite\/[\w-]+|studio-assets\/[\w./-]+|favicon\.svg)$/;

/**
 * Failed sign-ins are counted for 15 minutes per account from one address, per account, and per
 * address. Past each allowance, every further failure doubles the wait before the next attempt
 * (1 s, 2 s, 4 s...) up to a cap: an attacker is slowed to a crawl, and a person who mistyped, or
 * a team behind one proxy, waits seconds, never a fixed 15-minute lock.
 */
const RULES = {
  pair: { allowance: 5, capSeconds: 15 * 60 },
  account: { allowance: 10, capSeconds: 60 },
  address: { allowance: 20, capSeconds: 60 },
} as const;
const WINDOW_MS = 15 * 60_000;

type Keys = { account: string; address: string };

export class SignInLimiter {
  private readonly failures = new Map<string, number[]>();

  private keyed({ account, address }: Keys) {
    return [
      ["pair", `pair:${account}|${address}`],
      ["account", `account:${account}`],
      ["address", `address:${address}`],
    ] as const;
  }

  /** Seconds to wait before `keys` may try again (0: now). */
  wait(keys: Keys): number {
    const now = Date.now();
    let wait = 0;
    for (const [rule, key] of this.keyed(keys)) {
      const times = (this.failures.get(key) ?? []).filter((t) => now - t < WINDOW_MS);
      if (times.length === 0) this.failures.delete(key);
      else this.failures.set(key, times);
      const { allowance, capSeconds } = RULES[rule];
      if (times.length < allowance) continue;
      const delay = Math.min(capSeconds, 2 ** (times.length - allowance)) * 1000;
      wait = Math.max(wait, Math.ceil(((times.at(-1) as number) + delay - now) / 1000));
    }
    return wait;
  }

  failed(keys: Keys) {
    for (const [, key] of this.keyed(keys)) this.failures.set(key, [...(this.failures.get(key) ?? []), Date.now()]);
  }

  succeeded(keys: Keys) {
    this.failures.delete(`pair:${keys.account}|${keys.address}`);
    this.failures.delete(`account:${keys.account}`);
  }
}

const inWords = (seconds: number) => (seconds < 90 ? (seconds === 1 ? "1 second" : `${seconds} seconds`) : `${Math.ceil(seconds / 60)} minutes`);

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in account (set by the guard). */
    account?: Account;
  }
  interface Session {
    /** The e-mail address of the account signed in. */
    user?: string;
    /** The account's version when it signed in: a session of an older one is over (accounts.ts). */
    version?: string;
  }
}

export const COOKIE = "studio_session";

/** The API's POSTs that write nothing. */
const READS_BY_POST = new Set(["/__edit/api/check", "/__edit/api/studio/presence"]);

/** A new session id on sign-in (one planted before cannot be used after), bound to the account's version. */
async function startSession(request: FastifyRequest, account: Account) {
  await request.session.regenerate();
  request.session.set("user", account.email);
  request.session.set("version", account.version ?? "");
}

/** Where a sign-in goes next: only a path of the studio itself. */
const nextPath = (value: unknown) => (typeof value === "string" && /^\/__edit(\/|\?|$)/.test(value) ? value : "/__edit");

export function authRoutes(app: FastifyInstance, { accounts, sessions, config }: { accounts: Accounts; sessions: SessionFile; config: StudioConfig }) {
  const limiter = new SignInLimiter();
  const origin = new URL(config.origin);

  /** A write from another site (a form it posts, a fetch it makes) is refused: the Origin must be the studio's. */
  const sameOrigin = (request: FastifyRequest) => request.headers.origin === origin.origin;

  app.addHook("onRequest", async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (request.method !== "GET" && request.method !== "HEAD" && !sameOrigin(request))
      return reply.code(403).send({ error: "The studio accepts changes only from its own pages." });
    if (PUBLIC.test(path)) return;
    const email = request.session.get("user");
    const found = typeof email === "string" ? accounts.find(email) : undefined;
    const account = found?.password && (found.version ?? "") === (request.session.get("version") ?? "") ? found : undefined;
    if (!account) {
      // A session of an account that was reset, changed or removed is over for good.
      if (typeof email === "string") await request.session.destroy();
      if (path.startsWith("/__edit/api/"))
        return reply.code(401).send({ error: "Your session has ended: sign in again (your unsaved edits are kept in this browser)." });
      const ended = typeof email === "string" || request.cookies[COOKIE] !== undefined;
      return reply.redirect(`/sign-in?next=${encodeURIComponent(request.url)}${ended ? "&ended=1" : ""}`, 303);
    }
    request.account = account;
    // The builder's API answers only its own pages: the header cannot be sent by another site without the studio's consent (CORS).
    if (path.startsWith("/__edit/api/") && request.method !== "GET" && request.headers["x-site-editor"] !== "1")
      return reply.code(403).send({ error: "The studio accepts changes only from its own pages." });
    // A name added before names were checked: it would sign the commits. Refused before anything is written.
    const writes = request.method !== "GET" && path.startsWith("/__edit/api/") && !READS_BY_POST.has(path);
    const badName = writes ? nameProblem(account.name) : null;
    if (badName)
      return reply.code(403).send({
        error: `Your account's name cannot sign your changes (${badName}) Nothing was saved: ask whoever runs the studio to fix it with npm run studio -- user update ${account.email} --name "Your Name".`,
      });
  });

  const signInPage = (reply: FastifyReply, { email = "", next = "/__edit", message = "", status = 200 } = {}) =>
    reply
      .code(status)
      .type("text/html; charset=utf-8")
      .send(
        page("sign-in", {
          title: "Sign in to the studio",
          message,
          fields: [
            { name: "email", label: "E-mail address", type: "email", value: email, autocomplete: "username" },
            { name: "password", label: "Password", type: "password", value: "", autocomplete: "current-password" },
          ],
          hidden: { next },
          action: "/sign-in",
          button: "Sign in",
        }),
      );

  app.get("/sign-in", (request, reply) => {
    const query = request.query as Record<string, unknown>;
    return signInPage(reply, {
      next: nextPath(query.next),
      message: query.ended ? "Your session has ended (signed out, expired, or your account changed): sign in again." : (plainHttp(request) ?? ""),
    });
  });

  /** Why a sign-in cannot hold: the studio is set up for https but this request came over plain HTTP, so the browser would drop its Secure cookie. */
  const plainHttp = (request: FastifyRequest) =>
    origin.protocol === "https:" && request.protocol !== "https"
      ? `This studio is set up to be opened at ${origin.origin}, but this request came over plain HTTP, so signing in cannot work: open ${origin.origin}, and make sure the proxy in front sends X-Forwarded-Proto and is named in TRUST_PROXY.`
      : null;

  app.post("/sign-in", async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
    const password = typeof body.password === "string" ? body.password : "";
    const next = nextPath(body.next);
    const insecure = plainHttp(request);
    if (insecure) return signInPage(reply, { email, next, status: 400, message: insecure });
    const keys = { account: email, address: request.ip };
    const wait = limiter.wait(keys);
    if (wait > 0) {
      reply.header("Retry-After", String(wait));
      return signInPage(reply, {
        email,
        next,
        status: 429,
        message: `Too many failed sign-ins for this account: wait ${inWords(wait)}, then try again. (Each further wrong password doubles the wait.)`,
      });
    }
    const account = email && password ? await accounts.verify(email, password) : null;
    if (!account) {
      limiter.failed(keys);
      return signInPage(reply, { email, next, status: 401, message: "That e-mail address and password do not match an account." });
    }
    limiter.succeeded(keys);
    await startSession(request, account);
    return reply.redirect(next, 303);
  });

  app.post("/sign-out", async (request, reply) => {
    await request.session.destroy();
    return reply.redirect("/sign-in", 303);
  });

  const invitePage = (reply: FastifyReply, token: string, { message = "", status = 200 } = {}) => {
    const account = accounts.invited(token);
    if (!account)
      return reply
        .code(404)
        .type("text/html; charset=utf-8")
        .send(
          page("sign-in", {
            title: "This invitation is not valid any more",
            message: "Ask for a new invitation link.",
            fields: [],
            hidden: {},
            action: "",
            button: "",
          }),
        );
    return reply
      .code(status)
      .type("text/html; charset=utf-8")
      .send(
        page("sign-in", {
          title: `Welcome, ${account.name}: choose your password`,
          message,
          fields: [
            { name: "email", label: "E-mail address", type: "email", value: account.email, autocomplete: "username", readonly: true },
            { name: "password", label: "New password (at least 10 characters)", type: "password", value: "", autocomplete: "new-password" },
          ],
          hidden: {},
          action: `/invite/${token}`,
          button: "Set the password and sign in",
        }),
      );
  };

  app.get("/invite/:token", (request, reply) => invitePage(reply, (request.params as { token: string }).token));

  app.post("/invite/:token", async (request, reply) => {
    const { token } = request.params as { token: string };
    const body = (request.body ?? {}) as Record<string, unknown>;
    try {
      const account = await accounts.accept(token, typeof body.password === "string" ? body.password : "");
      sessions.endFor(account.email);
      await startSession(request, account);
      return reply.redirect("/__edit", 303);
    } catch (err) {
      return invitePage(reply, token, { status: 400, message: (err as Error).message });
    }
  });
}
