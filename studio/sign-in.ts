/**
 * Signing in to the studio: the sign-in page (a plain form: it works without JavaScript), an
 * invitation page to choose a password, sign-out; a passkey alone (passkeys.js); the second step
 * after a password (a two-step code, a recovery code or a passkey); single sign-on (sso.ts). Failed
 * sign-ins and failed second steps slow the next try down (sign-in-limiter.ts) and are said in the
 * studio's output; a sign-in that cannot hold (https set up, plain HTTP arriving) says why.
 */
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type Account, type Accounts, hasSecondFactor } from "./accounts.ts";
import { startSession } from "./auth.ts";
import type { StudioConfig } from "./config.ts";
import {
  authenticationOptions,
  checkCode,
  checkPasskey,
  findPasskey,
  looksLikeRecoveryCode,
  passkeysUsable,
  relyingParty,
  spendRecoveryCode,
} from "./factors.ts";
import { type Field, html, page } from "./html.ts";
import type { SessionFile } from "./sessions.ts";
import { inWords, SignInLimiter } from "./sign-in-limiter.ts";
import { ssoRoutes } from "./sso.ts";

/** Where a sign-in goes next: only a path of the studio itself. */
export const nextPath = (value: unknown) => (typeof value === "string" && /^\/(__edit|account)(\/|\?|$)/.test(value) ? value : "/__edit");

/** How long a password stays good for its second step, and a passkey's challenge for its answer. */
const PENDING_MS = 10 * 60_000;
const CHALLENGE_MS = 5 * 60_000;

export interface SignInOptions {
  accounts: Accounts;
  sessions: SessionFile;
  config: StudioConfig;
  /** The studio's record of what happened (its output): failed second steps, factor changes. */
  say(line: string): void;
}

const passkeyBody = {
  type: "object",
  required: ["response"],
  properties: { response: { type: "object" }, next: { type: "string", maxLength: 2000 } },
} as const;

export async function signInRoutes(app: FastifyInstance, options: SignInOptions) {
  const { accounts, config, say } = options;
  const tools = signInTools(options);
  passwordRoutes(app, tools);
  secondStepRoutes(app, tools);
  passkeyRoutes(app, tools);
  app.post("/sign-out", async (request, reply) => {
    await request.session.destroy();
    return reply.redirect("/sign-in", 303);
  });
  // Single sign-on, when set up (sso.ts): what goes wrong there is said on the sign-in page.
  if (config.oidc) await ssoRoutes(app, { accounts, config, oidc: config.oidc, say, signInPage: tools.signInPage });
  inviteRoutes(app, tools);
}

/** What the sign-in routes share: the options, the limiter of failed tries, the sign-in page, the account waiting for its second step. */
type SignInTools = ReturnType<typeof signInTools>;

function signInTools({ accounts, sessions, config, say }: SignInOptions) {
  const limiter = new SignInLimiter();
  const origin = new URL(config.origin);
  const rp = relyingParty(config.origin);

  const otherWays = (next: string) =>
    html`<div class="other-ways">
      ${config.passwordSignIn ? html`<p class="or">or</p>` : ""}
      ${passkeysUsable(rp) ? html`<button type="button" class="secondary" data-passkey-sign-in data-next="${next}" hidden>Sign in with a passkey</button>` : ""}
      ${config.oidc ? html`<a class="button secondary" href="/sign-in/sso?next=${encodeURIComponent(next)}">Sign in with ${config.oidc.name}</a>` : ""}
    </div>`;

  const signInPage = (reply: FastifyReply, { email = "", next = "/__edit", message = "", status = 200, tone = "alert" as "alert" | "status" } = {}) =>
    reply
      .code(status)
      .type("text/html; charset=utf-8")
      .send(
        page("sign-in", {
          title: "Sign in to the studio",
          message,
          tone,
          fields: config.passwordSignIn
            ? [
                { name: "email", label: "E-mail address", type: "email", value: email, autocomplete: "username webauthn" },
                { name: "password", label: "Password", type: "password", value: "", autocomplete: "current-password" },
              ]
            : [],
          hidden: { next },
          action: config.passwordSignIn ? "/sign-in" : "",
          button: "Sign in",
          after: otherWays(next),
          passkeys: true,
        }),
      );

  /** Why a sign-in cannot hold: the studio is set up for https but this request came over plain HTTP, so the browser would drop its Secure cookie. */
  const plainHttp = (request: FastifyRequest) =>
    origin.protocol === "https:" && request.protocol !== "https"
      ? `This studio is set up to be opened at ${origin.origin}, but this request came over plain HTTP, so signing in cannot work: open ${origin.origin}, and make sure the proxy in front sends X-Forwarded-Proto and is named in TRUST_PROXY.`
      : null;

  /** The wait before `keys` may try again, as a page that says so; null when they may try now. */
  const tooMany = (
    reply: FastifyReply,
    keys: { account: string; address: string },
    show: (message: string) => FastifyReply,
    what: "sign-ins" | "second steps" = "sign-ins",
  ) => {
    const wait = limiter.wait(keys);
    if (wait <= 0) return null;
    reply.header("Retry-After", String(wait));
    return show(
      `Too many failed ${what} for this account: wait ${inWords(wait)}, then try again. (Each further ${what === "sign-ins" ? "wrong password" : "wrong code"} doubles the wait.)`,
    );
  };

  /** The account whose password was just accepted, waiting for its second step (null: none, or too old, or changed since). */
  const pendingAccount = (request: FastifyRequest): Account | null => {
    const pending = request.session.get("pending");
    if (!pending || Date.now() - pending.at > PENDING_MS) return null;
    const account = accounts.find(pending.email);
    return account && (account.version ?? "") === pending.version && hasSecondFactor(account) ? account : null;
  };

  return { accounts, sessions, config, say, limiter, rp, signInPage, plainHttp, tooMany, pendingAccount };
}

