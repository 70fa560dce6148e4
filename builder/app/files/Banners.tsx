/** Above the canvas: unsaved edits kept in this browser to bring back, or a conflict with the disk to resolve. */
import type { DescribeOptions } from "../../shared/describe";
import type { KeptEdits } from "./useKeptEdits";
import type { Action, Doc, State } from "../state/types";
import { ConflictBanner } from "./ConflictBanner";
import { RecoveryBanner } from "./RecoveryBanner";
import type { Tone } from "../shell/types";

export interface BannersProps {
  doc: Doc;
  conflict: State["conflict"];
  kept: { offer: KeptEdits | null; dismiss(): void; taken(): void };
  options: DescribeOptions;
  fieldName(path: string[]): string;
  dispatch(action: Action): void;
  announce(text: string, tone?: Tone): void;
}

export function Banners({ doc, conflict, kept, options, fieldName, dispatch, announce }: BannersProps) {
  const act = (action: Action, said: string) => {
    dispatch(action);
    announce(said, "ok");
  };
  if (conflict)
    return (
      <ConflictBanner
        doc={doc}
        disk={conflict.disk}
        options={options}
        fieldName={fieldName}
        onMerge={() => act({ type: "merge" }, "Merged: both sets of changes are in the file; Save writes them.")}
        onKeepMine={() => act({ type: "keep-mine" }, "Your version is kept: Save writes it.")}
        onTakeDisk={() => act({ type: "take-disk" }, "The disk's version is open; Ctrl+Z brings your edits back.")}
      />
    );
  const offer = kept.offer;
  if (!offer) return null;
  return (
    <RecoveryBanner
      kept={offer}
      options={options}
      onRestore={() => {
        kept.taken();
        act(
          { type: "restore", base: { hash: offer.hash, value: offer.saved }, value: offer.value, disk: { hash: doc.hash, value: doc.saved } },
          "Your unsaved edits are back.",
        );
      }}
      onDismiss={kept.dismiss}
    />
  );
}
