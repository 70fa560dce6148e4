/**
 * The HTML of the account pages (account-pages.ts has their routes): "Your sign-in" and its sections
 * (passkeys, two-step codes, password, sessions), the setup of two-step codes, the recovery codes.
 * The text inside each template is the page as sent, spaces included.
 */
import type { Account, Factors, Passkey } from "./accounts.ts";
import type { StudioConfig } from "./config.ts";
import { grouped, passkeysUsable, type RelyingParty } from "./factors.ts";
import { fieldHtml, type Html, html, raw } from "./html.ts";
import type { SessionSummary } from "./sessions.ts";

const when = (iso: string | null) =>
  iso ? `${new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso))} UTC` : "—";

/** The /account page's body: who is signed in, any message, then each section. `done` is what a finished change says. */
export function accountBody({
  account,
  config,
  rp,
  required,
  message,
  done,
  mine,
  others,
  current,
}: {
  account: Account;
  config: StudioConfig;
  rp: RelyingParty;
  /** This studio asks the account for a second factor, and it has none yet. */
  required: boolean;
  message: string;
  done: string;
  /** The account's sessions, and (for a publisher) everyone else's; `current` is this browser's session key. */
  mine: SessionSummary[];
  others: SessionSummary[];
  current: string;
}): Html {
  const factors = account.factors;
  return html`    <p class="back"><a href="/__edit">Back to the studio</a></p>
    <h1>Your sign-in</h1>
    <p>Signed in as <strong>${account.name}</strong> (${account.email}), ${account.role === "publisher" ? "a publisher" : "an editor"}.</p>
    ${required ? html`<p role="alert" class="notice">This studio asks ${config.secondFactor === "everyone" ? "everyone" : "publishers"} for a second factor: add a passkey or set up two-step codes before you go on. Until then the studio's other pages bring you back here.</p>` : ""}
    ${message ? html`<p role="alert" id="message" data-message>${message}</p>` : html`<p id="message" data-message role="${done ? "status" : "alert"}"${raw(done ? "" : " hidden")}>${done}</p>`}

    ${passkeysSection(factors?.passkeys ?? [], rp)}

    ${twoStepSection(factors)}

    ${account.password ? passwordSection() : ""}

    ${sessionsSection(mine, current)}
    ${account.role === "publisher" ? everyonesSection(others, current) : ""}
    <form method="post" action="/sign-out" class="quiet"><button type="submit" class="link">Sign out</button></form>`;
}

/** Passkeys: each with its name (to change) and Remove, and the form to add one where passkeys can work. */
const passkeysSection = (passkeys: Passkey[], rp: RelyingParty) => html`<section aria-labelledby="passkeys">
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
    </section>`;

/** Two-step codes: on since when, with the recovery codes left; or how to set them up. */
const twoStepSection = (factors: Factors | undefined) => html`<section aria-labelledby="two-step">
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
    </section>`;

/** The change of password (for an account that has one: not one made by single sign-on). */
const passwordSection = () =>
  html`<section aria-labelledby="password">
      <h2 id="password">Password</h2>
      <form method="post" action="/account/password">
        ${fieldHtml({ name: "current", label: "Current password", type: "password", value: "", autocomplete: "current-password" })}
        ${fieldHtml({ name: "password", label: "New password (at least 10 characters)", type: "password", value: "", autocomplete: "new-password" })}
        <button type="submit">Change the password</button>
      </form>
    </section>`;

/** "Where you're signed in": the account's own sessions. */
const sessionsSection = (mine: SessionSummary[], current: string) => html`<section aria-labelledby="where">
      <h2 id="where">Where you're signed in</h2>
      ${sessionTable("Your sessions, the most recently used first", mine, current)}
      ${mine.length > 1 ? html`<form method="post" action="/account/sessions/end-others"><button type="submit" class="secondary">End all other sessions</button></form>` : html`<p>Only this browser is signed in.</p>`}
    </section>`;

/** Everyone's sessions, for a publisher, who may end them. */
const everyonesSection = (others: SessionSummary[], current: string) =>
  html`<section aria-labelledby="everyone">
      <h2 id="everyone">Everyone's sessions</h2>
      ${others.length > 0 ? sessionTable("The other people's sessions (as a publisher you can end them)", others, current, { who: true }) : html`<p>Nobody else is signed in.</p>`}
    </section>`;

/** One row per session, with End but for this browser's; `who`: the person's column too. */
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

/** A table of sessions, scrollable from the keyboard (a region with a tab stop). */
const sessionTable = (caption: string, list: SessionSummary[], current: string, { who = false } = {}) =>
  html`<div class="table" role="region" aria-label="${caption}" tabindex="0"><table>
        <caption>${caption}</caption>
        <thead><tr>${who ? html`<th scope="col">Person</th>` : ""}<th scope="col">Browser</th><th scope="col">Address</th><th scope="col">Signed in</th><th scope="col">Last used</th><th scope="col"><span class="visually-hidden">End</span></th></tr></thead>
        <tbody>${sessionRows(list, current, { who })}</tbody>
      </table></div>`;

/** The setup of two-step codes: the QR code (`svg`) and the text secret, then the first code to turn them on. */
export const twoStepBody = (secret: string, { svg, uri }: { svg: string; uri: string }, message: string) =>
  html`    <p class="back"><a href="/account">Back to your sign-in</a></p>
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

/** The recovery codes, shown once: after two-step codes are turned on (`first`) or new ones are made. */
export const recoveryBody = (codes: string[], first: boolean) =>
  html`    <h1>Your recovery codes</h1>
    <p role="status">${first ? "Two-step codes are on. Your other sessions were ended." : "New recovery codes were made: the old ones no longer work."}</p>
    <p>If you lose your phone, each of these codes signs you in once instead of a code from the app. <strong>They are shown only now</strong>: print them or keep them in your password manager.</p>
    <ul class="codes" aria-label="Recovery codes">${codes.map((c) => html`<li><code>${c}</code></li>`)}</ul>
    <p><a class="button" href="/account">I have kept them</a></p>`;
