/**
 * "Your sign-in" (/account), for the person signed in: their passkeys (add, name, remove), two-step
 * codes (set up from a QR code or the text secret, confirmed by a first code; ten recovery codes
 * shown once), their password, and "Where you're signed in" (each session with its browser,
 * address, first and last use; end one or all others). A publisher also sees everyone's sessions
 * and can end them. A change of password or factor ends the person's other sessions. Plain forms;
 * adding a passkey needs passkeys.js.
 */
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { accountBody, recoveryBody, twoStepBody } from "./account-html.ts";
import { type Account, type Accounts, hasSecondFactor, passwordMatches } from "./accounts.ts";
import { keepOnlyThisSession, secondFactorRequired } from "./auth.ts";
import type { StudioConfig } from "./config.ts";
import { checkCode, factorsOf, newRecoveryCodes, newTotpSecret, registeredPasskey, registrationOptions, relyingParty, totpSetup } from "./factors.ts";
import { type Html, layout } from "./html.ts";
import { type SessionFile, sessionKey } from "./sessions.ts";

const CHALLENGE_MS = 5 * 60_000;

/** What a finished change says on the page it comes back to (?done=...). */
const DONE: Record<string, string> = {
  "passkey-added": "Your passkey was added. Your other sessions were ended.",
  "passkey-removed": "The passkey was removed. Your other sessions were ended.",
  "passkey-named": "The passkey's name was changed.",
  "two-step-off": "Two-step codes are off, and your recovery codes no longer work. Your other sessions were ended.",
  password: "Your password was changed. Your other sessions were ended.",
  ended: "That session was ended: its browser is signed out.",
  "ended-others": "Your other sessions were ended: only this browser is still signed in.",
};

const registerBody = {
  type: "object",
  required: ["name", "response"],
  properties: { name: { type: "string", maxLength: 200 }, response: { type: "object" } },
} as const;

export interface AccountPagesOptions {
  accounts: Accounts;
  sessions: SessionFile;
  config: StudioConfig;
  /** The studio's record of what happened (its output). */
  say(line: string): void;
}

export async function accountPages(app: FastifyInstance, options: AccountPagesOptions) {
  const tools = accountTools(options);
  app.get("/account", (request, reply) => tools.accountPage(request, reply));
  passkeyRoutes(app, tools);
  twoStepRoutes(app, tools);
  passwordRoute(app, tools);
  sessionRoutes(app, tools);
}

/** What the account routes share: the options, the relying party, the account signed in, the pages and the changes. */
type AccountTools = ReturnType<typeof accountTools>;

function accountTools({ accounts, sessions, config, say }: AccountPagesOptions) {
  const rp = relyingParty(config.origin);
  const me = (request: FastifyRequest) => request.account as Account;
  const thisKey = (request: FastifyRequest) => sessionKey(request.session.sessionId);
  const send = (reply: FastifyReply, title: string, body: Html, { status = 200, passkeys = false } = {}) =>
    reply
      .code(status)
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-store")
      .send(layout({ title, body, passkeys, wide: true }));

  /** A change that ends the person's other sessions, said in the studio's record. */
  const changed = async (request: FastifyRequest, what: string, change: (a: Account) => void | Promise<void>) => {
    const account = await accounts.change(me(request).email, change);
    const ended = keepOnlyThisSession(request, sessions, account);
    say(`Studio: ${account.email} ${what} (from ${request.ip}); ${ended === 1 ? "1 other session" : `${ended} other sessions`} ended.`);
    request.server.activity.record(account.email, "account.change", { what, ended });
    return account;
  };

  /** The /account page: with a message (a refusal, with its status), else what a finished change says (?done=...). */
  const accountPage = (request: FastifyRequest, reply: FastifyReply, { message = "", status = 200 } = {}) => {
    const account = me(request);
    const query = request.query as Record<string, unknown>;
    const done = typeof query.done === "string" ? (DONE[query.done] ?? "") : "";
    const required = secondFactorRequired(config, account) && !hasSecondFactor(account) && !request.session.get("sso");
    const current = thisKey(request);
    const mine = sessions.list(account.email);
    const others = account.role === "publisher" ? sessions.list().filter((s) => s.user !== account.email) : [];
    const body = accountBody({ account, config, rp, required, message, done, mine, others, current });
    return send(reply, "Your sign-in", body, { status, passkeys: true });
  };

  const back = (reply: FastifyReply, done: keyof typeof DONE) => reply.redirect(`/account?done=${done}`, 303);
  return { accounts, sessions, config, say, rp, me, thisKey, send, changed, accountPage, back };
}

