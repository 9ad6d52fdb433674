// The text input and textarea classes every form shares. An input marked aria-invalid (its field shows an error)
// gets a red border, so the field in error is visible before its message is read.
import { focusRing } from '../focus-ring.ts';

const control = `w-full rounded-xl border border-white/10 bg-night-800 px-3 text-white placeholder:text-white/30 aria-[invalid=true]:border-flame-500 ${focusRing}`;

export const inputClass = `h-11 ${control}`;
export const textareaClass = `min-h-24 py-2 ${control}`;
