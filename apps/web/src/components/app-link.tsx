// A link inside the app: an <a href> the router follows without reloading the page. It is React Router's Link
// for what the app uses of it (a path, replace, state, reloadDocument, target), at a fraction of its cost: Link
// runs about fifteen hooks each time it draws (resolving a relative path against the matched routes, prefetching,
// view transitions), and the first seconds of a page on a phone paid for them in every nav row, card and chip
// (total blocking time). This one reads one context and draws the anchor.
import { useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { UNSAFE_DataRouterContext, UNSAFE_NavigationContext } from 'react-router';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  // An absolute path within the app ("/eventos/…", with its query or hash if any).
  to: string;
  // Replaces the current history entry; by default only a link to the page already shown does.
  replace?: boolean;
  state?: unknown;
  // A plain link: the browser loads the page itself.
  reloadDocument?: boolean;
};

// What the browser should handle itself: a new tab or window, a download, another button.
const leftToBrowser = (event: MouseEvent<HTMLAnchorElement>, target: string | undefined) =>
  event.defaultPrevented ||
  event.button !== 0 ||
  event.metaKey ||
  event.altKey ||
  event.ctrlKey ||
  event.shiftKey ||
  (target !== undefined && target !== '_self');

export function AppLink({ to, replace, state, reloadDocument, onClick, target, ...rest }: Props) {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (reloadDocument || leftToBrowser(event, target)) return;
    event.preventDefault();
    const { pathname, search, hash } = window.location;
    const same = replace ?? to === pathname + search + hash;
    if (router) void router.navigate(to, { replace: same, state });
    else if (same) navigator.replace(to, state);
    else navigator.push(to, state);
  };
  // The content comes with the other props (children).
  // eslint-disable-next-line jsx-a11y/anchor-has-content
  return <a {...rest} href={to} target={target} onClick={follow} />;
}
