/**
 * Signing in to the studio: the sign-in page (a plain form: it works without JavaScript), an
 * invitation page to choose a password, sign-out, and the guard every other request passes: a
 * session, and for a write a request from the studio's own pages (its Origin, and the builder's
 * header on the API). Failed sign-ins are counted per account and per address; past the limit,
 * 429 with Retry-After, whatever the password.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Account, Accounts } from "./accounts.ts";
import type { StudioConfig } from "./config.ts";
import { page } from "./html.ts";
import type { SessionFile } from "./sessions.ts";

/** What the studio's pages load before anyone signs in: the sign-in page's stylesheet and the builder's code (it holds no content). */
const PUBLIC = /^\/(sign-in|invite\/[\w-]+|studio-assets\/[\w./-]+|favicon\.svg)$/;

/** Failures allowed in the window before sign-in is refused for a while: per account, per address. */
const LIMITS = { account: 5, address: 20, windowMs: 15 * 60_000 };

export class SignInLimiter {
  private readonly failures = new Map<string, number[]>();

  /** Seconds to wait, if `keys` are over their limit. */
  wait(keys: { account: string; address: string }): number {
    const now = Date.now();
    let wait = 0;
    for (const [kind, key] of Object.entries(keys) as ["account" | "address", string][]) {
      const times = (this.failures.get(`${kind}:${key}`) ?? []).filter((t) => now - t < LIMITS.windowMs);
      this.failures.set(`${kind}:${key}`, times);
      if (times.length >= LIMITS[kind]) wait = Math.max(wait, Math.ceil(((times[0] as number) + LIMITS.windowMs - now) / 1000));
    }
    return wait;
  }

  failed(keys: { account: string; address: string }) {
    for (const [kind, key] of Object.entries(keys)) this.failures.set(`${kind}:${key}`, [...(this.failures.get(`${kind}:${key}`) ?? []), Date.now()]);
  }

  succeeded(account: string) {
    this.failures.delete(`account:${account}`);
  }
}

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in account (set by the guard). */
    account?: Account;
  }
  interface Session {
    /** The e-mail address of the account signed in. */
    user?: string;
  }
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
    const account = typeof email === "string" ? accounts.find(email) : undefined;
    if (!account?.password) {
      if (path.startsWith("/__edit/api/"))
        return reply.code(401).send({ error: "Your session has ended: sign in again (your unsaved edits are kept in this browser)." });
      return reply.redirect(`/sign-in?next=${encodeURIComponent(request.url)}`, 303);
    }
    request.account = account;
    // The builder's API answers only its own pages: the header cannot be sent by another site without the studio's consent (CORS).
    if (path.startsWith("/__edit/api/") && request.method !== "GET" && request.headers["x-site-editor"] !== "1")
      return reply.code(403).send({ error: "The studio accepts changes only from its own pages." });
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

  app.get("/sign-in", (request, reply) => signInPage(reply, { next: nextPath((request.query as Record<string, unknown>).next) }));

  app.post("/sign-in", async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
    const password = typeof body.password === "string" ? body.password : "";
    const next = nextPath(body.next);
    const keys = { account: email, address: request.ip };
    const wait = limiter.wait(keys);
    if (wait > 0) {
      reply.header("Retry-After", String(wait));
      return signInPage(reply, { email, next, status: 429, message: `Too many failed sign-ins: try again in ${Math.ceil(wait / 60)} minutes.` });
    }
    const account = email && password ? await accounts.verify(email, password) : null;
    if (!account) {
      limiter.failed(keys);
      return signInPage(reply, { email, next, status: 401, message: "That e-mail address and password do not match an account." });
    }
    limiter.succeeded(email);
    // A new session id on sign-in: one planted before cannot be used after.
    await request.session.regenerate();
    request.session.set("user", account.email);
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
      await request.session.regenerate();
      request.session.set("user", account.email);
      return reply.redirect("/__edit", 303);
    } catch (err) {
      return invitePage(reply, token, { status: 400, message: (err as Error).message });
    }
  });
}
