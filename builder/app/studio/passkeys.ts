/**
 * The studio's sign-in pages' one script (served as /studio-assets/passkeys.js; the pages are plain
 * HTML under a policy with no inline script): signing in with a passkey, alone or as the second step,
 * and adding one on "Your sign-in" (studio/account-pages.ts), with @simplewebauthn/browser. Without
 * it, or in a browser without passkeys, the buttons stay hidden and everything else works.
 */
import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";

function say(text: string) {
  const message = document.querySelector<HTMLElement>("[data-message]");
  if (!message) return;
  message.setAttribute("role", "alert");
  message.textContent = text;
  message.hidden = false;
}

/** A POST of JSON to the studio; its answer, or its error in words. */
async function post<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = (await res.json().catch(() => ({}))) as T & { error?: string };
  if (!res.ok) throw new Error(data.error ?? `The studio answered ${res.status}: try again.`);
  return data;
}

/** What the browser's refusal means, in words. */
function inWords(err: unknown): string {
  if (err instanceof WebAuthnError || (err instanceof Error && err.name === "NotAllowedError")) {
    const name = err instanceof WebAuthnError ? ((err.cause as Error | undefined)?.name ?? err.name) : err.name;
    if (name === "NotAllowedError" || (err as WebAuthnError).code === "ERROR_CEREMONY_ABORTED")
      return "No passkey was used: it was cancelled or timed out, or this device has no passkey for this studio. Try again, or sign in another way.";
    if ((err as WebAuthnError).code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return "This device's passkey is already one of yours.";
    if (name === "SecurityError") return "The browser refused: this page's address is not the studio's own address (STUDIO_ORIGIN).";
  }
  return err instanceof Error ? err.message : String(err);
}

function signIn(button: HTMLButtonElement) {
  button.hidden = false;
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const { options } = await post<{ options: Parameters<typeof startAuthentication>[0]["optionsJSON"] }>("/sign-in/passkey/options", {});
      const response = await startAuthentication({ optionsJSON: options });
      const { next } = await post<{ next: string }>("/sign-in/passkey", { response, next: button.dataset.next ?? "/__edit" });
      location.assign(next);
    } catch (err) {
      say(inWords(err));
      button.disabled = false;
    }
  });
}

function add(form: HTMLFormElement) {
  const button = form.querySelector<HTMLButtonElement>("[data-passkey-add-button]");
  const name = form.querySelector<HTMLInputElement>("input[name='passkey-name']");
  if (!button || !name) return;
  button.disabled = false;
  form.querySelector<HTMLElement>("[data-passkey-unsupported]")?.setAttribute("hidden", "");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    button.disabled = true;
    try {
      const { options } = await post<{ options: Parameters<typeof startRegistration>[0]["optionsJSON"] }>("/account/passkeys/options", {});
      const response = await startRegistration({ optionsJSON: options });
      const { next } = await post<{ next: string }>("/account/passkeys", { name: name.value, response });
      location.assign(next);
    } catch (err) {
      say(`The passkey was not added: ${inWords(err)}`);
      button.disabled = false;
    }
  });
}

if (browserSupportsWebAuthn()) {
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-passkey-sign-in], [data-passkey-second-step]")) signIn(button);
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-passkey-add]")) add(form);
}
