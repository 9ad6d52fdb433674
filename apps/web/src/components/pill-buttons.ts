// The rounded action buttons of people's pages (connect, message, edit profile, unblock).
import { focusRing } from './focus-ring.ts';

export const primaryButton = `inline-flex h-10 whitespace-nowrap items-center justify-center gap-2 rounded-full bg-neon-600 px-4 text-sm font-semibold text-white shadow-[0_0_18px_-6px] shadow-neon-500 transition hover:bg-neon-700 disabled:opacity-50 ${focusRing}`;
export const secondaryButton = `inline-flex h-10 whitespace-nowrap items-center justify-center gap-2 rounded-full border border-white/15 px-4 text-sm font-semibold text-white/80 transition hover:border-neon-500/60 hover:text-white disabled:opacity-50 ${focusRing}`;
