// A search box that writes to the URL a moment after typing stops, not on every key.
import { Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';

const DEBOUNCE_MS = 350;

type Props = {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
  clearLabel: string;
};

export function SearchField({ value, onChange, placeholder, label, clearLabel }: Props) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The last value this box wrote. It comes back as `value` once the URL has changed, which can be after the person
  // has typed more (a pause longer than the debounce, then more letters, on a slow phone): that is not news and
  // must not wipe the newer letters.
  const [sent, setSent] = useState<string | null>(null);
  if (shown !== value) {
    setShown(value);
    // A new value from outside (the URL, a "clear filters" button) replaces what is typed.
    if (value !== sent) setText(value);
  }
  const send = (next: string) => {
    setSent(next);
    onChange(next);
  };
  useEffect(() => {
    const next = text.trim();
    if (next === value) return;
    const timer = setTimeout(() => {
      setSent(next);
      onChange(next);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <div className="relative">
      <Search
        aria-hidden
        className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-white/40"
      />
      <input
        type="search"
        aria-label={label}
        value={text}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') send(text.trim());
        }}
        className="w-full rounded-full border border-night-700 bg-night-900 py-2.5 pl-10 pr-10 text-sm text-white placeholder:text-white/40 focus:border-neon-500 focus:outline-none focus:ring-2 focus:ring-neon-500/30 [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <button
          type="button"
          aria-label={clearLabel}
          onClick={() => {
            setText('');
            send('');
          }}
          className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full p-1.5 text-white/50 hover:bg-white/10 hover:text-white"
        >
          <X aria-hidden className="size-4" />
        </button>
      )}
    </div>
  );
}
