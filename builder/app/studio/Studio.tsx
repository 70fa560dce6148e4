/** What the studio adds to the builder: its bar (account, drafts not published, Enquiries, History, Publish, Sign out) and the Publish, History and inbox dialogs. */
import { useState } from "react";
import type { DescribeOptions } from "../../shared/describe";
import type { useStudio } from "./useStudio";
import type { Json } from "../state/types";
import type { EditorProblem, EditorState } from "../api-client";
import { ActivityDialog } from "./ActivityDialog";
import { PreviewDialog } from "./PreviewDialog";
import { ReviewDialog } from "./ReviewDialog";
import { HistoryDialog } from "./HistoryDialog";
import { InboxDialog } from "./InboxDialog";
import { PublishDialog } from "./PublishDialog";
import { StudioBar } from "./StudioBar";

export interface StudioProps {
  studio: ReturnType<typeof useStudio>;
  path: string;
  /** What a person calls the open file: "Page /about-us". */
  title: string;
  current: Json;
  options: DescribeOptions;
  /** The site's advice (warnings) as last checked: shown before a publish. */
  advice: EditorProblem[];
  /** The site as the builder has it (a review renders pages with it). */
  site: EditorState;
  onRestored(): void;
}

export function Studio({ studio, path, title, current, options, advice, site, onRestored }: StudioProps) {
  const [open, setOpen] = useState<"publish" | "history" | "activity" | "review" | "preview" | "inbox" | null>(null);
  // The publish a review started: the Publish dialog shows it even when it ended before the dialog looked.
  const [followed, setFollowed] = useState<string | null>(null);
  const { status } = studio;
  // A dialog's close event comes after the next one is chosen (Publish from a review): only the dialog open now closes.
  const closing = (which: typeof open) => () => setOpen((now) => (now === which ? null : now));
  if (!status) return null;
  return (
    <>
      <StudioBar
        status={status}
        here={studio.others.filter((e) => e.path === path).map((e) => e.name)}
        onHistory={() => setOpen("history")}
        onActivity={() => setOpen("activity")}
        onReview={() => setOpen("review")}
        onPreview={() => setOpen("preview")}
        onPublish={() => setOpen("publish")}
        onInbox={() => setOpen("inbox")}
      />
      <PreviewDialog open={open === "preview"} status={status} onClose={closing("preview")} />
      <ReviewDialog
        open={open === "review"}
        status={status}
        path={path}
        title={title}
        site={site}
        onPublish={(file) => {
          setOpen("publish");
          void studio.startPublish({}, [file]).then(setFollowed);
        }}
        onClose={closing("review")}
      />
      <ActivityDialog open={open === "activity"} path={path} title={title} publisher={status.account.role === "publisher"} onClose={closing("activity")} />
      {status.enquiries && <InboxDialog open={open === "inbox"} me={status.account.email} onClose={closing("inbox")} />}
      <PublishDialog
        open={open === "publish"}
        status={status}
        advice={advice}
        steps={studio.steps}
        path={path}
        onPublish={studio.startPublish}
        followed={followed}
        onClose={closing("publish")}
      />
      <HistoryDialog
        open={open === "history"}
        path={path}
        title={title}
        current={current}
        options={options}
        canRestore={status.account.role === "publisher"}
        onClose={closing("history")}
        onRestored={() => {
          setOpen(null);
          onRestored();
        }}
      />
    </>
  );
}