/** Passkeys: the options for adding one, adding it (passkeys.js asks these two), renaming and removing one. */
function passkeyRoutes(app: FastifyInstance, { accounts, rp, me, changed, accountPage, back }: AccountTools) {
  app.post("/account/passkeys/options", async (request) => {
    const account = await accounts.change(me(request).email, (a) => void factorsOf(a), { newVersion: false });
    const options = await registrationOptions(rp, account);
    request.session.set("challenge", { value: options.challenge, at: Date.now() });
    return { options };
  });

  app.post("/account/passkeys", { schema: { body: registerBody } }, async (request, reply) => {
    const { name, response } = request.body as { name: string; response: RegistrationResponseJSON };
    const challenge = request.session.get("challenge");
    request.session.set("challenge", undefined);
    if (!challenge || Date.now() - challenge.at > CHALLENGE_MS) return reply.code(400).send({ error: "That request is too old: press Add a passkey again." });
    const label = name.trim().slice(0, 60) || "Passkey";
    const passkey = await registeredPasskey(rp, challenge.value, response, label);
    if (typeof passkey === "string") return reply.code(400).send({ error: passkey });
    await changed(request, `added the passkey "${label}"`, (a) => void factorsOf(a).passkeys.push(passkey));
    return { next: "/account?done=passkey-added" };
  });

  const passkeyOf = (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    return me(request).factors?.passkeys.find((p) => p.id === id);
  };

  app.post("/account/passkeys/:id/name", async (request, reply) => {
    const passkey = passkeyOf(request);
    const name = String((request.body as Record<string, unknown> | undefined)?.name ?? "")
      .trim()
      .slice(0, 60);
    if (!passkey) return accountPage(request, reply, { status: 404, message: "That passkey is not one of yours (any more)." });
    if (!name) return accountPage(request, reply, { status: 400, message: "Give the passkey a name." });
    await accounts.change(me(request).email, (a) => void Object.assign(factorsOf(a).passkeys.find((p) => p.id === passkey.id) ?? {}, { name }), {
      newVersion: false,
    });
    return back(reply, "passkey-named");
  });

  app.post("/account/passkeys/:id/remove", async (request, reply) => {
    const passkey = passkeyOf(request);
    if (!passkey) return accountPage(request, reply, { status: 404, message: "That passkey is not one of yours (any more)." });
    await changed(request, `removed the passkey "${passkey.name}"`, (a) => {
      const factors = factorsOf(a);
      factors.passkeys = factors.passkeys.filter((p) => p.id !== passkey.id);
    });
    return back(reply, "passkey-removed");
  });
}

