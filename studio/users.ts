/**
 * What `npm run studio -- user ...` does to the accounts, in one place for both ways it runs: inside
 * the running studio, asked over its control socket (control.ts), so that its sessions end at once
 * in the process that holds them; or on the files directly when no studio runs.
 */
import { type Account, type Accounts, canAnswerEnquiries, type Role } from "./accounts.ts";
import type { ActivityLog } from "./activity.ts";

export interface SessionOwner {
  /** Ends every session of the account; how many there were. */
  endFor(email: string): number;
}

export interface UserSummary {
  email: string;
  name: string;
  role: Role;
  invited: boolean;
  /** Sees and answers the enquiries (the inbox). */
  enquiries: boolean;
}

export type UserCommand =
  | { command: "list" }
  | { command: "add"; email: string; name: string; role: Role; password?: string; enquiries?: boolean }
  | { command: "reset"; email: string; password?: string }
  | { command: "update"; email: string; name?: string; role?: Role; enquiries?: boolean }
  | { command: "remove"; email: string };

export interface UserAnswer {
  /** What to print, in plain words. */
  said: string;
  users?: UserSummary[];
  /** The invitation link, when one was made. */
  link?: string;
  /** Sessions ended by the command. */
  ended?: number;
}

const INVITE_DAYS = 7;

/** ", who answers the enquiries" / ", who does not see the enquiries". */
const enquiriesWords = (account: Account) => (canAnswerEnquiries(account) ? ", who answers the enquiries" : ", who does not see the enquiries");

/** Runs one user command; `origin` is the address the studio is opened at (for invitation links). */
/** Account changes go to the studio's activity log ("command line" as who); listing does not. */
export async function runUserCommand(c: UserCommand, accounts: Accounts, sessions: SessionOwner, origin: string, activity?: ActivityLog): Promise<UserAnswer> {
  const answer = await userCommand(c, accounts, sessions, origin);
  if (c.command !== "list") {
    const { password: _, ...details } = c as UserCommand & { password?: string };
    activity?.record("command line", `account.${c.command}`, { ...details, ...(answer.ended ? { ended: answer.ended } : {}) });
  }
  return answer;
}

async function userCommand(c: UserCommand, accounts: Accounts, sessions: SessionOwner, origin: string): Promise<UserAnswer> {
  const link = (token: string | null) => (token ? `${origin}/invite/${token}` : undefined);
  const invitation = (url: string | undefined) =>
    url ? `Send this link to them: it lets them choose their password, once, within ${INVITE_DAYS} days.\n  ${url}` : "They can sign in now.";
  const ended = (email: string) => sessions.endFor(email.trim().toLowerCase());
  const sessionsEnded = (n: number) => (n === 1 ? "1 session ended" : `${n} sessions ended`);
  switch (c.command) {
    case "list": {
      const users = accounts
        .list()
        .map((a: Account) => ({ email: a.email, name: a.name, role: a.role, invited: !a.password && !a.sso, enquiries: canAnswerEnquiries(a) }));
      return {
        users,
        said:
          users.length === 0
            ? "No account yet. Add one: npm run studio -- user add you@example.com --role publisher"
            : users
                .map(
                  (u) =>
                    `${u.email.padEnd(32)} ${u.role.padEnd(10)} ${(u.enquiries ? "enquiries" : "").padEnd(10)} ${u.name}${u.invited ? "  (invited, not signed in yet)" : ""}`,
                )
                .join("\n"),
      };
    }
    case "add": {
      const { token } = await accounts.add(c.email, c.name, c.role, c.password, c.enquiries);
      const url = link(token);
      const added = accounts.find(c.email);
      return {
        link: url,
        said: `Added ${c.email} as ${c.role === "editor" ? "an editor" : "a publisher"}${added ? enquiriesWords(added) : ""}. ${invitation(url)}`,
      };
    }
    case "reset": {
      const { token, cleared } = await accounts.reset(c.email, c.password, { clearFactors: true });
      const n = ended(c.email);
      const url = link(token);
      const factors = cleared.length > 0 ? `\nSecond factors removed: ${cleared.join(" and ")}; they can set them up again once signed in.` : "";
      return {
        link: url,
        ended: n,
        said: `${c.email}: ${token ? "a new invitation" : "new password set"}; ${sessionsEnded(n)}. ${invitation(url)}${factors}`,
      };
    }
    case "update": {
      const account = accounts.update(c.email, { name: c.name, role: c.role, enquiries: c.enquiries });
      // The enquiries flag is read on every request: it alone ends no session.
      const n = c.name !== undefined || c.role !== undefined ? ended(c.email) : 0;
      return {
        ended: n,
        said: `${account.email} is now ${account.name}, ${account.role === "editor" ? "an editor" : "a publisher"}${enquiriesWords(account)}; ${sessionsEnded(n)}.`,
      };
    }
    case "remove": {
      accounts.remove(c.email);
      const n = ended(c.email);
      return { ended: n, said: `Removed ${c.email}; ${sessionsEnded(n)}.` };
    }
  }
}
