// Decodes HEIC photos to RGBA in a worker thread, one after another: libheif in WebAssembly takes up to a few
// seconds for a phone photo, and the server's event loop keeps answering everyone else meanwhile.
import { parentPort } from 'node:worker_threads';
import decode from 'heic-decode';

type Job = { id: number; input: Uint8Array };

let queue: Promise<void> = Promise.resolve();

parentPort!.on('message', (job: Job) => {
  queue = queue.then(async () => {
    try {
      const image = await decode({ buffer: job.input });
      parentPort!.postMessage(
        { id: job.id, ok: true, width: image.width, height: image.height, data: image.data },
        [image.data.buffer as ArrayBuffer],
      );
    } catch (error) {
      parentPort!.postMessage({
        id: job.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  });
});