/** Two-step codes: their setup page and its first code, new recovery codes, and turning them off. */
function twoStepRoutes(app: FastifyInstance, { config, say, me, send, changed, accountPage, back }: AccountTools) {
  const twoStepPage = async (request: FastifyRequest, reply: FastifyReply, { message = "", status = 200 } = {}) => {
    const account = me(request);
    let secret = request.session.get("totpSetup");
    if (!secret) {
      secret = newTotpSecret();
      request.session.set("totpSetup", secret);
    }
    const { svg, uri } = await totpSetup(secret, account.email, `Studio (${new URL(config.origin).host})`);
    return send(reply, "Set up two-step codes", twoStepBody(secret, { svg, uri }, message), { status });
  };

  app.get("/account/two-step", (request, reply) => twoStepPage(request, reply));

  const recoveryPage = (reply: FastifyReply, codes: string[], first: boolean) => send(reply, "Your recovery codes", recoveryBody(codes, first));

  app.post("/account/two-step", async (request, reply) => {
    const secret = request.session.get("totpSetup");
    if (!secret) return twoStepPage(request, reply, { status: 400, message: "That setup took too long: scan the new QR code below." });
    const code = String((request.body as Record<string, unknown> | undefined)?.code ?? "");
    const check = checkCode(secret, code, 0);
    if (!check.ok) {
      say(`Studio: ${me(request).email} entered a wrong first code while setting up two-step codes.`);
      return twoStepPage(request, reply, {
        status: 400,
        message:
          "That code is not the one the app shows for this secret: check that you scanned this page's QR code (or typed its secret), then enter the code shown now.",
      });
    }
    const { codes, hashes } = newRecoveryCodes();
    await changed(request, "turned on two-step codes", (a) => {
      const factors = factorsOf(a);
      factors.totp = { secret, lastStep: check.step, added: new Date().toISOString() };
      factors.recovery = hashes;
    });
    request.session.set("totpSetup", undefined);
    return recoveryPage(reply, codes, true);
  });

  app.post("/account/recovery-codes", async (request, reply) => {
    if (!me(request).factors?.totp)
      return accountPage(request, reply, { status: 400, message: "Recovery codes come with two-step codes: set those up first." });
    const { codes, hashes } = newRecoveryCodes();
    await changed(request, "made new recovery codes", (a) => {
      factorsOf(a).recovery = hashes;
    });
    return recoveryPage(reply, codes, false);
  });

  app.post("/account/two-step/off", async (request, reply) => {
    await changed(request, "turned off two-step codes", (a) => {
      const factors = factorsOf(a);
      factors.totp = null;
      factors.recovery = [];
    });
    return back(reply, "two-step-off");
  });
}

/** The change of password: the current one first. */
function passwordRoute(app: FastifyInstance, { accounts, me, changed, accountPage, back }: AccountTools) {
  app.post("/account/password", async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const account = me(request);
    const current = typeof body.current === "string" ? body.current : "";
    const password = typeof body.password === "string" ? body.password : "";
    if (!account.password || !(await passwordMatches(current, account.password)))
      return accountPage(request, reply, { status: 400, message: "The current password is not right: the password was not changed." });
    try {
      await changed(request, "changed their password", (a) => accounts.setPassword(a, password));
    } catch (err) {
      return accountPage(request, reply, { status: 400, message: `The password was not changed: ${(err as Error).message}` });
    }
    return back(reply, "password");
  });
}

/** Ending one session (one's own, or anyone's for a publisher), or all one's others. */
function sessionRoutes(app: FastifyInstance, { sessions, say, me, thisKey, accountPage, back }: AccountTools) {
  app.post("/account/sessions/:key/end", async (request, reply) => {
    const { key } = request.params as { key: string };
    const account = me(request);
    const session = sessions.list().find((s) => s.key === key);
    if (!session) return accountPage(request, reply, { status: 404, message: "That session had already ended." });
    if (key === thisKey(request)) return accountPage(request, reply, { status: 400, message: "That is this browser's session: use Sign out to end it." });
    if (session.user !== account.email && account.role !== "publisher")
      return accountPage(request, reply, { status: 403, message: "Only a publisher can end someone else's session." });
    sessions.end(key);
    say(`Studio: ${account.email} ended a session of ${session.user} (${session.browser}, ${session.address}).`);
    return back(reply, "ended");
  });

  app.post("/account/sessions/end-others", async (request, reply) => {
    const account = me(request);
    const n = sessions.endFor(account.email, thisKey(request));
    say(`Studio: ${account.email} ended their ${n === 1 ? "1 other session" : `${n} other sessions`}.`);
    return back(reply, "ended-others");
  });
}
