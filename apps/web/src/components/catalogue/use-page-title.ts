import { useEffect } from 'react';

// The tab title of a catalogue page; the server already sends the same title in the HTML of shared links.
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
