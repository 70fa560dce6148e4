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
import { type Account, type Accounts, hasSecondFactor, passwordMatches } from "./accounts.ts";
import { keepOnlyThisSession, secondFactorRequired } from "./auth.ts";
import type { StudioConfig } from "./config.ts";
import {
  checkCode,
  factorsOf,
  grouped,
  newRecoveryCodes,
  newTotpSecret,
  passkeysUsable,
  registeredPasskey,
  registrationOptions,
  relyingParty,
  totpSetup,
} from "./factors.ts";
import { fieldHtml, type Html, html, layout, raw } from "./html.ts";
import { type SessionFile, type SessionSummary, sessionKey } from "./sessions.ts";

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

const when = (iso: string | null) =>
  iso ? `${new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso))} UTC` : "—";

const registerBody = {
  type: "object",
  required: ["name", "response"],
  properties: { name: { type: "string", maxLength: 200 }, response: { type: "object" } },
} as const;

export async function accountPages(
  app: FastifyInstance,
  { accounts, sessions, config, say }: { accounts: Accounts; sessions: SessionFile; config: StudioConfig; say(line: string): void },
) {
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

  const sessionRows = (list: SessionSummary[], current: string, { who = false } = {}) =>
    list.map(
      (s) => html`<tr>
          ${who ? html`<td>${s.user}</td>` : ""}
          <td>${s.browser}</td>
          <td>${s.address || "—"}</td>
          <td>${when(s.started)}</td>
          <td>${when(s.seen)}</td>
          <td>${
            s.key === current
              ? html`<strong>This browser</strong>`
              : html`<form method="post" action="/account/sessions/${s.key}/end"><button type="submit" class="small" aria-label="End the session of ${s.browser} at ${s.address}${who ? ` (${s.user})` : ""}, last used ${when(s.seen)}">End</button></form>`
          }</td>
        </tr>`,
    );

  const sessionTable = (caption: string, list: SessionSummary[], current: string, { who = false } = {}) =>
    html`<div class="table" role="region" aria-label="${caption}" tabindex="0"><table>
        <caption>${caption}</caption>
        <thead><tr>${who ? html`<th scope="col">Person</th>` : ""}<th scope="col">Browser</th><th scope="col">Address</th><th scope="col">Signed in</th><th scope="col">Last used</th><th scope="col"><span class="visually-hidden">End</span></th></tr></thead>
        <tbody>${sessionRows(list, current, { who })}</tbody>
      </table></div>`;

  const accountPage = (request: FastifyRequest, reply: FastifyReply, { message = "", status = 200 } = {}) => {
    const account = me(request);
    const query = request.query as Record<string, unknown>;
    const done = typeof query.done === "string" ? (DONE[query.done] ?? "") : "";
    const factors = account.factors;
    const passkeys = factors?.passkeys ?? [];
    const required = secondFactorRequired(config, account) && !hasSecondFactor(account) && !request.session.get("sso");
    const current = thisKey(request);
    const mine = sessions.list(account.email);
    const others = account.role === "publisher" ? sessions.list().filter((s) => s.user !== account.email) : [];
    const body = html`    <p class="back"><a href="/__edit">Back to the studio</a></p>
    <h1>Your sign-in</h1>
    <p>Signed in as <strong>${account.name}</strong> (${account.email}), ${account.role === "publisher" ? "a publisher" : "an editor"}.</p>
    ${required ? html`<p role="alert" class="notice">This studio asks ${config.secondFactor === "everyone" ? "everyone" : "publishers"} for a second factor: add a passkey or set up two-step codes before you go on. Until then the studio's other pages bring you back here.</p>` : ""}
    ${message ? html`<p role="alert" id="message" data-message>${message}</p>` : html`<p id="message" data-message role="${done ? "status" : "alert"}"${raw(done ? "" : " hidden")}>${done}</p>`}

    <section aria-labelledby="passkeys">
      <h2 id="passkeys">Passkeys</h2>
      <p>A passkey signs you in with this device's lock (fingerprint, face or PIN) or a security key: no password to type or steal. It also works as the second step after your password.</p>
      ${
        passkeys.length === 0
          ? html`<p>You have no passkey yet.</p>`
          : html`<ul class="items">${passkeys.map(
              (p) => html`<li>
          <div><strong>${p.name}</strong><br><span class="hint">Added ${when(p.added)}; last used ${when(p.used)}</span></div>
          <form method="post" action="/account/passkeys/${p.id}/name" class="inline">
            <label for="name-${p.id}">New name for ${p.name}</label>
            <input id="name-${p.id}" name="name" type="text" value="${p.name}" required maxlength="60" autocomplete="off">
            <button type="submit" class="small secondary">Rename</button>
          </form>
          <form method="post" action="/account/passkeys/${p.id}/remove"><button type="submit" class="small danger">Remove ${p.name}</button></form>
        </li>`,
            )}</ul>`
      }
      ${
        passkeysUsable(rp)
          ? html`<form method="post" action="/account/passkeys" data-passkey-add>
        ${fieldHtml({ name: "passkey-name", label: "Name of the new passkey", type: "text", value: "", autocomplete: "off", hint: 'So you can tell them apart, such as "Work laptop" or "Phone".' })}
        <button type="submit" data-passkey-add-button disabled>Add a passkey</button>
        <p class="hint" data-passkey-unsupported>Adding a passkey needs JavaScript and a browser that supports passkeys.</p>
      </form>`
          : html`<p class="hint">Passkeys need the studio to be opened at a name (such as studio.example.com), not at an IP address: whoever runs the studio sets STUDIO_ORIGIN.</p>`
      }
    </section>

    <section aria-labelledby="two-step">
      <h2 id="two-step">Two-step codes</h2>
      ${
        factors?.totp
          ? html`<p>On since ${when(factors.totp.added)}. ${factors.recovery.length === 1 ? "1 recovery code" : `${factors.recovery.length} recovery codes`} left.</p>
      <div class="actions">
        <form method="post" action="/account/recovery-codes"><button type="submit" class="secondary">Make new recovery codes</button></form>
        <form method="post" action="/account/two-step/off"><button type="submit" class="danger">Turn off two-step codes</button></form>
      </div>`
          : html`<p>After your password, a six-digit code from an app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Aegis...).</p>
      <p><a class="button" href="/account/two-step">Set up two-step codes</a></p>`
      }
    </section>

    ${
      account.password
        ? html`<section aria-labelledby="password">
      <h2 id="password">Password</h2>
      <form method="post" action="/account/password">
        ${fieldHtml({ name: "current", label: "Current password", type: "password", value: "", autocomplete: "current-password" })}
        ${fieldHtml({ name: "password", label: "New password (at least 10 characters)", type: "password", value: "", autocomplete: "new-password" })}
        <button type="submit">Change the password</button>
      </form>
    </section>`
        : ""
    }

    <section aria-labelledby="where">
      <h2 id="where">Where you're signed in</h2>
      ${sessionTable("Your sessions, the most recently used first", mine, current)}
      ${mine.length > 1 ? html`<form method="post" action="/account/sessions/end-others"><button type="submit" class="secondary">End all other sessions</button></form>` : html`<p>Only this browser is signed in.</p>`}
    </section>
    ${
      account.role === "publisher"
        ? html`<section aria-labelledby="everyone">
      <h2 id="everyone">Everyone's sessions</h2>
      ${others.length > 0 ? sessionTable("The other people's sessions (as a publisher you can end them)", others, current, { who: true }) : html`<p>Nobody else is signed in.</p>`}
    </section>`
        : ""
    }
    <form method="post" action="/sign-out" class="quiet"><button type="submit" class="link">Sign out</button></form>`;
    return send(reply, "Your sign-in", body, { status, passkeys: true });
  };

  app.get("/account", (request, reply) => accountPage(request, reply));
  const back = (reply: FastifyReply, done: keyof typeof DONE) => reply.redirect(`/account?done=${done}`, 303);

  // --- Passkeys ---------------------------------------------------------------------------------

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

  // --- Two-step codes ---------------------------------------------------------------------------

  const twoStepPage = async (request: FastifyRequest, reply: FastifyReply, { message = "", status = 200 } = {}) => {
    const account = me(request);
    let secret = request.session.get("totpSetup");
    if (!secret) {
      secret = newTotpSecret();
      request.session.set("totpSetup", secret);
    }
    const { svg, uri } = await totpSetup(secret, account.email, `Studio (${new URL(config.origin).host})`);
    const body = html`    <p class="back"><a href="/account">Back to your sign-in</a></p>
    <h1>Set up two-step codes</h1>
    <p id="message" data-message role="alert"${raw(message ? "" : " hidden")}>${message}</p>
    <ol class="steps">
      <li>Open the authenticator app on your phone and add an account (often a <strong>+</strong>).</li>
      <li>Scan this QR code with it:
        <figure class="qr" aria-describedby="secret-text">${raw(svg.replace("<svg ", '<svg role="img" aria-label="QR code of your two-step secret" '))}</figure>
        Or, if you cannot scan, type this secret into the app (its spaces do not matter):
        <p class="secret" id="secret-text"><code data-secret>${grouped(secret)}</code></p>
        <details><summary>The setup address, for a password manager</summary><p class="uri"><code>${uri}</code></p></details>
      </li>
      <li>Enter the six digits the app shows now, to check it works:
        <form method="post" action="/account/two-step">
          ${fieldHtml({ name: "code", label: "Code from your app", type: "text", value: "", autocomplete: "one-time-code", inputmode: "numeric" }, message ? "message" : "")}
          <button type="submit">Turn on two-step codes</button>
        </form>
      </li>
    </ol>`;
    return send(reply, "Set up two-step codes", body, { status });
  };

  app.get("/account/two-step", (request, reply) => twoStepPage(request, reply));

  const recoveryPage = (reply: FastifyReply, codes: string[], first: boolean) =>
    send(
      reply,
      "Your recovery codes",
      html`    <h1>Your recovery codes</h1>
    <p role="status">${first ? "Two-step codes are on. Your other sessions were ended." : "New recovery codes were made: the old ones no longer work."}</p>
    <p>If you lose your phone, each of these codes signs you in once instead of a code from the app. <strong>They are shown only now</strong>: print them or keep them in your password manager.</p>
    <ul class="codes" aria-label="Recovery codes">${codes.map((c) => html`<li><code>${c}</code></li>`)}</ul>
    <p><a class="button" href="/account">I have kept them</a></p>`,
    );

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

  // --- Password ---------------------------------------------------------------------------------

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

  // --- Sessions ---------------------------------------------------------------------------------

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
