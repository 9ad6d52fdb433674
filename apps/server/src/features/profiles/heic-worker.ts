// Decodes one HEIC photo to RGBA in a worker thread: libheif in WebAssembly takes a second or more for a phone
// photo, and the server's event loop keeps answering everyone else meanwhile.
import { parentPort, workerData } from 'node:worker_threads';
import decode from 'heic-decode';

const input = workerData as Uint8Array;
try {
  const image = await decode({ buffer: input });
  parentPort!.postMessage({ ok: true, width: image.width, height: image.height, data: image.data }, [image.data.buffer as ArrayBuffer]);
} catch (error) {
  parentPort!.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
