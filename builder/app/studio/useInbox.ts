/**
 * The inbox while it is open: the search, the list it finds (asked again as the search changes and
 * when the studio says the inbox changed), the enquiry opened, and the changes made to it. Closing
 * it forgets what was shown: personal data stays on screen only while someone reads it.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { Enquiry, EnquirySummary, FollowUp, InboxList, InboxQuery } from "../../shared/inbox";
import { api, isAbort } from "../api-client";
import { subscribe } from "../shell/changes-feed";

/** The search as the form holds it: days as the date fields give them (YYYY-MM-DD, this computer's time zone). */
export interface SearchForm {
  q: string;
  status: FollowUp | "all";
  from: string;
  to: string;
}

export const NO_SEARCH: SearchForm = { q: "", status: "all", from: "", to: "" };

/** The search as the API takes it: a day's start and end as instants. */
export function toQuery(form: SearchForm): InboxQuery {
  const day = (value: string, end: boolean) => (value ? new Date(`${value}T${end ? "23:59:59.999" : "00:00:00"}`).toISOString() : undefined);
  return { q: form.q.trim() || undefined, status: form.status, from: day(form.from, false), to: day(form.to, true) };
}

const SEARCH_DELAY_MS = 250;

/** What the list shows of where an enquiry stands. */
const stateKey = (e: EnquirySummary) => `${e.id}|${e.delivery.state}|${e.status}|${e.assignee?.email ?? ""}`;

export function useInbox(open: boolean, me: string) {
  const [search, setSearch] = useState<SearchForm>(NO_SEARCH);
  const [list, setList] = useState<InboxList | null>(null);
  const [detail, setDetail] = useState<Enquiry | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chosen = useRef<string | null>(null);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setList(await api.enquiries(toQuery(search), signal));
        setError(null);
      } catch (err) {
        if (!isAbort(err)) setError((err as Error).message);
      }
    },
    [search],
  );

  const choose = useCallback(async (id: string) => {
    chosen.current = id;
    try {
      const enquiry = await api.enquiry(id);
      if (chosen.current === id) setDetail(enquiry);
      setError(null);
    } catch (err) {
      setError((err as Error).message);
      setDetail(null);
    }
  }, []);

  useEffect(() => {
    if (!open) {
      chosen.current = null;
      setDetail(null);
      setList(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => void load(controller.signal), SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, load]);

  // Someone else changed the inbox (or the site server did): the list again, and the open enquiry if it was that one.
  useEffect(() => {
    if (!open) return;
    return subscribe((event, data) => {
      if (event !== "enquiries") return;
      void load();
      const { changed, by } = (data ?? {}) as { changed?: string; by?: string };
      if (changed && changed === chosen.current && by !== me) void choose(changed);
    });
  }, [open, load, choose, me]);

  // The list says the open enquiry moved on (sent after Send again, say, or another person's change): it is read again,
  // once for each state the list shows (the list may be older than the enquiry just saved).
  const row = list?.enquiries.find((e) => e.id === detail?.id);
  const rowKey = row ? stateKey(row) : null;
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!rowKey || !detail || rowKey === stateKey(detail) || handled.current === rowKey) return;
    handled.current = rowKey;
    void choose(detail.id);
  }, [rowKey, detail, choose]);

  /** Saves a change of the open enquiry's follow-up; true once saved. */
  const change = useCallback(
    async (update: { status?: FollowUp; assignee?: string | null; note?: string }) => {
      if (!detail) return false;
      try {
        setDetail(await api.followUp(detail.id, update));
        setError(null);
        void load();
        return true;
      } catch (err) {
        setError((err as Error).message);
        return false;
      }
    },
    [detail, load],
  );

  const sendAgain = useCallback(async () => {
    if (!detail) return;
    try {
      await api.sendAgain(detail.id);
      await choose(detail.id);
      void load();
    } catch (err) {
      setError((err as Error).message);
    }
  }, [detail, choose, load]);

  return { search, setSearch, list, detail, error, setError, choose, change, sendAgain, reload: load };
}
