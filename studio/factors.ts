/**
 * Second factors, with kept libraries: two-step codes (RFC 6238, otpauth), each accepted once;
 * recovery codes, stored as SHA-256 (they are random, not chosen: a slow hash buys nothing); and
 * passkeys (WebAuthn, @simplewebauthn/server), whose relying party is the studio's own origin
 * (STUDIO_ORIGIN): a passkey made for another site, or an answer relayed from one, is refused.
 */
import { createHash, randomBytes, randomInt } from "node:crypto";
import { isIP } from "node:net";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { Account, Factors, Passkey } from "./accounts.ts";

const PERIOD = 30;

/** The passkeys' library, loaded at the first passkey asked for, not at start (docs/performance.md: the studio's start). */
const webauthn = () => import("@simplewebauthn/server");

export const noFactors = (): Factors => ({ handle: randomBytes(16).toString("base64url"), passkeys: [], totp: null, recovery: [] });

/** The account's factors, made empty on first use. */
export const factorsOf = (account: Account): Factors => {
  account.factors ??= noFactors();
  return account.factors;
};

// --- Two-step codes -------------------------------------------------------------------------

const totp = (secret: string, label = "") =>
  new TOTP({ issuer: "Studio", label, algorithm: "SHA1", digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** What the phone's app reads: the otpauth:// address, and it as a QR code (SVG, no script). */
export async function totpSetup(secret: string, label: string, issuer: string) {
  const t = new TOTP({ issuer, label, algorithm: "SHA1", digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });
  const uri = t.toString();
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { uri, svg };
}

/** The secret in groups of four, as people type it. */
export const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

export type CodeCheck = { ok: true; step: number } | { ok: false; why: "wrong" | "used" };

/**
 * A code checked against the secret, one step either side (a phone's clock a little off); a code of
 * a step at or before the last one accepted is refused as used: the same code twice, or an older one
 * after a newer, is a replay.
 */
export function checkCode(secret: string, code: string, lastStep: number, now = Date.now()): CodeCheck {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return { ok: false, why: "wrong" };
  const delta = totp(secret).validate({ token, timestamp: now, window: 1 });
  if (delta === null) return { ok: false, why: "wrong" };
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  return step <= lastStep ? { ok: false, why: "used" } : { ok: true, step };
}

// --- Recovery codes ------------------------------------------------------------------------

const RECOVERY_COUNT = 10;
/** No 0/O, 1/l/I: read off paper. */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

const hashCode = (code: string) =>
  createHash("sha256")
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ""))
    .digest("base64url");

/** Ten new recovery codes ("abcde-fghjk", 50 bits each): shown once, kept as hashes. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map(hashCode) };
}

/** Uses up a recovery code: true when it was one of the account's (now removed). */
export function spendRecoveryCode(factors: Factors, code: string): boolean {
  const hash = hashCode(code);
  const at = factors.recovery.indexOf(hash);
  if (at < 0) return false;
  factors.recovery.splice(at, 1);
  return true;
}

export const looksLikeRecoveryCode = (code: string) => /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code.trim());

// --- Passkeys --------------------------------------------------------------------------------

export interface RelyingParty {
  /** The studio's origin (STUDIO_ORIGIN). */
  origin: string;
  /** Its host name: the relying party id. */
  id: string;
}

export const relyingParty = (origin: string): RelyingParty => ({ origin, id: new URL(origin).hostname });

/** Browsers take a name as a relying party, never an IP address: a studio opened at one offers no passkeys. */
export const passkeysUsable = (rp: RelyingParty) => isIP(rp.id.replace(/^\[|\]$/g, "")) === 0;

export async function registrationOptions(rp: RelyingParty, account: Account) {
  const factors = factorsOf(account);
  return (await webauthn()).generateRegistrationOptions({
    rpName: "Studio",
    rpID: rp.id,
    userName: account.email,
    userDisplayName: account.name,
    userID: Buffer.from(factors.handle, "base64url"),
    attestationType: "none",
    excludeCredentials: factors.passkeys.map((p) => ({ id: p.id, transports: p.transports })),
    // Discoverable: the passkey alone signs in, without typing the e-mail address first.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
}

/** The new passkey, or why not in plain words. */
export async function registeredPasskey(rp: RelyingParty, challenge: string, response: RegistrationResponseJSON, name: string): Promise<Passkey | string> {
  try {
    const { verified, registrationInfo } = await (await webauthn()).verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!verified) return "The passkey could not be checked: try again.";
    const { credential } = registrationInfo;
    return {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
      added: new Date().toISOString(),
      used: null,
    };
  } catch (err) {
    return `The passkey was not added: ${plainWebAuthnError(err as Error)}`;
  }
}

/** Options for a sign-in with a passkey: any of this studio's (passkey alone), or the account's (second step). */
export async function authenticationOptions(rp: RelyingParty, account?: Account) {
  return (await webauthn()).generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: account ? (account.factors?.passkeys ?? []).map((p) => ({ id: p.id, transports: p.transports })) : [],
    userVerification: account ? "preferred" : "required",
  });
}

/** Checks a passkey's answer against the passkey it names; its new counter, or why not in plain words. */
export async function checkPasskey(
  rp: RelyingParty,
  challenge: string,
  response: AuthenticationResponseJSON,
  passkey: Passkey,
  { alone }: { alone: boolean },
): Promise<{ counter: number } | string> {
  try {
    const { verified, authenticationInfo } = await (await webauthn()).verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: passkey.id, publicKey: Buffer.from(passkey.publicKey, "base64url"), counter: passkey.counter },
      // Alone, the passkey is both factors: the device must have checked that it is its owner (PIN, fingerprint).
      requireUserVerification: alone,
    });
    return verified ? { counter: authenticationInfo.newCounter } : "The passkey's answer could not be checked.";
  } catch (err) {
    return plainWebAuthnError(err as Error);
  }
}

/** The library's message, for the person: the cases that happen in words, the others as they are. */
function plainWebAuthnError(err: Error): string {
  const m = err.message;
  if (/origin/i.test(m)) return "It was made for another site or address than this studio's, so it cannot sign in here.";
  if (/RP ID/i.test(m)) return "It belongs to another site than this studio, so it cannot sign in here.";
  if (/challenge/i.test(m)) return "The request was too old or not this browser's: try again.";
  if (/user verif/i.test(m)) return "The device did not check that it is you (a PIN or fingerprint): a passkey alone needs that.";
  if (/counter/i.test(m)) return "This passkey's counter went backwards, which a copied passkey does: it was refused.";
  return m;
}

/** The passkey, and its account, that an answer names (sign-in with a passkey alone). */
export function findPasskey(accounts: Account[], response: AuthenticationResponseJSON): { account: Account; passkey: Passkey } | null {
  for (const account of accounts) {
    if (response.response.userHandle && account.factors?.handle !== response.response.userHandle) continue;
    const passkey = account.factors?.passkeys.find((p) => p.id === response.id);
    if (passkey) return { account, passkey };
  }
  return null;
}
