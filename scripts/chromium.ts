// Debian's Chromium, as the journeys and the browser benches start it: no sandbox (root in CI), and none of
// the background connections this machine's closed network would refuse.
import fs from 'node:fs';

// Debian's headless shell (package chromium-headless-shell) when it is installed, the whole browser otherwise. The
// shell is Chromium's engine without the browser around it, the one Playwright itself runs headless: no browser
// interface drawn in renderers of its own, and none of the extensions Debian's /usr/bin/chromium wrapper loads. Two
// journey files took 62 s and 44 CPU-seconds with it against 88 s and 55 CPU-seconds with /usr/bin/chromium.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

// Chromium shares memory between its processes through /dev/shm. A container's is often 64 MB, too small for it,
// and then it must write that memory to files in /tmp instead (--disable-dev-shm-usage), which costs system time
// and disk writes: on this 2-core machine two journey files took 68 CPU-seconds with the switch and 62 without.
// The switch is given only where /dev/shm is under 1 GiB (or missing).
const SHM_ENOUGH_BYTES = 1024 ** 3;
function devShmIsSmall(): boolean {
  try {
    const { bsize, blocks } = fs.statfsSync('/dev/shm');
    return bsize * blocks < SHM_ENOUGH_BYTES;
  } catch {
    return true;
  }
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  ...(devShmIsSmall() ? ['--disable-dev-shm-usage'] : []),
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
