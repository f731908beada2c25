import { createReadStream, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { ByteSource } from '../shared/ports';

const HIGH_WATER_MARK = 1024 * 1024;

/**
 * A ByteSource over a file: its size is read now, and each open() is a new read stream (a real Node
 * stream, in 1 MiB chunks), so memory stays constant whatever the file's size.
 */
export function fileSource(path: string, name: string = basename(path)): ByteSource {
  const size = statSync(path).size;
  return {
    size,
    name,
    open: () => createReadStream(path, { highWaterMark: HIGH_WATER_MARK }),
  };
}
