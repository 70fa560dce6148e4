/**
 * A picture field's Upload: a file from the computer, stored in public/media/ at once, refused
 * above the upload limit; what happens is said beside it (a status the file input names).
 */
import { type ChangeEvent, useRef, useState } from "react";
import { api, type Uploaded } from "../api-client";

export function PictureUpload({
  id,
  status,
  uploadLimit,
  onUploaded,
}: {
  /** The field's id: the file input's is `${id}_upload`. */
  id: string;
  /** The id of the line that says how the upload goes. */
  status: string;
  uploadLimit: number;
  onUploaded(uploaded: Uploaded): void;
}) {
  const [uploading, setUploading] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    if (file.size > uploadLimit) {
      setUploading(`"${file.name}" is too large (${(file.size / 1024 / 1024).toFixed(1)} MB): the limit is ${Math.round(uploadLimit / 1024 / 1024)} MB.`);
      if (fileInput.current) fileInput.current.value = "";
      return;
    }
    setUploading(`Uploading ${file.name}…`);
    try {
      const uploaded = await api.upload(file);
      onUploaded(uploaded);
      setUploading(`Uploaded as ${uploaded.src}.`);
    } catch (err) {
      setUploading((err as Error).message);
    } finally {
      if (fileInput.current) fileInput.current.value = "";
    }
  };
  return (
    <>
      {/* The input is visually hidden; its label is the button people see, and shows the input's focus (peer). */}
      <input
        ref={fileInput}
        id={`${id}_upload`}
        type="file"
        accept="image/*"
        className="peer sr-only"
        aria-describedby={status}
        onChange={(e) => void onFile(e)}
      />
      <label
        htmlFor={`${id}_upload`}
        className="inline-block cursor-pointer rounded-md bg-slate-100 px-2 py-1 text-xs font-medium text-slate-800 ring-1 ring-slate-300 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-600 hover:bg-slate-200"
      >
        Upload a picture…
      </label>
      <span id={status} role="status" className="text-xs text-slate-700">
        {uploading}
      </span>
    </>
  );
}
