/**
 * Who makes each request to the studio: the session (@fastify/session, its cookie HttpOnly,
 * SameSite=Strict, Secure behind https, kept in sessions.ts), bound to the account's version, and
 * the guard every request passes: a session, except for the sign-in pages and the builder's code;
 * for a write, a request from the studio's own pages (its Origin, and the builder's header on the
 * API); and a name that can sign a commit.
 */
import { join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifySession from "@fastify/session";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { type Account, type Accounts, hasSecondFactor, nameProblem } from "./accounts.ts";
import type { ActivityLog } from "./activity.ts";
import type { StudioConfig } from "./config.ts";
import { type SessionFile, sessionKey, sessionSecret } from "./sessions.ts";

/** What the studio's pages load before anyone signs in: the sign-in page's stylesheet and the builder's code (it holds no content). */
const PUBLIC = /^\/(sign-in(\/[\w-]+)*|sign-out|invite\/[\w-]+|studio-assets\/[\w./-]+|favicon\.svg)$/;

/** What a person required to have a second factor may open before setting one up. */
const SETUP = /^\/(account(\/[\w-]+)*|sign-out)$/;

declare module "fastify" {
  interface FastifyInstance {
    /** The studio's activity log (activity.ts). */
    activity: ActivityLog;
  }
  interface FastifyRequest {
    /** The signed-in account (set by the guard). */
    account?: Account;
  }
  interface Session {
    /** The e-mail address of the account signed in. */
    user?: string;
    /** The account's version when it signed in: a session of an older one is over (accounts.ts). */
    version?: string;
    /** For "Where you're signed in": when it started and was last used, from which browser and address. */
    started?: string;
    seen?: string;
    agent?: string;
    address?: string;
    /** Signed in through the company's provider (single sign-on), which asks its own second step. */
    sso?: boolean;
    /** A password accepted, the second step not done yet: whose, under which version, since when. */
    pending?: { email: string; version: string; at: number };
    /** The challenge of the passkey ceremony under way (WebAuthn), and when it was made. */
    challenge?: { value: string; at: number };
    /** The two-step secret being set up (not the account's until a first code confirms it). */
    totpSetup?: string;
  }
}

export const COOKIE = "studio_session";

/** The API's POSTs that write nothing. */
const READS_BY_POST = new Set(["/__edit/api/check", "/__edit/api/studio/presence"]);

/** A new session id on sign-in (one planted before cannot be used after), bound to the account's version. */
export async function startSession(request: FastifyRequest, account: Account, { sso = false, how }: { sso?: boolean; how?: string } = {}) {
  request.server.activity.record(account.email, "sign-in", { how: how ?? (sso ? "single sign-on" : "password"), address: request.ip });
  await request.session.regenerate();
  const now = new Date().toISOString();
  request.session.set("user", account.email);
  request.session.set("version", account.version ?? "");
  request.session.set("started", now);
  request.session.set("seen", now);
  request.session.set("agent", String(request.headers["user-agent"] ?? "").slice(0, 300));
  request.session.set("address", request.ip);
  if (sso) request.session.set("sso", true);
}

/**
 * After the account changed here (a password, a factor): this session goes on under the account's
 * new version, and every other one of the account is over at once.
 */
export function keepOnlyThisSession(request: FastifyRequest, sessions: SessionFile, account: Account): number {
  request.session.set("version", account.version ?? "");
  return sessions.endFor(account.email, sessionKey(request.session.sessionId));
}

/** Whether the settings require this account to have a second factor. */
export const secondFactorRequired = (config: StudioConfig, account: Account) =>
  config.secondFactor === "everyone" || (config.secondFactor === "publishers" && account.role === "publisher");

const SEEN_EVERY_MS = 60_000;

export const sessionsAndGuard = fp(
  async (app: FastifyInstance, { accounts, sessions, config }: { accounts: Accounts; sessions: SessionFile; config: StudioConfig }) => {
    const origin = new URL(config.origin);
    await app.register(fastifyCookie);
    await app.register(fastifySession, {
      secret: sessionSecret(join(config.dataDir, "session.key")),
      cookieName: COOKIE,
      store: sessions,
      saveUninitialized: false,
      rolling: true,
      cookie: { httpOnly: true, secure: origin.protocol === "https:", sameSite: "strict", path: "/", maxAge: config.sessionHours * 3600_000 },
    });

    /** A write from another site (a form it posts, a fetch it makes) is refused: the Origin must be the studio's. */
    const sameOrigin = (request: FastifyRequest) => request.headers.origin === origin.origin;

    app.addHook("onRequest", async (request, reply) => {
      const path = request.url.split("?")[0] ?? "";
      if (request.method !== "GET" && request.method !== "HEAD" && !sameOrigin(request))
        return reply.code(403).send({ error: "The studio accepts changes only from its own pages." });
      if (PUBLIC.test(path)) return;
      const email = request.session.get("user");
      const found = typeof email === "string" ? accounts.find(email) : undefined;
      const account = (found?.password || found?.sso) && (found.version ?? "") === (request.session.get("version") ?? "") ? found : undefined;
      if (!account) {
        // A session of an account that was reset, changed or removed is over for good.
        if (typeof email === "string") await request.session.destroy();
        if (path.startsWith("/__edit/api/"))
          return reply.code(401).send({ error: "Your session has ended: sign in again (your unsaved edits are kept in this browser)." });
        const ended = typeof email === "string" || request.cookies[COOKIE] !== undefined;
        return reply.redirect(`/sign-in?next=${encodeURIComponent(request.url)}${ended ? "&ended=1" : ""}`, 303);
      }
      request.account = account;
      const seen = request.session.get("seen");
      if (!seen || Date.now() - Date.parse(seen) > SEEN_EVERY_MS) {
        request.session.set("seen", new Date().toISOString());
        request.session.set("address", request.ip);
      }
      // The policy: a person who must have a second factor sets one up before anything else.
      if (secondFactorRequired(config, account) && !request.session.get("sso") && !hasSecondFactor(account) && !SETUP.test(path)) {
        if (path.startsWith("/__edit/api/"))
          return reply.code(403).send({
            error: "This studio requires a second factor (a passkey or two-step codes) for your account: set one up at /account first.",
          });
        return reply.redirect("/account?setup=1", 303);
      }
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
  },
);