/** The sign-in page and its password (a second step follows for an account with a second factor). */
function passwordRoutes(app: FastifyInstance, { accounts, config, limiter, signInPage, plainHttp, tooMany }: SignInTools) {
  app.get("/sign-in", (request, reply) => {
    const query = request.query as Record<string, unknown>;
    return signInPage(reply, {
      next: nextPath(query.next),
      message: query.ended ? "Your session has ended (signed out, expired, or your account changed): sign in again." : (plainHttp(request) ?? ""),
    });
  });

  app.post("/sign-in", async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
    const password = typeof body.password === "string" ? body.password : "";
    const next = nextPath(body.next);
    if (!config.passwordSignIn)
      return signInPage(reply, {
        next,
        status: 403,
        message: `Signing in with a password is turned off here: sign in with ${config.oidc?.name ?? "single sign-on"} or a passkey.`,
      });
    const insecure = plainHttp(request);
    if (insecure) return signInPage(reply, { email, next, status: 400, message: insecure });
    const keys = { account: email, address: request.ip };
    const waiting = tooMany(reply, keys, (message) => signInPage(reply, { email, next, status: 429, message }));
    if (waiting) return waiting;
    const account = email && password ? await accounts.verify(email, password) : null;
    if (!account) {
      limiter.failed(keys);
      request.server.activity.record(email || "(no e-mail address)", "sign-in.failed", { step: "password", address: request.ip });
      return signInPage(reply, { email, next, status: 401, message: "That e-mail address and password do not match an account." });
    }
    if (hasSecondFactor(account)) {
      // The password is right; the session is not a signed-in one until the second step is done too.
      await request.session.regenerate();
      request.session.set("pending", { email: account.email, version: account.version ?? "", at: Date.now() });
      return reply.redirect(`/sign-in/second-step?next=${encodeURIComponent(next)}`, 303);
    }
    limiter.succeeded(keys);
    await startSession(request, account);
    return reply.redirect(next, 303);
  });
}

/** The second step after a password: a code from the app or a recovery code here; a passkey through passkeys.js. */
function secondStepRoutes(app: FastifyInstance, { accounts, say, limiter, rp, signInPage, tooMany, pendingAccount }: SignInTools) {
  const secondStepPage = (reply: FastifyReply, account: Account, { next = "/__edit", message = "", status = 200 } = {}) => {
    const codes = Boolean(account.factors?.totp);
    const passkeys = (account.factors?.passkeys.length ?? 0) > 0 && passkeysUsable(rp);
    const fields: Field[] = codes
      ? [
          {
            name: "code",
            label: "Code from your app",
            type: "text",
            value: "",
            autocomplete: "one-time-code",
            inputmode: "numeric",
            hint: "The 6 digits your authenticator app shows now, or one of your recovery codes.",
          },
        ]
      : [];
    return reply
      .code(status)
      .type("text/html; charset=utf-8")
      .send(
        page("sign-in", {
          title: "Second step",
          intro: `Your password is right, ${account.name}. ${codes && passkeys ? "Enter a code, or use your passkey." : codes ? "Now enter a code." : "Now use your passkey."}`,
          message,
          fields,
          hidden: { next },
          action: codes ? "/sign-in/second-step" : "",
          button: "Continue",
          after: html`${passkeys ? html`<button type="button" class="${codes ? "secondary" : ""}" data-passkey-second-step data-next="${next}" hidden>Use your passkey</button>` : ""}
    <form method="post" action="/sign-out" class="quiet"><button type="submit" class="link">Cancel and sign in again</button></form>`,
          passkeys,
        }),
      );
  };

  app.get("/sign-in/second-step", (request, reply) => {
    const next = nextPath((request.query as Record<string, unknown>).next);
    const account = pendingAccount(request);
    if (!account) return signInPage(reply, { next, message: "That sign-in took too long or was not started: sign in again." });
    return secondStepPage(reply, account, { next });
  });

  app.post("/sign-in/second-step", async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const next = nextPath(body.next);
    const account = pendingAccount(request);
    if (!account) return signInPage(reply, { next, status: 401, message: "That sign-in took too long or was not started: sign in again." });
    const keys = { account: account.email, address: request.ip };
    const waiting = tooMany(reply, keys, (message) => secondStepPage(reply, account, { next, status: 429, message }), "second steps");
    if (waiting) return waiting;
    const code = typeof body.code === "string" ? body.code.trim() : "";
    const problem = await secondStepProblem(accounts, account, code, say);
    if (problem) {
      limiter.failed(keys);
      request.server.activity.record(account.email, "sign-in.failed", { step: "second step", address: request.ip });
      say(`Studio: a failed second step for ${account.email} from ${request.ip}: ${problem}`);
      return secondStepPage(reply, account, { next, status: 401, message: problem });
    }
    limiter.succeeded(keys);
    await startSession(request, accounts.find(account.email) as Account, { how: "password and second step" });
    return reply.redirect(next, 303);
  });
}

