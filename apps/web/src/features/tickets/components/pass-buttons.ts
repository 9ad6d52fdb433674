// The buttons and links of the white ticket pass, drawn dark on white where the app's Button (made for the night
// background) would not show: `passButton` is outlined, `passButtonStrong` is filled with the night colour.
export const passButton =
  'inline-flex items-center justify-center gap-2 rounded-xl border border-night-950/15 px-4 py-3 text-sm font-semibold text-night-950 hover:bg-night-950/5 outline-none focus-visible:ring-2 focus-visible:ring-neon-600 disabled:opacity-40';

export const passButtonStrong =
  'inline-flex items-center justify-center gap-2 rounded-xl bg-night-950 px-4 py-3 text-sm font-semibold text-white hover:bg-night-950/90 outline-none focus-visible:ring-2 focus-visible:ring-neon-600 focus-visible:ring-offset-2 disabled:opacity-60';
