/** A file written so that a crash leaves the old version or the new one, never half of either: a temporary file, flushed, renamed, the folder flushed. */
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { randomBytes } from "node:crypto";

export function writeFileDurably(file: string, data: string | Buffer, mode = 0o644): void {
  const temporary = join(dirname(file), `.${randomBytes(6).toString("hex")}.tmp`);
  try {
    const fd = openSync(temporary, "w", mode);
    try {
      writeSync(fd, typeof data === "string" ? Buffer.from(data) : data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
    const folder = openSync(dirname(file), "r");
    try {
      fsyncSync(folder);
    } finally {
      closeSync(folder);
    }
  } finally {
    rmSync(temporary, { force: true });
  }
}
