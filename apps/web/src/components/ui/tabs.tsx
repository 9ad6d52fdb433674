// Tabs that switch what one panel shows (a list's sections, an inbox's open and handled messages), built to the
// WAI-ARIA tabs pattern: a named role="tablist" of role="tab" buttons, the selected one aria-selected and the only
// one in the Tab order (roving tabindex), so Tab goes from the strip straight into the panel; the arrow keys move to
// the previous or next tab (wrapping round), Home and End to the first and last, and moving selects (the panels
// are cheap to show, so there is no separate "activate" step). `TabPanel` is the role="tabpanel" the tabs control,
// named by the selected tab; the two share an id from useId() so the page need not make one up.
//
// `pills` is a row of separate rounded buttons that scrolls sideways on a phone; `segmented` is a compact switch
// of two or three options inside one rounded frame; `switch` is the same frame at full size, for a page's main
// choice (the tickets' coming and past nights). Every class is written out whole so Tailwind finds it.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { focusRing } from '../focus-ring.ts';

export type TabItem<T extends string> = {
  value: T;
  // The tab's name; a function gets whether the tab is selected, for a part drawn differently then (a count).
  label: ReactNode | ((selected: boolean) => ReactNode);
};

const LOOKS = {
  pills: {
    list: 'flex gap-2 overflow-x-auto pb-1',
    tab: 'inline-flex shrink-0 items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition',
    on: 'border-neon-500 bg-neon-600 text-white shadow-[0_0_18px_-4px] shadow-neon-500',
    off: 'border-night-700 bg-night-900 text-white/70 hover:text-white',
  },
  switch: {
    list: 'inline-flex rounded-full border border-night-700 bg-night-900 p-1',
    tab: 'rounded-full px-5 py-2 text-sm font-semibold transition',
    on: 'bg-neon-600 text-white',
    off: 'text-white/70 hover:text-white',
  },
  segmented: {
    list: 'inline-flex gap-1 rounded-full border border-white/10 p-1',
    tab: 'rounded-full px-3 py-1 text-xs font-semibold transition',
    on: 'bg-neon-600 text-white',
    off: 'text-white/70 hover:text-white',
  },
} as const;

export const tabId = (id: string, value: string) => `${id}-tab-${value}`;
export const tabPanelId = (id: string) => `${id}-panel`;

type TabsProps<T extends string> = {
  // Shared with the TabPanel; useId() gives one.
  id: string;
  label: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (value: T) => void;
  look?: keyof typeof LOOKS;
  // Adds to the strip's look: a margin, the bleed to the screen's edge on a phone.
  className?: string;
};

export function Tabs<T extends string>({
  id,
  label,
  tabs,
  selected,
  onSelect,
  look = 'pills',
  className,
}: TabsProps<T>) {
  const buttons = useRef(new Map<T, HTMLButtonElement>());
  const style = LOOKS[look];
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.value === selected);
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index <= 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    const next = tabs[target]!.value;
    buttons.current.get(next)?.focus();
    if (next !== selected) onSelect(next);
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      aria-orientation="horizontal"
      className={className ? `${style.list} ${className}` : style.list}
    >
      {tabs.map(({ value, label: name }) => {
        const on = value === selected;
        return (
          <button
            key={value}
            ref={(element) => {
              if (element) buttons.current.set(value, element);
              else buttons.current.delete(value);
            }}
            type="button"
            role="tab"
            id={tabId(id, value)}
            aria-selected={on}
            aria-controls={tabPanelId(id)}
            tabIndex={on ? 0 : -1}
            onClick={() => onSelect(value)}
            onKeyDown={onKeyDown}
            className={`${style.tab} ${on ? style.on : style.off} ${focusRing}`}
          >
            {typeof name === 'function' ? name(on) : name}
          </button>
        );
      })}
    </div>
  );
}

type TabPanelProps<T extends string> = {
  id: string;
  selected: T;
  children: ReactNode;
  className?: string;
};

// The panel of the selected tab. It is focusable, as the pattern asks, so a keyboard reaches a panel that holds
// nothing focusable (an empty list) straight from the tabs.
export function TabPanel<T extends string>({ id, selected, children, className }: TabPanelProps<T>) {
  return (
    <div
      id={tabPanelId(id)}
      role="tabpanel"
      aria-labelledby={tabId(id, selected)}
      tabIndex={0}
      className={className ? `${focusRing} ${className}` : focusRing}
    >
      {children}
    </div>
  );
}
