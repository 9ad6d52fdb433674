import { useEffect } from 'react';

// The tab title of a catalogue page; the server already sends the same title in the HTML of shared links, and
// setting it again (the same text) costs a phone a title change all the same.
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title && document.title !== title) document.title = title;
  }, [title]);
}
