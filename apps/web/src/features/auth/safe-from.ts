// `from` comes from the address bar: only a path inside the app is followed, never another site.
export function safeFrom(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
