import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { Accounts, passwordMatches } from "../../studio/accounts";

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
    await expect(a.add("asha@example.com", "Asha", "editor", "asha-is-my-password")).rejects.toThrow(
      'The password must not contain "asha", the part of the e-mail address before the @.',
    );
    await expect(a.add("ed@example.com", "Ed", "editor", "my ed@example.com pass")).rejects.toThrow("must not contain the e-mail address");
    await expect(a.add("asha@example.com", "Asha", "owner" as never, "correct horse battery")).rejects.toThrow('"editor" or "publisher"');
    await a.add("asha@example.com", "Asha", "editor", "correct horse battery");
    await expect(a.add("asha@example.com", "Asha", "editor", "correct horse battery")).rejects.toThrow("already an account");
  });

  test("the password rule says what it refuses: a mailbox part of four letters or more; a short one is no rule", async () => {
    const a = accounts();
    await a.add("ed@example.com", "Ed", "editor", "Red-Bicycle-42");
    expect((await a.verify("ed@example.com", "Red-Bicycle-42"))?.email).toBe("ed@example.com");
  });

  test("names that would forge a commit's author are refused when added or changed, with the reason", async () => {
    const a = accounts();
    await expect(a.add("asha@example.com", "Asha <Marketing>", "editor", "correct horse battery")).rejects.toThrow("must not contain < or >");
    await expect(a.add("eve@example.com", "Eve\nName <root@x>", "editor", "correct horse battery")).rejects.toThrow("on one line");
    await expect(a.add("eve@example.com", " ", "editor", "correct horse battery")).rejects.toThrow("The name is empty");
    await expect(a.add("eve<x>@example.com", "Eve", "editor", "correct horse battery")).rejects.toThrow("is not an e-mail address");
    await a.add("asha@example.com", "Asha Rao", "editor", "correct horse battery");
    expect(() => a.update("asha@example.com", { name: "Asha\u0000" })).toThrow("on one line");
    expect(a.update("asha@example.com", { name: "Asha R." }).name).toBe("Asha R.");
  });

  test("a reset, a new role or a new name gives the account a new version (its sessions are over)", async () => {
    const a = accounts();
    await a.add("asha@example.com", "Asha", "editor", "correct horse battery");
    const versions = [a.find("asha@example.com")?.version];
    await a.reset("asha@example.com", "a different long one");
    versions.push(a.find("asha@example.com")?.version);
    a.update("asha@example.com", { role: "publisher" });
    versions.push(a.find("asha@example.com")?.version);
    expect(new Set(versions).size).toBe(3);
    expect(versions.every((v) => typeof v === "string" && v.length >= 12)).toBe(true);
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