/** What is wrong with a second step's code (a code from the app, or a recovery code, spent once it passes); null: it passed. */
async function secondStepProblem(accounts: Accounts, account: Account, code: string, say: (line: string) => void): Promise<string | null> {
  const totp = account.factors?.totp;
  if (totp && /^[\d\s]{6,8}$/.test(code)) {
    // Checked and recorded in one step on the account as stored: two requests with one code cannot both pass.
    let check: ReturnType<typeof checkCode> = { ok: false, why: "wrong" };
    await accounts.change(
      account.email,
      (a) => {
        const stored = a.factors?.totp;
        if (!stored) return;
        check = checkCode(stored.secret, code, stored.lastStep);
        if (check.ok) stored.lastStep = check.step;
      },
      { newVersion: false },
    );
    if (!check.ok)
      return check.why === "used"
        ? "That code was already used: wait for the next one your app shows."
        : "That code is not the one your app shows now: check the account in the app and try again.";
    return null;
  }
  if (looksLikeRecoveryCode(code)) {
    let used = false;
    await accounts.change(
      account.email,
      (a) => {
        used = a.factors ? spendRecoveryCode(a.factors, code) : false;
      },
      { newVersion: false },
    );
    if (!used) return "That is not one of your recovery codes, or it was used already (each works once).";
    say(`Studio: ${account.email} signed in with a recovery code (${accounts.find(account.email)?.factors?.recovery.length ?? 0} left).`);
    return null;
  }
  return "Enter the 6 digits your app shows, or one of your recovery codes.";
}

/** A passkey alone, or as the second step (passkeys.js asks these): its challenge, then its answer. */
function passkeyRoutes(app: FastifyInstance, { accounts, say, limiter, rp, pendingAccount }: SignInTools) {
  app.post("/sign-in/passkey/options", async (request) => {
    const account = pendingAccount(request) ?? undefined;
    const options = await authenticationOptions(rp, account);
    request.session.set("challenge", { value: options.challenge, at: Date.now() });
    return { options };
  });

  app.post("/sign-in/passkey", { schema: { body: passkeyBody } }, async (request, reply) => {
    const { response, next } = request.body as { response: AuthenticationResponseJSON; next?: string };
    const challenge = request.session.get("challenge");
    request.session.set("challenge", undefined);
    const pending = pendingAccount(request);
    const refuse = (error: string, who = "someone") => {
      say(`Studio: a passkey sign-in refused for ${who} from ${request.ip}: ${error}`);
      return reply.code(401).send({ error });
    };
    if (!challenge || Date.now() - challenge.at > CHALLENGE_MS) return refuse("That passkey request is too old or was not started here: try again.");
    const found = findPasskey(pending ? [pending] : accounts.list(), response);
    if (!found) return refuse("This passkey is not one of this studio's accounts' (it may have been removed): sign in another way.");
    const keys = { account: found.account.email, address: request.ip };
    const wait = limiter.wait(keys);
    if (wait > 0) return reply.code(429).send({ error: `Too many failed tries for this account: wait ${inWords(wait)}, then try again.` });
    const checked = await checkPasskey(rp, challenge.value, response, found.passkey, { alone: !pending });
    if (typeof checked === "string") {
      limiter.failed(keys);
      request.server.activity.record(found.account.email, "sign-in.failed", { step: "passkey", address: request.ip });
      return refuse(checked, found.account.email);
    }
    const account = await accounts.change(
      found.account.email,
      (a) => {
        const passkey = a.factors?.passkeys.find((p) => p.id === found.passkey.id);
        if (passkey) Object.assign(passkey, { counter: checked.counter, used: new Date().toISOString() });
      },
      { newVersion: false },
    );
    limiter.succeeded(keys);
    await startSession(request, account, { how: pending ? "password and passkey" : "passkey" });
    return { next: nextPath(next) };
  });
}

/** An invitation's page, where the person invited chooses a password and is signed in. */
function inviteRoutes(app: FastifyInstance, { accounts, sessions }: SignInTools) {
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
      await startSession(request, account, { how: "invitation" });
      return reply.redirect("/__edit", 303);
    } catch (err) {
      return invitePage(reply, token, { status: 400, message: (err as Error).message });
    }
  });
}

export type SignInPage = (
  reply: FastifyReply,
  options?: { email?: string; next?: string; message?: string; status?: number; tone?: "alert" | "status" },
) => FastifyReply;
