import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { Accounts, passwordMatches } from "../../server/studio/accounts";

const dirs: string[] = [];
const accounts = () => {
  const dir = mkdtempSync(join(tmpdir(), "studio-accounts-"));
  dirs.push(dir);
  return new Accounts(join(dir, "studio", "accounts.json"));
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("studio accounts", () => {
  test("a password is stored as a scrypt hash with its own salt, in a file only its owner reads", async () => {
    const a = accounts();
    await a.add("Asha@Example.com", "Asha Rao", "editor", "correct horse battery");
    await a.add("ravi@example.com", "Ravi", "publisher", "correct horse battery");
    const text = readFileSync(a.file, "utf8");
    expect(text).not.toContain("correct horse");
    const [asha, ravi] = a.list();
    expect(asha).toMatchObject({ email: "asha@example.com", name: "Asha Rao", role: "editor" });
    expect(asha?.password).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(asha?.password).not.toBe(ravi?.password);
    expect(statSync(a.file).mode & 0o777).toBe(0o600);
    expect(await passwordMatches("correct horse battery", asha?.password ?? "")).toBe(true);
  });

  test("sign-in checks: the right password, not a wrong one, not an unknown account", async () => {
    const a = accounts();
    await a.add("asha@example.com", "Asha", "editor", "correct horse battery");
    expect((await a.verify("ASHA@example.com ", "correct horse battery"))?.email).toBe("asha@example.com");
    expect(await a.verify("asha@example.com", "wrong horse battery")).toBeNull();
    expect(await a.verify("nobody@example.com", "correct horse battery")).toBeNull();
  });

  test("refused: a short password, one holding the address, a role that is none, an account twice", async () => {
    const a = accounts();
    await expect(a.add("asha@example.com", "Asha", "editor", "short")).rejects.toThrow("at least 10 characters");
    await expect(a.add("asha@example.com", "Asha", "editor", "asha-is-my-password")).rejects.toThrow("must not contain the e-mail address");
    await expect(a.add("asha@example.com", "Asha", "owner" as never, "correct horse battery")).rejects.toThrow('"editor" or "publisher"');
    await a.add("asha@example.com", "Asha", "editor", "correct horse battery");
    await expect(a.add("asha@example.com", "Asha", "editor", "correct horse battery")).rejects.toThrow("already an account");
  });

  test("an invitation: a one-time link that sets the password, then is used up", async () => {
    const a = accounts();
    const { token } = await a.add("ravi@example.com", "Ravi", "publisher");
    expect(token).toMatch(/^[\w-]{32}$/);
    expect(readFileSync(a.file, "utf8")).not.toContain(token as string);
    expect(await a.verify("ravi@example.com", "anything at all")).toBeNull();
    expect(a.invited(token as string)?.email).toBe("ravi@example.com");
    await a.accept(token as string, "a long new password");
    expect((await a.verify("ravi@example.com", "a long new password"))?.role).toBe("publisher");
    await expect(a.accept(token as string, "another long password")).rejects.toThrow("not valid any more");
  });

  test("remove and reset", async () => {
    const a = accounts();
    await a.add("asha@example.com", "Asha", "editor", "correct horse battery");
    await a.reset("asha@example.com", "a different long one");
    expect(await a.verify("asha@example.com", "correct horse battery")).toBeNull();
    a.remove("asha@example.com");
    expect(a.list()).toEqual([]);
    expect(() => a.remove("asha@example.com")).toThrow("no account");
  });
});
