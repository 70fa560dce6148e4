/** The "Keyboard shortcuts" dialog (? or the toolbar's ? button): every shortcut the builder has, from ../shortcuts.ts. */
import { memo } from "react";
import { useModal } from "./useModal";
import { SHORTCUT_LIST } from "./shortcuts";
import { DialogTop } from "./DialogTop";

export const ShortcutsDialog = memo(function ShortcutsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const dialog = useModal(open);
  return (
    <dialog ref={dialog} aria-labelledby="shortcuts-title" className="ed-dialog m-auto w-[min(36rem,calc(100vw-2rem))]" onClose={onClose}>
      <DialogTop id="shortcuts-title" title="Keyboard shortcuts" error={null} onClose={onClose} />
      <p className="mb-3 text-sm text-slate-700">
        Delete, Backspace and ? work when the focus is not in a text field; the others work everywhere in the builder, the canvas included.
      </p>
      <table className="w-full text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">What they do</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUT_LIST.map(({ keys, what }) => (
            <tr key={what} className="border-t border-slate-200">
              <td className="py-1.5 pr-4 align-top whitespace-nowrap">
                {keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && <span className="text-slate-600"> or </span>}
                    <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs">{k}</kbd>
                  </span>
                ))}
              </td>
              <td className="py-1.5 text-slate-800">{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </dialog>
  );
});
